import TextEngine
import CellsFormat

/// Loads a document's `fonts`: every named file once, each name a `FontStack` of that face and
/// the shared fallback list. Relative paths are resolved against a base directory; a `#N` suffix
/// picks face N of a collection.
enum FontLibrary {
    static func load(_ spec: FontsSpec, baseDirectory: String) throws(LayoutError) -> [String: FontStack] {
        var faces: [String: FontFace] = [:]
        func face(_ file: String, path: String) throws(LayoutError) -> FontFace {
            var location = file
            var index = 0
            if let hash = file.lastIndex(of: "#"), let n = Int(file[file.index(after: hash)...]), n >= 0 {
                location = String(file[..<hash])
                index = n
            }
            if !location.hasPrefix("/"), !baseDirectory.isEmpty {
                location = baseDirectory.hasSuffix("/") ? baseDirectory + location : baseDirectory + "/" + location
            }
            let key = "\(location)#\(index)"
            if let loaded = faces[key] { return loaded }
            do {
                let loaded = try FontFace(path: location, faceIndex: index)
                faces[key] = loaded
                return loaded
            } catch {
                throw LayoutError(path: path, message: "font \"\(file)\" will not load: \(error.reason)")
            }
        }
        var fallbacks: [FontFace] = []
        for (i, file) in spec.fallback.enumerated() {
            fallbacks.append(try face(file, path: "fonts.fallback[\(i)]"))
        }
        var stacks: [String: FontStack] = [:]
        for name in spec.files.keys.sorted() {
            guard let file = spec.files[name] else { continue }
            stacks[name] = FontStack(primary: try face(file, path: "fonts.\(name)"), fallbacks: fallbacks)
        }
        return stacks
    }
}
