import Locking
import TextEngine
import CellsFormat
import DynamicType

/// Measures a document's rows, headers and footers as SPEC section 1 defines their heights: the
/// entry point of measure-cli and HeightCache. Fonts are loaded and templates compiled once, in
/// `init`; measuring is thread-safe (each row borrows a solver copy from a pool).
public final class ListMeasurer: Sendable {
    /// The document's list settings (width, scale, fallback heights, separator).
    public let list: ListSettings
    /// The templates compiled at `list.effectiveContentSize`.
    private let compiled: CompiledTemplates
    /// `compiled.lent`, read here without going through `compiled`.
    private let lent: [String: _Lent<CompiledTemplate>]
    private let measurer: TextMeasurer
    /// What compiling the templates again at another content size category needs, shared by
    /// every measurer derived from one document.
    private let compiling: CategoryTemplates
    /// The text measurer (and its caches) this list measures labels with.
    public var textMeasurer: TextMeasurer { measurer }

    /// Loads the document's fonts (relative paths resolved against `baseDirectory`) and compiles
    /// every template; the first problem found is thrown with its JSON path.
    public convenience init(document: Document, baseDirectory: String,
                            textMeasurer: TextMeasurer = TextMeasurer()) throws(LayoutError) {
        let list = document.list
        try Self.check(width: list.width)
        guard LayoutLimits.scales.contains(list.scale) else {
            throw LayoutError(path: "list.scale", message: "scale must be 0.01...1000 pixels per point")
        }
        for (name, height) in [("rowHeight", list.rowHeight), ("headerHeight", list.headerHeight),
                               ("footerHeight", list.footerHeight)] where !LayoutLimits.isSize(height) {
            throw LayoutError(path: "list.\(name)", message: "\(name) must be \(LayoutLimits.sizeRangeText)")
        }
        guard LayoutLimits.isSize(list.indexWidth) else {
            throw LayoutError(path: "list.indexWidth", message: "indexWidth must be \(LayoutLimits.sizeRangeText)")
        }
        try TemplateCompiler.checkMargins(list.layoutMargins, at: "list.layoutMargins")
        let fonts = try FontLibrary.load(document.fonts, baseDirectory: baseDirectory)
        let assets = try AssetLibrary.load(document.assets, baseDirectory: baseDirectory, scale: list.scale)
        let compiling = CategoryTemplates(document.templates, fonts: fonts, listMargins: list.layoutMargins, assets: assets)
        let compiled = try compiling.compiled(at: list.effectiveContentSize)
        self.init(list: list, compiled: compiled, measurer: textMeasurer, compiling: compiling)
    }

    private init(list: ListSettings, compiled: CompiledTemplates, measurer: TextMeasurer, compiling: CategoryTemplates) {
        self.list = list
        self.compiled = compiled
        lent = compiled.lent
        self.measurer = measurer
        self.compiling = compiling
    }

    /// A measurer for the same document at list width `width`, sharing this one's fonts, compiled
    /// templates and text caches (the width is only an edit value, so nothing is recompiled).
    public func withWidth(_ width: Double) throws(LayoutError) -> ListMeasurer {
        try Self.check(width: width)
        var list = self.list
        list.width = width
        return ListMeasurer(list: list, compiled: compiled, measurer: measurer, compiling: compiling)
    }

    /// Whether some label of some template follows the content size category (`textStyle` or
    /// `relativeTo`): otherwise every category measures the same.
    public var followsContentSize: Bool { compiling.followsContentSize }

    /// A measurer for the same document at content size category `category` (capped at
    /// `list.maximumContentSize`), sharing fonts and text caches; the templates are compiled
    /// once per category the document's labels can tell apart, and shared otherwise.
    public func withContentSize(_ category: ContentSizeCategory) throws(LayoutError) -> ListMeasurer {
        var list = self.list
        list.contentSize = category
        return ListMeasurer(list: list, compiled: try templates(at: category), measurer: measurer, compiling: compiling)
    }

    /// The templates for content size category `category`: this measurer's own when the document
    /// does not follow the category or `category` (capped) is its own, else those compiled at it.
    private func templates(at category: ContentSizeCategory) throws(LayoutError) -> CompiledTemplates {
        let effective = category.capped(at: list.maximumContentSize)
        if !compiling.followsContentSize || effective == list.effectiveContentSize { return compiled }
        return try compiling.compiled(at: effective)
    }

    /// `measureRow(_:in:width:frames:)` at content size category `contentSize` as well:
    /// what `withContentSize(contentSize)` would measure at `width`.
    public func measureRow(_ row: RowSpec, in section: SectionSpec, width: Double, contentSize: ContentSizeCategory,
                           frames: Bool) throws(LayoutError) -> CellMeasurement {
        try Self.check(width: width)
        // The list's own category (every category, for a document without text styles) measures
        // with `lent` directly: no retain of a shared object per row.
        if !compiling.followsContentSize || contentSize.capped(at: list.maximumContentSize) == list.effectiveContentSize {
            return try measureRow(row, in: section, listWidth: width, frames: frames, lent: lent)
        }
        let templates = try compiling.compiled(at: contentSize.capped(at: list.maximumContentSize))
        return try measureRow(row, in: section, listWidth: width, frames: frames, lent: templates.lent)
    }

    /// A template of this measurer's document found once by name, for
    /// `measureRow(_:members:values:width:contentSize:)`: at the measurer's own category a row
    /// reads it without a lookup by name (it lends the template this measurer keeps).
    /// An object, so that a row passes it without copying its name and member names.
    package final class ResolvedTemplate: Sendable {
        let name: String
        let lent: _Lent<CompiledTemplate>
        /// The members the template reads, in the order it reads values fastest.
        package let memberNames: [String]

        init(name: String, lent: _Lent<CompiledTemplate>, memberNames: [String]) {
            self.name = name
            self.lent = lent
            self.memberNames = memberNames
        }
    }

    /// Template `name` resolved for `measureRow(_:members:values:width:contentSize:)` by this
    /// measurer (or one derived from it, which shares its templates); nil when there is none.
    package func resolvedTemplate(named name: String) -> ResolvedTemplate? {
        guard let template = compiled.templates[name], let lent = lent[name] else { return nil }
        return ResolvedTemplate(name: name, lent: lent, memberNames: template.memberNames)
    }

    /// The height of a row measured with `template` (an `autoHeight` row without an accessory,
    /// as a typed template's rows are) at list width `width` and `contentSize`, its values given
    /// one per member: `values[i]` is member `names[i]` (nil: missing). Equal to `measureRow` of
    /// the row object holding those members; with `names` starting with the template's
    /// `memberNames`, the template reads `values` in place (no object is built).
    package func measureRow(_ template: ResolvedTemplate, members names: [String], values: UnsafeBufferPointer<JSONValue?>,
                            width: Double, contentSize: ContentSizeCategory) throws(LayoutError) -> Double {
        try Self.check(width: width)
        let capped = contentSize.capped(at: list.maximumContentSize)
        if !compiling.followsContentSize || capped == list.effectiveContentSize {
            return try measureRow(template.lent, members: names, values: values, width: width)
        }
        let templates = try compiling.compiled(at: capped)
        return try withExtendedLifetime(templates) { () throws(LayoutError) -> Double in
            try measureRow(try lentTemplate(template.name, lent: templates.lent), members: names, values: values, width: width)
        }
    }

    /// `measureRow(_:members:values:width:contentSize:)` with the template `lent`.
    private func measureRow(_ template: _Lent<CompiledTemplate>, members names: [String], values: UnsafeBufferPointer<JSONValue?>,
                            width: Double) throws(LayoutError) -> Double {
        let contentWidth = max(0, width - list.indexWidth)
        let fitted = try template.read { template throws(LayoutError) in
            let slots = template.members
            // `names` is normally the template's own array (one identity check), or starts with it.
            if slots.isComplete, names.count == slots.names.count ? names == slots.names
                : names.count > slots.names.count && names[..<slots.names.count].elementsEqual(slots.names) {
                return try slots.slots.withUnsafeBufferPointer { slots throws(LayoutError) in
                    try template.fit(.members(values: values, slots: slots), width: contentWidth, measurer: measurer,
                                     scale: list.scale, frames: false)
                }
            }
            var object = JSONObject(minimumCapacity: names.count)
            for i in names.indices { if let value = values[i] { object[names[i]] = value } }
            return try template.fit(.json(.object(object)), width: contentWidth, measurer: measurer, scale: list.scale,
                                    frames: false)
        }
        return try rowHeight(fitted, separator: list.separator)
    }

    /// Throws unless `width` is a list width the layout measures exactly (`LayoutLimits`).
    private static func check(width: Double) throws(LayoutError) {
        guard LayoutLimits.isSize(width) else {
            throw LayoutError(path: "list.width", message: "width must be \(LayoutLimits.sizeRangeText)")
        }
    }

    /// The compiled template named `name`, if the document has one.
    public func template(named name: String) -> CompiledTemplate? { compiled.templates[name] }

    /// The height of `row` in `section` by the height policy (row height; measured when the row
    /// or section sets autoHeight; section height; list row height). Measured heights include
    /// the separator; the row's accessory width and the section index's (`list.indexWidth`) are
    /// taken from the content width. A fixed-height
    /// row with a template is laid out at that height when `frames` is set. Errors about the row
    /// itself have an empty path (see `LayoutError.located(at:)`).
    public func measureRow(_ row: RowSpec, in section: SectionSpec, frames: Bool) throws(LayoutError) -> CellMeasurement {
        try measureRow(row, in: section, listWidth: list.width, frames: frames, lent: lent)
    }

    /// `measureRow(_:in:frames:)` at list width `width` in place of `list.width`: what
    /// `withWidth(width)` would measure, without making (or looking up) a measurer per width.
    /// Throws as `withWidth` does for a width outside the layout's limits.
    public func measureRow(_ row: RowSpec, in section: SectionSpec, width: Double, frames: Bool) throws(LayoutError) -> CellMeasurement {
        try Self.check(width: width)
        return try measureRow(row, in: section, listWidth: width, frames: frames, lent: lent)
    }

    /// `probe`, when given, receives the layout's ambiguity (`ambiguity(of:in:)`).
    private func measureRow(_ row: RowSpec, in section: SectionSpec, listWidth: Double, frames: Bool,
                            probe: AmbiguityProbe? = nil,
                            lent: [String: _Lent<CompiledTemplate>]) throws(LayoutError) -> CellMeasurement {
        switch try HeightPolicy.of(row, in: section, list: list) {
        case .rowHeight(let h), .sectionHeight(let h), .listRowHeight(let h):
            guard frames, h.isFinite, let name = row.template ?? section.template, let template = lent[name] else {
                return CellMeasurement(height: h)
            }
            // Laid out at its fixed height for the frames (the content view is the row minus the separator).
            let content = max(0, h - (list.separator ? 1 / list.scale : 0))
            let fitted = try template.read { template throws(LayoutError) in
                try template.fit(row.data, width: max(0, listWidth - list.indexWidth - row.accessory.width), measurer: measurer,
                                 scale: list.scale, frames: true, fixedContentHeight: content, probe: probe)
            }
            return CellMeasurement(height: h, frames: fitted.frames)
        case .measured(let name):
            return try measure(template: name, data: row.data, width: listWidth - list.indexWidth - row.accessory.width,
                               separator: list.separator, frames: frames, templatePath: "template", probe: probe,
                               lent: lent)
        }
    }

    /// What `row`'s layout in `section` leaves undecided (see `LayoutAmbiguity`): `measureRow`
    /// with frames, whose layout it checks; nothing for a row without a template. Throws as
    /// `measureRow` does.
    public func ambiguity(of row: RowSpec, in section: SectionSpec) throws(LayoutError) -> LayoutAmbiguity {
        let probe = AmbiguityProbe()
        _ = try measureRow(row, in: section, listWidth: list.width, frames: true, probe: probe, lent: lent)
        return probe.result
    }

    /// What the layout of `section`'s header (`footer` false) or footer leaves undecided: the
    /// header's or footer's measuring, whose layout it checks; nothing unless it is a template.
    /// Throws as `measureHeader` and `measureFooter` do.
    public func ambiguity(ofSupplementaryOf section: SectionSpec, footer: Bool) throws(LayoutError) -> LayoutAmbiguity {
        let probe = AmbiguityProbe()
        _ = try measureSupplementary(footer ? section.footer : section.header,
                                     titleHeight: footer ? list.footerHeight : list.headerHeight, frames: false,
                                     path: footer ? "footer" : "header", probe: probe)
        return probe.result
    }

    /// The section's header line, or nil when it has none: a title is `list.headerHeight` tall, a
    /// height is used as given, a template is measured with its data like a row but without a
    /// separator (UITableView's header views have none).
    public func measureHeader(of section: SectionSpec, frames: Bool) throws(LayoutError) -> CellMeasurement? {
        try measureSupplementary(section.header, titleHeight: list.headerHeight, frames: frames, path: "header")
    }

    /// The section's footer line, or nil when it has none (as `measureHeader`, with `list.footerHeight`).
    public func measureFooter(of section: SectionSpec, frames: Bool) throws(LayoutError) -> CellMeasurement? {
        try measureSupplementary(section.footer, titleHeight: list.footerHeight, frames: frames, path: "footer")
    }

    /// Lays out `data` with the template named `name` at the list width minus `accessoryWidth`
    /// and the section index's width (as a row); the height is the fitted content height plus
    /// the separator when asked, on the pixel grid.
    public func measure(template name: String, data: JSONValue, accessoryWidth: Double = 0, separator: Bool,
                        frames: Bool) throws(LayoutError) -> CellMeasurement {
        try measure(template: name, data: data, width: list.width - list.indexWidth - accessoryWidth,
                    separator: separator, frames: frames, templatePath: "template", lent: lent)
    }

    /// At list width `listWidth` (nil: `list.width`), followed by `trace` when given.
    func measureSupplementary(_ spec: SupplementarySpec?, titleHeight: Double, frames: Bool,
                              path: String, probe: AmbiguityProbe? = nil, listWidth: Double? = nil,
                              trace: CurveTrace? = nil) throws(LayoutError) -> CellMeasurement? {
        switch spec {
        case nil: return nil
        case .title: return CellMeasurement(height: titleHeight)
        case .height(let h): return CellMeasurement(height: h)
        case .template(let name, let data):
            do {
                return try measure(template: name, data: data, width: listWidth ?? list.width, separator: false,
                                   frames: frames, templatePath: "template", probe: probe, trace: trace, lent: lent)
            } catch {
                // Relative paths are the header's own (`template`) or its data's (a row value).
                if error.isAbsolute { throw error }
                let here = error.path.isEmpty ? path
                    : error.path == "template" ? "\(path).template" : "\(path).data.\(error.path)"
                throw error.moved(to: here)
            }
        }
    }

    /// `trace`, when given, follows the fit along the content width (`HeightCurve`); `lent` are
    /// the templates to measure with (nil: this measurer's own).
    func measure(template name: String, data: JSONValue, width: Double, separator: Bool, frames: Bool,
                 templatePath: String, probe: AmbiguityProbe? = nil, trace: CurveTrace? = nil,
                 lent: [String: _Lent<CompiledTemplate>]? = nil) throws(LayoutError) -> CellMeasurement {
        try measure(template: try lentTemplate(name, lent: lent), data: data, width: width, separator: separator,
                    frames: frames, probe: probe, trace: trace)
    }

    /// The template named `name` among `lent` (nil: this measurer's own); throws when there is none.
    func lentTemplate(_ name: String, lent: [String: _Lent<CompiledTemplate>]? = nil) throws(LayoutError) -> _Lent<CompiledTemplate> {
        guard let template = (lent ?? self.lent)[name] else {
            throw LayoutError(path: "", message: "template \(JSONText.excerpt(name)) not found")
        }
        return template
    }

    /// `measure(template:data:width:separator:frames:templatePath:probe:trace:lent:)` with the
    /// template found already (a curve finds it once for all its steps).
    func measure(template: _Lent<CompiledTemplate>, data: JSONValue, width: Double, separator: Bool, frames: Bool,
                 probe: AmbiguityProbe? = nil, trace: CurveTrace? = nil) throws(LayoutError) -> CellMeasurement {
        let fitted = try template.read { template throws(LayoutError) in
            try template.fit(data, width: max(0, width), measurer: measurer, scale: list.scale, frames: frames,
                             probe: probe, trace: trace)
        }
        return CellMeasurement(height: try rowHeight(fitted, separator: separator), frames: fitted.frames)
    }

    /// The row height of a fitted cell: its content height plus the separator when asked, on
    /// the pixel grid; throws for a height (or frame) no list can show.
    private func rowHeight(_ fitted: FittedCell, separator: Bool) throws(LayoutError) -> Double {
        let separatorHeight = separator ? 1 / list.scale : 0
        let height = TextMeasurement.roundUp(fitted.contentHeight + separatorHeight, scale: list.scale)
        // Every number given out is finite: a row whose layout is not is an error, never `null`.
        guard height.isFinite, fitted.frames.allSatisfy(\.isFinite) else {
            throw LayoutError(path: "", message: "the layout gives this row a size that is not a finite number")
        }
        // A negative content height (super.bottom above super.top, a sign slip in a constant) is
        // no row a list can show (UITableView refuses it): an error, never a number printed. Only
        // a negative one is rounded again, so a row's measuring pays one comparison for it.
        if fitted.contentHeight < 0, case let content = TextMeasurement.roundUp(fitted.contentHeight, scale: list.scale),
           content < 0 {
            throw LayoutError(path: "", message: "the layout gives this row a negative height "
                              + "(super.height \(formatNumber(content))): its constraints put super.bottom above super.top")
        }
        return height
    }
}

/// A document's templates compiled at one content size category, kept alive by every measurer
/// that measures with them.
private final class CompiledTemplates: Sendable {
    let templates: [String: CompiledTemplate]
    /// `templates` lent (`templates` keeps them alive), for the measuring paths: a retain and
    /// release per row on one shared template would make two measuring threads pass its
    /// reference count's cache line back and forth.
    let lent: [String: _Lent<CompiledTemplate>]

    init(_ templates: [String: CompiledTemplate]) {
        self.templates = templates
        lent = templates.mapValues { _Lent($0) }
    }
}

/// A document's template specs and loaded fonts, and its templates compiled at each content
/// size category asked for, each compiled once (a document whose labels do not follow the
/// category is compiled once for all).
private final class CategoryTemplates: Sendable {
    let specs: [String: Template]
    let fonts: [String: FontStack]
    /// The list's content-view margins and the document's asset sizes, the same at every category.
    let listMargins: LayoutMargins
    let assets: [String: ImageSize]
    let followsContentSize: Bool
    private let kept = _Guarded<[ContentSizeCategory: CompiledTemplates]>([:])

    init(_ specs: [String: Template], fonts: [String: FontStack], listMargins: LayoutMargins,
         assets: [String: ImageSize]) {
        self.specs = specs
        self.fonts = fonts
        self.listMargins = listMargins
        self.assets = assets
        followsContentSize = specs.values.contains { spec in
            spec.views.contains { view in
                if case .label(let label) = view.kind { return label.followsContentSize }
                return false
            }
        }
    }

    /// Every template compiled with its labels sized at `category`: kept from an earlier call,
    /// else compiled now (outside the lock; when two threads race, the first kept wins).
    func compiled(at category: ContentSizeCategory) throws(LayoutError) -> CompiledTemplates {
        if let known = kept.withLock({ $0[category] }) { return known }
        var templates: [String: CompiledTemplate] = [:]
        for name in specs.keys.sorted() {
            guard var spec = specs[name] else { continue }
            spec.name = name
            templates[name] = try CompiledTemplate(spec, fonts: fonts, listMargins: listMargins, assets: assets,
                                                   contentSize: category)
        }
        let made = CompiledTemplates(templates)
        return kept.withLock { kept in
            if let raced = kept[category] { return raced }
            kept[category] = made
            return made
        }
    }
}
