import Locking
import TextEngine
import CellsFormat
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loads a document's `fonts`: every named file (at each instance named) once, each name a
/// `FontStack` of that face and the shared fallback list. Relative paths are resolved against a
/// base directory; a `#N` suffix picks face N of a collection; `variations` pick an instance of
/// a variable font.
enum FontLibrary {
    static func load(_ spec: Fonts, baseDirectory: String) throws(LayoutError) -> [String: FontStack] {
        var faces: [String: FontFace] = [:]
        func face(_ file: String, variations: [String: Double] = [:], path: String) throws(LayoutError) -> FontFace {
            let (location, index, problem) = locate(file, baseDirectory: baseDirectory)
            if let problem {
                throw LayoutError(.font(problem.kind), path: path, message: "font \(JSONText.excerpt(file)) will not load: \(problem.reason)")
            }
            let key = "\(location)#\(index)" + variations.keys.sorted().map { "@\($0)=\(variations[$0] ?? 0)" }.joined()
            if let loaded = faces[key] { return loaded }
            do {
                let loaded = try LoadedFaces.face(key: key) { () throws(FontError) -> FontFace in
                    try FontFace(path: location, faceIndex: index, variations: variations)
                }
                faces[key] = loaded
                return loaded
            } catch {
                throw LayoutError(.font(error.kind), path: path, message: "font \(JSONText.excerpt(file)) will not load: \(error.reason)")
            }
        }
        var fallbacks: [FontFace] = []
        for (i, file) in spec.fallback.enumerated() {
            fallbacks.append(try face(file, variations: spec.fallbackVariations[i] ?? [:], path: "fonts.fallback[\(i)]"))
        }
        var stacks: [String: FontStack] = [:]
        for name in spec.files.keys.sorted() {
            guard let file = spec.files[name] else { continue }
            stacks[name] = FontStack(primary: try face(file, variations: spec.variations[name] ?? [:], path: "fonts.\(name)"),
                                     fallbacks: fallbacks)
        }
        return stacks
    }

    /// The faces loaded in this process that something still holds, by file, face index,
    /// variations and the file's identity on disk (device, inode, size, modification time): a
    /// document loading a file another live document loaded shares its face instead of reading
    /// and parsing the file again (a face is immutable). A file changed since is loaded afresh.
    enum LoadedFaces {
        /// A face held weakly: the cache keeps no face alive.
        final class Entry: @unchecked Sendable {
            // Read and written only under `faces`' lock.
            weak var face: FontFace?
            init(_ face: FontFace) { self.face = face }
        }

        static let faces = _Guarded<[String: Entry]>([:])

        /// The live face loaded for `key` from the file as it is now, else `load()`'s (kept).
        static func face(key: String, load: () throws(FontError) -> FontFace) throws(FontError) -> FontFace {
            let path = String(key[..<(key.lastIndex(of: "#") ?? key.endIndex)])
            var info = stat()
            guard stat(path, &info) == 0 else { return try load() }
            #if canImport(Darwin)
            let modified = "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
            #else
            let modified = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            #endif
            let identity = "\(key)|\(info.st_dev):\(info.st_ino):\(info.st_size):\(modified)"
            if let live = faces.withLock({ $0[identity]?.face }) { return live }
            let loaded = try load()
            return faces.withLock { faces in
                if let raced = faces[identity]?.face { return raced }
                // Entries whose faces are gone are dropped as new ones come, so the table stays
                // as large as the set of faces alive.
                if faces.count >= 64 { faces = faces.filter { $0.value.face != nil } }
                faces[identity] = Entry(loaded)
                return loaded
            }
        }
    }

    /// The largest face index a `#N` suffix may give (FreeType keeps a face index in 16 bits).
    static let maximumFaceIndex = 65535

    /// Why a `#` suffix names no face, with the kind of font error it is.
    struct SuffixProblem: Error {
        var kind: FontError.Kind
        var reason: String
    }

    /// The file and face index a `fonts` entry names: a path that exists is that file (face 0),
    /// `x#2` that does not is face 2 of `x`; a relative path starts at `baseDirectory`. A `#`
    /// suffix of a missing path that is no face index in 0...`maximumFaceIndex` is a problem
    /// saying which, rather than a missing file.
    static func locate(_ file: String, baseDirectory: String) -> (path: String, faceIndex: Int, problem: SuffixProblem?) {
        func resolved(_ location: String) -> String {
            guard !location.hasPrefix("/"), !baseDirectory.isEmpty else { return location }
            return baseDirectory.hasSuffix("/") ? baseDirectory + location : baseDirectory + "/" + location
        }
        let whole = resolved(file)
        guard let hash = file.lastIndex(of: "#"), access(whole, F_OK) != 0 else { return (whole, 0, nil) }
        let suffix = file[file.index(after: hash)...]
        let prefix = resolved(String(file[..<hash]))
        let range = "0...\(maximumFaceIndex)"
        let digits = suffix.drop(while: { $0 == "-" || $0 == "+" })
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), suffix.count - digits.count <= 1 else {
            let shown = JSONText.excerpt(String(suffix))
            return (whole, 0, SuffixProblem(kind: .noSuchFile, reason: "no such file, and \(shown) after '#' is not a face index (a whole number \(range))"))
        }
        if suffix.first == "-" {
            return (prefix, 0, SuffixProblem(kind: .noSuchFace, reason: "face index \(suffix) after '#' is negative; a face index is \(range)"))
        }
        guard let n = Int(digits), n <= maximumFaceIndex else {
            let shown = digits.count > 40 ? "\(digits.prefix(20))... (\(digits.count) digits)" : String(digits)
            return (prefix, 0, SuffixProblem(kind: .noSuchFace, reason: "face index \(shown) after '#' is more than \(maximumFaceIndex); a face index is \(range)"))
        }
        return (prefix, n, nil)
    }
}

extension Fonts {
    /// Every font file this names, resolved as loading resolves them (`fallback` included).
    public func filePaths(baseDirectory: String) -> [String] {
        (files.keys.sorted().compactMap { files[$0] } + fallback).map { FontLibrary.locate($0, baseDirectory: baseDirectory).path }
    }
}
