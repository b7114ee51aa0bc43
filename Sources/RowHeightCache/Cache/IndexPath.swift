// A row's place in a list is Foundation's `IndexPath` (section, then row), so code moved from
// an iOS app compiles unchanged and a file importing Foundation and TemplateLayout together
// sees one `IndexPath`. Only the type is re-exported: importing the cache does not bring all
// of Foundation into scope.
#if canImport(FoundationEssentials)
@_exported import struct FoundationEssentials.IndexPath
#else
@_exported import struct Foundation.IndexPath
#endif

#if !canImport(UIKit)
// UIKit gives IndexPath `row`, `section` and `init(row:section:)`; elsewhere (Linux, macOS
// without Catalyst) these stand in for them. Disfavoured, so a framework's own (AppKit's
// `section`) wins wherever both are visible instead of making every use ambiguous.
extension IndexPath {
    /// The index path of `row` in `section`, as UIKit's `IndexPath(row:section:)` builds it
    /// (two indexes, stored inline: no allocation).
    @_disfavoredOverload
    public init(row: Int, section: Int) {
        self.init(index: section)
        append(row)
    }

    /// The section index (the first of exactly two indexes; any other count traps, as in UIKit).
    @_disfavoredOverload
    public var section: Int {
        get { self[tablePosition: 0] }
        set { self[tablePosition: 0] = newValue }
    }

    /// The row index within the section (the second of exactly two indexes; any other count
    /// traps, as in UIKit).
    @_disfavoredOverload
    public var row: Int {
        get { self[tablePosition: 1] }
        set { self[tablePosition: 1] = newValue }
    }

    /// Index `position` of a table view's two-index path, trapping with UIKit's message otherwise.
    private subscript(tablePosition position: Int) -> Int {
        get {
            precondition(count == 2, Self.tableViewMessage)
            return self[position]
        }
        set {
            precondition(count == 2, Self.tableViewMessage)
            self[position] = newValue
        }
    }

    private static var tableViewMessage: String {
        "Invalid index path for use with UITableView. This index path must contain exactly two indices specifying the section and row."
    }
}
#endif

extension IndexPath {
    /// (section, row) of a row's index path, or (-1, -1) when the path does not have exactly
    /// two indexes, which every bounds check (the cache's and its sources') refuses: a malformed
    /// path is an error, never a trap. Foundation's public API only, no allocation.
    @inlinable @inline(__always)
    package var sectionAndRow: (section: Int, row: Int) {
        // `endIndex` is the count (an index path's indexes start at 0), one call shorter:
        // Foundation's `count` calls it.
        endIndex == 2 ? (self[0], self[1]) : (-1, -1)
    }
}
