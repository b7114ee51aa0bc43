import Foundation
import Testing
@testable import CellsFormat
import TemplateLayoutFonts
import TestSupport

/// cells.json → Document: SPEC section 2's defaults, and errors that carry the JSON path.
@Suite struct DocumentDecoderTests {
    func decode(_ text: String, decoder: DocumentDecoder = DocumentDecoder(fontDefaults: Fonts(files: ["default": "/f/D.ttf", "bold": "/f/B.ttf"], fallback: ["/f/C.ttf"]))) throws -> Document {
        try decoder.decode(try JSONParser().parse(text))
    }

    func error(_ text: String) -> DocumentError? {
        do { _ = try decode(text); return nil } catch let error as DocumentError { return error } catch { return nil }
    }

    @Test func specExampleDecodesWithItsDefaults() throws {
        let document = try decode("""
            {"list":{"width":375,"scale":2,"rowHeight":40,"separator":true},
             "fonts":{"default":"Fonts/DejaVuSans.ttf","bold":"Fonts/DejaVuSans-Bold.ttf","fallback":["Fonts/DroidSansFallbackFull.ttf"]},
             "templates":{"FeedCell":{"views":[
               {"id":"avatar","image":{"width":40,"height":40}},
               {"id":"name","label":{"text":"${name}","font":"bold","size":15,"lines":1}},
               {"id":"detail","label":{"text":"${detail}","size":14,"lines":0}},
               {"id":"dot","view":{"width":8,"height":8},"hidden":"!unread"}],
              "constraints":["avatar.leading == super.leading + 16"]}},
             "sections":[{"template":"FeedCell","autoHeight":true,"header":{"title":"Today"},
               "rows":[{"key":"post-1","name":"Ada","detail":"First post","unread":true}]},
              {"height":44,"rows":[{"text":"Settings"}]}]}
            """)
        #expect(document.list == ListSettings(width: 375, scale: 2, rowHeight: 40, separator: true))
        #expect(document.fonts.files == ["default": "Fonts/DejaVuSans.ttf", "bold": "Fonts/DejaVuSans-Bold.ttf"])
        #expect(document.fonts.fallback == ["Fonts/DroidSansFallbackFull.ttf"])
        let views = document.templates["FeedCell"]?.views ?? []
        #expect(views.map(\.id) == ["avatar", "name", "detail", "dot"])
        guard case .label(let name) = views[1].kind, case .label(let detail) = views[2].kind else {
            Issue.record("labels expected")
            return
        }
        #expect(name.font == "bold" && name.size == 15 && name.lines == 1)
        #expect(detail.font == "default" && detail.size == 14 && detail.lines == 0 && detail.lineBreak == .word)
        #expect(views[3].hidden == .whenFalse("unread"))
        #expect(views[0].hugging == [250, 250] && views[0].compression == [750, 750])
        #expect(document.sections[0].rows[0].key == "post-1")
        #expect(document.sections[0].autoHeight)
        #expect(document.sections[1].height == 44)
        if case .title(let title) = document.sections[0].header { #expect(title == "Today") } else { Issue.record("title header") }
        #expect(document.sections[1].rows[0].data == .object(["text": .string("Settings")]))
    }

    @Test func missingFontsComeFromTheDefaultsAndOverridesWin() throws {
        let plain = try decode(#"{"sections":[]}"#)
        #expect(plain.fonts.files == ["default": "/f/D.ttf", "bold": "/f/B.ttf"])
        #expect(plain.fonts.fallback == ["/f/C.ttf"])
        var decoder = DocumentDecoder(fontDefaults: Fonts(files: ["default": "/f/D.ttf"], fallback: ["/f/C.ttf"]))
        decoder.fontOverrides = ["default": "/x/Other.ttf"]
        let overridden = try decode(#"{"fonts":{"default":"mine.ttf","fallback":[]}}"#, decoder: decoder)
        #expect(overridden.fonts.files == ["default": "/x/Other.ttf"])
        #expect(overridden.fonts.fallback == [])
    }

    @Test func rowsReadTheirOwnPolicyMembers() throws {
        let document = try decode("""
            {"templates":{"T":{}},"sections":[{"rows":[
              {"key":7,"template":"T","height":30.5,"autoHeight":true,"accessory":"detailDisclosure","extra":{"a":1}}]}]}
            """)
        let row = document.sections[0].rows[0]
        #expect(row.key == "7")
        #expect(row.template == "T" && row.height == 30.5 && row.autoHeight == true)
        #expect(row.accessory == .detailDisclosure)
        #expect(row.data["extra"] == .object(["a": .number(1)]))
    }

    @Test func jsonThatIsNotADocumentIsOfKindInvalidValueAndBytesThatAreNotJSONOfKindSyntax() throws {
        let notADocument = #expect(throws: DocumentError.self) { try DocumentDecoder().decode(JSONParser().parse("[1]")) }
        #expect(notADocument?.kind == .invalidValue)
        let notJSON = #expect(throws: DocumentError.self) { try JSONParser().parse("{\"list\": {\"width\": 3,}}") }
        // The closing brace where a member name must come: byte 21, the 22nd character.
        #expect(notJSON?.kind == .syntax(line: 1, column: 22, offset: 21))
        #expect(notJSON?.description == "list: line 1, column 22: expected a member name in quotes, found '}'")
    }

    @Test func errorsNameTheJSONPath() {
        #expect(error(#"{"sections":[{"rows":[{},{"template":"FeedCel"}]}]}"#)
                == DocumentError(path: "sections[0].rows[1]", message: "template \"FeedCel\" not found"))
        #expect(error(#"{"sections":[{"template":"Nope"}]}"#)
                == DocumentError(path: "sections[0]", message: "template \"Nope\" not found"))
        #expect(error(#"{"list":{"width":-1}}"#)
                == DocumentError(path: "list.width", message: "-1 is out of range: expected a positive number of points up to 1000000"))
        #expect(error(#"{"list":{"scale":"2"}}"#) == DocumentError(path: "list.scale", message: "expected a number, found a string"))
        #expect(error(#"{"templates":{"T":{"views":[{"id":"a","label":{"lines":1.5}}]}}}"#)
                == DocumentError(path: "templates.T.views[0].label.lines", message: "expected a whole number in 0...1000000, found 1.5"))
        #expect(error(#"{"templates":{"T":{"views":[{"id":"a","label":{"lineBreak":"words"}}]}}}"#)
                == DocumentError(path: "templates.T.views[0].label.lineBreak",
                                 message: "unknown value \"words\": expected one of \"word\", \"char\", \"truncateTail\", \"truncateMiddle\", \"truncateHead\", \"clip\""))
        #expect(error(#"{"templates":{"T":{"views":[{"id":"a","view":{}},{"id":"a","view":{}}]}}}"#)
                == DocumentError(path: "templates.T.views[1].id", message: "duplicate view id \"a\""))
        #expect(error(#"{"templates":{"T":{"views":[{"id":"s","stack":{"axis":"vertical","arranged":["x"]}}]}}}"#)
                == DocumentError(path: "templates.T.views[0].stack.arranged[0]", message: "view \"x\" not found in template \"T\""))
        #expect(error(#"{"templates":{"T":{"views":[{"id":"i","image":{"width":"wide","height":1}}]}}}"#)
                == DocumentError(path: "templates.T.views[0].image.width", message: "expected a number or \"${path}\", found \"wide\""))
        #expect(error(#"{"templates":{"T":{"views":[{"id":"i","view":{},"hugging":[250]}]}}}"#)
                == DocumentError(path: "templates.T.views[0].hugging", message: "expected [horizontal, vertical] priorities, each 1...1000"))
        #expect(error(#"{"sections":[{"autoHeight":true,"rows":[{}]}]}"#)
                == DocumentError(path: "sections[0].rows[0]", message: "row is measured (autoHeight) but neither it nor its section names a template"))
        #expect(error(#"{"sections":[{"rows":[3]}]}"#)
                == DocumentError(path: "sections[0].rows[0]", message: "expected a row (an object), found a number"))
        #expect(error(#"{"sections":[{"header":{"colour":"red"}}]}"#)
                == DocumentError(path: "sections[0].header", message: "expected { \"title\": ... }, { \"height\": H } or { \"template\": ..., \"data\": {...} }"))
        #expect(error("[]") == DocumentError(path: "", message: "expected a cells.json document (an object), found an array"))
    }

    @Test func labelMetricsTooLargeToMeasureAreErrorsNotSilentHeights() {
        #expect(error(#"{"templates":{"T":{"views":[{"id":"a","label":{"size":1e308}}]}}}"#)
                == DocumentError(path: "templates.T.views[0].label.size", message: "1e+308 is out of range: expected a positive point size up to 100000"))
        #expect(error(#"{"templates":{"T":{"views":[{"id":"a","label":{"lineSpacing":1e308}}]}}}"#)
                == DocumentError(path: "templates.T.views[0].label.lineSpacing", message: "1e+308 is out of range: expected -100000...100000 points"))
        #expect(error(#"{"templates":{"T":{"views":[{"id":"a","label":{"lineHeightMultiple":1e308}}]}}}"#)
                == DocumentError(path: "templates.T.views[0].label.lineHeightMultiple", message: "1e+308 is out of range: expected a positive factor up to 1000"))
        #expect(error(#"{"templates":{"T":{"views":[{"id":"a","label":{"size":100000,"lineSpacing":-100000,"lineHeightMultiple":1000}}]}}}"#) == nil)
    }

    @Test func unknownMembersAreWarningsNotErrors() throws {
        var warnings: [DocumentError] = []
        let decoder = DocumentDecoder(fontDefaults: Fonts(files: ["default": "/f/D.ttf"]))
        _ = try decoder.decode(try JSONParser().parse(#"{"list":{"widht":3},"sections":[{"rowz":[]}]}"#), warnings: &warnings)
        #expect(warnings == [DocumentError(path: "list.widht", message: "unknown member ignored"),
                             DocumentError(path: "sections[0].rowz", message: "unknown member ignored")])
    }

    @Test func bundledFontsAreFoundByEnvironmentResourceBundleCompiledFolderOrCurrentFolder() throws {
        let fonts = PackageTools.packageRoot.appendingPathComponent("Fonts").path
        #expect(BundledFonts.directory(environment: ["TEMPLATELAYOUT_FONTS": fonts]) == fonts)
        #expect(BundledFonts.directory(environment: ["TEMPLATELAYOUT_FONTS": "/nonexistent"]) == nil)
        // An executable with the SwiftPM resource bundle beside it finds the bundle first.
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent("fonts-\(getpid())")
        let bundle = bin.appendingPathComponent(BundledFontFiles.resourceBundleName)
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: bin) }
        FileManager.default.createFile(atPath: bundle.appendingPathComponent("DejaVuSans.ttf").path, contents: Data())
        #expect(BundledFonts.directory(environment: [:], executablePath: bin.path + "/app",
                                       currentDirectory: "/nonexistent") == bundle.path)
        // Without a bundle, the package's Fonts folder as compiled, from any working directory.
        #expect(BundledFontFiles.sourceDirectory == fonts)
        #expect(BundledFonts.directory(environment: [:], executablePath: "/usr/bin/x", currentDirectory: "/nonexistent") == fonts)
        let exe = PackageTools.packageRoot.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/measure-cli").path
        #expect(BundledFonts.directory(environment: [:], executablePath: exe, currentDirectory: "/nonexistent",
                                       compiledDirectory: nil) != nil)
        #expect(BundledFonts.directory(environment: [:], executablePath: "/usr/bin/x", currentDirectory: PackageTools.packageRoot.path,
                                       compiledDirectory: nil) == fonts)
        #expect(BundledFonts.directory(environment: [:], executablePath: "/usr/bin/x", currentDirectory: "/nonexistent",
                                       compiledDirectory: nil) == nil)
        #expect(try Fonts.bundled == BundledFonts.fonts(in: BundledFonts.directory()!))
        let spec = BundledFonts.fonts(in: "/F")
        #expect(spec.files == ["default": "/F/DejaVuSans.ttf", "bold": "/F/DejaVuSans-Bold.ttf"])
        #expect(spec.fallback == ["/F/DroidSansFallbackFull.ttf", "/F/NotoColorEmoji.ttf"])
    }
}
