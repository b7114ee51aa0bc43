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
        blueprint.expression(view, attribute, mask: mask)
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
                } else {
                    add(gap, .equal, spacing, ConstraintSystem.canvasPriority, "gap after \(id(a)) == \(sp) (canvas)")
                }
            case .equalCentering:
                add(gap, .greaterThanOrEqual, spacing, 1000, "\(id(b)).\(mainStart) >= \(id(a)).\(mainEnd) + \(sp)")
                let step = e(b, mainCenter) - e(a, mainCenter)
                if let second = visible.dropFirst().first, b != second {
                    add(step, .equal, e(second, mainCenter) - e(first, mainCenter), 1000,
                        "\(id(b)).\(mainCenter) - \(id(a)).\(mainCenter) == \(id(second)).\(mainCenter) - \(id(first)).\(mainCenter)")
                } else {
                    add(gap, .equal, spacing, ConstraintSystem.canvasPriority, "gap after \(id(a)) == \(sp) (canvas)")
                }
            }
        }

        // Cross axis.
        for v in visible {
            let name = id(v)
            switch spec.alignment {
            case .fill:
                add(e(v, crossStart), .equal, e(s, crossStart), 1000, "\(name).\(crossStart) == \(stackID).\(crossStart)")
                add(e(v, crossEnd), .equal, e(s, crossEnd), 1000, "\(name).\(crossEnd) == \(stackID).\(crossEnd)")
            case .leading, .top:
                add(e(v, crossStart), .equal, e(s, crossStart), 1000, "\(name).\(crossStart) == \(stackID).\(crossStart)")
                add(e(v, crossEnd), .lessThanOrEqual, e(s, crossEnd), 1000, "\(name).\(crossEnd) <= \(stackID).\(crossEnd)")
            case .trailing, .bottom:
                add(e(v, crossEnd), .equal, e(s, crossEnd), 1000, "\(name).\(crossEnd) == \(stackID).\(crossEnd)")
                add(e(v, crossStart), .greaterThanOrEqual, e(s, crossStart), 1000, "\(name).\(crossStart) >= \(stackID).\(crossStart)")
            case .center:
                add(e(v, crossCenter), .equal, e(s, crossCenter), 1000, "\(name).\(crossCenter) == \(stackID).\(crossCenter)")
                add(e(v, crossStart), .greaterThanOrEqual, e(s, crossStart), 1000, "\(name).\(crossStart) >= \(stackID).\(crossStart)")
                add(e(v, crossEnd), .lessThanOrEqual, e(s, crossEnd), 1000, "\(name).\(crossEnd) <= \(stackID).\(crossEnd)")
            case .firstBaseline, .lastBaseline:
                let baseline: LayoutAttribute = spec.alignment == .firstBaseline ? .firstBaseline : .lastBaseline
                if v != first {
                    add(e(v, baseline), .equal, e(first, baseline), 1000, "\(name).\(baseline) == \(id(first)).\(baseline)")
                }
                add(e(v, crossStart), .greaterThanOrEqual, e(s, crossStart), 1000, "\(name).\(crossStart) >= \(stackID).\(crossStart)")
                add(e(v, crossEnd), .lessThanOrEqual, e(s, crossEnd), 1000, "\(name).\(crossEnd) <= \(stackID).\(crossEnd)")
            }
        }
        if spec.alignment != .fill {
            // UIStackView's canvas: as small across as the largest arranged view allows.
            add(e(s, crossSize), .equal, AffineExpression(), ConstraintSystem.canvasPriority,
                "\(stackID).\(crossSize) == 0 (canvas fit)")
        }
        collapse(arranged.filter { blueprint.isCollapsed($0, mask: mask) }, into: add)
    }

    /// Hidden arranged views: zero length along the axis at the stack's start, aligned to the
    /// stack's cross start, all below required so the view's own required constraints win.
    private func collapse(_ hidden: [Int],
                          into add: (AffineExpression, LayoutRelation, AffineExpression, Double, String) -> Void) {
        let p = ConstraintSystem.collapsePriority
        for v in hidden {
            let name = id(v)
            add(e(v, mainSize), .equal, AffineExpression(), p, "\(name).\(mainSize) == 0 (hidden)")
            add(e(v, mainStart), .equal, e(stack, mainStart), p, "\(name).\(mainStart) == \(id(stack)).\(mainStart) (hidden)")
            add(e(v, crossStart), .equal, e(stack, crossStart), p, "\(name).\(crossStart) == \(id(stack)).\(crossStart) (hidden)")
        }
    }
}
