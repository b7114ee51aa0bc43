import CTextKernels

/// A stack's faces as the C kernels take them (`tl_font` records and face serial numbers),
/// made once per stack so measuring a text builds nothing.
///
/// Holds raw pointers into the stack's faces; the FontStack that owns it keeps them alive.
final class KernelFonts: @unchecked Sendable {
    /// One record per face, in stack order.
    let fonts: UnsafeMutableBufferPointer<tl_font>
    /// The faces' serial numbers, the stack's key in the C caches.
    let serials: UnsafeMutableBufferPointer<UInt64>

    init(_ faces: [FontFace]) {
        fonts = .allocate(capacity: max(1, faces.count))
        serials = .allocate(capacity: max(1, faces.count))
        for (i, face) in faces.enumerated() {
            fonts[i] = tl_font(hb_font: UnsafeMutableRawPointer(face.hbFont),
                               inverse_upem: 1 / Double(face.unitsPerEm),
                               is_color: face.isColor ? 1 : 0,
                               bmp: UnsafePointer(face.bmpCoverage),
                               units_per_em: Int32(face.unitsPerEm))
            serials[i] = face.serial
        }
    }

    deinit {
        fonts.deallocate()
        serials.deallocate()
    }
}
