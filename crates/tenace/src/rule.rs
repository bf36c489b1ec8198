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

use tenace_core::{Board, BoardNumber, Call, Card, Deal, Seat, Strain};
use tenace_director::{Chooser, Event, FaceTable, Spoken};

pub const HELP: &str = "\
Commands (seats N E S W; calls 1C..7NT, P or Pass, X, XX; cards SA, HT, D2...):
  N 1NT            North calls 1NT (in rotation or not: irregular calls are recorded)
  W 8S             a bid above seven (Law 38)
  E HK             a card played from East's hand (declarer names dummy's cards, Law 45B)
  choose K         apply option K of the rectification the Director has explained
  expose S SK HQ   Law 24: cards of South's exposed during the auction (add `led` for a
                   premature lead); in the play, Laws 48-50 (add `led` for a deliberate
                   exposure)
  both E HA HK     Law 58B: East led or played HA and HK at once (the faces seen); one
                   seen: it is played; more: East designates one
  correct S H5     Law 62: South's revoke is corrected by substituting H5
  unintended N 1H  Law 25A: North's last call was unintended; 1H replaces it
  claim S 3 [statement]
                   Law 68: South claims 3 of the remaining tricks (0 concedes them all); a
                   statement like `draw trumps, then SA SK` commits him to that order (70D)
  agree W, dispute W
                   Law 69A/68D2: an opponent of the claimer agrees or disputes (the Director
                   is then offered the Law 70 ruling, with the claimer's worst normal line)
  review E         Law 69B/71: an agreed claim comes back to the Director
  show             the board: hands, auction, play, obligations, the rectification
  events           the event log as JSON lines
  help, quit";

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
        let reply = match command(&table, line) {
            Ok(Command::Quit) => break,
            Ok(Command::Print(text)) => text,
            Ok(Command::Apply(event)) => {
                let (events_before, notes_before) = (table.events().len(), table.notes().len());
                match table.apply(event) {
                    Ok(()) => {
                        if let Some(path) = events_file {
                            append(path, &table.events()[events_before..])?;
                        }
                        after(&table, notes_before)
                    }
                    Err(e) => format!("refused: {e}"),
                }
            }
            Err(message) => format!("error: {message}"),
        };
        let _ = writeln!(out, "{reply}");
    }
    Ok(())
}

/// Replays the event log in `path` (one JSON event per line).
fn resume(board: Board, path: &Path) -> Result<FaceTable, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut events = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let event: Event =
            serde_json::from_str(line).map_err(|e| format!("{} line {}: not an event: {e}", path.display(), i + 1))?;
        events.push(event);
    }
    FaceTable::replay(board, events).map_err(|e| format!("{}: the log does not replay: {e}", path.display()))
}

fn append(path: &Path, events: &[Event]) -> Result<(), String> {
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    for e in events {
        let line = serde_json::to_string(e).map_err(|e| e.to_string())?;
        writeln!(file, "{line}").map_err(|e| format!("{}: {e}", path.display()))?;
    }
    file.sync_data().map_err(|e| format!("{}: {e}", path.display()))
}

enum Command {
    Apply(Event),
    Print(String),
    Quit,
}

fn seat(word: &str) -> Result<Seat, String> {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Seat::from_char(c.to_ascii_uppercase()),
        _ => word.parse().ok(),
    }
    .ok_or_else(|| format!("{word:?} is not a seat (N, E, S or W)"))
}

fn card(word: &str) -> Result<Card, String> {
    word.to_ascii_uppercase().parse().map_err(|_| format!("{word:?} is not a card (e.g. SA, HT, D2)"))
}

/// A call, a bid above seven (Law 38), or `None` when `word` is not a call at all.
fn spoken(word: &str) -> Option<Spoken> {
    let upper = word.to_ascii_uppercase();
    let upper = match upper.as_str() {
        "P" | "PASS" => "Pass".to_string(),
        "D" | "DBL" => "X".to_string(),
        "R" | "RDBL" => "XX".to_string(),
        _ => upper,
    };
    if let Ok(call) = upper.parse::<Call>() {
        return Some(Spoken::Call(call));
    }
    let level = upper.chars().next()?.to_digit(10)? as u8;
    let strain: Strain = upper[1..].parse().ok()?;
    (level > 7).then_some(Spoken::BidAboveSeven { level, strain })
}

fn command(table: &FaceTable, line: &str) -> Result<Command, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let verb = words[0].to_ascii_lowercase();
    match verb.as_str() {
        "quit" | "exit" => return Ok(Command::Quit),
        "help" => return Ok(Command::Print(HELP.to_string())),
        "show" => return Ok(Command::Print(show(table))),
        "events" => {
            let lines: Vec<String> = table.events().iter().filter_map(|e| serde_json::to_string(e).ok()).collect();
            return Ok(Command::Print(if lines.is_empty() { "(no events)".into() } else { lines.join("\n") }));
        }
        "choose" => {
            let rect = table.rectification().ok_or("Law 10C1: there is no rectification awaiting a choice")?;
            let k: usize = words
                .get(1)
                .and_then(|w| w.parse().ok())
                .filter(|k| (1..=rect.options.len()).contains(k))
                .ok_or_else(|| format!("choose an option by its number, 1 to {}", rect.options.len()))?;
            let option = &rect.options[k - 1];
            return Ok(Command::Apply(Event::Choose { by: option.chooser, choice: option.choice }));
        }
        "expose" => {
            let seat = seat(words.get(1).ok_or("expose SEAT CARD... [led]")?)?;
            let prematurely_led = words.last().is_some_and(|w| w.eq_ignore_ascii_case("led"));
            let cards = words[2..]
                .iter()
                .filter(|w| !w.eq_ignore_ascii_case("led"))
                .map(|w| card(w))
                .collect::<Result<Vec<_>, _>>()?;
            if cards.is_empty() {
                return Err("name the exposed cards: expose S SK HQ".into());
            }
            if table.play().is_some() {
                // Laws 48-50 in the play period; `led` there means a deliberate exposure.
                return Ok(Command::Apply(Event::ExposedInPlay { seat, cards, deliberate: prematurely_led }));
            }
            return Ok(Command::Apply(Event::CardsExposed { seat, cards, prematurely_led }));
        }
        "both" => {
            let seat = seat(words.get(1).ok_or("both SEAT CARD CARD...")?)?;
            let visible = words[2..].iter().map(|w| card(w)).collect::<Result<Vec<_>, _>>()?;
            return Ok(Command::Apply(Event::SimultaneousCards { seat, visible }));
        }
        "correct" => {
            let [_, s, c] = words[..] else { return Err("correct SEAT CARD".into()) };
            return Ok(Command::Apply(Event::CorrectRevoke { seat: seat(s)?, card: card(c)? }));
        }
        "claim" => {
            let seat = seat(words.get(1).ok_or("claim SEAT TRICKS [statement]")?)?;
            let tricks: u8 = words
                .get(2)
                .and_then(|w| w.parse().ok())
                .ok_or("claim SEAT TRICKS [statement]: TRICKS is a number of the remaining tricks")?;
            let statement = words[3.min(words.len())..].join(" ");
            // The cards the statement names, in order, and whether it mentions trumps (Law 70C).
            let order = words[3.min(words.len())..].iter().filter_map(|w| card(w.trim_matches(|c: char| !c.is_alphanumeric())).ok()).collect();
            let mentions_trumps = statement.to_ascii_lowercase().contains("trump");
            return Ok(Command::Apply(Event::Claim { seat, tricks, statement, order, mentions_trumps }));
        }
        "agree" | "dispute" => {
            let seat = seat(words.get(1).ok_or("agree SEAT / dispute SEAT")?)?;
            return Ok(Command::Apply(Event::AnswerClaim { seat, agree: verb == "agree" }));
        }
        "review" => {
            let seat = seat(words.get(1).ok_or("review SEAT")?)?;
            return Ok(Command::Apply(Event::ReviewClaim { seat }));
        }
        "unintended" => {
            let [_, s, c] = words[..] else { return Err("unintended SEAT CALL".into()) };
            let Some(Spoken::Call(intended)) = spoken(c) else { return Err(format!("{c:?} is not a call")) };
            return Ok(Command::Apply(Event::UnintendedCall { seat: seat(s)?, intended }));
        }
        _ => {}
    }
    let [s, what] = words[..] else { return Err(format!("unknown command {line:?}; type `help`")) };
    let seat = seat(s)?;
    if let Some(call) = spoken(what) {
        return Ok(Command::Apply(Event::Call { seat, call }));
    }
    let card = card(what).map_err(|_| format!("{what:?} is neither a call nor a card"))?;
    Ok(Command::Apply(Event::Play { seat, card }))
}

/// What the Director needs to know after an accepted event: a rectification to explain, or whose
/// turn it is, or the result.
fn after(table: &FaceTable, notes_before: usize) -> String {
    let mut out = String::new();
    for note in table.notes().iter().skip(notes_before) {
        out.push_str(&format!("note (Law {}): {}\n", note.law, note.text));
    }
    out.push_str(&status(table));
    out
}

fn status(table: &FaceTable) -> String {
    let mut out = String::new();
    if let Some(rect) = table.rectification() {
        out.push_str(&format!("Irregularity: {}\n", describe(&serde_json::to_value(&rect.irregularity).unwrap_or_default())));
        for (i, o) in rect.options.iter().enumerate() {
            let who = match o.chooser {
                Chooser::Director => "Director".to_string(),
                Chooser::Player(s) => s.name().to_string(),
            };
            out.push_str(&format!("  {}. [{who}, Law {}] {}\n", i + 1, o.law, o.description));
        }
        out.push_str("choose K to apply an option");
        return out;
    }
    for o in table.obligations() {
        out.push_str(&format!("obligation (Law {}): {}\n", o.law(), describe(&serde_json::to_value(o).unwrap_or_default())));
    }
    for (s, c) in table.penalty_cards() {
        out.push_str(&format!("major penalty card (Law 50): {} {c}\n", s.name()));
    }
    if let Some(result) = table.result() {
        let contract = match result.contract {
            Some(fc) => format!("{} by {}, {} tricks", fc.contract, fc.declarer.name(), result.declarer_tricks),
            None => "passed out".to_string(),
        };
        out.push_str(&format!("Board over: {contract}; North-South score {}", result.score_ns));
        if let Some(play) = table.play() {
            for (revoke, tricks, law) in play.revoke_adjustment() {
                out.push_str(&format!(
                    "\nrevoke by {} at trick {}: {tricks} trick(s) transferred (Law {law})",
                    revoke.offender.name(),
                    revoke.trick + 1
                ));
            }
        }
        return out;
    }
    if let Some(seat) = table.to_call() {
        let legal: Vec<String> = table.legal_calls().iter().map(|c| c.to_string()).collect();
        if legal.len() <= 8 {
            out.push_str(&format!("{} to call (may call: {})", seat.name(), legal.join(" ")));
        } else {
            out.push_str(&format!("{} to call", seat.name()));
        }
    } else if let Some(claim) = table.pending_claim() {
        out.push_str(&format!(
            "{} claims {} of the {} remaining tricks; awaiting the opponents' agreement (agree/dispute)",
            claim.claimer.name(),
            claim.tricks,
            claim.remaining
        ));
    } else if let Some(seat) = table.to_play() {
        let legal: Vec<String> = table.legal_cards().iter().map(|c| c.to_string()).collect();
        out.push_str(&format!("{} to play (legal: {})", seat.name(), legal.join(" ")));
    }
    out
}

/// A compact one-line rendering of a serialized irregularity or obligation: its kind, then its
/// fields.
fn describe(v: &serde_json::Value) -> String {
    let Some(map) = v.as_object() else { return v.to_string() };
    let kind = map.get("kind").and_then(|k| k.as_str()).unwrap_or("").replace('_', " ");
    let fields: Vec<String> = map
        .iter()
        .filter(|(k, _)| k.as_str() != "kind")
        .map(|(k, v)| format!("{}={}", k.replace('_', " "), v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())))
        .collect();
    format!("{kind} ({})", fields.join(", "))
}

/// The whole board: hands, auction, tricks, and the status line.
fn show(table: &FaceTable) -> String {
    let board = table.board();
    let mut out = format!(
        "Board {}, dealer {}, vulnerable: {}\n",
        board.number,
        board.dealer.name(),
        board.vulnerability
    );
    for s in Seat::ALL {
        let hand = match table.play() {
            Some(play) => play.remaining(s),
            None => board.deal.hand(s),
        };
        out.push_str(&format!("  {:<6} {}\n", s.name(), hand));
    }
    if !table.calls().is_empty() {
        let calls: Vec<String> = table.calls().iter().map(|c| format!("{} {}", c.seat.letter(), c.call)).collect();
        out.push_str(&format!("Auction: {}\n", calls.join(", ")));
    }
    if let Some(fc) = table.final_contract() {
        out.push_str(&format!("Contract: {} by {}\n", fc.contract, fc.declarer.name()));
    }
    if let Some(play) = table.play() {
        for (i, t) in play.tricks().iter().enumerate() {
            let cards: Vec<String> = t.cards.iter().enumerate().map(|(k, c)| format!("{} {c}", t.player(k).letter())).collect();
            out.push_str(&format!("Trick {}: {}\n", i + 1, cards.join(", ")));
        }
    }
    out.push_str(&status(table));
    out
}
