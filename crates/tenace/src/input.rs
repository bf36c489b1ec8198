//! Reading the boards of an input file for `convert`, `solve` and `event score`.
//!
//! By default a file is read leniently: every board that can be read is used, each board that
//! cannot (or is read only in part, or under a repair rule) is named on stderr with the file,
//! line, column and the rule it breaks, and the command exits with [`INCOMPLETE`] when a board
//! or part of one was left out. `--strict` refuses the whole file at the first problem (exit 2).

use std::path::Path;

use tenace_formats::GameRecord;

/// The exit code of a command that did its work but left out boards, or parts of boards, it
/// could not read.
pub const INCOMPLETE: u8 = 3;

/// How a command ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Done,
    /// Done, with boards or parts of boards of the input left out (exit code [`INCOMPLETE`]).
    Incomplete,
}

/// The boards of a file; diagnostics go to stderr.
pub fn read_boards(path: &Path, strict: bool) -> Result<(Vec<GameRecord>, Status), String> {
    let reading = tenace_formats::read_file_report(path).map_err(|e| format!("{}: {e}", path.display()))?;
    if strict {
        return match reading.diagnostics.first() {
            Some(d) => Err(format!("{d} (--strict: the whole file is refused)")),
            None => Ok((reading.games, Status::Done)),
        };
    }
    if reading.games.is_empty() {
        if let Some(d) = reading.diagnostics.iter().find(|d| d.loses_data()) {
            return Err(format!("no board could be read: {d}"));
        }
    }
    for d in &reading.diagnostics {
        eprintln!("tenace: {d}");
    }
    let status = if reading.lost_data() { Status::Incomplete } else { Status::Done };
    if status == Status::Incomplete {
        let lost = reading.diagnostics.iter().filter(|d| d.loses_data()).count();
        eprintln!("tenace: {}: {} boards read; {lost} not read whole (see above)", path.display(), reading.games.len());
    }
    Ok((reading.games, status))
}
