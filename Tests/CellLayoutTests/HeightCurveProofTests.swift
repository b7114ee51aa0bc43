import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// How a curve proves its steps: a wrapping label whose width the required equalities pin is
/// followed by its height alone (one layout per step of the row's height), one free to take its
/// measured width by its lines; both exact at every pixel width.
@Suite struct HeightCurveProofTests {
    static let detail = "A detail long enough to wrap onto several lines at a phone's width, and onto two or three "
        + "at a tablet's, so the row's height steps down as the list widens."

    /// The feed cell with the detail's trailing edge `trailing` (`==` pins its width, `<=` leaves
    /// it its measured width).
    static func feed(trailing: String) -> Template {
        var template = Fixtures.feedCell
        template.constraints = template.constraints.map {
            $0 == "detail.trailing == super.trailing - 16" ? "detail.trailing \(trailing) super.trailing - 16" : $0
        }
        return template
    }

    static func check(_ template: Template, _ detail: String) throws -> HeightCurve {
        let measurer = try Fixtures.measurer([template]), reference = try Fixtures.measurer([template])
        let row = Fixtures.row(["name": "Ada", "detail": .string(detail)], template: "FeedCell")
        let curve = try measurer.heightCurve(of: row, in: SectionSpec(), widths: HeightCurveTests.widths)
        let wrong = try HeightCurveTests.mismatches(curve, scale: 2) { w in
            try reference.measureRow(row, in: SectionSpec(), width: w, frames: false).height
        }
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(curve.pointwise.isEmpty)
        return curve
    }

    @Test func aLabelWhoseWidthIsPinnedTakesOneLayoutPerStepOfTheRowsHeight() throws {
        for words in [6, 20, 40, 80] {
            let text = Self.detail.split(separator: " ").prefix(words).joined(separator: " ")
            let curve = try Self.check(Self.feed(trailing: "=="), text)
            #expect(curve.layouts == curve.heights.count, "\(words) words: \(curve.steps)")
        }
    }

    @Test func aLabelFreeToTakeItsMeasuredWidthIsFollowedByItsLines() throws {
        let curve = try Self.check(Self.feed(trailing: "<="), Self.detail)
        // Its measured width reaches the layout: every change of its lines is a layout.
        #expect(curve.heights.count >= 3 && curve.layouts > curve.heights.count)
    }

    @Test func aLabelWithAFallbackFacesLinesIsFollowedByItsLines() throws {
        // CJK from the fallback face: lines of other heights, so the count alone proves nothing.
        let curve = try Self.check(Self.feed(trailing: "=="), "下载 the app 应用 today 今天! " + Self.detail)
        #expect(curve.heights.count >= 3 && curve.layouts > curve.heights.count)
    }
}
