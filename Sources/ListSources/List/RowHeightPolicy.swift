import CellsFormat
import CellLayout
/// How a row's height is found, as the cache's sources need it: a fixed height, or measured by a
/// template. It is `HeightPolicy` (the one statement of SPEC section 1's rule) with the fixed rungs
/// folded together and a measured row without any template kept as `measured(template: nil)`
/// instead of an error, so a source can report that when it measures.
public enum RowHeightPolicy: Sendable, Equatable {
    /// A fixed height, used as it is.
    case fixed(Double)
    /// Measured by this template (the row's own, else the section's; nil when neither names one).
    case measured(template: String?)

    /// The policy for `row` in `section` of a list with `settings`.
    public static func resolve(row: RowSpec, section: SectionSpec, settings: ListSettings) -> RowHeightPolicy {
        do {
            switch try HeightPolicy.of(row, in: section, list: settings) {
            case .rowHeight(let height), .sectionHeight(let height), .listRowHeight(let height):
                return .fixed(height)
            case .measured(let template):
                return .measured(template: template)
            }
        } catch {
            // HeightPolicy's only refusal: autoHeight with no template on the row or its section.
            return .measured(template: nil)
        }
    }
}
