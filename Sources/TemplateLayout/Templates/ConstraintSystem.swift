/// Where a generated constraint came from, to name it when constraints conflict.
struct ConstraintSource: Sendable {
    /// An intrinsic-size constraint, described only when a message needs it (compiling stays
    /// free of string building for the most numerous generated constraints).
    struct Intrinsic: Sendable {
        var view: String
        var axis: String
        var hugging: Bool
        var priority: Double
    }

    private var fixedText: String?
    private var intrinsic: Intrinsic?
    /// JSON path, e.g. `templates.FeedCell.constraints[3]` or `templates.FeedCell.views[1]`.
    var path: String

    init(text: String, path: String) {
        fixedText = text
        self.path = path
    }

    init(intrinsic: Intrinsic, path: String) {
        self.intrinsic = intrinsic
        self.path = path
    }

    /// What a person would recognise: the constraint's text or a description of a generated one.
    var text: String {
        if let fixedText { return fixedText }
        guard let i = intrinsic else { return "" }
        return i.hugging
            ? "\(i.view).\(i.axis) <= intrinsic \(i.axis) @\(formatNumber(i.priority)) (hugging)"
            : "\(i.view).\(i.axis) >= intrinsic \(i.axis) @\(formatNumber(i.priority)) (compression resistance)"
    }
}

/// One linear constraint `expression REL 0 @ priority`, tagged with its source's index.
struct SystemConstraint: Sendable {
    var expression: AffineExpression
    var relation: LayoutRelation
    var priority: Double
    var source: Int
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
    var sources: [ConstraintSource] = []
    /// Index of the fitting constraint's source.
    var fittingSource = 0
    /// Whether the content view's height is set per row (no fitting constraint).
    var hasFixedHeight = false

    /// Builds the system of `blueprint` with the arranged views in `mask` collapsed.
    /// With `fixedHeight`, the content view's height is an edit variable (a fixed-height row laid
    /// out for its frames) instead of being pulled to 0 at priority 50.
    init(_ blueprint: TemplateBlueprint, mask: UInt64, fixedHeight: Bool = false) throws(LayoutError) {
        for description in blueprint.constraints {
            let first = blueprint.expression(index(description.first.item, blueprint),
                                             description.first.attribute, mask: mask)
            var rhs = AffineExpression(constant: description.constant)
            if let second = description.second {
                rhs = rhs.adding(blueprint.expression(index(second.item, blueprint), second.attribute, mask: mask),
                                 times: description.multiplier)
            }
            add(first - rhs, description.relation, description.priority,
                ConstraintSource(text: description.text, path: description.path))
        }
        for (i, view) in blueprint.views.enumerated() {
            addIntrinsicSize(of: i, view, blueprint)
        }
        for (i, view) in blueprint.views.enumerated() {
            if case .stack(let stack, let arranged) = view.kind {
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
            && abs($0.expression.coefficient(of: TemplateView.superHeight)) > 1e-12 }
        if !tied {
            throw LayoutError(path: blueprint.path, message:
                "the height is not determined: no constraint relates super.bottom (or super.height, " +
                "super.centerY, a super baseline) to the views, so the cell would be 0 points tall")
        }
    }

    private func index(_ item: String, _ blueprint: TemplateBlueprint) -> Int? {
        item == "super" ? nil : blueprint.viewIndex[item]
    }

    /// Adds `expression REL 0 @ priority` from `source`.
    mutating func add(_ expression: AffineExpression, _ relation: LayoutRelation, _ priority: Double,
                      _ source: ConstraintSource) {
        sources.append(source)
        constraints.append(SystemConstraint(expression: expression, relation: relation, priority: priority,
                                            source: sources.count - 1))
    }

    /// Content hugging (`size <= intrinsic`) and compression resistance (`size >= intrinsic`) on
    /// each axis where the view has an intrinsic size.
    private mutating func addIntrinsicSize(of i: Int, _ view: TemplateView, _ blueprint: TemplateBlueprint) {
        var lengths: [(variable: Int, value: AffineExpression, hug: Double, resist: Double, axis: String)] = []
        func value(_ length: IntrinsicLength) -> AffineExpression {
            switch length {
            case .fixed(let v): return AffineExpression(constant: v)
            case .row(_, let parameter): return AffineExpression(variable: parameter)
            }
        }
        switch view.kind {
        case .label(let slot):
            let label = blueprint.labels[slot]
            lengths.append((TemplateView.width(i), AffineExpression(variable: label.intrinsicWidth),
                            view.hugging.horizontal, view.compression.horizontal, "width"))
            lengths.append((TemplateView.height(i), AffineExpression(variable: label.intrinsicHeight),
                            view.hugging.vertical, view.compression.vertical, "height"))
        case .box(let width, let height):
            if let width {
                lengths.append((TemplateView.width(i), value(width), view.hugging.horizontal,
                                view.compression.horizontal, "width"))
            }
            if let height {
                lengths.append((TemplateView.height(i), value(height), view.hugging.vertical,
                                view.compression.vertical, "height"))
            }
        case .stack:
            break
        }
        for length in lengths {
            let size = AffineExpression(variable: length.variable)
            let difference = size - length.value
            add(difference, .lessThanOrEqual, length.hug, ConstraintSource(
                intrinsic: .init(view: view.id, axis: length.axis, hugging: true, priority: length.hug), path: view.path))
            add(difference, .greaterThanOrEqual, length.resist, ConstraintSource(
                intrinsic: .init(view: view.id, axis: length.axis, hugging: false, priority: length.resist), path: view.path))
        }
    }
}
