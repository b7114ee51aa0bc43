import Testing
import CellsFormat
import CellLayout
import DynamicType
import ListSources
import RowHeightCache
import TestSupport

/// Dynamic Type through measuring and caching: text styles sized by the list's category, sizes
/// scaled with `relativeTo`, the category capped, and caches that keep categories apart.
@Suite struct DynamicTypeListTests {
    /// Texts in several scripts, long enough to wrap at the widths used.
    static let texts = [
        "Dynamic Type makes every label follow the reader's text size, line by line",
        "动态字体让每个标签都跟随读者选择的文字大小，一行一行地重新排版",
        "الخط الديناميكي يجعل كل تسمية تتبع حجم النص الذي اختاره القارئ",
        "ตัวอักษรแบบไดนามิกทำให้ทุกป้ายกำกับเปลี่ยนขนาดตามที่ผู้อ่านเลือก",
        "डायनामिक टाइप हर लेबल को पाठक के चुने हुए आकार के साथ बदलता है",
    ]

    /// A one-label template: the label's spec as given, pinned to the content view's margins.
    static func template(_ label: LabelSpec, name: String = "Cell") -> Template {
        Template(name: name, views: [ViewSpec(id: "text", kind: .label(label))],
                     constraints: ["text.leading == super.leading + 16", "text.trailing == super.trailing - 16",
                                   "text.top == super.top + 11", "super.bottom == text.bottom + 11"])
    }

    static func row(_ text: String) -> RowSpec { Fixtures.row(["text": .string(text)], template: "Cell") }

    static func height(_ label: LabelSpec, text: String, list: ListSettings) throws -> Double {
        let measurer = try Fixtures.measurer([template(label)], list: list)
        return try measurer.measureRow(row(text), in: SectionSpec(), frames: false).height
    }

    @Test func everyStyleAtEveryCategoryMeasuresAsTheSameLabelAtTheTablesSize() throws {
        let text = Self.texts[0]
        for style in FontTextStyle.allCases {
            for category in ContentSizeCategory.allCases {
                let list = ListSettings(width: 240, contentSize: category)
                let styled = LabelSpec(text: "${text}", textStyle: style, lines: 0)
                let sized = LabelSpec(text: "${text}", size: style.pointSize(at: category), lines: 0)
                #expect(try Self.height(styled, text: text, list: list) == Self.height(sized, text: text, list: ListSettings(width: 240)),
                        "\(style) at \(category)")
            }
        }
    }

    @Test func textStylesFollowTheCategoryInEveryScript() throws {
        for text in Self.texts {
            var heights: [Double] = []
            for category in [ContentSizeCategory.xSmall, .large, .AX3] {
                let list = ListSettings(width: 200, contentSize: category)
                let styled = try Self.height(LabelSpec(text: "${text}", textStyle: .body, lines: 0), text: text, list: list)
                let sized = try Self.height(LabelSpec(text: "${text}", size: FontTextStyle.body.pointSize(at: category), lines: 0),
                                            text: text, list: ListSettings(width: 200))
                #expect(styled == sized, "\(text) at \(category)")
                heights.append(styled)
            }
            #expect(heights[0] < heights[1] && heights[1] < heights[2], "\(text): \(heights)")
        }
    }

    @Test func relativeToScalesTheSizeAsUIFontMetricsScaledValue() throws {
        let text = Self.texts[0]
        for (style, category) in [(FontTextStyle.body, ContentSizeCategory.AX2), (.caption2, .xSmall), (.title1, .xxxLarge)] {
            let scaled = LabelSpec(text: "${text}", size: 20, relativeTo: style, lines: 0)
            let plain = LabelSpec(text: "${text}", size: 20 * style.pointSize(at: category) / style.pointSize(at: .large), lines: 0)
            #expect(try Self.height(scaled, text: text, list: ListSettings(width: 240, contentSize: category))
                    == Self.height(plain, text: text, list: ListSettings(width: 240)), "\(style) at \(category)")
        }
    }

    @Test func maximumContentSizeCapsTheCategory() throws {
        let label = LabelSpec(text: "${text}", textStyle: .body, lines: 0)
        let capped = ListSettings(width: 240, contentSize: .AX5, maximumContentSize: .xxxLarge)
        #expect(capped.effectiveContentSize == .xxxLarge)
        #expect(try Self.height(label, text: Self.texts[0], list: capped)
                == Self.height(label, text: Self.texts[0], list: ListSettings(width: 240, contentSize: .xxxLarge)))
        // Below the cap the category is used as it is.
        let below = ListSettings(width: 240, contentSize: .small, maximumContentSize: .xxxLarge)
        #expect(try Self.height(label, text: Self.texts[0], list: below)
                == Self.height(label, text: Self.texts[0], list: ListSettings(width: 240, contentSize: .small)))
    }

    @Test func aLabelWithoutAStyleMeasuresTheSameAtEveryCategory() throws {
        let label = LabelSpec(text: "${text}", size: 15, lines: 0)
        let heights = try Set(ContentSizeCategory.allCases.map { category in
            try Self.height(label, text: Self.texts[1], list: ListSettings(width: 200, contentSize: category))
        })
        #expect(heights.count == 1)
    }

    @Test func aPoolCompilesEachCategoryOnceAndSharesTemplatesADocumentCannotTellApart() throws {
        let styled = Fixtures.document([Self.template(LabelSpec(text: "${text}", textStyle: .body, lines: 0))])
        let pool = try MeasurerPool(base: styled, baseDirectory: Fixtures.root)
        let ax1 = try #require(pool.measurer(width: 320, contentSize: .AX1).template(named: "Cell"))
        #expect(try pool.measurer(width: 375, contentSize: .AX1).template(named: "Cell") === ax1)
        #expect(try pool.measurer(width: 200, contentSize: .AX1).template(named: "Cell") === ax1)
        #expect(try pool.measurer(width: 320, contentSize: .large).template(named: "Cell") !== ax1)
        let plain = Fixtures.document([Self.template(LabelSpec(text: "${text}", size: 17, lines: 0))])
        let plainPool = try MeasurerPool(base: plain, baseDirectory: Fixtures.root)
        let large = try #require(plainPool.measurer(width: 320).template(named: "Cell"))
        for category in ContentSizeCategory.allCases {
            #expect(try plainPool.measurer(width: 320, contentSize: category).template(named: "Cell") === large)
        }
    }

    @Test func aPoolMeasuresAtACategoryAsAMeasurerBuiltAtIt() throws {
        let document = Fixtures.document([Self.template(LabelSpec(text: "${text}", textStyle: .headline, lines: 0))])
        let pool = try MeasurerPool(base: document, baseDirectory: Fixtures.root)
        let section = SectionSpec(template: "Cell", autoHeight: true)
        for category in ContentSizeCategory.allCases {
            var at = document
            at.list.contentSize = category
            let fresh = try ListMeasurer(document: at, baseDirectory: Fixtures.root)
            for text in Self.texts {
                #expect(try pool.measure(Self.row(text), section, 250, category)
                        == fresh.measureRow(Self.row(text), in: section, width: 250, frames: false).height)
            }
        }
    }

    /// A cache over the texts in one `autoHeight` section, measured by a pool, with statistics on.
    static func cache(keyed: Bool = false) throws -> (HeightCache, ListMeasurer) {
        let document = Fixtures.document([Self.template(LabelSpec(text: "${text}", textStyle: .body, lines: 0))])
        let rows = (0..<20).map { i in
            RowSpec(data: .object(["text": .string(Self.texts[i % Self.texts.count] + String(repeating: " more", count: i))]),
                    key: keyed ? "k\(i)" : nil)
        }
        var list = document
        list.sections = [SectionSpec(template: "Cell", autoHeight: true, rows: rows)]
        let pool = try MeasurerPool(base: document, baseDirectory: Fixtures.root)
        let cache = try HeightCache(source: ListHeightSource(document: list, measure: pool.measure), width: 320)
        cache.setStatisticsEnabled(true)
        return (cache, try ListMeasurer(document: document, baseDirectory: Fixtures.root))
    }

    @Test func aCacheSwitchingCategoriesNeverReturnsAnotherCategorysHeight() throws {
        for seed in UInt64(1)...6 {
            var random = SplitMix64(seed: seed)
            let (cache, reference) = try Self.cache(keyed: seed % 2 == 0)
            let source = cache.source as! ListHeightSource
            let sections = source.sections
            for _ in 0..<120 {
                switch random.next() % 6 {
                case 0: cache.setContentSizeCategory(ContentSizeCategory.allCases.randomElement(using: &random)!)
                case 1: try cache.setWidth([240.0, 320, 375].randomElement(using: &random)!)
                case 2: try cache.setWidth([240.0, 320].randomElement(using: &random)!,
                                           contentSizeCategory: ContentSizeCategory.allCases.randomElement(using: &random)!)
                default:
                    let row = Int(random.next() % 20)
                    let height = try cache.height(for: IndexPath(row: row, section: 0))
                    let expected = try reference.withContentSize(cache.contentSizeCategory)
                        .measureRow(sections[0].rows[row], in: sections[0], width: cache.width, frames: false).height
                    #expect(height == expected, "seed \(seed), row \(row) at \(cache.width) \(cache.contentSizeCategory)")
                }
            }
        }
    }

    @Test func switchingCategoriesAndBackMeasuresNothingAgain() async throws {
        let (cache, _) = try Self.cache()
        let paths = (0..<20).map { IndexPath(row: $0, section: 0) }
        let large = try paths.map { try cache.height(for: $0) }
        cache.setContentSizeCategory(.AX2)
        _ = await cache.precache()
        let ax2 = try paths.map { try cache.height(for: $0) }
        #expect(cache.statistics.measurements == 40)
        #expect(zip(large, ax2).allSatisfy { $0 < $1 })
        cache.setContentSizeCategory(.large)
        #expect(try paths.map { try cache.height(for: $0) } == large)
        cache.setContentSizeCategory(.AX2)
        #expect(try paths.map { try cache.height(for: $0) } == ax2)
        #expect(cache.statistics.measurements == 40)
        #expect(cache.contentSizeCategory == .AX2 && cache.width == 320)
    }

    @Test func theKeyedCacheKeepsCategoriesApart() throws {
        let keyed = KeyedHeightCache()
        keyed.setHeight(50, forKey: "a", width: 320, contentSize: .large)
        keyed.setHeight(90, forKey: "a", width: 320, contentSize: .AX3)
        #expect(keyed.height(forKey: "a", width: 320) == 50)
        #expect(keyed.height(forKey: "a", width: 320, contentSize: .AX3) == 90)
        #expect(keyed.height(forKey: "a", width: 320, contentSize: .AX1) == nil)
        #expect(keyed.count == 2)
        // Through a cache: a keyed row's height at one category never answers another.
        let (cache, _) = try Self.cache(keyed: true)
        let large = try cache.height(for: IndexPath(row: 3, section: 0))
        cache.setContentSizeCategory(.AX4)
        cache.invalidateAll()
        let ax4 = try cache.height(for: IndexPath(row: 3, section: 0))
        #expect(ax4 > large)
        #expect(cache.keyed.height(forKey: "k3", width: 320, contentSize: .AX4) == ax4)
        #expect(cache.keyed.height(forKey: "k3", width: 320, contentSize: .large) == large)
    }

    @Test func builtInCellStylesFollowTheCategoryAsUIKitsDefaultCellsDo() throws {
        let data: JSONValue = .object(["text": .string("Wi-Fi"), "detail": .string("Home network"),
                                       "value": .string("Connected")])
        for style in BuiltInCellStyle.allCases {
            let spec = BuiltInCellTemplates.template(style, withImage: false)
            // The same template with each label's style replaced by its size at AX1.
            var sized = spec
            sized.views = spec.views.map { view in
                guard case .label(var label) = view.kind, let textStyle = label.textStyle else { return view }
                label.size = textStyle.pointSize(at: .AX1)
                label.textStyle = nil
                var copy = view
                copy.kind = .label(label)
                return copy
            }
            let row = RowSpec(data: data, template: spec.name, autoHeight: true)
            let atAX1 = try Fixtures.measurer([spec], list: ListSettings(contentSize: .AX1))
                .measureRow(row, in: SectionSpec(), frames: false).height
            let atLarge = try Fixtures.measurer([spec]).measureRow(row, in: SectionSpec(), frames: false).height
            #expect(atAX1 == (try Fixtures.measurer([sized]).measureRow(row, in: SectionSpec(), frames: false).height), "\(style)")
            #expect(atAX1 > atLarge, "\(style)")
        }
    }
}
