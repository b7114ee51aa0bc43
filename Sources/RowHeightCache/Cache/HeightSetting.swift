import DynamicType

/// What a row's height is measured at: a content width and a Dynamic Type content size
/// category. The cache keeps heights apart per setting, as UIKit keeps them per trait collection.
struct HeightSetting: Sendable, Hashable, CustomStringConvertible {
    var width: Double
    var contentSize: ContentSizeCategory

    /// "375" at the default category, "375 AX1" at another.
    var description: String { contentSize == .large ? "\(width)" : "\(width) \(contentSize.rawValue)" }
}
