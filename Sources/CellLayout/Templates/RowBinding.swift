import CellsFormat
/// `${path}` interpolation and `hidden` rules: how a template reads a row's JSON (SPEC section 2).
enum RowBinding {
    /// `text` with every `${path}` replaced by the row's value at that dotted path (missing: empty).
    /// An unclosed `${` is kept as written.
    static func interpolate(_ text: String, with row: JSONValue) -> String {
        TextTemplate(text).render(row)
    }

    /// A dimension's points for this row: a literal, or the row's number (or numeric string) at the
    /// path; missing or non-numeric values count as 0, negative ones too.
    static func points(_ dimension: DimensionSpec, in row: JSONValue) -> Double {
        switch dimension {
        case .fixed(let v):
            return v.isFinite ? max(0, v) : 0
        case .path(let path):
            return points(at: RowPath(path), in: row)
        }
    }

    /// The row's number (or numeric string) at `path`, as `points(_:in:)` reads a `${path}` size.
    static func points(at path: RowPath, in row: JSONValue) -> Double {
        points(path.value(in: row)?.sizeNumber)
    }

    /// A row's number read as points: missing, non-finite and negative values count as 0.
    @inline(__always)
    static func points(_ value: Double?) -> Double {
        guard let value, value.isFinite else { return 0 }
        return max(0, value)
    }
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
    func isHidden(in row: JSONValue) -> Bool {
        switch self {
        case .always(let hidden): return hidden
        case .whenTrue(let path): return path.value(in: row)?.isTruthy ?? false
        case .whenFalse(let path): return !(path.value(in: row)?.isTruthy ?? false)
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
