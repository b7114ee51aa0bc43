import DynamicType
import Locking

/// Heights by row key, width and content size category (FDTemplateLayoutCell's `cacheByKey`),
/// with an optional count bound that evicts the least recently used entry. Safe from any thread.
public final class KeyedHeightCache: Sendable {
    let state: _Guarded<KeyedStore>

    /// An empty cache holding at most `capacity` heights (nil: no bound; 0 keeps nothing).
    public init(capacity: Int? = nil) {
        state = _Guarded(KeyedStore(capacity: capacity.map { max($0, 0) }))
    }

    /// The height cached for `key` at `width` and `contentSize`, marking it recently used.
    public func height(forKey key: String, width: Double, contentSize: ContentSizeCategory = .large) -> Double? {
        state.withLock { $0.lookup(key, HeightSetting(width: width, contentSize: contentSize)) }
    }

    /// Caches `height` for `key` at `width` and `contentSize`, evicting the least recently used
    /// entry if full. A width or height that is not a finite, non-negative number is not cached.
    public func setHeight(_ height: Double, forKey key: String, width: Double,
                          contentSize: ContentSizeCategory = .large) {
        guard width.isFinite, height.isFinite, height >= 0 else { return }
        state.withLock { $0.insert(height, key, HeightSetting(width: width, contentSize: contentSize)) }
    }

    /// The cached height for `key` at `width` and `contentSize`, else `measure()`'s result,
    /// cached. `measure` runs outside the lock; two threads missing at once may both measure.
    public func height(forKey key: String, width: Double, contentSize: ContentSizeCategory = .large,
                       measure: () throws -> Double) rethrows -> Double {
        if let height = height(forKey: key, width: width, contentSize: contentSize) { return height }
        let height = try measure()
        setHeight(height, forKey: key, width: width, contentSize: contentSize)
        return height
    }

    /// The height curve cached for `key` at `contentSize` over `widths` (see `HeightCache.setCurveWidths(_:)`).
    public func curve(forKey key: String, widths: ClosedRange<Double>, contentSize: ContentSizeCategory = .large) -> (any RowCurve)? {
        state.withLock { $0.curve(key, contentSize, widths) }
    }

    /// Caches `curve` for `key` at `contentSize` (over its widths); bounded by `capacity` as heights
    /// are, counted apart from them, the curve stored first going first.
    public func setCurve(_ curve: any RowCurve, forKey key: String, contentSize: ContentSizeCategory = .large) {
        state.withLock { $0.insert(curve, key, contentSize) }
    }

    /// Forgets `key`'s heights (and curves) at every width and category.
    public func invalidate(key: String) {
        state.withLock { $0.remove(key) }
    }

    /// Forgets every key, heights and curves.
    public func invalidateAll() {
        state.withLock { $0.removeAll() }
    }

    /// The number of (key, width, category) heights held.
    public var count: Int { state.withLock { $0.count } }

    /// The count bound (nil: none).
    public var capacity: Int? { state.withLock { $0.capacity } }
}
