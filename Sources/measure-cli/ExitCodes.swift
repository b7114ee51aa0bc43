import ArgumentParser

/// The exit codes measure-cli promises (documented in docs/cli.md), after sysexits.h.
enum ExitStatus: Int32 {
    /// Everything measured (in `--stream`, bad lines are reported in place and still exit 0).
    case success = 0
    /// With `--check-ambiguity`: a row's height depends on a frame value its constraints leave
    /// open (every line was still written).
    case ambiguousHeight = 1
    /// A bad command line: unknown option, bad value, missing file argument.
    case usage = 64
    /// The input cannot be read, is not JSON, or is not a valid cells.json document.
    case input = 65
    /// A font file is missing or will not load, or the bundled fonts cannot be found.
    case font = 66
    /// The layout cannot be solved: unknown view in a constraint, conflicting required constraints.
    case layout = 67
    /// Output could not be written (other than a closed pipe, which ends the run quietly).
    case output = 74
}

/// A failure that ends the run: one line on stderr and a distinct exit status.
struct CLIFailure: Error {
    /// Which kind of failure, hence the exit status.
    var status: ExitStatus
    /// The line for stderr, without the program name (`cells.json: sections[0]: ...`).
    var message: String
}
