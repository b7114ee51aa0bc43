import TextEngine
import CellsFormat

/// A template checked and resolved once: views with dense variable indices, label styles with
/// their fonts, parsed constraints. Immutable and shared by every row and thread; the solver
/// programs for each stack-visibility variant are built from it (`ConstraintSystem`).
struct TemplateBlueprint: Sendable {
    var name: String
    /// `templates.<name>`.
    var path: String
    var views: [TemplateView]
    var labels: [LabelSlot]
    /// Constraints from `constraints` and `visualFormats`, each view name resolved once for
    /// every variant.
    var constraints: [TemplateConstraint]
    /// Per constraint, the view indices its first and second anchors name (-1: `super`, or no
    /// second anchor).
    var anchorViews: AnchorViews { AnchorViews(constraints: constraints) }
    /// View index of each visibility-mask bit (views arranged in stacks).
    var maskedViews: [Int]
    /// Variables: content view, four per view, then per-row parameters.
    var variableCount: Int
    /// Image and box sizes read from the row, with the parameter variable each one sets.
    var rowDimensions: [(path: RowPath, parameter: Int)]

    /// The visibility mask of a row: bit `b` set when `maskedViews[b]` is hidden.
    func visibilityMask(for row: JSONValue) -> UInt64 {
        var mask: UInt64 = 0
        for (bit, view) in maskedViews.enumerated() where views[view].hidden.isHidden(in: row) {
            mask |= 1 << UInt64(bit)
        }
        return mask
    }

    /// Whether any label may wrap (and so needs the measure-at-solved-width rounds).
    var hasWrappingLabels: Bool { labels.contains { $0.wraps } }

    func isCollapsed(_ view: Int, mask: UInt64) -> Bool {
        guard let bit = views[view].maskBit else { return false }
        return mask & (1 << UInt64(bit)) != 0
    }
}
