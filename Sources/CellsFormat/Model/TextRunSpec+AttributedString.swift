import Foundation
import DynamicType

/// The attributes of an `AttributedString` that a label reads, one per member of `TextRunSpec`:
/// `font` (a name in the document's `fonts`), `pointSize`, `textStyle`, `relativeTo`, `kern`,
/// `baselineOffset` and `features`. Set them with `text.templateLayout.font = "bold"` (or
/// `text[range].templateLayout.kern = 1`); any other attribute (a link, a UIKit font, a colour)
/// has no meaning here and makes the label an error when its template compiles.
public struct TemplateLayoutAttributes: AttributeScope {
    /// The run's font, by its name in the document's `fonts`.
    public let font: FontKey
    /// The run's point size.
    public let pointSize: PointSizeKey
    /// A Dynamic Type style giving the run's size.
    public let textStyle: TextStyleKey
    /// A style the run's `pointSize` scales with.
    public let relativeTo: RelativeToKey
    /// Points after every character of the run.
    public let kern: KernKey
    /// Points the run is raised above the baseline.
    public let baselineOffset: BaselineOffsetKey
    /// OpenType feature settings (`tnum`, `-liga`).
    public let features: FeaturesKey

    /// `TextRunSpec.font`.
    public enum FontKey: AttributedStringKey {
        public typealias Value = String
        public static let name = "TemplateLayout.font"
    }
    /// `TextRunSpec.size`.
    public enum PointSizeKey: AttributedStringKey {
        public typealias Value = Double
        public static let name = "TemplateLayout.pointSize"
    }
    /// `TextRunSpec.textStyle`.
    public enum TextStyleKey: AttributedStringKey {
        public typealias Value = FontTextStyle
        public static let name = "TemplateLayout.textStyle"
    }
    /// `TextRunSpec.relativeTo`.
    public enum RelativeToKey: AttributedStringKey {
        public typealias Value = FontTextStyle
        public static let name = "TemplateLayout.relativeTo"
    }
    /// `TextRunSpec.kern`.
    public enum KernKey: AttributedStringKey {
        public typealias Value = Double
        public static let name = "TemplateLayout.kern"
    }
    /// `TextRunSpec.baselineOffset`.
    public enum BaselineOffsetKey: AttributedStringKey {
        public typealias Value = Double
        public static let name = "TemplateLayout.baselineOffset"
    }
    /// `TextRunSpec.features`.
    public enum FeaturesKey: AttributedStringKey {
        public typealias Value = [String]
        public static let name = "TemplateLayout.features"
    }
}

extension AttributeScopes {
    /// The attributes a label reads (`TemplateLayoutAttributes`).
    public var templateLayout: TemplateLayoutAttributes.Type { TemplateLayoutAttributes.self }
}

extension AttributeDynamicLookup {
    /// `text.templateLayout.font = "bold"` and the other `TemplateLayoutAttributes`.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<TemplateLayoutAttributes, T>) -> T {
        self[T.self]
    }
}

extension TextRunSpec {
    /// The runs of `text`, one per stretch of equal attributes, or why it cannot be a label's
    /// text: an attribute outside `TemplateLayoutAttributes`, named in the message.
    public static func runs(from text: AttributedString) -> Result<[TextRunSpec], LabelTextError> {
        var runs: [TextRunSpec] = []
        for run in text.runs {
            let scope = run.templateLayout
            let spec = TextRunSpec(String(text[run.range].characters), font: scope.font, size: scope.pointSize,
                                   textStyle: scope.textStyle, relativeTo: scope.relativeTo, kern: scope.kern,
                                   baselineOffset: scope.baselineOffset ?? 0, features: scope.features)
            var read = spec.attributes
            read.templateLayout.baselineOffset = scope.baselineOffset
            // Nothing is left unread when the attributes are exactly those read.
            guard run.attributes == read else {
                let characters = text.characters.distance(from: text.startIndex, to: run.range.lowerBound)
                return .failure(LabelTextError(message: "the attributed text has attributes a label does not read at "
                    + "character \(characters) (\(run.attributes.unreadNames(besides: read))): "
                    + "only TemplateLayoutAttributes (font, pointSize, textStyle, relativeTo, kern, baselineOffset, "
                    + "features) are read"))
            }
            runs.append(spec)
        }
        return .success(runs)
    }

    /// The run's members as `TemplateLayoutAttributes` (the text as an `AttributedString` is
    /// `AttributedString(run.text, attributes: run.attributes)`).
    public var attributes: AttributeContainer {
        var container = AttributeContainer()
        container.templateLayout.font = font
        container.templateLayout.pointSize = size
        container.templateLayout.textStyle = textStyle
        container.templateLayout.relativeTo = relativeTo
        container.templateLayout.kern = kern
        if baselineOffset != 0 { container.templateLayout.baselineOffset = baselineOffset }
        container.templateLayout.features = features
        return container
    }
}

/// Why an `AttributedString` cannot be a label's text.
public struct LabelTextError: Error, Sendable, Hashable {
    /// What is wrong and where in the text.
    public var message: String

    /// An error saying `message`.
    public init(message: String) { self.message = message }
}

extension AttributeContainer {
    /// The attribute names this container has beyond `known`'s, for a message.
    fileprivate func unreadNames(besides known: AttributeContainer) -> String {
        // AttributeContainer lists its keys only in its description (`{ NSLink = ... }`).
        func names(_ container: AttributeContainer) -> Set<String> {
            Set(container.description.split(separator: "\n").compactMap { line -> String? in
                guard let equals = line.firstIndex(of: "=") else { return nil }
                return line[..<equals].trimmingCharacters(in: .whitespaces)
            })
        }
        let unread = names(self).subtracting(names(known)).sorted()
        return unread.isEmpty ? "a value it cannot read" : unread.joined(separator: ", ")
    }
}
