/// What a row path (`${path}` in a size, the key of `hidden`) may be: member names (or array
/// indices) joined by single dots. A name holds no white space or control character and none of
/// `$`, `{`, `}`, and the path does not begin with `!`, so that a mistyped placeholder
/// (`"${h}${h}"`, `"${ h }"`, `"${h.}"`, `"!!flag"`, `"${flag}"` as a `hidden` key) is an error
/// where it is written instead of a path that no row has.
package enum RowPathSyntax {
    /// Why `path` is not a row path, or nil when it is one.
    package static func problem(in path: String) -> String? {
        if path.isEmpty { return "the path is empty" }
        if path.hasPrefix("!") { return "a path does not begin with '!'" }
        var stepIsEmpty = true
        for scalar in path.unicodeScalars {
            switch scalar {
            case ".":
                if stepIsEmpty { return "a path has no empty member name (a '.' at its start or end, or two together)" }
                stepIsEmpty = true
            case "$", "{", "}":
                return "a path has no '$', '{' or '}'"
            default:
                if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                    return "a path has no white space or control characters"
                }
                stepIsEmpty = false
            }
        }
        if stepIsEmpty { return "a path has no empty member name (a '.' at its start or end, or two together)" }
        return nil
    }
}
