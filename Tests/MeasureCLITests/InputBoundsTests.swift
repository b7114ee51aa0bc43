import Foundation
import Testing

/// Inputs are bounded: the document, the config and the fonts are read only from regular files
/// (or standard input for the document) within documented sizes, and a --stream line has a
/// length limit of its own. Each refusal is one clear line, within a bounded time.
@Suite(.timeLimit(.minutes(2))) struct InputBoundsTests {
    static let document = #"{"sections":[{"rows":[{}]}]}"#

    func expectFailure(_ out: CLIRunner.Outcome, status: Int32, line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(out.status == status, sourceLocation: sourceLocation)
        #expect(out.stdout == "", sourceLocation: sourceLocation)
        #expect(out.errorLines == [line], sourceLocation: sourceLocation)
    }

    /// A FIFO nobody writes to: opening it to read would wait forever.
    func fifo(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    @Test func onlyRegularFilesAreReadAsDocumentsConfigsAndFonts() throws {
        let folder = try CLIRunner.temporaryFolder()
        let pipe = try fifo(in: folder)
        try CLIRunner.write(Self.document, to: "cells.json", in: folder)
        for (path, kind) in [("/dev/zero", "a character device"), (pipe, "a FIFO (named pipe)"), (folder.path, "a directory")] {
            expectFailure(try CLIRunner.run([path]), status: 65, line: "\(path): is \(kind), not a regular file")
            expectFailure(try CLIRunner.run(["--stream", path]), status: 65, line: "\(path): is \(kind), not a regular file")
            expectFailure(try CLIRunner.run(["--config", path, "cells.json"], in: folder), status: 65,
                          line: "\(path): is \(kind), not a regular file")
            expectFailure(try CLIRunner.run(["--font", path, "cells.json"], in: folder), status: 66,
                          line: "cells.json: fonts.default: font \"\(path)\" will not load: is \(kind), not a regular file")
        }
        // Standard input is read whatever it is; /dev/zero's first NUL is where JSON ends.
        expectFailure(try CLIRunner.run(["-"], stdinFile: URL(fileURLWithPath: "/dev/zero")), status: 65,
                      line: "<stdin>: line 1, column 1: expected a value, found byte 0x00")
        expectFailure(try CLIRunner.run(["--stream", "-"], stdinFile: URL(fileURLWithPath: "/dev/zero")), status: 65,
                      line: "<stdin>: line 1: the line is longer than the limit of 134217728 bytes (128 MiB) for a --stream line")
    }

    @Test func inputsOverTheirLimitsAreRefusedNamingTheLimit() throws {
        let folder = try CLIRunner.temporaryFolder()
        // Sparse files: the size is what counts, and nothing of it is read.
        func sparse(_ name: String, size: Int, start: Data = Data()) throws -> String {
            let url = folder.appendingPathComponent(name)
            try start.write(to: url)
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: UInt64(size))
            try handle.close()
            return url.path
        }
        let font = try Data(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Fonts/DejaVuSans.ttf"))
        // A valid font padded past 2 GB, and one just past the limit.
        for size in [(1 << 31) + 100, (1 << 28) + 1] {
            let path = try sparse("big.ttf", size: size, start: font)
            try CLIRunner.write(Self.document, to: "cells.json", in: folder)
            expectFailure(try CLIRunner.run(["--font", path, "cells.json"], in: folder), status: 66,
                          line: "cells.json: fonts.default: font \"\(path)\" will not load: is \(size) bytes, more than the limit of 268435456 bytes (256 MiB)")
        }
        let document = try sparse("big.json", size: (1 << 30) + 1, start: Data(Self.document.utf8))
        expectFailure(try CLIRunner.run([document]), status: 65,
                      line: "\(document): the file is 1073741825 bytes, more than the limit of 1073741824 bytes (1 GiB) for a document")
        let config = try sparse("big.tableViewConfig", size: (1 << 24) + 1, start: Data("section\n".utf8))
        expectFailure(try CLIRunner.run(["--config", config, "cells.json"], in: folder), status: 65,
                      line: "\(config): the file is 16777217 bytes, more than the limit of 16777216 bytes (16 MiB) for a --config file")
    }

    @Test func aStreamLineOverTheLimitIsABadLineAndTheRunGoesOn() throws {
        let folder = try CLIRunner.temporaryFolder()
        let url = folder.appendingPathComponent("rows.jsonl")
        let head = Data((#"{"sections":[{"height":44}]}"# + "\n" + #"{"key":"a"}"# + "\n").utf8)
        try head.write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        // A hole of zeros one byte longer than the limit makes line 3; line 4 is a row again.
        let long = (1 << 27) + 1
        try handle.seek(toOffset: UInt64(head.count + long))
        try handle.write(contentsOf: Data(("\n" + #"{"key":"b"}"# + "\n").utf8))
        try handle.close()
        for arguments in [["--stream", url.path], ["--stream", "-"]] {
            let out = try CLIRunner.run(arguments, stdinFile: url)
            #expect(out.status == 0)
            #expect(out.lines == [
                #"{"section":0,"row":0,"height":44,"key":"a"}"#,
                #"{"line":3,"error":"the line is longer than the limit of 134217728 bytes (128 MiB) for a --stream line"}"#,
                #"{"section":0,"row":1,"height":44,"key":"b"}"#,
            ])
            #expect(out.errorLines.last?.contains(", 1 bad lines") == true)
        }
    }
}
