extension TemplateBlueprint {
    /// The linear expression of `attribute` of view `view` (nil: the content view) in the content
    /// view's coordinates. Left/top of the content view are 0. Labels draw their text centred
    /// vertically, so their baselines are `top + height / 2 + offset`; a stack's baselines are those
    /// of its first (last) visible arranged view; any other view's baselines are its bottom.
    func expression(_ view: Int?, _ attribute: LayoutAttribute, mask: UInt64) -> AffineExpression {
        guard let view else {
            let w = AffineExpression(variable: TemplateView.superWidth)
            let h = AffineExpression(variable: TemplateView.superHeight)
            switch attribute {
            case .left, .leading, .top: return AffineExpression()
            case .right, .trailing, .width: return w
            case .bottom, .height, .firstBaseline, .lastBaseline: return h
            case .centerX: return 0.5 * w
            case .centerY: return 0.5 * h
            }
        }
        let x = AffineExpression(variable: TemplateView.left(view))
        let y = AffineExpression(variable: TemplateView.top(view))
        let w = AffineExpression(variable: TemplateView.width(view))
        let h = AffineExpression(variable: TemplateView.height(view))
        switch attribute {
        case .left, .leading: return x
        case .right, .trailing: return x + w
        case .width: return w
        case .top: return y
        case .bottom: return y + h
        case .height: return h
        case .centerX: return x + 0.5 * w
        case .centerY: return y + 0.5 * h
        case .firstBaseline, .lastBaseline:
            switch views[view].kind {
            case .label(let slot):
                let offset = attribute == .firstBaseline ? labels[slot].firstBaselineOffset : labels[slot].lastBaselineOffset
                return y + 0.5 * h + AffineExpression(variable: offset)
            case .stack(_, let arranged):
                let visible = arranged.filter { !isCollapsed($0, mask: mask) }
                if let delegate = attribute == .firstBaseline ? visible.first : visible.last {
                    return expression(delegate, attribute, mask: mask)
                }
                return y + h
            case .box:
                return y + h
            }
        }
    }
}
