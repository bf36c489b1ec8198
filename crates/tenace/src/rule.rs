//! `tenace rule`: the Director's terminal session on one face-to-face board (tenace-director).
//!
//! The Director (or a scorer reconstructing a table) types what happened at the table, one line
//! at a time; irregular calls and plays are recorded, not refused, and open a rectification whose
//! options are listed with the chooser and the Law; `choose N` applies one. Anything the Laws do
//! not allow in the current state is refused with the Law, and the board is unchanged.
//!
//! With `--events FILE` every accepted event is appended to FILE (one JSON object per line) as
//! soon as it is accepted, and an existing FILE is replayed first: a session can be stopped and
//! resumed, and nothing accepted is lost. Commands are read from standard input, so a session
//! can also be scripted (`tenace rule < ruling.txt`).

use std::fs::OpenOptions;
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;

use tenace_core::{Board, BoardNumber, Deal};
use tenace_director::console::{respond, show};
use tenace_director::{FaceEvent, FaceTable};

/// The board to rule on: board `number` (dealer and vulnerability by Law 2) with `deal`.
pub fn board(number: u32, deal: Option<&str>, seed: Option<u64>) -> Result<Board, String> {
    let number = BoardNumber::new(number).map_err(|e| e.to_string())?;
    let deal: Deal = match (deal, seed) {
        (Some(text), _) => text.parse().map_err(|e| format!("--deal: {e}"))?,
        (None, Some(seed)) => tenace_events::dealing::seeded_deal(seed, number.get()),
        (None, None) => {
            use rand_chacha::rand_core::SeedableRng;
            tenace_core::random_deal(&mut rand_chacha::ChaCha20Rng::from_os_rng())
        }
    };
    Ok(Board::numbered(number, deal))
}

/// Runs the session on standard input and output.
pub fn run(board: Board, events_file: Option<&Path>) -> Result<(), String> {
    let mut table = FaceTable::new(board.clone()).map_err(|e| e.to_string())?;
    if let Some(path) = events_file.filter(|p| p.exists()) {
        table = resume(board, path)?;
        println!("Resumed {} events from {}.", table.events().len(), path.display());
    }
    let stdin = std::io::stdin();
    let interactive = stdin.is_terminal();
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{}", show(&table));
    if interactive {
        let _ = writeln!(out, "Type `help` for the commands.");
    }
    for line in stdin.lock().lines() {
        if interactive {
            let _ = write!(out, "> ");
            let _ = out.flush();
        }
        let line = line.map_err(|e| format!("cannot read standard input: {e}"))?;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let events_before = table.events().len();
        let Some(reply) = respond(&mut table, line) else { break };
        if let (Some(path), Some(new)) = (events_file, table.events().get(events_before..)) {
            append(path, new)?;
        }
        let _ = writeln!(out, "{reply}");
    }
    Ok(())
}

/// Replays the event log in `path` (one JSON event per line).
fn resume(board: Board, path: &Path) -> Result<FaceTable, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut events = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let event: FaceEvent = serde_json::from_str(line).map_err(|e| format!("{} line {}: not an event: {e}", path.display(), i + 1))?;
        events.push(event);
    }
    FaceTable::replay(board, events).map_err(|e| format!("{}: the log does not replay: {e}", path.display()))
}

fn append(path: &Path, events: &[FaceEvent]) -> Result<(), String> {
    let mut file = OpenOptions::new().create(true).append(true).open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    for e in events {
        let line = serde_json::to_string(e).map_err(|e| e.to_string())?;
        writeln!(file, "{line}").map_err(|e| format!("{}: {e}", path.display()))?;
    }
    file.sync_data().map_err(|e| format!("{}: {e}", path.display()))
}
