import CTextKernels

/// The font table the C text kernels read for one font stack: a `tl_font` record and a serial
/// number (the faces' key in the C caches) per face, and each face's line metrics, made once per
/// stack so measuring a text builds nothing.
///
/// Holds the faces (and so keeps alive the HarfBuzz fonts its records point to). Immutable.
final class KernelFontTable: @unchecked Sendable {
    /// The primary face followed by the fallbacks.
    let faces: [FontFace]
    /// A hash of the faces' identities, precomputed for == and hashing.
    let identityHash: UInt64
    /// One record per face, in stack order.
    let fonts: UnsafeMutableBufferPointer<tl_font>
    /// The faces' serial numbers, the stack's key in the C caches.
    let serials: UnsafeMutableBufferPointer<UInt64>
    /// Per face, in em: ascender, descender (negative) and line gap, read without touching the
    /// FontFace objects (no reference counting per line).
    let metrics: UnsafeMutableBufferPointer<(ascender: Double, descender: Double, lineGap: Double)>
    /// Whether a face has a `trak` table, so its texts are measured with the tracking at their
    /// size (through the attributed path, which adds it per cluster).
    let hasTracking: Bool

    init(_ faces: [FontFace]) {
        self.faces = faces
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15
        for face in faces {
            hash = (hash ^ UInt64(UInt(bitPattern: ObjectIdentifier(face).hashValue))) &* 0x100_0000_01B3
        }
        identityHash = hash
        hasTracking = faces.contains { $0.hasTracking }
        fonts = .allocate(capacity: max(1, faces.count))
        serials = .allocate(capacity: max(1, faces.count))
        metrics = .allocate(capacity: max(1, faces.count))
        for (i, face) in faces.enumerated() {
            fonts[i] = tl_font(hb_font: UnsafeMutableRawPointer(face.hbFont),
                               inverse_upem: 1 / Double(face.unitsPerEm),
                               is_color: face.isColor ? 1 : 0,
                               bmp: UnsafePointer(face.bmpCoverage),
                               units_per_em: Int32(face.unitsPerEm),
                               joint_classes: UnsafePointer(face.jointClasses))
            serials[i] = face.serial
            metrics[i] = (face.emAscender, face.emDescender, face.emLineGap)
        }
    }

    deinit {
        fonts.deallocate()
        serials.deallocate()
        metrics.deallocate()
    }
}
