import CellsFormat
/// Templates reproducing UITableViewCell's default, subtitle and value1 styles with and without an
/// image, written in the SPEC constraint grammar from `BuiltInCellMetrics`. As UIKit's, their
/// labels and image keep to the content view's layout margins (the list's `layoutMargins`, by
/// default a table cell's `[11, 16, 11, 16]`).
public enum BuiltInCellTemplates {
    /// All six built-in templates by name, for a list drawn at `scale` with or without separators
    /// (the 44-point minimum row includes the separator, so the content minimum depends on both).
    public static func all(scale: Double = 2, separator: Bool = true) -> [String: Template] {
        var templates: [String: Template] = [:]
        for style in BuiltInCellStyle.allCases {
            for withImage in [false, true] {
                let spec = template(style, withImage: withImage, scale: scale, separator: separator)
                templates[spec.name] = spec
            }
        }
        return templates
    }

    /// One built-in template. Labels read `${text}`, `${detail}` / `${value}`; the image reads its
    /// size from `_imageWidth` / `_imageHeight`, which `BuiltInRows` fills in.
    public static func template(_ style: BuiltInCellStyle, withImage: Bool, scale: Double = 2,
                                separator: Bool = true) -> Template {
        typealias M = BuiltInCellMetrics
        let separatorHeight = separator && scale > 0 ? 1 / scale : 0
        var views: [ViewSpec] = [
            ViewSpec(id: "text", kind: .label(LabelSpec(text: "${text}", textStyle: M.textStyle, lines: 1))),
        ]
        var constraints: [String] = [
            "super.height >= \(M.minimumRowHeight - separatorHeight)",
            "text.trailing <= super.trailingMargin",
        ]
        if withImage {
            views.insert(ViewSpec(id: "image", kind: .image(width: .path("_imageWidth"),
                                                            height: .path("_imageHeight"))), at: 0)
            constraints += [
                "image.leading == super.leadingMargin",
                "image.centerY == super.centerY",
                "image.top >= super.top + \(M.imageVerticalMargin)",
                "super.bottom >= image.bottom + \(M.imageVerticalMargin)",
                "text.leading == image.trailing + \(M.imageGap)",
            ]
        } else {
            constraints.append("text.leading == super.leadingMargin")
        }
        switch style {
        case .default:
            constraints += [
                "text.centerY == super.centerY",
                "text.top >= super.topMargin",
                "super.bottomMargin >= text.bottom",
            ]
        case .subtitle:
            // UIKit centres the pair; we pin it to the top margin. Heights are the same, only the
            // frames of a row taller than its labels differ.
            views.append(ViewSpec(id: "detail", kind: .label(LabelSpec(text: "${detail}",
                                                                       textStyle: M.subtitleDetailStyle, lines: 1))))
            constraints += [
                "text.top == super.topMargin",
                "detail.leading == text.leading",
                "detail.trailing <= super.trailingMargin",
                "detail.top == text.bottom",
                "super.bottomMargin >= detail.bottom",
            ]
        case .value1:
            views.append(ViewSpec(id: "value", kind: .label(LabelSpec(text: "${value}",
                                                                      textStyle: M.value1DetailStyle, lines: 1))))
            constraints += [
                "text.centerY == super.centerY",
                "text.top >= super.topMargin",
                "super.bottomMargin >= text.bottom",
                "value.trailing == super.trailingMargin",
                "value.leading >= text.trailing + \(M.value1Gap)",
                "value.centerY == super.centerY",
                "value.top >= super.topMargin",
                "super.bottomMargin >= value.bottom",
            ]
        }
        return Template(name: style.templateName(withImage: withImage), views: views, constraints: constraints)
    }
}
