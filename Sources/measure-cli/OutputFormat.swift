import ArgumentParser

/// The `--format` choices.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    /// JSON Lines, one object per line (the default).
    case jsonl
    /// One JSON array of the same objects, one per line.
    case json
    /// Comma-separated values with a header line.
    case csv
    /// Aligned columns for people.
    case table
}
