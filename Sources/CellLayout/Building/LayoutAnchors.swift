import CellsFormat

/// The axis an anchor lies on; a constraint relates two anchors only when their axes match, so
/// the compiler rejects `name.leading == avatar.top` as UIKit's anchors do.
public protocol AnchorAxis {}
/// Horizontal positions: left, right, leading, trailing, centerX and their margins.
public enum HorizontalAxis: AnchorAxis {}
/// Vertical positions: top, bottom, centerY, firstBaseline, lastBaseline and the margins.
public enum VerticalAxis: AnchorAxis {}
/// Sizes: width and height (a width may be related to a height, as with `NSLayoutDimension`).
public enum SizeAxis: AnchorAxis {}

/// One attribute of one view of a template, typed by its axis (`NSLayoutAnchor`'s role).
public struct Anchor<Axis: AnchorAxis>: Sendable {
    /// The view id (`super` for the content view) and attribute the anchor names.
    public let item: LayoutAnchor

    init(_ name: String, _ attribute: LayoutAttribute) {
        item = LayoutAnchor(item: name, attribute: attribute)
    }
}

/// A horizontal position anchor (`NSLayoutXAxisAnchor`).
public typealias XAxisAnchor = Anchor<HorizontalAxis>
/// A vertical position anchor (`NSLayoutYAxisAnchor`).
public typealias YAxisAnchor = Anchor<VerticalAxis>
/// A width or height anchor (`NSLayoutDimension`).
public typealias DimensionAnchor = Anchor<SizeAxis>

/// `multiplier * anchor + constant`: the right-hand side of a constraint.
public struct AnchorExpression<Axis: AnchorAxis>: Sendable {
    /// The anchor on the right-hand side.
    public var anchor: Anchor<Axis>
    /// Its factor.
    public var multiplier: Double
    /// Points added.
    public var constant: Double
}

/// Something constraints can name: a template's views (`ViewSpec`) and its content view.
public protocol LayoutItem {
    /// The name constraints use for it: a view's id, or `super` for the content view.
    var layoutItemName: String { get }
}

extension ViewSpec: LayoutItem {
    /// The view's id.
    public var layoutItemName: String { id }
}

/// The cell's content view (`super` in the string grammar), which every template's views sit in.
public struct ContentView: LayoutItem, Sendable {
    /// `super`.
    public var layoutItemName: String { "super" }
    /// The content view.
    public init() {}
}

extension LayoutItem {
    /// The left edge.
    public var left: XAxisAnchor { Anchor(layoutItemName, .left) }
    /// The right edge.
    public var right: XAxisAnchor { Anchor(layoutItemName, .right) }
    /// The leading edge (left, in a left-to-right layout).
    public var leading: XAxisAnchor { Anchor(layoutItemName, .leading) }
    /// The trailing edge (right, in a left-to-right layout).
    public var trailing: XAxisAnchor { Anchor(layoutItemName, .trailing) }
    /// The horizontal centre.
    public var centerX: XAxisAnchor { Anchor(layoutItemName, .centerX) }
    /// The top edge.
    public var top: YAxisAnchor { Anchor(layoutItemName, .top) }
    /// The bottom edge.
    public var bottom: YAxisAnchor { Anchor(layoutItemName, .bottom) }
    /// The vertical centre.
    public var centerY: YAxisAnchor { Anchor(layoutItemName, .centerY) }
    /// The first line's baseline.
    public var firstBaseline: YAxisAnchor { Anchor(layoutItemName, .firstBaseline) }
    /// The last line's baseline.
    public var lastBaseline: YAxisAnchor { Anchor(layoutItemName, .lastBaseline) }
    /// The width.
    public var width: DimensionAnchor { Anchor(layoutItemName, .width) }
    /// The height.
    public var height: DimensionAnchor { Anchor(layoutItemName, .height) }

    /// The leading edge inset by the layout margins (`layoutMarginsGuide.leadingAnchor`).
    public var leadingMargin: XAxisAnchor { Anchor(layoutItemName, .leadingMargin) }
    /// The trailing edge inset by the layout margins.
    public var trailingMargin: XAxisAnchor { Anchor(layoutItemName, .trailingMargin) }
    /// The left edge inset by the layout margins.
    public var leftMargin: XAxisAnchor { Anchor(layoutItemName, .leftMargin) }
    /// The right edge inset by the layout margins.
    public var rightMargin: XAxisAnchor { Anchor(layoutItemName, .rightMargin) }
    /// The top edge inset by the layout margins.
    public var topMargin: YAxisAnchor { Anchor(layoutItemName, .topMargin) }
    /// The bottom edge inset by the layout margins.
    public var bottomMargin: YAxisAnchor { Anchor(layoutItemName, .bottomMargin) }
    /// The horizontal centre of the area inside the margins.
    public var centerXWithinMargins: XAxisAnchor { Anchor(layoutItemName, .centerXWithinMargins) }
    /// The vertical centre of the area inside the margins.
    public var centerYWithinMargins: YAxisAnchor { Anchor(layoutItemName, .centerYWithinMargins) }
    /// The area inside the layout margins, whose anchors are the margin attributes
    /// (`content.layoutMarginsGuide.leading`, `.leadingAnchor`).
    public var layoutMarginsGuide: LayoutMarginsGuide { LayoutMarginsGuide(layoutItemName) }

    /// `left`, as UIKit names it.
    public var leftAnchor: XAxisAnchor { left }
    /// `right`, as UIKit names it.
    public var rightAnchor: XAxisAnchor { right }
    /// `leading`, as UIKit names it.
    public var leadingAnchor: XAxisAnchor { leading }
    /// `trailing`, as UIKit names it.
    public var trailingAnchor: XAxisAnchor { trailing }
    /// `centerX`, as UIKit names it.
    public var centerXAnchor: XAxisAnchor { centerX }
    /// `top`, as UIKit names it.
    public var topAnchor: YAxisAnchor { top }
    /// `bottom`, as UIKit names it.
    public var bottomAnchor: YAxisAnchor { bottom }
    /// `centerY`, as UIKit names it.
    public var centerYAnchor: YAxisAnchor { centerY }
    /// `firstBaseline`, as UIKit names it.
    public var firstBaselineAnchor: YAxisAnchor { firstBaseline }
    /// `lastBaseline`, as UIKit names it.
    public var lastBaselineAnchor: YAxisAnchor { lastBaseline }
    /// `width`, as UIKit names it.
    public var widthAnchor: DimensionAnchor { width }
    /// `height`, as UIKit names it.
    public var heightAnchor: DimensionAnchor { height }
}

/// A view's layout margins guide (`UIView.layoutMarginsGuide`): its edges and centres are the
/// view's margin attributes. Its width and height are not offered (no attribute names them).
public struct LayoutMarginsGuide: Sendable {
    /// The view id (`super` for the content view) whose margins these are.
    public let owner: String

    init(_ owner: String) { self.owner = owner }

    /// The leading margin.
    public var leading: XAxisAnchor { Anchor(owner, .leadingMargin) }
    /// The trailing margin.
    public var trailing: XAxisAnchor { Anchor(owner, .trailingMargin) }
    /// The left margin.
    public var left: XAxisAnchor { Anchor(owner, .leftMargin) }
    /// The right margin.
    public var right: XAxisAnchor { Anchor(owner, .rightMargin) }
    /// The top margin.
    public var top: YAxisAnchor { Anchor(owner, .topMargin) }
    /// The bottom margin.
    public var bottom: YAxisAnchor { Anchor(owner, .bottomMargin) }
    /// The horizontal centre within the margins.
    public var centerX: XAxisAnchor { Anchor(owner, .centerXWithinMargins) }
    /// The vertical centre within the margins.
    public var centerY: YAxisAnchor { Anchor(owner, .centerYWithinMargins) }

    /// `leading`, as UIKit names it.
    public var leadingAnchor: XAxisAnchor { leading }
    /// `trailing`, as UIKit names it.
    public var trailingAnchor: XAxisAnchor { trailing }
    /// `left`, as UIKit names it.
    public var leftAnchor: XAxisAnchor { left }
    /// `right`, as UIKit names it.
    public var rightAnchor: XAxisAnchor { right }
    /// `top`, as UIKit names it.
    public var topAnchor: YAxisAnchor { top }
    /// `bottom`, as UIKit names it.
    public var bottomAnchor: YAxisAnchor { bottom }
    /// `centerX`, as UIKit names it.
    public var centerXAnchor: XAxisAnchor { centerX }
    /// `centerY`, as UIKit names it.
    public var centerYAnchor: YAxisAnchor { centerY }
}
