import CTextKernels

/// Facts about the text stack this build links.
public enum TextEngineInfo {
    /// The ICU version providing line breaking.
    public static var icuVersion: String { String(cString: tl_icu_version()) }
}
