/// How a label wraps and truncates, as NSLineBreakMode.
///
/// `word` and `char` decide where lines break. The truncating modes and `clip` wrap like
/// `word` and only change how the last kept line is drawn, so their heights equal `word`'s.
public enum LineBreakMode: String, Sendable, Hashable, CaseIterable {
    /// Break at UAX #14 opportunities; a word wider than the line breaks at graphemes.
    case word
    /// Break at any grapheme-cluster boundary.
    case char
    /// Wrap like `word`; the last kept line ends in an ellipsis.
    case truncateTail
    /// Wrap like `word`; the last kept line has an ellipsis in the middle.
    case truncateMiddle
    /// Wrap like `word`; the last kept line starts with an ellipsis.
    case truncateHead
    /// Wrap like `word`; the last kept line is cut off.
    case clip

    /// Whether lines break at every grapheme boundary rather than at UAX #14 opportunities.
    var breaksAtGraphemes: Bool { self == .char }
}
