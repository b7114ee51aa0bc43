/// The terms of one anchor's expression (at most three), held inline so building a constraint
/// needs no array per side.
struct AnchorTerms {
    private(set) var count = 0
    private var storage: ((Int, Double), (Int, Double), (Int, Double)) = ((0, 0), (0, 0), (0, 0))

    init() {}

    init(_ a: (Int, Double)) {
        append(a.0, a.1)
    }

    init(_ a: (Int, Double), _ b: (Int, Double)) {
        append(a.0, a.1)
        append(b.0, b.1)
    }

    init(_ a: (Int, Double), _ b: (Int, Double), _ c: (Int, Double)) {
        append(a.0, a.1)
        append(b.0, b.1)
        append(c.0, c.1)
    }

    mutating func append(_ variable: Int, _ coefficient: Double) {
        switch count {
        case 0: storage.0 = (variable, coefficient)
        case 1: storage.1 = (variable, coefficient)
        default: storage.2 = (variable, coefficient)
        }
        count += 1
    }

    subscript(_ i: Int) -> (variable: Int, coefficient: Double) {
        switch i {
        case 0: storage.0
        case 1: storage.1
        default: storage.2
        }
    }
}

extension TemplateBlueprint {
    /// The linear expression of `attribute` of view `view` (nil: the content view) in the content
    /// view's coordinates. Left/top of the content view are 0. Labels draw their text centred
    /// vertically, so their baselines are `top + height / 2 + offset`; a vertical stack's baselines
    /// are those of its first (last) visible arranged view, a horizontal stack's those of its
    /// tallest visible arranged view as `tallest` chooses it (see `baselineView`); any other view
    /// (the content view included) has its first baseline at its top and its last at its bottom.
    func expression(_ view: Int?, _ attribute: LayoutAttribute, mask: UInt64, tallest: UInt64 = 0) -> AffineExpression {
        let a = anchorTerms(view, attribute, mask: mask, tallest: tallest)
        var e = AffineExpression()
        if a.count == 0 { return e }
        e.terms.reserveCapacity(a.count)
        for i in 0..<a.count { e.terms.append(a[i]) }
        return e
    }

    /// The terms of `expression(view, attribute, mask:tallest:)`, in the same order (its constant
    /// is 0). A margin attribute has the terms of the edge or centre it is measured from: the
    /// compiler folds its offset into the constraint's constant (`TemplateCompiler`).
    func anchorTerms(_ view: Int?, _ attribute: LayoutAttribute, mask: UInt64, tallest: UInt64 = 0) -> AnchorTerms {
        guard let view else {
            switch attribute {
            case .left, .leading, .top, .firstBaseline, .leftMargin, .leadingMargin, .topMargin: return AnchorTerms()
            case .right, .trailing, .width, .rightMargin, .trailingMargin: return AnchorTerms((TemplateView.superWidth, 1))
            case .bottom, .height, .lastBaseline, .bottomMargin: return AnchorTerms((TemplateView.superHeight, 1))
            case .centerX, .centerXWithinMargins: return AnchorTerms((TemplateView.superWidth, 0.5))
            case .centerY, .centerYWithinMargins: return AnchorTerms((TemplateView.superHeight, 0.5))
            }
        }
        let x = TemplateView.left(view)
        let y = TemplateView.top(view)
        let w = TemplateView.width(view)
        let h = TemplateView.height(view)
        switch attribute {
        case .left, .leading, .leftMargin, .leadingMargin: return AnchorTerms((x, 1))
        case .right, .trailing, .rightMargin, .trailingMargin: return AnchorTerms((x, 1), (w, 1))
        case .width: return AnchorTerms((w, 1))
        case .top, .topMargin: return AnchorTerms((y, 1))
        case .bottom, .bottomMargin: return AnchorTerms((y, 1), (h, 1))
        case .height: return AnchorTerms((h, 1))
        case .centerX, .centerXWithinMargins: return AnchorTerms((x, 1), (w, 0.5))
        case .centerY, .centerYWithinMargins: return AnchorTerms((y, 1), (h, 0.5))
        case .firstBaseline, .lastBaseline:
            switch views[view].kind {
            case .label(let slot):
                let offset = attribute == .firstBaseline ? labels[slot].firstBaselineOffset : labels[slot].lastBaselineOffset
                return AnchorTerms((y, 1), (h, 0.5), (offset, 1))
            case .stack(let spec, let arranged):
                let delegate = spec.axis == .horizontal
                    ? baselineView(ofHorizontalStack: view, arranged: arranged, mask: mask, tallest: tallest)
                    : attribute == .firstBaseline
                    ? arranged.first { !isCollapsed($0, mask: mask) }
                    : arranged.last { !isCollapsed($0, mask: mask) }
                if let delegate { return anchorTerms(delegate, attribute, mask: mask, tallest: tallest) }
                return attribute == .firstBaseline ? AnchorTerms((y, 1)) : AnchorTerms((y, 1), (h, 1))
            case .box:
                // No text: the first baseline is the top, the last the bottom (as Apple documents
                // `forFirstBaselineLayout` / `forLastBaselineLayout` for a view without one).
                return attribute == .firstBaseline ? AnchorTerms((y, 1)) : AnchorTerms((y, 1), (h, 1))
            }
        }
    }
}
