//! Pairs at a set time: the field is seeded into a movement at the start, every round runs on a
//! clock, robot pairs fill the missing places, and the event is scored by tenace-events.
//!
//! Decisions where the Laws and the issue are silent (documented here, tested in
//! `tests/pairs.rs`):
//! - **Entry.** Two accounts enter together; one alone enters with a robot partner when the
//!   creator allows robots. At the start an odd field gets a robot pair (marked as robots in
//!   the ranking).
//! - **The movement** (Law 8), chosen at creation ([`PairsMovement`]): by default every table
//!   plays the same boards in a round (boards are duplicated online at no cost), the pairs
//!   meeting as a round robin (circle method, `tenace_events::movement::round_robin_pairings`)
//!   for `rounds` rounds at most (`n - 1` for `n` pairs). A pair sits North-South or East-West
//!   as the pairing says, so there is one field and one ranking; each board is compared across
//!   every table that played it. A Mitchell (its last round played arrow-switched, one field)
//!   or a complete Howell is played for its first `rounds` rounds when the field fits it;
//!   otherwise the field plays the shared-boards round robin.
//! - **The clock.** A round lasts `boards_per_round x minutes_per_board` minutes from its start.
//!   It ends when every table of the round has a result on every board, or when its time runs
//!   out: then every board of the round without a result is not played and scores an artificial
//!   adjusted score of Average to both sides (Law 12C2, neither side at fault, the default the
//!   issue names; the Director may change it), the tables of the round close, and the next round
//!   starts at once. Tables that finish early wait for the round to end.
//! - **A server restart** does not charge the players for the time the server was down: the
//!   club notes a running tournament's last moment alive every few seconds, and on restart adds
//!   the time since then to the running round's clock (`Resumed`).
//! - **What each pair sees (Law 16).** The traveller of a board it has played; its own score
//!   card. The ranking is shown when the tournament is over.

use serde::{Deserialize, Serialize};
use tenace_core::{Contract, Seat};
use tenace_events::adjusted::Artificial;
use tenace_events::movement::{round_robin_pairings, Movement, Slot};
use tenace_events::result::{Line, Outcome, Played, TableResult};
use tenace_events::{Contestant, Event, Kind as EventKind, Method};
use tenace_online::view::FieldResult;

use std::collections::BTreeMap;

use crate::{BoardScore, Kind, Phase, Scoring, Standing, TournamentError, TournamentSummary, TournamentView, TravellerRow};

/// How a pairs tournament was set up; fixed at creation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairsOptions {
    pub name: String,
    pub creator: String,
    pub scoring: Scoring,
    /// Unix seconds: the field is seeded and round 1 starts.
    pub starts_at: i64,
    pub boards_per_round: u32,
    /// The most rounds played (fewer when the field is small).
    pub rounds: u32,
    pub minutes_per_board: u32,
    /// A player may enter alone with a robot partner.
    pub robots: bool,
    pub set_seed: u64,
    /// The movement the field is seeded into (older tournaments: shared boards).
    #[serde(default)]
    pub movement: PairsMovement,
}

/// The movements a pairs tournament offers (Law 8; built by tenace-events).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PairsMovement {
    /// Every table plays the same boards each round (boards are duplicated online at no cost),
    /// the pairs meeting as a round robin: the movement for large fields.
    #[default]
    Shared,
    /// Mitchell: North-South pairs stay, East-West pairs and the boards move (a skip Mitchell
    /// for an even number of tables); the last round played is arrow-switched so that one field
    /// is ranked. From 2 tables (4 pairs).
    Mitchell,
    /// Complete Howell: every pair meets every other; 3 to 15 tables (6 to 30 pairs).
    Howell,
}

/// One pair of the field, numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pair {
    pub number: u32,
    /// The pair's people (one with a robot partner); none for a robot pair.
    pub players: Vec<String>,
}

impl Pair {
    pub fn name(&self) -> String {
        match self.players.as_slice() {
            [] => "Robots".into(),
            [one] => format!("{one} & Robot"),
            more => more.join(" & "),
        }
    }
}

/// What happens to a pairs tournament, in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum PairsEvent {
    /// One or two people entered (one: with a robot partner).
    Registered { players: Vec<String> },
    /// The field was seeded into the movement; round 1 starts at `at`.
    Started { at: i64, pairs: Vec<Pair>, movement: Movement },
    /// The club opened a round's table as the online table `room`.
    TableOpened { round: u32, table: u32, room: String },
    /// A round ended at `at`; `unplayed` (table, board) got Average/Average (Law 12C2). The next
    /// round, if any, starts at `at`.
    RoundEnded { round: u32, at: i64, unplayed: Vec<(u32, u32)> },
    /// The Director's adjusted score for a board at a table (Law 12), replacing what was there.
    Adjusted { by: String, round: u32, table: u32, board: u32, outcome: Outcome },
    /// The server was down for `paused` seconds during round `round`: its clock is extended.
    Resumed { round: u32, paused: i64 },
}

/// A round that ended: when, and the (table, board) not played in time.
#[derive(Clone, Debug, PartialEq)]
struct EndedRound {
    round: u32,
    at: i64,
    unplayed: Vec<(u32, u32)>,
}

/// A pairs tournament's state.
#[derive(Clone, Debug, PartialEq)]
pub struct PairsTournament {
    options: PairsOptions,
    entries: Vec<Vec<String>>,
    started: Option<(i64, Vec<Pair>, Movement)>,
    rooms: Vec<(u32, u32, String)>,
    ended: Vec<EndedRound>,
    adjusted: Vec<(u32, u32, u32, Outcome)>,
    /// (round, seconds) added to rounds' clocks after restarts.
    paused: Vec<(u32, i64)>,
}

impl PairsTournament {
    pub fn new(options: PairsOptions) -> PairsTournament {
        PairsTournament { options, entries: Vec::new(), started: None, rooms: Vec::new(), ended: Vec::new(), adjusted: Vec::new(), paused: Vec::new() }
    }

    pub fn replay(options: PairsOptions, events: impl IntoIterator<Item = PairsEvent>) -> PairsTournament {
        let mut t = PairsTournament::new(options);
        for e in events {
            t.apply(&e);
        }
        t
    }

    pub fn options(&self) -> &PairsOptions {
        &self.options
    }

    pub fn pairs(&self) -> &[Pair] {
        self.started.as_ref().map_or(&[], |s| s.1.as_slice())
    }

    pub fn movement(&self) -> Option<&Movement> {
        self.started.as_ref().map(|s| &s.2)
    }

    /// The round being played (1-based), or `None` before the start and after the last round.
    pub fn current_round(&self) -> Option<u32> {
        let movement = self.movement()?;
        let next = self.ended.len() as u32 + 1;
        (next <= movement.rounds()).then_some(next)
    }

    pub fn finished(&self) -> bool {
        self.movement().is_some() && self.current_round().is_none()
    }

    /// When round `round` started.
    pub fn round_start(&self, round: u32) -> Option<i64> {
        match round {
            1 => self.started.as_ref().map(|s| s.0),
            r => self.ended.iter().find(|e| e.round == r - 1).map(|e| e.at),
        }
    }

    /// When round `round` runs out of time (its length after its start, plus the time the
    /// server was down during it).
    pub fn round_deadline(&self, round: u32) -> Option<i64> {
        let minutes = i64::from(self.options.boards_per_round) * i64::from(self.options.minutes_per_board);
        let paused: i64 = self.paused.iter().filter(|p| p.0 == round).map(|p| p.1).sum();
        self.round_start(round).map(|s| s + minutes * 60 + paused)
    }

    /// After a restart: the events that give the running round back the time the server was
    /// down (since `last_alive`, Unix seconds).
    pub fn resume(&self, last_alive: i64, now: i64) -> Vec<PairsEvent> {
        match self.current_round() {
            Some(round) if self.started.is_some() && now > last_alive => vec![PairsEvent::Resumed { round, paused: now - last_alive }],
            _ => Vec::new(),
        }
    }

    /// The online table of a round's table, once opened.
    pub fn room(&self, round: u32, table: u32) -> Option<&str> {
        self.rooms.iter().find(|r| r.0 == round && r.1 == table).map(|r| r.2.as_str())
    }

    /// Whether a round is over (its tables closed).
    pub fn round_over(&self, round: u32) -> bool {
        self.ended.iter().any(|e| e.round == round)
    }

    /// The pair `person` plays in.
    pub fn pair_of(&self, person: &str) -> Option<&Pair> {
        self.pairs().iter().find(|p| p.players.iter().any(|n| n == person))
    }

    /// Where `person` sits this round: the slot and their seat.
    pub fn seat_of(&self, person: &str) -> Option<(&Slot, Seat)> {
        let pair = self.pair_of(person)?;
        let round = self.current_round()?;
        let slot = self.movement()?.slots.iter().find(|s| s.round == round && (s.ns == pair.number || s.ew == pair.number))?;
        let first = pair.players.first().is_some_and(|p| p == person);
        let seat = match (slot.ns == pair.number, first) {
            (true, true) => Seat::North,
            (true, false) => Seat::South,
            (false, true) => Seat::East,
            (false, false) => Seat::West,
        };
        Some((slot, seat))
    }

    pub fn entries(&self) -> &[Vec<String>] {
        &self.entries
    }

    /// Someone entering (with a partner, or alone with a robot partner).
    pub fn register(&self, players: Vec<String>, now: i64) -> Result<Vec<PairsEvent>, TournamentError> {
        if self.started.is_some() || now >= self.options.starts_at {
            return Err(TournamentError::Over);
        }
        if players.is_empty() || players.len() > 2 || (players.len() == 2 && players[0] == players[1]) {
            return Err(TournamentError::BadOptions("a pair is two different people".into()));
        }
        if players.len() == 1 && !self.options.robots {
            return Err(TournamentError::BadOptions("this tournament has no robot partners: enter with a partner".into()));
        }
        if let Some(p) = players.iter().find(|p| self.entries.iter().flatten().any(|q| q == *p)) {
            return Err(TournamentError::AlreadyEntered(p.clone()));
        }
        Ok(vec![PairsEvent::Registered { players }])
    }

    /// What the clock does at `now`: start the tournament at its time, end a round when every
    /// board of it has a result (`has_result(table, board)`) or its time has run out.
    pub fn tick(&self, now: i64, has_result: impl Fn(u32, u32) -> bool) -> Vec<PairsEvent> {
        let Some(movement) = self.movement() else {
            if now < self.options.starts_at {
                return Vec::new();
            }
            return vec![self.seed(now)];
        };
        let Some(round) = self.current_round() else { return Vec::new() };
        let slots: Vec<&Slot> = movement.slots.iter().filter(|s| s.round == round).collect();
        let unplayed: Vec<(u32, u32)> = slots.iter().flat_map(|s| s.boards.iter().map(|b| (s.table, *b))).filter(|(t, b)| !has_result(*t, *b)).collect();
        let out_of_time = self.round_deadline(round).is_some_and(|d| now >= d);
        if unplayed.is_empty() || out_of_time {
            vec![PairsEvent::RoundEnded { round, at: now, unplayed }]
        } else {
            Vec::new()
        }
    }

    /// The field in entry order, a robot pair added to make it even, in the movement.
    fn seed(&self, now: i64) -> PairsEvent {
        let mut pairs: Vec<Pair> = self.entries.iter().enumerate().map(|(i, players)| Pair { number: i as u32 + 1, players: players.clone() }).collect();
        while pairs.len() < 2 || pairs.len() % 2 == 1 {
            pairs.push(Pair { number: pairs.len() as u32 + 1, players: Vec::new() });
        }
        let n = pairs.len() as u32;
        let bpr = self.options.boards_per_round.max(1);
        let rounds = self.options.rounds.max(1);
        let tables = n / 2;
        let played = |mut m: Movement| {
            m.slots.retain(|s| s.round <= rounds);
            m
        };
        // Mitchell and Howell where the field fits them; otherwise (too few or too many pairs)
        // the shared-boards round robin, which fits any field.
        match self.options.movement {
            PairsMovement::Mitchell if tables >= 2 => {
                let full = if tables.is_multiple_of(2) { tables - 1 } else { tables };
                let last = rounds.min(full);
                if let Ok(m) = tenace_events::movement::mitchell(tables, bpr, full - last + 1) {
                    return PairsEvent::Started { at: now, pairs, movement: played(m) };
                }
            }
            PairsMovement::Howell if (3..=15).contains(&tables) => {
                if let Ok(m) = tenace_events::movement::howell(tables, bpr) {
                    return PairsEvent::Started { at: now, pairs, movement: played(m) };
                }
            }
            _ => {}
        }
        let slots = round_robin_pairings(n)
            .into_iter()
            .take(rounds as usize)
            .enumerate()
            .flat_map(|(r, matches)| {
                let round = r as u32 + 1;
                let boards: Vec<u32> = ((round - 1) * bpr + 1..=round * bpr).collect();
                matches.into_iter().enumerate().map(move |(t, (ns, ew))| Slot { round, table: t as u32 + 1, section: None, ns, ew, boards: boards.clone() })
            })
            .collect();
        PairsEvent::Started { at: now, pairs, movement: Movement { name: "Round robin, boards shared".into(), teams: false, slots } }
    }

    pub fn apply(&mut self, event: &PairsEvent) {
        match event {
            PairsEvent::Registered { players } => self.entries.push(players.clone()),
            PairsEvent::Started { at, pairs, movement } => self.started = Some((*at, pairs.clone(), movement.clone())),
            PairsEvent::TableOpened { round, table, room } => self.rooms.push((*round, *table, room.clone())),
            PairsEvent::RoundEnded { round, at, unplayed } => self.ended.push(EndedRound { round: *round, at: *at, unplayed: unplayed.clone() }),
            PairsEvent::Resumed { round, paused } => self.paused.push((*round, *paused)),
            PairsEvent::Adjusted { round, table, board, outcome, .. } => {
                self.adjusted.retain(|a| !(a.0 == *round && a.1 == *table && a.2 == *board));
                self.adjusted.push((*round, *table, *board, outcome.clone()));
            }
        }
    }

    /// The tournament as a tenace-events event: its pairs, movement and every result
    /// (deals, tables' results, Average/Average for boards not played in time, the Director's scores).
    pub fn event(&self, results: &[(String, u32, FieldResult)]) -> Result<Event, TournamentError> {
        let movement = self.movement().cloned().unwrap_or_default();
        let boards = movement.boards().into_iter().max().unwrap_or(0);
        let method = match self.options.scoring {
            Scoring::Matchpoints => Method::Matchpoints,
            Scoring::Imps => Method::Cross2,
        };
        let mut event = Event::new(self.options.name.clone(), EventKind::Pairs, method, boards).map_err(|e| TournamentError::Replay(e.to_string()))?;
        event.date = Some(crate::pbn_date(self.options.starts_at));
        event.contestants = self.pairs().iter().map(|p| Contestant { number: p.number, name: p.name(), players: p.players.clone(), section: None }).collect();
        fill_event(&mut event, self.options.set_seed, movement, &self.rooms, &self.late(), &self.adjusted, results);
        Ok(event)
    }
}

/// Fills a tournament's event in rounds (pairs or teams): the deals of the set, the movement,
/// and every result — the tables' results (`results`: online table, board, result; only the
/// tournament's tables), Average/Average for the boards not played in time (`late`: round,
/// table, board), and the Director's adjusted scores (round, table, board) over both.
pub(crate) fn fill_event(
    event: &mut Event,
    set_seed: u64,
    movement: Movement,
    rooms: &[(u32, u32, String)],
    late: &[(u32, u32, u32)],
    adjusted: &[(u32, u32, u32, Outcome)],
    results: &[(String, u32, FieldResult)],
) {
    for b in &mut event.boards {
        b.deal = Some(tenace_events::dealing::seeded_deal(set_seed, b.number));
    }
    let slot = |round: u32, table: u32| movement.slots.iter().find(|s| s.round == round && s.table == table);
    let mut rows: Vec<((u32, u32, u32), TableResult)> = Vec::new();
    let mut put = |slot: &Slot, board: u32, outcome: Outcome, lead: Option<tenace_core::Card>| {
        let mut r = TableResult::new(board, Line::One(slot.ns), Line::One(slot.ew), outcome);
        r.lead = lead;
        r.table = Some(slot.table);
        r.round = Some(slot.round);
        rows.retain(|(k, _)| *k != (slot.round, slot.table, board));
        rows.push(((slot.round, slot.table, board), r));
    };
    for (room, board, result) in results {
        let played_at = rooms.iter().find(|r| r.2 == *room).and_then(|(round, table, _)| slot(*round, *table));
        if let Some(s) = played_at.filter(|s| s.boards.contains(board)) {
            put(s, *board, outcome_of(result), result.lead);
        }
    }
    for (round, table, board) in late {
        if let Some(s) = slot(*round, *table) {
            put(s, *board, Outcome::Artificial { ns: Artificial::Average, ew: Artificial::Average }, None);
        }
    }
    for (round, table, board, outcome) in adjusted {
        if let Some(s) = slot(*round, *table) {
            put(s, *board, outcome.clone(), None);
        }
    }
    event.results = rows.into_iter().map(|(_, r)| r).collect();
    event.movement = Some(movement);
}

/// A table's result as tenace-events records it; a board skipped by consent is Average/Average.
pub(crate) fn outcome_of(r: &FieldResult) -> Outcome {
    let contract = r.contract.as_deref().unwrap_or("");
    if contract.eq_ignore_ascii_case("pass") {
        return Outcome::Played(Played::passed_out());
    }
    match (contract.parse::<Contract>(), r.declarer, r.tricks) {
        (Ok(c), Some(d), Some(t)) => Outcome::Played(Played::new(c, d, t)),
        _ => Outcome::Artificial { ns: Artificial::Average, ew: Artificial::Average },
    }
}

impl PairsTournament {
    /// Slow play: every (round, table, board) not played when its round's time ran out.
    pub fn late(&self) -> Vec<(u32, u32, u32)> {
        self.ended.iter().flat_map(|e| e.unplayed.iter().map(move |(t, b)| (e.round, *t, *b))).collect()
    }

    pub fn phase(&self, now: i64) -> Phase {
        if self.finished() {
            Phase::Finished
        } else if self.started.is_none() && now < self.options.starts_at {
            Phase::Upcoming
        } else {
            Phase::Running
        }
    }

    /// The boards of the movement (after the start), or as planned.
    fn boards(&self) -> u32 {
        self.movement().and_then(|m| m.boards().into_iter().max()).unwrap_or(self.options.boards_per_round * self.options.rounds)
    }

    /// When the last round runs out at the latest (the start plus every round's time, until the
    /// rounds are known).
    fn ends_at(&self) -> i64 {
        let round = i64::from(self.options.boards_per_round) * i64::from(self.options.minutes_per_board) * 60;
        let rounds = self.movement().map_or(self.options.rounds, |m| m.rounds());
        self.ended.last().map_or(0, |e| e.at).max(self.started.as_ref().map_or(self.options.starts_at, |s| s.0) + round * i64::from(rounds))
    }

    pub fn summary(&self, id: &str, now: i64) -> TournamentSummary {
        TournamentSummary {
            id: id.to_string(),
            name: self.options.name.clone(),
            kind: Kind::Pairs,
            scoring: self.options.scoring,
            boards: self.boards(),
            opens_at: self.options.starts_at,
            closes_at: self.ends_at(),
            phase: self.phase(now),
            entrants: self.entries.len(),
        }
    }

    /// What `viewer` may see now (Law 16): the travellers of the boards their pair has played
    /// and their own card; everything, with the ranking, once the tournament is over.
    /// `scores` is the event scored by tenace-events (`event` then `tenace_events::score`).
    pub fn view(&self, id: &str, scores: Option<&tenace_events::Scores>, viewer: &str, now: i64) -> TournamentView {
        let phase = self.phase(now);
        let finished = phase == Phase::Finished;
        let pair = self.pair_of(viewer).map(|p| p.number);
        let percent = self.options.scoring == Scoring::Matchpoints;
        let name_of = |n: u32| self.pairs().iter().find(|p| p.number == n).map(Pair::name).unwrap_or_else(|| format!("pair {n}"));
        let mut played: BTreeMap<u32, u32> = BTreeMap::new();
        let mut card = Vec::new();
        let mut travellers = BTreeMap::new();
        for b in scores.map(|s| s.boards.as_slice()).unwrap_or(&[]) {
            for r in &b.rows {
                for n in r.ns.members().into_iter().chain(r.ew.members()) {
                    *played.entry(n).or_default() += 1;
                }
            }
            let mine = pair.and_then(|p| b.rows.iter().find(|r| r.ns.contains(p) || r.ew.contains(p)).map(|r| (p, r)));
            if let Some((p, r)) = mine {
                let ns = r.ns.contains(p);
                let value = if percent {
                    if ns {
                        r.ns_percent
                    } else {
                        r.ew_percent
                    }
                } else if ns {
                    r.ns_value
                } else {
                    r.ew_value
                };
                card.push(score_of(b.board, r, value));
            }
            if finished || mine.is_some() {
                let rows = b
                    .rows
                    .iter()
                    .map(|r| {
                        let names = format!("{} v {}", line_name(&r.ns, &name_of), line_name(&r.ew, &name_of));
                        TravellerRow { name: names, score: score_of(b.board, r, if percent { r.ns_percent } else { r.ns_value }) }
                    })
                    .collect();
                travellers.insert(b.board, rows);
            }
        }
        let ranking = scores.filter(|_| finished).and_then(|s| s.rankings.first()).map(|r| {
            r.standings
                .iter()
                .map(|s| Standing {
                    rank: s.rank.split('-').next().and_then(|x| x.trim().parse().ok()).unwrap_or(0),
                    name: s.name.clone(),
                    total: s.percentage.filter(|_| percent).unwrap_or(s.total),
                    boards: s.boards as u32,
                })
                .collect()
        });
        let entrants: Vec<(String, u32)> = if self.started.is_some() {
            self.pairs().iter().map(|p| (p.name(), played.get(&p.number).copied().unwrap_or(0))).collect()
        } else {
            self.entries.iter().map(|e| (Pair { number: 0, players: e.clone() }.name(), 0)).collect()
        };
        let seat = self.seat_of(viewer);
        let summary = self.summary(id, now);
        TournamentView {
            id: id.to_string(),
            name: self.options.name.clone(),
            creator: self.options.creator.clone(),
            kind: Kind::Pairs,
            scoring: self.options.scoring,
            boards: summary.boards,
            opens_at: summary.opens_at,
            closes_at: summary.closes_at,
            phase,
            entrant_count: entrants.len(),
            entrants,
            entered: self.entries.iter().flatten().any(|n| n == viewer),
            table: seat.and_then(|(s, _)| self.room(s.round, s.table)).map(str::to_string),
            card,
            ranking,
            ranking_gaps: Vec::new(),
            traveller_boards: travellers.keys().copied().collect(),
            hands: BTreeMap::new(),
            calls: Vec::new(),
            travellers,
            round: self.current_round(),
            round_ends_at: self.current_round().and_then(|r| self.round_deadline(r)),
            seat: seat.map(|(_, s)| s),
            late: self.late(),
        }
    }
}

fn line_name(line: &Line, name_of: &impl Fn(u32) -> String) -> String {
    line.members().into_iter().map(name_of).collect::<Vec<_>>().join(" / ")
}

pub(crate) fn score_of(board: u32, r: &tenace_events::scoring::Row, value: Option<f64>) -> BoardScore {
    BoardScore {
        board,
        contract: r.contract.clone().unwrap_or_else(|| r.label.clone()),
        declarer: r.declarer,
        tricks: r.tricks,
        lead: r.lead,
        score_ns: r.ns_points.map(|p| p.round() as i32),
        value: value.map_or(0.0, |v| (v * 100.0).round() / 100.0),
        table: None,
    }
}
