import CellsFormat
import CellLayout

extension Template {
    /// What this template's layout of `item` at list width `width` leaves undecided (see
    /// `LayoutAmbiguity`): a check for tests and CI that the constraints pin every frame value,
    /// above all those the height depends on. The item is read as `HeightCache(template:fonts:items:width:)`
    /// reads it (images named by asset sized by `assets`); throws what measuring it there would
    /// throw. Compiles the template and loads the fonts on every call.
    public func ambiguity(for item: some Encodable, fonts: Fonts, width: Double, scale: Double = 2,
                          separator: Bool = true, assets: AssetsSpec = .sizes([:])) throws -> LayoutAmbiguity {
        var document = try ItemRows.document(template: self, fonts: fonts, width: width, scale: scale,
                                             separator: separator)
        document.assets = assets
        let section = ItemRows.section(template: name)
        let row = try ItemRows.row(item, path: "item", section: section, in: document)
        return try ListMeasurer(document: document, baseDirectory: ".").ambiguity(of: row, in: section)
    }
}
