//! The data model: one board as a file records it ([`GameRecord`]), whatever the format.
//!
//! The JSON form of a record is `serde_json` of these types, with the field names written here.
//! The `Option` fields of [`GameRecord`] are always present (`null` when unknown) except
//! `result_text`; lists, flags and the optional annotations of calls and cards are left out when
//! empty, false or absent. Reading fills in anything missing as unknown. Values: seats
//! `"North"`..., vulnerability `"None"`/`"NorthSouth"`/`"EastWest"`/`"Both"`, the deal its PBN
//! string from North (`"N:AKQ.JT9.8765.432 ..."`, an unknown hand empty: `"..."`), calls
//! `"1NT"`/`"Pass"`/`"X"`/`"XX"`, cards `"SA"`, the contract `"4SX"`, `"Pass"` (passed out) or a
//! bare strain (an end position), enum markers by variant name (`"AllPass"`, `"Stop"`, ...).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use tenace_core::{Board, BoardNumber, Call, Card, Contract, Deal, ParseError, Seat, Strain, Vulnerability};

fn is_false(b: &bool) -> bool {
    !*b
}

/// One board as recorded in a file: the identification tags, the deal, the auction, the play,
/// the outcome and everything else the file said about it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameRecord {
    /// PBN `Event`; LIN: the first field of `vg`.
    pub event: Option<String>,
    pub site: Option<String>,
    /// As written: `YYYY.MM.DD`, maybe with `?` for unknown digits (PBN 2.1 §3.4.3).
    pub date: Option<String>,
    pub board: Option<BoardNumber>,
    pub players: Players,
    pub dealer: Option<Seat>,
    pub vulnerability: Option<Vulnerability>,
    /// The cards; hands not given are empty (a partial deal, PBN 2.1 §3.4.11).
    pub deal: Option<Deal>,
    pub scoring: Option<String>,
    pub declarer: Option<Seat>,
    /// PBN `^S`: declarer and dummy were swapped (PBN 2.1 §3.4.13).
    #[serde(skip_serializing_if = "is_false")]
    pub declarer_irregular: bool,
    /// `None` when unknown; [`RecordedContract::PassedOut`] when all four passed.
    pub contract: Option<RecordedContract>,
    /// Tricks won by declarer.
    pub result: Option<u8>,
    /// PBN `^9`: the agreed result differs from the tricks actually won (PBN 2.1 §3.4.15).
    #[serde(skip_serializing_if = "is_false")]
    pub result_irregular: bool,
    /// A PBN `Result` that names a side (`NS 9`) when the declarer is unknown, kept as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result_text: Option<String>,
    /// Tricks declarer's side ends with after a claim or concession (LIN `mc`; in PBN a play
    /// section cut short by `*` with a `Result`).
    pub claim: Option<u8>,
    pub auction: Option<AuctionRecord>,
    pub play: Option<PlayRecord>,
    /// Every other PBN tag, in the order read (plain tags first, then tables and other sections
    /// with their rows). LIN `qx` becomes a `Room` tag.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<Tag>,
    /// Free comments: PBN `{...}` and `;...` not attached to a call or card, LIN `nt` before the
    /// auction.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<Comment>,
    /// LIN commands this crate does not interpret, kept for the way back to LIN.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lin: Vec<LinCommand>,
}

/// The four players' names (PBN `North`/`East`/`South`/`West`, LIN `pn`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Players {
    pub north: Option<String>,
    pub east: Option<String>,
    pub south: Option<String>,
    pub west: Option<String>,
}

impl Players {
    pub fn get(&self, seat: Seat) -> Option<&str> {
        match seat {
            Seat::North => self.north.as_deref(),
            Seat::East => self.east.as_deref(),
            Seat::South => self.south.as_deref(),
            Seat::West => self.west.as_deref(),
        }
    }

    pub fn set(&mut self, seat: Seat, name: Option<String>) {
        let slot = match seat {
            Seat::North => &mut self.north,
            Seat::East => &mut self.east,
            Seat::South => &mut self.south,
            Seat::West => &mut self.west,
        };
        *slot = name;
    }
}

/// How the auction ended, as far as the file says.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecordedContract {
    /// All four players passed (PBN `Contract "Pass"`).
    PassedOut,
    Contract(Contract),
    /// An end position names only the trump strain (PBN 2.1 §3.10).
    Strain(Strain),
}

impl RecordedContract {
    pub fn contract(self) -> Option<Contract> {
        match self {
            RecordedContract::Contract(c) => Some(c),
            _ => None,
        }
    }

    /// The trump suit in play: `None` at no trump or when passed out.
    pub fn trump(self) -> Option<tenace_core::Suit> {
        match self {
            RecordedContract::PassedOut => None,
            RecordedContract::Contract(c) => c.strain().trump(),
            RecordedContract::Strain(s) => s.trump(),
        }
    }
}

impl fmt::Display for RecordedContract {
    /// `Pass`, `4SX`, or a bare strain like `H`/`NT`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordedContract::PassedOut => f.write_str("Pass"),
            RecordedContract::Contract(c) => write!(f, "{c}"),
            RecordedContract::Strain(s) => write!(f, "{s}"),
        }
    }
}

impl FromStr for RecordedContract {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<RecordedContract, ParseError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") || t.eq_ignore_ascii_case("p") {
            return Ok(RecordedContract::PassedOut);
        }
        if !t.starts_with(|c: char| c.is_ascii_digit()) {
            if let Ok(strain) = t.parse::<Strain>() {
                return Ok(RecordedContract::Strain(strain));
            }
        }
        t.parse().map(RecordedContract::Contract)
    }
}

impl Serialize for RecordedContract {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for RecordedContract {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<RecordedContract, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// The auction section (PBN 2.1 §3.5): the calls from `first` on, clockwise.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuctionRecord {
    /// Who made the first call: normally the dealer. (PBN import files that start the table
    /// with `-` for players before the dealer are read with the dashes removed.)
    pub first: Seat,
    #[serde(default)]
    pub calls: Vec<RecordedCall>,
    #[serde(default)]
    pub end: AuctionEnd,
    /// The auction's `Note` tags: `=n=` references in calls point here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
}

/// What closes the auction section (PBN 2.1 §3.5).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AuctionEnd {
    /// Nothing: the calls end on their own (three passes) or the record just stops.
    #[default]
    None,
    /// `AP`: all remaining players pass.
    AllPass,
    /// `*`: no further calls will be given.
    Stop,
    /// `+`: the auction is to be continued.
    Continue,
}

/// One call with its annotations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RecordedCall {
    /// `None` for PBN `^S`: this player's turn was skipped by a call out of rotation (§3.9).
    pub call: Option<Call>,
    /// Alerted (LIN `!`; in PBN every call with a note reference counts as alerted).
    #[serde(skip_serializing_if = "is_false")]
    pub alert: bool,
    /// What the call means (LIN `an`, or the text of the PBN note it refers to).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    /// PBN `=n=` note reference.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<u16>,
    /// Numeric annotation glyphs (`$n`; suffixes `!`, `?`... are read as their NAGs, §3.7).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u16>,
    /// PBN `^I`: an insufficient bid accepted by the opponents (§3.9).
    #[serde(skip_serializing_if = "is_false")]
    pub insufficient: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
}

impl RecordedCall {
    pub fn new(call: Call) -> RecordedCall {
        RecordedCall { call: Some(call), ..RecordedCall::default() }
    }
}

/// A PBN `Note` tag: `[Note "1:text"]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    pub number: u16,
    pub text: String,
}

impl AuctionRecord {
    pub fn new(first: Seat) -> AuctionRecord {
        AuctionRecord { first, calls: Vec::new(), end: AuctionEnd::None, notes: Vec::new() }
    }

    /// The calls made, with `AP` spelled out as the passes it stands for and skipped turns
    /// (`^S`) left out.
    pub fn final_calls(&self) -> Vec<Call> {
        let mut calls: Vec<Call> = self.calls.iter().filter_map(|c| c.call).collect();
        if self.end == AuctionEnd::AllPass {
            while !tenace_core::rules::auction_is_over(calls.iter().copied()) && calls.len() < 400 {
                calls.push(Call::Pass);
            }
        }
        calls
    }

    /// The text of note `n`, if the auction has it.
    pub fn note_text(&self, n: u16) -> Option<&str> {
        self.notes.iter().find(|x| x.number == n).map(|x| x.text.as_str())
    }
}

/// The play section (PBN 2.1 §3.6): one row per trick, the cards in PBN column order, that is
/// column 0 is always `leader` (the opening leader), column 1 the player on their left, and so
/// on, whoever led the trick.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayRecord {
    pub leader: Seat,
    #[serde(default)]
    pub tricks: Vec<[RecordedCard; 4]>,
    #[serde(default)]
    pub end: PlayEnd,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
}

/// What closes the play section.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayEnd {
    #[default]
    None,
    /// `*`: no further cards will be given (a claim, a concession, an abandoned board).
    Stop,
}

/// One place in the play table with its annotations.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RecordedCard {
    /// `None` for PBN `-`: unknown or not played.
    pub card: Option<Card>,
    /// PBN `+`: the card to be played next (§3.6).
    #[serde(skip_serializing_if = "is_false")]
    pub next: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub irregularity: Option<CardIrregularity>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<u16>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u16>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
}

impl RecordedCard {
    pub fn new(card: Card) -> RecordedCard {
        RecordedCard { card: Some(card), ..RecordedCard::default() }
    }
}

/// PBN 2.1 §3.9 irregularities marked on a card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardIrregularity {
    /// `^R`: a revoke not noticed in time.
    Revoke,
    /// `^L`: a lead out of turn, accepted.
    LeadOutOfTurn,
}

impl PlayRecord {
    pub fn new(leader: Seat) -> PlayRecord {
        PlayRecord { leader, tricks: Vec::new(), end: PlayEnd::None, notes: Vec::new() }
    }

    /// How many cards are known.
    pub fn known_cards(&self) -> usize {
        self.tricks.iter().flatten().filter(|c| c.card.is_some()).count()
    }

    /// The cards in the order they were played, with who played them, as far as that can be
    /// told: each trick from its leader (the winner of the previous trick under `trump`). Stops
    /// after the first trick with an unknown card, whose winner cannot be told.
    /// Column `i` of a PBN play row belongs to `leader.after(i)`; the cards of one trick in the
    /// order played start from that trick's leader.
    pub fn in_order(&self, trump: Option<tenace_core::Suit>) -> Vec<(Seat, &RecordedCard)> {
        let mut out = Vec::new();
        let mut trick_leader = self.leader;
        for row in &self.tricks {
            let start = (trick_leader.index() + 4 - self.leader.index()) % 4;
            let mut known = Vec::new();
            let mut complete = true;
            for k in 0..4 {
                let col = (start + k) % 4;
                let seat = self.leader.after(col);
                let slot = &row[col];
                match slot.card {
                    Some(card) => {
                        known.push((seat, card));
                        out.push((seat, slot));
                    }
                    None => complete = false,
                }
            }
            if !complete {
                break;
            }
            let cards: Vec<Card> = known.iter().map(|(_, c)| *c).collect();
            match tenace_core::rules::winning_card(&cards, trump) {
                Some(i) => trick_leader = known[i].0,
                None => break,
            }
        }
        out
    }
}

/// A PBN tag this crate keeps as text; a section tag (a table like `OptimumResultTable`,
/// `ScoreTable`...) carries its data rows as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tag {
    pub name: String,
    pub value: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<String>,
}

/// A free comment and the tag it follows (`None`: before the first tag).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comment {
    #[serde(default)]
    pub after_tag: Option<String>,
    pub text: String,
}

/// A LIN command kept as is. `header` marks commands of a vugraph file's header (before the
/// first `qx`); they ride on the first record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinCommand {
    pub command: String,
    pub value: String,
    #[serde(default, skip_serializing_if = "is_false")]
    pub header: bool,
}

impl GameRecord {
    /// A bare board: number, dealer, vulnerability and deal.
    pub fn from_board(board: &Board) -> GameRecord {
        GameRecord {
            board: Some(board.number),
            dealer: Some(board.dealer),
            vulnerability: Some(board.vulnerability),
            deal: Some(board.deal),
            ..GameRecord::default()
        }
    }

    /// The board, when the record has a number and a deal. A missing dealer or vulnerability is
    /// taken from the number (Law 2). The deal may be partial; check [`Deal::validate`] before
    /// playing it.
    pub fn board(&self) -> Option<Board> {
        let number = self.board?;
        let deal = self.deal?;
        Some(Board { number, dealer: self.dealer.unwrap_or(number.dealer()), vulnerability: self.vulnerability.unwrap_or(number.vulnerability()), deal })
    }

    /// The value of another tag, if the record has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.value.as_str())
    }

    /// The contract as a [`Contract`], when one was reached and is known.
    pub fn final_contract(&self) -> Option<Contract> {
        self.contract.and_then(RecordedContract::contract)
    }
}
