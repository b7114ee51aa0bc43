/// A Dynamic Type content size category (UIKit's `UIContentSizeCategory`, SwiftUI's
/// `DynamicTypeSize`), smallest first: the text size a user picks in Settings.
///
/// Raw values are the names cells.json and `measure-cli --content-size` use.
public enum ContentSizeCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The seven standard sizes; `large` is the system default.
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    /// The five larger accessibility sizes (Settings, Accessibility, Larger Text).
    case AX1, AX2, AX3, AX4, AX5

    /// The position in the order above, 0 for `xSmall` to 11 for `AX5`.
    public var index: Int {
        switch self {
        case .xSmall: 0
        case .small: 1
        case .medium: 2
        case .large: 3
        case .xLarge: 4
        case .xxLarge: 5
        case .xxxLarge: 6
        case .AX1: 7
        case .AX2: 8
        case .AX3: 9
        case .AX4: 10
        case .AX5: 11
        }
    }

    /// Whether it is one of the accessibility sizes (`isAccessibilityCategory`).
    public var isAccessibilityCategory: Bool { self >= .AX1 }

    /// This category capped at `maximum` (as `maximumContentSizeCategory` caps a view's); nil
    /// leaves it as it is.
    public func capped(at maximum: ContentSizeCategory?) -> ContentSizeCategory {
        guard let maximum, maximum < self else { return self }
        return maximum
    }

    /// Smaller categories first.
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool { lhs.index < rhs.index }

    /// Every name, in order, for messages (`xSmall, small, ..., AX5`).
    public static var namesText: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
