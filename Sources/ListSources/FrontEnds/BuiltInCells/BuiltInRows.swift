import CellsFormat
/// Turns CBTableViewDataSource's dictionary rows (`text`, `detail`, `value`, `image`,
/// `accessoryType`) into rows measured by the built-in UITableViewCell templates.
public enum BuiltInRows {
    /// The row for one dictionary at `index` (used in error locations): its style's template, its
    /// accessory, and the image size the template reads. Every row is measured (`autoHeight`).
    public static func row(_ dictionary: JSONValue, at index: Int,
                           keyOrder: [String] = []) throws(FrontEndError) -> RowSpec {
        guard case .object(var members) = dictionary else {
            throw FrontEndError("data[\(index)]", "a makeSection(data:) row must be an object with text/detail/value/image/accessoryType")
        }
        let style = BuiltInCellStyle.style(for: members, keyOrder: keyOrder)
        let accessory = try accessory(members["accessoryType"], at: index)
        var withImage = false
        if let image = members["image"], image != .null {
            withImage = true
            let (width, height) = try imageSize(image, at: index)
            members["_imageWidth"] = .number(width)
            members["_imageHeight"] = .number(height)
        }
        var key: String?
        if case .string(let k)? = members["key"] { key = k }
        return RowSpec(data: .object(members), key: key, template: style.templateName(withImage: withImage),
                       autoHeight: true, accessory: accessory)
    }

    /// `accessoryType` as UITableViewCellAccessoryType's raw value (0 none, 1 disclosureIndicator,
    /// 2 detailDisclosureButton, 3 checkmark, 4 detailButton) or as an `Accessory` name.
    public static func accessory(_ value: JSONValue?, at index: Int) throws(FrontEndError) -> Accessory {
        switch value {
        case nil, .null?:
            return .none
        case .number(let n)?:
            let byRawValue: [Accessory] = [.none, .disclosure, .detailDisclosure, .checkmark, .detailButton]
            guard n == n.rounded(), n >= 0, n < Double(byRawValue.count) else {
                throw FrontEndError("data[\(index)].accessoryType", "\(JSONValue.number(n).interpolationText) is not a UITableViewCellAccessoryType (0...4)")
            }
            return byRawValue[Int(n)]
        case .string(let name)?:
            let aliases: [String: Accessory] = ["disclosureIndicator": .disclosure, "detailDisclosureButton": .detailDisclosure]
            if let accessory = Accessory(rawValue: name) ?? aliases[name] { return accessory }
            throw FrontEndError("data[\(index)].accessoryType", "unknown accessory \(JSONText.excerpt(name))")
        default:
            throw FrontEndError("data[\(index)].accessoryType", "must be a number or a name")
        }
    }

    /// An image by name takes the default icon size; `{ "width": W, "height": H }` gives its own.
    static func imageSize(_ image: JSONValue, at index: Int) throws(FrontEndError) -> (Double, Double) {
        switch image {
        case .string:
            return (BuiltInCellMetrics.defaultImageSize, BuiltInCellMetrics.defaultImageSize)
        case .object(let size):
            guard case .number(let w)? = size["width"], case .number(let h)? = size["height"],
                  w.isFinite, h.isFinite, w >= 0, h >= 0 else {
                throw FrontEndError("data[\(index)].image", "an image object needs non-negative numbers width and height")
            }
            return (w, h)
        default:
            throw FrontEndError("data[\(index)].image", "must be an image name or { width, height }")
        }
    }
}
