import CellsFormat
/// What a row's layout leaves undecided, as UIKit's `hasAmbiguousLayout` would find it: frame
/// values that another layout, just as good at every priority, sets otherwise. The solver picks
/// one of those layouts by the path it takes, not by anything the constraints say, so such a
/// value (and a height that depends on one) can change with an unrelated edit of the template.
public struct LayoutAmbiguity: Sendable, Hashable, CustomStringConvertible {
    /// The undecided frame values in view order: `"avatar.width"`, `"detail.x"`, `"dot.y"`, and
    /// `"super.height"` for the content view's height.
    public var attributes: [String]
    /// Whether the row's height is among them: the content height, or the width of a label that
    /// wraps (its height follows from the width it is measured at).
    public var affectsHeight: Bool
    /// The constraints that trade along the other layouts, as written (or, for generated ones, as
    /// `avatar.width == intrinsic width (hugging @250, compression resistance @750)`): what to
    /// pin or reprioritize. Empty for a view no constraint places.
    public var constraints: [String]

    /// An ambiguity from its parts.
    public init(attributes: [String] = [], affectsHeight: Bool = false, constraints: [String] = []) {
        self.attributes = attributes
        self.affectsHeight = affectsHeight
        self.constraints = constraints
    }

    /// Whether anything is undecided.
    public var isAmbiguous: Bool { !attributes.isEmpty }

    /// `none`, or the attributes, whether the height depends on them and the constraints that tie.
    public var description: String {
        guard isAmbiguous else { return "none" }
        let tied = constraints.isEmpty ? "" : "; tied: " + constraints.map { "\(JSONText.excerpt($0))" }.joined(separator: ", ")
        return attributes.joined(separator: ", ") + (affectsHeight ? " (the height depends on them)" : "") + tied
    }
}
