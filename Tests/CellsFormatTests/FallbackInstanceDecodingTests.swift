import Testing
@testable import CellsFormat

/// cells.json's `fonts.fallback` entries: paths, or font instances `{ "file", "index", "variations" }`
/// as other `fonts` values.
@Suite struct FallbackInstanceDecodingTests {
    func decode(_ text: String) throws -> Document {
        let defaults = Fonts(files: ["default": "/f/D.ttf"], fallback: ["/f/C.ttf"], fallbackVariations: [0: ["wght": 300]])
        return try DocumentDecoder(fontDefaults: defaults).decode(try JSONParser().parse(text))
    }

    @Test func fallbackEntriesArePathsOrInstancesInTheirOrder() throws {
        let fonts = try decode(#"{"fonts":{"fallback":["CJK.ttc#1",{"file":"Inter.ttf","variations":{"wght":900}},"#
                               + #"{"file":"Super.ttc","index":2},"Emoji.ttf"]}}"#).fonts
        #expect(fonts.fallback == ["CJK.ttc#1", "Inter.ttf", "Super.ttc#2", "Emoji.ttf"])
        #expect(fonts.fallbackVariations == [1: ["wght": 900]])
    }

    @Test func theDefaultsFallbackInstancesStayUntilTheDocumentGivesItsOwnList() throws {
        let kept = try decode(#"{"fonts":{"bold":"B.ttf"}}"#).fonts
        #expect(kept.fallback == ["/f/C.ttf"] && kept.fallbackVariations == [0: ["wght": 300]])
        let replaced = try decode(#"{"fonts":{"fallback":["E.ttf"]}}"#).fonts
        #expect(replaced.fallback == ["E.ttf"] && replaced.fallbackVariations.isEmpty)
    }

    @Test func aBadFallbackEntryIsAnErrorAtItsPath() {
        func error(_ text: String) -> DocumentError? {
            do { _ = try decode(text); return nil } catch let error as DocumentError { return error } catch { return nil }
        }
        #expect(error(#"{"fonts":{"fallback":["a.ttf",{"variations":{"wght":600}}]}}"#)?.path == "fonts.fallback[1]")
        #expect(error(#"{"fonts":{"fallback":[{"file":"a.ttf","index":70000}]}}"#)?.path == "fonts.fallback[0].index")
        #expect(error(#"{"fonts":{"fallback":[{"file":"a.ttf","variations":{"weight":1}}]}}"#)?.path
                == "fonts.fallback[0].variations.weight")
        let number = error(#"{"fonts":{"fallback":["a.ttf",3]}}"#)
        #expect(number?.path == "fonts.fallback[1]")
        #expect(number?.message == "expected a font file path or a font instance, found a number")
        #expect(error(#"{"fonts":{"fallback":"a.ttf"}}"#)?.path == "fonts.fallback")
    }

    @Test func appendFallbackInstanceKeepsEachInstanceAtItsPosition() {
        var fonts = Fonts(files: ["default": "D.ttf"], fallback: ["C.ttf"])
        fonts.appendFallbackInstance(file: "Inter.ttf", variations: ["wght": 700])
        fonts.appendFallbackInstance(file: "Super.ttc", index: 3, variations: [:])
        #expect(fonts.fallback == ["C.ttf", "Inter.ttf", "Super.ttc#3"])
        #expect(fonts.fallbackVariations == [1: ["wght": 700]])
    }
}
