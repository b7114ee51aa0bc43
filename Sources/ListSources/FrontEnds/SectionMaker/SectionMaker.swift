import CellsFormat
/// One section as CBTableViewDataSource's `CBTableViewSectionMaker` describes it, in the same
/// chained form: `section.cell("FeedCell").data(rows).adapter { ... }.autoHeight()`.
public final class SectionMaker {
    /// Binds a row's data (and its index) to what the template reads, as the `adapter` block
    /// configures a cell from its data.
    public typealias Adapter = (_ data: JSONValue, _ index: Int) -> JSONValue
    /// Called when a row is selected, with its index and data, as the `event` block.
    public typealias Event = (_ index: Int, _ data: JSONValue) -> Void

    var template: String?
    var rows: [JSONValue] = []
    var adapterBlock: Adapter?
    var eventBlock: Event?
    var fixedHeight: Double?
    var measures = false
    var headerTitle: String?
    var footerTitle: String?
    var headerView: SupplementarySpec?
    var footerView: SupplementarySpec?
    var keyPath: String?
    /// The first value `data(_:)` could not encode, reported when the list is built.
    var encodingFailure: FrontEndError?

    /// An empty section: no template, no rows, the list's height.
    public init() {}

    /// The template the section's rows are drawn with (CB's `cell`).
    @discardableResult public func cell(_ template: String) -> SectionMaker { self.template = template; return self }
    /// The section's rows, one data value each (CB's `data`).
    @discardableResult public func data(_ rows: [JSONValue]) -> SectionMaker { self.rows = rows; return self }
    /// The section's rows from Swift values, each encoded as `JSONValue(encoding:)` does; a value
    /// that cannot be encoded is an error when the list is built.
    @discardableResult public func data<Item: Encodable>(_ items: [Item]) -> SectionMaker {
        rows = []
        rows.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            do { rows.append(try JSONValue(encoding: item)) } catch {
                encodingFailure = FrontEndError("data[\(i)]", "cannot be encoded: \(error)")
                break
            }
        }
        return self
    }
    /// How a row's data becomes the template's values (CB's `adapter`).
    @discardableResult public func adapter(_ block: @escaping Adapter) -> SectionMaker { adapterBlock = block; return self }
    /// What selecting a row does (CB's `event`).
    @discardableResult public func event(_ block: @escaping Event) -> SectionMaker { eventBlock = block; return self }
    /// A fixed height for this section's rows; ignored when `autoHeight()` is set (CB's `height`).
    @discardableResult public func height(_ points: Double) -> SectionMaker { fixedHeight = points; return self }
    /// Measure every row by its template (CB's `autoHeight`); wins over `height`.
    @discardableResult public func autoHeight() -> SectionMaker { measures = true; return self }
    /// A title header, as tall as the list's header height (CB's `headerTitle`).
    @discardableResult public func headerTitle(_ title: String) -> SectionMaker { headerTitle = title; return self }
    /// A title footer, as tall as the list's footer height (CB's `footerTitle`).
    @discardableResult public func footerTitle(_ title: String) -> SectionMaker { footerTitle = title; return self }
    /// A header view measured from a template and data; wins over `headerTitle` (CB's `headerView`).
    @discardableResult public func headerView(template: String, data: JSONValue = .object([:])) -> SectionMaker {
        headerView = .template(template, data: data); return self
    }
    /// A header view of a fixed height; wins over `headerTitle`.
    @discardableResult public func headerView(height: Double) -> SectionMaker { headerView = .height(height); return self }
    /// A footer view measured from a template and data; wins over `footerTitle` (CB's `footerView`).
    @discardableResult public func footerView(template: String, data: JSONValue = .object([:])) -> SectionMaker {
        footerView = .template(template, data: data); return self
    }
    /// A footer view of a fixed height; wins over `footerTitle`.
    @discardableResult public func footerView(height: Double) -> SectionMaker { footerView = .height(height); return self }
    /// The dotted path in each row's (adapted) data that gives its key for the keyed height cache.
    @discardableResult public func key(_ path: String) -> SectionMaker { keyPath = path; return self }

    /// The section in the shared model; `index` is used in error locations. A section that
    /// measures without a `cell` uses the built-in default UITableViewCell template, as CB measures
    /// a plain UITableViewCell.
    func section(at index: Int, templates: [String: Template]) throws(FrontEndError) -> SectionSpec {
        if let encodingFailure { throw FrontEndError("sections[\(index)].\(encodingFailure.location)", encodingFailure.message) }
        var name = template
        if name == nil && measures { name = BuiltInCellStyle.default.templateName(withImage: false) }
        if let name, templates[name] == nil {
            throw FrontEndError("sections[\(index)].cell", "template \(JSONText.excerpt(name)) not found")
        }
        var specs: [RowSpec] = []
        specs.reserveCapacity(rows.count)
        for (row, data) in rows.enumerated() {
            let bound = adapterBlock?(data, row) ?? data
            var key: String?
            if let keyPath {
                guard let value = bound.value(atPath: Substring(keyPath)), value != .null else {
                    throw FrontEndError("sections[\(index)].data[\(row)]", "no key at \(JSONText.excerpt(keyPath))")
                }
                key = value.interpolationText
            }
            specs.append(RowSpec(data: bound, key: key))
        }
        return SectionSpec(template: name, autoHeight: measures, height: fixedHeight,
                           header: headerView ?? headerTitle.map { .title($0) },
                           footer: footerView ?? footerTitle.map { .title($0) }, rows: specs)
    }
}
