import CellsFormat
/// UITableViewCell's built-in styles that CBTableViewDataSource's `makeSection(data:)` picks from
/// the keys of a dictionary row.
public enum BuiltInCellStyle: String, Sendable, CaseIterable {
    /// `UITableViewCellStyleDefault`: one text label.
    case `default`
    /// `UITableViewCellStyleSubtitle`: the text label above a smaller detail label (`detail`).
    case subtitle
    /// `UITableViewCellStyleValue1`: the text label with a value on the right (`value`).
    case value1

    /// The style a row's keys ask for: `detail` gives subtitle, `value` gives value1; when both
    /// are present the one that comes first in the dictionary wins, as CBTableViewDataSource says.
    /// Our JSON objects are unordered, so "first" is decided by `keyOrder` when the caller knows
    /// it and by `detail` otherwise.
    public static func style(for row: JSONObject, keyOrder: [String] = []) -> BuiltInCellStyle {
        let hasDetail = row["detail"] != nil, hasValue = row["value"] != nil
        switch (hasDetail, hasValue) {
        case (false, false): return .default
        case (true, false): return .subtitle
        case (false, true): return .value1
        case (true, true):
            let detailAt = keyOrder.firstIndex(of: "detail") ?? Int.min
            let valueAt = keyOrder.firstIndex(of: "value") ?? Int.max
            return valueAt < detailAt ? .value1 : .subtitle
        }
    }

    /// The template name of this style, with or without an image view.
    public func templateName(withImage: Bool) -> String {
        "UITableViewCell.\(rawValue)" + (withImage ? ".image" : "")
    }
}
