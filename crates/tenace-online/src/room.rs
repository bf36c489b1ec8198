//! One online table ("room"): four seats, the boards of a set played in order, and the online
//! procedures of the OKb laws around the Laws' own table state ([`tenace_table::Table`]).
//!
//! The room is an event fold, like the table: [`Room::act`] turns what a person asks for into
//! [`RoomEvent`]s and applies them, or refuses with the Law and changes nothing;
//! [`Room::replay`] rebuilds a room from its stored events. The server stores every event before
//! anyone is told about it.
//!
//! Decisions where the OKb laws are silent (documented here, tested in `tests/okb.rs`):
//! - **Undo** takes back the requester's own last call or card together with any actions the
//!   requester's opponents made after it (so a human can take back a card even though a robot
//!   answered at once); it needs the consent of every opponent who is a person — robots always
//!   consent, and in the play dummy has no say (Law 43A). It is never available after the board
//!   has ended or while a claim is pending, nor once partner has acted after the action.
//! - **Skip** needs the agreement of every seated person (OKb Law 16B1: "by agreement of all of
//!   the players"); robots agree. A skipped board scores Average to both sides (Law 12C2, no fault).
//!   The one-sided election of OKb Law 9B1 (the opponents of an irregularity's offender may
//!   require a skip "before any continuation of play") is allowed only while the last call or
//!   card at the table is an opponent's, and must name the irregularity.
//! - **Claims**: the claimer's opponents who are not dummy answer; one rejection resumes play
//!   (Law 68D, OKb practice); a robot accepts exactly when the claim holds double-dummy. Whether
//!   the claim held double-dummy is recorded with the claim and shown once the board is over.
//! - **Questions** (Law 20F) are asked at the asker's turn, about an opponent's call; the caller
//!   (or, for a robot, the robot's system) answers, and the answer goes to the caller's opponents only.
//! - **Chat**: public to all; private from a player to an opponent; never privately between
//!   partners while a board is in progress (Law 73B1); kibitzers talk only among themselves while a
//!   board is in progress (Law 76B3).

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use tenace_core::{Board, BoardNumber, Call, Card, Seat};
use tenace_table::{Table, TableEvent};

use crate::OnlineError;

/// The longest chat message accepted, in characters.
pub const MAX_CHAT: usize = 500;
/// The longest explanation of a call accepted, in characters.
pub const MAX_EXPLANATION: usize = 300;

/// Who sits at a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Occupant {
    /// A person, by account name.
    Player { name: String },
    /// A robot (docs/robot-system.md).
    Robot,
}

impl Occupant {
    pub fn player(name: &str) -> Occupant {
        Occupant::Player { name: name.to_string() }
    }

    pub fn is_robot(&self) -> bool {
        matches!(self, Occupant::Robot)
    }

    /// The name shown at the table.
    pub fn display(&self) -> String {
        match self {
            Occupant::Player { name } => name.clone(),
            Occupant::Robot => "Robot".to_string(),
        }
    }
}

/// How a room was set up; fixed at creation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomOptions {
    pub name: String,
    /// The board set: every table with the same seed plays the same deals (Law 6 dealing by
    /// `tenace_events::dealing::seeded_deal`). Never shown to clients.
    pub set_seed: u64,
    /// Boards first..=boards are played in order.
    pub boards: u32,
    /// Law 76B1: kibitzers may see all four hands when the table allows it.
    #[serde(default)]
    pub kibitzers_see_all: bool,
    /// The first board played (a tournament round's table starts at the round's boards).
    #[serde(default = "first_board")]
    pub first: u32,
}

fn first_board() -> u32 {
    1
}

impl RoomOptions {
    /// The board of number `n` of this set.
    pub fn board(&self, n: u32) -> Board {
        let number = BoardNumber::new(n.max(1)).unwrap_or_else(|_| BoardNumber::new(1).expect("1 is a board number"));
        Board::numbered(number, tenace_events::dealing::seeded_deal(self.set_seed, number.get()))
    }

    /// The public name of the board set: a short commitment to the seed, never the seed.
    pub fn set_id(&self) -> String {
        tenace_events::dealing::commitment_prefix(self.set_seed, 12)
    }
}

/// Who may read a chat line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Audience {
    /// Everyone at the table and the kibitzers.
    All,
    /// Kibitzers only (Law 76B3: a kibitzer's remark while a board is in progress).
    Kibitzers,
    /// The sender's seat and one opponent (or anyone, between boards).
    Private { from: Seat, to: Seat },
}

/// How many news lines a room keeps (the newest).
pub const NEWS_KEPT: usize = 10;

/// What became of a request at the table, for everyone there to read (issue 18: a request never
/// ends in silence): a claim rejected or accepted, an undo declined or granted, a skip declined,
/// agreed or required. Public facts only (who asked, who answered, what it means), never an
/// explanation's text (Law 20F: that goes to the caller's opponents alone).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewsLine {
    /// The number of room events before it: increasing, so a client tells new lines from seen ones.
    pub seq: usize,
    /// The board it happened on.
    pub board: u32,
    pub text: String,
}

/// One chat line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    pub from: String,
    pub seat: Option<Seat>,
    pub audience: Audience,
    pub text: String,
    /// For a private line, the person (or "Robot") who sat at the recipient's seat when it was
    /// sent: the line is theirs, not the seat's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_name: Option<String>,
}

/// Everything that happens at an online table, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RoomEvent {
    Sat {
        seat: Seat,
        occupant: Occupant,
    },
    Left {
        seat: Seat,
    },
    /// A call, card or claim step at the table (the Laws' own events).
    Table {
        event: TableEvent,
    },
    /// The double-dummy check of the claim just made: the most tricks the claimer's side can
    /// take from here against best defence.
    ClaimChecked {
        dd_tricks: u8,
    },
    UndoRequested {
        by: Seat,
    },
    UndoAnswered {
        by: Seat,
        accept: bool,
    },
    /// The undo was consented to: the requester's last action (and the opponents' after it) is withdrawn.
    Undone,
    SkipRequested {
        by: Seat,
    },
    SkipAnswered {
        by: Seat,
        accept: bool,
    },
    /// OKb Law 9B1: `by` required the skip because of `offender`'s irregularity.
    SkipElected {
        by: Seat,
        offender: Seat,
        reason: String,
    },
    /// Everyone agreed: the board is skipped (Average to both sides, Law 12C2).
    Skipped,
    Chat {
        line: ChatLine,
    },
    /// `by` asks about call number `call` of the current auction (Law 20F).
    Asked {
        by: Seat,
        call: usize,
    },
    /// The caller explains (or re-explains) their own call number `call`.
    Explained {
        seat: Seat,
        call: usize,
        text: String,
    },
    NextBoard,
}

/// A request waiting for the consent of others.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    pub by: Seat,
    /// The seats whose consent is still awaited.
    pub awaiting: Vec<Seat>,
}

/// A question about a call, waiting for its answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    pub by: Seat,
    pub call: usize,
}

/// How a board ended at this table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    Played {
        result: tenace_table::BoardResult,
    },
    /// Skipped by agreement: Average to both sides (Law 12C2).
    Skipped,
}

impl Outcome {
    /// North-South's score, `None` for a skipped board.
    pub fn score_ns(&self) -> Option<i32> {
        match self {
            Outcome::Played { result } => Some(result.score_ns),
            Outcome::Skipped => None,
        }
    }
}

/// A board this table has finished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinishedBoard {
    pub board: Board,
    pub events: Vec<TableEvent>,
    pub outcome: Outcome,
    /// The double-dummy check of an agreed claim: (claimed, what the claimer's side could take).
    pub claim_check: Option<(u8, u8)>,
}

/// What a person asks the table to do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    Sit {
        seat: Seat,
    },
    Leave,
    Call {
        call: Call,
        #[serde(default)]
        alert: bool,
        #[serde(default)]
        explanation: Option<String>,
    },
    /// A card from the hand to play (declarer names dummy's cards the same way: Law 45B).
    Play {
        card: Card,
    },
    Claim {
        tricks: u8,
        #[serde(default)]
        statement: String,
    },
    AnswerClaim {
        accept: bool,
    },
    RequestUndo,
    AnswerUndo {
        accept: bool,
    },
    RequestSkip,
    AnswerSkip {
        accept: bool,
    },
    /// OKb Law 9B1: the opponents of a player who committed an irregularity (a misexplanation,
    /// unauthorised information...) may require the board to be skipped when no consensus is
    /// reached — before any continuation of play: the last call or card must be the offender's.
    ElectSkip {
        reason: String,
    },
    Chat {
        text: String,
        #[serde(default)]
        to: Option<Seat>,
    },
    Ask {
        call: usize,
    },
    Explain {
        call: usize,
        text: String,
    },
    NextBoard,
}

/// Who is acting: a seated person (or robot) or a kibitzer, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub name: String,
    pub seat: Option<Seat>,
}

/// One online table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Room {
    options: RoomOptions,
    seats: [Option<Occupant>; 4],
    /// The number of the board in play (1-based).
    number: u32,
    table: Table,
    claim_check: Option<u8>,
    undo: Option<Request>,
    skip: Option<Request>,
    skipped: bool,
    questions: Vec<Question>,
    /// Explanations given after the call (Law 20F answers), by call index.
    answers: Vec<(Seat, usize, String)>,
    chat: Vec<ChatLine>,
    /// Shared, not copied, when the room is: a club tries each action on a copy of the room
    /// (stored before shown), and a finished board never changes.
    finished: Vec<Arc<FinishedBoard>>,
    events: usize,
    /// The persons who have held a seat during the current board, with that seat (Law 16: who
    /// has seen which hand of the board being played).
    #[serde(default)]
    held: Vec<(String, Seat)>,
    /// What became of the latest requests (newest last, at most [`NEWS_KEPT`]).
    #[serde(default)]
    news: Vec<NewsLine>,
}

impl Room {
    /// A new room at its first board (board 1 unless the options say otherwise) with four empty
    /// seats.
    pub fn new(options: RoomOptions) -> Room {
        let number = options.first.clamp(1, options.boards.max(1));
        let board = options.board(number);
        let table = Table::new(board).expect("seeded deals are complete deals");
        Room {
            options,
            seats: [None, None, None, None],
            number,
            table,
            claim_check: None,
            undo: None,
            skip: None,
            skipped: false,
            questions: Vec::new(),
            answers: Vec::new(),
            chat: Vec::new(),
            news: Vec::new(),
            finished: Vec::new(),
            events: 0,
            held: Vec::new(),
        }
    }

    /// A room that starts at board `number` of the set (a comparison table of robots plays one
    /// board this way; stored rooms start at `options.first`).
    pub fn starting_at(options: RoomOptions, number: u32) -> Room {
        let mut room = Room::new(options);
        let number = number.clamp(1, room.options.boards.max(1));
        room.number = number;
        room.table = Table::new(room.options.board(number)).expect("seeded deals are complete deals");
        room
    }

    /// Rebuilds a room from its stored events, refusing a log that does not replay.
    pub fn replay(options: RoomOptions, events: impl IntoIterator<Item = RoomEvent>) -> Result<Room, OnlineError> {
        let mut room = Room::new(options);
        for e in events {
            room.apply(&e)?;
        }
        Ok(room)
    }

    pub fn options(&self) -> &RoomOptions {
        &self.options
    }

    pub fn seats(&self) -> &[Option<Occupant>; 4] {
        &self.seats
    }

    pub fn occupant(&self, seat: Seat) -> Option<&Occupant> {
        self.seats[seat.index()].as_ref()
    }

    /// The seat a person sits in, if any.
    pub fn seat_of(&self, name: &str) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| matches!(&self.seats[s.index()], Some(Occupant::Player { name: n }) if n == name))
    }

    pub fn board_number(&self) -> u32 {
        self.number
    }

    /// The persons who have held a seat during the current board.
    pub fn holders(&self) -> Vec<String> {
        self.held.iter().map(|(n, _)| n.clone()).collect()
    }

    /// The seats `name` has held during the current board (empty for a newcomer).
    pub fn held_this_board(&self, name: &str) -> Vec<Seat> {
        let mut seats: Vec<Seat> = self.held.iter().filter(|(n, _)| n == name).map(|(_, s)| *s).collect();
        seats.dedup();
        seats
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn claim_check(&self) -> Option<u8> {
        self.claim_check
    }

    pub fn undo_request(&self) -> Option<&Request> {
        self.undo.as_ref()
    }

    pub fn skip_request(&self) -> Option<&Request> {
        self.skip.as_ref()
    }

    pub fn questions(&self) -> &[Question] {
        &self.questions
    }

    pub fn chat(&self) -> &[ChatLine] {
        &self.chat
    }

    /// What became of the latest requests at the table (newest last).
    pub fn news(&self) -> &[NewsLine] {
        &self.news
    }

    fn tell(&mut self, text: String) {
        self.news.push(NewsLine { seq: self.events, board: self.number, text });
        let excess = self.news.len().saturating_sub(NEWS_KEPT);
        self.news.drain(..excess);
    }

    pub fn finished(&self) -> &[Arc<FinishedBoard>] {
        &self.finished
    }

    /// Board `number` as this table finished it: one of the boards before, or the current
    /// board once it is over; `None` for a board not played to its end here.
    pub fn finished_board(&self, number: u32) -> Option<FinishedBoard> {
        match self.outcome() {
            Some(outcome) if number == self.number => Some(self.finish(outcome)),
            _ => self.finished.iter().find(|f| f.board.number.get() == number).map(|f| FinishedBoard::clone(f)),
        }
    }

    /// The current board, over with `outcome`, as it is kept among the finished boards.
    fn finish(&self, outcome: Outcome) -> FinishedBoard {
        let check = self.claim_check.zip(self.claimed_tricks()).map(|(dd, claimed)| (claimed, dd));
        FinishedBoard { board: self.table.board().clone(), events: self.table.events().to_vec(), outcome, claim_check: check }
    }

    /// The number of events applied since the room was created.
    pub fn event_count(&self) -> usize {
        self.events
    }

    /// The later explanation `seat` gave of its call number `call`, if any.
    pub fn answer(&self, call: usize) -> Option<&str> {
        self.answers.iter().rev().find(|(_, c, _)| *c == call).map(|(_, _, t)| t.as_str())
    }

    /// How the current board ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.skipped {
            return Some(Outcome::Skipped);
        }
        self.table.result().map(|r| Outcome::Played { result: *r })
    }

    /// The current board's result as the field sees it (with the opening lead), once it is over.
    pub fn field_result(&self, table_id: &str) -> Option<crate::view::FieldResult> {
        let lead = self.table.play().and_then(|p| p.tricks().first()).and_then(|t| t.cards.first().copied());
        let players = Seat::ALL.map(|s| self.seats[s.index()].as_ref().map_or_else(|| "—".to_string(), Occupant::display));
        self.outcome().map(|o| crate::view::FieldResult::of(table_id, &o).with_lead(lead).with_players(players))
    }

    /// True once the current board has ended (played out, agreed claim, passed out or skipped).
    pub fn board_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// True once the last board of the set is over.
    pub fn set_over(&self) -> bool {
        self.board_over() && self.number >= self.options.boards
    }

    /// The seat whose person acts next at the table (declarer for dummy's cards, Law 45B).
    pub fn player_to_act(&self) -> Option<Seat> {
        if self.skipped {
            return None;
        }
        self.table.to_act().map(|hand| self.table.player_for(hand))
    }

    fn is_person(&self, seat: Seat) -> bool {
        matches!(self.seats[seat.index()], Some(Occupant::Player { .. }))
    }

    /// Seats held by people.
    pub fn people(&self) -> Vec<Seat> {
        Seat::ALL.into_iter().filter(|s| self.is_person(*s)).collect()
    }

    fn in_progress(&self) -> bool {
        !self.board_over()
    }

    /// Turns `actor`'s request into events and applies them; on refusal nothing changes.
    pub fn act(&mut self, actor: &Actor, action: Action) -> Result<Vec<RoomEvent>, OnlineError> {
        let events = self.decide(actor, action)?;
        let mut next = self.clone();
        for e in &events {
            next.apply(e)?;
        }
        *self = next;
        Ok(events)
    }

    /// The events `action` by `actor` would produce, or why the Laws refuse it.
    pub fn decide(&self, actor: &Actor, action: Action) -> Result<Vec<RoomEvent>, OnlineError> {
        use Action::*;
        match action {
            Sit { seat } => return self.decide_sit(actor, seat),
            Chat { text, to } => return self.decide_chat(actor, text, to),
            _ => {}
        }
        let seat = actor.seat.ok_or(OnlineError::NotSeated)?;
        match action {
            Sit { .. } | Chat { .. } => unreachable!("handled above"),
            Leave => Ok(vec![RoomEvent::Left { seat }]),
            Call { call, alert, explanation } => {
                let explanation = explanation.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
                if explanation.as_ref().is_some_and(|t| t.chars().count() > MAX_EXPLANATION) {
                    return Err(OnlineError::Explanation("an explanation may have at most 300 characters"));
                }
                self.check_table(seat, TableEvent::Call { seat, call, alert, explanation: explanation.clone() })?;
                Ok(vec![RoomEvent::Table { event: TableEvent::Call { seat, call, alert, explanation } }])
            }
            Play { card } => {
                let hand = self.table.to_act().filter(|h| self.table.player_for(*h) == seat).unwrap_or(seat);
                let event = TableEvent::Play { seat: hand, card };
                self.check_table(seat, event.clone())?;
                Ok(vec![RoomEvent::Table { event }])
            }
            Claim { tricks, statement } => {
                if self.undo.is_some() || self.skip.is_some() {
                    return Err(OnlineError::Claim("answer the pending undo or skip request first"));
                }
                let statement: String = statement.trim().chars().take(MAX_CHAT).collect();
                let event = TableEvent::Claim { seat, tricks, statement };
                self.check_table(seat, event.clone())?;
                let dd = self.dd_tricks_for(seat.side());
                Ok(vec![RoomEvent::Table { event }, RoomEvent::ClaimChecked { dd_tricks: dd }])
            }
            AnswerClaim { accept } => {
                if accept {
                    let event = TableEvent::AcceptClaim { seat };
                    self.check_table(seat, event.clone())?;
                    Ok(vec![RoomEvent::Table { event }])
                } else {
                    let doubt = TableEvent::DoubtClaim { seat };
                    let claim = self.table.pending_claim().ok_or(tenace_table::LawError::NoClaim)?;
                    if claim.claimer.side() == seat.side() || Some(seat) == self.table.dummy() {
                        return Err(tenace_table::LawError::NotAnOpponentOfClaimer { seat }.into());
                    }
                    self.check_table(seat, doubt.clone())?;
                    // OKb: a rejected claim is withdrawn and play resumes (Law 68D).
                    Ok(vec![RoomEvent::Table { event: doubt }, RoomEvent::Table { event: TableEvent::ResumePlay }])
                }
            }
            RequestUndo => self.decide_undo_request(seat),
            AnswerUndo { accept } => {
                let req = self.undo.as_ref().ok_or(OnlineError::Undo("there is no undo request to answer"))?;
                if !req.awaiting.contains(&seat) {
                    return Err(OnlineError::Undo("only the requester's opponents answer an undo request"));
                }
                let mut out = vec![RoomEvent::UndoAnswered { by: seat, accept }];
                if accept && req.awaiting.len() == 1 {
                    out.push(RoomEvent::Undone);
                }
                Ok(out)
            }
            RequestSkip => {
                if !self.in_progress() {
                    return Err(OnlineError::Skip("the board is already over"));
                }
                if self.skip.is_some() {
                    return Err(OnlineError::Skip("a skip request is already waiting for answers"));
                }
                let mut out = vec![RoomEvent::SkipRequested { by: seat }];
                if self.people().iter().all(|s| *s == seat) {
                    out.push(RoomEvent::Skipped);
                }
                Ok(out)
            }
            AnswerSkip { accept } => {
                let req = self.skip.as_ref().ok_or(OnlineError::Skip("there is no skip request to answer"))?;
                if !req.awaiting.contains(&seat) {
                    return Err(OnlineError::Skip("you have already answered, or you asked for the skip"));
                }
                let mut out = vec![RoomEvent::SkipAnswered { by: seat, accept }];
                if accept && req.awaiting.len() == 1 {
                    out.push(RoomEvent::Skipped);
                }
                Ok(out)
            }
            ElectSkip { reason } => {
                if !self.in_progress() {
                    return Err(OnlineError::Skip("the board is already over"));
                }
                let reason = reason.trim().to_string();
                if reason.is_empty() || reason.chars().count() > MAX_EXPLANATION {
                    return Err(OnlineError::Skip("name the irregularity (1 to 300 characters)"));
                }
                let offender = self
                    .actors()
                    .last()
                    .copied()
                    .flatten()
                    .filter(|o| o.side() != seat.side())
                    .ok_or(OnlineError::Skip("a skip is required right after the opponent's irregular action, before play continues (OKb 9B1)"))?;
                Ok(vec![RoomEvent::SkipElected { by: seat, offender, reason }, RoomEvent::Skipped])
            }
            Ask { call } => {
                let calls = self.table.auction().calls();
                let made = calls.get(call).ok_or(OnlineError::Explanation("there is no such call in this auction"))?;
                if made.seat.side() == seat.side() {
                    return Err(OnlineError::Explanation("ask about an opponent's call; partner's calls are not explained to you"));
                }
                if self.player_to_act() != Some(seat) {
                    return Err(OnlineError::Explanation("a player asks for an explanation at their own turn"));
                }
                if self.questions.iter().any(|q| q.by == seat && q.call == call) {
                    return Err(OnlineError::Explanation("that question is already waiting for its answer"));
                }
                Ok(vec![RoomEvent::Asked { by: seat, call }])
            }
            Explain { call, text } => {
                let calls = self.table.auction().calls();
                let made = calls.get(call).ok_or(OnlineError::Explanation("there is no such call in this auction"))?;
                if made.seat != seat {
                    return Err(OnlineError::Explanation("a player explains only their own calls"));
                }
                let text = text.trim().to_string();
                if text.is_empty() || text.chars().count() > MAX_EXPLANATION {
                    return Err(OnlineError::Explanation("an explanation has 1 to 300 characters"));
                }
                Ok(vec![RoomEvent::Explained { seat, call, text }])
            }
            NextBoard => {
                if !self.board_over() {
                    return Err(OnlineError::BoardInProgress);
                }
                if self.number >= self.options.boards {
                    return Err(OnlineError::SetFinished);
                }
                Ok(vec![RoomEvent::NextBoard])
            }
        }
    }

    fn decide_sit(&self, actor: &Actor, seat: Seat) -> Result<Vec<RoomEvent>, OnlineError> {
        match &self.seats[seat.index()] {
            Some(Occupant::Player { name }) if *name == actor.name => return Ok(Vec::new()),
            Some(Occupant::Player { name }) => return Err(OnlineError::SeatTaken { seat, by: name.clone() }),
            _ => {}
        }
        if let Some(s) = self.seat_of(&actor.name) {
            return Err(OnlineError::AlreadySeated { seat: s });
        }
        Ok(vec![RoomEvent::Sat { seat, occupant: Occupant::player(&actor.name) }])
    }

    fn decide_chat(&self, actor: &Actor, text: String, to: Option<Seat>) -> Result<Vec<RoomEvent>, OnlineError> {
        let text = text.trim().to_string();
        if text.is_empty() || text.chars().count() > MAX_CHAT {
            return Err(OnlineError::ChatLength { max: MAX_CHAT });
        }
        let audience = match (actor.seat, to) {
            (None, _) if self.in_progress() => {
                if to.is_some() {
                    return Err(OnlineError::KibitzerMayNotTalk);
                }
                Audience::Kibitzers
            }
            (None, Some(_)) => return Err(OnlineError::NotSeated),
            (None, None) | (Some(_), None) => Audience::All,
            (Some(from), Some(to)) => {
                if to == from.partner() && self.in_progress() {
                    return Err(OnlineError::PrivateToPartner);
                }
                Audience::Private { from, to }
            }
        };
        let to_name = match audience {
            Audience::Private { to, .. } => Some(self.occupant(to).map(|o| o.display()).ok_or(OnlineError::EmptySeat { seat: to })?),
            _ => None,
        };
        Ok(vec![RoomEvent::Chat { line: ChatLine { from: actor.name.clone(), seat: actor.seat, audience, text, to_name } }])
    }

    fn decide_undo_request(&self, seat: Seat) -> Result<Vec<RoomEvent>, OnlineError> {
        if !self.in_progress() {
            return Err(OnlineError::Undo("the board is over; its result stands"));
        }
        if self.table.pending_claim().is_some() {
            return Err(OnlineError::Undo("not while a claim is pending"));
        }
        if self.undo.is_some() {
            return Err(OnlineError::Undo("an undo request is already waiting for answers"));
        }
        self.undo_length(seat)?;
        let awaiting = self.undo_consenters(seat);
        let mut out = vec![RoomEvent::UndoRequested { by: seat }];
        if awaiting.is_empty() {
            out.push(RoomEvent::Undone);
        }
        Ok(out)
    }

    /// Who acted in each recorded table event (the person: declarer for dummy's cards).
    fn actors(&self) -> Vec<Option<Seat>> {
        let dummy = self.table.dummy();
        self.table
            .events()
            .iter()
            .map(|e| match e {
                TableEvent::Call { seat, .. } => Some(*seat),
                TableEvent::Play { seat, .. } if Some(*seat) == dummy => dummy.map(|d| d.partner()),
                TableEvent::Play { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect()
    }

    /// How many table events an undo by `seat` withdraws: back to and including `seat`'s last
    /// call or card, when nothing after it was done by `seat`'s partner.
    fn undo_length(&self, seat: Seat) -> Result<usize, OnlineError> {
        let actors = self.actors();
        let last = actors.iter().rposition(|a| *a == Some(seat)).ok_or(OnlineError::Undo("you have no call or card to take back"))?;
        let after = &actors[last + 1..];
        if after.iter().any(|a| a.map(|s| s.side()) != Some(seat.side().other())) {
            return Err(OnlineError::Undo("partner has acted since; only your last action, before partner's, can be taken back"));
        }
        Ok(actors.len() - last)
    }

    /// The people whose consent an undo by `seat` needs: the opponents, but dummy in the play.
    fn undo_consenters(&self, seat: Seat) -> Vec<Seat> {
        let in_play = self.table.play().is_some();
        [seat.lho(), seat.rho()].into_iter().filter(|s| self.is_person(*s)).filter(|s| !(in_play && Some(*s) == self.table.dummy())).collect()
    }

    fn check_table(&self, seat: Seat, event: TableEvent) -> Result<(), OnlineError> {
        if self.skipped {
            return Err(OnlineError::Skip("the board was skipped"));
        }
        if self.undo.is_some() {
            return Err(OnlineError::Undo("the table waits for the answer to an undo request"));
        }
        let mut t = self.table.clone();
        t.apply_as(seat, event)?;
        Ok(())
    }

    /// The most tricks `side` can take from the current position, double-dummy.
    fn dd_tricks_for(&self, side: tenace_core::Side) -> u8 {
        dd_tricks(&self.table, side)
    }

    /// Applies one stored event. Events made by [`Room::decide`] always apply; a stored log that
    /// does not is refused with the reason.
    pub fn apply(&mut self, event: &RoomEvent) -> Result<(), OnlineError> {
        match event {
            RoomEvent::Sat { seat, occupant } => {
                self.seats[seat.index()] = Some(occupant.clone());
                if let Occupant::Player { name } = occupant {
                    self.held.push((name.clone(), *seat));
                }
            }
            RoomEvent::Left { seat } => {
                self.seats[seat.index()] = None;
                // A departed player's pending consents are no longer awaited.
                for r in [&mut self.undo, &mut self.skip].into_iter().flatten() {
                    r.awaiting.retain(|s| s != seat);
                }
            }
            RoomEvent::Table { event } => {
                let claim = self.table.pending_claim().map(|c| (c.claimer, c.tricks));
                let by_robot_or_anyone = event.clone();
                self.table.apply(by_robot_or_anyone)?;
                match (event, claim) {
                    (TableEvent::DoubtClaim { seat }, Some((claimer, tricks))) => self
                        .tell(format!("{seat:?} rejected {claimer:?}'s claim of {tricks} more trick(s): the claim is withdrawn and play continues (Law 68D)")),
                    (TableEvent::AcceptClaim { .. }, Some((claimer, tricks))) if self.table.pending_claim().is_none() => {
                        self.tell(format!("{claimer:?}'s claim of {tricks} more trick(s) is accepted (Law 69A)"))
                    }
                    _ => {}
                }
                match event {
                    TableEvent::Claim { .. } => self.claim_check = None,
                    TableEvent::ResumePlay => self.claim_check = None,
                    _ => {}
                }
            }
            RoomEvent::ClaimChecked { dd_tricks } => self.claim_check = Some(*dd_tricks),
            RoomEvent::UndoRequested { by } => {
                self.undo = Some(Request { by: *by, awaiting: self.undo_consenters(*by) });
            }
            RoomEvent::UndoAnswered { by, accept } => {
                if *accept {
                    if let Some(r) = &mut self.undo {
                        r.awaiting.retain(|s| s != by);
                    }
                } else if let Some(r) = self.undo.take() {
                    self.tell(format!("{by:?} declined {:?}'s request to undo: play goes on from where it stood", r.by));
                }
            }
            RoomEvent::Undone => {
                let req = self.undo.take().ok_or(OnlineError::Undo("no undo was requested"))?;
                let n = self.undo_length(req.by)?;
                let events = self.table.events();
                let first = events.len().checked_sub(n).and_then(|i| events.get(i));
                let what = if matches!(first, Some(TableEvent::Play { .. })) { "card" } else { "call" };
                self.tell(format!(
                    "Undo agreed: {:?}'s last {what} is taken back{}",
                    req.by,
                    if n > 1 { format!(", with the {} action(s) after it", n - 1) } else { String::new() }
                ));
                for _ in 0..n {
                    self.table.undo();
                }
                let calls = self.table.auction().calls().len();
                self.questions.retain(|q| q.call < calls);
                self.answers.retain(|(_, c, _)| *c < calls);
            }
            RoomEvent::SkipRequested { by } => {
                let awaiting = self.people().into_iter().filter(|s| s != by).collect();
                self.skip = Some(Request { by: *by, awaiting });
            }
            RoomEvent::SkipAnswered { by, accept } => {
                if *accept {
                    if let Some(r) = &mut self.skip {
                        r.awaiting.retain(|s| s != by);
                    }
                } else if let Some(r) = self.skip.take() {
                    self.tell(format!("{by:?} declined {:?}'s request to skip the board: it is played", r.by));
                }
            }
            RoomEvent::SkipElected { by, offender, reason } => {
                self.tell(format!("{by:?} required a skip after {offender:?}'s irregularity ({reason}) (OKb Law 9B1)"))
            }
            RoomEvent::Skipped => {
                self.tell("The board is skipped: Average to both sides (Law 12C2)".to_string());
                self.skip = None;
                self.undo = None;
                self.skipped = true;
            }
            RoomEvent::Chat { line } => self.chat.push(line.clone()),
            RoomEvent::Asked { by, call } => self.questions.push(Question { by: *by, call: *call }),
            RoomEvent::Explained { seat, call, text } => {
                self.questions.retain(|q| q.call != *call);
                self.answers.push((*seat, *call, text.clone()));
            }
            RoomEvent::NextBoard => {
                let outcome = self.outcome().ok_or(OnlineError::BoardInProgress)?;
                if self.number >= self.options.boards {
                    return Err(OnlineError::SetFinished);
                }
                let finished = self.finish(outcome);
                self.finished.push(Arc::new(finished));
                self.number += 1;
                self.table = Table::new(self.options.board(self.number))?;
                self.claim_check = None;
                self.undo = None;
                self.skip = None;
                self.skipped = false;
                self.questions.clear();
                self.answers.clear();
                self.held = self
                    .seats
                    .iter()
                    .zip(Seat::ALL)
                    .filter_map(|(o, s)| match o {
                        Some(Occupant::Player { name }) => Some((name.clone(), s)),
                        _ => None,
                    })
                    .collect();
            }
        }
        self.events += 1;
        Ok(())
    }

    /// The tricks claimed by the last claim of this board, if its check is recorded.
    fn claimed_tricks(&self) -> Option<u8> {
        self.table.events().iter().rev().find_map(|e| match e {
            TableEvent::Claim { tricks, .. } => Some(*tricks),
            _ => None,
        })
    }

    /// The last claim's double-dummy check for the current board: (claimed, possible).
    pub fn current_claim_check(&self) -> Option<(u8, u8)> {
        self.claim_check.zip(self.claimed_tricks()).map(|(dd, claimed)| (claimed, dd))
    }
}

/// The most tricks `side` can take from the current position of `table`'s play, double-dummy
/// (0 when there is no play).
pub fn dd_tricks(table: &Table, side: tenace_core::Side) -> u8 {
    let Some(play) = table.play() else { return 0 };
    let strain = match table.contract() {
        Some(c) => c.strain(),
        None => return 0,
    };
    let played: Vec<Card> = play.tricks().iter().flat_map(|t| t.cards.iter().copied()).collect();
    let first_leader = play.declarer().lho();
    let Ok(position) = tenace_dds::Position::after_play(&table.board().deal, strain, first_leader, &played) else { return 0 };
    let to_play = position.to_play();
    let tricks_left = position.tricks_left();
    let for_to_play = tenace_dds::solve(&position);
    if to_play.side() == side {
        for_to_play
    } else {
        tricks_left - for_to_play
    }
}
