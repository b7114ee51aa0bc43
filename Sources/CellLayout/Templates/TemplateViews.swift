import TextEngine
import CellsFormat
import Locking

/// Where a view's intrinsic length on one axis comes from.
enum IntrinsicLength: Sendable {
    /// A literal number of points, compiled in as a constant.
    case fixed(Double)
    /// A `${path}` into the row, pushed into the given parameter variable per row; the path is
    /// `TemplateBlueprint.rowDimensions[dimension]` (held there only, so a view's kind holds no
    /// reference to copy or release).
    case row(dimension: Int, parameter: Int)
}

/// A label's per-row inputs: its text template, style and the parameter variables that carry its
/// measured size and baseline offsets into the solver.
struct LabelSlot: Sendable {
    var view: Int
    var text: String
    /// The template and style every row reads, in one shared object.
    let shared: LabelText
    /// `text` split into literals and row paths once.
    var textTemplate: TextTemplate { shared.template }
    var style: TextStyle { shared.style }
    /// Whether the label may wrap, so its height depends on the width the layout gives it.
    var wraps: Bool
    var intrinsicWidth: Int
    var intrinsicHeight: Int
    /// `firstBaseline - textHeight / 2`: with the text centred vertically, the label's first
    /// baseline is `top + height / 2 + this`, linear in its frame.
    var firstBaselineOffset: Int
    var lastBaselineOffset: Int
}

/// What every row of a label reads: its text template and style. Kept in an object of its own
/// so the fitter can lend it to each row without a retain (`TemplateBlueprint.withLabelText`):
/// with several threads measuring one template, every retain of shared data bumps one count
/// they contend on.
final class LabelText: Sendable {
    /// The label's text split into literals and row paths once.
    let template: TextTemplate
    /// The label's fonts and line settings.
    let style: TextStyle

    init(template: TextTemplate, style: TextStyle) {
        self.template = template
        self.style = style
    }
}

extension TemplateBlueprint {
    /// `body` with label `k`'s shared template and style, lent without a retain (the compiled
    /// template holding the blueprint outlives the call). The reference goes straight from the
    /// array into `_Lent`: a method on the slot would copy the whole slot first.
    @inline(__always)
    func withLabelText<Result>(_ k: Int, _ body: (LabelText) -> Result) -> Result {
        _Lent(labels[k].shared).read(body)
    }
}

/// One view of a compiled template: its variables and what gives it an intrinsic size.
struct TemplateView: Sendable {
    enum Kind: Sendable {
        case label(slot: Int)
        /// An image or box: intrinsic width and height when it has them.
        case box(width: IntrinsicLength?, height: IntrinsicLength?)
        case stack(StackSpec, arranged: [Int])
    }

    var id: String
    var kind: Kind
    var hidden: HiddenRule
    var hugging: (horizontal: Double, vertical: Double)
    var compression: (horizontal: Double, vertical: Double)
    /// Bit of the visibility mask when this view is arranged in a stack (it collapses when hidden).
    var maskBit: Int?
    /// Where the view is in the document (spelled out only when read).
    var location: DocumentPath
    /// JSON path of the view, e.g. `templates.FeedCell.views[2]`.
    var path: String { location.path }

    /// Whether the view is a stack (asked without copying the kind's payload out).
    var isStack: Bool {
        if case .stack = kind { return true }
        return false
    }

    /// Dense variable indices: the content view has width 0 and height 1, view `i` has
    /// left `2 + 4i`, top `+1`, width `+2`, height `+3`.
    static func left(_ i: Int) -> Int { 2 + 4 * i }
    static func top(_ i: Int) -> Int { 3 + 4 * i }
    static func width(_ i: Int) -> Int { 4 + 4 * i }
    static func height(_ i: Int) -> Int { 5 + 4 * i }
    static let superWidth = 0
    static let superHeight = 1
}
