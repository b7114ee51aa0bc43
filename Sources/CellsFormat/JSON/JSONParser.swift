/// A strict RFC 8259 JSON parser from UTF-8 bytes to `JSONValue`: invalid UTF-8, lone surrogates,
/// control characters in strings, leading zeros, trailing commas, a byte order mark and numbers
/// beyond Double's range are errors. It keeps its own stack, so nesting costs heap, not call
/// stack, and nesting deeper than `maxDepth` is an error rather than a crash.
public struct JSONParser {
    /// The default nesting limit: far beyond any real cells.json, far below memory trouble.
    public static let defaultMaxDepth = 512

    /// Nesting limit for arrays and objects.
    public var maxDepth: Int

    /// A parser with the given nesting limit.
    public init(maxDepth: Int = JSONParser.defaultMaxDepth) {
        self.maxDepth = maxDepth
    }

    /// The value the bytes hold, which must be exactly one JSON value with optional white space.
    public func parse(_ bytes: UnsafeRawBufferPointer) throws(DocumentError) -> JSONValue {
        var scanner = _JSONScanner(bytes: bytes, maxDepth: maxDepth)
        return try scanner.parseDocument()
    }

    /// The value the bytes hold; see `parse(_:)` on a raw buffer.
    public func parse(_ bytes: [UInt8]) throws(DocumentError) -> JSONValue {
        let result: Result<JSONValue, DocumentError> = bytes.withUnsafeBytes { raw in
            do throws(DocumentError) { return .success(try parse(raw)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The value a string holds; see `parse(_:)` on a raw buffer.
    public func parse(_ text: String) throws(DocumentError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}
