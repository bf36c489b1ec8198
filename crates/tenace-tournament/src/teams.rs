//! Swiss teams at a set time: teams of four to six meet in matches of two rooms on the same
//! boards, IMPs per board converted to victory points per match (WBF scale), Swiss pairings
//! between rounds; a clock per round as for pairs ([`crate::pairs`]).
//!
//! Decisions where the Laws and the issue are silent:
//! - **Entry.** A team names itself and lists one to six members; with robots allowed a team of
//!   fewer than four is completed by robots (a robot team makes an odd field even).
//! - **The match** (Law 8, two rooms): each round the paired teams play the round's boards at
//!   two tables: the open room with the first-named team North-South, the closed room the other
//!   way. A team's first two members sit in the open room, the next two in the closed room
//!   (members five and six sit out this session); a missing member's seat is a robot's.
//! - **Pairings.** Round 1 pairs the teams in entry order; later rounds pair by victory points so
//!   far, never the same two teams twice while avoidable (`tenace_events::movement::
//!   swiss_pairings`). The final round is paired like the others.
//! - **The clock, the Director, restarts**: as for pairs (boards not played in time score
//!   Average/Average, that is 0 IMPs; the Director's adjusted scores replace a table's).
//! - **What each team sees (Law 16)**: the travellers of the boards it has played, its own
//!   boards; the ranking once the tournament is over.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};
use tenace_core::Seat;
use tenace_events::movement::{add_swiss_round, swiss_pairings, Movement, Slot};
use tenace_events::result::Outcome;
use tenace_events::{Contestant, Event, Kind as EventKind, Method};
use tenace_online::view::FieldResult;

use crate::pairs::fill_event;
use crate::{Kind, Phase, Scoring, Standing, TournamentError, TournamentSummary, TournamentView, TravellerRow};

/// How a teams tournament was set up; fixed at creation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamsOptions {
    pub name: String,
    pub creator: String,
    pub starts_at: i64,
    pub boards_per_round: u32,
    pub rounds: u32,
    pub minutes_per_board: u32,
    /// Robots complete a team of fewer than four.
    pub robots: bool,
    pub set_seed: u64,
}

/// One team of the field, numbered from 1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    pub number: u32,
    pub name: String,
    /// Its people, in the order entered; none for a robot team.
    pub members: Vec<String>,
}

/// What happens to a teams tournament, in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TeamsEvent {
    Registered {
        team: String,
        members: Vec<String>,
    },
    /// The field at the start (a robot team added to make it even).
    Started {
        at: i64,
        teams: Vec<Team>,
    },
    /// Round `round` is paired and starts at `at`.
    RoundPaired {
        round: u32,
        at: i64,
        matches: Vec<(u32, u32)>,
    },
    TableOpened {
        round: u32,
        table: u32,
        room: String,
    },
    /// A round ended; `unplayed` (table, board) got Average/Average.
    RoundEnded {
        round: u32,
        at: i64,
        unplayed: Vec<(u32, u32)>,
    },
    Adjusted {
        by: String,
        round: u32,
        table: u32,
        board: u32,
        outcome: Outcome,
    },
    Resumed {
        round: u32,
        paused: i64,
    },
}

/// A teams tournament's state.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamsTournament {
    options: TeamsOptions,
    entries: Vec<(String, Vec<String>)>,
    teams: Option<(i64, Vec<Team>)>,
    movement: Movement,
    /// Round -> start time.
    starts: BTreeMap<u32, i64>,
    rooms: Vec<(u32, u32, String)>,
    ended: Vec<(u32, Vec<(u32, u32)>)>,
    adjusted: Vec<(u32, u32, u32, Outcome)>,
    paused: Vec<(u32, i64)>,
}

impl TeamsTournament {
    pub fn new(options: TeamsOptions) -> TeamsTournament {
        TeamsTournament {
            options,
            entries: Vec::new(),
            teams: None,
            movement: Movement { name: tenace_events::movement::SWISS.into(), teams: true, slots: Vec::new() },
            starts: BTreeMap::new(),
            rooms: Vec::new(),
            ended: Vec::new(),
            adjusted: Vec::new(),
            paused: Vec::new(),
        }
    }

    pub fn replay(options: TeamsOptions, events: impl IntoIterator<Item = TeamsEvent>) -> TeamsTournament {
        let mut t = TeamsTournament::new(options);
        for e in events {
            t.apply(&e);
        }
        t
    }

    pub fn options(&self) -> &TeamsOptions {
        &self.options
    }

    pub fn teams(&self) -> &[Team] {
        self.teams.as_ref().map_or(&[], |t| t.1.as_slice())
    }

    pub fn movement(&self) -> &Movement {
        &self.movement
    }

    pub fn entries(&self) -> &[(String, Vec<String>)] {
        &self.entries
    }

    /// The round being played: the last one paired, until it ends.
    pub fn current_round(&self) -> Option<u32> {
        let last = *self.starts.keys().last()?;
        (!self.ended.iter().any(|e| e.0 == last)).then_some(last)
    }

    /// Over once started and no round is being played (the last round ended, or no new pairing
    /// was possible: every team has met every other).
    pub fn finished(&self) -> bool {
        self.teams.is_some() && self.current_round().is_none()
    }

    pub fn round_over(&self, round: u32) -> bool {
        self.ended.iter().any(|e| e.0 == round)
    }

    pub fn round_deadline(&self, round: u32) -> Option<i64> {
        let minutes = i64::from(self.options.boards_per_round) * i64::from(self.options.minutes_per_board);
        let paused: i64 = self.paused.iter().filter(|p| p.0 == round).map(|p| p.1).sum();
        self.starts.get(&round).map(|s| s + minutes * 60 + paused)
    }

    pub fn room(&self, round: u32, table: u32) -> Option<&str> {
        self.rooms.iter().find(|r| r.0 == round && r.1 == table).map(|r| r.2.as_str())
    }

    pub fn team_of(&self, person: &str) -> Option<&Team> {
        self.teams().iter().find(|t| t.members.iter().any(|m| m == person))
    }

    /// Who sits where at a round's table: the members of both teams at their seats (robots in
    /// the others).
    pub fn people_at(&self, slot: &Slot) -> Vec<(String, Seat)> {
        let open = self.is_open_room(slot);
        let mut out = Vec::new();
        for (number, seats) in [(slot.ns, [Seat::North, Seat::South]), (slot.ew, [Seat::East, Seat::West])] {
            let Some(team) = self.teams().iter().find(|t| t.number == number) else { continue };
            let first = if open { 0 } else { 2 };
            for (k, seat) in seats.into_iter().enumerate() {
                if let Some(m) = team.members.get(first + k) {
                    out.push((m.clone(), seat));
                }
            }
        }
        out
    }

    /// The open room of a match is its first table.
    fn is_open_room(&self, slot: &Slot) -> bool {
        !self.movement.slots.iter().any(|s| s.round == slot.round && s.table < slot.table && s.ns == slot.ew && s.ew == slot.ns)
    }

    /// Where `person` sits this round.
    pub fn seat_of(&self, person: &str) -> Option<(&Slot, Seat)> {
        let round = self.current_round()?;
        self.movement
            .slots
            .iter()
            .filter(|s| s.round == round)
            .find_map(|s| self.people_at(s).into_iter().find(|(p, _)| p == person).map(|(_, seat)| (s, seat)))
    }

    /// A team entering.
    pub fn register(&self, team: String, members: Vec<String>, now: i64) -> Result<Vec<TeamsEvent>, TournamentError> {
        if self.teams.is_some() || now >= self.options.starts_at {
            return Err(TournamentError::Over);
        }
        let team = team.trim().to_string();
        if team.is_empty() || team.chars().count() > crate::MAX_NAME {
            return Err(TournamentError::BadOptions("a team's name has 1 to 60 characters".into()));
        }
        if self.entries.iter().any(|(n, _)| n.eq_ignore_ascii_case(&team)) {
            return Err(TournamentError::AlreadyEntered(team));
        }
        let distinct: HashSet<&String> = members.iter().collect();
        if members.is_empty() || members.len() > 6 || distinct.len() != members.len() {
            return Err(TournamentError::BadOptions("a team has one to six different members".into()));
        }
        if members.len() < 4 && !self.options.robots {
            return Err(TournamentError::BadOptions("this tournament has no robots: a team has four to six members".into()));
        }
        if let Some(p) = members.iter().find(|p| self.entries.iter().any(|(_, ms)| ms.contains(p))) {
            return Err(TournamentError::AlreadyEntered(p.clone()));
        }
        Ok(vec![TeamsEvent::Registered { team, members }])
    }

    /// The clock at `now`: the start (the field and round 1's pairing), a round's end when its
    /// boards are played or its time is up, and the next round's Swiss pairing by `standings`
    /// (team number, victory points so far).
    pub fn tick(&self, now: i64, has_result: impl Fn(u32, u32) -> bool, standings: impl FnOnce() -> Vec<(u32, f64)>) -> Vec<TeamsEvent> {
        let Some((_, teams)) = &self.teams else {
            if now < self.options.starts_at {
                return Vec::new();
            }
            let mut teams: Vec<Team> = self
                .entries
                .iter()
                .enumerate()
                .map(|(i, (name, members))| Team { number: i as u32 + 1, name: name.clone(), members: members.clone() })
                .collect();
            while teams.len() < 2 || teams.len() % 2 == 1 {
                teams.push(Team { number: teams.len() as u32 + 1, name: "Robots".into(), members: Vec::new() });
            }
            let matches = teams.chunks(2).map(|c| (c[0].number, c[1].number)).collect();
            return vec![TeamsEvent::Started { at: now, teams }, TeamsEvent::RoundPaired { round: 1, at: now, matches }];
        };
        let Some(round) = self.current_round() else { return Vec::new() };
        let slots: Vec<&Slot> = self.movement.slots.iter().filter(|s| s.round == round).collect();
        let unplayed: Vec<(u32, u32)> = slots.iter().flat_map(|s| s.boards.iter().map(|b| (s.table, *b))).filter(|(t, b)| !has_result(*t, *b)).collect();
        let out_of_time = self.round_deadline(round).is_some_and(|d| now >= d);
        if !unplayed.is_empty() && !out_of_time {
            return Vec::new();
        }
        let mut events = vec![TeamsEvent::RoundEnded { round, at: now, unplayed }];
        if round < self.options.rounds.max(1) {
            let met: HashSet<(u32, u32)> = self.movement.slots.iter().map(|s| (s.ns, s.ew)).collect();
            let mut order = standings();
            for t in teams {
                if !order.iter().any(|o| o.0 == t.number) {
                    order.push((t.number, 0.0));
                }
            }
            if let Ok((matches, _)) = swiss_pairings(&order, &met, &HashSet::new()) {
                events.push(TeamsEvent::RoundPaired { round: round + 1, at: now, matches });
            }
        }
        events
    }

    pub fn apply(&mut self, event: &TeamsEvent) {
        match event {
            TeamsEvent::Registered { team, members } => self.entries.push((team.clone(), members.clone())),
            TeamsEvent::Started { at, teams } => self.teams = Some((*at, teams.clone())),
            TeamsEvent::RoundPaired { round, at, matches } => {
                let bpr = self.options.boards_per_round.max(1);
                let boards: Vec<u32> = ((round - 1) * bpr + 1..=round * bpr).collect();
                let _ = add_swiss_round(&mut self.movement, *round, matches, &boards);
                self.starts.insert(*round, *at);
            }
            TeamsEvent::TableOpened { round, table, room } => self.rooms.push((*round, *table, room.clone())),
            TeamsEvent::RoundEnded { round, unplayed, .. } => self.ended.push((*round, unplayed.clone())),
            TeamsEvent::Adjusted { round, table, board, outcome, .. } => {
                self.adjusted.retain(|a| !(a.0 == *round && a.1 == *table && a.2 == *board));
                self.adjusted.push((*round, *table, *board, outcome.clone()));
            }
            TeamsEvent::Resumed { round, paused } => self.paused.push((*round, *paused)),
        }
    }

    /// After a restart: the running round gets back the time the server was down.
    pub fn resume(&self, last_alive: i64, now: i64) -> Vec<TeamsEvent> {
        match self.current_round() {
            Some(round) if now > last_alive => vec![TeamsEvent::Resumed { round, paused: now - last_alive }],
            _ => Vec::new(),
        }
    }

    /// The tournament as a tenace-events teams event (IMPs per board, VPs per match).
    pub fn event(&self, results: &[(String, u32, FieldResult)]) -> Result<Event, TournamentError> {
        let boards = self.movement.boards().into_iter().max().unwrap_or(0);
        let mut event = Event::new(self.options.name.clone(), EventKind::Teams, Method::Vp, boards).map_err(|e| TournamentError::Replay(e.to_string()))?;
        event.date = Some(crate::pbn_date(self.options.starts_at));
        event.contestants =
            self.teams().iter().map(|t| Contestant { number: t.number, name: t.name.clone(), players: t.members.clone(), section: None }).collect();
        fill_event(&mut event, self.options.set_seed, self.movement.clone(), &self.rooms, &self.late(), &self.adjusted, results);
        Ok(event)
    }

    /// Victory points so far by team, for the next pairing.
    pub fn standings(scores: &tenace_events::Scores) -> Vec<(u32, f64)> {
        scores.rankings.first().map(|r| r.standings.iter().map(|s| (s.number, s.total)).collect()).unwrap_or_default()
    }

    /// Slow play: every (round, table, board) not played when its round's time ran out.
    pub fn late(&self) -> Vec<(u32, u32, u32)> {
        self.ended.iter().flat_map(|(round, unplayed)| unplayed.iter().map(move |(t, b)| (*round, *t, *b))).collect()
    }

    pub fn phase(&self, now: i64) -> Phase {
        if self.finished() {
            Phase::Finished
        } else if self.teams.is_none() && now < self.options.starts_at {
            Phase::Upcoming
        } else {
            Phase::Running
        }
    }

    pub fn summary(&self, id: &str, now: i64) -> TournamentSummary {
        let round = i64::from(self.options.boards_per_round) * i64::from(self.options.minutes_per_board) * 60;
        TournamentSummary {
            id: id.to_string(),
            name: self.options.name.clone(),
            kind: Kind::Teams,
            scoring: Scoring::Imps,
            boards: self.options.boards_per_round * self.options.rounds,
            opens_at: self.options.starts_at,
            closes_at: self.options.starts_at + round * i64::from(self.options.rounds),
            phase: self.phase(now),
            entrants: self.entries.len(),
        }
    }

    /// What `viewer` may see (Law 16): the travellers of the boards their team has played, the
    /// ranking (victory points) once it is over.
    pub fn view(&self, id: &str, scores: Option<&tenace_events::Scores>, viewer: &str, now: i64) -> TournamentView {
        let phase = self.phase(now);
        let finished = phase == Phase::Finished;
        let team = self.team_of(viewer).map(|t| t.number);
        let name_of = |n: u32| self.teams().iter().find(|t| t.number == n).map_or_else(|| format!("team {n}"), |t| t.name.clone());
        let mut played: BTreeMap<u32, u32> = BTreeMap::new();
        let mut card = Vec::new();
        let mut travellers = BTreeMap::new();
        for b in scores.map(|s| s.boards.as_slice()).unwrap_or(&[]) {
            let mut counted = HashSet::new();
            for r in &b.rows {
                for n in r.ns.members().into_iter().chain(r.ew.members()) {
                    if counted.insert(n) {
                        *played.entry(n).or_default() += 1;
                    }
                }
            }
            let mine: Vec<&tenace_events::scoring::Row> =
                team.map(|t| b.rows.iter().filter(|r| r.ns.contains(t) || r.ew.contains(t)).collect()).unwrap_or_default();
            for r in &mine {
                let ns = team.is_some_and(|t| r.ns.contains(t));
                card.push(crate::pairs::score_of(b.board, r, if ns { r.ns_value } else { r.ew_value }));
            }
            if finished || !mine.is_empty() {
                let rows = b
                    .rows
                    .iter()
                    .map(|r| TravellerRow {
                        name: format!("{} v {}", name_of(r.ns.members().first().copied().unwrap_or(0)), name_of(r.ew.members().first().copied().unwrap_or(0))),
                        score: crate::pairs::score_of(b.board, r, r.ns_value),
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
                    total: s.total,
                    boards: s.boards as u32,
                })
                .collect()
        });
        let entrants: Vec<(String, u32)> = match &self.teams {
            Some(_) => self.teams().iter().map(|t| (t.name.clone(), played.get(&t.number).copied().unwrap_or(0))).collect(),
            None => self.entries.iter().map(|(n, _)| (n.clone(), 0)).collect(),
        };
        let seat = self.seat_of(viewer);
        let summary = self.summary(id, now);
        TournamentView {
            id: id.to_string(),
            name: self.options.name.clone(),
            creator: self.options.creator.clone(),
            kind: Kind::Teams,
            scoring: Scoring::Imps,
            boards: summary.boards,
            opens_at: summary.opens_at,
            closes_at: summary.closes_at,
            phase,
            entrant_count: entrants.len(),
            entrants,
            entered: self.entries.iter().any(|(_, ms)| ms.iter().any(|m| m == viewer)),
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
