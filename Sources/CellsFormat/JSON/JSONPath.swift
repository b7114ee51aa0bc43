/// Builds the JSON paths errors carry: `sections[0].rows[3].name`, with keys that are not
/// identifiers quoted (`rows[0]["first name"]`).
public enum JSONPath {
    /// `path.key`, or `path["key"]` when the key is not identifier-like; `key` alone at the root.
    public static func appending(member key: String, to path: String) -> String {
        if isIdentifier(key) { return path.isEmpty ? key : path + "." + key }
        return path + "[" + JSONText.quoted(key) + "]"
    }

    /// The longest path, in bytes, a message shows whole (`readable(_:)`).
    public static let readableLimit = 240

    /// `path` for a message: whole up to `readableLimit` bytes; a longer one (a deeply nested
    /// value, a long member name) keeps about its first and last 100 characters, cut where a
    /// step begins, around how much was left out, so that an error line stays readable.
    public static func readable(_ path: String) -> String {
        let length = path.utf8.count
        guard length > readableLimit else { return path }
        let steps: Set<Character> = ["[", "."]
        var head = path.prefix(100), tail = path.suffix(100)
        if let cut = head.lastIndex(where: { steps.contains($0) }), cut > head.startIndex { head = head[..<cut] }
        if let cut = tail.firstIndex(where: { steps.contains($0) }) { tail = tail[cut...] }
        let cut = length - head.utf8.count - tail.utf8.count
        return "\(head)...(\(cut) bytes)...\(tail)"
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
