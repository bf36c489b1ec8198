//! BBO's LIN format: a flat list of `command|value|` pairs.
//!
//! Commands read: `pn` (players, South West North East; a vugraph header may list eight, the
//! open room's four then the closed room's), `md` (dealer digit 1=S 2=W 3=N 4=E, then the hands
//! South, West, North, East as suit letters and ranks; a missing fourth hand is the rest of the
//! pack), `sv` (vulnerability: `o`/`0`/`-` none, `n`, `e`, `b`), `ah` (`Board 12`), `qx` (`o12`
//! open room, `c12` closed room: a new board, and a `Room` tag), `mb` (a call: `p`, `d`, `r`, `1N`,
//! ... with `!` for an alert), `an` (explanation of the call before), `pc` (a card, either case,
//! `10` allowed), `mc` (claim: tricks for declarer), `nt` (a comment), `vg` (vugraph title: its
//! first field is the event), `rs` (results of the boards in file order, `4SN-1`, used when a
//! board's auction does not give its contract). `pg`, `st` and `rh` only lay out BBO's viewer and
//! are dropped; every other command is kept in [`GameRecord::lin`] and written back.
//!
//! A file with `qx` commands is a vugraph file: what comes before the first `qx` is its header.
//! Without `qx`, a new board starts at a second `pn` or `md`, or at a board-opening command
//! (`pn`, `st`, `md`, `rh`, `ah`, `sv`) that follows the auction or play of the board before.
//!
//! BBO's teaching ("movie") files put free text between the pairs (`md|...|Now declarer
//! draws trumps.\npc|SA|`): text before a command name, up to the name's last word, is read as
//! commentary (`nt`). An alert is kept exactly as read: `mb|D|an|...|` is an explained call that
//! was not alerted, `mb|d!|` an alerted one. Empty player names stay empty, not unknown.
//!
//! [`read`] gives every board it can and a [`Diagnostic`] for each one not read whole: a board
//! with an unreadable `md`, `sv`, `mc` or `qx` value is skipped; an unreadable call leaves the
//! board's auction out, an unreadable card its play.

use tenace_core::{Call, Card, Contract, Seat, Strain, Vulnerability};

use crate::bridge;
use crate::diagnostic::{Diagnostic, Outcome, Reading};
use crate::error::Pos;
use crate::record::{AuctionRecord, Comment, GameRecord, LinCommand, PlayEnd, PlayRecord, RecordedCall, RecordedContract, Tag};
use crate::text::{lin_hand_text, DealBuilder, HandSyntax};
use crate::FormatError;

/// LIN's seat order: `md` and `pn` list South, West, North, East.
const LIN_SEATS: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// Reads every board of a LIN file, refusing the whole file at the first problem.
pub fn parse(text: &str) -> Result<Vec<GameRecord>, FormatError> {
    read(text).strict()
}

/// Reads every board that can be read, with a diagnostic for each one not read whole.
pub fn read(text: &str) -> Reading {
    let (commands, unreadable) = tokenize(text);
    let vugraph = commands.iter().any(|c| c.name == "qx");
    let mut header: Vec<Cmd> = Vec::new();
    let mut boards: Vec<Vec<Cmd>> = Vec::new();
    let mut results: Vec<String> = Vec::new();
    let mut event: Option<String> = None;
    for cmd in commands {
        match cmd.name.as_str() {
            "rs" => {
                results = cmd.value.split(',').map(|s| s.trim().to_string()).collect();
                continue;
            }
            "vg" => {
                event = cmd.value.split(',').next().map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
            }
            _ => {}
        }
        if vugraph {
            if cmd.name == "qx" {
                boards.push(Vec::new());
            }
            match boards.last_mut() {
                Some(b) => b.push(cmd),
                None if matches!(cmd.name.as_str(), "pg" | "st" | "rh") => {}
                None => header.push(cmd),
            }
        } else {
            let starts = match boards.last() {
                None => true,
                Some(b) => {
                    let repeated = matches!(cmd.name.as_str(), "pn" | "md") && b.iter().any(|c| c.name == cmd.name);
                    opens_board(&cmd.name) && (repeated || b.iter().any(|c| plays(&c.name)))
                }
            };
            if starts {
                boards.push(Vec::new());
            }
            if let Some(b) = boards.last_mut() {
                b.push(cmd);
            }
        }
    }
    // The game an unreadable stretch of text belongs to: the last board starting before it.
    let starts: Vec<(usize, usize)> = boards.iter().map(|b| b.first().map_or((0, 0), |c| (c.pos.line, c.pos.column))).collect();
    let game_at = |pos: Pos| starts.iter().filter(|s| **s <= (pos.line, pos.column)).count().max(1);
    let mut reading = Reading::default();
    for e in &unreadable {
        reading.diagnostics.push(diagnostic(game_at(Pos { line: e.line, column: e.column }), None, Outcome::PartRead, e));
    }
    let header_names = header.iter().rev().find(|c| c.name == "pn").map(|c| names(&c.value));
    for (i, board) in boards.into_iter().enumerate() {
        let mut notes = Vec::new();
        let mut game = match build(board, header_names.as_deref(), results.get(i).map(String::as_str), &mut notes) {
            Ok(game) => game,
            Err(e) => {
                reading.diagnostics.push(diagnostic(i + 1, None, Outcome::Skipped, &e));
                continue;
            }
        };
        let number = game.board.map(|b| b.get());
        reading.diagnostics.extend(notes.iter().map(|e| diagnostic(i + 1, number, Outcome::PartRead, e)));
        if game.event.is_none() {
            game.event = event.clone();
        }
        if i == 0 {
            let head: Vec<LinCommand> = header.iter().map(|c| LinCommand { command: c.name.clone(), value: c.value.clone(), header: true }).collect();
            game.lin.splice(0..0, head);
        }
        reading.games.push(game);
    }
    reading.diagnostics.sort_by_key(|d| d.game);
    reading
}

fn diagnostic(game: usize, board: Option<u32>, outcome: Outcome, e: &FormatError) -> Diagnostic {
    Diagnostic { file: None, line: e.line, column: e.column, game, board, outcome, message: e.message.clone(), rule: "LIN".to_string() }
}

/// Commands that lay out a board's start: seeing one again starts the next board.
fn opens_board(name: &str) -> bool {
    matches!(name, "pn" | "st" | "md" | "rh" | "ah" | "sv" | "qx")
}

/// Commands of the auction and play.
fn plays(name: &str) -> bool {
    matches!(name, "mb" | "an" | "pc" | "mc")
}

/// One `command|value|` pair and where its value starts.
struct Cmd {
    name: String,
    value: String,
    pos: Pos,
}

/// Cuts the text into commands, with the stretches that are not commands. White space (line
/// ends included) around a command name is ignored; a value runs to the next `|`. Free text
/// before a command name (a teaching file's narration) becomes an `nt` comment.
fn tokenize(text: &str) -> (Vec<Cmd>, Vec<FormatError>) {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    let mut unreadable = Vec::new();
    let mut chars = text.chars().peekable();
    let (mut line, mut column) = (1usize, 1usize);
    let advance = |c: char, line: &mut usize, column: &mut usize| {
        if c == '\n' {
            *line += 1;
            *column = 1;
        } else {
            *column += 1;
        }
    };
    loop {
        // The command name.
        while let Some(&c) = chars.peek().filter(|c| c.is_whitespace()) {
            advance(c, &mut line, &mut column);
            chars.next();
        }
        let name_pos = Pos { line, column };
        let mut name = String::new();
        let mut closed = false;
        for c in chars.by_ref() {
            advance(c, &mut line, &mut column);
            if c == '|' {
                closed = true;
                break;
            }
            name.push(c);
        }
        let name = name.trim().to_string();
        if !closed {
            if !name.is_empty() {
                let shown: String = name.chars().take(20).collect();
                unreadable.push(name_pos.error(format!("LIN: {shown:?} at the end of the file is no command (expected name|value|); passed over")));
            }
            break;
        }
        let (narration, name) = match split_narration(&name) {
            Some(parts) => parts,
            None => {
                let shown: String = name.chars().take(20).collect();
                unreadable.push(name_pos.error(format!("LIN: expected a command name like md or mb before '|', found {shown:?}; passed over")));
                (None, String::new())
            }
        };
        if let Some(text) = narration {
            out.push(Cmd { name: "nt".into(), value: text, pos: name_pos });
        }
        // The value.
        let pos = Pos { line, column };
        let mut value = String::new();
        for c in chars.by_ref() {
            advance(c, &mut line, &mut column);
            if c == '|' {
                break;
            }
            value.push(c);
        }
        if name.is_empty() {
            continue;
        }
        let value = value.trim_end_matches(['\r', '\n']).to_string();
        out.push(Cmd { name: name.to_ascii_lowercase(), value, pos });
    }
    (out, unreadable)
}

/// The length in bytes of the character at byte `i`.
fn c_len(text: &str, i: usize) -> usize {
    text[i..].chars().next().map_or(1, char::len_utf8)
}

fn is_command_name(s: &str) -> bool {
    !s.is_empty() && s.chars().count() <= 8 && s.chars().all(|c| c.is_ascii_alphanumeric())
}

/// `md`, or `Now the play.\npc` -> (`Now the play.`, `pc`): a command name, with any free text
/// before its last word. BBO's command names have two characters, so a last word that is no
/// name on its own ends in one (`hand:pc`).
fn split_narration(text: &str) -> Option<(Option<String>, String)> {
    if is_command_name(text) {
        return Some((None, text.to_string()));
    }
    let cut = text.rfind(|c: char| !c.is_ascii_alphanumeric()).map_or(0, |i| i + c_len(text, i));
    let (before, word) = text.split_at(cut);
    if word.is_empty() {
        return None;
    }
    let separate = before.is_empty() || before.ends_with(char::is_whitespace);
    let (before, word) = if separate && word.len() <= 8 {
        (before.to_string(), word)
    } else {
        let (glued, name) = word.split_at(word.len().saturating_sub(2));
        (format!("{before}{glued}"), name)
    };
    let narration = before.trim();
    Some(((!narration.is_empty()).then(|| narration.to_string()), word.to_string()))
}

/// The names of a `pn` value; `pn||` gives none (`pn|,,,|` four empty ones).
fn names(value: &str) -> Vec<String> {
    if value.is_empty() {
        return Vec::new();
    }
    value.split(',').map(str::to_string).collect()
}

/// What a `nt` comment follows.
enum Last {
    Start,
    Call,
    Card,
}

/// One board from its commands; `notes` gets what was left out (an unreadable call leaves the
/// auction out, an unreadable card the play).
fn build(cmds: Vec<Cmd>, header_names: Option<&[String]>, rs: Option<&str>, notes: &mut Vec<FormatError>) -> Result<GameRecord, FormatError> {
    let mut g = GameRecord::default();
    let mut auction_dropped = false;
    let mut play_dropped = false;
    let mut calls: Vec<RecordedCall> = Vec::new();
    let mut cards: Vec<(Card, Vec<String>)> = Vec::new();
    let mut last = Last::Start;
    let mut room_closed = false;
    let mut own_names = false;
    for cmd in cmds {
        let v = cmd.value.as_str();
        match cmd.name.as_str() {
            "qx" => {
                let mut chars = v.trim().chars();
                let room = chars.next();
                let (room, rest) = match room {
                    Some('o' | 'O') => (Some("Open"), chars.as_str()),
                    Some('c' | 'C') => (Some("Closed"), chars.as_str()),
                    _ => (None, v.trim()),
                };
                room_closed = room == Some("Closed");
                if let Some(room) = room {
                    g.tags.push(Tag { name: "Room".into(), value: room.into(), rows: Vec::new() });
                }
                let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                if let Ok(n) = digits.parse() {
                    g.board = Some(n);
                }
            }
            "pn" => {
                set_players(&mut g, &names(v), room_closed);
                own_names = true;
            }
            "md" => read_md(&mut g, v, cmd.pos)?,
            "sv" => {
                g.vulnerability = Some(vulnerability(v).ok_or_else(|| cmd.pos.error(format!("LIN sv: {v:?} is not a vulnerability (expected o, n, e or b)")))?)
            }
            "ah" => {
                let digits: String = v.chars().rev().skip_while(|c| !c.is_ascii_digit()).take_while(char::is_ascii_digit).collect();
                let digits: String = digits.chars().rev().collect();
                match digits.parse() {
                    Ok(n) => g.board = Some(n),
                    Err(_) => g.lin.push(LinCommand { command: cmd.name, value: cmd.value, header: false }),
                }
            }
            "mb" if auction_dropped => {}
            "mb" => match lin_call(v) {
                Some((call, alert)) => {
                    calls.push(RecordedCall { call: Some(call), alert, ..RecordedCall::default() });
                    last = Last::Call;
                }
                None => {
                    notes.push(cmd.pos.error(format!("LIN mb: {v:?} is not a call (expected p, d, r or a bid like 1N); the auction is left out")));
                    auction_dropped = true;
                    calls.clear();
                    last = Last::Start;
                }
            },
            "an" => match calls.last_mut() {
                Some(c) => c.explanation = Some(v.trim().to_string()).filter(|t| !t.is_empty()),
                None => g.lin.push(LinCommand { command: cmd.name, value: cmd.value, header: false }),
            },
            "pc" if play_dropped => {}
            "pc" => match v.trim().parse::<Card>() {
                Ok(card) => {
                    cards.push((card, Vec::new()));
                    last = Last::Card;
                }
                Err(_) => {
                    notes.push(cmd.pos.error(format!("LIN pc: {v:?} is not a card (expected like SA or h10); the play is left out")));
                    play_dropped = true;
                    cards.clear();
                    last = Last::Start;
                }
            },
            "mc" => {
                g.claim = Some(match v.trim().parse::<u8>() {
                    Ok(n) if n <= 13 => n,
                    _ => return Err(cmd.pos.error(format!("LIN mc: {v:?} is not a number of tricks (0 to 13)"))),
                });
            }
            "nt" => match last {
                Last::Start => g.comments.push(Comment { after_tag: None, text: v.to_string() }),
                Last::Call => {
                    if let Some(c) = calls.last_mut() {
                        c.comments.push(v.to_string());
                    }
                }
                Last::Card => {
                    if let Some(c) = cards.last_mut() {
                        c.1.push(v.to_string());
                    }
                }
            },
            "pg" | "st" | "rh" => {}
            _ => g.lin.push(LinCommand { command: cmd.name, value: cmd.value, header: false }),
        }
    }
    if !own_names {
        if let Some(names) = header_names {
            set_players(&mut g, names, room_closed);
        }
    }
    let first = g.dealer.or(g.board.map(|b| b.dealer())).unwrap_or(Seat::North);
    if !calls.is_empty() {
        let mut auction = AuctionRecord::new(first);
        auction.calls = calls;
        g.auction = Some(auction);
    }
    // Contract and declarer from the auction, else from the vugraph results.
    let reached = g.auction.as_ref().and_then(|a| bridge::auction_outcome(a.first, &a.final_calls()));
    let from_rs = rs.and_then(parse_result_entry);
    match (reached, &from_rs) {
        (Some((contract, declarer)), _) => {
            g.contract = Some(contract);
            g.declarer = declarer;
        }
        (None, Some(r)) => {
            g.contract = r.contract;
            g.declarer = r.declarer;
        }
        (None, None) => {}
    }
    // The play, placed in PBN columns.
    let trump = g.contract.and_then(RecordedContract::trump);
    let default_leader = g.declarer.map_or(first, Seat::lho);
    if !cards.is_empty() || g.claim.is_some() {
        let (leader, tricks) = bridge::rows_from_order(&cards, g.deal.as_ref(), default_leader, trump);
        let mut play = PlayRecord::new(leader);
        play.tricks = tricks;
        if g.claim.is_some() {
            play.end = PlayEnd::Stop;
        }
        g.play = Some(play);
    }
    // The result: a claim, else all thirteen tricks played, else the vugraph results.
    let order: Vec<(Seat, Card)> = g.play.as_ref().map(|p| p.in_order(trump).into_iter().filter_map(|(s, c)| Some((s, c.card?))).collect()).unwrap_or_default();
    let played = match (g.contract, g.declarer) {
        (Some(RecordedContract::Contract(c)), Some(d)) => bridge::declarer_tricks(&order, d, c.strain()),
        _ => None,
    };
    // An rs result counts only for the contract it was given with.
    let rs_result = from_rs.filter(|r| r.contract == g.contract && r.declarer == g.declarer).and_then(|r| r.result);
    g.result = g.claim.or(played).or(rs_result);
    Ok(g)
}

fn set_players(g: &mut GameRecord, names: &[String], closed_room: bool) {
    let offset = if closed_room && names.len() >= 8 { 4 } else { 0 };
    // An empty name is kept as written (an empty seat, or a name not given), not as unknown.
    for (i, seat) in LIN_SEATS.into_iter().enumerate() {
        g.players.set(seat, names.get(offset + i).cloned());
    }
}

fn vulnerability(v: &str) -> Option<Vulnerability> {
    match v.trim().to_ascii_lowercase().as_str() {
        "o" | "0" | "-" | "" | "none" => Some(Vulnerability::None),
        "n" | "ns" => Some(Vulnerability::NorthSouth),
        "e" | "ew" => Some(Vulnerability::EastWest),
        "b" | "both" | "all" => Some(Vulnerability::Both),
        _ => None,
    }
}

/// `md|3SAKQ...,S...,S...,S...|`: the dealer digit, then South, West, North, East.
fn read_md(g: &mut GameRecord, v: &str, pos: Pos) -> Result<(), FormatError> {
    let v = v.trim();
    let mut chars = v.chars();
    let rest = match chars.next() {
        Some(d @ '1'..='4') => {
            g.dealer = Some(LIN_SEATS[(d as usize - '1' as usize) % 4]);
            chars.as_str()
        }
        Some('0') => chars.as_str(),
        _ => v,
    };
    let hands: Vec<&str> = rest.split(',').collect();
    if hands.len() > 4 {
        return Err(pos.error(format!("LIN md: expected at most four hands separated by ',', found {}", hands.len())));
    }
    let mut deal = DealBuilder::default();
    let mut any = false;
    for (text, seat) in hands.iter().zip(LIN_SEATS) {
        let text = text.trim();
        if !text.is_empty() {
            deal.hand(seat, text, HandSyntax::Lin).map_err(|m| pos.error(format!("LIN md: {m}")))?;
            any = true;
        }
    }
    // A deal of suit letters without cards (`md|1S|`) tells nothing.
    let deal = deal.finish();
    if any && deal.hands.iter().any(|h| !h.is_empty()) {
        g.deal = Some(deal);
    }
    Ok(())
}

/// `p`, `d`, `r`, `1N`, `3c!` -> the call and whether it was alerted.
fn lin_call(v: &str) -> Option<(Call, bool)> {
    let t = v.trim();
    let body = t.trim_end_matches('!');
    let alert = body.len() != t.len();
    let call = match body.to_ascii_lowercase().as_str() {
        "p" | "pass" => Call::Pass,
        "d" | "x" | "dbl" => Call::Double,
        "r" | "xx" | "rdbl" => Call::Redouble,
        _ => {
            let mut chars = body.chars();
            let level = chars.next()?.to_digit(10)?;
            let strain: Strain = chars.as_str().parse().ok()?;
            Call::bid(u8::try_from(level).ok()?, strain).ok()?
        }
    };
    Some((call, alert))
}

/// One entry of a vugraph `rs` list.
struct ResultEntry {
    contract: Option<RecordedContract>,
    declarer: Option<Seat>,
    result: Option<u8>,
}

/// `4SN-1`, `3NW=`, `4SWx-4`, `2HXXS+1`, `P`/`PASS`; an empty entry is unknown.
fn parse_result_entry(s: &str) -> Option<ResultEntry> {
    let t = s.trim().to_ascii_uppercase();
    if t.is_empty() {
        return None;
    }
    if t == "P" || t == "PASS" {
        return Some(ResultEntry { contract: Some(RecordedContract::PassedOut), declarer: None, result: None });
    }
    let chars: Vec<char> = t.chars().collect();
    let mut i = 0;
    let level = chars.first().and_then(|c| c.to_digit(10));
    if level.is_some() {
        i += 1;
    }
    let strain = match chars.get(i)? {
        'N' => {
            i += 1;
            if chars.get(i) == Some(&'T') {
                i += 1;
            }
            Strain::NoTrump
        }
        c => {
            i += 1;
            Strain::from_suit(tenace_core::Suit::from_char(*c)?)
        }
    };
    // Doubles may stand before or after the declarer: `4SXW-1`, `4SWx-4`.
    let mut doubles = 0;
    let mut declarer = None;
    while let Some(&c) = chars.get(i) {
        match c {
            'X' => doubles += 1,
            c if declarer.is_none() && Seat::from_char(c).is_some() => declarer = Seat::from_char(c),
            _ => break,
        }
        i += 1;
    }
    let penalty = match doubles {
        0 => tenace_core::Penalty::Undoubled,
        1 => tenace_core::Penalty::Doubled,
        _ => tenace_core::Penalty::Redoubled,
    };
    let contract = match level {
        Some(l) => RecordedContract::Contract(Contract::new(tenace_core::Bid::new(u8::try_from(l).ok()?, strain).ok()?, penalty)),
        None => RecordedContract::Strain(strain),
    };
    let rest: String = chars.get(i..).unwrap_or(&[]).iter().collect();
    let book = level.map(|l| l as i32 + 6);
    let result = match (rest.as_str(), book) {
        ("=", Some(b)) => Some(b),
        (r, Some(b)) if r.starts_with('+') => r[1..].parse::<i32>().ok().map(|n| b + n),
        (r, Some(b)) if r.starts_with('-') => r[1..].parse::<i32>().ok().map(|n| b - n),
        _ => None,
    }
    .and_then(|n| u8::try_from(n).ok())
    .filter(|n| *n <= 13);
    Some(ResultEntry { contract: Some(contract), declarer, result })
}

/// Writes the `rs` entry for a record.
fn result_entry(g: &GameRecord) -> String {
    match g.contract {
        None => String::new(),
        Some(RecordedContract::PassedOut) => "P".into(),
        Some(c) => {
            let (text, level) = match c {
                RecordedContract::Contract(k) => {
                    let strain = if k.strain() == Strain::NoTrump { "N".to_string() } else { k.strain().to_string() };
                    (format!("{}{}{}", k.level(), strain, k.penalty.suffix()), Some(k.level()))
                }
                RecordedContract::Strain(s) => (if s == Strain::NoTrump { "N".into() } else { s.to_string() }, None),
                RecordedContract::PassedOut => (String::new(), None),
            };
            let declarer = g.declarer.map(|d| d.letter().to_string()).unwrap_or_default();
            let result = match (g.result, level) {
                (Some(r), Some(l)) => {
                    let diff = r as i32 - (l as i32 + 6);
                    match diff {
                        0 => "=".to_string(),
                        d if d > 0 => format!("+{d}"),
                        d => format!("{d}"),
                    }
                }
                _ => String::new(),
            };
            format!("{text}{declarer}{result}")
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Writing.

/// Writes boards as LIN, one board per line. A vugraph header (from the first record) and `qx`
/// come back when the records had them; an `rs` list is added when some board's contract or
/// result cannot be read back from its auction and play.
pub fn write(games: &[GameRecord]) -> String {
    let vugraph = games.iter().any(|g| g.tag("Room").is_some() || g.lin.iter().any(|c| c.header));
    let mut out = String::new();
    if let Some(first) = games.first() {
        for c in first.lin.iter().filter(|c| c.header) {
            push(&mut out, &c.command, &c.value);
        }
    }
    let needs_rs = games.iter().any(|g| {
        let back = parse(&board_text(g, false)).ok().and_then(|v| v.into_iter().next()).unwrap_or_default();
        (back.contract, back.declarer, back.result) != (g.contract, g.declarer, g.result)
    });
    if needs_rs {
        let entries: Vec<String> = games.iter().map(result_entry).collect();
        push(&mut out, "rs", &entries.join(","));
    }
    if !out.is_empty() {
        out.push('\n');
    }
    for g in games {
        out.push_str(&board_text(g, vugraph));
        out.push('\n');
    }
    out
}

/// A value cannot hold the separator.
fn push(out: &mut String, command: &str, value: &str) {
    out.push_str(command);
    out.push('|');
    out.push_str(&value.replace('|', "/"));
    out.push('|');
}

fn board_text(g: &GameRecord, vugraph: bool) -> String {
    let mut out = String::new();
    if vugraph {
        let room = match g.tag("Room") {
            Some(r) if r.eq_ignore_ascii_case("open") => "o",
            Some(r) if r.eq_ignore_ascii_case("closed") => "c",
            _ => "",
        };
        let number = g.board.map(|b| b.to_string()).unwrap_or_default();
        push(&mut out, "qx", &format!("{room}{number}"));
    }
    // Names as far as the last one known (`pn|a,b|` reads back with two names; `pn||` with
    // none). `pn` is always written: it starts the board.
    let mut names: Vec<Option<String>> = LIN_SEATS.iter().map(|s| g.players.get(*s).map(|n| n.replace(',', " "))).collect();
    while names.last().is_some_and(Option::is_none) {
        names.pop();
    }
    let names: Vec<String> = names.into_iter().map(Option::unwrap_or_default).collect();
    push(&mut out, "pn", &names.join(","));
    push(&mut out, "st", "");
    if g.deal.is_some() || g.dealer.is_some() {
        let digit = g.dealer.map(|d| {
            let i = LIN_SEATS.iter().position(|s| *s == d).unwrap_or(0);
            char::from(b'1' + i as u8).to_string()
        });
        let hands: Vec<String> = LIN_SEATS.iter().map(|s| g.deal.map(|d| lin_hand_text(d.hand(*s))).unwrap_or_default()).collect();
        push(&mut out, "md", &format!("{}{}", digit.unwrap_or_default(), hands.join(",")));
    }
    push(&mut out, "rh", "");
    if let Some(b) = g.board {
        push(&mut out, "ah", &format!("Board {b}"));
    }
    if let Some(v) = g.vulnerability {
        let s = match v {
            Vulnerability::None => "o",
            Vulnerability::NorthSouth => "n",
            Vulnerability::EastWest => "e",
            Vulnerability::Both => "b",
        };
        push(&mut out, "sv", s);
    }
    // Kept commands go before the auction: after it, a board-opening one would start a board.
    for c in g.lin.iter().filter(|c| !c.header) {
        push(&mut out, &c.command, &c.value);
    }
    for c in &g.comments {
        push(&mut out, "nt", &c.text);
    }
    if let Some(a) = &g.auction {
        let mut calls = 0;
        for c in &a.calls {
            let Some(call) = c.call else { continue };
            calls += 1;
            let text = lin_call_text(call);
            push(&mut out, "mb", &format!("{text}{}", if c.alert { "!" } else { "" }));
            if let Some(e) = &c.explanation {
                push(&mut out, "an", e);
            }
            for n in &c.comments {
                push(&mut out, "nt", n);
            }
        }
        // `AP` spelled out.
        for _ in calls..a.final_calls().len() {
            push(&mut out, "mb", "p");
        }
        push(&mut out, "pg", "");
    }
    if let Some(p) = &g.play {
        let trump = g.contract.and_then(RecordedContract::trump);
        for (i, (_, c)) in p.in_order(trump).into_iter().enumerate() {
            if let Some(card) = c.card {
                push(&mut out, "pc", &card.to_string());
            }
            for n in &c.comments {
                push(&mut out, "nt", n);
            }
            if i % 4 == 3 {
                push(&mut out, "pg", "");
            }
        }
    }
    if let Some(n) = g.claim {
        push(&mut out, "mc", &n.to_string());
    }
    out
}

fn lin_call_text(call: Call) -> String {
    match call {
        Call::Pass => "p".into(),
        Call::Double => "d".into(),
        Call::Redouble => "r".into(),
        Call::Bid(b) => {
            let strain = if b.strain() == Strain::NoTrump { "N".to_string() } else { b.strain().to_string() };
            format!("{}{}", b.level(), strain)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_entries() {
        let r = parse_result_entry("4SWx-4").unwrap();
        assert_eq!(r.contract.unwrap().to_string(), "4SX");
        assert_eq!(r.declarer, Some(Seat::West));
        assert_eq!(r.result, Some(6));
        let r = parse_result_entry("3NN+3").unwrap();
        assert_eq!(r.contract.unwrap().to_string(), "3NT");
        assert_eq!((r.declarer, r.result), (Some(Seat::North), Some(12)));
        assert!(parse_result_entry("").is_none());
        assert!(parse_result_entry("zz").is_none());
        let r = parse_result_entry("P").unwrap();
        assert_eq!(r.contract, Some(RecordedContract::PassedOut));
    }

    #[test]
    fn calls() {
        assert_eq!(lin_call("1N!"), Some((Call::bid(1, Strain::NoTrump).unwrap(), true)));
        assert_eq!(lin_call("P"), Some((Call::Pass, false)));
        assert_eq!(lin_call("d"), Some((Call::Double, false)));
        assert_eq!(lin_call("8S"), None);
        assert_eq!(lin_call("!"), None);
    }
}
