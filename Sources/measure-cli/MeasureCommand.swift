import ArgumentParser
import Dispatch
import CellsFormat
import TemplateLayoutFonts
import ListSources
import DynamicType
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `measure-cli`: the heights of a list's rows from a cells.json document (SPEC section 3).
@main
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure-cli",
        abstract: "Measure the height of every row of a list described by a cells.json document.",
        discussion: """
            Output goes to stdout, one line per header, row and footer, in order; a summary goes \
            to stderr. Exit status: 0 success, 1 with --check-ambiguity a line's height depends on \
            a frame value its constraints leave open (every line was still written), 64 usage, 65 \
            bad input (unreadable, not JSON, not a valid document), 66 font (missing or corrupt \
            font file), 67 layout (unknown view in a constraint, conflicting required \
            constraints), 74 output could not be written.
            """)

    @Option(name: .long, help: ArgumentHelp("Font file for labels' default font (replaces fonts.default).", valueName: "FILE"))
    var font: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("List width in points (replaces list.width).", valueName: "W"))
    var width: DecimalArgument?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Pixels per point for rounding (replaces list.scale).", valueName: "S"))
    var scale: DecimalArgument?

    @Option(name: .customLong("content-size"), help: ArgumentHelp("Dynamic Type content size category labels with a textStyle are sized at (replaces list.contentSize): xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1 ... AX5.", valueName: "CATEGORY"))
    var contentSize: ContentSizeCategory?

    @Option(name: .long, help: "Output format: jsonl, json, csv or table.")
    var format: OutputFormat = .jsonl

    @Flag(name: .long, help: "Add each view's frame (x, y, width, height in the content view).")
    var frames = false

    // `.unconditional` throughout: a value such as `-1` is the option's value (then refused by
    // its range), not an unknown option leaving the option without a value.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Rows measured in parallel (default: the number of cores).", valueName: "N"))
    var jobs: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Print each line's height at every list width from MIN to MAX as steps (\"curve\") instead of its height.", valueName: "MIN...MAX"))
    var widths: String?

    @Flag(name: .long, help: "Read JSON Lines: the document without rows, then one row per line.")
    var stream = false

    @Option(name: .long, help: ArgumentHelp("With --stream: the document (without rows) comes from FILE and every input line is a row.", valueName: "FILE"))
    var document: String?

    @Option(name: .long, help: ArgumentHelp("Draw the first rows' laid-out views to an SVG file.", valueName: "FILE.svg"))
    var render: String?

    @Option(name: .customLong("render-rows"), parsing: .unconditional, help: ArgumentHelp("Rows --render draws.", valueName: "N"))
    var renderRows = 20

    @Option(name: .customLong("render-format"), help: "The picture's format: svg, or png (converted by rsvg-convert).")
    var renderFormat: RenderFormat = .svg

    @Flag(name: .customLong("check-ambiguity"), help: "Check the layout of every row, header and footer for frame values its constraints leave open: a warning per such line, and exit status 1 when a height depends on one.")
    var checkAmbiguity = false

    @Flag(name: .long, help: "No summary or warnings on stderr (the exit status is unchanged).")
    var quiet = false

    @Option(name: .long, help: ArgumentHelp("A .tableViewConfig file (AOZTableViewProvider) giving the sections; the input then is its data document: list, fonts, templates and a data member.", valueName: "FILE"))
    var config: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The config file's mode to measure, from 0 (with --config).", valueName: "N"))
    var mode: Int?

    @Argument(help: ArgumentHelp("The cells.json document, or - for standard input.", valueName: "CELLS.json|-"))
    var input: String

    mutating func validate() throws {
        _ = try widthValue
        _ = try scaleValue
        if let jobs, !ArgumentRanges.jobs.contains(jobs) {
            throw ValidationError("--jobs must be \(ArgumentRanges.jobs.lowerBound)...\(ArgumentRanges.jobs.upperBound), got \(jobs)")
        }
        if renderRows < 1 { throw ValidationError("--render-rows must be at least 1, got \(renderRows)") }
        if stream, render != nil { throw ValidationError("--render needs a whole document, not --stream") }
        if renderFormat != .svg, render == nil { throw ValidationError("--render-format needs --render") }
        for (option, path) in [("--font", font), ("--render", render), ("--config", config), ("--document", document)] where path?.isEmpty == true {
            throw ValidationError("\(option) needs a file path, got an empty one")
        }
        if input.isEmpty { throw ValidationError("the input needs a file path (or - for standard input), got an empty one") }
        if config == "-", input == "-" { throw ValidationError("--config - and the input - cannot both be standard input") }
        if config != nil, stream { throw ValidationError("--config needs a whole data document, not --stream") }
        if checkAmbiguity, stream { throw ValidationError("--check-ambiguity needs a whole document, not --stream") }
        if document != nil, !stream { throw ValidationError("--document needs --stream") }
        if document?.isEmpty == true { throw ValidationError("--document needs a file path") }
        if document == "-", input == "-" { throw ValidationError("--document and the rows cannot both come from standard input") }
        if mode != nil, config == nil { throw ValidationError("--mode needs --config") }
        if let mode, mode < 0 { throw ValidationError("--mode must be 0 or more, got \(mode)") }
        if let widths {
            _ = try CurveOption.parse(widths)
            for (given, option) in [(frames, "--frames"), (render != nil, "--render"), (checkAmbiguity, "--check-ambiguity"),
                                    (width != nil, "--width")] where given {
                throw ValidationError("--widths cannot be combined with \(option)")
            }
            if format == .csv || format == .table { throw ValidationError("--widths prints curves as JSON: use --format jsonl or json") }
        }
    }

    /// `--width`, checked: a decimal number of points in `ArgumentRanges.width`.
    var widthValue: Double? {
        get throws(ValidationError) {
            try width?.value(in: ArgumentRanges.width, excludingLowerBound: true, option: "--width", meaning: "points")
        }
    }

    /// `--scale`, checked: a decimal number of pixels per point in `ArgumentRanges.scale`.
    var scaleValue: Double? {
        get throws(ValidationError) {
            try scale?.value(in: ArgumentRanges.scale, option: "--scale", meaning: "pixels per point")
        }
    }

    func run() throws(CLIFailure) {
        let start = DispatchTime.now().uptimeNanoseconds
        signal(SIGPIPE, SIG_IGN)
        let fonts = try bundledFonts()
        var decoder = DocumentDecoder(fontDefaults: fonts ?? Fonts())
        if let font { decoder.fontOverrides["default"] = absolute(font) }
        // Checked by `validate()` already.
        decoder.widthOverride = try? widthValue
        decoder.scaleOverride = try? scaleValue
        decoder.contentSizeOverride = contentSize
        let jobCount = jobs ?? ProcessInfoCores.count
        var options = RunOptions(format: format, frames: frames, jobs: jobCount, decoder: decoder,
                                 renderPath: render, renderRows: renderRows,
                                 progress: !quiet && ProgressBar.stderrIsTerminal)
        options.renderFormat = renderFormat
        options.checkAmbiguity = checkAmbiguity
        options.curveWidths = widths.flatMap { try? CurveOption.parse($0) }
        if input == "-" { options.inputs.addStandardInput() } else { options.inputs.add(path: input, as: "the input document") }
        if let config { options.inputs.add(path: config, as: "the --config file") }
        if let document { options.inputs.add(path: document, as: "the --document file") }
        // Checked before anything is read: `>> cells.json` must not grow the file being read.
        try options.inputs.checkStandardOutput()
        if let render {
            try options.inputs.checkOutput(path: render, option: "--render")
            try RunInputs.checkNotStandardOutput(path: render, option: "--render")
        }
        if let config {
            let file = InputFile(argument: config, limit: InputLimits.config, what: "a --config file")
            let text: String
            let bytes = try file.readAll()
            do { text = try bytes.withUnsafeBytes { (raw) throws(FrontEndError) in try ConfigFile.text(raw) } } catch {
                throw CLIFailure(status: .input, message: "\(file.displayName): \(error)")
            }
            options.config = ConfigInput(name: file.displayName, text: text, mode: mode ?? 0)
        }
        let file = InputFile(argument: input)
        var warnings: [String] = []
        let stats = stream ? try StreamRun(input: file, options: options, documentFile: document.map { InputFile(argument: $0, what: "a --document file") }).run(warnings: &warnings)
                           : try DocumentRun(input: file, options: options).run(warnings: &warnings)
        if !quiet {
            for warning in warnings { writeError(warning) }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            writeError(Summary.line(stats, seconds: seconds, jobs: jobCount))
        }
        if stats.ambiguousHeights > 0 { Glibc.exit(ExitStatus.ambiguousHeight.rawValue) }
    }

    /// The bundled fonts, needed unless `--font` is given; with `--font` they still supply bold
    /// and the fallbacks when found.
    func bundledFonts() throws(CLIFailure) -> Fonts? {
        if let spec = BundledFonts.defaultFonts() { return spec }
        if font != nil { return nil }
        return nil
    }

    /// `--font` is relative to the current folder, not to the document.
    func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let cwd = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return cwd + "/" + path
    }

    /// Parses the command line and runs it; every failure is one line on stderr and its status.
    static func main() {
        let command: MeasureCommand
        do {
            var parsed = try parseAsRoot()
            guard let measure = parsed as? MeasureCommand else {
                // --help and friends parse to a command of ArgumentParser's own.
                try parsed.run()
                Glibc.exit(ExitStatus.success.rawValue)
            }
            command = measure
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }
            writeError("measure-cli: \(usageMessage(message(for: error))) (see measure-cli --help)")
            Glibc.exit(ExitStatus.usage.rawValue)
        }
        do {
            try command.run()
        } catch {
            writeError(error.message)
            Glibc.exit(error.status.rawValue)
        }
    }
}

/// ArgumentParser's message without the help text it may append on later lines; a newline
/// inside a value the user typed stays in it (`writeError` escapes it), so the value is shown
/// whole, on one line.
func usageMessage(_ message: String) -> String {
    var lines = message.split(separator: "\n", omittingEmptySubsequences: false)
    if let help = lines.firstIndex(where: { $0.hasPrefix("Help:") || $0.hasPrefix("Usage:") }) {
        lines.removeSubrange(help...)
    }
    while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
    return lines.isEmpty ? "bad usage" : lines.joined(separator: "\n")
}

/// The number of cores this process may run on.
enum ProcessInfoCores {
    static var count: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}

/// `--content-size`: a category by the name cells.json uses.
extension ContentSizeCategory: ExpressibleByArgument {}
