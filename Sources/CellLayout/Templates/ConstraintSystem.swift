/// A constraint as a person would recognise it in a message: its text and where it came from.
struct ConstraintSource: Sendable {
    /// The constraint's text or a description of a generated one.
    var text: String
    /// Where it came from (spelled out only when a message needs it).
    var location: DocumentPath
    /// JSON path, e.g. `templates.FeedCell.constraints[3]` or `templates.FeedCell.views[1]`.
    var path: String { location.path }

    /// A constraint described by `text`, found at the JSON path `path`.
    init(text: String, path: String) {
        self.text = text
        location = .text(path)
    }

    /// A constraint described by `text`, found at `location`.
    init(text: String, location: DocumentPath) {
        self.text = text
        self.location = location
    }
}

/// Which of a view's intrinsic-size constraints on one axis a constraint is.
enum IntrinsicPart: Sendable {
    /// `size <= intrinsic` (content hugging).
    case hugging
    /// `size >= intrinsic` (compression resistance).
    case resistance
    /// Both as one soft equality (neither required).
    case pair
}

/// Where a constraint of a system came from, held as indices (no strings, nothing to retain) so
/// building and freeing a system costs no string work; `ConstraintSystem.source(of:in:)`
/// spells it out only when a message names it.
enum ConstraintOrigin: Sendable {
    /// `blueprint.constraints[k]`, as written.
    case written(Int)
    /// An intrinsic-size constraint of view `view` on the vertical or horizontal axis.
    case intrinsic(view: Int, vertical: Bool, IntrinsicPart)
    /// `ConstraintSystem.generated[i]`, described when it was made (stacks, diagnoses).
    case generated(Int)
    /// The fitting constraint `super.height == 0 @50`.
    case fitting
}

/// One linear constraint `Σ terms + constant REL 0 @ priority`; its terms are
/// `ConstraintSystem.terms[terms]` (one array for the whole system) and its solver tag is its
/// index in `ConstraintSystem.constraints`.
struct SystemConstraint: Sendable {
    var terms: Range<Int>
    var constant: Double
    var relation: LayoutRelation
    var priority: Double
    var origin: ConstraintOrigin
    /// For a non-required hugging and compression-resistance pair held as one equality
    /// `size - intrinsic == 0`: the priority of a shortfall (`priority` is that of an excess).
    var shortfallPriority: Double? = nil
}

/// Every constraint of one template variant (a stack-visibility mask and a choice of tallest
/// arranged views) over the blueprint's variables: the user's constraints, intrinsic sizes,
/// stacks, and the fitting constraint `super.height == 0 @ 50`. The content view's width and each per-row parameter are edit
/// variables the fitter sets per row.
struct ConstraintSystem: Sendable {
    /// Priority of the fitting constraint (UILayoutPriorityFittingSizeLevel).
    static let fittingPriority = 50.0
    /// Priority of UIStackView's low "canvas" constraints that pick the smallest stack.
    static let canvasPriority = 49.0
    /// Priority that collapses hidden arranged views: below required so a view's own required
    /// size wins (UIKit would log a conflict and break the hiding constraint).
    static let collapsePriority = 999.0

    var constraints: [SystemConstraint] = []
    /// The terms of every constraint, one after another (distinct variables, non-zero
    /// coefficients): one array per system instead of one per constraint.
    var terms: [(variable: Int, coefficient: Double)] = []
    /// The descriptions of constraints made with their text (stacks, a diagnosis's row values);
    /// empty for a template without stacks, so it costs nothing to build or free.
    var generated: [ConstraintSource] = []
    /// Whether the content view's height is set per row (no fitting constraint).
    var hasFixedHeight = false

    /// Builds the system of `blueprint` with the arranged views in `mask` collapsed and each
    /// horizontal stack's baselines from the arranged view `tallest` chooses. With `fixedHeight`,
    /// the content view's height is an edit variable (a fixed-height row laid out for its frames)
    /// instead of being pulled to 0 at priority 50.
    init(_ blueprint: borrowing TemplateBlueprint, mask: UInt64, tallest: UInt64 = 0,
         fixedHeight: Bool = false) throws(LayoutError) {
        // (Borrowed: an initializer owns its arguments, so passing the blueprint on copied it.)
        // Written constraints, at most two intrinsic pairs per view and the fitting one (stacks
        // may grow it further): most templates then never regrow these arrays.
        let expected = blueprint.constraints.count + 4 * blueprint.views.count + 1
        constraints.reserveCapacity(expected)
        terms.reserveCapacity(4 * expected)
        // Read in place: a copy of each description would retain and release its four strings.
        for k in blueprint.constraints.indices {
            let start = terms.count
            let constant = appendDifference(k, blueprint, mask: mask, tallest: tallest)
            constraints.append(SystemConstraint(terms: start..<terms.count, constant: constant,
                                                relation: blueprint.constraints[k].relation,
                                                priority: blueprint.constraints[k].priority, origin: .written(k)))
        }
        addIntrinsicSizes(blueprint)
        for i in blueprint.views.indices where blueprint.views[i].isStack {
            if case .stack(let stack, let arranged) = blueprint.views[i].kind {
                StackConstraints(stack: i, spec: stack, arranged: arranged, blueprint: copy blueprint, mask: mask,
                                 tallest: tallest)
                    .generate(into: &self)
            }
        }
        if fixedHeight {
            hasFixedHeight = true
            return
        }
        // Every term so far has a non-zero coefficient, so a term on the height ties it.
        let tied = terms.contains { $0.variable == TemplateView.superHeight && abs($0.coefficient) > 1e-12 }
        let start = terms.count
        terms.append((TemplateView.superHeight, 1))
        constraints.append(SystemConstraint(terms: start..<terms.count, constant: 0, relation: .equal,
                                            priority: Self.fittingPriority, origin: .fitting))
        if !tied {
            throw LayoutError(path: blueprint.path, message:
                "the height is not determined: no constraint relates super.bottom (or super.height, " +
                "super.centerY, super.lastBaseline) to the views, so the cell would be 0 points tall")
        }
    }

    /// The terms of `c`.
    func terms(of c: SystemConstraint) -> ArraySlice<(variable: Int, coefficient: Double)> { terms[c.terms] }

    /// What a person would recognise of constraint `index` (a solver tag): its text, or a
    /// description of a generated one, and where it came from; nil for an unknown index.
    func source(of index: Int, in blueprint: TemplateBlueprint) -> ConstraintSource? {
        guard constraints.indices.contains(index) else { return nil }
        switch constraints[index].origin {
        case .written(let k):
            return ConstraintSource(text: blueprint.constraints[k].text, location: blueprint.constraints[k].location)
        case .intrinsic(let view, let vertical, let part):
            let id = blueprint.views[view].id
            let axis = vertical ? "height" : "width"
            let hug = vertical ? blueprint.views[view].hugging.vertical : blueprint.views[view].hugging.horizontal
            let resist = vertical ? blueprint.views[view].compression.vertical
                : blueprint.views[view].compression.horizontal
            let text = switch part {
            case .pair:
                "\(id).\(axis) == intrinsic \(axis) (hugging @\(formatNumber(hug)), "
                    + "compression resistance @\(formatNumber(resist)))"
            case .hugging:
                "\(id).\(axis) <= intrinsic \(axis) @\(formatNumber(hug)) (hugging)"
            case .resistance:
                "\(id).\(axis) >= intrinsic \(axis) @\(formatNumber(resist)) (compression resistance)"
            }
            return ConstraintSource(text: text, location: blueprint.views[view].location)
        case .generated(let i):
            return generated[i]
        case .fitting:
            return ConstraintSource(text: "super.height == 0 @50 (fitting)", path: blueprint.path)
        }
    }

    /// Appends the terms of `first - (multiplier * second + constant)` of written constraint `k`
    /// and returns its constant. The arithmetic is that of the
    /// expression sums it replaces (`first - (AffineExpression(constant: c).adding(second,
    /// times: m))`), operation for operation, so the tableau is bit-for-bit the same.
    private mutating func appendDifference(_ k: Int, _ blueprint: TemplateBlueprint, mask: UInt64,
                                           tallest: UInt64) -> Double {
        let views = blueprint.anchorViews[k]
        let first = blueprint.anchorTerms(views.first < 0 ? nil : views.first, blueprint.constraints[k].first.attribute,
                                          mask: mask, tallest: tallest)
        var rhsConstant = blueprint.constraints[k].constant
        let m = blueprint.constraints[k].multiplier
        var second = AnchorTerms()
        if let attribute = blueprint.constraints[k].second?.attribute {
            rhsConstant += m * 0
            second = blueprint.anchorTerms(views.second < 0 ? nil : views.second, attribute, mask: mask, tallest: tallest)
        }
        // Merged on the stack (at most three terms a side), then appended once: merging in the
        // shared array checked its uniqueness on every write.
        withUnsafeTemporaryAllocation(of: (variable: Int, coefficient: Double).self, capacity: 6) { merged in
            var n = 0
            for i in 0..<first.count {
                merged.initializeElement(at: n, to: first[i])
                n += 1
            }
            for i in 0..<second.count {
                let r = m * second[i].coefficient
                // The right side's own clean-up, then its subtraction from the left side.
                if abs(r) < 1e-12 { continue }
                let v = second[i].variable
                if let j = (0..<n).first(where: { merged[$0].variable == v }) {
                    merged[j].coefficient += -1 * r
                } else {
                    merged.initializeElement(at: n, to: (v, -1 * r))
                    n += 1
                }
            }
            // Cancelled terms leave, keeping the order of the others.
            for j in 0..<n where abs(merged[j].coefficient) >= 1e-12 { terms.append(merged[j]) }
        }
        return 0 + -1 * rhsConstant
    }

    /// Adds `expression REL 0 @ priority` described by `source`.
    mutating func add(_ expression: AffineExpression, _ relation: LayoutRelation, _ priority: Double,
                      _ source: ConstraintSource) {
        let start = terms.count
        terms.append(contentsOf: expression.terms)
        generated.append(source)
        constraints.append(SystemConstraint(terms: start..<terms.count, constant: expression.constant,
                                            relation: relation, priority: priority,
                                            origin: .generated(generated.count - 1)))
    }

    /// Content hugging (`size <= intrinsic`) and compression resistance (`size >= intrinsic`) on
    /// each axis where a view has an intrinsic size.
    private mutating func addIntrinsicSizes(_ blueprint: TemplateBlueprint) {
        // Each pair is added directly (no list of lengths, no intermediate expressions): this runs
        // for every view of every variant compiled. The views are read through the buffer: a
        // copy of each would retain and release its strings and row paths.
        blueprint.views.withUnsafeBufferPointer { views in
            for i in views.indices {
                if let width = views[i].kind.intrinsicValue(vertical: false, blueprint.labels) {
                    addIntrinsicPair(i, false, width, views[i].hugging.horizontal, views[i].compression.horizontal)
                }
                if let height = views[i].kind.intrinsicValue(vertical: true, blueprint.labels) {
                    addIntrinsicPair(i, true, height, views[i].hugging.vertical, views[i].compression.vertical)
                }
            }
        }
    }

    /// `size <= intrinsic @hug` and `size >= intrinsic @resist` for one axis of view `view`.
    /// When neither is required, they are one equality whose excess costs at `hug` and shortfall
    /// at `resist` (the same optimum with one tableau row and two symbols instead of four).
    private mutating func addIntrinsicPair(_ view: Int, _ vertical: Bool, _ value: IntrinsicValue,
                                           _ hug: Double, _ resist: Double) {
        let start = terms.count
        let size = vertical ? TemplateView.height(view) : TemplateView.width(view)
        var constant = 0.0
        switch value {
        case .fixed(let v):
            terms.append((size, 1))
            constant = 0 + -1 * v
        case .row(let parameter):
            terms.append((size, 1))
            terms.append((parameter, -1))
        }
        let range = start..<terms.count
        if hug < 1000 && resist < 1000 {
            constraints.append(SystemConstraint(terms: range, constant: constant, relation: .equal, priority: hug,
                                                origin: .intrinsic(view: view, vertical: vertical, .pair),
                                                shortfallPriority: resist))
            return
        }
        // Both sides share the terms.
        constraints.append(SystemConstraint(terms: range, constant: constant, relation: .lessThanOrEqual,
                                            priority: hug, origin: .intrinsic(view: view, vertical: vertical, .hugging)))
        constraints.append(SystemConstraint(terms: range, constant: constant, relation: .greaterThanOrEqual,
                                            priority: resist,
                                            origin: .intrinsic(view: view, vertical: vertical, .resistance)))
    }
}

/// An intrinsic length as the constraint system needs it: a constant or a row parameter variable.
fileprivate enum IntrinsicValue {
    case fixed(Double)
    case row(Int)
}

extension TemplateView.Kind {
    /// The intrinsic length on one axis as the constraint system needs it, or nil. Only numbers
    /// are bound: binding a whole length would copy (retain and release) its row path.
    fileprivate func intrinsicValue(vertical: Bool, _ labels: [LabelSlot]) -> IntrinsicValue? {
        switch self {
        case .label(let slot):
            return .row(vertical ? labels[slot].intrinsicHeight : labels[slot].intrinsicWidth)
        case .box(.fixed(let v)?, _) where !vertical, .box(_, .fixed(let v)?) where vertical:
            return .fixed(v)
        case .box(.row(_, let parameter)?, _) where !vertical, .box(_, .row(_, let parameter)?) where vertical:
            return .row(parameter)
        case .box, .stack:
            return nil
        }
    }
}
