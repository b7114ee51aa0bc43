/// One of iOS's eleven text styles (UIKit's `UIFont.TextStyle`): a role whose point size follows
/// the content size category.
///
/// Raw values are the names cells.json's `textStyle` and `relativeTo` use.
public enum FontTextStyle: String, Sendable, Hashable, CaseIterable {
    /// UIKit's `.largeTitle`, `.title1` ... `.caption2`, largest first.
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// The style's point size at `category`, from Apple's table (`DynamicTypeSizes`), as
    /// `UIFont.preferredFont(forTextStyle:compatibleWith:)` gives it.
    public func pointSize(at category: ContentSizeCategory) -> Double {
        Double(DynamicTypeSizes.points(self)[category.index])
    }

    /// `value` scaled as `UIFontMetrics(forTextStyle: self).scaledValue(for:compatibleWith:)`
    /// scales it at `category`: in the proportion of the style's size there to its size at
    /// `large` (the size a custom font is designed at).
    public func scaledValue(_ value: Double, at category: ContentSizeCategory) -> Double {
        category == .large ? value : value * pointSize(at: category) / pointSize(at: .large)
    }

    /// Every name, in order, for messages (`largeTitle, title1, ..., caption2`).
    public static var namesText: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
