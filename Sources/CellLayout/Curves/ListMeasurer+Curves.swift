import CellsFormat
import DynamicType
import TextEngine

extension ListMeasurer {
    /// `row`'s height in `section` at every list width in `widths` (see `HeightCurve`): a
    /// fixed-height row is one step; a measured one is laid out once per step the engine proves
    /// and at every pixel width where it cannot (`HeightCurve.pointwise`). At each width the
    /// curve gives what `measureRow(_:in:width:frames:)` gives. Throws as `measureRow` does at
    /// the first width that fails, and for a range `HeightCurve.check` refuses.
    public func heightCurve(of row: RowSpec, in section: SectionSpec,
                            widths: ClosedRange<Double>) throws(LayoutError) -> HeightCurve {
        try HeightCurve.check(widths, scale: list.scale)
        switch try HeightPolicy.of(row, in: section, list: list) {
        case .rowHeight(let h), .sectionHeight(let h), .listRowHeight(let h):
            return HeightCurve(constant: h, widths: widths)
        case .measured(let name):
            // The accessory's and the section index's widths come off every row's (measureRow).
            let accessory = row.accessory.width + list.indexWidth
            // Found once, read once: every step lays out the same data with the same template.
            let template = try lentTemplate(name), data = row.data
            return try curve(widths, separator: list.separator) { width, trace, probe throws(LayoutError) in
                // A content width clamped at 0 does not move with the list's.
                if width - accessory < 0 { trace.giveUp() }
                return try measure(template: template, data: data, width: width - accessory, separator: list.separator,
                                   frames: false, probe: probe, trace: trace)
            }
        }
    }

    /// `heightCurve(of:in:widths:)` at Dynamic Type category `contentSize`: what
    /// `withContentSize(contentSize)` would build.
    public func heightCurve(of row: RowSpec, in section: SectionSpec, widths: ClosedRange<Double>,
                            contentSize: ContentSizeCategory) throws(LayoutError) -> HeightCurve {
        if !followsContentSize || contentSize == list.contentSize { return try heightCurve(of: row, in: section, widths: widths) }
        return try withContentSize(contentSize).heightCurve(of: row, in: section, widths: widths)
    }

    /// The height curve of `section`'s header (`footer` false) or footer, or nil when it has
    /// none: a title or fixed height is one step, a template is measured as `heightCurve(of:in:widths:)`
    /// measures a row (without a separator). Throws as `measureHeader` / `measureFooter` do.
    public func heightCurve(ofSupplementaryOf section: SectionSpec, footer: Bool,
                            widths: ClosedRange<Double>) throws(LayoutError) -> HeightCurve? {
        try HeightCurve.check(widths, scale: list.scale)
        let spec = footer ? section.footer : section.header
        let titleHeight = footer ? list.footerHeight : list.headerHeight
        let path = footer ? "footer" : "header"
        guard case .template = spec else {
            return try measureSupplementary(spec, titleHeight: titleHeight, frames: false, path: path).map {
                HeightCurve(constant: $0.height, widths: widths)
            }
        }
        return try curve(widths, separator: false) { width, trace, probe throws(LayoutError) in
            // Always a template here, so always a measurement.
            try measureSupplementary(spec, titleHeight: titleHeight, frames: false, path: path, probe: probe,
                                     listWidth: width, trace: trace) ?? CellMeasurement(height: titleHeight)
        }
    }

    /// Builds a curve from measurements at single widths, each followed by a trace, and proved
    /// only where the layout's answer is its only one (an ambiguous height could come out
    /// otherwise after other rows) and its rounding to the pixel grid stays put.
    private func curve(_ widths: ClosedRange<Double>, separator: Bool,
                       _ measure: (Double, CurveTrace, AmbiguityProbe) throws(LayoutError) -> CellMeasurement)
                       throws(LayoutError) -> HeightCurve {
        let scale = list.scale
        var builder = HeightCurve.Builder(widths: widths, scale: scale)
        // One trace and its probe serve every step's fit.
        let trace = CurveTrace.checkout()
        defer { CurveTrace.checkin(trace) }
        let probe = trace.probe
        return try builder.build { (width: Double, wanted: Double) throws(LayoutError) -> (height: Double, reach: Double?) in
            trace.reset(reach: wanted)
            // Cleared in place: a step's fit sets only whether the height may move (a new value
            // would release the last step's empty lists every step).
            if probe.result.attributes.isEmpty && probe.result.constraints.isEmpty {
                probe.result.affectsHeight = false
            } else {
                probe.result = LayoutAmbiguity()
            }
            let measured = try measure(width, trace, probe)
            guard trace.proved, !probe.result.affectsHeight else { return (measured.height, nil) }
            let rounding = Self.roundingReach(contentHeight: trace.contentHeight, slope: trace.contentHeightSlope,
                                              separator: separator ? 1 / scale : 0, scale: scale)
            return (measured.height, min(trace.reach, rounding))
        }
    }

    /// How far the content width may grow before a content height `contentHeight` moving
    /// `slope` per point changes its height on the pixel grid (`TextMeasurement.roundUp` of it
    /// plus the separator) or turns negative (an error).
    static func roundingReach(contentHeight: Double, slope: Double, separator: Double, scale: Double) -> Double {
        guard slope != 0 else { return .infinity }
        let x = contentHeight + separator
        // roundUp gives n / scale while n - 1 < x * scale - 1e-9 <= n.
        let n = (x * scale - 1e-9).rounded(.up)
        if slope > 0 { return max(0, ((n + 1e-9) / scale - x) / slope) }
        let reach = (x - (n - 1 + 1e-9) / scale) / -slope
        return max(0, min(reach, contentHeight / -slope))
    }
}

extension ListMeasurer {
    /// `measureRow(_:in:frames:)`, or with `widths` the row's height curve over them
    /// (`CellMeasurement.curve`, `height` its first step's, no frames): one entry point for
    /// batch runs that measure either way.
    public func measureRow(_ row: RowSpec, in section: SectionSpec, frames: Bool,
                           curveOver widths: ClosedRange<Double>?) throws(LayoutError) -> CellMeasurement {
        guard let widths else { return try measureRow(row, in: section, frames: frames) }
        return CellMeasurement(curve: try heightCurve(of: row, in: section, widths: widths))
    }

    /// `measureHeader` (`footer` false) or `measureFooter`, or with `widths` its height curve
    /// over them, as `measureRow(_:in:frames:curveOver:)`.
    public func measureSupplementary(of section: SectionSpec, footer: Bool, frames: Bool,
                                     curveOver widths: ClosedRange<Double>?) throws(LayoutError) -> CellMeasurement? {
        guard let widths else {
            return footer ? try measureFooter(of: section, frames: frames) : try measureHeader(of: section, frames: frames)
        }
        return try heightCurve(ofSupplementaryOf: section, footer: footer, widths: widths).map(CellMeasurement.init(curve:))
    }
}

extension CellMeasurement {
    /// A measurement carrying `curve`, its height the first step's.
    public init(curve: HeightCurve) {
        self.init(height: curve.heights[0])
        self.curve = curve
    }
}
