//! Reading PBN 2.1 import format. Two stages: [`Scanner`] cuts the text into games and each game
//! into items (tags, comments, words of the auction and play, rows of other sections); then
//! [`GameBuilder`] turns one game's items into a [`GameRecord`].

use std::collections::HashMap;

use tenace_core::{Call, Card, Seat, Side, Vulnerability};

use super::MANDATORY_TAGS;
use crate::diagnostic::{Diagnostic, Outcome, Reading};
use crate::error::Pos;
use crate::record::{
    AuctionEnd, AuctionRecord, CardIrregularity, Comment, GameRecord, Note, PlayEnd, PlayRecord, RecordedCall, RecordedCard, RecordedContract, Tag,
};
use crate::text::{parse_deal, HandSyntax};
use crate::FormatError;

/// Reads every game that can be read, with a diagnostic for each one not read whole.
pub fn read(text: &str) -> Reading {
    let mut scanner = Scanner::new(text);
    let mut inheritance = Inheritance::default();
    let mut reading = Reading::default();
    let mut game = 0;
    loop {
        let items = match scanner.game() {
            Scan::End => break,
            Scan::Broken(error) => {
                game += 1;
                reading.diagnostics.push(diagnostic(game, None, Outcome::Skipped, &error));
                continue;
            }
            Scan::Game(items, split) => {
                if !items.iter().any(|i| matches!(i, Item::Tag { .. })) {
                    // Only comments: "not a game" (an isolated comment between games).
                    continue;
                }
                game += 1;
                (items, split)
            }
        };
        let (items, split) = items;
        // The board number as written, to name a board that cannot be read.
        let number = items.iter().find_map(|i| match i {
            Item::Tag { name, value, .. } if name == "Board" => value.trim().parse::<u32>().ok(),
            _ => None,
        });
        let mut notes = Vec::new();
        if let Some(pos) = split {
            let e = pos.error("no semi-empty line before this game: a game starts here, where the tag that opened the game before comes again");
            notes.push((Outcome::Repaired, e));
        }
        match GameBuilder::new(&mut inheritance, scanner.version, &mut notes).build(items) {
            Ok(record) => {
                let board = record.board.map(|b| b.get());
                reading.diagnostics.extend(notes.iter().map(|(outcome, e)| diagnostic(game, board, *outcome, e)));
                reading.games.push(record);
            }
            Err(e) => {
                reading.diagnostics.extend(notes.iter().map(|(outcome, e)| diagnostic(game, number, *outcome, e)));
                reading.diagnostics.push(diagnostic(game, number, Outcome::Skipped, &e));
            }
        }
    }
    reading
}

/// All or nothing: every game, or the first problem.
pub fn parse(text: &str) -> Result<Vec<GameRecord>, FormatError> {
    read(text).strict()
}

fn diagnostic(game: usize, board: Option<u32>, outcome: Outcome, e: &FormatError) -> Diagnostic {
    Diagnostic { file: None, line: e.line, column: e.column, game, board, outcome, message: e.message.clone(), rule: rule_of(&e.message).to_string() }
}

/// The section of PBN 2.1 a reader's message is about, from the message's opening words.
fn rule_of(message: &str) -> &'static str {
    const RULES: [(&str, &str); 20] = [
        ("Board:", "PBN 2.1 §3.4.4"),
        ("Dealer:", "PBN 2.1 §3.4.9"),
        ("Vulnerable:", "PBN 2.1 §3.4.10"),
        ("Deal:", "PBN 2.1 §3.4.11"),
        ("Declarer:", "PBN 2.1 §3.4.13"),
        ("Contract:", "PBN 2.1 §3.4.14"),
        ("Result:", "PBN 2.1 §3.4.15"),
        ("Auction: note", "PBN 2.1 §3.5.4"),
        ("Auction: ^", "PBN 2.1 §3.9"),
        ("Auction:", "PBN 2.1 §3.5"),
        ("Play: note", "PBN 2.1 §3.6.4"),
        ("Play: ^", "PBN 2.1 §3.9"),
        ("Play:", "PBN 2.1 §3.6"),
        ("Note:", "PBN 2.1 §3.5.5"),
        ("malformed note", "PBN 2.1 §3.5.4"),
        ("malformed NAG", "PBN 2.1 §3.7"),
        ("NAG", "PBN 2.1 §3.7"),
        ("malformed irregularity", "PBN 2.1 §3.9"),
        ("unterminated comment", "PBN 2.1 §3.8"),
        ("no semi-empty line", "PBN 2.1 §3"),
    ];
    if message.starts_with("tag value") {
        return "PBN 2.1 §4.8";
    }
    if message.starts_with("malformed tag") || message.starts_with("unterminated string") {
        return "PBN 2.1 §3.3";
    }
    if message.starts_with("unexpected") || message.starts_with("text outside") {
        return "PBN 2.1 §3.1";
    }
    RULES.iter().find(|(prefix, _)| message.starts_with(prefix)).map_or("PBN 2.1 §3", |(_, rule)| rule)
}

// ---------------------------------------------------------------------------------------------
// Stage 1: the scanner.

/// One piece of a game.
#[derive(Debug)]
enum Item {
    /// `[Name "value"]` (§3.3); `value_pos` is the first character of the value.
    Tag { name: String, value: String, value_pos: Pos },
    /// `{...}` or `;...` (§3.8).
    Comment(String),
    /// A run of non-blank characters in an auction or play section.
    Word(String, Pos),
    /// A line of data of a supplemental section (§5), as written.
    Row(String),
}

/// Tags whose data, if any, are tokens (auction, play) rather than rows of a section.
fn is_token_tag(name: &str) -> bool {
    MANDATORY_TAGS.contains(&name) || matches!(name, "Auction" | "Play" | "Note")
}

/// What the scanner found next.
enum Scan {
    End,
    /// A game's items; with the place where it began without a semi-empty line before it.
    Game(Vec<Item>, Option<Pos>),
    /// A game whose text cannot be cut into items (a malformed tag, an unterminated comment);
    /// the scanner has passed over it to the next semi-empty line.
    Broken(FormatError),
}

/// The PBN version a file declares in its first escape line, `% PBN 2.1` (§2.4), as (2, 1).
fn declared_version(line: &str) -> Option<(u32, u32)> {
    let rest = line.trim_start_matches('%').trim();
    let rest = rest.strip_prefix("PBN")?.trim();
    let (major, minor) = rest.split_once('.')?;
    let minor: String = minor.chars().take_while(char::is_ascii_digit).collect();
    Some((major.trim().parse().ok()?, minor.parse().ok()?))
}

struct Scanner {
    chars: Vec<char>,
    pos: usize,
    line: usize,
    column: usize,
    line_start: usize,
    /// The version the file declares, if it does.
    version: Option<(u32, u32)>,
    /// Where the next game starts when the last one ended without a semi-empty line.
    pending_split: Option<Pos>,
}

/// A place to come back to.
#[derive(Copy, Clone)]
struct Mark {
    pos: usize,
    line: usize,
    column: usize,
    line_start: usize,
}

impl Scanner {
    fn new(text: &str) -> Scanner {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // Line ends: CRLF, LF or a lone CR (§2.3: the platform's representation).
        let mut chars = Vec::with_capacity(text.len());
        let mut it = text.chars().peekable();
        while let Some(c) = it.next() {
            if c == '\r' {
                if it.peek() == Some(&'\n') {
                    it.next();
                }
                chars.push('\n');
            } else {
                chars.push(c);
            }
        }
        Scanner { chars, pos: 0, line: 1, column: 1, line_start: 0, version: None, pending_split: None }
    }

    fn mark(&self) -> Mark {
        Mark { pos: self.pos, line: self.line, column: self.column, line_start: self.line_start }
    }

    fn back_to(&mut self, m: Mark) {
        (self.pos, self.line, self.column, self.line_start) = (m.pos, m.line, m.column, m.line_start);
    }

    /// The name of the tag that starts here, without moving.
    fn peek_tag_name(&self) -> String {
        let rest = self.chars.get(self.pos + 1..).unwrap_or(&[]);
        rest.iter().skip_while(|c| c.is_whitespace()).take_while(|c| c.is_ascii_alphanumeric() || **c == '_').collect()
    }

    /// Passes over the rest of a broken game: up to and including the next semi-empty line.
    fn skip_game(&mut self) {
        self.skip_line();
        while self.peek().is_some() && !self.line_is_semi_empty() {
            self.skip_line();
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn here(&self) -> Pos {
        Pos { line: self.line, column: self.column }
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
            self.line_start = self.pos;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    /// Is the line starting here empty or only blanks (§3: a semi-empty line)?
    fn line_is_semi_empty(&self) -> bool {
        for &c in self.chars.get(self.pos..).unwrap_or(&[]) {
            match c {
                '\n' => return true,
                c if c.is_whitespace() => continue,
                _ => return false,
            }
        }
        true
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(|c| c.is_whitespace() && c != '\n') {
            self.bump();
        }
    }

    fn skip_white(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// The next game.
    fn game(&mut self) -> Scan {
        match self.items() {
            Ok((items, _)) if items.is_empty() => Scan::End,
            Ok((items, split)) => Scan::Game(items, split),
            Err(e) => {
                self.skip_game();
                Scan::Broken(e)
            }
        }
    }

    /// The items of the next game (none at the end of the text), and whether it began where the
    /// game before did not end with a semi-empty line.
    ///
    /// Repair rule: a tag that starts a line and repeats the tag this game began with, once the
    /// game has a `Board` or `Deal`, starts a new game (files that leave out the semi-empty line
    /// between games); §3.4 would otherwise ignore every tag of the second game.
    fn items(&mut self) -> Result<(Vec<Item>, Option<Pos>), FormatError> {
        let mut items = Vec::new();
        let mut rows_mode = false;
        let mut split = self.pending_split.take();
        let mut first_tag: Option<String> = None;
        let mut has_board = false;
        loop {
            // At the start of a line.
            if self.peek().is_none() {
                break;
            }
            if self.peek() == Some('%') {
                let line = self.rest_of_line();
                if self.version.is_none() && items.is_empty() {
                    self.version = declared_version(&line);
                }
                self.skip_line();
                continue;
            }
            if self.line_is_semi_empty() {
                self.skip_line();
                if items.is_empty() {
                    split = None;
                    continue;
                }
                break;
            }
            // The tokens of this line (a tag or a brace comment may carry us to later lines).
            loop {
                self.skip_blanks();
                let Some(c) = self.peek() else { break };
                match c {
                    '\n' => {
                        self.bump();
                        break;
                    }
                    '[' => {
                        let at_line_start = self.chars.get(self.line_start..self.pos).unwrap_or(&[]).iter().all(|c| c.is_whitespace());
                        if at_line_start && has_board && first_tag.as_deref() == Some(self.peek_tag_name().as_str()) {
                            self.pending_split = Some(self.here());
                            return Ok((items, split));
                        }
                        let item = self.tag()?;
                        if let Item::Tag { name, .. } = &item {
                            rows_mode = !is_token_tag(name);
                            has_board |= matches!(name.as_str(), "Board" | "Deal");
                            first_tag.get_or_insert_with(|| name.clone());
                        }
                        items.push(item);
                    }
                    '{' => items.push(self.brace_comment()?),
                    // A stray '}' (a writer that nested braces in a comment) is passed over.
                    '}' => {
                        self.bump();
                    }
                    ';' => {
                        self.bump();
                        items.push(Item::Comment(self.rest_of_line()));
                    }
                    _ if rows_mode => {
                        let from_line_start = self.chars.get(self.line_start..self.pos).unwrap_or(&[]).iter().all(|c| c.is_whitespace());
                        let start = if from_line_start { self.line_start } else { self.pos };
                        self.rest_of_line();
                        let row: String = self.chars.get(start..self.pos).unwrap_or(&[]).iter().collect();
                        // '%' is no section token (§3.2): a row starting with it is passed
                        // over like an escape line, as it could not be written back.
                        if !row.trim_start().starts_with('%') {
                            items.push(Item::Row(row.trim_end().to_string()));
                        }
                    }
                    _ => items.push(self.word()),
                }
            }
        }
        Ok((items, split))
    }

    /// The rest of the current line, not including the line end.
    fn rest_of_line(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if c == '\n' {
                break;
            }
            s.push(c);
            self.bump();
        }
        s
    }

    fn brace_comment(&mut self) -> Result<Item, FormatError> {
        let start = self.here();
        let mark = self.mark();
        self.bump();
        let mut text = String::new();
        loop {
            match self.bump() {
                Some('}') => return Ok(Item::Comment(text)),
                Some(c) => text.push(c),
                None => {
                    // Back to the '{', so that only this game is lost.
                    self.back_to(mark);
                    return Err(start.error("unterminated comment: this '{' has no closing '}'"));
                }
            }
        }
    }

    /// A run of characters up to white space or a tag or comment start; at least one character.
    fn word(&mut self) -> Item {
        let pos = self.here();
        let mut s = String::new();
        if let Some(c) = self.bump() {
            s.push(c);
        }
        while let Some(c) = self.peek() {
            if c.is_whitespace() || matches!(c, '[' | '{' | ';') {
                break;
            }
            s.push(c);
            self.bump();
        }
        Item::Word(s, pos)
    }

    /// `[Name "value"]`, white space allowed between the tokens (§3.3).
    fn tag(&mut self) -> Result<Item, FormatError> {
        self.bump();
        self.skip_white();
        let name_pos = self.here();
        let mut name = String::new();
        while let Some(c) = self.peek() {
            if c.is_ascii_alphanumeric() || c == '_' {
                name.push(c);
                self.bump();
            } else {
                break;
            }
        }
        if name.is_empty() {
            let found = self.peek().map_or("the end of the file".to_string(), |c| format!("{c:?}"));
            return Err(name_pos.error(format!("malformed tag: expected a tag name after '[', found {found}")));
        }
        self.skip_white();
        let quote_pos = self.here();
        if self.peek() != Some('"') {
            let found = self.peek().map_or("the end of the file".to_string(), |c| format!("{c:?}"));
            return Err(quote_pos.error(format!("malformed tag [{name}]: expected the value in double quotes, found {found}")));
        }
        self.bump();
        let value_pos = self.here();
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n') => return Err(quote_pos.error(format!("unterminated string in tag [{name}]: the value has no closing '\"' on its line"))),
                Some('"') => {
                    self.bump();
                    break;
                }
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            value.push(c);
                            self.bump();
                        }
                        // Other backslashes (suit escapes like \S) are kept as written.
                        _ => value.push('\\'),
                    }
                }
                Some(c) => {
                    value.push(c);
                    self.bump();
                }
            }
        }
        self.skip_white();
        if self.peek() != Some(']') {
            let found = self.peek().map_or("the end of the file".to_string(), |c| format!("{c:?}"));
            return Err(self.here().error(format!("malformed tag [{name}]: expected ']' after the value, found {found}")));
        }
        self.bump();
        Ok(Item::Tag { name, value, value_pos })
    }
}

// ---------------------------------------------------------------------------------------------
// Tag value inheritance (§4.8).

#[derive(Default)]
struct Inheritance {
    /// The latest real value of every tag seen in earlier games.
    last: HashMap<String, String>,
    /// Values set with `##`, applying to every later game that does not give the tag. Any later
    /// explicit value ends them (`##` again starts a new one).
    sticky: Vec<(String, String)>,
}

/// Tags that may not inherit (§4.8).
fn inheritance_forbidden(name: &str) -> bool {
    matches!(name, "Dealer" | "Vulnerable" | "Deal" | "Declarer" | "Contract" | "Auction" | "Play" | "Note")
}

/// Tags that files older than PBN 2.0 inherit with `#` (a results file giving several tables'
/// play of one deal: `[Deal "#"]` is the deal of the game before), which PBN 2.0 forbids.
fn legacy_inheritance(name: &str) -> bool {
    matches!(name, "Dealer" | "Vulnerable" | "Deal")
}

// ---------------------------------------------------------------------------------------------
// Stage 2: building a record.

#[derive(Copy, Clone, PartialEq, Eq)]
enum Section {
    Identification,
    Auction,
    Play,
    /// A supplemental section: the index of its tag in `record.tags`.
    Other(usize),
}

struct GameBuilder<'a> {
    inheritance: &'a mut Inheritance,
    /// The PBN version the file declares.
    version: Option<(u32, u32)>,
    /// What was repaired or left out of this game, for the diagnostics.
    notes: &'a mut Vec<(Outcome, FormatError)>,
    /// The auction or play section could not be read and is left out; its tokens are passed over.
    auction_dropped: bool,
    play_dropped: bool,
    /// `[Play ""]`: where it was, and whether cards followed it.
    play_without_leader: Option<(Pos, bool)>,
    record: GameRecord,
    section: Section,
    /// The last tag read (comments in the identification section follow it).
    last_tag: Option<String>,
    /// Tags already given in this game (a repeat is ignored, §3.4).
    seen: Vec<String>,
    /// The raw Result value and where it was (resolved once the declarer is known).
    result: Option<(String, Pos)>,
    /// `^I` read, waiting for its bid.
    pending_insufficient: bool,
    pending_irregularity: Option<CardIrregularity>,
    /// Play slots in reading order, grouped into tricks at the end.
    slots: Vec<RecordedCard>,
}

impl<'a> GameBuilder<'a> {
    fn new(inheritance: &'a mut Inheritance, version: Option<(u32, u32)>, notes: &'a mut Vec<(Outcome, FormatError)>) -> GameBuilder<'a> {
        GameBuilder {
            inheritance,
            version,
            notes,
            auction_dropped: false,
            play_dropped: false,
            play_without_leader: None,
            record: GameRecord::default(),
            section: Section::Identification,
            last_tag: None,
            seen: Vec::new(),
            result: None,
            pending_insufficient: false,
            pending_irregularity: None,
            slots: Vec::new(),
        }
    }

    fn build(mut self, items: Vec<Item>) -> Result<GameRecord, FormatError> {
        for item in items {
            match item {
                Item::Tag { name, value, value_pos } => self.tag(name, value, value_pos)?,
                Item::Comment(text) => self.comment(text),
                Item::Word(word, pos) => self.word(&word, pos)?,
                Item::Row(row) => {
                    if let Section::Other(i) = self.section {
                        if let Some(tag) = self.record.tags.get_mut(i) {
                            tag.rows.push(row);
                        }
                    }
                }
            }
        }
        self.finish()
    }

    fn tag(&mut self, name: String, value: String, value_pos: Pos) -> Result<(), FormatError> {
        let value = self.inherit(&name, value, value_pos)?;
        self.last_tag = Some(name.clone());
        if name != "Note" {
            if self.seen.contains(&name) {
                // §3.4: in import format a tag that already occurred is ignored.
                self.section = Section::Identification;
                return Ok(());
            }
            self.seen.push(name.clone());
        }
        self.inheritance.last.insert(name.clone(), value.clone());
        self.apply(name, value, value_pos)
    }

    /// §4.8: `#` copies the value of the previous games, `##text` is `text` here and in the games
    /// that follow.
    fn inherit(&mut self, name: &str, value: String, value_pos: Pos) -> Result<String, FormatError> {
        let is_inherit = value == "#" || value.starts_with("##");
        if value == "#" && legacy_inheritance(name) {
            let Some(earlier) = self.inheritance.last.get(name).cloned() else {
                return Err(value_pos.error(format!("tag value \"#\" for [{name}] but no earlier game gives one (PBN 2.1 §4.8)")));
            };
            if self.version.is_some_and(|v| v >= (2, 0)) {
                self.notes.push((
                    Outcome::Repaired,
                    value_pos.error(format!(
                        "tag value \"#\" for [{name}] is forbidden since PBN 2.0; read as the earlier game's {earlier:?}, as PBN 1.0 files mean it"
                    )),
                ));
            }
            return Ok(earlier);
        }
        if is_inherit && inheritance_forbidden(name) {
            return Err(value_pos.error(format!("tag value {value:?} may not be used for [{name}] (PBN 2.1 §4.8)")));
        }
        if name == "Note" {
            return Ok(value);
        }
        self.inheritance.sticky.retain(|(n, _)| n != name);
        if let Some(text) = value.strip_prefix("##") {
            self.inheritance.sticky.push((name.to_string(), text.to_string()));
            Ok(text.to_string())
        } else if value == "#" {
            Ok(self.inheritance.last.get(name).cloned().unwrap_or_default())
        } else {
            Ok(value)
        }
    }

    /// Stores one tag's value in the record.
    fn apply(&mut self, name: String, value: String, value_pos: Pos) -> Result<(), FormatError> {
        let err = |m: String| value_pos.error(m);
        let unknown = |v: &str| v.trim().is_empty() || v.trim() == "?";
        let text = |v: String| if v == "?" { None } else { Some(v) };
        let notes_section = self.section_of_notes();
        self.section = Section::Identification;
        let r = &mut self.record;
        match name.as_str() {
            "Event" => r.event = text(value),
            "Site" => r.site = text(value),
            "Date" => r.date = text(value),
            "Scoring" => r.scoring = text(value),
            "West" => r.players.west = text(value),
            "North" => r.players.north = text(value),
            "East" => r.players.east = text(value),
            "South" => r.players.south = text(value),
            "Board" => {
                r.board =
                    if unknown(&value) { None } else { Some(value.parse().map_err(|_| err(format!("Board: {value:?} is not a board number (1, 2, ...)")))?) }
            }
            "Dealer" => r.dealer = if unknown(&value) { None } else { Some(seat(&value).map_err(|m| err(format!("Dealer: {m}")))?) },
            "Vulnerable" => {
                r.vulnerability = if value.trim() == "?" || value.is_empty() {
                    None
                } else {
                    Some(value.parse::<Vulnerability>().map_err(|e| err(format!("Vulnerable: {e}")))?)
                }
            }
            "Deal" => r.deal = if unknown(&value) { None } else { Some(parse_deal(&value, HandSyntax::Pbn).map_err(|m| err(format!("Deal: {m}")))?) },
            "Declarer" => {
                let v = value.trim();
                let (irregular, v) = match v.strip_prefix('^') {
                    Some(rest) => (true, rest),
                    None => (false, v),
                };
                r.declarer_irregular = irregular;
                r.declarer = if unknown(v) { None } else { Some(seat(v).map_err(|m| err(format!("Declarer: {m}")))?) };
            }
            "Contract" => r.contract = if unknown(&value) { None } else { Some(value.parse::<RecordedContract>().map_err(|e| err(format!("Contract: {e}")))?) },
            "Result" => self.result = Some((value, value_pos)),
            "Auction" => {
                self.section = Section::Auction;
                match seat(&value) {
                    Ok(first) => r.auction = Some(AuctionRecord::new(first)),
                    Err(m) => {
                        self.auction_dropped = true;
                        self.notes.push((Outcome::PartRead, err(format!("Auction: {m}; the auction is left out"))));
                    }
                }
            }
            "Play" => {
                self.section = Section::Play;
                match seat(&value) {
                    Ok(leader) => r.play = Some(PlayRecord::new(leader)),
                    // `[Play ""]` after a passed-out board: see `finish`.
                    Err(_) if unknown(&value) => {
                        self.play_dropped = true;
                        self.play_without_leader = Some((value_pos, false));
                    }
                    Err(m) => {
                        self.play_dropped = true;
                        self.notes.push((Outcome::PartRead, err(format!("Play: {m}; the play is left out"))));
                    }
                }
            }
            "Note" if notes_section.is_some() => {
                let note = parse_note(&value).ok_or_else(|| err(format!("Note: {value:?} is not a note (expected \"<number>:<text>\", like \"1:weak\")")))?;
                match notes_section {
                    Some(Section::Auction) => {
                        if let Some(a) = self.record.auction.as_mut() {
                            a.notes.push(note);
                        }
                        self.section = Section::Auction;
                    }
                    _ => {
                        if let Some(p) = self.record.play.as_mut() {
                            p.notes.push(note);
                        }
                        self.section = Section::Play;
                    }
                }
            }
            _ => {
                r.tags.push(Tag { name, value, rows: Vec::new() });
                self.section = Section::Other(r.tags.len() - 1);
            }
        }
        Ok(())
    }

    /// A Note tag belongs to the auction or play section it stands in (§3.5.5, §3.6.5).
    fn section_of_notes(&self) -> Option<Section> {
        match self.section {
            Section::Auction | Section::Play => Some(self.section),
            _ => None,
        }
    }

    fn comment(&mut self, text: String) {
        let after_tag = self.last_tag.clone();
        match self.section {
            Section::Auction => {
                if let Some(call) = self.record.auction.as_mut().and_then(|a| a.calls.last_mut()) {
                    call.comments.push(text);
                    return;
                }
                self.record.comments.push(Comment { after_tag: Some("Auction".into()), text });
            }
            Section::Play => {
                if let Some(card) = self.slots.last_mut() {
                    card.comments.push(text);
                    return;
                }
                self.record.comments.push(Comment { after_tag: Some("Play".into()), text });
            }
            Section::Other(i) => {
                let name = self.record.tags.get(i).map(|t| t.name.clone());
                self.record.comments.push(Comment { after_tag: name, text });
            }
            Section::Identification => self.record.comments.push(Comment { after_tag, text }),
        }
    }

    fn word(&mut self, word: &str, pos: Pos) -> Result<(), FormatError> {
        let section = self.section;
        if !matches!(section, Section::Auction | Section::Play) {
            return Err(pos.error(format!("unexpected {word:?}: text outside tags belongs in an Auction or Play section (PBN 2.1 §3.1)")));
        }
        if section == Section::Auction && self.auction_dropped {
            return Ok(());
        }
        if section == Section::Play && self.play_dropped {
            if let Some((_, cards)) = self.play_without_leader.as_mut() {
                *cards = true;
            }
            return Ok(());
        }
        // A section that cannot be read is left out; the rest of the board is kept.
        let read = split_word(word, pos).and_then(|tokens| {
            tokens
                .into_iter()
                .try_for_each(|(token, tpos)| if section == Section::Auction { self.auction_token(token, tpos) } else { self.play_token(token, tpos) })
        });
        if let Err(e) = read {
            if section == Section::Auction {
                self.auction_dropped = true;
                self.record.auction = None;
                self.notes.push((Outcome::PartRead, FormatError { message: format!("{}; the auction is left out", e.message), ..e }));
            } else {
                self.play_dropped = true;
                self.record.play = None;
                self.slots.clear();
                self.notes.push((Outcome::PartRead, FormatError { message: format!("{}; the play is left out", e.message), ..e }));
            }
        }
        Ok(())
    }

    fn auction_token(&mut self, token: Token, pos: Pos) -> Result<(), FormatError> {
        let pending = std::mem::take(&mut self.pending_insufficient);
        let Some(auction) = self.record.auction.as_mut() else {
            return Ok(());
        };
        let ended = auction.end != AuctionEnd::None;
        match token {
            Token::Symbol(s) => {
                if ended {
                    return Err(pos.error(format!("Auction: {s:?} comes after the end of the auction")));
                }
                if s == "-" {
                    if !auction.calls.is_empty() {
                        return Err(pos.error("Auction: '-' may only stand before the first call (PBN 2.1 §3.5)"));
                    }
                    auction.first = auction.first.lho();
                } else if s.eq_ignore_ascii_case("AP") {
                    auction.end = AuctionEnd::AllPass;
                } else {
                    let call =
                        parse_pbn_call(&s).ok_or_else(|| pos.error(format!("Auction: {s:?} is not a call (expected Pass, X, XX, AP or a bid like 1NT)")))?;
                    auction.calls.push(RecordedCall { call: Some(call), insufficient: pending, ..RecordedCall::default() });
                }
            }
            Token::Irregularity('I') => self.pending_insufficient = true,
            Token::Irregularity('S') => auction.calls.push(RecordedCall::default()),
            Token::Irregularity(c) => return Err(pos.error(format!("Auction: ^{c} is not an auction irregularity (^I or ^S, PBN 2.1 §3.9)"))),
            Token::Note(n) => match auction.calls.last_mut() {
                Some(call) => call.note = Some(n),
                None => return Err(pos.error(format!("Auction: note reference ={n}= before any call"))),
            },
            Token::Nag(n) | Token::Suffix(n) => match auction.calls.last_mut() {
                Some(call) => call.nags.push(n),
                None => return Err(pos.error("Auction: annotation before any call")),
            },
            Token::Star => auction.end = AuctionEnd::Stop,
            Token::Plus => auction.end = AuctionEnd::Continue,
        }
        Ok(())
    }

    fn play_token(&mut self, token: Token, pos: Pos) -> Result<(), FormatError> {
        let ended = self.record.play.as_ref().is_some_and(|p| p.end != PlayEnd::None);
        let slot = |card: Option<Card>, next: bool, irregularity| RecordedCard { card, next, irregularity, ..RecordedCard::default() };
        match token {
            Token::Symbol(s) => {
                if ended {
                    return Err(pos.error(format!("Play: {s:?} comes after the end of the play ('*')")));
                }
                let irregularity = self.pending_irregularity.take();
                if s == "-" {
                    self.slots.push(slot(None, false, irregularity));
                } else {
                    let card = parse_pbn_card(&s).ok_or_else(|| pos.error(format!("Play: {s:?} is not a card (expected suit then rank, like SA or HT)")))?;
                    self.slots.push(slot(Some(card), false, irregularity));
                }
            }
            Token::Plus => {
                let irregularity = self.pending_irregularity.take();
                self.slots.push(slot(None, true, irregularity));
            }
            Token::Star => {
                if let Some(p) = self.record.play.as_mut() {
                    p.end = PlayEnd::Stop;
                }
            }
            Token::Irregularity('R') => self.pending_irregularity = Some(CardIrregularity::Revoke),
            Token::Irregularity('L') => self.pending_irregularity = Some(CardIrregularity::LeadOutOfTurn),
            Token::Irregularity(c) => return Err(pos.error(format!("Play: ^{c} is not a play irregularity (^R or ^L, PBN 2.1 §3.9)"))),
            Token::Note(n) => match self.slots.last_mut() {
                Some(card) => card.note = Some(n),
                None => return Err(pos.error(format!("Play: note reference ={n}= before any card"))),
            },
            Token::Nag(n) => match self.slots.last_mut() {
                Some(card) => card.nags.push(n),
                None => return Err(pos.error("Play: annotation before any card")),
            },
            // Play suffixes are NAGs 7-12 (§3.6.3).
            Token::Suffix(n) => match self.slots.last_mut() {
                Some(card) => card.nags.push(n + 6),
                None => return Err(pos.error("Play: annotation before any card")),
            },
        }
        Ok(())
    }

    fn finish(mut self) -> Result<GameRecord, FormatError> {
        // Repair rule: `[Play ""]` (or `"?"`) with no cards, as some programs write after a
        // passed-out board, is no play section; with cards, the play is left out (no leader).
        if let Some((pos, cards)) = self.play_without_leader {
            let (outcome, what) = if cards {
                (Outcome::PartRead, "Play: the tag gives no leader (expected N, E, S or W); the play is left out")
            } else {
                (Outcome::Repaired, "Play: the tag gives no leader and no card follows; read as no play section")
            };
            self.notes.push((outcome, pos.error(what)));
        }
        // `##` values of earlier games for tags this game does not give.
        let sticky: Vec<(String, String)> = self.inheritance.sticky.iter().filter(|(n, _)| !self.seen.contains(n)).cloned().collect();
        for (name, value) in sticky {
            self.seen.push(name.clone());
            self.inheritance.last.insert(name.clone(), value.clone());
            self.apply(name, value, Pos::default())?;
        }
        let mut r = self.record;
        // Play slots into tricks of four.
        if let Some(play) = r.play.as_mut() {
            for chunk in self.slots.chunks(4) {
                let mut row: [RecordedCard; 4] = Default::default();
                for (i, slot) in chunk.iter().enumerate() {
                    row[i] = slot.clone();
                }
                play.tricks.push(row);
            }
            for card in play.tricks.iter_mut().flatten() {
                card.nags.sort_unstable();
            }
        }
        // Note references become alerts with their explanation.
        if let Some(auction) = r.auction.as_mut() {
            let notes = auction.notes.clone();
            for call in &mut auction.calls {
                call.nags.sort_unstable();
                // Our own form for an explained call that was not alerted.
                if call.note.is_none() {
                    if let Some(i) = call.comments.iter().position(|c| c.starts_with(super::write::UNALERTED)) {
                        let text = call.comments.remove(i);
                        call.explanation = Some(text[super::write::UNALERTED.len()..].to_string());
                    }
                }
                if let Some(n) = call.note {
                    call.alert = true;
                    call.explanation = notes.iter().find(|x| x.number == n).map(|x| x.text.trim().to_string()).filter(|t| !t.is_empty());
                }
            }
        }
        derive_contract(&mut r);
        if let Some((value, pos)) = self.result {
            resolve_result(&mut r, &value).map_err(|m| pos.error(format!("Result: {m}")))?;
        }
        derive_result(&mut r);
        // A play cut short by `*` with a result: a claim or concession.
        if let (Some(play), Some(result)) = (&r.play, r.result) {
            if play.end == PlayEnd::Stop && play.known_cards() < 52 {
                r.claim = Some(result);
            }
        }
        // Plain tags first, then sections with data, as they are written.
        let (plain, sections): (Vec<Tag>, Vec<Tag>) = r.tags.drain(..).partition(|t| t.rows.is_empty());
        r.tags = plain.into_iter().chain(sections).collect();
        // A comment after a section that is left out (an auction or play that could not be
        // read) is written before the tags, so it follows none.
        let written: Vec<String> = super::write_order(&r).into_iter().map(str::to_string).collect();
        for c in &mut r.comments {
            if c.after_tag.as_ref().is_some_and(|t| !written.contains(t)) {
                c.after_tag = None;
            }
        }
        super::sort_comments(&mut r);
        Ok(r)
    }
}

/// The contract and declarer a regular, finished auction reached, when no tag gave them.
fn derive_contract(r: &mut GameRecord) {
    if r.contract.is_some() || r.declarer.is_some() {
        return;
    }
    let regular = |a: &&AuctionRecord| a.calls.iter().all(|c| c.call.is_some() && !c.insufficient);
    if let Some(a) = r.auction.as_ref().filter(regular) {
        if let Some((contract, declarer)) = crate::bridge::auction_outcome(a.first, &a.final_calls()) {
            r.contract = Some(contract);
            r.declarer = declarer;
        }
    }
}

/// The tricks a complete play gives declarer, when no `Result` tag gave them.
fn derive_result(r: &mut GameRecord) {
    if r.result.is_some() || r.result_text.is_some() {
        return;
    }
    if let (Some(play), Some(RecordedContract::Contract(c)), Some(d)) = (&r.play, r.contract, r.declarer) {
        let order: Vec<(Seat, Card)> = play.in_order(c.strain().trump()).into_iter().filter_map(|(s, x)| Some((s, x.card?))).collect();
        r.result = crate::bridge::declarer_tricks(&order, d, c.strain());
    }
}

/// `N`, `e`, ... (§3.4.9, §3.11).
fn seat(value: &str) -> Result<Seat, String> {
    let v = value.trim();
    let mut chars = v.chars();
    match (chars.next().and_then(Seat::from_char), chars.next()) {
        (Some(s), None) => Ok(s),
        _ => Err(format!("{value:?} is not a direction (expected N, E, S or W)")),
    }
}

/// `"1:text"` (§3.5.5).
fn parse_note(value: &str) -> Option<Note> {
    let (n, text) = value.split_once(':')?;
    let number = n.trim().parse().ok()?;
    Some(Note { number, text: text.to_string() })
}

/// §3.4.15: `9`, `NS 9`, `EW 4`, `NS 9 EW 4`, with an optional leading `^`.
fn resolve_result(r: &mut GameRecord, value: &str) -> Result<(), String> {
    let v = value.trim();
    let (irregular, body) = match v.strip_prefix('^') {
        Some(rest) => (true, rest.trim()),
        None => (false, v),
    };
    if body.is_empty() || body == "?" {
        return Ok(());
    }
    let tricks = |s: &str| -> Result<u8, String> {
        match s.parse::<u8>() {
            Ok(n) if n <= 13 => Ok(n),
            _ if s == v => Err(format!("{s:?} is not a number of tricks (0 to 13)")),
            _ => Err(format!("{value:?}: {s:?} is not a number of tricks (0 to 13)")),
        }
    };
    let words: Vec<&str> = body.split_whitespace().collect();
    let declarer_tricks = match words.as_slice() {
        [n] => Some(tricks(n)?),
        _ if words.len() == 2 || words.len() == 4 => {
            let mut ns = None;
            let mut ew = None;
            for pair in words.chunks(2) {
                let n = tricks(pair[1])?;
                match pair[0].to_ascii_uppercase().as_str() {
                    "NS" => ns = Some(n),
                    "EW" => ew = Some(n),
                    other => return Err(format!("{value:?}: {other:?} is not a side (NS or EW)")),
                }
            }
            let ns = ns.or(ew.map(|e| 13u8.saturating_sub(e)));
            match r.declarer.map(|d| d.side()) {
                Some(Side::NorthSouth) => ns,
                Some(Side::EastWest) => ns.map(|n| 13 - n),
                None => {
                    r.result_text = Some(value.to_string());
                    return Ok(());
                }
            }
        }
        _ => return Err(format!("{value:?} is not a result (expected a number of tricks, like 9 or NS 9)")),
    };
    r.result = declarer_tricks;
    r.result_irregular = irregular;
    Ok(())
}

fn parse_pbn_call(s: &str) -> Option<Call> {
    match s.to_ascii_uppercase().as_str() {
        "PASS" | "P" => Some(Call::Pass),
        "X" => Some(Call::Double),
        "XX" => Some(Call::Redouble),
        _ => {
            let mut chars = s.chars();
            let level = chars.next()?.to_digit(10)?;
            let strain = chars.as_str().parse().ok()?;
            Call::bid(u8::try_from(level).ok()?, strain).ok()
        }
    }
}

fn parse_pbn_card(s: &str) -> Option<Card> {
    let mut chars = s.chars();
    let suit = tenace_core::Suit::from_char(chars.next()?)?;
    let rank = match chars.as_str() {
        "10" => tenace_core::Rank::Ten,
        r => {
            let mut rc = r.chars();
            let c = rc.next()?;
            if rc.next().is_some() {
                return None;
            }
            tenace_core::Rank::from_char(c)?
        }
    };
    Some(Card::new(suit, rank))
}

/// The tokens of the auction and play sections (§3.2).
#[derive(Debug, PartialEq)]
enum Token {
    /// A call or card token: letters, digits and `-`.
    Symbol(String),
    /// `=n=`
    Note(u16),
    /// `$n`
    Nag(u16),
    /// `!`, `?`, `!!`, `??`, `!?`, `?!` as the auction NAG they stand for (1-6).
    Suffix(u16),
    /// `^I`, `^S`, `^R`, `^L`
    Irregularity(char),
    Star,
    Plus,
}

/// Splits a word into tokens; tokens are self-delimiting so `3H=1=` is two of them.
fn split_word(word: &str, pos: Pos) -> Result<Vec<(Token, Pos)>, FormatError> {
    let chars: Vec<char> = word.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let number = |chars: &[char], mut j: usize| -> (String, usize) {
        let mut digits = String::new();
        while let Some(c) = chars.get(j).filter(|c| c.is_ascii_digit()) {
            digits.push(*c);
            j += 1;
        }
        (digits, j)
    };
    while let Some(&c) = chars.get(i) {
        let at = pos.right(i);
        match c {
            '=' => {
                let (digits, j) = number(&chars, i + 1);
                if digits.is_empty() || chars.get(j) != Some(&'=') {
                    return Err(at.error("malformed note reference: expected =<number>=, like =1="));
                }
                let n = digits.parse().map_err(|_| at.error(format!("note reference ={digits}= is too large")))?;
                out.push((Token::Note(n), at));
                i = j + 1;
            }
            '$' => {
                let (digits, j) = number(&chars, i + 1);
                let n: u16 = digits.parse().map_err(|_| at.error("malformed NAG: expected $<number>, like $1"))?;
                if n > 255 {
                    return Err(at.error(format!("NAG ${n} is out of range (0 to 255, PBN 2.1 §3.7)")));
                }
                out.push((Token::Nag(n), at));
                i = j;
            }
            '!' | '?' => {
                let second = chars.get(i + 1).copied().filter(|c| matches!(c, '!' | '?'));
                let nag = match (c, second) {
                    ('!', None) => 1,
                    ('?', None) => 2,
                    ('!', Some('!')) => 3,
                    ('?', Some('?')) => 4,
                    ('!', Some('?')) => 5,
                    _ => 6,
                };
                out.push((Token::Suffix(nag), at));
                i += if second.is_some() { 2 } else { 1 };
            }
            '^' => match chars.get(i + 1) {
                Some(&k @ ('I' | 'S' | 'R' | 'L' | 'i' | 's' | 'r' | 'l')) => {
                    out.push((Token::Irregularity(k.to_ascii_uppercase()), at));
                    i += 2;
                }
                _ => return Err(at.error("malformed irregularity: expected ^I, ^S, ^R or ^L (PBN 2.1 §3.9)")),
            },
            '*' => {
                out.push((Token::Star, at));
                i += 1;
            }
            '+' => {
                out.push((Token::Plus, at));
                i += 1;
            }
            c if c.is_ascii_alphanumeric() || c == '-' => {
                let mut s = String::new();
                while let Some(&c) = chars.get(i).filter(|c| c.is_ascii_alphanumeric() || **c == '-') {
                    s.push(c);
                    i += 1;
                }
                // Some writers double the dash of an unknown card: `--`.
                if s.len() > 1 && s.chars().all(|c| c == '-') {
                    s = "-".to_string();
                }
                out.push((Token::Symbol(s), at));
            }
            other => return Err(at.error(format!("unexpected character {other:?} in {word:?}"))),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_into_self_delimiting_tokens() {
        let toks: Vec<Token> = split_word("3H=1=$13!?", Pos { line: 1, column: 1 }).unwrap().into_iter().map(|t| t.0).collect();
        assert_eq!(toks, vec![Token::Symbol("3H".into()), Token::Note(1), Token::Nag(13), Token::Suffix(5)]);
        assert!(split_word("=1", Pos::default()).is_err());
        assert!(split_word("^X", Pos::default()).is_err());
        assert!(split_word("$999", Pos::default()).is_err());
    }
}
