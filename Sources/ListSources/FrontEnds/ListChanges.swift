import RowHeightCache
/// One UIKit batch update as a front end describes it: deletes and reloads use index paths before
/// the update, inserts and move destinations index paths after it (UITableView's
/// `performBatchUpdates` rules), so a height cache can replay it exactly.
public struct ListChanges: Sendable, Equatable {
    /// Sections removed, by their index before the update.
    public var deleteSections: [Int] = []
    /// Sections added, by their index after the update.
    public var insertSections: [Int] = []
    /// Sections whose every row is measured again, by their index before the update.
    public var reloadSections: [Int] = []
    /// Sections moved, from the index before to the index after the update.
    public var moveSections: [SectionMove] = []
    /// Rows removed, by their index path before the update.
    public var deleteRows: [IndexPath] = []
    /// Rows added, by their index path after the update.
    public var insertRows: [IndexPath] = []
    /// Rows measured again, by their index path before the update.
    public var reloadRows: [IndexPath] = []
    /// Rows moved, from the index path before to the index path after the update.
    public var moveRows: [RowMove] = []
    /// Keys of rows whose content changed while their key stayed: the keyed height cache must
    /// forget them, or it would answer the old height.
    public var changedKeys: [String] = []

    /// No changes.
    public init() {}

    /// Whether the batch changes nothing.
    public var isEmpty: Bool {
        deleteSections.isEmpty && insertSections.isEmpty && reloadSections.isEmpty && moveSections.isEmpty
            && deleteRows.isEmpty && insertRows.isEmpty && reloadRows.isEmpty && moveRows.isEmpty
            && changedKeys.isEmpty
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
