// The feed the cache benchmarks and CacheRatios measure: SPEC section 2's FeedCell, 10,000
// rows with new names and five detail lengths, measured by the real engine.
import Dispatch
import Synchronization
import TemplateLayout

/// SPEC section 2's FeedCell measured by the real engine, fonts from the package's Fonts/.
public enum FeedCell {
    /// The package root (Fonts/ is read from there), found from this file's path.
    public static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    /// A label view `id` showing `text`.
    public static func label(_ id: String, _ text: String, font: String = "default", size: Double, lines: Int) -> ViewSpec {
        ViewSpec(id: id, kind: .label(LabelSpec(text: text, font: font, size: size, lines: lines)))
    }

    /// The FeedCell template: a 40-point avatar, a one-line name and a detail of any length.
    public static let template = Template(name: "FeedCell", views: [
        ViewSpec(id: "avatar", kind: .image(width: .fixed(40), height: .fixed(40))),
        label("name", "${name}", font: "bold", size: 15, lines: 1),
        label("detail", "${detail}", size: 14, lines: 0),
    ], constraints: [
        "avatar.leading == super.leading + 16", "avatar.top == super.top + 12",
        "avatar.width == 40", "avatar.height == avatar.width",
        "name.leading == avatar.trailing + 10", "name.trailing <= super.trailing - 16",
        "name.top == avatar.top",
        "detail.leading == name.leading", "detail.trailing == super.trailing - 16",
        "detail.top == name.bottom + 6",
        "super.bottom >= avatar.bottom + 12", "super.bottom >= detail.bottom + 12",
    ])

    /// A measured section of `rows` feed rows: names "Ada 0"... and details of 1 to 5 sentences.
    public static func section(rows: Int) -> SectionSpec {
        SectionSpec(template: "FeedCell", autoHeight: true, rows: (0..<rows).map { index in
            RowSpec(data: .object(["name": .string("Ada \(index)"),
                                   "detail": .string(String(repeating: "The engine weaves algebra. ", count: 1 + index % 5))]))
        })
    }

    /// The bundled DejaVu fonts, with the Droid fallback, relative to `root`.
    public static let fonts = Fonts(files: ["default": "Fonts/DejaVuSans.ttf", "bold": "Fonts/DejaVuSans-Bold.ttf"],
                                        fallback: ["Fonts/DroidSansFallbackFull.ttf"])

    /// A new measurer over the bundled DejaVu fonts and the FeedCell template (cold caches).
    public static func measurer() throws -> ListMeasurer {
        return try ListMeasurer(document: Document(fonts: fonts, templates: ["FeedCell": template]), baseDirectory: root)
    }
}

/// The feed rows the cache benchmarks share, measured once so the text caches are warm.
public enum Feed {
    /// Rows in the shared feed.
    public static let rows = 10_000
    /// The measurer every cache benchmark shares; its text caches are warm once `section` is read.
    public static let measurer: ListMeasurer = try! FeedCell.measurer()
    /// The 10,000-row feed section, each row measured once by `measurer`.
    public static let section: SectionSpec = {
        let section = FeedCell.section(rows: rows)
        for row in section.rows { _ = try? measurer.measureRow(row, in: section, frames: false) }
        return section
    }()

    /// A source over the first `count` feed rows, measuring with `measurer`.
    public static func source(rows count: Int) -> ListHeightSource {
        var rows = section
        rows.rows = Array(rows.rows.prefix(count))
        // Captured, as an app's closure captures its measurer (not a global read on every row).
        let measurer = Feed.measurer
        return ListHeightSource(sections: [rows]) { row, section, _, _ in
            try measurer.measureRow(row, in: section, frames: false).height
        }
    }

    /// A source over the whole feed measuring through a `MeasurerPool` (as the front door does),
    /// its text caches warmed by measuring every row once.
    public static func pooledSource() throws -> ListHeightSource {
        let pool = try MeasurerPool(base: Document(list: ListSettings(width: 375), fonts: FeedCell.fonts,
                                                   templates: ["FeedCell": FeedCell.template]), baseDirectory: FeedCell.root)
        let measure = pool.measure
        for row in section.rows { _ = try measure(row, section, 375, .large) }
        return ListHeightSource(sections: [section], measure: measure)
    }

    /// Measures the first `rows` feed rows on the calling thread with `measurer`, no cache, and
    /// returns the sum of their heights: the one-thread peer of the cache's modes.
    public static func measureOnOneThread(rows: Int) -> Double {
        var sum = 0.0
        for row in section.rows.prefix(rows) {
            sum += (try? measurer.measureRow(row, in: section, frames: false).height) ?? 0
        }
        return sum
    }

    /// Measures the feed rows `range` on the calling thread with `measurer`, no cache, and
    /// returns the sum of their heights (`procs`: each of two processes measures one half).
    public static func measureOnOneThread(rowsIn range: Range<Int>) -> Double {
        var sum = 0.0
        for row in section.rows[range] {
            sum += (try? measurer.measureRow(row, in: section, frames: false).height) ?? 0
        }
        return sum
    }

    /// Measures the first `rows` feed rows on two threads sharing `measurer`, no cache, each
    /// taking the next 64 rows from a shared counter (as precache's workers take chunks), and
    /// returns the sum of their heights.
    public static func measureOnTwoThreads(rows: Int) -> Double {
        let next = Atomic<Int>(0)
        let sums = Mutex<Double>(0)
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            var sum = 0.0
            while true {
                let start = next.add(64, ordering: .relaxed).oldValue
                guard start < rows else { break }
                for row in start..<min(start + 64, rows) {
                    sum += (try? measurer.measureRow(section.rows[row], in: section, frames: false).height) ?? 0
                }
            }
            sums.withLock { $0 += sum }
        }
        return sums.withLock { $0 }
    }
}

/// A list of fixed shape whose rows are "measured" by a synthetic feed-cell cost: greedy line
/// breaking of a 140-character text by per-character advances, as a label would: a cell cheap
/// enough that the cache's own costs show.
public struct SyntheticFeedSource: HeightSource {
    /// Rows in each section.
    public let counts: [Int]

    /// A list of `counts[section]` rows in each section.
    public init(counts: [Int]) { self.counts = counts }

    /// The number of sections in `counts`.
    public func numberOfSections() -> Int { counts.count }
    /// The rows of `section` in `counts`.
    public func numberOfRows(inSection section: Int) -> Int { counts[section] }
    /// The synthetic height of the row, its seed made from its place.
    public func measureHeight(at indexPath: IndexPath, width: Double) throws -> Double {
        SyntheticFeedSource.measure(seed: indexPath.row &* 31 &+ indexPath.section, width: width)
    }

    /// The text every row breaks.
    public static let text = Array("Ada Lovelace posted: the analytical engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves. Reply?".utf8)

    /// The synthetic height of a row whose advances `seed` varies, at `width`.
    public static func measure(seed: Int, width: Double) -> Double {
        var lines = 1
        var lineWidth = 0.0
        var wordWidth = 0.0
        for (index, byte) in text.enumerated() {
            let advance = 6.5 + Double((Int(byte) &+ seed &+ index) & 7) * 0.25
            if byte == 32 {
                lineWidth += wordWidth + advance
                wordWidth = 0
            } else {
                wordWidth += advance
                if lineWidth + wordWidth > width - 82 {
                    lines += 1
                    lineWidth = 0
                }
            }
        }
        return (Double(lines) * 17.5 + 24).rounded(.up)
    }
}
