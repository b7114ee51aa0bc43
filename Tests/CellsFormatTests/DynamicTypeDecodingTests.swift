import Testing
import CellsFormat
import DynamicType

/// cells.json's Dynamic Type members: `list.contentSize`, `list.maximumContentSize`, and a
/// label's `textStyle` and `relativeTo`.
@Suite struct DynamicTypeDecodingTests {
    func decode(_ text: String, decoder: DocumentDecoder = DocumentDecoder(fontDefaults: Fonts(files: ["default": "/f/D.ttf"]))) throws -> Document {
        try decoder.decode(try JSONParser().parse(text))
    }

    func label(_ members: String) throws -> LabelSpec? {
        let document = try decode(#"{"templates":{"T":{"views":[{"id":"a","label":{"#  + members + "}}]}}}")
        guard case .label(let label)? = document.templates["T"]?.views.first?.kind else { return nil }
        return label
    }

    func error(_ text: String) -> DocumentError? {
        do { _ = try decode(text); return nil } catch let error as DocumentError { return error } catch { return nil }
    }

    @Test func theListsCategoryAndItsCapAreRead() throws {
        let list = try decode(#"{"list":{"contentSize":"AX3","maximumContentSize":"xxLarge"}}"#).list
        #expect(list.contentSize == .AX3 && list.maximumContentSize == .xxLarge && list.effectiveContentSize == .xxLarge)
        let plain = try decode("{}").list
        #expect(plain.contentSize == .large && plain.maximumContentSize == nil)
    }

    @Test func contentSizeOverrideReplacesTheDocumentsCategory() throws {
        var decoder = DocumentDecoder(fontDefaults: Fonts(files: ["default": "/f/D.ttf"]))
        decoder.contentSizeOverride = .xSmall
        #expect(try decode(#"{"list":{"contentSize":"AX3"}}"#, decoder: decoder).list.contentSize == .xSmall)
    }

    @Test func aLabelsTextStyleAndRelativeToAreRead() throws {
        let styled = try #require(try label(#""textStyle":"headline""#))
        #expect(styled.textStyle == .headline && styled.relativeTo == nil && styled.followsContentSize)
        #expect(styled.pointSize(at: .AX1) == 28)
        let scaled = try #require(try label(#""size":20,"relativeTo":"body""#))
        #expect(scaled.size == 20 && scaled.relativeTo == .body && scaled.pointSize(at: .AX2) == 20.0 * 33 / 17)
        let plain = try #require(try label(#""size":20"#))
        #expect(!plain.followsContentSize && plain.pointSize(at: .AX5) == 20)
    }

    @Test func unknownNamesAndConflictingMembersAreErrorsAtTheirPath() {
        #expect(error(#"{"list":{"contentSize":"huge"}}"#)?.path == "list.contentSize")
        #expect(error(#"{"list":{"maximumContentSize":"ax1"}}"#)?.path == "list.maximumContentSize")
        #expect(error(#"{"templates":{"T":{"views":[{"id":"a","label":{"textStyle":"title"}}]}}}"#)?.path
                == "templates.T.views[0].label.textStyle")
        #expect(error(#"{"templates":{"T":{"views":[{"id":"a","label":{"textStyle":"body","size":3}}]}}}"#)?.path
                == "templates.T.views[0].label.size")
        #expect(error(#"{"templates":{"T":{"views":[{"id":"a","label":{"textStyle":"body","relativeTo":"body"}}]}}}"#)?.path
                == "templates.T.views[0].label.relativeTo")
    }
}

/// cells.json's font instances: `{ "file", "index", "variations" }` beside plain paths.
@Suite struct FontInstanceDecodingTests {
    func decode(_ text: String) throws -> Document {
        try DocumentDecoder(fontDefaults: Fonts(files: ["default": "/f/D.ttf"])).decode(try JSONParser().parse(text))
    }

    @Test func anInstanceObjectNamesTheFileFaceAndVariations() throws {
        let fonts = try decode(#"{"fonts":{"semibold":{"file":"Inter.ttf","variations":{"wght":600,"wdth":90}},"#
                               + #""cond":{"file":"Super.ttc","index":2},"plain":"A.ttf"}}"#).fonts
        #expect(fonts.files["semibold"] == "Inter.ttf" && fonts.variations["semibold"] == ["wght": 600, "wdth": 90])
        #expect(fonts.files["cond"] == "Super.ttc#2" && fonts.variations["cond"] == nil)
        #expect(fonts.files["plain"] == "A.ttf" && fonts.variations["plain"] == nil)
        #expect(fonts.files["default"] == "/f/D.ttf")
    }

    @Test func aBadInstanceIsAnErrorAtItsPath() {
        func path(_ text: String) -> String? {
            do { _ = try decode(text); return nil } catch let error as DocumentError { return error.path } catch { return nil }
        }
        #expect(path(#"{"fonts":{"x":{"variations":{"wght":600}}}}"#) == "fonts.x")
        #expect(path(#"{"fonts":{"x":{"file":"a.ttf","index":-1}}}"#) == "fonts.x.index")
        #expect(path(#"{"fonts":{"x":{"file":"a.ttf","variations":{"weight":600}}}}"#) == "fonts.x.variations.weight")
        #expect(path(#"{"fonts":{"x":{"file":"a.ttf","variations":{"wght":"bold"}}}}"#) == "fonts.x.variations.wght")
    }

    @Test func aLabelsFeaturesAreReadAsGiven() throws {
        let document = try decode(#"{"templates":{"T":{"views":[{"id":"a","label":{"features":["tnum","-liga","ss01=1"]}}]}}}"#)
        guard case .label(let label)? = document.templates["T"]?.views.first?.kind else { Issue.record("no label"); return }
        #expect(label.features == ["tnum", "-liga", "ss01=1"])
        func path(_ text: String) -> String? {
            do { _ = try decode(text); return nil } catch let error as DocumentError { return error.path } catch { return nil }
        }
        #expect(path(#"{"templates":{"T":{"views":[{"id":"a","label":{"features":["tnum",""]}}]}}}"#)
                == "templates.T.views[0].label.features[1]")
        #expect(path(#"{"templates":{"T":{"views":[{"id":"a","label":{"features":"tnum"}}]}}}"#)
                == "templates.T.views[0].label.features")
    }
}
