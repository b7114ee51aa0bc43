extension JSONParser {
    /// A cells.json document parsed except for its rows: every `sections[i].rows` is an empty
    /// array in `document`, and `rows[i]` holds the byte ranges of that section's row values, in
    /// order, so they can be parsed in parallel. Row bytes are only delimited here, not checked:
    /// parse each range with `parse(_:)`; if any fails, parse the whole buffer again to get the
    /// error as a sequential parse reports it.
    public func parseDeferringRows(_ bytes: UnsafeRawBufferPointer) throws(DocumentError) -> (document: JSONValue, rows: [[Range<Int>]]) {
        let (document, rows) = try parseDeferringElements(of: "sections", "rows", in: bytes)
        return (document, rows)
    }
}
