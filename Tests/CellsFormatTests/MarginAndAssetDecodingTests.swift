import Testing
@testable import CellsFormat

/// cells.json's layout margins, section index and images by asset name (SPEC sections 1 and 2):
/// their defaults, and errors at their JSON paths.
@Suite struct MarginAndAssetDecodingTests {
    let decoder = DocumentDecoder(fontDefaults: Fonts(files: ["default": "/f/D.ttf"]))

    func decode(_ text: String) throws -> Document {
        try decoder.decode(try JSONParser().parse(text))
    }

    func error(_ text: String) -> DocumentError? {
        do { _ = try decode(text); return nil } catch let error as DocumentError { return error } catch { return nil }
    }

    @Test func marginsDefaultToATableCellsAndEightAndNoIndex() throws {
        let document = try decode(#"{"templates":{"T":{"views":[{"id":"a","view":{}}]}}}"#)
        #expect(document.list.layoutMargins == LayoutMargins(top: 11, leading: 16, bottom: 11, trailing: 16))
        #expect(document.list.indexWidth == 0)
        #expect(document.templates["T"]?.layoutMargins == nil)
        #expect(document.templates["T"]?.views[0].layoutMargins == nil)
        #expect(document.assets == .sizes([:]))
    }

    @Test func marginsIndexWidthAndAssetsAreReadInTheirOrder() throws {
        let document = try decode("""
            {"list":{"layoutMargins":[1,2,3,4],"indexWidth":15},
             "assets":{"icon":[29,29],"photo":[120.5,80]},
             "templates":{"T":{"layoutMargins":[5,6,7,8],"views":[
               {"id":"a","view":{},"layoutMargins":[0,-2,0,9]},
               {"id":"i","image":{"asset":"icon"}}]}}}
            """)
        #expect(document.list.layoutMargins == LayoutMargins(top: 1, leading: 2, bottom: 3, trailing: 4))
        #expect(document.list.indexWidth == 15)
        #expect(document.templates["T"]?.layoutMargins == LayoutMargins(top: 5, leading: 6, bottom: 7, trailing: 8))
        #expect(document.templates["T"]?.views[0].layoutMargins == LayoutMargins(top: 0, leading: -2, bottom: 0, trailing: 9))
        guard case .imageAsset(let name)? = document.templates["T"]?.views[1].kind else {
            Issue.record("an image by asset expected")
            return
        }
        #expect(name == "icon")
        #expect(document.assets == .sizes(["icon": ImageSize(width: 29, height: 29), "photo": ImageSize(width: 120.5, height: 80)]))
        #expect(try decode(#"{"assets":"Images.xcassets"}"#).assets == .catalog("Images.xcassets"))
    }

    @Test func badMarginsIndexWidthsAndAssetsAreErrorsAtTheirPaths() {
        #expect(error(#"{"list":{"layoutMargins":[1,2,3]}}"#)
            == DocumentError(path: "list.layoutMargins", message: "expected [top, leading, bottom, trailing], each -1000000...1000000 points"))
        #expect(error(#"{"list":{"indexWidth":-1}}"#)?.path == "list.indexWidth")
        #expect(error(#"{"templates":{"T":{"layoutMargins":"8"}}}"#)?.path == "templates.T.layoutMargins")
        #expect(error(#"{"templates":{"T":{"views":[{"id":"a","view":{},"layoutMargins":[1,2,3,"4"]}]}}}"#)?.path
            == "templates.T.views[0].layoutMargins")
        #expect(error(#"{"assets":{"icon":[29]}}"#)
            == DocumentError(path: "assets.icon", message: "expected [width, height], each 0...1000000 points"))
        #expect(error(#"{"assets":""}"#)?.path == "assets")
        #expect(error(#"{"assets":[1,2]}"#)?.path == "assets")
        #expect(error(#"{"templates":{"T":{"views":[{"id":"i","image":{"asset":""}}]}}}"#)?.path == "templates.T.views[0].image.asset")
        #expect(error(#"{"templates":{"T":{"views":[{"id":"i","image":{"asset":"icon","width":4}}]}}}"#)
            == DocumentError(path: "templates.T.views[0].image.width",
                             message: "an image gives either \"asset\" or \"width\" and \"height\", not both"))
    }

    @Test func anAssetImageWarnsOfMembersItDoesNotRead() throws {
        var warnings: [DocumentError] = []
        _ = try decoder.decode(try JSONParser().parse(#"{"templates":{"T":{"views":[{"id":"i","image":{"asset":"a","tint":1}}]}}}"#),
                               warnings: &warnings)
        #expect(warnings.map(\.path) == ["templates.T.views[0].image.tint"])
    }
}
