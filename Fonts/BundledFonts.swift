import CellsFormat
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fonts shipped in the repository's `Fonts/` folder and the default `Fonts` built from
/// them: DejaVu Sans as `default`, DejaVu Sans Bold as `bold`, Droid Sans Fallback (CJK) and Noto
/// Color Emoji as the fallback list.
public enum BundledFonts {
    /// The environment variable that names the Fonts folder, checked first.
    public static let environmentVariable = "TEMPLATELAYOUT_FONTS"

    /// The file every candidate folder must hold to count as the bundled Fonts folder.
    static let marker = "DejaVuSans.ttf"

    /// The bundled Fonts folder: `$TEMPLATELAYOUT_FONTS`, else the SwiftPM resource bundle beside
    /// the running executable, else a Fonts folder beside it (`<exe>/../../../Fonts` for
    /// `.build/<triple>/<config>/measure-cli`, `<exe>/../Fonts`, `<exe>/../share/templatelayout/Fonts`),
    /// else the package's own Fonts folder as compiled (`compiledDirectory`), else `./Fonts`;
    /// nil when none holds the fonts. It does not depend on the working directory unless all else fails.
    public static func directory(environment: [String: String]? = nil, executablePath: String? = nil,
                                 currentDirectory: String? = nil,
                                 compiledDirectory: String? = BundledFontFiles.sourceDirectory) -> String? {
        let env = environment?[environmentVariable] ?? (environment == nil ? getenv(environmentVariable).map { String(cString: $0) } : nil)
        if let env, !env.isEmpty {
            return holdsFonts(env) ? env : nil
        }
        var candidates: [String] = []
        if let exe = executablePath ?? runningExecutablePath() {
            let exeDir = parent(of: exe)
            candidates += [exeDir + "/" + BundledFontFiles.resourceBundleName,
                           exeDir + "/../../../Fonts", exeDir + "/../../Fonts", exeDir + "/../Fonts",
                           exeDir + "/../share/templatelayout/Fonts"]
        }
        if let compiledDirectory { candidates.append(compiledDirectory) }
        candidates.append((currentDirectory ?? workingDirectory() ?? ".") + "/Fonts")
        return candidates.first(where: holdsFonts).map(normalized)
    }

    /// The default fonts in `directory`: `default`, `bold`, and the CJK and emoji fallbacks.
    public static func fonts(in directory: String) -> Fonts {
        Fonts(files: ["default": directory + "/DejaVuSans.ttf", "bold": directory + "/DejaVuSans-Bold.ttf"],
                  fallback: [directory + "/DroidSansFallbackFull.ttf", directory + "/NotoColorEmoji.ttf"])
    }

    /// `fonts(in:)` of `directory()`, or nil when the bundled folder cannot be found.
    public static func defaultFonts() -> Fonts? {
        directory().map(fonts(in:))
    }

    /// The folders `directory()` tried, for an error message that says where fonts were looked for.
    static func searchedDescription() -> String {
        "$\(environmentVariable), the resource bundle \(BundledFontFiles.resourceBundleName) beside the executable, \(BundledFontFiles.sourceDirectory) and ./Fonts"
    }

    static func holdsFonts(_ directory: String) -> Bool {
        access(directory + "/" + marker, R_OK) == 0
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Folds `a/b/../c` to `a/c` so the folder prints readably; symlinks were already resolved.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    static func runningExecutablePath() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 { return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #endif
        return CommandLine.arguments.first
    }

    static func workingDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Fonts {
    /// The bundled fonts (DejaVu Sans as `default`, DejaVu Sans Bold as `bold`, Droid Sans
    /// Fallback and Noto Color Emoji as fallbacks), found from any working directory and when this
    /// package is a dependency (see `BundledFonts.directory`); throws when they cannot be found.
    public static var bundled: Fonts {
        get throws(DocumentError) {
            guard let spec = BundledFonts.defaultFonts() else {
                throw DocumentError(path: "fonts", message: "the bundled fonts were not found; looked in \(BundledFonts.searchedDescription())")
            }
            return spec
        }
    }
}
