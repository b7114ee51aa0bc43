import Foundation
import Testing
import TestSupport

/// `--stream`: JSON Lines in and out, bad lines reported in place, memory that does not grow.
@Suite struct StreamTests {
    static let documentLine = #"{"templates":{"T":{"views":[{"id":"t","label":{"text":"${text}"}}],"constraints":["t.leading == super.leading","t.trailing == super.trailing","t.top == super.top","super.bottom == t.bottom"]}},"sections":[{"header":{"title":"H"},"footer":{"height":5}},{"height":44},{"template":"T","autoHeight":true}]}"#

    @Test func rowsAndBadLinesComeOutInInputOrder() throws {
        let input = [
            StreamTests.documentLine,
            #"{"key":"a"}"#,
            #"{"section":1}"#,
            #"{bad json"#,
            "",
            #"{"section":7}"#,
            #"{"section":2,"text":"Hi","key":"b"}"#,
            #"{"section":2,"template":"Nope"}"#,
            "[1]",
            #"{"section":2,"text":"Hi\nthere","key":"b"}"#,
            #"{"section":1,"accessory":"sideways"}"#,
        ].joined(separator: "\n") + "\n"
        let out = try CLIRunner.run(["--stream", "-"], stdin: Data(input.utf8))
        let line = FontReference.roundUp(try FontReference.lineHeightPerPoint("DejaVuSans.ttf") * 17, scale: 2)
        let measured = JSONTextNumber.format(FontReference.roundUp(line + 0.5, scale: 2))
        #expect(out.status == 0)
        #expect(out.lines == [
            #"{"section":0,"kind":"header","height":40}"#,
            #"{"section":0,"row":0,"height":40,"key":"a"}"#,
            #"{"section":1,"row":0,"height":44}"#,
            #"{"line":4,"error":"column 2: expected a member name in quotes, found 'b'"}"#,
            #"{"line":6,"error":"section: expected a section index 0...2, found 7"}"#,
            "{\"section\":2,\"row\":0,\"height\":\(measured),\"key\":\"b\"}",
            #"{"line":8,"error":"sections[2].rows[1]: template \"Nope\" not found"}"#,
            #"{"line":9,"error":"expected a row (an object), found an array"}"#,
            // Same key: the keyed cache answers with the first row's height, as FDTemplateLayoutCell does.
            "{\"section\":2,\"row\":1,\"height\":\(measured),\"key\":\"b\"}",
            #"{"line":11,"error":"sections[1].rows[1].accessory: unknown value \"sideways\": expected one of \"none\", \"disclosure\", \"detailDisclosure\", \"checkmark\", \"detailButton\""}"#,
            #"{"section":0,"kind":"footer","height":5}"#,
        ])
        #expect(out.errorLines.last?.contains(", 1 cache hits, \(ProcessInfo.processInfo.activeProcessorCount) jobs, 5 bad lines; text shaping cache ") == true)
    }

    /// csv and table stream too: a bad line becomes an `error` record in place.
    @Test func aSecondDocumentLineIsABadLineNotAnEmptyRow() throws {
        // Two stream files joined: the second one's document line is no row.
        let input = [StreamTests.documentLine, #"{"key":"a"}"#, StreamTests.documentLine, #"{"key":"b"}"#].joined(separator: "\n")
        let out = try CLIRunner.run(["--stream", "-"], stdin: Data(input.utf8))
        #expect(out.status == 0)
        #expect(out.lines == [
            #"{"section":0,"kind":"header","height":40}"#,
            #"{"section":0,"row":0,"height":40,"key":"a"}"#,
            #"{"line":3,"error":"sections: a second document line; after the first line every input line is a row"}"#,
            #"{"section":0,"row":1,"height":40,"key":"b"}"#,
            #"{"section":0,"kind":"footer","height":5}"#,
        ])
    }

    @Test func csvAndTableStreamWithBadLinesInPlace() throws {
        let input = [#"{"sections":[{"height":44}]}"#, #"{"key":"a,b"}"#, #"{bad"#, #"{"key":"c"}"#].joined(separator: "\n") + "\n"
        let csv = try CLIRunner.run(["--stream", "--format", "csv", "-"], stdin: Data(input.utf8))
        #expect(csv.status == 0)
        #expect(csv.lines == [
            "section,kind,row,key,height,error",
            #"0,row,0,"a,b",44,"#,
            #",error,,,,"line 3: column 2: expected a member name in quotes, found 'b'""#,
            "0,row,1,c,44,",
        ])
        let table = try CLIRunner.run(["--stream", "--format", "table", "-"], stdin: Data(input.utf8))
        #expect(table.status == 0)
        #expect(table.lines == [
            "section kind   row     height    key",
            "0       row    0       44        a,b",
            "-       error                    line 3: column 2: expected a member name in quotes, found 'b'",
            "0       row    1       44        c",
        ])
    }

    /// In a pipeline, a row's line comes out while the input is still open. The time limit only
    /// turns a hang into a failure; it is wide because the suite's other processes share the cores.
    @Test(.timeLimit(.minutes(5))) func eachRowIsAnsweredBeforeTheInputEnds() throws {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["--stream", "--quiet", "-"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("{\"sections\":[{\"height\":44}]}\n{\"key\":\"first\"}\n".utf8))
        var received = Data()
        while !received.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        #expect(String(decoding: received, as: UTF8.self) == "{\"section\":0,\"row\":0,\"height\":44,\"key\":\"first\"}\n")
        input.fileHandleForWriting.write(Data("{\"key\":\"second\"}\n".utf8))
        try input.fileHandleForWriting.close()
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: rest, as: UTF8.self) == "{\"section\":0,\"row\":1,\"height\":44,\"key\":\"second\"}\n")
        #expect(process.terminationStatus == 0)
    }

    @Test func badDocumentLineFailsTheRunWithNoOutput() throws {
        let out = try CLIRunner.run(["--stream", "-"], stdin: Data("{\"sections\":[{\"rows\":[{}]}]}\n{}\n".utf8))
        #expect(out.status == 65)
        #expect(out.stdout == "")
        #expect(out.errorLines == ["<stdin>: sections[0].rows: the --stream document line has no rows; send each row as a line of its own"])
    }

    /// A million rows stream through with every output line checked, and the peak memory of the
    /// run (from wait4, by python) is no higher than for a tenth of the input: memory is flat.
    @Test func millionRowStreamKeepsMemoryFlat() throws {
        let script = """
            import os, subprocess, sys
            exe = sys.argv[1]
            def run(rows):
                path = '/tmp/measure-cli-stream-%d-%d.jsonl' % (os.getpid(), rows)
                with open(path, 'w') as f:
                    f.write('{"sections":[{"height":44},{}]}\\n')
                    f.write(''.join('{}\\n' if i % 2 == 0 else '{"section":1}\\n' for i in range(rows)))
                with open(path) as stdin:
                    p = subprocess.Popen([exe, '--stream', '--quiet', '-'], stdin=stdin, stdout=subprocess.PIPE)
                    seen = 0
                    for line in p.stdout:
                        i = seen
                        want = '{"section":0,"row":%d,"height":44}\\n' % (i // 2) if i % 2 == 0 else '{"section":1,"row":%d,"height":40}\\n' % (i // 2)
                        if line.decode() != want:
                            print('line %d: %r != %r' % (i + 1, line, want)); sys.exit(1)
                        seen += 1
                    _, status, usage = os.wait4(p.pid, 0)
                os.remove(path)
                if status != 0 or seen != rows:
                    print('status %d, %d lines' % (status, seen)); sys.exit(1)
                return usage.ru_maxrss
            small = run(100000)
            large = run(1000000)
            print(small, large)
            """
        let output = try PackageTools.python(script, arguments: [CLIRunner.executable.path])
        let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(numbers.count == 2, "\(output)")
        if numbers.count == 2 {
            // Peak resident memory in KB: a million rows may not cost more than 8 MB over 100,000.
            #expect(numbers[1] <= numbers[0] + 8 * 1024, "100k rows: \(numbers[0]) KB, 1M rows: \(numbers[1]) KB")
        }
    }
}

/// The CLI's number format, used to build expected lines.
enum JSONTextNumber {
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
