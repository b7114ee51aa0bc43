import Foundation
import Testing
import TestSupport

/// `--stream --document FILE`: the document comes from a file and every input line is a row, as
/// a batch engine pipes a partition of rows through the command.
@Suite struct DocumentFileTests {
    static let document = #"{"sections":[{"header":{"title":"H"},"footer":{"height":5},"height":44},{"height":30}]}"#

    @Test func everyInputLineIsARowNamedByItsLineWithNoHeadersOrFooters() throws {
        let folder = try CLIRunner.temporaryFolder()
        let documentFile = try CLIRunner.write(DocumentFileTests.document, to: "cells.json", in: folder)
        let input = [#"{"key":"a"}"#, #"{"section":1}"#, #"{bad"#, "", #"{"key":"b"}"#].joined(separator: "\n") + "\n"
        let out = try CLIRunner.run(["--stream", "--document", documentFile.path, "-"], stdin: Data(input.utf8))
        #expect(out.status == 0)
        #expect(out.lines == [
            #"{"section":0,"row":0,"height":44,"key":"a","line":1}"#,
            #"{"section":1,"row":0,"height":30,"line":2}"#,
            #"{"line":3,"error":"column 2: expected a member name in quotes, found 'b'"}"#,
            #"{"section":0,"row":1,"height":44,"key":"b","line":5}"#,
        ])
        #expect(out.errorLines.last?.hasPrefix("measure-cli: 3 rows in ") == true, "\(out.stderr)")
    }

    /// csv gets a `line` column, filled for rows and bad lines alike.
    @Test func csvCarriesALineColumn() throws {
        let folder = try CLIRunner.temporaryFolder()
        let documentFile = try CLIRunner.write(DocumentFileTests.document, to: "cells.json", in: folder)
        let input = [#"{"key":"a"}"#, #"{bad"#, #"{}"#].joined(separator: "\n") + "\n"
        let out = try CLIRunner.run(["--stream", "--document", documentFile.path, "--format", "csv", "-"], stdin: Data(input.utf8))
        #expect(out.status == 0)
        #expect(out.lines == [
            "section,kind,row,key,height,line,error",
            "0,row,0,a,44,1,",
            #",error,,,,2,"line 2: column 2: expected a member name in quotes, found 'b'""#,
            "0,row,1,,44,3,",
        ])
    }

    @Test func documentWithoutStreamIsAUsageError() throws {
        let out = try CLIRunner.run(["--document", "cells.json", "Examples/feed.json"])
        #expect(out.status == 64)
        #expect(out.stdout == "")
        #expect(out.errorLines == ["measure-cli: --document needs --stream (see measure-cli --help)"])
    }

    @Test func documentFileWithRowsFailsNamingTheFile() throws {
        let folder = try CLIRunner.temporaryFolder()
        let documentFile = try CLIRunner.write(#"{"sections":[{"height":44,"rows":[{}]}]}"#, to: "cells.json", in: folder)
        // No input: the run must fail on the document before it reads any (a pipe written to then
        // would be closed under the writer).
        let out = try CLIRunner.run(["--stream", "--document", documentFile.path, "-"])
        #expect(out.status == 65)
        #expect(out.stdout == "")
        #expect(out.errorLines == ["\(documentFile.path): sections[0].rows: the --document file has no rows; send each row as a line of the input"])
    }

    @Test func missingDocumentFileFailsBeforeAnyOutput() throws {
        let out = try CLIRunner.run(["--stream", "--document", "/nonexistent/cells.json", "-"])
        #expect(out.status == 65)
        #expect(out.stdout == "")
        #expect(out.errorLines == ["/nonexistent/cells.json: no such file"])
    }

    /// A `--stream` file (document first) piped with `--document` by mistake: its first line is
    /// reported, not measured as an empty row.
    @Test func aDocumentLineInTheInputIsABadLine() throws {
        let folder = try CLIRunner.temporaryFolder()
        let documentFile = try CLIRunner.write(DocumentFileTests.document, to: "cells.json", in: folder)
        let input = DocumentFileTests.document + "\n" + #"{"key":"a"}"# + "\n"
        let out = try CLIRunner.run(["--stream", "--document", documentFile.path, "-"], stdin: Data(input.utf8))
        #expect(out.status == 0)
        #expect(out.lines == [
            #"{"line":1,"error":"sections: a document line; with --document every input line is a row"}"#,
            #"{"section":0,"row":0,"height":44,"key":"a","line":2}"#,
        ])
    }

    /// The feed split into three partitions, each measured by its own process, joined by key:
    /// every height equals the one a plain run over the whole document gives.
    @Test func partitionsJoinedByKeyEqualOnePlainRun() throws {
        let script = """
            import json, subprocess, sys, tempfile, os
            exe, root = sys.argv[1], sys.argv[2]
            folder = tempfile.mkdtemp()
            whole = os.path.join(folder, 'feed.json')
            lines = os.path.join(folder, 'feed.jsonl')
            subprocess.check_call([sys.executable, os.path.join(root, 'scripts/make-examples.py'), '--feed-rows', '3000', '--out', whole])
            subprocess.check_call([sys.executable, os.path.join(root, 'scripts/make-examples.py'), '--feed-rows', '3000', '--stream', '--out', lines])
            with open(lines, encoding='utf-8') as f:
                document, *rows = f.read().splitlines()
            cells = os.path.join(folder, 'cells.json')
            with open(cells, 'w', encoding='utf-8') as f:
                f.write(document)
            joined = {}
            for part in range(3):
                chunk = ''.join(r + '\\n' for r in rows[part::3]).encode()
                out = subprocess.run([exe, '--stream', '--document', cells, '--quiet', '-'], input=chunk, capture_output=True, check=True).stdout
                for line in out.decode().splitlines():
                    record = json.loads(line)
                    joined[record['key']] = record['height']
            plain = subprocess.run([exe, '--quiet', whole], capture_output=True, check=True).stdout
            expected = {r['key']: r['height'] for r in map(json.loads, plain.decode().splitlines()) if 'key' in r}
            differ = [k for k in expected if joined.get(k) != expected[k]]
            print(len(expected), len(joined), len(differ))
            """
        let output = try PackageTools.python(script, arguments: [CLIRunner.executable.path, CLIRunner.packageRoot.path])
        #expect(output == "3000 3000 0\n")
    }

    /// A partition of 500,000 rows peaks at no more memory than one of 50,000 (8 MB margin).
    @Test func partitionMemoryIsFlatInItsRows() throws {
        let script = """
            import os, subprocess, sys, tempfile
            exe = sys.argv[1]
            folder = tempfile.mkdtemp()
            cells = os.path.join(folder, 'cells.json')
            with open(cells, 'w') as f:
                f.write('{"sections":[{"height":44}]}')
            def run(rows):
                path = os.path.join(folder, 'rows-%d.jsonl' % rows)
                # Written in small pieces: a child forked from a large Python would count
                # Python's pages in its own peak.
                with open(path, 'w') as f:
                    for start in range(0, rows, 1000):
                        f.write(''.join('{"key":"k%d"}\\n' % i for i in range(start, min(rows, start + 1000))))
                with open(path) as stdin:
                    p = subprocess.Popen([exe, '--stream', '--document', cells, '--quiet', '-'], stdin=stdin, stdout=subprocess.PIPE)
                    seen = 0
                    for line in p.stdout:
                        if line.decode() != '{"section":0,"row":%d,"height":44,"key":"k%d","line":%d}\\n' % (seen, seen, seen + 1):
                            print('line %d: %r' % (seen + 1, line)); sys.exit(1)
                        seen += 1
                    _, status, usage = os.wait4(p.pid, 0)
                os.remove(path)
                if status != 0 or seen != rows:
                    print('status %d, %d lines' % (status, seen)); sys.exit(1)
                return usage.ru_maxrss
            print(run(50000), run(500000))
            """
        let output = try PackageTools.python(script, arguments: [CLIRunner.executable.path])
        let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(numbers.count == 2, "\(output)")
        if numbers.count == 2 {
            #expect(numbers[1] <= numbers[0] + 8 * 1024, "50k rows: \(numbers[0]) KB, 500k rows: \(numbers[1]) KB")
        }
    }
}
