//! The Director's scenarios as transcripts of the terminal session (`tenace rule`), one file per
//! Law family under tests/transcripts/. They hold the engine's behaviour in the Director's own
//! command language, independent of the Rust API, so the code can be refactored under them.
//!
//! Format: `=== title` starts a scenario, `board N DEAL` sets its board (dealer and
//! vulnerability by Law 2) on a fresh table; `> line` is a command, and the lines after it,
//! each indented by two spaces, are the exact reply (`refused: Law …` for a refusal); `#` lines
//! are comments. With `TENACE_BLESS=1` the replies are rewritten from what the engine answers
//! now — then read the diff: a transcript is a statement of what the Laws require.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use tenace_core::{Board, BoardNumber, Deal};
use tenace_director::console::respond;
use tenace_director::FaceTable;

/// Replays `text`, returning the transcript as the engine answers it now (same commands,
/// comments and headers; replies recomputed).
fn replay(name: &str, text: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut table: Option<FaceTable> = None;
    let mut scenario = String::from("(before the first ===)");
    for (n, line) in text.lines().enumerate() {
        let at = || format!("{name}:{} ({scenario})", n + 1);
        if line.starts_with("  ") {
            continue; // a reply: recomputed below
        }
        if let Some(title) = line.strip_prefix("=== ") {
            scenario = title.to_string();
            table = None;
        } else if let Some(rest) = line.strip_prefix("board ") {
            let (number, deal) = rest.split_once(' ').ok_or_else(|| format!("{}: `board N DEAL`", at()))?;
            let number = number.parse().map_err(|e| format!("{}: board number: {e}", at()))?;
            let deal: Deal = deal.parse().map_err(|e| format!("{}: deal: {e}", at()))?;
            let board = Board::numbered(BoardNumber::new(number).map_err(|e| format!("{}: {e}", at()))?, deal);
            table = Some(FaceTable::new(board).map_err(|e| format!("{}: {e}", at()))?);
        } else if let Some(command) = line.strip_prefix("> ") {
            let t = table.as_mut().ok_or_else(|| format!("{}: a command before `board`", at()))?;
            let reply = respond(t, command).unwrap_or_default();
            writeln!(out, "{line}").unwrap();
            for r in reply.trim_end().lines() {
                writeln!(out, "  {r}").unwrap();
            }
            continue;
        } else if !(line.is_empty() || line.starts_with('#')) {
            return Err(format!("{}: not a transcript line: {line:?}", at()));
        }
        writeln!(out, "{line}").unwrap();
    }
    Ok(out)
}

/// The first line where `expected` and `actual` differ, with a few lines of context.
fn first_difference(expected: &str, actual: &str) -> String {
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let n = (0..e.len().max(a.len())).find(|&i| e.get(i) != a.get(i)).unwrap_or(0);
    let context = |v: &[&str]| v[n.saturating_sub(3)..(n + 3).min(v.len())].join("\n");
    format!("line {}:\n--- expected\n{}\n--- the engine now\n{}", n + 1, context(&e), context(&a))
}

fn transcripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "txt")).collect();
    files.sort();
    files
}

#[test]
fn every_transcript_replays_exactly() {
    let bless = std::env::var_os("TENACE_BLESS").is_some_and(|v| v == "1");
    let files = transcripts();
    assert!(files.len() >= 6, "the transcripts are missing: {files:?}");
    let mut failures = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        match replay(&name, &text) {
            Err(e) => failures.push(e),
            Ok(now) if now != text => {
                if bless {
                    std::fs::write(&path, now).unwrap();
                } else {
                    failures.push(format!("{name}: {}", first_difference(&text, &now)));
                }
            }
            Ok(_) => {}
        }
    }
    assert!(failures.is_empty(), "{} (TENACE_BLESS=1 rewrites them; then read the diff)", failures.join("\n\n"));
}

#[test]
fn a_changed_reply_is_caught() {
    let text = "=== a pass\nboard 1 N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 654.T87.T98.T654\n> N P\n  something else\n";
    let now = replay("test", text).unwrap();
    assert_ne!(now, text);
    assert!(now.contains("> N P\n  "), "{now}");
    assert!(first_difference(text, &now).starts_with("line 4"), "{}", first_difference(text, &now));
}
