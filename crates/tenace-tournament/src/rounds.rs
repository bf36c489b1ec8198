//! What the club needs of a tournament played in rounds on a clock — pairs ([`crate::pairs`])
//! or Swiss teams ([`crate::teams`]) — behind one type, so that the club's clock, tables and
//! Director work the same for both.

use serde::Serialize;
use tenace_core::Seat;
use tenace_events::movement::Slot;
use tenace_events::result::Outcome;
use tenace_online::view::FieldResult;

use crate::pairs::{PairsEvent, PairsTournament};
use crate::teams::{TeamsEvent, TeamsTournament};
use crate::{TournamentError, TournamentSummary, TournamentView};

/// A tournament played in rounds.
#[derive(Clone, Debug, PartialEq)]
pub enum RoundTournament {
    Pairs(PairsTournament),
    Teams(TeamsTournament),
}

/// An event of either kind; stored as the inner event (the tournament's kind says which).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum RoundEvent {
    Pairs(PairsEvent),
    Teams(TeamsEvent),
}

impl RoundTournament {
    /// Rebuilds from stored events (JSON of the kind's event type).
    pub fn replay(mut self, events: &[String]) -> Result<RoundTournament, String> {
        for (i, e) in events.iter().enumerate() {
            let event = match &self {
                RoundTournament::Pairs(_) => serde_json::from_str(e).map(RoundEvent::Pairs),
                RoundTournament::Teams(_) => serde_json::from_str(e).map(RoundEvent::Teams),
            }
            .map_err(|x| format!("event {i}: {x}"))?;
            self.apply(&event);
        }
        Ok(self)
    }

    pub fn apply(&mut self, event: &RoundEvent) {
        match (self, event) {
            (RoundTournament::Pairs(t), RoundEvent::Pairs(e)) => t.apply(e),
            (RoundTournament::Teams(t), RoundEvent::Teams(e)) => t.apply(e),
            _ => {}
        }
    }

    pub fn name(&self) -> &str {
        match self {
            RoundTournament::Pairs(t) => &t.options().name,
            RoundTournament::Teams(t) => &t.options().name,
        }
    }

    pub fn set_seed(&self) -> u64 {
        match self {
            RoundTournament::Pairs(t) => t.options().set_seed,
            RoundTournament::Teams(t) => t.options().set_seed,
        }
    }

    pub fn current_round(&self) -> Option<u32> {
        match self {
            RoundTournament::Pairs(t) => t.current_round(),
            RoundTournament::Teams(t) => t.current_round(),
        }
    }

    pub fn round_deadline(&self, round: u32) -> Option<i64> {
        match self {
            RoundTournament::Pairs(t) => t.round_deadline(round),
            RoundTournament::Teams(t) => t.round_deadline(round),
        }
    }

    pub fn round_over(&self, round: u32) -> bool {
        match self {
            RoundTournament::Pairs(t) => t.round_over(round),
            RoundTournament::Teams(t) => t.round_over(round),
        }
    }

    pub fn finished(&self) -> bool {
        match self {
            RoundTournament::Pairs(t) => t.finished(),
            RoundTournament::Teams(t) => t.finished(),
        }
    }

    /// Every table of every round paired so far.
    pub fn slots(&self) -> Vec<Slot> {
        match self {
            RoundTournament::Pairs(t) => t.movement().map(|m| m.slots.clone()).unwrap_or_default(),
            RoundTournament::Teams(t) => t.movement().slots.clone(),
        }
    }

    /// The highest board number of the movement so far.
    pub fn boards(&self) -> u32 {
        self.slots().iter().flat_map(|s| s.boards.iter().copied()).max().unwrap_or(0)
    }

    pub fn room(&self, round: u32, table: u32) -> Option<&str> {
        match self {
            RoundTournament::Pairs(t) => t.room(round, table),
            RoundTournament::Teams(t) => t.room(round, table),
        }
    }

    /// The people at a table and their seats (robots take the others).
    pub fn people_at(&self, slot: &Slot) -> Vec<(String, Seat)> {
        match self {
            RoundTournament::Pairs(t) => {
                let mut out = Vec::new();
                for (number, seats) in [(slot.ns, [Seat::North, Seat::South]), (slot.ew, [Seat::East, Seat::West])] {
                    if let Some(p) = t.pairs().iter().find(|p| p.number == number) {
                        out.extend(p.players.iter().cloned().zip(seats));
                    }
                }
                out
            }
            RoundTournament::Teams(t) => t.people_at(slot),
        }
    }

    /// Where `person` sits this round.
    pub fn seat_of(&self, person: &str) -> Option<(Slot, Seat)> {
        match self {
            RoundTournament::Pairs(t) => t.seat_of(person).map(|(s, seat)| (s.clone(), seat)),
            RoundTournament::Teams(t) => t.seat_of(person).map(|(s, seat)| (s.clone(), seat)),
        }
    }

    /// Whether `person` entered.
    pub fn entered(&self, person: &str) -> bool {
        match self {
            RoundTournament::Pairs(t) => t.entries().iter().flatten().any(|n| n == person),
            RoundTournament::Teams(t) => t.entries().iter().any(|(_, ms)| ms.iter().any(|m| m == person)),
        }
    }

    pub fn table_opened(&self, round: u32, table: u32, room: String) -> RoundEvent {
        match self {
            RoundTournament::Pairs(_) => RoundEvent::Pairs(PairsEvent::TableOpened { round, table, room }),
            RoundTournament::Teams(_) => RoundEvent::Teams(TeamsEvent::TableOpened { round, table, room }),
        }
    }

    pub fn adjusted(&self, by: String, round: u32, table: u32, board: u32, outcome: Outcome) -> RoundEvent {
        match self {
            RoundTournament::Pairs(_) => RoundEvent::Pairs(PairsEvent::Adjusted { by, round, table, board, outcome }),
            RoundTournament::Teams(_) => RoundEvent::Teams(TeamsEvent::Adjusted { by, round, table, board, outcome }),
        }
    }

    pub fn resume(&self, last_alive: i64, now: i64) -> Vec<RoundEvent> {
        match self {
            RoundTournament::Pairs(t) => t.resume(last_alive, now).into_iter().map(RoundEvent::Pairs).collect(),
            RoundTournament::Teams(t) => t.resume(last_alive, now).into_iter().map(RoundEvent::Teams).collect(),
        }
    }

    /// Entering: a pair (the person and a partner, or a robot partner), or a team (its name
    /// and members, the person first).
    pub fn register(&self, person: String, partner: Option<String>, team: Option<(String, Vec<String>)>, now: i64) -> Result<Vec<RoundEvent>, TournamentError> {
        match self {
            RoundTournament::Pairs(t) => Ok(t.register(std::iter::once(person).chain(partner).collect(), now)?.into_iter().map(RoundEvent::Pairs).collect()),
            RoundTournament::Teams(t) => {
                let (name, others) = team.ok_or_else(|| TournamentError::BadOptions("a team enters with its name (and its other members)".into()))?;
                let members: Vec<String> = std::iter::once(person).chain(others).collect();
                Ok(t.register(name, members, now)?.into_iter().map(RoundEvent::Teams).collect())
            }
        }
    }

    /// The clock at `now` (`has_result(table, board)` for the current round's tables).
    pub fn tick(&self, now: i64, results: &[(String, u32, FieldResult)]) -> Vec<RoundEvent> {
        let round = self.current_round().unwrap_or(0);
        let has = |table: u32, board: u32| self.room(round, table).is_some_and(|room| results.iter().any(|(r, b, _)| r == room && *b == board));
        match self {
            RoundTournament::Pairs(t) => t.tick(now, has).into_iter().map(RoundEvent::Pairs).collect(),
            RoundTournament::Teams(t) => {
                let standings =
                    || t.event(results).ok().and_then(|e| tenace_events::score(&e).ok()).map(|s| TeamsTournament::standings(&s)).unwrap_or_default();
                t.tick(now, has, standings).into_iter().map(RoundEvent::Teams).collect()
            }
        }
    }

    pub fn event(&self, results: &[(String, u32, FieldResult)]) -> Result<tenace_events::Event, TournamentError> {
        match self {
            RoundTournament::Pairs(t) => t.event(results),
            RoundTournament::Teams(t) => t.event(results),
        }
    }

    pub fn summary(&self, id: &str, now: i64) -> TournamentSummary {
        match self {
            RoundTournament::Pairs(t) => t.summary(id, now),
            RoundTournament::Teams(t) => t.summary(id, now),
        }
    }

    pub fn view(&self, id: &str, results: &[(String, u32, FieldResult)], viewer: &str, now: i64) -> TournamentView {
        let scores = self.event(results).ok().and_then(|e| tenace_events::score(&e).ok());
        match self {
            RoundTournament::Pairs(t) => t.view(id, scores.as_ref(), viewer, now),
            RoundTournament::Teams(t) => t.view(id, scores.as_ref(), viewer, now),
        }
    }
}
