//! Online duplicate tournaments: who entered, when they may play, what each person may see of
//! the results (Law 16), and the ranking across the field.
//!
//! A tournament is an event fold like a table: [`Tournament::decide`] turns a request into
//! [`TournamentEvent`]s or refuses it, [`Tournament::apply`] applies them, and
//! [`Tournament::replay`] rebuilds a tournament from its stored events. The results themselves
//! are not in the tournament's log: every entrant plays at a table of the tournament's board set,
//! and each finished board's result is stored with that table's events (one transaction), so it
//! is counted exactly when it was shown. [`Field`] gathers them by board and scores them.
//!
//! The kind built so far is the **robot individual** (the format BBO players use most): each
//! entrant plays the same boards, at their own pace within the tournament's window, at a table
//! of their own, sitting South with three robots; every entrant's North-South score on a board
//! is compared with the others' (matchpoints, or IMPs across the field).
//!
//! Decisions where the Laws and the issue are silent:
//! - **The window.** Entrants register from the tournament's creation until it closes, and play
//!   from `opens_at` until `closes_at` (or until the creator closes it early). A table learns of
//!   the close and refuses play from then on, so a result counts exactly when its table stored
//!   it before the close.
//! - **Boards not played by the close** score an artificial adjusted score of Average-minus (40%,
//!   or -3 IMPs) to the entrant, who is at fault (Law 12C2), or the entrant's own score on the
//!   boards played when that is lower (Law 12C2(c), as tenace-events applies it); a board
//!   skipped at the table by consent scores Average (50%, 0 IMPs; no fault), as at any online
//!   table.
//! - **Comparisons.** Matchpoints: each played result against every other played result on the
//!   board, as a percentage of the top (Law 78A; 50% for the only result on a board). IMPs: the
//!   IMPs against every other result, divided by the number of comparisons (cross-IMPs, PBN
//!   `Cross2`, Law 78B). Adjusted scores are not compared against.
//! - **What each person sees (Law 16, OKb: nobody learns a result before playing the deal).** A
//!   board's traveller is shown to an entrant who has played that board, and to everyone once
//!   the tournament is over. The ranking is shown to an entrant who has played every board, and
//!   to everyone once the tournament is over. Until then others see only who entered and how
//!   many boards each has played.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use tenace_core::Seat;
use tenace_events::matchpoints::{matchpoints, percentage};
use tenace_events::{Artificial, Contestant, Event, Factoring, Kind as EventKind, Line, Method, Outcome, TableResult, ROBOTS};
use tenace_online::view::FieldResult;

pub mod pairs;
pub mod rounds;
pub mod teams;

/// The kinds of tournament.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Each entrant plays the boards with three robots, at their own pace in a window.
    RobotIndividual,
    /// Pairs at a set time, round by round on a clock ([`pairs`]).
    Pairs,
    /// Swiss teams at a set time: two-room matches, IMPs and victory points ([`teams`]).
    Teams,
}

/// How results are compared across the field.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// Matchpoints, as a percentage of the top (Law 78A).
    Matchpoints,
    /// IMPs across the field per comparison (Law 78B; PBN `Cross2`).
    Imps,
}

/// How a tournament was set up; fixed at creation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentOptions {
    pub name: String,
    /// The account that created it (it may close the window early).
    pub creator: String,
    pub kind: Kind,
    /// Boards 1..=boards, the same deals for every entrant.
    pub boards: u32,
    pub scoring: Scoring,
    /// Unix seconds: play starts.
    pub opens_at: i64,
    /// Unix seconds: play ends.
    pub closes_at: i64,
    /// The board set's seed (Law 6 dealing, `tenace_events::dealing::seeded_deal`). Never shown.
    pub set_seed: u64,
}

/// The longest tournament name accepted, in characters.
pub const MAX_NAME: usize = 60;
/// The most boards a tournament may have.
pub const MAX_BOARDS: u32 = 36;

impl TournamentOptions {
    /// Checks the options a person asked for.
    pub fn check(&self) -> Result<(), TournamentError> {
        let name = self.name.trim();
        if name.is_empty() || name.chars().count() > MAX_NAME {
            return Err(TournamentError::BadOptions(format!("a tournament's name has 1 to {MAX_NAME} characters")));
        }
        if self.boards == 0 || self.boards > MAX_BOARDS {
            return Err(TournamentError::BadOptions(format!("a tournament has 1 to {MAX_BOARDS} boards")));
        }
        if self.closes_at <= self.opens_at {
            return Err(TournamentError::BadOptions("the window must close after it opens".into()));
        }
        Ok(())
    }
}

/// What happens to a tournament, in the order it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TournamentEvent {
    Registered {
        name: String,
    },
    /// The entrant's table was opened (their first "play").
    TableOpened {
        name: String,
        table: String,
    },
    /// The creator closed the window early, at `at` (Unix seconds).
    Closed {
        at: i64,
    },
}

/// The Director at a tournament's tables, whatever its kind: a player calls (Law 9B1(a): the
/// Director must be summoned at once when attention is drawn to an irregularity), a Director
/// answers. Stored in the tournament's log with its other events.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum CallEvent {
    /// `by`, playing at the online table `room`, called the Director at `at` (Unix seconds).
    DirectorCalled { by: String, room: String, at: i64, reason: String },
    /// Director `by` answered call `call` (numbered from 1) with `ruling`.
    CallAnswered { by: String, call: u32, at: i64, ruling: String },
}

/// A call to the Director, as the Directors see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DirectorCall {
    pub number: u32,
    pub by: String,
    pub room: String,
    pub at: i64,
    pub reason: String,
    /// The Director who answered, when, and the ruling.
    pub answer: Option<(String, i64, String)>,
}

/// Every call to the Director in a tournament.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Calls(pub Vec<DirectorCall>);

impl Calls {
    /// Reads a stored event: `Some` when it was a call's (and is now applied).
    pub fn take(&mut self, json: &str) -> Option<CallEvent> {
        let event: CallEvent = serde_json::from_str(json).ok()?;
        self.apply(&event);
        Some(event)
    }

    /// The events of a new call, or the refusal.
    pub fn call(&self, by: String, room: String, reason: String, now: i64) -> Result<CallEvent, TournamentError> {
        if self.0.iter().any(|c| c.room == room && c.answer.is_none()) {
            return Err(TournamentError::BadOptions("the Director has already been called to this table and is on the way".into()));
        }
        Ok(CallEvent::DirectorCalled { by, room, at: now, reason: reason.trim().chars().take(300).collect() })
    }

    /// A Director's answer to call `call`.
    pub fn answer(&self, by: String, call: u32, ruling: String, now: i64) -> Result<CallEvent, TournamentError> {
        match self.0.iter().find(|c| c.number == call) {
            None => Err(TournamentError::BadOptions(format!("there is no call {call}"))),
            Some(c) if c.answer.is_some() => Err(TournamentError::BadOptions(format!("call {call} has been answered"))),
            Some(_) => Ok(CallEvent::CallAnswered { by, call, at: now, ruling: ruling.trim().chars().take(600).collect() }),
        }
    }

    pub fn apply(&mut self, event: &CallEvent) {
        match event {
            CallEvent::DirectorCalled { by, room, at, reason } => {
                let number = self.0.len() as u32 + 1;
                self.0.push(DirectorCall { number, by: by.clone(), room: room.clone(), at: *at, reason: reason.clone(), answer: None });
            }
            CallEvent::CallAnswered { by, call, at, ruling } => {
                if let Some(c) = self.0.iter_mut().find(|c| c.number == *call) {
                    c.answer = Some((by.clone(), *at, ruling.clone()));
                }
            }
        }
    }
}

/// Why a request is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    #[error("{0}")]
    BadOptions(String),
    #[error("the tournament is over")]
    Over,
    #[error("the tournament opens for play at {0} (Unix time); you may register now")]
    NotOpen(i64),
    #[error("{0} has already entered")]
    AlreadyEntered(String),
    #[error("{0} has not entered this tournament")]
    NotEntered(String),
    #[error("only the tournament's creator ({0}) may close it")]
    NotCreator(String),
    #[error("the stored tournament does not replay: {0}")]
    Replay(String),
}

/// Where a tournament stands at a moment.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Open for registration; play not yet.
    Upcoming,
    /// Entrants play.
    Running,
    /// Closed: the results are final.
    Finished,
}

/// One entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub name: String,
    /// The entrant's table, once opened.
    pub table: Option<String>,
}

/// A request to a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    Register {
        name: String,
    },
    /// Open `name`'s table (`table` is the id the club will give it).
    OpenTable {
        name: String,
        table: String,
    },
    Close {
        by: String,
    },
}

/// A tournament's state: its options, its entrants, and whether it was closed early.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    options: TournamentOptions,
    entrants: Vec<Entrant>,
    closed_at: Option<i64>,
}

impl Tournament {
    pub fn new(options: TournamentOptions) -> Tournament {
        Tournament { options, entrants: Vec::new(), closed_at: None }
    }

    /// Rebuilds a tournament from its stored events.
    pub fn replay(options: TournamentOptions, events: impl IntoIterator<Item = TournamentEvent>) -> Result<Tournament, TournamentError> {
        let mut t = Tournament::new(options);
        for e in events {
            t.check(&e).map_err(|err| TournamentError::Replay(err.to_string()))?;
            t.apply(&e);
        }
        Ok(t)
    }

    pub fn options(&self) -> &TournamentOptions {
        &self.options
    }

    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    pub fn entrant(&self, name: &str) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.name == name)
    }

    /// The entrant playing at `table`.
    pub fn entrant_at(&self, table: &str) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.table.as_deref() == Some(table))
    }

    /// When play ends: the window's close, or the creator's earlier one.
    pub fn closes_at(&self) -> i64 {
        self.closed_at.map_or(self.options.closes_at, |c| c.min(self.options.closes_at))
    }

    pub fn phase(&self, now: i64) -> Phase {
        Phase::of_window(self.options.opens_at, self.closes_at(), now)
    }

    /// The events a request makes, or why it is refused; changes nothing.
    pub fn decide(&self, request: Request, now: i64) -> Result<Vec<TournamentEvent>, TournamentError> {
        let phase = self.phase(now);
        if phase == Phase::Finished {
            return Err(TournamentError::Over);
        }
        let event = match request {
            Request::Register { name } => TournamentEvent::Registered { name },
            Request::OpenTable { name, table } => {
                if phase == Phase::Upcoming {
                    return Err(TournamentError::NotOpen(self.options.opens_at));
                }
                TournamentEvent::TableOpened { name, table }
            }
            Request::Close { by } => {
                if by != self.options.creator {
                    return Err(TournamentError::NotCreator(self.options.creator.clone()));
                }
                TournamentEvent::Closed { at: now }
            }
        };
        self.check(&event)?;
        Ok(vec![event])
    }

    /// Whether an event can follow the events so far (the window is checked by `decide`).
    fn check(&self, event: &TournamentEvent) -> Result<(), TournamentError> {
        match event {
            TournamentEvent::Registered { name } if self.entrant(name).is_some() => Err(TournamentError::AlreadyEntered(name.clone())),
            TournamentEvent::TableOpened { name, .. } => match self.entrant(name) {
                None => Err(TournamentError::NotEntered(name.clone())),
                Some(e) if e.table.is_some() => Err(TournamentError::Replay(format!("{name}'s table is already open"))),
                Some(_) => Ok(()),
            },
            TournamentEvent::Closed { .. } if self.closed_at.is_some() => Err(TournamentError::Over),
            _ => Ok(()),
        }
    }

    pub fn apply(&mut self, event: &TournamentEvent) {
        match event {
            TournamentEvent::Registered { name } => self.entrants.push(Entrant { name: name.clone(), table: None }),
            TournamentEvent::TableOpened { name, table } => {
                if let Some(e) = self.entrants.iter_mut().find(|e| &e.name == name) {
                    e.table = Some(table.clone());
                }
            }
            TournamentEvent::Closed { at } => self.closed_at = Some(*at),
        }
    }
}

/// A robot individual sends every traveller the viewer may see, and the list of entrants, up to
/// this many entrants; in a larger field, one board's traveller at a time, when asked for, and
/// the viewer's own line of the list.
pub const FULL_TRAVELLERS: usize = 100;

/// In a robot individual of more than [`FULL_TRAVELLERS`] entrants, the ranking sent is its first
/// `RANKING_TOP` lines and the viewer's own line with [`RANKING_AROUND`] either side (the whole
/// ranking is in the report at the close): 2,000 lines in every view cost 120 KB each time, and
/// that much buffer held by every connection.
pub const RANKING_TOP: usize = 50;
/// See [`RANKING_TOP`].
pub const RANKING_AROUND: usize = 3;

/// The lines of `all` a large field sends to `viewer`, and the indices (into what is sent) before
/// which lines were left out.
fn ranking_excerpt(all: Vec<Standing>, viewer: &str) -> (Vec<Standing>, Vec<usize>) {
    let mine = all.iter().position(|s| s.name == viewer);
    let keep = |i: usize| i < RANKING_TOP || mine.is_some_and(|m| i + RANKING_AROUND >= m && i <= m + RANKING_AROUND);
    let mut lines = Vec::new();
    let mut gaps = Vec::new();
    let total = all.len();
    for (i, s) in all.into_iter().enumerate() {
        if keep(i) {
            if i > 0 && !keep(i - 1) {
                gaps.push(lines.len());
            }
            lines.push(s);
        }
    }
    if total > 0 && !keep(total - 1) {
        gaps.push(lines.len());
    }
    (lines, gaps)
}

impl Phase {
    /// A play window's phase at `now` (Unix seconds): upcoming before it opens, finished from
    /// when it closes.
    pub fn of_window(opens_at: i64, closes_at: i64, now: i64) -> Phase {
        if now >= closes_at {
            Phase::Finished
        } else if now < opens_at {
            Phase::Upcoming
        } else {
            Phase::Running
        }
    }
}

/// The seat every entrant of a robot individual takes.
pub const ENTRANT_SEAT: Seat = Seat::South;

/// What an entrant scored on one board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardScore {
    pub board: u32,
    /// The contract played (`4SX`, `Pass`), or `Skipped`, or `Not played` (at the close).
    pub contract: String,
    pub declarer: Option<Seat>,
    pub tricks: Option<u8>,
    /// The opening lead, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead: Option<tenace_core::Card>,
    /// North-South's score (the entrant's side); `None` for an adjusted score.
    pub score_ns: Option<i32>,
    /// The matchpoint percentage, or the IMPs, this result earned.
    pub value: f64,
    /// The club table where it was played, when known (the board's replay is there).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
}

/// One line of the ranking.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    pub rank: u32,
    pub name: String,
    /// Mean matchpoint percentage over the boards counted, or total IMPs.
    pub total: f64,
    pub boards: u32,
}

/// One row of a board's traveller.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TravellerRow {
    pub name: String,
    #[serde(flatten)]
    pub score: BoardScore,
}

/// The results of the field, by board: every entrant's table's result, and each board's scores
/// computed when a result arrives (so a ranking costs one pass over the entrants). Built from
/// the stored results of the tournament's board set; results from tables that are not an
/// entrant's are ignored.
#[derive(Clone, Debug, Default)]
pub struct Field {
    /// board -> (entrant index, result)
    boards: BTreeMap<u32, Vec<(usize, FieldResult)>>,
    /// board -> (entrant index, score), as of the last result on the board.
    scored: BTreeMap<u32, Vec<(usize, BoardScore)>>,
    /// entrant index -> the boards they have a result on (so a view does not scan the field).
    played: BTreeMap<usize, BTreeSet<u32>>,
}

impl Field {
    /// Adds a table's result on a board (a later result from the same table replaces it) and
    /// scores the board again.
    pub fn add(&mut self, tournament: &Tournament, board: u32, result: FieldResult) {
        let Some(i) = tournament.entrants.iter().position(|e| e.table.as_deref() == Some(result.table.as_str())) else { return };
        if board == 0 || board > tournament.options.boards {
            return;
        }
        let rows = self.boards.entry(board).or_default();
        rows.retain(|(j, _)| *j != i);
        rows.push((i, result));
        let scored = score_board(tournament.options.scoring, board, rows);
        self.scored.insert(board, scored);
        self.played.entry(i).or_default().insert(board);
    }

    /// The boards `entrant` (an index into the entrants) has a result on.
    fn played(&self, entrant: usize) -> Vec<u32> {
        self.played.get(&entrant).map(|b| b.iter().copied().collect()).unwrap_or_default()
    }

    fn played_count(&self, entrant: usize) -> u32 {
        self.played.get(&entrant).map_or(0, |b| b.len() as u32)
    }

    fn scored(&self, board: u32) -> &[(usize, BoardScore)] {
        self.scored.get(&board).map(Vec::as_slice).unwrap_or(&[])
    }

    /// An entrant's scores board by board: the boards played, and when `finished`, Average-minus
    /// for each board not played (Law 12C2, the entrant at fault; Law 12C2(c): their own
    /// session score instead when it is lower).
    fn card(&self, tournament: &Tournament, entrant: usize, finished: bool) -> Vec<BoardScore> {
        let played: Vec<BoardScore> =
            (1..=tournament.options.boards).filter_map(|b| self.scored(b).iter().find(|(i, _)| *i == entrant).map(|(_, s)| s.clone())).collect();
        let at_fault = at_fault(tournament.options.scoring, &played);
        (1..=tournament.options.boards)
            .filter_map(|board| match played.iter().find(|s| s.board == board) {
                Some(s) => Some(s.clone()),
                None if finished => Some(not_played(board, at_fault)),
                None => None,
            })
            .map(BoardScore::rounded)
            .collect()
    }

    /// The ranking: every entrant by total (mean percentage, or IMPs), ties sharing a rank.
    /// Until `finished`, each entrant's boards played so far; then every board, those not played
    /// at Average-minus (Law 12C2, with the session rule of 12C2(c)).
    pub fn ranking(&self, tournament: &Tournament, finished: bool) -> Vec<Standing> {
        let scoring = tournament.options.scoring;
        let mut cards: Vec<Vec<BoardScore>> = vec![Vec::new(); tournament.entrants.len()];
        for rows in self.scored.values() {
            for (i, s) in rows {
                if let Some(v) = cards.get_mut(*i) {
                    v.push(s.clone());
                }
            }
        }
        // Ranked on the exact totals (a tie is equal scores, not equal rounded figures), shown
        // rounded.
        let mut lines: Vec<(f64, Standing)> = tournament
            .entrants
            .iter()
            .zip(cards)
            .map(|(e, card)| {
                let mut values: Vec<f64> = card.iter().map(|s| s.value).collect();
                if finished {
                    values.resize(tournament.options.boards as usize, at_fault(scoring, &card));
                }
                let boards = values.len() as u32;
                let total = match scoring {
                    Scoring::Matchpoints if boards > 0 => values.iter().sum::<f64>() / f64::from(boards),
                    Scoring::Matchpoints => 0.0,
                    Scoring::Imps => values.iter().sum(),
                };
                (total, Standing { rank: 0, name: e.name.clone(), total: round2(total), boards })
            })
            .collect();
        lines.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.name.cmp(&b.1.name)));
        for k in 0..lines.len() {
            let tied = k > 0 && (lines[k].0 - lines[k - 1].0).abs() <= 1e-9 * lines[k].0.abs().max(1.0);
            lines[k].1.rank = if tied { lines[k - 1].1.rank } else { k as u32 + 1 };
        }
        lines.into_iter().map(|(_, s)| s).collect()
    }

    /// A board's traveller: every entrant's result, best North-South score first.
    pub fn traveller(&self, tournament: &Tournament, board: u32) -> Vec<TravellerRow> {
        let mut rows: Vec<TravellerRow> = self
            .scored(board)
            .iter()
            .filter_map(|(i, score)| Some(TravellerRow { name: tournament.entrants.get(*i)?.name.clone(), score: score.clone().rounded() }))
            .collect();
        rows.sort_by(|a, b| b.score.score_ns.cmp(&a.score.score_ns).then_with(|| a.name.cmp(&b.name)));
        rows
    }
}

impl Field {
    /// The robot individual at its close as a tenace-events event, for the PBN and HTML reports:
    /// a pairs event whose contestants are the entrants with their robot partners, numbered in the
    /// order they registered, against the robots East-West at every table
    /// (`tenace_events::ROBOTS`: scored, never ranked). A board
    /// an entrant did not play is Average-minus to them (Law 12C2, with 12C2(c)) and Average to
    /// the robots; a board skipped by consent is Average to both. Matchpoints are factored in
    /// proportion (`Factoring::Proportional`: an entrant's percentage on a board is the one the
    /// tournament showed, whatever the number of results there), IMPs are cross-IMPs per
    /// comparison. Scored by tenace-events, it ranks as [`Field::ranking`] does at the close.
    pub fn event(&self, tournament: &Tournament) -> Result<Event, TournamentError> {
        let options = &tournament.options;
        let method = match options.scoring {
            Scoring::Matchpoints => Method::Matchpoints,
            Scoring::Imps => Method::Cross2,
        };
        let mut event = Event::new(options.name.clone(), EventKind::Pairs, method, options.boards).map_err(|e| TournamentError::Replay(e.to_string()))?;
        event.date = Some(pbn_date(options.opens_at));
        event.factoring = Factoring::Proportional;
        for b in &mut event.boards {
            b.deal = Some(tenace_events::dealing::seeded_deal(options.set_seed, b.number));
        }
        event.contestants = tournament
            .entrants
            .iter()
            .enumerate()
            .map(|(i, e)| Contestant { number: i as u32 + 1, name: e.name.clone(), players: vec![e.name.clone(), "Robot".into()], section: None })
            .collect();
        event.contestants.push(Contestant { number: ROBOTS, name: "Robots".into(), players: Vec::new(), section: None });
        let mut results = Vec::with_capacity(tournament.entrants.len() * options.boards as usize);
        for (i, _) in tournament.entrants.iter().enumerate() {
            let entrant = Line::One(i as u32 + 1);
            for board in 1..=options.boards {
                let played = self.boards.get(&board).and_then(|rows| rows.iter().find(|(j, _)| *j == i)).map(|(_, r)| r);
                let outcome = played.map(pairs::outcome_of).unwrap_or(Outcome::Artificial { ns: Artificial::AverageMinus, ew: Artificial::Average });
                let mut result = TableResult::new(board, entrant.clone(), Line::One(ROBOTS), outcome);
                result.lead = played.and_then(|r| r.lead);
                result.table = Some(i as u32 + 1);
                results.push(result);
            }
        }
        event.enter_all(results).map_err(|e| TournamentError::Replay(e.to_string()))?;
        Ok(event)
    }
}

pub use tenace_events::event::pbn_date;

/// Every result on a board scored against the others: matchpoint percentages (Law 78A) or
/// cross-IMPs per comparison (Law 78B); a skipped board is Average.
fn score_board(scoring: Scoring, board: u32, rows: &[(usize, FieldResult)]) -> Vec<(usize, BoardScore)> {
    let scores: Vec<i32> = rows.iter().filter_map(|(_, r)| r.score_ns).collect();
    let values: Vec<f64> = match scoring {
        Scoring::Matchpoints => matchpoints(&scores).into_iter().map(|mp| percentage(mp, scores.len())).collect(),
        Scoring::Imps => cross_imps(&scores),
    };
    let mut played = values.into_iter();
    rows.iter()
        .map(|(i, r)| {
            let value = if r.score_ns.is_some() { played.next().unwrap_or(0.0) } else { average(scoring) };
            let contract = r.contract.clone().unwrap_or_else(|| "Skipped".into());
            (
                *i,
                BoardScore { board, contract, declarer: r.declarer, tricks: r.tricks, lead: r.lead, score_ns: r.score_ns, value, table: Some(r.table.clone()) },
            )
        })
        .collect()
}

/// Cross-IMPs per comparison for every score (the same as `tenace_events::imps::cross2` on
/// single scores), in `O(n log n)`: the IMPs of a difference count the steps of the Law 78B
/// scale it reaches, so a score's sum against the field counts, for each step, the scores at
/// least that far below it less those at least that far above.
pub fn cross_imps(scores: &[i32]) -> Vec<f64> {
    let steps = imp_steps();
    let mut sorted = scores.to_vec();
    sorted.sort_unstable();
    let at_most = |x: i64| sorted.partition_point(|&s| i64::from(s) <= x);
    let n = scores.len();
    let comparisons = n.saturating_sub(1).max(1) as f64;
    scores
        .iter()
        .map(|&s| {
            let s = i64::from(s);
            let total: i64 = steps
                .iter()
                .map(|&t| {
                    let below = at_most(s - t) as i64;
                    let above = (n - at_most(s + t - 1)) as i64;
                    below - above
                })
                .sum();
            total as f64 / comparisons
        })
        .collect()
}

/// The smallest difference reaching each IMP of the Law 78B scale (1 to 24 IMPs), read off
/// `tenace_core::imps` itself.
fn imp_steps() -> Vec<i64> {
    let mut steps = Vec::new();
    let mut d: i32 = 0;
    while steps.len() < 24 && d <= 10_000 {
        if tenace_core::imps(d) as usize > steps.len() {
            steps.push(i64::from(d));
        } else {
            d += 1;
        }
    }
    steps
}

fn average(scoring: Scoring) -> f64 {
    match scoring {
        Scoring::Matchpoints => 50.0,
        Scoring::Imps => 0.0,
    }
}

/// Law 12C2: Average-minus to a side at fault, 40% (or -3 IMPs) — or, by 12C2(c), the side's
/// own score on the boards it played (`card`; adjusted scores left out) when that is lower.
fn at_fault(scoring: Scoring, card: &[BoardScore]) -> f64 {
    let played: Vec<f64> = card.iter().filter(|s| s.score_ns.is_some()).map(|s| s.value).collect();
    let session = (!played.is_empty()).then(|| played.iter().sum::<f64>() / played.len() as f64);
    let minus = tenace_events::Artificial::AverageMinus;
    match scoring {
        Scoring::Matchpoints => 100.0 * minus.fraction_with_session(session.map(|s| s / 100.0)),
        Scoring::Imps => minus.imps_with_session(session),
    }
}

/// A board the entrant did not play by the close: `value` is their Law 12C2 score.
fn not_played(board: u32, value: f64) -> BoardScore {
    BoardScore { board, contract: NOT_PLAYED.into(), declarer: None, tricks: None, lead: None, score_ns: None, value, table: None }
}

/// The contract shown for a board not played by the close.
const NOT_PLAYED: &str = "Not played";

impl BoardScore {
    /// As shown: the value rounded to hundredths (totals are made from the exact values).
    fn rounded(self) -> BoardScore {
        BoardScore { value: round2(self.value), ..self }
    }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// What one person may see of a tournament (Law 16; see the crate's docs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentView {
    pub id: String,
    pub name: String,
    pub creator: String,
    pub kind: Kind,
    pub scoring: Scoring,
    pub boards: u32,
    pub opens_at: i64,
    pub closes_at: i64,
    pub phase: Phase,
    /// Who entered, with the number of boards each has played (in a robot individual of more
    /// than [`FULL_TRAVELLERS`] entrants, the viewer alone).
    pub entrants: Vec<(String, u32)>,
    /// How many entered.
    #[serde(default)]
    pub entrant_count: usize,
    /// The viewer has entered.
    pub entered: bool,
    /// The viewer's table, once opened.
    pub table: Option<String>,
    /// The viewer's own scores, board by board.
    pub card: Vec<BoardScore>,
    /// The ranking, when the viewer may see it (in a large robot individual, an excerpt: see
    /// [`RANKING_TOP`]).
    pub ranking: Option<Vec<Standing>>,
    /// The excerpt's gaps: lines were left out before each of these indices into `ranking` (one
    /// equal to its length: lines left out at the end).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ranking_gaps: Vec<usize>,
    /// The travellers of the boards the viewer may see (in a large robot individual, only the
    /// one asked for).
    pub travellers: BTreeMap<u32, Vec<TravellerRow>>,
    /// Every board whose traveller the viewer may see (Law 16), sent or not.
    #[serde(default)]
    pub traveller_boards: Vec<u32>,
    /// The calls to the Director: every call for a Director who directs it, a table's own calls
    /// for its players (filled in by the club).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub calls: Vec<DirectorCall>,
    /// The hand record of each board whose traveller is sent (filled in by the club).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub hands: BTreeMap<u32, BoardHands>,
    /// Pairs: the round being played, when it runs out of time, and the viewer's seat in it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_ends_at: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// Slow play, for the Director: the (round, table, board) not played when a round's time
    /// ran out (scored Average/Average until the Director decides who was at fault).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub late: Vec<(u32, u32, u32)>,
}

/// A board of the hand record: the deal and, once the solver has finished, its double-dummy
/// table and par.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardHands {
    /// The deal in PBN (`N:AKQ2.J5.T987.43 ...`).
    pub deal: String,
    pub dealer: Seat,
    pub vulnerability: tenace_core::Vulnerability,
    pub record: Option<tenace_online::view::HandRecord>,
}

/// One line of the lobby's list of tournaments.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentSummary {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub scoring: Scoring,
    pub boards: u32,
    pub opens_at: i64,
    pub closes_at: i64,
    pub phase: Phase,
    pub entrants: usize,
}

impl Tournament {
    pub fn summary(&self, id: &str, now: i64) -> TournamentSummary {
        let o = &self.options;
        TournamentSummary {
            id: id.to_string(),
            name: o.name.clone(),
            kind: o.kind,
            scoring: o.scoring,
            boards: o.boards,
            opens_at: o.opens_at,
            closes_at: self.closes_at(),
            phase: self.phase(now),
            entrants: self.entrants.len(),
        }
    }

    /// What `viewer` may see now (Law 16): travellers of the boards they played, the ranking once
    /// they played every board; everything once the tournament is over. In a field of more than
    /// [`FULL_TRAVELLERS`] entrants only the traveller of `board` (when the viewer may see it)
    /// is sent: the view names the others in `traveller_boards`.
    pub fn view(&self, id: &str, field: &Field, viewer: &str, now: i64, board: Option<u32>) -> TournamentView {
        let phase = self.phase(now);
        let finished = phase == Phase::Finished;
        let me = self.entrants.iter().position(|e| e.name == viewer);
        let played = me.map(|i| field.played(i)).unwrap_or_default();
        let visible: Vec<u32> = if finished { (1..=self.options.boards).collect() } else { played.clone() };
        let sent: Vec<u32> =
            if self.entrants.len() <= FULL_TRAVELLERS { visible.clone() } else { visible.iter().copied().filter(|b| Some(*b) == board).collect() };
        let sees_ranking = finished || played.len() as u32 == self.options.boards;
        let large = self.entrants.len() > FULL_TRAVELLERS;
        let (ranking, ranking_gaps) = match sees_ranking.then(|| field.ranking(self, finished)) {
            Some(all) if large => {
                let (lines, gaps) = ranking_excerpt(all, viewer);
                (Some(lines), gaps)
            }
            all => (all, Vec::new()),
        };
        let o = &self.options;
        TournamentView {
            id: id.to_string(),
            name: o.name.clone(),
            creator: o.creator.clone(),
            kind: o.kind,
            scoring: o.scoring,
            boards: o.boards,
            opens_at: o.opens_at,
            closes_at: self.closes_at(),
            phase,
            // A large field's list would dwarf the view: the viewer's own line only.
            entrants: self
                .entrants
                .iter()
                .enumerate()
                .filter(|(i, _)| self.entrants.len() <= FULL_TRAVELLERS || Some(*i) == me)
                .map(|(i, e)| (e.name.clone(), field.played_count(i)))
                .collect(),
            entrant_count: self.entrants.len(),
            entered: me.is_some(),
            table: me.and_then(|i| self.entrants[i].table.clone()),
            card: me.map(|i| field.card(self, i, finished)).unwrap_or_default(),
            ranking,
            ranking_gaps,
            travellers: sent.into_iter().map(|b| (b, field.traveller(self, b))).collect(),
            traveller_boards: visible,
            hands: BTreeMap::new(),
            calls: Vec::new(),
            round: None,
            round_ends_at: None,
            seat: None,
            late: Vec::new(),
        }
    }
}
