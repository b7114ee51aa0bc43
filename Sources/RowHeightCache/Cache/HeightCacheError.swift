/// Why a `HeightCache` call was refused. A refused call leaves the cache exactly as it was.
public enum HeightCacheError: Error, CustomStringConvertible {
    /// The index path is outside the list the cache holds (`sections` sections, `rows` rows in
    /// that section, or nil when the section itself does not exist).
    case invalidIndexPath(IndexPath, sections: Int, rows: Int?)
    /// The section index is outside the list the cache holds.
    case invalidSection(Int, sections: Int)
    /// The batch contradicts itself or the list before the update, as UITableView would raise.
    case invalidUpdate(String)
    /// After the update the source's counts differ from what the update implies, as
    /// UITableView's "invalid number of rows in section" raises.
    case inconsistentUpdate(String)
    /// A width that is negative, infinite or not a number, or one the source cannot measure at
    /// (`HeightSource.measures(atWidth:)`).
    case invalidWidth(Double)
    /// An estimated row height that is negative, infinite or not a number.
    case invalidEstimatedRowHeight(Double)
    /// The source could not measure the row; the row stays unmeasured.
    case measurementFailed(IndexPath, underlying: any Error)
    /// The source gave a height that is negative, infinite or not a number; nothing is cached.
    case invalidHeight(IndexPath, Double)
    /// A height was asked for from inside the closure of `performBatchUpdates(_:)` or
    /// `reloadData(_:)`, whose data is half changed; ask before or after the change.
    case calledDuringUpdate(IndexPath)
    /// Two rows of the list have one key (keys name content, so they would share a height).
    case duplicateKey(String, IndexPath, IndexPath)

    /// What kind of refusal, as every error type of the library has one: the case without its
    /// values, to switch on without binding them.
    public enum Kind: Sendable, Equatable {
        /// `invalidIndexPath`: an index path outside the list, from every call that takes one.
        case invalidIndexPath
        /// `invalidSection`: a section index outside the list.
        case invalidSection
        /// `invalidUpdate`: a batch or change refused as UITableView would.
        case invalidUpdate
        /// `inconsistentUpdate`: the source's counts after an update differ from the update's.
        case inconsistentUpdate
        /// `invalidWidth`: a width rows cannot be measured at.
        case invalidWidth
        /// `invalidEstimatedRowHeight`: an estimate that is negative or not finite.
        case invalidEstimatedRowHeight
        /// `measurementFailed`: the source could not measure the row.
        case measurementFailed
        /// `invalidHeight`: the source gave a height that is negative or not finite.
        case invalidHeight
        /// `calledDuringUpdate`: a height asked for from inside a change of the data.
        case calledDuringUpdate
        /// `duplicateKey`: two rows of the list with one key.
        case duplicateKey
    }

    /// What kind of refusal this is.
    public var kind: Kind {
        switch self {
        case .invalidIndexPath: .invalidIndexPath
        case .invalidSection: .invalidSection
        case .invalidUpdate: .invalidUpdate
        case .inconsistentUpdate: .inconsistentUpdate
        case .invalidWidth: .invalidWidth
        case .invalidEstimatedRowHeight: .invalidEstimatedRowHeight
        case .measurementFailed: .measurementFailed
        case .invalidHeight: .invalidHeight
        case .calledDuringUpdate: .calledDuringUpdate
        case .duplicateKey: .duplicateKey
        }
    }

    /// A one-line explanation naming the place and the problem.
    public var description: String {
        switch self {
        case let .invalidIndexPath(path, sections, rows):
            if path.count != 2 {
                return "index path \(path) is not a row's: it must have two indexes, section and row"
            }
            if let rows {
                return "index path \(path) out of range: section \(path.section) has \(rows) rows"
            }
            return "index path \(path) out of range: the list has \(sections) sections"
        case let .invalidSection(section, sections):
            return "section \(section) out of range: the list has \(sections) sections"
        case let .invalidUpdate(message):
            return "invalid update: \(message)"
        case let .inconsistentUpdate(message):
            return "inconsistent update: \(message)"
        case let .invalidWidth(width):
            return "invalid width \(width): rows cannot be measured at it (a width must be finite and not negative; a template list's, more than 0 and at most 1000000 points)"
        case let .invalidEstimatedRowHeight(height):
            return "invalid estimated row height \(height): must be finite and not negative"
        case let .measurementFailed(path, underlying):
            return "measuring row \(path) failed: \(underlying)"
        case let .invalidHeight(path, height):
            return "row \(path) measured an invalid height \(height)"
        case let .calledDuringUpdate(path):
            return "height of row \(path) asked from inside a change of the data (performBatchUpdates or reloadData), while the data is half changed"
        case let .duplicateKey(key, first, second):
            return "rows \(first) and \(second) have the same key \"\(key)\": keys must be unique in a list"
        }
    }
}
