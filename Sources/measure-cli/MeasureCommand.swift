import ArgumentParser
import Dispatch
import CellsFormat
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
            to stderr. Exit status: 0 success, 64 usage, 65 bad input (unreadable, not JSON, not \
            a valid document), 66 font (missing or corrupt font file), 67 layout (unknown view in \
            a constraint, conflicting required constraints), 74 output could not be written.
            """)

    @Option(name: .long, help: ArgumentHelp("Font file for labels' default font (replaces fonts.default).", valueName: "FILE"))
    var font: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("List width in points (replaces list.width).", valueName: "W"))
    var width: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Pixels per point for rounding (replaces list.scale).", valueName: "S"))
    var scale: Double?

    @Option(name: .long, help: "Output format: jsonl, json, csv or table.")
    var format: OutputFormat = .jsonl

    @Flag(name: .long, help: "Add each view's frame (x, y, width, height in the content view).")
    var frames = false

    @Option(name: .long, help: ArgumentHelp("Rows measured in parallel (default: the number of cores).", valueName: "N"))
    var jobs: Int?

    @Flag(name: .long, help: "Read JSON Lines: the document without rows, then one row per line.")
    var stream = false

    @Option(name: .long, help: ArgumentHelp("Draw the first rows' laid-out views to an SVG file.", valueName: "FILE.svg"))
    var render: String?

    @Option(name: .customLong("render-rows"), help: ArgumentHelp("Rows --render draws.", valueName: "N"))
    var renderRows = 20

    @Option(name: .customLong("render-format"), help: "The picture's format: svg, or png (converted by rsvg-convert).")
    var renderFormat: RenderFormat = .svg

    @Flag(name: .long, help: "No summary on stderr.")
    var quiet = false

    @Option(name: .long, help: ArgumentHelp("A .tableViewConfig file (AOZTableViewProvider) giving the sections; the input then is its data document: list, fonts, templates and a data member.", valueName: "FILE"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The config file's mode to measure, from 0 (with --config).", valueName: "N"))
    var mode: Int?

    @Argument(help: ArgumentHelp("The cells.json document, or - for standard input.", valueName: "CELLS.json|-"))
    var input: String

    mutating func validate() throws {
        if let width, !(width.isFinite && width > 0) {
            throw ValidationError("--width must be a positive number of points, got \(JSONText.number(width) == "null" ? "\(width)" : JSONText.number(width))")
        }
        if let scale, !(scale.isFinite && scale > 0) {
            throw ValidationError("--scale must be a positive number of pixels per point, got \(scale)")
        }
        if let jobs, jobs < 1 || jobs > 1024 { throw ValidationError("--jobs must be 1...1024, got \(jobs)") }
        if renderRows < 1 { throw ValidationError("--render-rows must be at least 1, got \(renderRows)") }
        if stream, render != nil { throw ValidationError("--render needs a whole document, not --stream") }
        if renderFormat != .svg, render == nil { throw ValidationError("--render-format needs --render") }
        if font?.isEmpty == true { throw ValidationError("--font needs a file path") }
        if config != nil, stream { throw ValidationError("--config needs a whole data document, not --stream") }
        if mode != nil, config == nil { throw ValidationError("--mode needs --config") }
        if let mode, mode < 0 { throw ValidationError("--mode must be 0 or more, got \(mode)") }
    }

    func run() throws(CLIFailure) {
        let start = DispatchTime.now().uptimeNanoseconds
        signal(SIGPIPE, SIG_IGN)
        let fonts = try bundledFonts()
        var decoder = DocumentDecoder(fontDefaults: fonts ?? FontsSpec())
        if let font { decoder.fontOverrides["default"] = absolute(font) }
        decoder.widthOverride = width
        decoder.scaleOverride = scale
        let jobCount = jobs ?? ProcessInfoCores.count
        var options = RunOptions(format: format, frames: frames, jobs: jobCount, decoder: decoder,
                                 renderPath: render, renderRows: renderRows,
                                 progress: !quiet && ProgressBar.stderrIsTerminal)
        options.renderFormat = renderFormat
        if let config {
            let file = InputFile(argument: config)
            options.config = ConfigInput(name: file.displayName, text: try file.readAll().withUnsafeBytes { String(decoding: $0, as: UTF8.self) },
                                         mode: mode ?? 0)
        }
        let file = InputFile(argument: input)
        var warnings: [String] = []
        let stats = stream ? try StreamRun(input: file, options: options).run(warnings: &warnings)
                           : try DocumentRun(input: file, options: options).run(warnings: &warnings)
        guard !quiet else { return }
        for warning in warnings { writeError(warning) }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        writeError(Summary.line(stats, seconds: seconds, jobs: jobCount))
    }

    /// The bundled fonts, needed unless `--font` is given; with `--font` they still supply bold
    /// and the fallbacks when found.
    func bundledFonts() throws(CLIFailure) -> FontsSpec? {
        if let spec = BundledFonts.defaultFontsSpec() { return spec }
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
            writeError("measure-cli: \(message(for: error).split(separator: "\n").first.map(String.init) ?? "bad usage") (see measure-cli --help)")
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

/// The number of cores this process may run on.
enum ProcessInfoCores {
    static var count: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
