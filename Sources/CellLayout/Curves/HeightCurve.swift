import CellsFormat

/// The height of one row (or header or footer) at every list width in a closed range, as steps:
/// from each step's width on, up to the next step's, the row is that step's height. Built by
/// `ListMeasurer.heightCurve(of:in:widths:)` with one layout per step where the engine can prove
/// a step (see docs/layout.md, **Height curves**); `pointwise` names the sub-ranges it could not
/// prove, where the height was measured at every pixel width (1/scale) and holds exactly there.
public struct HeightCurve: Sendable, Hashable {
    /// The list widths the curve covers.
    public let widths: ClosedRange<Double>
    /// Each step's first width, ascending; the first is `widths.lowerBound`.
    public let starts: [Double]
    /// Each step's height (points, on the pixel grid as measured); no two neighbours equal.
    public let heights: [Double]
    /// The sub-ranges measured point by point: exact at each pixel width inside, not proved
    /// between pixel widths. Ascending and disjoint; empty when every width is proved.
    public let pointwise: [ClosedRange<Double>]
    /// How many layouts building the curve took (0 for a curve made from its parts).
    public let layouts: Int

    /// A curve from its parts, as `HeightCurve.Builder` or a decoder makes it; `starts` ascending
    /// from `widths.lowerBound`, one height per start.
    public init(widths: ClosedRange<Double>, starts: [Double], heights: [Double], pointwise: [ClosedRange<Double>] = [],
                layouts: Int = 0) {
        precondition(starts.count == heights.count && starts.first == widths.lowerBound, "a curve starts at its range")
        self.widths = widths
        self.starts = starts
        self.heights = heights
        self.pointwise = pointwise
        self.layouts = layouts
    }

    /// One height at every width of `widths` (a fixed-height row).
    public init(constant height: Double, widths: ClosedRange<Double>) {
        self.init(widths: widths, starts: [widths.lowerBound], heights: [height])
    }

    /// The steps as (from width, height) pairs, ascending.
    public var steps: [(from: Double, height: Double)] {
        Array(zip(starts, heights))
    }

    /// The height at list width `width`, or nil outside `widths` (or NaN): the height of the
    /// last step starting at or below it, found by binary search.
    @inlinable
    public func height(at width: Double) -> Double? {
        guard width >= widths.lowerBound && width <= widths.upperBound else { return nil }
        return starts.withUnsafeBufferPointer { starts in
            // The last index whose start is <= width (starts[0] is the lower bound, so one exists).
            var low = 0, high = starts.count
            while high - low > 1 {
                let middle = (low &+ high) >> 1
                if starts[middle] <= width { low = middle } else { high = middle }
            }
            return heights[low]
        }
    }

    /// The height at `width` where the curve proves it for every width, pixel width or not
    /// (inside `widths`, outside `pointwise`, and a step's start or not within
    /// `Builder.unprovedBelowStart` below the next one), else nil: what a cache answers a width
    /// from without measuring.
    public func provedHeight(at width: Double) -> Double? {
        guard let height = height(at: width), pointwise.isEmpty || !isPointwise(at: width) else { return nil }
        // The first start above `width`: the sliver just below it may be unproved.
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) >> 1
            if starts[middle] <= width { low = middle + 1 } else { high = middle }
        }
        // A step's own start was laid out: exact.
        if low < starts.count, starts[low - 1] != width, starts[low] - width <= Builder.unprovedBelowStart { return nil }
        return height
    }

    /// Whether `width` lies in a sub-range measured point by point (see `pointwise`).
    public func isPointwise(at width: Double) -> Bool {
        pointwise.contains { $0.contains(width) }
    }

    /// The most pixel widths one curve may span (`widths` times the scale): a range the engine
    /// cannot prove is measured at every pixel width, so the work stays bounded.
    public static let maximumPixelWidths = 1 << 20

    /// Throws unless `widths` is a range of list widths a curve can be built over at `scale`:
    /// both ends list widths (`LayoutLimits.isSize`), lower <= upper, at most
    /// `maximumPixelWidths` pixel widths.
    public static func check(_ widths: ClosedRange<Double>, scale: Double) throws(LayoutError) {
        guard LayoutLimits.isSize(widths.lowerBound), LayoutLimits.isSize(widths.upperBound) else {
            throw LayoutError(path: "widths", message: "both widths must be \(LayoutLimits.sizeRangeText)")
        }
        guard (widths.upperBound - widths.lowerBound) * scale <= Double(maximumPixelWidths) else {
            throw LayoutError(path: "widths", message: "a width range may span at most \(maximumPixelWidths) pixel widths "
                              + "(\(formatNumber(Double(maximumPixelWidths) / scale)) points at scale \(formatNumber(scale)))")
        }
    }
}

extension HeightCurve {
    /// Builds a curve step by step: `measure(width, wanted)` gives the height at `width` and how
    /// far above it (up to `wanted`) the height is proved to stay the same (nil: not proved). A
    /// proved step ends `guardBand` before its proof (round-off in the layout never moves a
    /// boundary that far), the next starts just past the proof (at most `guardBand + sliver`
    /// later, a sliver that holds no pixel width) or at a pixel width in between. No proof is
    /// trusted once a curve has taken as many proved steps as it has pixel widths (plus
    /// `extraSteps`): the curve then goes on from the next pixel width, point by point, so a
    /// curve costs at most about two layouts per pixel width.
    struct Builder {
        let widths: ClosedRange<Double>
        let scale: Double
        /// How much of each proof is given up to round-off, in points.
        static let guardBand = 1e-6
        /// The grid a step's start is put on when it does not fall on a pixel width.
        static let sliver = 1e-6
        /// How far below a step's start a width may lie unproved (between a proof's end and the
        /// next layout): the guard band and a sliver.
        static let unprovedBelowStart = guardBand + sliver
        /// Proved steps a curve may take beyond one per pixel width.
        static let extraSteps = 64

        private var starts: [Double] = []
        private var heights: [Double] = []
        private var pointwise: [ClosedRange<Double>] = []

        init(widths: ClosedRange<Double>, scale: Double) {
            self.widths = widths
            self.scale = scale
            // Room for a few steps at once: a feed row's curve has about three.
            starts.reserveCapacity(8)
            heights.reserveCapacity(8)
        }

        /// The smallest pixel width (a whole number of pixels, k/scale) above `width`.
        func pixel(after width: Double) -> Double {
            var k = (width * scale).rounded(.down) + 1
            // (k - 1) / scale can still be above `width` after rounding, and k / scale at or below it.
            while (k - 1) / scale > width { k -= 1 }
            while k / scale <= width { k += 1 }
            return k / scale
        }

        /// The smallest number on the sliver grid above `width`.
        func sliverStart(after width: Double) -> Double {
            // Divided, not multiplied by `sliver`: k / 1e6 is the double nearest the decimal, so it prints short.
            var start = ((width / Self.sliver).rounded(.down) + 1) / (1 / Self.sliver)
            while start <= width { start = start.nextUp }
            return start
        }

        mutating func build<E: Error>(_ measure: (Double, Double) throws(E) -> (height: Double, reach: Double?)) throws(E) -> HeightCurve {
            var width = widths.lowerBound
            var provedSteps = 0, layouts = 0
            let maximumProvedSteps = Int(min(Double(HeightCurve.maximumPixelWidths),
                                             (widths.upperBound - widths.lowerBound) * scale)) + Self.extraSteps
            while true {
                // A little past the end, so a proof reaching the end survives the guard band.
                let (height, reach) = try measure(width, widths.upperBound - width + 2 * Self.guardBand)
                layouts += 1
                if width >= widths.upperBound {
                    add(width, height)
                    break
                }
                let reached = reach.map { max(0, $0) } ?? 0
                let provedTo = width + (reached - Self.guardBand)
                let proved = reach != nil && reached.isFinite && provedSteps < maximumProvedSteps
                if proved { provedSteps += 1 }
                add(width, height)
                if proved && provedTo >= widths.upperBound { break }
                // Past the proof's own end, so the next layout is on the far side of the boundary
                // (a pixel width within the guard band is measured instead, whichever side it is on).
                let next = proved ? min(pixel(after: max(width, provedTo)), sliverStart(after: width + reached)) : pixel(after: width)
                if !proved { addPointwise(width...min(next, widths.upperBound)) }
                if next > widths.upperBound { break }
                width = next
            }
            return HeightCurve(widths: widths, starts: starts, heights: heights, pointwise: pointwise, layouts: layouts)
        }

        private mutating func add(_ width: Double, _ height: Double) {
            if let last = heights.last, last == height { return }
            starts.append(width)
            heights.append(height)
        }

        private mutating func addPointwise(_ range: ClosedRange<Double>) {
            if let last = pointwise.last, last.upperBound >= range.lowerBound {
                pointwise[pointwise.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                pointwise.append(range)
            }
        }
    }
}
