/// Builds the JSON paths errors carry: `sections[0].rows[3].name`, with keys that are not
/// identifiers quoted (`rows[0]["first name"]`).
public enum JSONPath {
    /// `path.key`, or `path["key"]` when the key is not identifier-like; `key` alone at the root.
    public static func appending(member key: String, to path: String) -> String {
        if isIdentifier(key) { return path.isEmpty ? key : path + "." + key }
        return path + "[" + JSONText.quoted(key) + "]"
    }

    /// `path[index]`.
    public static func appending(index: Int, to path: String) -> String {
        path + "[\(index)]"
    }

    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return key.utf8.allSatisfy { b in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: "$")
        }
    }
}
