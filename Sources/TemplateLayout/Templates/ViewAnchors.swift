extension TemplateBlueprint {
    /// The linear expression of `attribute` of view `view` (nil: the content view) in the content
    /// view's coordinates. Left/top of the content view are 0. Labels draw their text centred
    /// vertically, so their baselines are `top + height / 2 + offset`; a stack's baselines are those
    /// of its first (last) visible arranged view; any other view's baselines are its bottom.
    func expression(_ view: Int?, _ attribute: LayoutAttribute, mask: UInt64) -> AffineExpression {
        guard let view else {
            // Terms written out directly (the same terms and order the sums would give): this
            // runs for every constraint side, and each intermediate expression allocates.
            switch attribute {
            case .left, .leading, .top: return AffineExpression()
            case .right, .trailing, .width: return AffineExpression(variable: TemplateView.superWidth)
            case .bottom, .height, .firstBaseline, .lastBaseline: return AffineExpression(variable: TemplateView.superHeight)
            case .centerX: return AffineExpression(variable: TemplateView.superWidth, coefficient: 0.5)
            case .centerY: return AffineExpression(variable: TemplateView.superHeight, coefficient: 0.5)
            }
        }
        let x = TemplateView.left(view)
        let y = TemplateView.top(view)
        let w = TemplateView.width(view)
        let h = TemplateView.height(view)
        switch attribute {
        case .left, .leading: return AffineExpression(variable: x)
        case .right, .trailing: return AffineExpression(terms: [(x, 1), (w, 1)])
        case .width: return AffineExpression(variable: w)
        case .top: return AffineExpression(variable: y)
        case .bottom: return AffineExpression(terms: [(y, 1), (h, 1)])
        case .height: return AffineExpression(variable: h)
        case .centerX: return AffineExpression(terms: [(x, 1), (w, 0.5)])
        case .centerY: return AffineExpression(terms: [(y, 1), (h, 0.5)])
        case .firstBaseline, .lastBaseline:
            switch views[view].kind {
            case .label(let slot):
                let offset = attribute == .firstBaseline ? labels[slot].firstBaselineOffset : labels[slot].lastBaselineOffset
                return AffineExpression(terms: [(y, 1), (h, 0.5), (offset, 1)])
            case .stack(_, let arranged):
                let visible = arranged.filter { !isCollapsed($0, mask: mask) }
                if let delegate = attribute == .firstBaseline ? visible.first : visible.last {
                    return expression(delegate, attribute, mask: mask)
                }
                return AffineExpression(terms: [(y, 1), (h, 1)])
            case .box:
                return AffineExpression(terms: [(y, 1), (h, 1)])
            }
        }
    }
}
