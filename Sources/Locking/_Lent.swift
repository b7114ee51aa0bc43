/// An object lent to readers without a retain: the one way the shared objects every measuring
/// thread reads (templates, label texts, font tables, pools) are reached, since each retain or
/// release of one is an atomic write to a count that two measuring cores would pass back and
/// forth (BENCHMARKS.md, "Height cache"; docs/layout.md, "Shared data is lent, not retained").
///
/// Safe to use where whoever makes the value keeps the object alive for as long as the value
/// is read: its owner stores the object strongly beside the lent value, or the value lives
/// only for a call that holds the object. Public for the reason `_Guarded` is; the module is no
/// product, so users never see it.
@frozen
public struct _Lent<Object: AnyObject> {
    @usableFromInline let reference: Unmanaged<Object>

    /// Lends `object`, which the caller keeps alive while the value is read.
    @inlinable @inline(__always)
    public init(_ object: Object) {
        reference = .passUnretained(object)
    }

    /// `body`'s result with the object, read without a retain or release.
    @inlinable @inline(__always)
    public func read<Result, Failure: Error>(_ body: (Object) throws(Failure) -> Result) throws(Failure) -> Result {
        let result = reference._withUnsafeGuaranteedRef { object in
            Swift.Result { () throws(Failure) -> Result in try body(object) }
        }
        return try result.get()
    }
}

extension _Lent: Sendable where Object: Sendable {}
