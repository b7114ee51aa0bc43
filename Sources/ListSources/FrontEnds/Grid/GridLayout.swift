import CellLayout
/// The geometry of a grid as WBListKit's collection views lay it out with a flow layout: N
/// columns of equal width, spacing between items and between lines, and insets.
public struct GridLayout: Sendable, Hashable {
    /// Number of columns, at least 1.
    public var columns: Int
    /// Points between items in a line (`minimumInteritemSpacing`).
    public var itemSpacing: Double
    /// Points between lines (`minimumLineSpacing`).
    public var lineSpacing: Double
    /// Section insets: top, left, bottom, right (`sectionInset`).
    public var insets: (top: Double, left: Double, bottom: Double, right: Double) {
        get { (insetTop, insetLeft, insetBottom, insetRight) }
        set { (insetTop, insetLeft, insetBottom, insetRight) = newValue }
    }
    private var insetTop, insetLeft, insetBottom, insetRight: Double

    /// A grid; `columns` must be at least 1 and the spacings and insets finite and >= 0.
    public init(columns: Int, itemSpacing: Double = 0, lineSpacing: Double = 0,
                insets: (top: Double, left: Double, bottom: Double, right: Double) = (0, 0, 0, 0)) throws(FrontEndError) {
        guard columns >= 1 else { throw FrontEndError("grid.columns", "must be at least 1, not \(columns)") }
        for (name, value) in [("itemSpacing", itemSpacing), ("lineSpacing", lineSpacing), ("insets.top", insets.top),
                              ("insets.left", insets.left), ("insets.bottom", insets.bottom), ("insets.right", insets.right)]
        where !(value.isFinite && value >= 0) {
            throw FrontEndError("grid.\(name)", "must be a finite number >= 0")
        }
        self.columns = columns
        self.itemSpacing = itemSpacing
        self.lineSpacing = lineSpacing
        (insetTop, insetLeft, insetBottom, insetRight) = insets
    }

    /// The width of one column in a list `width` wide: what is left after insets and spacing,
    /// shared equally and rounded down to the pixel grid so N items always fit on one line (as
    /// flow layouts need; an item a hair too wide would wrap).
    public func columnWidth(listWidth width: Double, scale: Double) throws(FrontEndError) -> Double {
        let free = width - insetLeft - insetRight - Double(columns - 1) * itemSpacing
        guard free > 0 else {
            throw FrontEndError("grid", "no room for \(columns) columns in \(width) points after insets and spacing")
        }
        let exact = free / Double(columns)
        return scale > 0 ? (exact * scale + 1e-9).rounded(.down) / scale : exact
    }

    /// Lines of items, each as tall as its tallest item, given each item's height: the frames
    /// (x, y, width, height) of the items, each line's height and the content height.
    public func arrange(itemHeights: [Double], columnWidth: Double) -> GridArrangement {
        var frames: [Frame] = []
        var lineHeights: [Double] = []
        var y = insetTop
        var start = 0
        while start < itemHeights.count {
            let line = itemHeights[start..<min(start + columns, itemHeights.count)]
            let height = line.max() ?? 0
            for (column, itemHeight) in line.enumerated() {
                frames.append(Frame(id: "items[\(start + column)]",
                                    x: insetLeft + Double(column) * (columnWidth + itemSpacing), y: y,
                                    width: columnWidth, height: itemHeight))
            }
            lineHeights.append(height)
            y += height
            start += columns
            if start < itemHeights.count { y += lineSpacing }
        }
        return GridArrangement(frames: frames, lineHeights: lineHeights,
                               contentHeight: itemHeights.isEmpty ? insetTop + insetBottom : y + insetBottom)
    }

    /// Equal geometry.
    public static func == (a: GridLayout, b: GridLayout) -> Bool {
        a.columns == b.columns && a.itemSpacing == b.itemSpacing && a.lineSpacing == b.lineSpacing
            && a.insetTop == b.insetTop && a.insetLeft == b.insetLeft && a.insetBottom == b.insetBottom && a.insetRight == b.insetRight
    }

    /// Hashes the geometry.
    public func hash(into hasher: inout Hasher) {
        for value in [Double(columns), itemSpacing, lineSpacing, insetTop, insetLeft, insetBottom, insetRight] { hasher.combine(value) }
    }
}

/// Where a grid put its items.
public struct GridArrangement: Sendable, Hashable {
    /// One frame per item, in item order, in the collection view's content: its id is the
    /// item's place (`items[3]`), its width the column width, its height the item's own (not its
    /// line's).
    public var frames: [Frame]
    /// One height per line: its tallest item.
    public var lineHeights: [Double]
    /// Insets plus lines plus line spacing.
    public var contentHeight: Double
}
