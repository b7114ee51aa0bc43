import Testing
import DynamicType

@Suite struct DynamicTypeSizeTests {
    /// Apple's Human Interface Guidelines, Typography, "iOS, iPadOS Dynamic Type sizes", as the
    /// guidelines lay it out: one table per category, each style's size in points, in the
    /// guidelines' style order (Large Title, Title 1, Title 2, Title 3, Headline, Body, Callout,
    /// Subhead, Footnote, Caption 1, Caption 2). Transcribed by category, apart from the code's
    /// table (by style), so a slip in either shows.
    static let guidelines: [(category: String, sizes: [Double])] = [
        ("xSmall", [31, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11]),
        ("Small", [32, 26, 20, 18, 15, 15, 14, 13, 12, 11, 11]),
        ("Medium", [33, 27, 21, 19, 16, 16, 15, 14, 12, 11, 11]),
        ("Large (Default)", [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11]),
        ("xLarge", [36, 30, 24, 22, 19, 19, 18, 17, 15, 14, 13]),
        ("xxLarge", [38, 32, 26, 24, 21, 21, 20, 19, 17, 16, 15]),
        ("xxxLarge", [40, 34, 28, 26, 23, 23, 22, 21, 19, 18, 17]),
        ("AX1", [44, 38, 34, 31, 28, 28, 26, 25, 23, 22, 20]),
        ("AX2", [48, 43, 39, 37, 33, 33, 32, 30, 27, 26, 24]),
        ("AX3", [52, 48, 44, 43, 40, 40, 38, 36, 33, 32, 29]),
        ("AX4", [56, 53, 50, 49, 47, 47, 44, 42, 38, 37, 34]),
        ("AX5", [60, 58, 56, 55, 53, 53, 51, 49, 44, 43, 40]),
    ]

    @Test func everyStyleAtEveryCategoryIsTheSizeTheGuidelinesPublish() {
        #expect(Self.guidelines.count == ContentSizeCategory.allCases.count)
        for (category, (name, sizes)) in zip(ContentSizeCategory.allCases, Self.guidelines) {
            #expect(FontTextStyle.allCases.map { $0.pointSize(at: category) } == sizes, "\(name)")
        }
    }

    @Test func theBodyRowIsTheOneSpecGives() {
        #expect(ContentSizeCategory.allCases.map { FontTextStyle.body.pointSize(at: $0) }
                == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
    }

    @Test func categoriesAreOrderedSmallestFirstAndNamedAsCellsJsonNamesThem() {
        #expect(ContentSizeCategory.allCases.map(\.rawValue)
                == ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4", "AX5"])
        #expect(ContentSizeCategory.allCases.map(\.index) == Array(0..<12))
        #expect(ContentSizeCategory.allCases == ContentSizeCategory.allCases.sorted())
        #expect(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory) == [.AX1, .AX2, .AX3, .AX4, .AX5])
    }

    @Test func aMaximumCapsLargerCategoriesOnly() {
        #expect(ContentSizeCategory.AX3.capped(at: .xxxLarge) == .xxxLarge)
        #expect(ContentSizeCategory.small.capped(at: .xxxLarge) == .small)
        #expect(ContentSizeCategory.AX5.capped(at: nil) == .AX5)
    }

    @Test func scaledValueScalesInTheProportionOfTheStyleToItsLargeSize() {
        // UIFontMetrics(forTextStyle: .body).scaledValue(for: 20) at AX1: 20 * 28 / 17.
        #expect(FontTextStyle.body.scaledValue(20, at: .AX1) == 20.0 * 28 / 17)
        #expect(FontTextStyle.caption2.scaledValue(15, at: .xSmall) == 15)
        #expect(FontTextStyle.title1.scaledValue(15, at: .large) == 15)
        for style in FontTextStyle.allCases {
            for category in ContentSizeCategory.allCases {
                #expect(style.scaledValue(style.pointSize(at: .large), at: category) == style.pointSize(at: category))
            }
        }
    }
}
