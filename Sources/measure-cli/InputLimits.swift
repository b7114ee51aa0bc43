/// How much measure-cli reads from each kind of input (documented in docs/cli.md; font files have
/// theirs where they are loaded, `FontFace.maximumFileSize`). Each bound is far above real
/// inputs and keeps a hostile one (`/dev/zero`, an endless pipe) from taking memory without
/// end; an input over its bound is an error that names the bound.
enum InputLimits {
    /// A whole cells.json document (a file or standard input): 1 GiB.
    static let document = 1 << 30
    /// One `--stream` line: 128 MiB. A longer row line is a bad line (the run goes on); a longer
    /// document line ends the run.
    static let streamLine = 1 << 27
    /// A `--config` file: 16 MiB.
    static let config = 1 << 24
}
