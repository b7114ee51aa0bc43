import ArgumentParser
import CellLayout
import CellsFormat

/// `--widths MIN...MAX`: the list widths each line's height curve covers.
enum CurveOption {
    /// The range in `text` (`320...1024`): two decimal numbers of points, each a list width
    /// `--width` would take, the first at most the second.
    static func parse(_ text: String) throws(ValidationError) -> ClosedRange<Double> {
        let parts = text.split(separator: "...", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw ValidationError("--widths must be MIN...MAX (such as 320...1024), got \(JSONText.quoted(text))")
        }
        let low = try DecimalArgument(argument: String(parts[0]))
            .value(in: ArgumentRanges.width, excludingLowerBound: true, option: "--widths MIN", meaning: "points")
        let high = try DecimalArgument(argument: String(parts[1]))
            .value(in: ArgumentRanges.width, excludingLowerBound: true, option: "--widths MAX", meaning: "points")
        guard low <= high else {
            throw ValidationError("--widths MIN must be at most MAX, got \(JSONText.quoted(text))")
        }
        return low...high
    }

    /// Refuses a range wider than a curve may span at the document's scale (a usage error).
    static func check(_ widths: ClosedRange<Double>, scale: Double) throws(CLIFailure) {
        do { try HeightCurve.check(widths, scale: scale) } catch {
            throw CLIFailure(status: .usage, message: "measure-cli: --widths: \(error.message)")
        }
    }
}
