import CHarfBuzz

/// One variation axis of a variable font (`fvar`): its tag and range in the axis's own units.
public struct FontAxis: Sendable, Hashable {
    /// The four-letter tag (`wght`, `wdth`, `opsz`, `slnt`, ...).
    public var tag: String
    /// The smallest, default and largest values the font defines.
    public var minimum: Double
    public var defaultValue: Double
    public var maximum: Double

    /// `value` kept within the axis's range, as Core Text and CSS clamp a requested value.
    public func clamp(_ value: Double) -> Double { min(max(value, minimum), maximum) }
}

/// A value set on one axis of a font instance.
public struct FontVariation: Sendable, Hashable {
    /// The axis tag.
    public var tag: String
    /// The value, within the axis's range.
    public var value: Double

    /// A variation from its parts.
    public init(tag: String, value: Double) {
        self.tag = tag
        self.value = value
    }
}

extension FontAxis {
    /// The axes of `face` (an `hb_face_t`), in `fvar` order; empty for a font that is not variable.
    static func axes(of face: OpaquePointer) -> [FontAxis] {
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        count = hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        return infos.prefix(Int(count)).map { info in
            FontAxis(tag: FontAxis.text(of: info.tag), minimum: Double(info.min_value),
                     defaultValue: Double(info.default_value), maximum: Double(info.max_value))
        }
    }

    /// The four characters of an OpenType tag.
    static func text(of tag: hb_tag_t) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
    }

    /// The OpenType tag of up to four characters (padded with spaces, as HarfBuzz pads them).
    static func tag(of text: String) -> hb_tag_t {
        let bytes = Array(text.utf8.prefix(4))
        return hb_tag_from_string(bytes.map { CChar(bitPattern: $0) }, Int32(bytes.count))
    }
}
