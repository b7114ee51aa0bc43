import Foundation
import CellsFormat

/// Reads an asset catalog (`.xcassets`) as `UIImage(named:)` on an iPhone reads it: every image
/// set (`NAME.imageset`, in folders that add `Folder/` to its name when their Contents.json
/// `provides-namespace`) with the size in points of the image it would load at the list's scale.
///
/// Of an image set's `images`, the iPhone slots are used when there are any, else the universal
/// ones; slots for other appearances or subtypes are left out. The slot whose `scale` matches the
/// screen's (the list's scale rounded to 1x, 2x or 3x) is taken, else the nearest larger one, else
/// the nearest smaller one; its PNG or JPEG pixels divided by its scale are the size. A slot
/// without `scale` (a single-scale image) is 1x. An image set without a file for iPhone has no
/// image (a nil image, as a missing name).
struct AssetCatalog {
    /// Each image set's size in points, by the name `UIImage(named:)` takes.
    let sizes: [String: ImageSize]

    /// Reads the catalog at `path` for a screen of `scale` pixels per point; any catalog, folder
    /// or Contents.json that cannot be read, and any image that is not a readable PNG or JPEG, is
    /// an error at `assets` naming the file and, inside a Contents.json, the JSON path.
    init(path: String, scale: Double) throws(LayoutError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Self.error("asset catalog \(JSONText.quoted(path)) is not a folder that can be read")
        }
        var sizes: [String: ImageSize] = [:]
        var visited: Set<String> = []
        try Self.readFolder(path, shownAs: (path as NSString).lastPathComponent, namespace: "",
                            screenScale: Self.screenScale(scale), into: &sizes, visited: &visited)
        self.sizes = sizes
    }

    /// The scale of the slot the screen prefers: `scale` rounded to 1, 2 or 3 (2, UIKit's
    /// common screen, for a scale that is not a number).
    static func screenScale(_ scale: Double) -> Int {
        Int(min(3, max(1, scale.isNaN ? 2 : scale)).rounded())
    }

    private static func error(_ message: String) -> LayoutError {
        LayoutError(path: "assets", message: message)
    }

    /// Every image set under `folder` (shown in messages as `shownAs`), named with `namespace`.
    /// A folder reached again through a symbolic link (`visited` holds the real paths read) is
    /// read once, so a link back up the tree cannot loop.
    private static func readFolder(_ folder: String, shownAs: String, namespace: String, screenScale: Int,
                                   into sizes: inout [String: ImageSize], visited: inout Set<String>) throws(LayoutError) {
        guard visited.insert(URL(fileURLWithPath: folder).resolvingSymlinksInPath().path).inserted else { return }
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw Self.error("\(shownAs): the folder cannot be read")
        }
        for entry in entries where !entry.hasPrefix(".") {
            let full = folder + "/" + entry
            let shown = shownAs + "/" + entry
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue else {
                continue
            }
            let ext = (entry as NSString).pathExtension
            if ext == "imageset" {
                let name = namespace + (entry as NSString).deletingPathExtension
                guard sizes[name] == nil else { throw Self.error("\(shown): a second image set named \(JSONText.quoted(name))") }
                sizes[name] = try readImageSet(full, shownAs: shown, screenScale: screenScale) ?? .zero
            } else if ext.isEmpty {
                // A group: its own Contents.json (optional) may give its children a namespace.
                var childNamespace = namespace
                if FileManager.default.fileExists(atPath: full + "/Contents.json") {
                    let contents = try readContents(full + "/Contents.json", shownAs: shown + "/Contents.json")
                    if case .bool(true)? = contents["properties"]?["provides-namespace"] {
                        childNamespace += entry + "/"
                    }
                }
                try readFolder(full, shownAs: shown, namespace: childNamespace, screenScale: screenScale, into: &sizes,
                               visited: &visited)
            }
            // Other sets (app icons, colours, data, symbols) are not images UIImage(named:) loads by size here.
        }
    }

    /// The parsed Contents.json at `file`, an object.
    private static func readContents(_ file: String, shownAs: String) throws(LayoutError) -> JSONValue {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw Self.error("\(shownAs): the file cannot be read")
        }
        let value: JSONValue
        do {
            value = try JSONParser().parse([UInt8](data))
        } catch {
            throw Self.error("\(shownAs): not valid JSON: \(error)")
        }
        guard case .object = value else { throw Self.error("\(shownAs): expected an object, found \(value.kindName)") }
        return value
    }

    /// A value as a message shows it: a string quoted, anything else by its kind.
    private static func shown(_ value: JSONValue) -> String {
        if case .string(let text) = value { return JSONText.quoted(text) }
        return value.kindName
    }

    /// One slot of an image set's `images`: its file, scale and where it is in Contents.json.
    private struct Slot {
        var file: String
        var scale: Int
        var index: Int
    }

    /// The size of the image the screen loads from the image set at `folder`, or nil when it has
    /// no file for an iPhone.
    private static func readImageSet(_ folder: String, shownAs: String,
                                     screenScale: Int) throws(LayoutError) -> ImageSize? {
        let contentsShown = shownAs + "/Contents.json"
        guard FileManager.default.fileExists(atPath: folder + "/Contents.json") else {
            throw Self.error("\(contentsShown): the image set has no Contents.json")
        }
        let contents = try readContents(folder + "/Contents.json", shownAs: contentsShown)
        guard case .array(let images)? = contents["images"] else {
            throw Self.error("\(contentsShown): images: expected an array of image slots")
        }
        var phone: [Slot] = []
        var universal: [Slot] = []
        for (i, image) in images.enumerated() {
            func fail(_ member: String, _ message: String) -> LayoutError {
                Self.error("\(contentsShown): images[\(i)]\(member.isEmpty ? "" : "." + member): \(message)")
            }
            guard case .object = image else { throw fail("", "expected an object, found \(image.kindName)") }
            guard case .string(let idiom)? = image["idiom"] else { throw fail("idiom", "expected a string") }
            if image["appearances"] != nil || image["subtype"] != nil { continue }
            var scale = 1
            if let value = image["scale"] {
                guard case .string(let text) = value, let n = ["1x": 1, "2x": 2, "3x": 3][text] else {
                    throw fail("scale", "expected \"1x\", \"2x\" or \"3x\", found \(shown(value))")
                }
                scale = n
            }
            guard let value = image["filename"] else { continue }  // an empty slot
            guard case .string(let file) = value, !file.isEmpty else {
                throw fail("filename", "expected a file name, found \(shown(value))")
            }
            if idiom == "iphone" { phone.append(Slot(file: file, scale: scale, index: i)) }
            if idiom == "universal" { universal.append(Slot(file: file, scale: scale, index: i)) }
        }
        let slots = phone.isEmpty ? universal : phone
        let chosen = slots.first { $0.scale == screenScale }
            ?? slots.filter { $0.scale > screenScale }.min { $0.scale < $1.scale }
            ?? slots.filter { $0.scale < screenScale }.max { $0.scale < $1.scale }
        guard let chosen else { return nil }
        let file = folder + "/" + chosen.file
        let shownFile = "\(contentsShown): images[\(chosen.index)].filename: \(JSONText.quoted(chosen.file))"
        guard let data = FileManager.default.contents(atPath: file) else {
            throw Self.error("\(shownFile) cannot be read")
        }
        guard let pixels = ImageHeader.pixelSize([UInt8](data)) else {
            throw Self.error("\(shownFile) is not a PNG or JPEG image whose header can be read")
        }
        return ImageSize(width: Double(pixels.width) / Double(chosen.scale),
                         height: Double(pixels.height) / Double(chosen.scale))
    }
}

/// The document's `assets` as sizes by name: the sizes given, or an asset catalog read once.
enum AssetLibrary {
    /// The sizes `assets` gives, a catalog's path resolved against `baseDirectory` and read for a
    /// screen of `scale` pixels per point.
    static func load(_ assets: AssetsSpec, baseDirectory: String, scale: Double) throws(LayoutError) -> [String: ImageSize] {
        switch assets {
        case .sizes(let sizes):
            for name in sizes.keys.sorted() {
                guard let size = sizes[name], LayoutLimits.isSize(size.width), LayoutLimits.isSize(size.height) else {
                    throw LayoutError(path: "assets.\(name)", message: "expected [width, height], each \(LayoutLimits.sizeRangeText)")
                }
            }
            return sizes
        case .catalog(let path):
            let location = path.hasPrefix("/") || baseDirectory.isEmpty ? path
                : baseDirectory.hasSuffix("/") ? baseDirectory + path : baseDirectory + "/" + path
            return try AssetCatalog(path: location, scale: scale).sizes
        }
    }
}
