import TextEngine
import CellsFormat

/// A template checked and resolved once: views with dense variable indices, label styles with
/// their fonts, parsed constraints. Immutable and shared by every row and thread; the solver
/// programs for each stack-visibility variant are built from it (`ConstraintSystem`).
struct TemplateBlueprint: Sendable {
    var name: String
    /// `templates.<name>`.
    var path: String
    var views: [TemplateView]
    var labels: [LabelSlot]
    /// Constraints from `constraints` and `visualFormats`, each view name resolved once for
    /// every variant.
    var constraints: [TemplateConstraint]
    /// Per constraint, the view indices its first and second anchors name (-1: `super`, or no
    /// second anchor).
    var anchorViews: AnchorViews { AnchorViews(constraints: constraints) }
    /// View index of each visibility-mask bit (views arranged in stacks).
    var maskedViews: [Int]
    /// Variables: content view, four per view, then per-row parameters.
    var variableCount: Int
    /// Image and box sizes read from the row, with the parameter variable each one sets.
    var rowDimensions: [(path: RowPath, parameter: Int)]
    /// The horizontal stacks whose choice of tallest arranged view can change a constraint (see
    /// `TallestField`), with their bits in a variant's `tallest` word.
    var tallestFields: [TallestField] = []

    /// The visibility mask of a row: bit `b` set when `maskedViews[b]` is hidden.
    func visibilityMask(for row: RowInput) -> UInt64 {
        var mask: UInt64 = 0
        for (bit, view) in maskedViews.enumerated() where views[view].hidden.isHidden(in: row) {
            mask |= 1 << UInt64(bit)
        }
        return mask
    }

    /// Whether any label may wrap (and so needs the measure-at-solved-width rounds).
    var hasWrappingLabels: Bool { labels.contains { $0.wraps } }

    func isCollapsed(_ view: Int, mask: UInt64) -> Bool {
        guard let bit = views[view].maskBit else { return false }
        return mask & (1 << UInt64(bit)) != 0
    }

    /// The arranged view a horizontal stack's baselines come from in the variant (`mask`,
    /// `tallest`): the one `tallest` names when it has a field and that view is visible, else the
    /// first visible one (the tallest whenever the choice cannot matter: a fill-aligned stack's
    /// views are equally tall, and ties go to the first); nil when none is visible.
    func baselineView(ofHorizontalStack stack: Int, arranged: [Int], mask: UInt64, tallest: UInt64) -> Int? {
        if let field = tallestFields.first(where: { $0.stack == stack }) {
            let chosen = arranged[field.index(in: tallest)]
            if !isCollapsed(chosen, mask: mask) { return chosen }
        }
        return arranged.first { !isCollapsed($0, mask: mask) }
    }

    /// Every field's choice set to its stack's first visible arranged view under `mask`: where
    /// the search for the tallest starts, the same for every row with this mask.
    func firstVisibleChoice(mask: UInt64) -> UInt64 {
        var choice: UInt64 = 0
        for field in tallestFields {
            guard case .stack(_, let arranged) = views[field.stack].kind else { continue }
            let first = arranged.firstIndex { !isCollapsed($0, mask: mask) } ?? 0
            choice = field.setting(first, in: choice)
        }
        return choice
    }

    /// Every field's choice set to its stack's tallest visible arranged view, `height(view)`
    /// giving each view's solved height; of equally tall views (within 1e-9 points) the first.
    func tallestChoice(mask: UInt64, height: (Int) -> Double) -> UInt64 {
        var choice: UInt64 = 0
        for field in tallestFields {
            guard case .stack(_, let arranged) = views[field.stack].kind else { continue }
            var best = -1
            var bestHeight = -Double.infinity
            for (j, view) in arranged.enumerated() where !isCollapsed(view, mask: mask) {
                let h = height(view)
                if best < 0 || h > bestHeight + 1e-9 {
                    best = j
                    bestHeight = h
                }
            }
            choice = field.setting(max(best, 0), in: choice)
        }
        return choice
    }
}

/// A variant's choice of tallest arranged view for one horizontal stack: the index into its
/// `arranged` held in `width` bits from `shift` of the variant's `tallest` word. Only stacks whose
/// choice can change a constraint have one: a baseline of theirs is named (directly, through a
/// stack that arranges them, or by a baseline-aligned stack arranging them), they are not
/// fill-aligned, and the baseline named is not the one their own alignment makes equal in every
/// arranged view.
struct TallestField: Sendable {
    var stack: Int
    var shift: Int
    var width: Int

    /// The arranged index this field holds in `tallest`.
    func index(in tallest: UInt64) -> Int {
        width == 0 ? 0 : Int((tallest >> UInt64(shift)) & ((1 << UInt64(width)) - 1))
    }

    /// `tallest` with this field set to `index`.
    func setting(_ index: Int, in tallest: UInt64) -> UInt64 {
        guard width > 0 else { return tallest }
        let bits = ((UInt64(1) << UInt64(width)) - 1) << UInt64(shift)
        return (tallest & ~bits) | ((UInt64(index) << UInt64(shift)) & bits)
    }
}
