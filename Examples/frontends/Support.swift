#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TemplateLayout

/// Ends the example run with status 1.
func exitWithFailure() -> Never { exit(1) }

/// Every row's height from `cache`, section by section.
func heights(_ cache: HeightCache) throws -> [[Double]] {
    try (0..<cache.numberOfSections).map { section in
        try (0..<(cache.numberOfRows(inSection: section) ?? 0)).map { try cache.height(for: IndexPath(row: $0, section: section)) }
    }
}

/// A label view.
func label(_ id: String, _ text: String, size: Double = 17, lines: Int = 1, font: String = "default") -> ViewSpec {
    ViewSpec(id: id, kind: .label(LabelSpec(text: text, font: font, size: size, lines: lines)))
}

/// SPEC section 2's feed cell.
let feedCell = Template(name: "FeedCell", views: [
    ViewSpec(id: "avatar", kind: .image(width: .fixed(40), height: .fixed(40))),
    label("name", "${name}", size: 15, font: "bold"),
    label("detail", "${detail}", size: 14, lines: 0),
], constraints: [
    "avatar.leading == super.leading + 16", "avatar.top == super.top + 12", "avatar.width == 40", "avatar.height == 40",
    "name.leading == avatar.trailing + 10", "name.trailing <= super.trailing - 16", "name.top == avatar.top",
    "detail.leading == name.leading", "detail.trailing == super.trailing - 16", "detail.top == name.bottom + 6",
    "super.bottom >= avatar.bottom + 12", "super.bottom >= detail.bottom + 12",
])
