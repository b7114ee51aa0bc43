// The fonts in this folder ship as this target's SwiftPM resources, so they travel with the
// package wherever it is built: as the root package, as a dependency in another folder, or as an
// installed binary with its resource bundle beside it.

/// Where the bundled font files can be, most specific first; `BundledFonts` picks the first
/// folder that holds them.
public enum BundledFontFiles {
    /// The resource bundle's folder name beside an executable SwiftPM built
    /// (`<package name>_<target name>.resources`, the same wherever the package is checked out).
    public static let resourceBundleName = "TemplateLayout_TemplateLayoutFonts.resources"

    /// This folder as it was when the package was compiled: found when a program runs on the
    /// machine that built it, whatever its working directory, even after its build folder moved.
    public static let sourceDirectory: String = {
        let file = #filePath
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return String(file[..<slash])
    }()

    /// The folders to try for an executable at `executableDirectory`: the resource bundle beside
    /// it, then the folder the package was compiled from.
    public static func candidateDirectories(executableDirectory: String) -> [String] {
        [executableDirectory + "/" + resourceBundleName, sourceDirectory]
    }
}
