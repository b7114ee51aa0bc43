import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// Measures `rows` with ListMeasurer and with the kiwisolver reference (images named by asset
/// sized by `assets`), expecting equal heights and frames (to 1e-6 points); returns our heights
/// for further exact checks.
@discardableResult
func expectAgreementWithKiwi(_ template: Template, rows: [RowSpec], list: ListSettings = ListSettings(),
                             assets: [String: ImageSize] = [:],
                             sourceLocation: SourceLocation = #_sourceLocation) throws -> [Double] {
    var document = Fixtures.document([template], list: list)
    document.assets = .sizes(assets)
    let measurer = try ListMeasurer(document: document, baseDirectory: Fixtures.root)
    let section = SectionSpec(template: template.name, autoHeight: true)
    let reference = try KiwiReference.layout(template, rows: rows, list: list, assets: assets)
    var heights: [Double] = []
    for (r, row) in rows.enumerated() {
        let ours = try measurer.measureRow(row, in: section, frames: true)
        heights.append(ours.height)
        guard let expected = reference[r] else {
            Issue.record("kiwi found no solution for row \(r)", sourceLocation: sourceLocation)
            continue
        }
        #expect(ours.height == expected.height, "row \(r)", sourceLocation: sourceLocation)
        for frame in ours.frames {
            guard let e = expected.frames[frame.id], e.count == 4 else {
                Issue.record("no reference frame for \(frame.id)", sourceLocation: sourceLocation)
                continue
            }
            let mine = [frame.x, frame.y, frame.width, frame.height]
            let close = zip(mine, e).allSatisfy { abs($0 - $1) <= 1e-6 }
            #expect(close, "row \(r) \(frame.id): ours \(mine), kiwi \(e)", sourceLocation: sourceLocation)
        }
    }
    return heights
}
