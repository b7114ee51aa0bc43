import TextEngine
import CellsFormat
import DynamicType

/// The fonts and point size a piece of text is measured with, resolved from how a document names
/// them: a font name, a `size` or a `textStyle` (with `relativeTo`), `features`, and the content
/// size category. A label resolves its own; an attributed run can resolve its own the same way.
struct ResolvedFont {
    /// The stack to shape with: the named fonts with the features, at the point size's optical
    /// size where a font follows it.
    var fonts: FontStack
    /// The point size.
    var size: Double

    /// Resolves `font` in `fonts` at `category`; errors name `path` and the member at fault
    /// (`font`, `features`, `size`).
    init(font: String, size: Double, textStyle: FontTextStyle?, relativeTo: FontTextStyle?, features: [String],
         at category: ContentSizeCategory, fonts: [String: FontStack], path: String) throws(LayoutError) {
        guard var stack = fonts[font] else {
            throw LayoutError(path: "\(path).font", message: "font \(JSONText.excerpt(font)) is not in fonts")
        }
        if !features.isEmpty {
            do { stack = try stack.withFeatures(features) } catch {
                throw LayoutError(.font(error.kind), path: "\(path).features", message: error.reason)
            }
        }
        guard LayoutLimits.fontSizes.contains(size) else {
            throw LayoutError(path: "\(path).size",
                              message: "\(formatNumber(size)) is out of range: expected \(LayoutLimits.fontSizeRangeText)")
        }
        let resolved = LabelSpec.pointSize(size: size, textStyle: textStyle, relativeTo: relativeTo, at: category)
        guard LayoutLimits.fontSizes.contains(resolved) else {
            throw LayoutError(path: "\(path).size", message: "\(formatNumber(size)) scaled with "
                              + "\(relativeTo?.rawValue ?? "") at \(category.rawValue) is \(formatNumber(resolved)), "
                              + "out of range: expected \(LayoutLimits.fontSizeRangeText)")
        }
        // A variable font with an `opsz` axis the document leaves unset is measured at the
        // point size as its optical size, as Core Text does.
        self.fonts = stack.withOpticalSize(resolved)
        self.size = resolved
    }
}
