import TextEngine
import CellsFormat

/// Loads a document's `fonts`: every named file (at each instance named) once, each name a
/// `FontStack` of that face and the shared fallback list. Relative paths are resolved against a
/// base directory; a `#N` suffix picks face N of a collection; `variations` pick an instance of
/// a variable font.
enum FontLibrary {
    static func load(_ spec: FontsSpec, baseDirectory: String) throws(LayoutError) -> [String: FontStack] {
        var faces: [String: FontFace] = [:]
        func face(_ file: String, variations: [String: Double] = [:], path: String) throws(LayoutError) -> FontFace {
            let (location, index) = locate(file, baseDirectory: baseDirectory)
            let key = "\(location)#\(index)" + variations.keys.sorted().map { "@\($0)=\(variations[$0] ?? 0)" }.joined()
            if let loaded = faces[key] { return loaded }
            do {
                let loaded = try FontFace(path: location, faceIndex: index, variations: variations)
                faces[key] = loaded
                return loaded
            } catch {
                throw LayoutError(.font(error.kind), path: path, message: "font \(JSONText.quoted(file)) will not load: \(error.reason)")
            }
        }
        var fallbacks: [FontFace] = []
        for (i, file) in spec.fallback.enumerated() {
            fallbacks.append(try face(file, path: "fonts.fallback[\(i)]"))
        }
        var stacks: [String: FontStack] = [:]
        for name in spec.files.keys.sorted() {
            guard let file = spec.files[name] else { continue }
            stacks[name] = FontStack(primary: try face(file, variations: spec.variations[name] ?? [:], path: "fonts.\(name)"),
                                     fallbacks: fallbacks)
        }
        return stacks
    }

    /// The file and face index a `fonts` entry names: a `#N` suffix picks face N, and a relative
    /// path starts at `baseDirectory`.
    static func locate(_ file: String, baseDirectory: String) -> (path: String, faceIndex: Int) {
        var location = file
        var index = 0
        if let hash = file.lastIndex(of: "#"), let n = Int(file[file.index(after: hash)...]), n >= 0 {
            location = String(file[..<hash])
            index = n
        }
        if !location.hasPrefix("/"), !baseDirectory.isEmpty {
            location = baseDirectory.hasSuffix("/") ? baseDirectory + location : baseDirectory + "/" + location
        }
        return (location, index)
    }
}

extension FontsSpec {
    /// Every font file this names, resolved as loading resolves them (`fallback` included).
    public func filePaths(baseDirectory: String) -> [String] {
        (files.keys.sorted().compactMap { files[$0] } + fallback).map { FontLibrary.locate($0, baseDirectory: baseDirectory).path }
    }
}
