/// `${path}` interpolation and `hidden` rules: how a template reads a row's JSON (SPEC section 2).
enum RowBinding {
    /// `text` with every `${path}` replaced by the row's value at that dotted path (missing: empty).
    /// An unclosed `${` is kept as written.
    static func interpolate(_ text: String, with row: JSONValue) -> String {
        guard text.contains("${") else { return text }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "${") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                out += rest[open.lowerBound...]
                return out
            }
            out += row.value(atPath: rest[open.upperBound..<close])?.interpolationText ?? ""
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    /// A dimension's points for this row: a literal, or the row's number (or numeric string) at the
    /// path; missing or non-numeric values count as 0, negative ones too.
    static func points(_ dimension: DimensionSpec, in row: JSONValue) -> Double {
        switch dimension {
        case .fixed(let v):
            return v.isFinite ? max(0, v) : 0
        case .path(let path):
            let value: Double?
            switch row.value(atPath: Substring(path)) {
            case .number(let n): value = n
            case .string(let s): value = Double(s)
            default: value = nil
            }
            guard let value, value.isFinite else { return 0 }
            return max(0, value)
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
