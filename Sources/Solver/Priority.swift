/// How strongly a constraint or edit is held, from 1 to 1000, as Auto Layout's `UILayoutPriority`.
///
/// 1000 is required: it must hold or adding it fails. Below that, priorities are lexicographic
/// levels: any amount of error at a lower priority is preferred to any error at a higher one, and
/// every distinct value is its own level (errors of constraints at the same value add up).
public struct Priority: Sendable, Comparable, Hashable, CustomStringConvertible {
    /// The priority value, always within 1...1000.
    public let value: Double

    /// A priority of `value`, clamped into 1...1000 (NaN becomes 1, the weakest) so that any
    /// input yields a usable priority; callers that must reject bad input check the range first.
    public init(_ value: Double) {
        if value.isNaN {
            self.value = 1
        } else {
            self.value = Swift.min(1000, Swift.max(1, value))
        }
    }

    /// 1000: must hold.
    public static let required = Priority(1000)
    /// 750: `UILayoutPriorityDefaultHigh`, compression resistance's default.
    public static let high = Priority(750)
    /// 250: `UILayoutPriorityDefaultLow`, content hugging's default.
    public static let low = Priority(250)
    /// 50: `UILayoutPriorityFittingSizeLevel`, the height pull of `systemLayoutSizeFitting`.
    public static let fittingSize = Priority(50)

    /// True for 1000.
    public var isRequired: Bool { value >= 1000 }

    /// Orders by value: a greater priority is stronger.
    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.value < rhs.value }

    /// The value, e.g. `750` or `999.5`.
    public var description: String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
