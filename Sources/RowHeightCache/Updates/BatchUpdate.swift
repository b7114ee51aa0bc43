/// One batch of list updates, read with UITableView's `performBatchUpdates` rules: deletes and
/// reloads name index paths *before* the update, inserts and move destinations name index
/// paths *after* it, and a move is a removal plus an insertion (never a swap). Front ends
/// describe their changes with it, and `HeightCache.performBatchUpdates(_:)` replays it exactly.
public struct BatchUpdate: Sendable, Equatable {
    /// Sections removed, by their index before the update.
    public var deleteSections: [Int]
    /// Sections added, by their index after the update.
    public var insertSections: [Int]
    /// Sections whose rows are all replaced, by their index before the update.
    public var reloadSections: [Int]
    /// Sections moved, from their index before to their index after the update.
    public var moveSections: [SectionMove]
    /// Rows removed, by their index path before the update.
    public var deleteRows: [IndexPath]
    /// Rows added, by their index path after the update.
    public var insertRows: [IndexPath]
    /// Rows whose content changed, by their index path before the update.
    public var reloadRows: [IndexPath]
    /// Rows moved, from their index path before to their index path after the update.
    public var moveRows: [RowMove]
    /// Keys of rows whose content changed while their key stayed: the keyed height cache must
    /// forget them, or it would answer the old height.
    public var changedKeys: [String]

    /// A batch from its parts; every part defaults to empty. Sections are any sequence of
    /// indexes: an `IndexSet`, as UIKit takes them, or an array.
    public init(deleteSections: some Sequence<Int> = [Int](), insertSections: some Sequence<Int> = [Int](),
                reloadSections: some Sequence<Int> = [Int](),
                moveSections: [SectionMove] = [], deleteRows: [IndexPath] = [],
                insertRows: [IndexPath] = [], reloadRows: [IndexPath] = [],
                moveRows: [RowMove] = [], changedKeys: [String] = []) {
        self.deleteSections = Array(deleteSections)
        self.insertSections = Array(insertSections)
        self.reloadSections = Array(reloadSections)
        self.moveSections = moveSections
        self.deleteRows = deleteRows
        self.insertRows = insertRows
        self.reloadRows = reloadRows
        self.moveRows = moveRows
        self.changedKeys = changedKeys
    }

    /// Whether the batch changes nothing.
    public var isEmpty: Bool {
        deleteSections.isEmpty && insertSections.isEmpty && reloadSections.isEmpty
            && moveSections.isEmpty && deleteRows.isEmpty && insertRows.isEmpty
            && reloadRows.isEmpty && moveRows.isEmpty && changedKeys.isEmpty
    }

    /// A section move: `from` before the update, `to` after it.
    public struct SectionMove: Sendable, Hashable {
        /// Index before the update.
        public var from: Int
        /// Index after the update.
        public var to: Int
        /// A move from `from` to `to`.
        public init(from: Int, to: Int) { self.from = from; self.to = to }
    }

    /// A row move: `from` before the update, `to` after it.
    public struct RowMove: Sendable, Hashable {
        /// Index path before the update.
        public var from: IndexPath
        /// Index path after the update.
        public var to: IndexPath
        /// A move from `from` to `to`.
        public init(from: IndexPath, to: IndexPath) { self.from = from; self.to = to }
    }
}
