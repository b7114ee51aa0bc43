#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CellsFormat
import CellLayout
import TextEngine

/// The files a run reads (the document, the config file, the fonts), known by device and inode,
/// so that no output of the run lands on one of them, whatever path or link names it.
struct RunInputs {
    private var files: [(identity: FileIdentity, what: String)] = []

    /// Records the file `path` names, if there is one, as `what` ("the input document").
    mutating func add(path: String, as what: String) {
        if let identity = FileIdentity(path: path) { files.append((identity, what)) }
    }

    /// Records what standard input is (when it is a file) as the input document.
    mutating func addStandardInput() {
        if let identity = FileIdentity(descriptor: STDIN_FILENO) { files.append((identity, "the input document")) }
    }

    /// Records every font file `fonts` names.
    mutating func add(fonts: Fonts, baseDirectory: String) {
        for path in fonts.filePaths(baseDirectory: baseDirectory) { add(path: path, as: "the font file \(path)") }
    }

    /// What `identity` is among the inputs, nil when it is none of them.
    private func input(_ identity: FileIdentity) -> String? {
        files.first { $0.identity == identity }?.what
    }

    /// Refuses an output file (`--render`) that is one of the inputs.
    func checkOutput(path: String, option: String) throws(CLIFailure) {
        guard let identity = FileIdentity(path: path), let what = input(identity) else { return }
        throw CLIFailure(status: .usage, message: "measure-cli: \(option) \(path): is \(what); the run will not write over its own input")
    }

    /// Refuses an output path that is standard output itself (`/dev/stdout`, `/dev/fd/1`, or the
    /// file standard output is redirected to), where the rows go: the picture and the rows would
    /// be interleaved. `/dev/null` takes both and is allowed.
    static func checkNotStandardOutput(path: String, option: String) throws(CLIFailure) {
        guard let identity = FileIdentity(path: path), identity == FileIdentity(descriptor: STDOUT_FILENO),
              identity != FileIdentity(path: "/dev/null") else { return }
        throw CLIFailure(status: .usage, message: "measure-cli: \(option) \(path): is the standard output, where the rows go; write the picture to a file of its own")
    }

    /// Refuses standard output when it is one of the inputs (as `>> cells.json` makes it).
    func checkStandardOutput() throws(CLIFailure) {
        guard let identity = FileIdentity(descriptor: STDOUT_FILENO), let what = input(identity) else { return }
        // A terminal, pipe or /dev/null shared with standard input is no file to spoil.
        var info = stat()
        guard fstat(STDOUT_FILENO, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        throw CLIFailure(status: .output, message: "measure-cli: standard output is \(what); the run will not write over its own input")
    }

    /// Refuses standard output and `renderPath` when either is one of the inputs, the fonts of
    /// `fonts` (known once the document is decoded) included.
    func checkOutputs(fonts: Fonts, baseDirectory: String, renderPath: String?) throws(CLIFailure) {
        var all = self
        all.add(fonts: fonts, baseDirectory: baseDirectory)
        try all.checkStandardOutput()
        if let renderPath { try all.checkOutput(path: renderPath, option: "--render") }
    }
}
