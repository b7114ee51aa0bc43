import DynamicType

/// One run of an attributed label text (SPEC, "Attributed text"): its text, with `${path}`
/// placeholders, and the typography that differs from its label's. A member left nil takes the
/// label's own; `baselineOffset` is the run's alone.
public struct TextRunSpec: Sendable, Hashable {
    /// Text, with `${path}` placeholders.
    public var text: String
    /// Name of a font in the document's `fonts` (nil: the label's).
    public var font: String?
    /// Point size (nil, with no `textStyle`: the label's size or style).
    public var size: Double?
    /// A Dynamic Type style whose size at the list's category is the run's size.
    public var textStyle: FontTextStyle?
    /// A style the run's size scales with (nil: the label's `relativeTo`).
    public var relativeTo: FontTextStyle?
    /// Points added after every character of the run (nil: the label's `kern`).
    public var kern: Double?
    /// Points the run is raised above the baseline (negative: lowered).
    public var baselineOffset: Double
    /// OpenType feature settings replacing the label's (nil: the label's `features`).
    public var features: [String]?

    /// A run of `text` that differs from its label only where a member is given.
    public init(_ text: String, font: String? = nil, size: Double? = nil, textStyle: FontTextStyle? = nil,
                relativeTo: FontTextStyle? = nil, kern: Double? = nil, baselineOffset: Double = 0,
                features: [String]? = nil) {
        self.text = text
        self.font = font
        self.size = size
        self.textStyle = textStyle
        self.relativeTo = relativeTo
        self.kern = kern
        self.baselineOffset = baselineOffset
        self.features = features
    }

    /// The run's `size`, `textStyle` and `relativeTo` once the label's fill the gaps: a run
    /// giving `size` or `textStyle` sizes itself (keeping the label's `relativeTo` for a `size`
    /// unless it names its own); a run giving neither takes the label's size or style.
    public func sizing(in label: LabelSpec) -> (size: Double, textStyle: FontTextStyle?, relativeTo: FontTextStyle?) {
        if let textStyle { return (size ?? label.size, textStyle, relativeTo) }
        if let size { return (size, nil, relativeTo ?? label.relativeTo) }
        return (label.size, label.textStyle, relativeTo ?? label.relativeTo)
    }
}

extension TextRunSpec: ExpressibleByStringLiteral {
    /// A run in the label's own typography (`"replied to "` in an array of runs).
    public init(stringLiteral value: String) { self.init(value) }
}

/// Builds the runs of `ViewSpec.label(_:runs:)` one per line: `TextRunSpec` values, plain
/// strings (runs in the label's typography), `if`, `for` and arrays.
@resultBuilder
public enum TextRunBuilder {
    /// A run.
    public static func buildExpression(_ run: TextRunSpec) -> [TextRunSpec] { [run] }
    /// A run in the label's own typography.
    public static func buildExpression(_ text: String) -> [TextRunSpec] { [TextRunSpec(text)] }
    /// Several runs.
    public static func buildExpression(_ runs: [TextRunSpec]) -> [TextRunSpec] { runs }
    /// The runs in order.
    public static func buildBlock(_ parts: [TextRunSpec]...) -> [TextRunSpec] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ parts: [TextRunSpec]?) -> [TextRunSpec] { parts ?? [] }
    /// The `if` branch.
    public static func buildEither(first parts: [TextRunSpec]) -> [TextRunSpec] { parts }
    /// The `else` branch.
    public static func buildEither(second parts: [TextRunSpec]) -> [TextRunSpec] { parts }
    /// A `for` loop.
    public static func buildArray(_ parts: [[TextRunSpec]]) -> [TextRunSpec] { parts.flatMap { $0 } }
}

extension TextRunSpec: Encodable {
    private enum CodingKeys: String, CodingKey {
        case text, font, size, textStyle, relativeTo, kern, baselineOffset, features
    }

    /// Encodes the run object cells.json reads (members left nil, and a 0 `baselineOffset`, left
    /// out), so that an item holding `[TextRunSpec]` becomes a row whose whole-placeholder label
    /// shows those runs.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(font, forKey: .font)
        try container.encodeIfPresent(size, forKey: .size)
        try container.encodeIfPresent(textStyle?.rawValue, forKey: .textStyle)
        try container.encodeIfPresent(relativeTo?.rawValue, forKey: .relativeTo)
        try container.encodeIfPresent(kern, forKey: .kern)
        if baselineOffset != 0 { try container.encode(baselineOffset, forKey: .baselineOffset) }
        try container.encodeIfPresent(features, forKey: .features)
    }

    /// The run as cells.json's run object.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["text": .string(text)]
        if let font { object["font"] = .string(font) }
        if let size { object["size"] = .number(size) }
        if let textStyle { object["textStyle"] = .string(textStyle.rawValue) }
        if let relativeTo { object["relativeTo"] = .string(relativeTo.rawValue) }
        if let kern { object["kern"] = .number(kern) }
        if baselineOffset != 0 { object["baselineOffset"] = .number(baselineOffset) }
        if let features { object["features"] = .array(features.map { .string($0) }) }
        return .object(object)
    }

    /// `runs` as a row value: the array of run objects a label whose text is one `${path}` reads
    /// as its runs (docs/cells-format.md, "Attributed text").
    public static func rowValue(_ runs: [TextRunSpec]) -> JSONValue {
        .array(runs.map(\.jsonValue))
    }
}
