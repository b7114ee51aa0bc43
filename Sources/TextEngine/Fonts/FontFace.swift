import CHarfBuzz
import CTextKernels
import Foundation
import Synchronization

/// Serial numbers for loaded faces: the C segment cache names faces by them, and unlike an
/// object's address a serial is never reused by a later face.
private let faceSerials = Atomic<UInt64>(1)

/// One face of a font file (TTF, OTF, or TTC with a face index), loaded once and immutable; for a
/// variable font, one instance of it (its variation values), and optionally shaped with
/// OpenType features of its own.
///
/// Shaping uses HarfBuzz's OpenType functions at a scale of one unit per font unit, so results
/// are unhinted and exact; point sizes scale them linearly. Each face (each instance) has its own
/// serial, so the shaping caches never give one instance's advances to another.
public final class FontFace: Sendable, Hashable, CustomStringConvertible {
    /// The file the face came from.
    public let path: String
    /// The face's index inside the file (0 for TTF/OTF).
    public let faceIndex: Int
    /// The font's units per em.
    public let unitsPerEm: Int
    /// Whether the face draws color glyphs (CBDT/sbix PNG, COLR or SVG): an emoji font.
    public let isColor: Bool
    /// The face's variation axes (`fvar`), empty for a font that is not variable.
    public let axes: [FontAxis]
    /// The values this instance sets, clamped to their axes, in axis order (axes left out keep
    /// their defaults).
    public let variations: [FontVariation]
    /// The OpenType feature settings it is shaped with, as given (`tnum`, `-liga`, `ss01=1`).
    public let features: [String]

    /// An immutable `hb_font_t` (safe to shape with from several threads).
    nonisolated(unsafe) let hbFont: OpaquePointer
    /// Bit c set when the face maps BMP character c: coverage without a cmap lookup.
    nonisolated(unsafe) let bmpCoverage: UnsafeMutablePointer<UInt64>
    /// Per BMP character, the classes of the contextual lookups its glyph is in (64 KiB,
    /// `tl_fill_bmp_joint_classes`): two neighbours with none in common need no joint shaping.
    nonisolated(unsafe) let jointClasses: UnsafeMutablePointer<UInt8>
    /// This face's serial number, unique in the process.
    let serial: UInt64
    /// The normal horizontal tracking of the face's `trak` table, nil without a usable one.
    let trackingTable: FontTracking?
    /// Whether the face has an `opsz` axis its variations leave unset, so that each point size
    /// is measured at that optical size (Core Text's automatic optical size).
    public let followsOpticalSize: Bool
    /// Instances of this face with other features or at an optical size, made once each.
    private let instances = Mutex<[InstanceKey: FontFace]>([:])

    /// What an instance made from this face changes: its features, or its optical size.
    private struct InstanceKey: Hashable {
        var features: [String]
        var opticalSize: Double?
    }
    /// Horizontal extents in em: ascender, descender (negative), line gap.
    let emAscender: Double
    let emDescender: Double
    let emLineGap: Double

    /// Loads face `faceIndex` of the font file at `path`, as the instance at `variations` (axis tag
    /// to value, each clamped to its axis's range) shaped with `features` (HarfBuzz's feature
    /// syntax); the error names the file and reason (a tag the face has no axis for, a feature
    /// HarfBuzz cannot read).
    public init(path: String, faceIndex: Int = 0, variations: [String: Double] = [:],
                features: [String] = []) throws(FontError) {
        self.path = path
        self.faceIndex = faceIndex
        self.features = features
        func fail(_ kind: FontError.Kind, _ reason: String) -> FontError {
            FontError(kind, path: path, faceIndex: faceIndex, reason: reason)
        }
        let blob: OpaquePointer
        do { blob = try FontFace.mapBlob(path: path) } catch { throw fail(FontError.Kind(error), error.reason) }
        defer { hb_blob_destroy(blob) }
        let faceCount = Int(hb_face_count(blob))
        guard faceCount > 0 else { throw fail(.notAFont, "not a TrueType/OpenType font file") }
        guard faceIndex >= 0, faceIndex < faceCount else {
            throw fail(.noSuchFace, "face index \(faceIndex) out of range (the file has \(faceCount) face\(faceCount == 1 ? "" : "s"))")
        }
        guard let fileFace = hb_face_create(blob, UInt32(faceIndex)) else { throw fail(.notAFont, "cannot create a face") }
        defer { hb_face_destroy(fileFace) }
        let trak = hb_face_reference_table(fileFace, FontAxis.tag(of: "trak"))
        defer { hb_blob_destroy(trak) }
        var trakLength: UInt32 = 0
        let trakData = hb_blob_get_data(trak, &trakLength)
        trackingTable = trakData.flatMap { FontTracking(table: UnsafeRawBufferPointer(start: $0, count: Int(trakLength))) }
        // Tracking depends on the point size and shaping does not (advances in em): a face with a
        // `trak` table is shaped without it, so that no HarfBuzz applies it (6.0 does at a set
        // `ptem`; 10.3 and later at 12 pt even without one, and offer no feature to turn it off).
        guard let face = trakLength > 0 ? FontFace.faceHidingTrak(fileFace) : hb_face_reference(fileFace) else {
            throw fail(.notAFont, "cannot create a face")
        }
        defer { hb_face_destroy(face) }
        let upem = Int(hb_face_get_upem(face))
        guard hb_face_get_glyph_count(face) > 0, upem > 0 else {
            throw fail(.notAFont, "the font has no glyphs (damaged or not a font)")
        }
        let axes = FontAxis.axes(of: face)
        var applied: [FontVariation] = []
        for tag in variations.keys.sorted() where !axes.contains(where: { $0.tag == tag }) {
            let known = axes.isEmpty ? "the font is not variable" : "its axes are " + axes.map(\.tag).joined(separator: ", ")
            throw fail(.noSuchAxis, "no variation axis \"\(tag)\" (\(known))")
        }
        for axis in axes {
            if let value = variations[axis.tag], value.isFinite { applied.append(FontVariation(tag: axis.tag, value: axis.clamp(value))) }
        }
        var parsed: [hb_feature_t] = []
        for feature in features {
            var setting = hb_feature_t()
            let bytes = Array(feature.utf8).map { CChar(bitPattern: $0) }
            guard !bytes.isEmpty, hb_feature_from_string(bytes, Int32(bytes.count), &setting) != 0 else {
                throw fail(.badFeature, "feature \"\(feature)\" is not an OpenType feature setting (tnum, -liga, ss01=1)")
            }
            parsed.append(setting)
        }
        guard let font = hb_font_create(face) else { throw fail(.notAFont, "cannot create a font") }
        hb_ot_font_set_funcs(font)
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        if !applied.isEmpty {
            let settings = applied.map { hb_variation_t(tag: FontAxis.tag(of: $0.tag), value: Float($0.value)) }
            hb_font_set_variations(font, settings, UInt32(settings.count))
        }
        if !applied.isEmpty || !parsed.isEmpty {
            guard tl_font_set_shaping(UnsafeMutableRawPointer(font), parsed, Int32(parsed.count)) == 0 else {
                hb_font_destroy(font)
                throw fail(.notAFont, "out of memory")
            }
        }
        hb_font_make_immutable(font)
        self.axes = axes
        self.variations = applied
        followsOpticalSize = axes.contains { $0.tag == "opsz" } && variations["opsz"] == nil

        var extents = hb_font_extents_t()
        let scale = 1 / Double(upem)
        if hb_font_get_h_extents(font, &extents) != 0 {
            emAscender = Double(extents.ascender) * scale
            emDescender = Double(extents.descender) * scale
            emLineGap = Double(extents.line_gap) * scale
        } else {
            // HarfBuzz's own fallback for a font without horizontal extents.
            emAscender = 0.8
            emDescender = -0.2
            emLineGap = 0
        }
        unitsPerEm = upem
        isColor = hb_ot_color_has_png(face) != 0 || hb_ot_color_has_layers(face) != 0
            || hb_ot_color_has_svg(face) != 0
        bmpCoverage = .allocate(capacity: 1024)
        tl_fill_bmp_coverage(UnsafeMutableRawPointer(face), bmpCoverage)
        jointClasses = .allocate(capacity: 65536)
        tl_fill_bmp_joint_classes(UnsafeMutableRawPointer(face), jointClasses)
        hbFont = font
        serial = faceSerials.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// This face (the same file, face index and variations) shaped with `features` in place of
    /// its own: made once per feature list and kept with this face, so every label asking for
    /// the same features shares one face and its cache entries. Throws for a feature HarfBuzz
    /// cannot read.
    public func withFeatures(_ features: [String]) throws(FontError) -> FontFace {
        if features == self.features { return self }
        return try instance(InstanceKey(features: features, opticalSize: nil))
    }

    /// This face at optical size `size` (the `opsz` axis set to the point size, clamped to the
    /// axis) when it `followsOpticalSize`, else this face: as Core Text sets `opsz` from the
    /// point size of a font whose variations leave it unset. Made once per size and kept.
    public func withOpticalSize(_ size: Double) -> FontFace {
        guard followsOpticalSize, size.isFinite else { return self }
        // This file loaded once already with these settings, so loading it again can only fail
        // for want of memory; the face stays at its default optical size then.
        return (try? instance(InstanceKey(features: features, opticalSize: size))) ?? self
    }

    /// The instance `key` describes, made once and kept with this face.
    private func instance(_ key: InstanceKey) throws(FontError) -> FontFace {
        if let made = instances.withLock({ $0[key] }) { return made }
        var values: [String: Double] = [:]
        for variation in variations { values[variation.tag] = variation.value }
        if let size = key.opticalSize { values["opsz"] = size }
        let made = try FontFace(path: path, faceIndex: faceIndex, variations: values, features: key.features)
        return instances.withLock { kept in
            if let raced = kept[key] { return raced }
            kept[key] = made
            return made
        }
    }

    /// Whether the face has a `trak` table with horizontal tracking that `tracking(atPointSize:)`
    /// reads (false without one, or for one HarfBuzz's sanitizer would reject).
    public var hasTracking: Bool { trackingTable != nil }

    /// The points added after each character at `size` points by the face's `trak` table (its
    /// normal track, interpolated between the table's sizes and held at its first and last: see
    /// `FontTracking`); 0 without a table, and for a size that is not a positive finite number.
    public func tracking(atPointSize size: Double) -> Double {
        guard let trackingTable, size.isFinite, size > 0 else { return 0 }
        return trackingTable.units(atPointSize: size) * size / Double(unitsPerEm)
    }

    /// A face reading the tables of `face` except `trak`, which it does not have.
    private static func faceHidingTrak(_ face: OpaquePointer) -> OpaquePointer? {
        hb_face_create_for_tables({ _, tag, source in
            // 'trak' (HarfBuzz's tags are big-endian packed characters).
            tag == 0x7472_616B ? nil : hb_face_reference_table(OpaquePointer(source), tag)
        }, UnsafeMutableRawPointer(hb_face_reference(face)), { source in
            hb_face_destroy(OpaquePointer(source))
        })
    }

    /// The largest font file loaded: 256 MiB, several times the largest real font collections
    /// (a CJK super collection is about 120 MB) and inside HarfBuzz's 32-bit blob lengths.
    public static let maximumFileSize = 1 << 28

    /// The file mapped read-only as a HarfBuzz blob (unmapped when HarfBuzz lets it go). The
    /// file is checked first: a regular file (a FIFO would block and a device never end) of at
    /// most `maximumFileSize` bytes.
    static func mapBlob(path: String) throws(RegularFileError) -> OpaquePointer {
        let file = try RegularFile(path: path, limit: maximumFileSize)
        guard file.size > 0 else { return hb_blob_get_empty() }
        guard let base = mmap(nil, file.size, PROT_READ, MAP_PRIVATE, file.descriptor, 0), base != MAP_FAILED else {
            throw .cannotOpen(String(cString: strerror(errno)))
        }
        // HarfBuzz calls the destroy function with only a pointer: it carries the mapping's size.
        let mapping = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        mapping[0] = Int(bitPattern: base)
        mapping[1] = file.size
        guard let blob = hb_blob_create_or_fail(base.assumingMemoryBound(to: CChar.self), UInt32(file.size),
                                                HB_MEMORY_MODE_READONLY_MAY_MAKE_WRITABLE, mapping, { pointer in
            guard let mapping = pointer?.assumingMemoryBound(to: Int.self) else { return }
            munmap(UnsafeMutableRawPointer(bitPattern: mapping[0]), mapping[1])
            mapping.deallocate()
        }) else {
            // HarfBuzz has called the destroy function already.
            throw .cannotOpen("cannot map the file")
        }
        return blob
    }

    deinit {
        hb_font_destroy(hbFont)
        bmpCoverage.deallocate()
        jointClasses.deallocate()
    }

    /// Ascender, descender, line gap and line height at `size` points (hhea, or OS/2 typo
    /// metrics when the font sets USE_TYPO_METRICS, as HarfBuzz reports them).
    public func metrics(size: Double) -> FontMetrics {
        FontMetrics(ascender: emAscender * size, descender: emDescender * size, lineGap: emLineGap * size)
    }

    /// "PATH#INDEX", then `@tag=value` per variation and `+feature` per feature.
    public var description: String {
        var text = faceIndex == 0 ? path : "\(path)#\(faceIndex)"
        for variation in variations { text += "@\(variation.tag)=\(variation.value)" }
        for feature in features { text += "+\(feature)" }
        return text
    }

    /// Faces are equal only when they are the same loaded object.
    public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }

    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
