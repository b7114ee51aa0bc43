import CellsFormat
/// `${path}` interpolation and `hidden` rules: how a template reads a row's JSON (SPEC section 2).
enum RowBinding {
    /// `text` with every `${path}` replaced by the row's value at that dotted path (missing: empty;
    /// an array of scalars: its elements joined by spaces). An unclosed `${` is kept as written.
    static func interpolate(_ text: String, with row: JSONValue) throws(RowValueError) -> String {
        try TextTemplate(text).render(row)
    }

    /// A dimension's points for this row: a literal, or the row's number (or numeric string) at
    /// the path (missing or null: 0); NaN for a value that is no size (see `points(_:)`).
    static func points(_ dimension: DimensionSpec, in row: JSONValue) -> Double {
        switch dimension {
        case .fixed(let v):
            return LayoutLimits.isSize(v) ? v : .nan
        case .path(let path):
            return points(at: RowPath(path), in: row)
        }
    }

    /// The row's number (or numeric string) at `path`, as `points(_:in:)` reads a `${path}` size.
    static func points(at path: RowPath, in row: JSONValue) -> Double {
        points(path.value(in: row)?.sizeNumber)
    }

    /// A row's number read as points: missing counts as 0; a value that is not a size in
    /// `LayoutLimits` (the wrong kind, NaN, negative, infinite or too large) is NaN, which the
    /// layout reports as an error of the row, never a height.
    @inline(__always)
    static func points(_ value: Double?) -> Double {
        guard let value else { return 0 }
        return LayoutLimits.isSize(value) ? value : .nan
    }

    /// The error for a row whose value at `path` is not a size: what it holds and what was expected.
    static func sizeError(at path: RowPath, in row: RowInput, for what: String) -> RowValueError {
        let found: String
        switch row.value(at: path) {
        case .number(let n)?: found = formatNumber(n)
        case .string(let s)?: found = JSONText.excerpt(s)
        case .bool(let b)?: found = b ? "true" : "false"
        case .array?: found = "an array"
        case .object?: found = "an object"
        case .null?, nil: found = "nothing"
        }
        return RowValueError(path: path.text,
                             message: "\(what) must be a size in \(LayoutLimits.sizeRangeText), found \(found)")
    }
}

/// A row value that a template cannot use (a size that is no number of points, a `${path}`
/// naming an object): where in the row (a dotted path) and what is wrong.
struct RowValueError: Error {
    var path: String
    var message: String

    /// The error as the row reports it: its path relative to the row.
    var layoutError: LayoutError { LayoutError(path: path, message: message) }
}

/// A `HiddenSpec` with its path split once, for the per-row visibility mask.
enum HiddenRule: Sendable {
    case always(Bool)
    case whenTrue(RowPath)
    case whenFalse(RowPath)

    init(_ spec: HiddenSpec, hints: MemberHints? = nil) {
        switch spec {
        case .always(let hidden): self = .always(hidden)
        case .whenTrue(let path): self = .whenTrue(RowPath(path, hints: hints))
        case .whenFalse(let path): self = .whenFalse(RowPath(path, hints: hints))
        }
    }

    /// Whether the view is hidden for `row`, as `HiddenSpec.isHidden(in:)`.
    func isHidden(in row: RowInput) -> Bool {
        switch self {
        case .always(let hidden): return hidden
        case .whenTrue(let path): return row.value(at: path)?.isTruthy ?? false
        case .whenFalse(let path): return !(row.value(at: path)?.isTruthy ?? false)
        }
    }
}

extension HiddenSpec {
    /// Whether the view is hidden for this row: `key` hides when the value is present and true,
    /// `!key` when it is missing, false or empty.
    func isHidden(in row: JSONValue) -> Bool {
        switch self {
        case .always(let hidden): return hidden
        case .whenTrue(let path): return row.value(atPath: Substring(path))?.isTruthy ?? false
        case .whenFalse(let path): return !(row.value(atPath: Substring(path))?.isTruthy ?? false)
        }
    }
}
