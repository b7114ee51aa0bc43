import Foundation
import TextEngine
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// Runs Reference/kiwi_layout.py (an independent layout of SPEC sections 1-2 on kiwisolver) and
/// compares it with ListMeasurer. Label sizes come from our TextEngine; wrapping labels are
/// re-measured at the width kiwi gives them until the widths settle, as the SPEC describes.
enum KiwiReference {
    struct Result {
        var height: Double
        var frames: [String: [Double]]
    }

    static let script = Fixtures.root + "/Tests/CellLayoutTests/Reference/kiwi_layout.py"

    /// Runs the script on `cases`; one result (or error text) per case.
    static func solve(_ cases: [[String: Any]]) throws -> [Result?] {
        try OutsideReference.kiwisolver.require()
        let input = try JSONSerialization.data(withJSONObject: ["cases": cases])
        // KIWI_DUMP=/tmp/cases.json keeps the script's input for running it by hand.
        if let dump = ProcessInfo.processInfo.environment["KIWI_DUMP"] { try input.write(to: URL(fileURLWithPath: dump)) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
              let json = try JSONSerialization.jsonObject(with: output) as? [String: Any],
              let results = json["results"] as? [[String: Any]] else {
            throw ReferenceError(message: "kiwi_layout.py failed (status \(process.terminationStatus))")
        }
        return results.map { r in
            guard let height = r["height"] as? Double, let frames = r["frames"] as? [String: [Double]] else { return nil }
            return Result(height: height, frames: frames)
        }
    }

    struct ReferenceError: Error { var message: String }

    private static func json(_ value: JSONValue) -> Any {
        switch value {
        case .null: return NSNull()
        case .bool(let b): return b
        case .number(let n): return n
        case .string(let s): return s
        case .array(let a): return a.map(json)
        case .object(let o): return o.dictionary.mapValues(json)
        }
    }

    /// The reference layout of `rows` (each with its accessory) in `template`, at `list`'s width,
    /// images named by asset sized by `assets`.
    static func layout(_ template: Template, rows: [RowSpec], list: ListSettings = ListSettings(),
                       assets: [String: ImageSize] = [:]) throws -> [Result?] {
        try layout(rows.map { (template, $0) }, list: list, assets: assets)
    }

    /// The reference layout of each (template, row) pair, all in one run of the script per round.
    static func layout(_ items: [(Template, RowSpec)], list: ListSettings = ListSettings(),
                       fixedContentHeight: Double? = nil, assets: [String: ImageSize] = [:]) throws -> [Result?] {
        let fonts = try FontLibrary.load(Fixtures.fonts, baseDirectory: Fixtures.root)
        let blueprints = try items.map { item throws(LayoutError) in try TemplateCompiler.blueprint(item.0, fonts: fonts) }
        let measurer = TextMeasurer()
        // Per item, per label slot: its text, the width it was measured at, and the measurement.
        let texts = items.indices.map { r in blueprints[r].labels.map { (try? RowBinding.interpolate($0.text, with: items[r].1.data)) ?? "" } }
        var measured = items.indices.map { r in
            blueprints[r].labels.indices.map { k in
                (width: Double.infinity, m: measurer.measure(texts[r][k], style: blueprints[r].labels[k].style, width: .infinity))
            }
        }
        var results: [Result?] = []
        for _ in 0..<CompiledTemplate.maximumMeasureRounds + 1 {
            let cases = items.indices.map { r in
                var c = makeCase(items[r].0, blueprints[r], row: items[r].1, measured: measured[r].map(\.m), list: list,
                                 assets: assets)
                if let fixedContentHeight { c["fixedContentHeight"] = fixedContentHeight }
                return c
            }
            results = try solve(cases)
            var changed = false
            for r in items.indices {
                guard let result = results[r] else { continue }
                for (k, label) in blueprints[r].labels.enumerated() where label.wraps {
                    let id = blueprints[r].views[label.view].id
                    let w = max(0, result.frames[id]?[2] ?? 0)
                    if abs(w - measured[r][k].width) > 1e-9 {
                        measured[r][k] = (w, measurer.measure(texts[r][k], style: label.style, width: w))
                        changed = true
                    }
                }
            }
            if !changed { break }
        }
        return results
    }

    private static func makeCase(_ template: Template, _ blueprint: TemplateBlueprint, row: RowSpec,
                                 measured: [TextMeasurement], list: ListSettings,
                                 assets: [String: ImageSize]) -> [String: Any] {
        var views: [[String: Any]] = []
        for (i, spec) in template.views.enumerated() {
            var view: [String: Any] = ["id": spec.id, "hidden": spec.hidden.isHidden(in: row.data),
                                       "hugging": spec.hugging, "compression": spec.compression]
            if let margins = spec.layoutMargins { view["margins"] = margins.insets }
            func size(_ d: DimensionSpec?) -> Any { d.map { RowBinding.points($0, in: row.data) as Any } ?? NSNull() }
            switch spec.kind {
            case .label:
                guard case .label(let slot) = blueprint.views[i].kind else { break }
                let m = measured[slot]
                let rounded = m.roundedSize(scale: list.scale)
                view["kind"] = "label"
                view["intrinsic"] = [rounded.width, rounded.height]
                view["baselines"] = [m.firstBaseline, m.lastBaseline]
            case .image(let w, let h):
                view["kind"] = "box"
                view["intrinsic"] = [size(w), size(h)]
            case .imageAsset(let name):
                // UIImage(named:) of a name the assets lack is nil: an image of size 0.
                view["kind"] = "box"
                view["intrinsic"] = [assets[name]?.width ?? 0, assets[name]?.height ?? 0]
            case .view(let w, let h):
                view["kind"] = "box"
                view["intrinsic"] = [size(w), size(h)]
            case .stack(let s):
                view["kind"] = "stack"
                view["intrinsic"] = [NSNull(), NSNull()]
                view["stack"] = ["axis": s.axis.rawValue, "spacing": s.spacing, "alignment": s.alignment.rawValue,
                                 "distribution": s.distribution.rawValue, "arranged": s.arranged] as [String: Any]
            }
            views.append(view)
        }
        return ["width": list.width - list.indexWidth - row.accessory.width, "scale": list.scale,
                "separator": list.separator, "views": views, "constraints": template.constraints,
                "superMargins": (template.layoutMargins ?? list.layoutMargins).insets]
    }
}
