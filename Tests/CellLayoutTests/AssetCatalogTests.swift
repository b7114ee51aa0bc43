import Foundation
import Testing
@testable import CellsFormat
@testable import CellLayout
import TestSupport

/// Images by asset name: an asset catalog fixture built here with Pillow
/// (Reference/make_catalog.py: PNG and JPEG image sets at 1x, 2x and 3x, slots without files,
/// iPhone and iPad idioms, a namespaced folder, a broken Contents.json), read as UIImage(named:)
/// would; image headers checked against libpng and libjpeg (Reference/image_size.c).
@Suite struct AssetCatalogTests {
    /// The fixture's folder, built once per run.
    static let fixture: String = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("templatelayout-assets-\(ProcessInfo.processInfo.processIdentifier)").path
        try? FileManager.default.removeItem(atPath: folder)
        let script = Fixtures.root + "/Tests/CellLayoutTests/Reference/make_catalog.py"
        _ = try? PackageTools.python("import runpy, sys; sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')",
                                     arguments: [script, folder])
        return folder
    }()

    func sizes(_ catalog: String = "Fixture.xcassets", scale: Double) throws -> [String: ImageSize] {
        try AssetCatalog(path: Self.fixture + "/" + catalog, scale: scale).sizes
    }

    @Test func anAssetCatalogGivesThePointSizesUIImageNamedGivesOnA2xScreen() throws {
        let s = try sizes(scale: 2)
        #expect(s["avatar"] == ImageSize(width: 40, height: 40))  // 80 x 80 pixels at 2x
        #expect(s["photo"] == ImageSize(width: 100, height: 75))  // a JPEG, 200 x 150 at 2x
        #expect(s["odd"] == ImageSize(width: 22.5, height: 15.5))  // 45 x 31 pixels at 2x
        #expect(s["sparse"] == ImageSize(width: 12, height: 12))  // no 2x: the 3x JPEG, 36 / 3
        #expect(s["phone"] == ImageSize(width: 32, height: 32))  // the iPhone slot over universal and iPad
        #expect(s["single"] == ImageSize(width: 33, height: 21))  // a single-scale image is 1x
        #expect(s["empty"] == ImageSize.zero)  // slots without files: a nil image
        #expect(s["Icons/star"] == ImageSize(width: 24, height: 24))  // a namespaced folder
        #expect(s["dot"] == ImageSize(width: 8, height: 8))  // a plain folder adds nothing to the name
        #expect(s["star"] == nil && s["Plain/dot"] == nil)
        #expect(s.count == 9)
    }

    @Test func eachScreenScaleTakesItsOwnSlotElseTheNearestLargerElseTheNearestSmaller() throws {
        let one = try sizes(scale: 1), three = try sizes(scale: 3)
        #expect(one["avatar"] == ImageSize(width: 40, height: 40) && three["avatar"] == ImageSize(width: 40, height: 40))
        #expect(one["sparse"] == ImageSize(width: 10, height: 10))  // its own 1x
        #expect(three["sparse"] == ImageSize(width: 12, height: 12))  // its own 3x
        #expect(one["odd"] == ImageSize(width: 22.5, height: 15.5))  // only 2x, larger than 1x
        #expect(three["odd"] == ImageSize(width: 22.5, height: 15.5))  // only 2x, smaller than 3x
        #expect(AssetCatalog.screenScale(2.6) == 3 && AssetCatalog.screenScale(0.5) == 1 && AssetCatalog.screenScale(9) == 3)
        #expect(AssetCatalog.screenScale(.infinity) == 3 && AssetCatalog.screenScale(-1e300) == 1 && AssetCatalog.screenScale(.nan) == 2)
    }

    @Test func aBrokenOrUnreadableCatalogIsAnErrorNamingTheFileAndTheJSONPath() throws {
        func message(_ catalog: String) -> String? {
            do throws(LayoutError) {
                _ = try AssetCatalog(path: Self.fixture + "/" + catalog, scale: 2)
                return nil
            } catch {
                #expect(error.path == "assets")
                return error.message
            }
        }
        let broken = message("Broken.xcassets")
        #expect(broken?.hasPrefix("Broken.xcassets/bad.imageset/Contents.json: not valid JSON") == true, "\(broken ?? "")")
        #expect(message("BadScale.xcassets") ==
            #"BadScale.xcassets/icon.imageset/Contents.json: images[1].scale: expected "1x", "2x" or "3x", found "4x""#)
        #expect(message("NotImage.xcassets") == "NotImage.xcassets/icon.imageset/Contents.json: images[0].filename: "
            + #""icon-universal-2x.png" is not a PNG or JPEG image whose header can be read"#)
        #expect(message("Missing.xcassets")?.contains("is not a folder that can be read") == true)
    }

    @Test func imageHeadersAreReadAsLibpngAndLibjpegReadThem() throws {
        let helper = Self.fixture + "/image_size"
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compile.arguments = ["cc", Fixtures.root + "/Tests/CellLayoutTests/Reference/image_size.c", "-o", helper, "-lpng", "-ljpeg"]
        try compile.run()
        compile.waitUntilExit()
        try #require(compile.terminationStatus == 0, "cc image_size.c -lpng -ljpeg (libpng-dev, libjpeg-dev)")
        let folder = Self.fixture + "/headers"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { folder + "/" + $0 }
        let run = Process()
        run.executableURL = URL(fileURLWithPath: helper)
        run.arguments = files
        let out = Pipe(), err = Pipe()
        run.standardOutput = out
        run.standardError = err
        try run.run()
        let lines = PackageTools.collect(run, out, err).stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == files.count)
        var read = 0
        for (file, reference) in zip(files, lines) {
            let data = try #require(FileManager.default.contents(atPath: file))
            let ours = ImageHeader.pixelSize([UInt8](data)).map { "\($0.width) \($0.height)" } ?? "none"
            #expect(ours == reference, "\(file)")
            if reference != "none" { read += 1 }
        }
        // Both kinds, whole and cut short, were read; the damaged ones refused.
        #expect(read >= 16 && files.count - read >= 15)
    }

    @Test func anImageNamedByAssetTakesItsSizeAndAMissingNameIsANilImage() throws {
        let template = Template(name: "Assets", views: [
            ViewSpec(id: "avatar", kind: .imageAsset("avatar")),
            ViewSpec(id: "gone", kind: .imageAsset("no-such-image")),
            Fixtures.label("name", "Ada"),
        ], constraints: ["avatar.leading == super.leadingMargin", "avatar.top == super.topMargin",
                         "super.bottomMargin >= avatar.bottom", "gone.leading == avatar.trailing + 8",
                         "gone.top == avatar.top", "name.leading == gone.trailing + 8", "name.centerY == avatar.centerY"])
        var document = Fixtures.document([template])
        document.assets = .catalog(Self.fixture + "/Fixture.xcassets")
        let measurer = try ListMeasurer(document: document, baseDirectory: Fixtures.root)
        let cell = try measurer.measureRow(RowSpec(template: "Assets", autoHeight: true), in: SectionSpec(), frames: true)
        var frames: [String: [Double]] = [:]
        for f in cell.frames { frames[f.id] = [f.x, f.y, f.width, f.height] }
        #expect(frames["avatar"] == [16, 11, 40, 40])
        #expect(frames["gone"] == [64, 11, 0, 0])
        #expect(frames["name"]?[0] == 72)
        #expect(cell.height == 62.5)  // 11 + 40 + 11 + 0.5
        // The same sizes given as a name-to-size map, and the kiwi reference, agree.
        let sized = try expectAgreementWithKiwi(template, rows: [RowSpec(template: "Assets", autoHeight: true)],
                                                assets: ["avatar": ImageSize(width: 40, height: 40)])
        #expect(sized == [62.5])
    }
}
