/// One batch of list updates, read with UITableView's `performBatchUpdates` rules: deletes and
/// reloads name index paths *before* the update, inserts and move destinations name index
/// paths *after* it, and a move is a removal plus an insertion (never a swap).
public struct BatchUpdate: Sendable {
    /// Sections removed, by their index before the update.
    public var deleteSections: [Int]
    /// Sections added, by their index after the update.
    public var insertSections: [Int]
    /// Sections whose rows are all replaced, by their index before the update.
    public var reloadSections: [Int]
    /// Sections moved, from their index before to their index after the update.
    public var moveSections: [(from: Int, to: Int)]
    /// Rows removed, by their index path before the update.
    public var deleteRows: [IndexPath]
    /// Rows added, by their index path after the update.
    public var insertRows: [IndexPath]
    /// Rows whose content changed, by their index path before the update.
    public var reloadRows: [IndexPath]
    /// Rows moved, from their index path before to their index path after the update.
    public var moveRows: [(from: IndexPath, to: IndexPath)]

    /// A batch from its parts; every part defaults to empty.
    public init(deleteSections: [Int] = [], insertSections: [Int] = [], reloadSections: [Int] = [],
                moveSections: [(from: Int, to: Int)] = [], deleteRows: [IndexPath] = [],
                insertRows: [IndexPath] = [], reloadRows: [IndexPath] = [],
                moveRows: [(from: IndexPath, to: IndexPath)] = []) {
        self.deleteSections = deleteSections
        self.insertSections = insertSections
        self.reloadSections = reloadSections
        self.moveSections = moveSections
        self.deleteRows = deleteRows
        self.insertRows = insertRows
        self.reloadRows = reloadRows
        self.moveRows = moveRows
    }

    /// Whether the batch changes nothing.
    public var isEmpty: Bool {
        deleteSections.isEmpty && insertSections.isEmpty && reloadSections.isEmpty
            && moveSections.isEmpty && deleteRows.isEmpty && insertRows.isEmpty
            && reloadRows.isEmpty && moveRows.isEmpty
    }
}
