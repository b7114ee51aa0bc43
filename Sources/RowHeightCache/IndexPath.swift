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
    /// path is an error, never a trap. Three calls into Foundation, no allocation.
    @inlinable @inline(__always)
    package var sectionAndRow: (section: Int, row: Int) {
        // `endIndex` is the count (an index path's indexes start at 0), one call shorter:
        // Foundation's `count` calls it.
        endIndex == 2 ? (self[0], self[1]) : (-1, -1)
    }

    /// `sectionAndRow`, read straight from the path's bytes when it holds its two indexes
    /// inline with tag byte `pairTag` (`TwoIndexLayout.pairTag`: -1 when that layout was not
    /// found, and every path takes Foundation's calls).
    @inlinable @inline(__always)
    package func sectionAndRow(pairTag: Int) -> (section: Int, row: Int) {
        if pairTag >= 0 {
            let inline = withUnsafeBytes(of: self) { raw -> (section: Int, row: Int)? in
                Int(raw[TwoIndexLayout.tagOffset]) == pairTag
                    ? (raw.load(as: Int.self), raw.load(fromByteOffset: MemoryLayout<Int>.size, as: Int.self)) : nil
            }
            if let inline { return inline }
        }
        return sectionAndRow
    }
}

/// How Foundation lays out an `IndexPath` of exactly two indexes, found by probing once.
///
/// A hit's cost is mostly reading its index path: Foundation's `endIndex` and subscript are
/// three calls that cannot be inlined (about 20 ns on the 2-core host, where the rest of a hit
/// is 3 ns). FoundationEssentials keeps a two-index path inline, as its two `Int`s followed by
/// one tag byte, so a hit can read them itself. That layout is Foundation's own business, so it
/// is not assumed: paths of every shape are built and their bytes checked, and only if each
/// two-index path shows its indexes in place behind one tag byte that no other shape shows is
/// the tag used; otherwise (another Foundation, another platform) every read takes the calls.
@usableFromInline
package enum TwoIndexLayout {
    /// Where the tag byte sits: after the two indexes.
    @usableFromInline package static let tagOffset = 2 * MemoryLayout<Int>.size

    /// The tag byte of an inline two-index path, or -1 when probing did not find that layout.
    package static let pairTag: Int = probe()

    /// The tag, from paths of every shape (see the type's comment).
    static func probe() -> Int {
        guard MemoryLayout<IndexPath>.size == tagOffset + 1 else { return -1 }
        func read(_ path: IndexPath) -> (first: Int, second: Int, tag: Int) {
            withUnsafeBytes(of: path) { raw in
                (raw.load(as: Int.self), raw.load(fromByteOffset: MemoryLayout<Int>.size, as: Int.self), Int(raw[tagOffset]))
            }
        }
        var appended = IndexPath(index: -5)
        appended.append(.max)
        var shortened = IndexPath(indexes: [9, 0, 4])
        shortened.removeLast()
        let pairs: [(IndexPath, Int, Int)] = [
            (IndexPath(indexes: [3, 7]), 3, 7), (appended, -5, .max), (shortened, 9, 0), ([.min, 1], .min, 1),
        ]
        let tag = read(pairs[0].0).tag
        for (path, first, second) in pairs {
            let bytes = read(path)
            guard bytes.tag == tag, bytes.first == first, bytes.second == second else { return -1 }
        }
        let others = [IndexPath(), IndexPath(index: 3), IndexPath(index: 7), IndexPath(indexes: [3, 7, 1]),
                      IndexPath(indexes: [1, 2, 3, 4])]
        for path in others where read(path).tag == tag { return -1 }
        return tag
    }
}
