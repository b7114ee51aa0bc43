import CellsFormat
/// The constraints UIStackView adds for one stack: arranged views chained along the axis with
/// the spacing, distribution and cross-axis alignment rules; hidden arranged views collapse to
/// zero length at the stack's start and leave the chain (spacing is only between visible views).
struct StackConstraints {
    let stack: Int
    let spec: StackSpec
    let arranged: [Int]
    let blueprint: TemplateBlueprint
    let mask: UInt64
    /// The variant's choice of tallest arranged view per horizontal stack (see `TallestField`).
    let tallest: UInt64

    private var horizontal: Bool { spec.axis == .horizontal }
    private var mainStart: LayoutAttribute { horizontal ? .left : .top }
    private var mainEnd: LayoutAttribute { horizontal ? .right : .bottom }
    private var mainSize: LayoutAttribute { horizontal ? .width : .height }
    private var mainCenter: LayoutAttribute { horizontal ? .centerX : .centerY }
    private var crossStart: LayoutAttribute { horizontal ? .top : .left }
    private var crossEnd: LayoutAttribute { horizontal ? .bottom : .right }
    private var crossSize: LayoutAttribute { horizontal ? .height : .width }
    private var crossCenter: LayoutAttribute { horizontal ? .centerY : .centerX }

    private func e(_ view: Int, _ attribute: LayoutAttribute) -> AffineExpression {
        blueprint.expression(view, attribute, mask: mask, tallest: tallest)
    }

    private func id(_ view: Int) -> String { blueprint.views[view].id }

    func generate(into system: inout ConstraintSystem) {
        let stackID = id(stack)
        let location = blueprint.views[stack].location
        func add(_ lhs: AffineExpression, _ relation: LayoutRelation, _ rhs: AffineExpression,
                 _ priority: Double = 1000, _ text: String) {
            system.add(lhs - rhs, relation, priority,
                       ConstraintSource(text: "stack \(stackID): \(text)", location: location))
        }
        let visible = arranged.filter { !blueprint.isCollapsed($0, mask: mask) }
        let s = stack

        guard let first = visible.first, let last = visible.last else {
            // Collapsed like its hidden views (UIKit keeps them chained at zero length), so the
            // fitting pull cannot make it negative; below required so outside pins still win.
            add(e(s, mainSize), .equal, AffineExpression(), ConstraintSystem.collapsePriority,
                "\(stackID).\(mainSize) == 0 (no visible arranged views)")
            add(e(s, crossSize), .equal, AffineExpression(), ConstraintSystem.collapsePriority,
                "\(stackID).\(crossSize) == 0 (no visible arranged views)")
            for v in arranged { align(v, to: v, priority: ConstraintSystem.collapsePriority, spanning: false, add) }
            collapse(arranged, into: add)
            return
        }

        // Main axis: pinned ends, then the distribution's chain.
        add(e(first, mainStart), .equal, e(s, mainStart), 1000, "\(id(first)).\(mainStart) == \(stackID).\(mainStart)")
        add(e(last, mainEnd), .equal, e(s, mainEnd), 1000, "\(id(last)).\(mainEnd) == \(stackID).\(mainEnd)")
        let spacing = AffineExpression(constant: spec.spacing)
        let sp = formatNumber(spec.spacing)
        for (a, b) in zip(visible, visible.dropFirst()) {
            let gap = e(b, mainStart) - e(a, mainEnd)
            switch spec.distribution {
            case .fill, .fillEqually, .fillProportionally:
                add(gap, .equal, spacing, 1000, "\(id(b)).\(mainStart) == \(id(a)).\(mainEnd) + \(sp)")
                if spec.distribution == .fillEqually {
                    add(e(b, mainSize), .equal, e(first, mainSize), 1000, "\(id(b)).\(mainSize) == \(id(first)).\(mainSize)")
                }
            case .equalSpacing:
                add(gap, .greaterThanOrEqual, spacing, 1000, "\(id(b)).\(mainStart) >= \(id(a)).\(mainEnd) + \(sp)")
                if let second = visible.dropFirst().first, b != second {
                    let firstGap = e(second, mainStart) - e(first, mainEnd)
                    add(gap, .equal, firstGap, 1000, "gap after \(id(a)) == gap after \(id(first))")
                }
            case .equalCentering:
                add(gap, .greaterThanOrEqual, spacing, 1000, "\(id(b)).\(mainStart) >= \(id(a)).\(mainEnd) + \(sp)")
                let step = e(b, mainCenter) - e(a, mainCenter)
                if let second = visible.dropFirst().first, b != second {
                    add(step, .equal, e(second, mainCenter) - e(first, mainCenter), Self.equalCenteringPriority,
                        "\(id(b)).\(mainCenter) - \(id(a)).\(mainCenter) == \(id(second)).\(mainCenter) - \(id(first)).\(mainCenter)")
                }
            }
        }
        if spec.distribution == .equalSpacing || spec.distribution == .equalCentering {
            // UISV-canvas-fit: the gaps have no size of their own; only the stack is pulled in.
            add(e(s, mainSize), .equal, AffineExpression(), ConstraintSystem.canvasPriority,
                "\(stackID).\(mainSize) == 0 (canvas fit)")
        }

        // Cross axis: every arranged view, hidden ones included (UIKit keeps their alignment).
        for v in arranged {
            let hidden = blueprint.isCollapsed(v, mask: mask)
            align(v, to: first, priority: hidden ? ConstraintSystem.collapsePriority : 1000, spanning: !hidden, add)
        }
        if spec.alignment != .fill {
            // UIStackView's canvas: as small across as the largest arranged view allows.
            add(e(s, crossSize), .equal, AffineExpression(), ConstraintSystem.canvasPriority,
                "\(stackID).\(crossSize) == 0 (canvas fit)")
        }
        collapse(arranged.filter { blueprint.isCollapsed($0, mask: mask) }, into: add)
    }

    /// Priority of equalCentering's equal centre-to-centre steps (UISV-fill-equally on its gap
    /// guides): below compression resistance, so views keep their size before the steps do.
    static let equalCenteringPriority = 149.0
    /// Priority of UISV-ambiguity-suppression: in a non-fill alignment each arranged view's size
    /// across the axis is pulled to 0, below everything else, so a view without an intrinsic size
    /// there takes the least its constraints allow.
    static let ambiguitySuppressionPriority = 25.0

    /// The alignment constraints of arranged view `v` across the axis (UISV-alignment and, when
    /// `spanning`, UISV-spanning-boundary's inequalities that keep it inside the stack: UIKit
    /// makes those for visible views only, so a hidden view neither widens nor heightens a
    /// stack that is not fill-aligned), `reference` being the first visible view baselines are
    /// aligned to.
    private func align(_ v: Int, to reference: Int, priority p: Double, spanning: Bool,
                       _ add: (AffineExpression, LayoutRelation, AffineExpression, Double, String) -> Void) {
        let name = id(v)
        let s = stack
        let stackID = id(s)
        func startBoundary() {
            guard spanning else { return }
            add(e(v, crossStart), .greaterThanOrEqual, e(s, crossStart), p, "\(name).\(crossStart) >= \(stackID).\(crossStart)")
        }
        func endBoundary() {
            guard spanning else { return }
            add(e(v, crossEnd), .lessThanOrEqual, e(s, crossEnd), p, "\(name).\(crossEnd) <= \(stackID).\(crossEnd)")
        }
        switch spec.alignment {
        case .fill:
            add(e(v, crossStart), .equal, e(s, crossStart), p, "\(name).\(crossStart) == \(stackID).\(crossStart)")
            add(e(v, crossEnd), .equal, e(s, crossEnd), p, "\(name).\(crossEnd) == \(stackID).\(crossEnd)")
            return
        case .leading, .top:
            add(e(v, crossStart), .equal, e(s, crossStart), p, "\(name).\(crossStart) == \(stackID).\(crossStart)")
            endBoundary()
        case .trailing, .bottom:
            add(e(v, crossEnd), .equal, e(s, crossEnd), p, "\(name).\(crossEnd) == \(stackID).\(crossEnd)")
            startBoundary()
        case .center:
            add(e(v, crossCenter), .equal, e(s, crossCenter), p, "\(name).\(crossCenter) == \(stackID).\(crossCenter)")
            startBoundary()
            endBoundary()
        case .firstBaseline, .lastBaseline:
            let baseline: LayoutAttribute = spec.alignment == .firstBaseline ? .firstBaseline : .lastBaseline
            if v != reference {
                add(e(v, baseline), .equal, e(reference, baseline), p, "\(name).\(baseline) == \(id(reference)).\(baseline)")
            }
            startBoundary()
            endBoundary()
        }
        add(e(v, crossSize), .equal, AffineExpression(), Self.ambiguitySuppressionPriority,
            "\(name).\(crossSize) == 0 (ambiguity suppression)")
    }

    /// Hidden arranged views: zero length along the axis where UIKit's chain leaves them (after
    /// the visible view before them, half the spacing on between two visible views; at the
    /// stack's start before the first), below required so the view's own required constraints
    /// win (UIKit would log the conflict and break the hiding constraint).
    private func collapse(_ hidden: [Int],
                          into add: (AffineExpression, LayoutRelation, AffineExpression, Double, String) -> Void) {
        let p = ConstraintSystem.collapsePriority
        for v in hidden {
            let name = id(v)
            let position = arranged.firstIndex(of: v) ?? 0
            let before = arranged[..<position].last { !blueprint.isCollapsed($0, mask: mask) }
            let after = arranged[(position + 1)...].contains { !blueprint.isCollapsed($0, mask: mask) }
            add(e(v, mainSize), .equal, AffineExpression(), p, "\(name).\(mainSize) == 0 (hidden)")
            if let before {
                let half = after ? spec.spacing / 2 : 0
                add(e(v, mainStart), .equal, e(before, mainEnd) + AffineExpression(constant: half), p,
                    "\(name).\(mainStart) == \(id(before)).\(mainEnd) + \(formatNumber(half)) (hidden)")
            } else {
                add(e(v, mainStart), .equal, e(stack, mainStart), p, "\(name).\(mainStart) == \(id(stack)).\(mainStart) (hidden)")
            }
        }
    }
}
