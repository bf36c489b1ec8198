//! Writing PBN in the export layout (PBN 2.1 §2.1, §3.4-§3.6): see the module documentation for
//! the two departures.

use std::fmt::Write as _;

use tenace_core::Seat;

use super::MANDATORY_TAGS;
use crate::record::{AuctionEnd, Comment, GameRecord, Note, PlayEnd, RecordedCall, RecordedCard, RecordedContract};
use crate::text::deal_to_pbn;

pub fn write(games: &[GameRecord]) -> String {
    let mut out = String::from("% PBN 2.1\n");
    for (i, game) in games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        GameWriter { out: &mut out, game, written: vec![false; game.comments.len()] }.write();
    }
    out
}

/// A tag value with `"` escaped (§3.2), and `\` escaped only where a reader could take it for an
/// escape (before `"` or `\`, or last): table headers keep their conventional `\2R` column
/// widths. A string cannot hold a line end.
fn escape(value: &str) -> String {
    let mut s = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if matches!(chars.peek(), None | Some('"') | Some('\\')) => s.push_str("\\\\"),
            '"' => s.push_str("\\\""),
            '\n' | '\r' => s.push(' '),
            c => s.push(c),
        }
    }
    s
}

/// A tag name made only of name characters (§3.2).
fn tag_name(name: &str) -> String {
    let n: String = name.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
    if n.is_empty() {
        "Unnamed".to_string()
    } else {
        n
    }
}

/// A comment: in braces, or as a rest-of-line comment when its text holds a `}`.
fn comment_text(text: &str) -> String {
    if text.contains('}') {
        format!(";{}\n", text.replace('\n', " "))
    } else {
        format!("{{{text}}}")
    }
}

struct GameWriter<'a> {
    out: &'a mut String,
    game: &'a GameRecord,
    /// Which free comments have been written.
    written: Vec<bool>,
}

impl GameWriter<'_> {
    fn write(mut self) {
        let g = self.game;
        // Comments that do not follow a tag that is written go first.
        let written_tags = super::write_order(g);
        for (i, c) in g.comments.iter().enumerate() {
            if !c.after_tag.as_deref().is_some_and(|t| written_tags.contains(&t)) {
                self.written[i] = true;
                self.line_comment(c);
            }
        }
        for name in MANDATORY_TAGS {
            let value = self.mandatory_value(name);
            self.tag(name, &value);
        }
        for t in g.tags.iter().filter(|t| t.rows.is_empty()) {
            self.tag(&t.name, &t.value);
        }
        self.auction();
        self.play();
        for t in g.tags.iter().filter(|t| !t.rows.is_empty()) {
            self.tag(&t.name, &t.value);
            for row in &t.rows {
                self.out.push_str(row);
                self.out.push('\n');
            }
        }
    }

    fn line_comment(&mut self, c: &Comment) {
        let text = comment_text(&c.text);
        self.out.push_str(&text);
        if !text.ends_with('\n') {
            self.out.push('\n');
        }
    }

    /// Writes a tag, then the comments that follow it.
    fn tag(&mut self, name: &str, value: &str) {
        // A value that is `#` or starts with `##` would be read as inheritance (§4.8); written
        // after `##` it reads back as itself (sticky for later games that do not give the tag,
        // which every game does for the mandatory tags, and as the file it came from said).
        let value = if value == "#" || value.starts_with("##") { format!("##{value}") } else { value.to_string() };
        let _ = writeln!(self.out, "[{} \"{}\"]", tag_name(name), escape(&value));
        for (i, c) in self.game.comments.iter().enumerate() {
            if !self.written[i] && c.after_tag.as_deref() == Some(name) {
                self.written[i] = true;
                self.line_comment(c);
            }
        }
    }

    /// The value of a mandatory tag: `?` when unknown, empty where the standard wants it for a
    /// passed-out board (§3.4.13-§3.4.15).
    fn mandatory_value(&self, name: &str) -> String {
        let g = self.game;
        let passed_out = g.contract == Some(RecordedContract::PassedOut);
        let text = |v: &Option<String>| v.clone().unwrap_or_else(|| "?".to_string());
        match name {
            "Event" => text(&g.event),
            "Site" => text(&g.site),
            "Date" => text(&g.date),
            "Board" => g.board.map_or("?".into(), |b| b.to_string()),
            "West" => text(&g.players.west),
            "North" => text(&g.players.north),
            "East" => text(&g.players.east),
            "South" => text(&g.players.south),
            "Dealer" => g.dealer.map_or("?".into(), |s| s.letter().to_string()),
            "Vulnerable" => g.vulnerability.map_or("?".into(), |v| v.pbn().to_string()),
            "Deal" => g.deal.map_or("?".into(), |d| deal_to_pbn(&d, g.dealer.unwrap_or(Seat::North))),
            "Scoring" => text(&g.scoring),
            "Declarer" => match g.declarer {
                Some(s) => format!("{}{}", if g.declarer_irregular { "^" } else { "" }, s.letter()),
                None if passed_out => String::new(),
                None => "?".into(),
            },
            "Contract" => g.contract.map_or("?".into(), |c| c.to_string()),
            "Result" => match (g.result, &g.result_text) {
                (Some(n), _) => format!("{}{n}", if g.result_irregular { "^" } else { "" }),
                (None, Some(t)) => t.clone(),
                (None, None) if passed_out => String::new(),
                (None, None) => "?".into(),
            },
            _ => String::new(),
        }
    }

    fn auction(&mut self) {
        let Some(auction) = &self.game.auction else {
            return;
        };
        self.tag("Auction", &auction.first.letter().to_string());
        // Calls explained or alerted without a note of their own get one (§3.5.4).
        let mut notes: Vec<Note> = auction.notes.clone();

        let mut line = Vec::new();
        let mut pending = String::new();
        for call in &auction.calls {
            // An explained call that was not alerted (a LIN `an` without `!`): PBN notes mean
            // alerts (§3.5.4), so its explanation goes in a comment the reader knows.
            if call.note.is_none() && !call.alert {
                if let Some(e) = &call.explanation {
                    let mut unalerted = call.clone();
                    unalerted.comments.insert(0, format!("{UNALERTED}{e}"));
                    line.push(call_text(&unalerted, None));
                    if line.len() == 4 || line.last().is_some_and(|t| t.ends_with('\n')) {
                        pending.push_str(&join_line(&line));
                        line.clear();
                    }
                    continue;
                }
            }
            let note = match call.note {
                Some(n) => Some(n),
                None if call.alert || call.explanation.is_some() => {
                    let n = free_note_number(&notes);
                    notes.push(Note { number: n, text: call.explanation.clone().unwrap_or_default() });
                    Some(n)
                }
                None => None,
            };
            line.push(call_text(call, note));
            if line.len() == 4 || line.last().is_some_and(|t| t.ends_with('\n')) {
                pending.push_str(&join_line(&line));
                line.clear();
            }
        }
        match auction.end {
            AuctionEnd::None => {}
            AuctionEnd::AllPass => line.push("AP".into()),
            AuctionEnd::Stop => line.push("*".into()),
            AuctionEnd::Continue => line.push("+".into()),
        }
        if !line.is_empty() {
            pending.push_str(&join_line(&line));
        }
        self.out.push_str(&pending);
        for n in &notes {
            self.tag("Note", &format!("{}:{}", n.number, n.text));
        }
    }

    fn play(&mut self) {
        let Some(play) = &self.game.play else { return };
        self.tag("Play", &play.leader.letter().to_string());
        let mut text = String::new();
        for row in &play.tricks {
            let tokens: Vec<String> = row.iter().map(card_text).collect();
            text.push_str(&join_line(&tokens));
        }
        // A claim without a play-stopping `*` gets one: that is how PBN records it.
        if play.end == PlayEnd::Stop || (self.game.claim.is_some() && play.known_cards() < 52) {
            text.push_str("*\n");
        }
        self.out.push_str(&text);
        for n in &play.notes {
            self.tag("Note", &format!("{}:{}", n.number, n.text));
        }
    }
}

/// Tokens separated by a space, ending the line; a token ending in a line end (a `;` comment)
/// ends it already.
fn join_line(tokens: &[String]) -> String {
    let mut s = String::new();
    for (i, t) in tokens.iter().enumerate() {
        if i > 0 && !s.ends_with('\n') {
            s.push(' ');
        }
        s.push_str(t);
    }
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s
}

fn annotations(s: &mut String, note: Option<u16>, nags: &[u16], comments: &[String]) {
    if let Some(n) = note {
        let _ = write!(s, " ={n}=");
    }
    let mut nags = nags.to_vec();
    nags.sort_unstable();
    for n in nags {
        let _ = write!(s, " ${n}");
    }
    for c in comments {
        s.push(' ');
        s.push_str(&comment_text(c));
    }
}

/// The comment that carries the explanation of a call that was not alerted.
pub(crate) const UNALERTED: &str = "Explained, not alerted: ";

fn call_text(call: &RecordedCall, note: Option<u16>) -> String {
    let mut s = String::new();
    if call.insufficient {
        s.push_str("^I ");
    }
    match call.call {
        Some(c) => s.push_str(&c.to_string()),
        None => s.push_str("^S"),
    }
    annotations(&mut s, note, &call.nags, &call.comments);
    s
}

fn card_text(card: &RecordedCard) -> String {
    let mut s = String::new();
    match card.irregularity {
        Some(crate::record::CardIrregularity::Revoke) => s.push_str("^R "),
        Some(crate::record::CardIrregularity::LeadOutOfTurn) => s.push_str("^L "),
        None => {}
    }
    match (card.card, card.next) {
        (Some(c), _) => s.push_str(&c.to_string()),
        (None, true) => s.push('+'),
        (None, false) => s.push('-'),
    }
    annotations(&mut s, card.note, &card.nags, &card.comments);
    s
}

/// The smallest note number not yet used.
fn free_note_number(notes: &[Note]) -> u16 {
    (1..=u16::MAX).find(|n| notes.iter().all(|x| x.number != *n)).unwrap_or(u16::MAX)
}
