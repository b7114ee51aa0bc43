import TextEngine
import CellsFormat
import DynamicType
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
    /// The label's text split into literals and row paths once (empty for an attributed label).
    let template: TextTemplate
    /// The label's fonts and line settings.
    let style: TextStyle
    /// An attributed label's runs, each with its resolved typography; empty for a plain text
    /// (a label of one run without a baseline offset is compiled as a plain text in that run's
    /// typography, the same measurement by one call fewer).
    let runs: [RunText]
    /// Whether the label's text is runs (`render(_:into:)`) rather than one string.
    let isAttributed: Bool
    /// For a plain label whose whole text is one `${path}`: what a row's runs there (an array
    /// of run objects) resolve against; nil for any other label.
    let rowRuns: RowRuns?

    init(template: TextTemplate, style: TextStyle, runs: [RunText] = [], rowRuns: RowRuns? = nil) {
        self.template = template
        self.style = style
        self.runs = runs
        self.rowRuns = runs.isEmpty && template.paths.count == 1 && template.parts.count == 1 ? rowRuns : nil
        isAttributed = !runs.isEmpty
    }

    /// This row's runs in `out` (emptied first, its storage kept): each run's text with its
    /// `${path}`s filled in; a run whose text comes out empty is left out.
    func render(_ row: JSONValue, into out: inout [TextRun]) throws(RowValueError) {
        try render(.json(row), into: &out)
    }

    /// `render(_:into:)` of a row given as JSON or as member values.
    func render(_ row: RowInput, into out: inout [TextRun]) throws(RowValueError) {
        out.removeAll(keepingCapacity: true)
        for part in runs {
            let text = try part.template.render(row)
            guard !text.isEmpty else { continue }
            var run = part.run
            run.text = text
            out.append(run)
        }
    }

    /// For a label whose whole text is one `${path}` and whose row holds an array of run objects
    /// there: the row's runs in `out` (resolved as a template's runs are; an empty text left out)
    /// and true. False, `out` untouched, for any other label or value.
    func renderRowRuns(_ row: JSONValue, into out: inout [TextRun]) throws(LayoutError) -> Bool {
        try renderRowRuns(.json(row), into: &out)
    }

    /// `renderRowRuns(_:into:)` of a row given as JSON or as member values.
    func renderRowRuns(_ row: RowInput, into out: inout [TextRun]) throws(LayoutError) -> Bool {
        guard let rowRuns, let shared = template.paths.first,
              case .array(let items)? = row.value(at: shared.path),
              items.contains(where: { if case .object = $0 { return true } else { return false } }) else { return false }
        let path = shared.path.text
        let specs: [TextRunSpec]
        do { specs = try DocumentDecoder.runs(fromRow: items, path: path) } catch {
            throw LayoutError(path: error.path, message: error.message)
        }
        out.removeAll(keepingCapacity: true)
        for (i, spec) in specs.enumerated() where !spec.text.isEmpty {
            out.append(try TemplateCompiler.resolveRun(spec, of: rowRuns.label, fonts: rowRuns.fonts,
                                                       contentSize: rowRuns.contentSize, path: "\(path)[\(i)]"))
        }
        return true
    }

    /// The label measured at `width`: `text` for a plain label, `runs` (as `render` left them)
    /// for an attributed one. The plain label's call is the one it always made, its runs untouched.
    @inline(__always)
    func measure(text: String, runs rendered: @autoclosure () -> [TextRun], attributed: Bool, width: Double,
                 with measurer: TextMeasurer) -> TextMeasurement {
        guard attributed else { return measurer.measure(text, style: style, width: width) }
        let runs = rendered()
        return runs.isEmpty ? measurer.measure("", style: style, width: width) : measurer.measure(runs, style: style, width: width)
    }

    /// The label's lines at `width`, from what `measure` would read.
    func layout(text: String, runs rendered: @autoclosure () -> [TextRun], attributed: Bool, width: Double,
                with measurer: TextMeasurer) -> TextLayout {
        guard attributed else { return measurer.layout(text, style: style, width: width) }
        let runs = rendered()
        return runs.isEmpty ? measurer.layout("", style: style, width: width) : measurer.layout(runs, style: style, width: width)
    }

    /// How far the label's lines at `width` stay alike up to `far` (`TextMeasurer.lineSpan`), from
    /// what `measure` read at `width`; nil when the text engine cannot tell.
    func lineSpan(text: String, runs rendered: @autoclosure () -> [TextRun], attributed: Bool, width: Double,
                  through far: Double, with measurer: TextMeasurer) -> LineSpan? {
        guard attributed else { return measurer.lineSpan(text, style: style, width: width, through: far) }
        let runs = rendered()
        return runs.isEmpty ? nil : measurer.lineSpan(runs, style: style, width: width, through: far)
    }

    /// `measure` at `width` and `lineSpan` up to `far` in one pass (`TextMeasurer.measureSpan`);
    /// nil when the text engine cannot tell (measure instead).
    func measureSpan(text: String, runs rendered: @autoclosure () -> [TextRun], attributed: Bool, width: Double,
                     through far: Double, with measurer: TextMeasurer) -> (measurement: TextMeasurement, span: LineSpan)? {
        guard attributed else { return measurer.measureSpan(text, style: style, width: width, through: far) }
        let runs = rendered()
        return runs.isEmpty ? nil : measurer.measureSpan(runs, style: style, width: width, through: far)
    }
}

/// What a row's runs for a label resolve against: the label (for what a run leaves out), the
/// template's fonts and the content size category it was compiled at.
final class RowRuns: Sendable {
    let label: LabelSpec
    let fonts: [String: FontStack]
    let contentSize: ContentSizeCategory

    init(label: LabelSpec, fonts: [String: FontStack], contentSize: ContentSizeCategory) {
        self.label = label
        self.fonts = fonts
        self.contentSize = contentSize
    }
}

/// One run of an attributed label: its text template and its typography (a `TextRun` whose
/// text each row fills in).
struct RunText: Sendable {
    /// The run's text split into literals and row paths once.
    let template: TextTemplate
    /// The run's fonts, size, kern and baseline offset, with an empty text.
    let run: TextRun
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
