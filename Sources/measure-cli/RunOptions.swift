import CellsFormat
import ListSources
import TextEngine

/// What the command line decided, handed to a run.
struct RunOptions: Sendable {
    /// The output format.
    var format: OutputFormat
    /// Whether to print frames.
    var frames: Bool
    /// Worker threads.
    var jobs: Int
    /// The decoder with font defaults and `--font`, `--width`, `--scale`, `--content-size` applied.
    var decoder: DocumentDecoder
    /// Where to write the SVG picture, if anywhere.
    var renderPath: String?
    /// How many rows the picture shows.
    var renderRows: Int
    /// `--render-format`: the picture as SVG, or converted to PNG.
    var renderFormat: RenderFormat = .svg
    /// Whether to draw a progress bar (stderr is a terminal).
    var progress: Bool
    /// `--config`: the sections come from this config file, the input is its data document.
    var config: ConfigInput? = nil
    /// `--check-ambiguity`: every row's layout is checked after the heights are written.
    var checkAmbiguity = false
    /// `--widths`: each line is printed as its height curve over these list widths.
    var curveWidths: ClosedRange<Double>? = nil
    /// The files the run reads, which no output may write over.
    var inputs = RunInputs()

    /// The text measurer of a run: 16,384 shaped words, and only 256 whole texts (16 shards of
    /// 16). A batch of rows seldom repeats a text beyond its own row (where each label is
    /// measured unwrapped and then at its width), and a large text cache only adds memory: each
    /// new text's analysis is copied into an entry last touched long ago.
    static func makeTextMeasurer() -> TextMeasurer {
        TextMeasurer(segmentCapacity: 16_384, textCapacity: 256)
    }
}

/// A `--config` file read in full, and the mode to measure.
struct ConfigInput: Sendable {
    /// The name error lines start with.
    var name: String
    /// The file's text.
    var text: String
    /// `--mode`.
    var mode: Int
}

/// What a run did, for the summary line.
struct RunStats {
    /// Rows measured or answered from the keyed cache.
    var rows = 0
    /// Header and footer lines.
    var supplementary = 0
    /// Rows answered by the keyed cache.
    var cacheHits = 0
    /// Bad `--stream` lines.
    var badLines = 0
    /// Shaping cache lookups answered and missed (segments and whole texts together).
    var textCacheHits = 0
    var textCacheMisses = 0
    /// With `--check-ambiguity`: rows, headers and footers whose height depends on a frame value
    /// their layout leaves open (the exit status is then 1).
    var ambiguousHeights = 0

    /// Copies the text engine's cache counts.
    mutating func record(_ statistics: CacheStatistics) {
        textCacheHits = statistics.segments.hits + statistics.texts.hits
        textCacheMisses = statistics.segments.misses + statistics.texts.misses
    }
}

extension RunStats {
    /// The counts of a measured document.
    init(_ measured: MeasuredDocument) {
        self.init()
        rows = measured.rowCount
        supplementary = measured.supplementaryCount
        cacheHits = measured.cacheHits
    }
}
