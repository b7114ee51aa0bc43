import DynamicType

/// The numbers UITableViewCell's built-in styles are laid out with, in points, each with where it
/// comes from. They are the iPhone values at a compact width of 375 points (iOS 11 and later).
public enum BuiltInCellMetrics {
    /// Leading and trailing content margin: `UITableViewCell.contentView.layoutMargins.left/right`
    /// and the default `separatorInset.left` on 375-point-wide iPhones (20 on 414-point ones); the
    /// list's default `layoutMargins`, which the built-in templates reach as margin attributes.
    public static let sideMargin: Double = 16
    /// Top and bottom content margin: `contentView.layoutMargins.top/bottom` of a default cell
    /// (the list's default `layoutMargins`, as `sideMargin`).
    public static let verticalMargin: Double = 11
    /// Smallest row height, separator included: `UITableView.rowHeight`'s default of 44 and the
    /// Human Interface Guidelines' 44-point minimum tap target.
    public static let minimumRowHeight: Double = 44
    /// `textLabel`'s text style: `.body` (17 points at the default content size), so the row
    /// follows the list's Dynamic Type category as a default cell's label does.
    public static let textStyle: FontTextStyle = .body
    /// `detailTextLabel`'s text style in `.subtitle` style: `.caption1`, whose size at the default
    /// category is the 12 points of `systemFont(ofSize: 12)` (iOS 7 to 12), scaled by category.
    public static let subtitleDetailStyle: FontTextStyle = .caption1
    /// `detailTextLabel`'s text style in `.value1` style: `.body`, as the text label.
    public static let value1DetailStyle: FontTextStyle = .body
    /// Smallest gap between the text and the right-aligned value in `.value1` style.
    public static let value1Gap: Double = 8
    /// Size of an `image` given only by name: the 29-point Settings icon (HIG app icon sizes).
    public static let defaultImageSize: Double = 29
    /// Gap from the image to the text: a Settings row's separator inset of 60 = 16 + 29 + 15.
    public static let imageGap: Double = 15
    /// Smallest space above and below the image, so a 29-point icon keeps a 44-point row as in
    /// Settings: (44 - 0.5 - 29) / 2 rounded down.
    public static let imageVerticalMargin: Double = 7
}
