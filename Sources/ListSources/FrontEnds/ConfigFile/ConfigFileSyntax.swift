/// How many data elements one row (or section) takes: AOZ's `-n N` or `-all`.
package enum ElementsPerRow: Sendable, Hashable {
    /// `-n N`: N elements per row, so a source of `count` gives ceil(count / N) rows.
    case count(Int)
    /// `-all`: every element in one row.
    case all
}

/// The flags of one `mode`, `section` or `row` line, as written.
package struct ConfigFlags: Sendable, Hashable {
    /// `-s NAME`: the data source, a dotted path into the data provider (or the section's source).
    package var source: String?
    /// `-c NAME`: the template of the rows.
    package var template: String?
    /// `-ec NAME`: the template of the one row shown when the source is empty.
    package var emptyTemplate: String?
    /// `-h NAME`: the header template of a section.
    package var header: String?
    /// `-n N` or `-all`.
    package var elementsPerRow: ElementsPerRow?
    /// `-es NAME`: a row's source inside each element of its section's array source.
    package var elementSource: String?
    /// `-t NAME`: a tag passed to the rows' templates as `_tag`.
    package var tag: String?

    /// No flags.
    package init() {}
}

/// A `row` line of a config file.
package struct ConfigRow: Sendable, Hashable {
    /// Its line, from 1.
    package var line: Int
    /// Its flags.
    package var flags: ConfigFlags
}

/// A `section` line and the `row` lines under it; a `row` with no `section` above it in its
/// mode opens a section without flags.
package struct ConfigSection: Sendable, Hashable {
    /// The line of `section`, or of the first row for an implicit section.
    package var line: Int
    /// The section's flags.
    package var flags: ConfigFlags
    /// Its rows; none means one row with the section's flags, as AOZ does.
    package var rows: [ConfigRow]
}

/// One mode: a complete list description. A file holds several, switched at run time.
package struct ConfigMode: Sendable, Hashable {
    /// The line of `mode`, or of the first line of an implicit first mode.
    package var line: Int
    /// Its sections in order.
    package var sections: [ConfigSection]
}
