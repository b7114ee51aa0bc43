/// Where a generated constraint came from, to name it when constraints conflict.
struct ConstraintSource: Sendable {
    /// An intrinsic-size constraint, described only when a message needs it (compiling stays
    /// free of string building for the most numerous generated constraints).
    struct Intrinsic: Sendable {
        var view: String
        var axis: String
        var hugging: Bool
        var priority: Double
        /// The compression resistance of a pair written as one constraint (`priority` is then
        /// the hugging), or nil.
        var pairedResistance: Double? = nil
    }

    private var fixedText: String?
    private var intrinsic: Intrinsic?
    /// Where it came from (spelled out only when a message needs it).
    var location: DocumentPath
    /// JSON path, e.g. `templates.FeedCell.constraints[3]` or `templates.FeedCell.views[1]`.
    var path: String { location.path }

    init(text: String, path: String) {
        fixedText = text
        location = .text(path)
    }

    init(text: String, location: DocumentPath) {
        fixedText = text
        self.location = location
    }

    init(intrinsic: Intrinsic, location: DocumentPath) {
        self.intrinsic = intrinsic
        self.location = location
    }

    /// What a person would recognise: the constraint's text or a description of a generated one.
    var text: String {
        if let fixedText { return fixedText }
        guard let i = intrinsic else { return "" }
        if let resist = i.pairedResistance {
            return "\(i.view).\(i.axis) == intrinsic \(i.axis) (hugging @\(formatNumber(i.priority)), "
                + "compression resistance @\(formatNumber(resist)))"
        }
        return i.hugging
            ? "\(i.view).\(i.axis) <= intrinsic \(i.axis) @\(formatNumber(i.priority)) (hugging)"
            : "\(i.view).\(i.axis) >= intrinsic \(i.axis) @\(formatNumber(i.priority)) (compression resistance)"
    }
}

/// One linear constraint `Σ terms + constant REL 0 @ priority`, tagged with its source's index;
/// its terms are `ConstraintSystem.terms[terms]` (one array for the whole system).
struct SystemConstraint: Sendable {
    var terms: Range<Int>
    var constant: Double
    var relation: LayoutRelation
    var priority: Double
    var source: Int
    /// For a non-required hugging and compression-resistance pair held as one equality
    /// `size - intrinsic == 0`: the priority of a shortfall (`priority` is that of an excess).
    var shortfallPriority: Double? = nil
}

/// Every constraint of one template variant (a stack-visibility mask) over the blueprint's
/// variables: the user's constraints, intrinsic sizes, stacks, and the fitting constraint
/// `super.height == 0 @ 50`. The content view's width and each per-row parameter are edit
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
    var sources: [ConstraintSource] = []
    /// Index of the fitting constraint's source.
    var fittingSource = 0
    /// Whether the content view's height is set per row (no fitting constraint).
    var hasFixedHeight = false

    /// Builds the system of `blueprint` with the arranged views in `mask` collapsed.
    /// With `fixedHeight`, the content view's height is an edit variable (a fixed-height row laid
    /// out for its frames) instead of being pulled to 0 at priority 50.
    init(_ blueprint: TemplateBlueprint, mask: UInt64, fixedHeight: Bool = false) throws(LayoutError) {
        // Written constraints, at most two intrinsic pairs per view and the fitting one (stacks
        // may grow it further): most templates then never regrow these arrays.
        let expected = blueprint.constraints.count + 4 * blueprint.views.count + 1
        constraints.reserveCapacity(expected)
        sources.reserveCapacity(expected)
        terms.reserveCapacity(4 * expected)
        // Read in place: a copy of each description would retain and release its four strings.
        for k in blueprint.constraints.indices {
            let start = terms.count
            let constant = appendDifference(k, blueprint, mask: mask)
            sources.append(ConstraintSource(text: blueprint.constraints[k].text, location: blueprint.constraints[k].location))
            constraints.append(SystemConstraint(terms: start..<terms.count, constant: constant,
                                                relation: blueprint.constraints[k].relation,
                                                priority: blueprint.constraints[k].priority, source: sources.count - 1))
        }
        for i in blueprint.views.indices {
            addIntrinsicSize(of: i, blueprint.views[i], blueprint)
        }
        for i in blueprint.views.indices where blueprint.views[i].isStack {
            if case .stack(let stack, let arranged) = blueprint.views[i].kind {
                StackConstraints(stack: i, spec: stack, arranged: arranged, blueprint: blueprint, mask: mask)
                    .generate(into: &self)
            }
        }
        if fixedHeight {
            hasFixedHeight = true
            return
        }
        fittingSource = sources.count
        add(AffineExpression(variable: TemplateView.superHeight), .equal, Self.fittingPriority,
            ConstraintSource(text: "super.height == 0 @50 (fitting)", path: blueprint.path))

        let tied = constraints.contains { $0.source != fittingSource
            && abs(coefficient(of: TemplateView.superHeight, in: $0)) > 1e-12 }
        if !tied {
            throw LayoutError(path: blueprint.path, message:
                "the height is not determined: no constraint relates super.bottom (or super.height, " +
                "super.centerY, a super baseline) to the views, so the cell would be 0 points tall")
        }
    }

    /// The terms of `c`.
    func terms(of c: SystemConstraint) -> ArraySlice<(variable: Int, coefficient: Double)> { terms[c.terms] }

    /// The coefficient of `variable` in `c`.
    func coefficient(of variable: Int, in c: SystemConstraint) -> Double {
        terms[c.terms].reduce(0) { $1.variable == variable ? $0 + $1.coefficient : $0 }
    }

    /// Appends the terms of `first - (multiplier * second + constant)` of written constraint `k`
    /// and returns its constant. The arithmetic is that of the
    /// expression sums it replaces (`first - (AffineExpression(constant: c).adding(second,
    /// times: m))`), operation for operation, so the tableau is bit-for-bit the same.
    private mutating func appendDifference(_ k: Int, _ blueprint: TemplateBlueprint, mask: UInt64) -> Double {
        let start = terms.count
        let views = blueprint.anchorViews[k]
        let first = blueprint.anchorTerms(views.first < 0 ? nil : views.first, blueprint.constraints[k].first.attribute,
                                          mask: mask)
        for i in 0..<first.count { terms.append(first[i]) }
        var rhsConstant = blueprint.constraints[k].constant
        if let attribute = blueprint.constraints[k].second?.attribute {
            let m = blueprint.constraints[k].multiplier
            rhsConstant += m * 0
            let other = blueprint.anchorTerms(views.second < 0 ? nil : views.second, attribute, mask: mask)
            for i in 0..<other.count {
                let r = m * other[i].coefficient
                // The right side's own clean-up, then its subtraction from the left side.
                if abs(r) < 1e-12 { continue }
                let v = other[i].variable
                if let j = terms[start...].firstIndex(where: { $0.variable == v }) {
                    terms[j].coefficient += -1 * r
                } else {
                    terms.append((v, -1 * r))
                }
            }
        }
        // Cancelled terms leave, keeping the order of the others.
        var kept = start
        for j in start..<terms.count where abs(terms[j].coefficient) >= 1e-12 {
            terms[kept] = terms[j]
            kept += 1
        }
        terms.removeLast(terms.count - kept)
        return 0 + -1 * rhsConstant
    }

    /// Adds `expression REL 0 @ priority` from `source`.
    mutating func add(_ expression: AffineExpression, _ relation: LayoutRelation, _ priority: Double,
                      _ source: ConstraintSource) {
        let start = terms.count
        terms.append(contentsOf: expression.terms)
        sources.append(source)
        constraints.append(SystemConstraint(terms: start..<terms.count, constant: expression.constant,
                                            relation: relation, priority: priority, source: sources.count - 1))
    }

    /// Content hugging (`size <= intrinsic`) and compression resistance (`size >= intrinsic`) on
    /// each axis where the view has an intrinsic size.
    private mutating func addIntrinsicSize(of i: Int, _ view: borrowing TemplateView, _ blueprint: TemplateBlueprint) {
        // Each pair is added directly (no list of lengths, no intermediate expressions): this runs
        // for every view of every variant compiled. `size - value` is written out with the same
        // terms and the same constant arithmetic the expression sum would do.
        switch view.kind {
        case .label(let slot):
            // The two indices read in place (a copy of the slot would retain its text and style).
            addIntrinsicPair(view, TemplateView.width(i), .row(blueprint.labels[slot].intrinsicWidth),
                             view.hugging.horizontal, view.compression.horizontal, "width")
            addIntrinsicPair(view, TemplateView.height(i), .row(blueprint.labels[slot].intrinsicHeight),
                             view.hugging.vertical, view.compression.vertical, "height")
        case .box(let width, let height):
            if let width {
                addIntrinsicPair(view, TemplateView.width(i), width.parameterOrValue, view.hugging.horizontal,
                                 view.compression.horizontal, "width")
            }
            if let height {
                addIntrinsicPair(view, TemplateView.height(i), height.parameterOrValue, view.hugging.vertical,
                                 view.compression.vertical, "height")
            }
        case .stack:
            break
        }
    }

    /// `size <= intrinsic @hug` and `size >= intrinsic @resist` for one axis of `view`. When
    /// neither is required, they are one equality whose excess costs at `hug` and shortfall at
    /// `resist` (the same optimum with one tableau row and two symbols instead of four).
    private mutating func addIntrinsicPair(_ view: borrowing TemplateView, _ size: Int, _ value: IntrinsicValue,
                                           _ hug: Double, _ resist: Double, _ axis: String) {
        let start = terms.count
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
            sources.append(ConstraintSource(intrinsic: .init(view: view.id, axis: axis, hugging: true, priority: hug,
                                                             pairedResistance: resist), location: view.location))
            constraints.append(SystemConstraint(terms: range, constant: constant, relation: .equal, priority: hug,
                                                source: sources.count - 1, shortfallPriority: resist))
            return
        }
        // Both sides share the terms.
        sources.append(ConstraintSource(intrinsic: .init(view: view.id, axis: axis, hugging: true, priority: hug),
                                        location: view.location))
        constraints.append(SystemConstraint(terms: range, constant: constant, relation: .lessThanOrEqual,
                                            priority: hug, source: sources.count - 1))
        sources.append(ConstraintSource(intrinsic: .init(view: view.id, axis: axis, hugging: false, priority: resist),
                                        location: view.location))
        constraints.append(SystemConstraint(terms: range, constant: constant, relation: .greaterThanOrEqual,
                                            priority: resist, source: sources.count - 1))
    }
}

/// An intrinsic length as the constraint system needs it: a constant or a row parameter variable.
fileprivate enum IntrinsicValue {
    case fixed(Double)
    case row(Int)
}

extension IntrinsicLength {
    /// The constant, or the parameter variable a row sets.
    fileprivate var parameterOrValue: IntrinsicValue {
        switch self {
        case .fixed(let v): .fixed(v)
        case .row(_, let parameter): .row(parameter)
        }
    }
}
