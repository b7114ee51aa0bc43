import CTextKernels

/// Facts about the text stack this build links.
public enum TextEngineInfo {
    /// The ICU version providing line and grapheme breaking.
    public static var icuVersion: String { String(cString: tl_icu_version()) }
    /// The Unicode version of ICU's character data (the UAX #14 / UAX #29 rules applied).
    public static var unicodeVersion: String { String(cString: tl_unicode_version()) }
}
