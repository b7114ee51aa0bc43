/// A view's layout margins in points, as UIKit's `directionalLayoutMargins` gives them: the insets
/// the margin attributes (`leadingMargin`, `topMargin`, ...) are measured from (SPEC section 1).
public struct LayoutMargins: Sendable, Hashable {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the leading edge (the left, in a left-to-right layout).
    public var leading: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the trailing edge (the right, in a left-to-right layout).
    public var trailing: Double

    /// Margins from their four insets, in cells.json's order `[top, leading, bottom, trailing]`.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on every side.
    public init(all inset: Double) {
        self.init(top: inset, leading: inset, bottom: inset, trailing: inset)
    }

    /// `[11, 16, 11, 16]`: a table cell's content view on an iPhone, the list's default.
    public static let tableCellContent = LayoutMargins(top: 11, leading: 16, bottom: 11, trailing: 16)
    /// 8 on every side: any other UIView's default.
    public static let view = LayoutMargins(all: 8)

    /// The insets in cells.json's order `[top, leading, bottom, trailing]`.
    public var insets: [Double] { [top, leading, bottom, trailing] }
}

/// An image's size in points, as an asset gives it (`UIImage.size`).
public struct ImageSize: Sendable, Hashable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// A size of `width` x `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size of a missing asset: a nil image, 0 x 0.
    public static let zero = ImageSize(width: 0, height: 0)
}

/// The document's `assets`: the images an image view may name by `asset` (SPEC section 2).
public enum AssetsSpec: Sendable, Hashable {
    /// Each asset's size in points by name (`{ "NAME": [width, height] }`).
    case sizes([String: ImageSize])
    /// The path of an asset catalog (`.xcassets`), read as `UIImage(named:)` reads it; relative
    /// paths are against the document's folder.
    case catalog(String)
}
