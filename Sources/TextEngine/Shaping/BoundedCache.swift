/// A cache holding at most `capacity` entries, evicting the least recently used generation.
///
/// Two generations: lookups hit `recent` or promote from `older`; when `recent` fills half the
/// capacity, `older` is dropped and `recent` becomes `older`. O(1) per operation, close to LRU.
/// Not thread-safe by itself: TextMeasurer keeps it in a Mutex.
struct BoundedCache<Key: Hashable, Value> {
    private var recent: [Key: Value] = [:]
    private var older: [Key: Value] = [:]
    private let generationLimit: Int
    /// Lookups answered and missed since creation.
    private(set) var hits = 0
    private(set) var misses = 0

    /// A cache of at most `capacity` entries (at least 2).
    init(capacity: Int) {
        generationLimit = max(1, capacity / 2)
    }

    /// Entries held now.
    var count: Int { recent.count + older.count }

    /// The value for `key`, marking it recently used.
    mutating func value(for key: Key) -> Value? {
        if let value = recent[key] {
            hits += 1
            return value
        }
        if let value = older.removeValue(forKey: key) {
            hits += 1
            insert(value, for: key)
            return value
        }
        misses += 1
        return nil
    }

    /// Stores `value` for `key`, evicting the older generation when the recent one is full;
    /// returns the evicted entries, so the caller can free them after releasing its lock.
    @discardableResult
    mutating func insert(_ value: consuming Value, for key: consuming Key) -> [Key: Value] {
        var evicted: [Key: Value] = [:]
        if recent.count >= generationLimit && recent[key] == nil {
            evicted = older
            older = recent
            recent = Dictionary(minimumCapacity: generationLimit)
        }
        recent[key] = value
        return evicted
    }

    /// Drops every entry, keeping the storage for the next ones.
    mutating func removeAll() {
        recent.removeAll(keepingCapacity: true)
        older.removeAll(keepingCapacity: true)
    }
}
