//! Tournaments in the club (tenace-tournament): one task per tournament owns its state, as a
//! table task owns its room. Two kinds:
//!
//! - **Robot individual**: an entrant's table is opened on their first "play" (the tournament
//!   stores `TableOpened` first, then the club creates the table under that id; a table missing
//!   after a failure is created on the next "play"); the entrant sits South with robots.
//! - **Pairs at a set time**: a clock (a tick every second, and after each result) starts the
//!   tournament, opens every table of a round (robots take the seats of robot pairs and robot
//!   partners), and ends the round when its boards are played or its time is up; a player's
//!   "play" seats them at their table of the round.
//!
//! For both, a request is decided, its events stored, then applied. Each finished board's result
//! is stored with the table's events (the `results` rows of the tournament's board set) and the
//! table then hands it to its tournament; after a restart the results are read back from those
//! rows. Tournament tables refuse play once their tournament (or, for pairs, their round) is
//! over; nobody but their players sits or watches while the tournament runs; no other table may
//! take their board set; the robots' background comparison is not played on them.
//!
//! A restart resumes a tournament where it stood. A robot individual's window is wall-clock
//! time (its entrants play at their own pace within it). A running pairs tournament notes every
//! few seconds that it is alive (`tenace_meta`); after a restart the running round's clock gets
//! back the time since then (`PairsEvent::Resumed`), so the players are not charged for the
//! time the server was down (at most `ALIVE_EVERY` seconds off).

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

use tenace_core::Seat;
use tenace_online::FieldResult;
use tenace_tournament::pairs::PairsTournament;
use tenace_tournament::rounds::{RoundEvent, RoundTournament};
use tenace_tournament::teams::TeamsTournament;
use tenace_tournament::{Calls, Field, Phase, Request, Tournament, TournamentEvent, TournamentSummary, TournamentView};
use tokio::sync::{mpsc, oneshot};

use crate::club::{new_id, now, Club, RoomCmd, STORE_DOWN};
use crate::store::{StoreError, TournamentSetup};

/// What a tournament task is asked to do.
pub enum TournamentCmd {
    /// `name` enters (pairs: with `partner`, or alone with a robot partner; teams: with the
    /// team's name and its other members).
    Register {
        name: String,
        partner: Option<String>,
        team: Option<(String, Vec<String>)>,
        reply: oneshot::Sender<Result<(), String>>,
    },
    /// `name`'s table now, and their seat there.
    Play {
        name: String,
        reply: oneshot::Sender<Result<(String, Seat), String>>,
    },
    Close {
        name: String,
        reply: oneshot::Sender<Result<(), String>>,
    },
    View {
        name: String,
        /// A large robot individual's traveller to send.
        board: Option<u32>,
        reply: oneshot::Sender<TournamentView>,
    },
    /// A board finished at table `room` (already stored).
    Result {
        room: String,
        board: u32,
        result: FieldResult,
    },
    /// The clock (pairs).
    Tick,
    /// A Director's adjusted score (Law 12) for a board at a pairs tournament's table.
    Adjust {
        by: String,
        round: u32,
        table: u32,
        board: u32,
        outcome: tenace_events::Outcome,
        reply: oneshot::Sender<Result<(), String>>,
    },
    /// `by`, playing at `room`, calls the Director (Law 9B1(a)).
    CallDirector {
        by: String,
        room: String,
        reason: String,
        reply: oneshot::Sender<Result<(), String>>,
    },
    /// A Director answers call number `call` with a ruling.
    AnswerCall {
        by: String,
        call: u32,
        ruling: String,
        reply: oneshot::Sender<Result<(), String>>,
    },
    /// A finished tournament's report: the HTML page (`html`), or PBN with ScoreTable and
    /// TotalScoreTable (readable by `tenace event score`). The task answers it scored; the
    /// asker renders it (off the task), unless the tournament runs on another node, which
    /// renders it there (`html` says which).
    Report {
        html: bool,
        reply: oneshot::Sender<Result<ReportBody, String>>,
    },
    /// Another node runs the tournament now (crate::node): the task ends.
    Stop,
}

/// A finished tournament as a tenace-events event, and its scores.
pub type Report = (tenace_events::Event, tenace_events::Scores);

/// A finished tournament's report as [`TournamentCmd::Report`] answers it.
pub enum ReportBody {
    /// Scored by the tournament's task on this node.
    Scored(Arc<Report>),
    /// Rendered by the node that runs the tournament (as asked).
    Rendered(String),
}

impl ReportBody {
    /// The report's HTML page, or its PBN.
    pub fn render(&self, html: bool) -> String {
        match self {
            ReportBody::Scored(report) if html => tenace_events::report::html::render(&report.0, &report.1, &std::collections::BTreeMap::new()),
            ReportBody::Scored(report) => tenace_events::report::pbn::write(&report.0, &report.1),
            ReportBody::Rendered(body) => body.clone(),
        }
    }
}

#[derive(Clone)]
pub struct TournamentHandle {
    pub tx: mpsc::UnboundedSender<TournamentCmd>,
    pub summary: Arc<Mutex<TournamentSummary>>,
    /// When play ends (Unix seconds): the robot individual's window; moved earlier when the
    /// creator closes it. For pairs, the end of the last round as planned.
    pub closes_at: Arc<AtomicI64>,
    pub set_seed: u64,
}

impl TournamentHandle {
    /// Sends the request `make` builds and waits for the tournament's answer.
    pub async fn ask<T>(&self, make: impl FnOnce(oneshot::Sender<Result<T, String>>) -> TournamentCmd) -> Result<T, String> {
        let (reply, answer) = oneshot::channel();
        self.tx.send(make(reply)).map_err(|_| "the tournament is not available".to_string())?;
        answer.await.map_err(|_| "the tournament is not available".to_string())?
    }
}

/// Who may sit at a tournament table, and until when it plays.
#[derive(Clone)]
struct TableEntry {
    tournament: String,
    /// The people seated there and their seats (robots take the others).
    players: Vec<(String, Seat)>,
    /// Pairs: the table's round is over.
    closed: bool,
}

/// Tournaments by id, and each tournament table's entry.
#[derive(Default)]
pub struct Tournaments {
    by_id: std::sync::RwLock<HashMap<String, TournamentHandle>>,
    by_table: std::sync::RwLock<HashMap<String, TableEntry>>,
}

/// What a person tries at a table, for the club's tournament refusals.
pub enum Attempt {
    Sit(Seat),
    Watch,
    Play,
}

impl Club {
    pub fn tournament(&self, id: &str) -> Option<TournamentHandle> {
        self.tournaments.by_id.read().ok()?.get(id).cloned()
    }

    fn table_entry(&self, table: &str) -> Option<TableEntry> {
        self.tournaments.by_table.read().ok()?.get(table).cloned()
    }

    /// The id of the tournament a table belongs to.
    pub fn tournament_id_of(&self, table: &str) -> Option<String> {
        Some(self.table_entry(table)?.tournament)
    }

    /// `name` is one of the people seated at the tournament table `table`.
    pub fn plays_at(&self, table: &str, name: &str) -> bool {
        self.table_entry(table).is_some_and(|e| e.players.iter().any(|(p, _)| p == name))
    }

    /// The tournament a table belongs to.
    pub fn tournament_of(&self, table: &str) -> Option<TournamentHandle> {
        self.tournament(&self.table_entry(table)?.tournament)
    }

    /// Whether `table` is a tournament's table whose play is over (the tournament, or its round).
    pub fn tournament_over(&self, table: &str) -> bool {
        match self.table_entry(table) {
            Some(e) => e.closed || self.tournament(&e.tournament).is_some_and(|h| now() >= h.closes_at.load(Ordering::SeqCst)),
            None => false,
        }
    }

    /// Why `name` may not do `attempt` at `table`, when it is a tournament's table: only its
    /// players sit there (in their seats, robots in the others), nobody else watches it while the
    /// tournament runs (Law 16: nobody learns a result before playing the deal), and play stops
    /// when the tournament or the table's round is over.
    pub(crate) fn tournament_refusal(&self, table: &str, name: &str, attempt: Attempt) -> Option<String> {
        let entry = self.table_entry(table)?;
        let handle = self.tournament(&entry.tournament)?;
        let finished =
            handle.summary.lock().map(|s| s.phase == tenace_tournament::Phase::Finished).unwrap_or(false) || now() >= handle.closes_at.load(Ordering::SeqCst);
        let over = entry.closed || finished;
        let tournament = handle.summary.lock().map(|s| s.name.clone()).unwrap_or_default();
        let plays_here = entry.players.iter().any(|(p, _)| p == name);
        match attempt {
            Attempt::Sit(_) | Attempt::Play if over => Some(format!("play at this table of the tournament {tournament:?} is over")),
            Attempt::Sit(seat) if !entry.players.iter().any(|(p, s)| p == name && *s == seat) => {
                let who: Vec<String> = entry.players.iter().map(|(p, s)| format!("{p} ({s:?})")).collect();
                Some(format!("this table of the tournament {tournament:?} seats {}; robots sit the other seats", who.join(", ")))
            }
            // A Director watches any table (one who plays in the tournament is refused by the
            // club's rule that a person who plays a set watches none of its other tables).
            Attempt::Watch if !finished && !plays_here && !self.is_director(name) => Some(format!(
                "tables of the tournament {tournament:?} cannot be watched while it runs (Law 16: nobody learns a result before playing the deal)"
            )),
            _ => None,
        }
    }

    /// Every tournament, newest first.
    pub fn tournament_list(&self) -> Vec<TournamentSummary> {
        let t = now();
        let mut v: Vec<TournamentSummary> = match self.tournaments.by_id.read() {
            Ok(m) => m.values().filter_map(|h| h.summary.lock().ok().map(|s| s.clone())).collect(),
            Err(_) => Vec::new(),
        };
        for s in &mut v {
            if s.kind == tenace_tournament::Kind::RobotIndividual {
                s.phase = tenace_tournament::Phase::of_window(s.opens_at, s.closes_at, t);
            }
        }
        v.sort_by(|a, b| b.opens_at.cmp(&a.opens_at).then_with(|| a.id.cmp(&b.id)));
        v
    }

    /// Creates and stores a new tournament.
    pub async fn create_tournament(self: &Arc<Club>, setup: TournamentSetup) -> Result<String, String> {
        if let TournamentSetup::RobotIndividual(o) = &setup {
            o.check().map_err(|e| e.to_string())?;
        }
        if !self.store_ok() {
            return Err(STORE_DOWN.into());
        }
        let id = new_id("r");
        if let Some(node) = &self.node {
            // One node runs a tournament's clock and its tables (crate::node).
            match node.keeper.take(&format!("tournament/{id}")).await {
                Ok(Ok(_)) => {}
                Ok(Err(held)) => return Err(format!("tournament {id} is run by node {} already", held.owner)),
                Err(e) => return Err(format!("the tournament could not be created: {e}")),
            }
        }
        if let Err(e) = self.store.create_tournament(&id, &setup, now()).await {
            self.store_failed(&e);
            return Err(format!("the tournament could not be created: {e}"));
        }
        let game = match setup {
            TournamentSetup::RobotIndividual(o) => Game::Individual { t: Tournament::new(o), field: Field::default() },
            TournamentSetup::Pairs(o) => Game::Rounds { t: RoundTournament::Pairs(PairsTournament::new(o)), results: Vec::new() },
            TournamentSetup::Teams(o) => Game::Rounds { t: RoundTournament::Teams(TeamsTournament::new(o)), results: Vec::new() },
        };
        self.spawn_tournament(id.clone(), game, Calls::default(), 0);
        Ok(id)
    }

    /// Starts the task of a tournament whose log holds `stored` events.
    fn spawn_tournament(self: &Arc<Club>, id: String, game: Game, calls: Calls, stored: usize) {
        let (tx, rx) = mpsc::unbounded_channel();
        let handle = TournamentHandle {
            tx: tx.clone(),
            summary: Arc::new(Mutex::new(game.summary(&id))),
            closes_at: Arc::new(AtomicI64::new(game.closes_at())),
            set_seed: game.set_seed(),
        };
        self.insert_tournament(&id, handle.clone());
        if let Some(node) = self.node.clone() {
            // Other nodes reach it once it answers on the bus; then they learn of it.
            let (id, handle) = (id.clone(), handle.clone());
            tokio::spawn(async move {
                node.serve_tournament(&id, handle.clone()).await;
                if let Ok(s) = handle.summary.lock() {
                    node.announce_tournament(&s, handle.closes_at.load(Ordering::SeqCst), handle.set_seed);
                }
            });
        }
        let task = TournamentTask { id, game, calls, warned: Vec::new(), alive_noted: 0, stored, report: None, results_added: 0, club: self.clone(), handle };
        task.register_tables();
        if matches!(task.game, Game::Rounds { .. }) {
            // The clock: a tick a second; the task ends the round or starts the tournament.
            tokio::spawn(async move {
                let mut every = tokio::time::interval(std::time::Duration::from_secs(1));
                loop {
                    every.tick().await;
                    if tx.send(TournamentCmd::Tick).is_err() {
                        return;
                    }
                }
            });
        }
        tokio::spawn(task.run(rx));
    }

    /// Lists `handle` as tournament `id` (run here, or a proxy for another node's).
    pub(crate) fn insert_tournament(&self, id: &str, handle: TournamentHandle) {
        if let Ok(mut m) = self.tournaments.by_id.write() {
            m.insert(id.to_string(), handle);
        }
    }

    /// Loads every stored tournament (before the tables, so that each table knows its own).
    pub(crate) async fn load_tournaments(self: &Arc<Club>) -> Result<(), StoreError> {
        self.load_tournaments_where(|_| true).await
    }

    /// Takes over tournament `id`, whose node stopped (its lease is already this node's): loads
    /// it from the store and runs it here; its tables follow (crate::node).
    pub(crate) async fn take_over_tournament(self: &Arc<Club>, id: &str) -> Result<(), StoreError> {
        self.load_tournaments_where(|t| t == id).await
    }

    async fn load_tournaments_where(self: &Arc<Club>, wanted: impl Fn(&str) -> bool) -> Result<(), StoreError> {
        for stored in self.store.tournaments().await? {
            let id = match &stored {
                Ok(s) => s.id.clone(),
                Err((id, _)) => id.clone(),
            };
            if !wanted(&id) {
                continue;
            }
            let loaded = stored.map_err(|(id, e)| (id, e.to_string())).and_then(|s| {
                let count = s.events.len();
                // The calls to the Director are kept apart from the kind's own events.
                let mut calls = Calls::default();
                let events: Vec<String> = s.events.into_iter().filter(|e| calls.take(e).is_none()).collect();
                Game::replay(s.setup, &events).map(|g| (s.id.clone(), g, calls, count)).map_err(|e| (s.id, e))
            });
            if let (Some(node), Ok((id, g, ..))) = (&self.node, &loaded) {
                // Another node runs it: reached through a proxy (crate::node).
                if node.keeper.take(&format!("tournament/{id}")).await?.is_err() {
                    let proxy = node.tournament_proxy(id, g.summary(id), g.closes_at(), g.set_seed());
                    self.insert_tournament(id, proxy);
                    continue;
                }
            }
            match loaded {
                Ok((id, g, calls, count)) => self.spawn_tournament(id, g, calls, count),
                Err((id, reason)) => tracing::error!(tournament = %id, "tournament set aside: {reason}"),
            }
        }
        Ok(())
    }
}

/// A tournament's state, by kind.
enum Game {
    Individual {
        t: Tournament,
        field: Field,
    },
    /// A tournament in rounds (pairs, teams) and its tables' results (online table, board,
    /// result).
    Rounds {
        t: RoundTournament,
        results: Vec<(String, u32, FieldResult)>,
    },
}

impl Game {
    fn replay(setup: TournamentSetup, events: &[String]) -> Result<Game, String> {
        let parse = |i: usize, e: &String| format!("event {i}: {e}");
        Ok(match setup {
            TournamentSetup::RobotIndividual(o) => {
                let events: Vec<TournamentEvent> =
                    events.iter().enumerate().map(|(i, e)| serde_json::from_str(e).map_err(|x| parse(i, &x.to_string()))).collect::<Result<_, _>>()?;
                Game::Individual { t: Tournament::replay(o, events).map_err(|e| e.to_string())?, field: Field::default() }
            }
            TournamentSetup::Pairs(o) => Game::Rounds { t: RoundTournament::Pairs(PairsTournament::new(o)).replay(events)?, results: Vec::new() },
            TournamentSetup::Teams(o) => Game::Rounds { t: RoundTournament::Teams(TeamsTournament::new(o)).replay(events)?, results: Vec::new() },
        })
    }

    fn summary(&self, id: &str) -> TournamentSummary {
        match self {
            Game::Individual { t, .. } => t.summary(id, now()),
            Game::Rounds { t, .. } => t.summary(id, now()),
        }
    }

    fn closes_at(&self) -> i64 {
        match self {
            Game::Individual { t, .. } => t.closes_at(),
            // Its tables close round by round; all of them once it is finished.
            Game::Rounds { t, .. } => {
                if t.finished() {
                    0
                } else {
                    i64::MAX
                }
            }
        }
    }

    fn set_seed(&self) -> u64 {
        match self {
            Game::Individual { t, .. } => t.options().set_seed,
            Game::Rounds { t, .. } => t.set_seed(),
        }
    }

    /// `name` plays in the tournament.
    fn entered(&self, name: &str) -> bool {
        match self {
            Game::Individual { t, .. } => t.entrant(name).is_some(),
            Game::Rounds { t, .. } => t.entered(name),
        }
    }

    fn boards(&self) -> u32 {
        match self {
            Game::Individual { t, .. } => t.options().boards,
            Game::Rounds { t, .. } => t.boards(),
        }
    }
}

/// How long after a tournament's end its results may still be corrected (Law 79C: the
/// regulations set the correction period): 30 minutes.
pub const CORRECTION_PERIOD: i64 = 30 * 60;

/// How often a running pairs tournament notes that it is alive (seconds): the most a restart
/// may charge the players.
const ALIVE_EVERY: i64 = 5;

struct TournamentTask {
    id: String,
    game: Game,
    /// The calls to the Director.
    calls: Calls,
    /// Rounds whose one-minute warning was given.
    warned: Vec<u32>,
    /// When the clock last noted that it was alive.
    alive_noted: i64,
    /// Events in the stored log.
    stored: usize,
    /// A robot individual's report once its window has closed (100 ms to build at 2,000
    /// entrants, asked by everyone at the close), and the results it was made from.
    report: Option<(u64, Arc<Report>)>,
    /// Results received so far (a result arriving after the close makes the report again).
    results_added: u64,
    club: Arc<Club>,
    handle: TournamentHandle,
}

impl TournamentTask {
    async fn run(mut self, mut rx: mpsc::UnboundedReceiver<TournamentCmd>) {
        self.load_results().await;
        self.resume().await;
        while let Some(cmd) = rx.recv().await {
            if matches!(cmd, TournamentCmd::Stop) {
                tracing::warn!(tournament = %self.id, "the tournament moved to another node; it stops here");
                return;
            }
            self.handle(cmd).await;
        }
    }

    /// The results stored for the tournament's board set, by board.
    async fn load_results(&mut self) {
        let set_id = set_id(self.game.set_seed());
        for board in 1..=self.game.boards() {
            match self.club.store.field(&set_id, board).await {
                Ok(results) => {
                    for r in results {
                        self.add_result(r.table.clone(), board, r);
                    }
                }
                Err(e) => tracing::error!(tournament = %self.id, "results of board {board} not read: {e}"),
            }
        }
    }

    fn add_result(&mut self, room: String, board: u32, result: FieldResult) {
        self.results_added += 1;
        match &mut self.game {
            Game::Individual { t, field } => field.add(t, board, result),
            Game::Rounds { results, .. } => {
                results.retain(|(r, b, _)| !(*r == room && *b == board));
                results.push((room, board, result));
            }
        }
    }

    /// Which tables belong to this tournament, who sits there, and whether they are closed.
    fn register_tables(&self) {
        let Ok(mut tables) = self.club.tournaments.by_table.write() else { return };
        match &self.game {
            Game::Individual { t, .. } => {
                for e in t.entrants() {
                    if let Some(room) = &e.table {
                        let entry = TableEntry { tournament: self.id.clone(), players: vec![(e.name.clone(), tenace_tournament::ENTRANT_SEAT)], closed: false };
                        tables.insert(room.clone(), entry);
                    }
                }
            }
            Game::Rounds { t, .. } => {
                for s in t.slots() {
                    let Some(room) = t.room(s.round, s.table) else { continue };
                    let players = t.people_at(&s);
                    tables.insert(room.to_string(), TableEntry { tournament: self.id.clone(), players, closed: t.round_over(s.round) });
                }
            }
        }
    }

    async fn handle(&mut self, cmd: TournamentCmd) {
        match cmd {
            TournamentCmd::Register { name, partner, team, reply } => {
                let r = match &self.game {
                    Game::Individual { .. } => self.commit_individual(Request::Register { name }).await,
                    Game::Rounds { t, .. } => match t.register(name, partner, team, now()) {
                        Ok(events) => self.commit_rounds(events).await,
                        Err(e) => Err(e.to_string()),
                    },
                };
                let _ = reply.send(r);
            }
            TournamentCmd::Play { name, reply } => {
                let r = match &self.game {
                    Game::Individual { .. } => self.play_individual(name).await.map(|t| (t, tenace_tournament::ENTRANT_SEAT)),
                    Game::Rounds { t, .. } => match t.seat_of(&name) {
                        Some((slot, seat)) => match t.room(slot.round, slot.table) {
                            Some(room) => Ok((room.to_string(), seat)),
                            None => Err("your table is being opened; try again in a moment".into()),
                        },
                        None if t.entered(&name) => {
                            Err(if t.finished() { "the tournament is over".into() } else { "the tournament has not started yet".into() })
                        }
                        None => Err(format!("{name} has not entered this tournament")),
                    },
                };
                let _ = reply.send(r);
            }
            TournamentCmd::Close { name, reply } => {
                let r = match &self.game {
                    Game::Individual { .. } => self.commit_individual(Request::Close { by: name }).await,
                    Game::Rounds { .. } => Err("a tournament in rounds ends with its last round".into()),
                };
                let _ = reply.send(r);
            }
            TournamentCmd::View { name, board, reply } => {
                let mut view = match &self.game {
                    Game::Individual { t, field } => t.view(&self.id, field, &name, now(), board),
                    Game::Rounds { t, results } => t.view(&self.id, results, &name, now()),
                };
                let set_seed = self.game.set_seed();
                view.hands = view.travellers.keys().map(|b| (*b, self.club.board_hands(set_seed, *b))).collect();
                // A Director who does not play sees every call; a player, the calls they made.
                let directs = self.club.is_director(&name) && !self.game.entered(&name);
                view.calls = self.calls.0.iter().filter(|c| directs || c.by == name).cloned().collect();
                let _ = reply.send(view);
            }
            TournamentCmd::Result { room, board, result } => {
                self.add_result(room, board, result);
                self.tick().await;
            }
            TournamentCmd::Tick => self.tick().await,
            TournamentCmd::Stop => {} // ends the task in `run`
            TournamentCmd::Adjust { by, round, table, board, outcome, reply } => {
                let r = self.adjust(by, round, table, board, outcome).await;
                let _ = reply.send(r);
            }
            TournamentCmd::CallDirector { by, room, reason, reply } => {
                let _ = reply.send(self.call_director(by, room, reason).await);
            }
            TournamentCmd::AnswerCall { by, call, ruling, reply } => {
                let _ = reply.send(self.answer_call(by, call, ruling).await);
            }
            TournamentCmd::Report { reply, .. } => {
                let scored = |e: tenace_events::Event| tenace_events::score(&e).map(|s| Arc::new((e, s))).map_err(|x| x.to_string());
                let kept = self.report.as_ref().filter(|(n, _)| *n == self.results_added).map(|(_, r)| r.clone());
                let r = match (&self.game, kept) {
                    (Game::Rounds { t, results }, _) if t.finished() => t.event(results).map_err(|e| e.to_string()).and_then(scored),
                    (Game::Rounds { .. }, _) => Err("the report is published when the tournament is over (Law 16)".into()),
                    (Game::Individual { .. }, Some(kept)) => Ok(kept),
                    (Game::Individual { t, field }, None) if t.phase(now()) == Phase::Finished => {
                        let r = field.event(t).map_err(|e| e.to_string()).and_then(scored);
                        if let Ok(r) = &r {
                            self.report = Some((self.results_added, r.clone()));
                        }
                        r
                    }
                    (Game::Individual { .. }, None) => Err("the report is published when the window has closed (Law 16)".into()),
                };
                let _ = reply.send(r.map(ReportBody::Scored));
            }
        }
        self.update_summary();
    }

    /// After a (re)start: a running pairs round gets back the time the server was down.
    async fn resume(&mut self) {
        let Game::Rounds { t, .. } = &self.game else { return };
        let Ok(Some(alive)) = self.club.store.tournament_last_alive(&self.id).await else { return };
        let events = t.resume(alive, now());
        if !events.is_empty() && self.commit_rounds(events).await.is_ok() {
            tracing::info!(tournament = %self.id, "the running round's clock gets back {} s of downtime", now() - alive);
        }
    }

    /// The clock of a pairs tournament: start, open the round's tables, end the round.
    async fn tick(&mut self) {
        let Game::Rounds { t, .. } = &self.game else { return };
        if t.current_round().is_some() && now() - self.alive_noted >= ALIVE_EVERY && self.club.store_ok() {
            self.alive_noted = now();
            if let Err(e) = self.club.store.tournament_alive(&self.id, self.alive_noted).await {
                tracing::warn!(tournament = %self.id, "could not note the clock: {e}");
            }
        }
        let Game::Rounds { t, results } = &self.game else { return };
        let events = t.tick(now(), results);
        let before = t.current_round();
        if !events.is_empty() && self.commit_rounds(events).await.is_err() {
            return;
        }
        self.open_round_tables().await;
        let after = match &self.game {
            Game::Rounds { t, .. } => t.current_round(),
            Game::Individual { .. } => None,
        };
        self.announce((after != before).then_some(after).flatten());
    }

    /// Opens every table of the current round that is not open yet: the event first, then the
    /// online table starting at the round's first board, robots in the seats nobody plays.
    async fn open_round_tables(&mut self) {
        self.club.stored_tables_run().await;
        let Game::Rounds { t, .. } = &self.game else { return };
        let Some(round) = t.current_round() else { return };
        let slots: Vec<tenace_events::Slot> = t.slots().into_iter().filter(|s| s.round == round).collect();
        let (name, set_seed) = (t.name().to_string(), t.set_seed());
        for slot in slots {
            let Game::Rounds { t, .. } = &self.game else { return };
            let room = match t.room(round, slot.table) {
                Some(r) => r.to_string(),
                None => {
                    let room = new_id(crate::node::TOURNAMENT_TABLE);
                    let opened = t.table_opened(round, slot.table, room.clone());
                    if self.commit_rounds(vec![opened]).await.is_err() {
                        return;
                    }
                    room
                }
            };
            if self.club.room(&room).is_some() {
                continue;
            }
            let (first, last) = (slot.boards.first().copied().unwrap_or(1), slot.boards.last().copied().unwrap_or(1));
            let options = tenace_online::RoomOptions {
                name: format!("{name} · round {round} table {}", slot.table),
                set_seed,
                boards: last,
                kibitzers_see_all: false,
                first: 1,
            };
            if let Err(e) = self.club.create_with_id_at(room.clone(), options, first).await {
                tracing::error!(tournament = %self.id, "table {room} not opened: {e}");
                return;
            }
            let people: Vec<Seat> = self.club.table_entry(&room).map(|e| e.players.iter().map(|p| p.1).collect()).unwrap_or_default();
            if let Some(h) = self.club.room(&room) {
                let _ = h.tx.send(RoomCmd::Robots { seats: Seat::ALL.into_iter().filter(|s| !people.contains(s)).collect() });
            }
        }
    }

    /// The Director's adjusted score: a Director account who does not play in the tournament,
    /// for a board of a table's round, while the tournament runs or within the correction period
    /// after its end (Law 79C; [`CORRECTION_PERIOD`]).
    async fn adjust(&mut self, by: String, round: u32, table: u32, board: u32, outcome: tenace_events::Outcome) -> Result<(), String> {
        let Game::Rounds { t, .. } = &self.game else { return Err("adjusted scores are given in pairs and teams tournaments".into()) };
        if !self.club.is_director(&by) {
            return Err("only a Director adjusts a score (Law 12)".into());
        }
        if t.entered(&by) {
            return Err("a Director who plays in a tournament does not direct it".into());
        }
        let slot = t.slots().into_iter().find(|s| s.round == round && s.table == table);
        if !slot.is_some_and(|s| s.boards.contains(&board)) {
            return Err(format!("table {table} does not play board {board} in round {round}"));
        }
        if t.finished() && now() > t.summary(&self.id, now()).closes_at + CORRECTION_PERIOD {
            return Err("the correction period is over (Law 79C)".into());
        }
        // A score the event could not score (an impossible result, weights not adding to 1)
        // is refused here, not found when the ranking is computed.
        let number = tenace_core::BoardNumber::new(board).map_err(|e| e.to_string())?;
        for side in [tenace_core::Side::NorthSouth, tenace_core::Side::EastWest] {
            outcome.side(side, board, number.vulnerability()).map_err(|e| format!("board {board}: {e}"))?;
        }
        let adjusted = t.adjusted(by, round, table, board, outcome);
        self.commit_rounds(vec![adjusted]).await
    }

    /// A player at one of the tournament's tables calls the Director: the call is stored, the
    /// table told, and every Director connected alerted.
    async fn call_director(&mut self, by: String, room: String, reason: String) -> Result<(), String> {
        let event = self.calls.call(by.clone(), room.clone(), reason, now()).map_err(|e| e.to_string())?;
        self.store(std::slice::from_ref(&event)).await?;
        self.calls.apply(&event);
        let number = self.calls.0.len();
        let what = match &event {
            tenace_tournament::CallEvent::DirectorCalled { reason, .. } if !reason.is_empty() => format!(": {reason}"),
            _ => String::new(),
        };
        if let Some(h) = self.club.room(&room) {
            let _ = h.tx.send(RoomCmd::Notice { message: format!("{by} called the Director{what}") });
        }
        let name = self.handle.summary.lock().map(|s| s.name.clone()).unwrap_or_default();
        self.club.tell_directors(crate::protocol::ServerMsg::Notice {
            message: format!("Director call {number} in {name:?}: {by} at table {room}{what}"),
            table: Some(room),
        });
        Ok(())
    }

    /// A Director who does not play in the tournament answers a call; the table hears the ruling.
    async fn answer_call(&mut self, by: String, call: u32, ruling: String) -> Result<(), String> {
        if !self.club.is_director(&by) {
            return Err("only a Director answers a call".into());
        }
        if self.game.entered(&by) {
            return Err("a Director who plays in a tournament does not direct it".into());
        }
        let event = self.calls.answer(by.clone(), call, ruling.clone(), now()).map_err(|e| e.to_string())?;
        self.store(std::slice::from_ref(&event)).await?;
        self.calls.apply(&event);
        if let Some(c) = self.calls.0.iter().find(|c| c.number == call) {
            if let Some(h) = self.club.room(&c.room) {
                let _ = h.tx.send(RoomCmd::Notice { message: format!("The Director ({by}): {}", ruling.trim()) });
            }
        }
        Ok(())
    }

    /// Tells the people at the current round's tables how much time is left, once a minute
    /// before the end (and when the round starts).
    fn announce(&mut self, started: Option<u32>) {
        let Game::Rounds { t, .. } = &self.game else { return };
        let Some(round) = t.current_round() else { return };
        let Some(deadline) = t.round_deadline(round) else { return };
        let left = deadline - now();
        let message = if started == Some(round) {
            format!("Round {round} of {}: {} minutes; boards not started when time runs out are not played (Average, Law 12C2)", t.name(), (left + 59) / 60)
        } else if left <= 60 && !self.warned.contains(&round) {
            self.warned.push(round);
            format!("Round {round}: one minute left")
        } else {
            return;
        };
        let rooms: Vec<String> = t.slots().iter().filter(|s| s.round == round).filter_map(|s| t.room(round, s.table).map(str::to_string)).collect();
        for room in rooms {
            if let Some(h) = self.club.room(&room) {
                let _ = h.tx.send(RoomCmd::Notice { message: message.clone() });
            }
        }
    }

    /// Stores events at the end of the tournament's log (nothing is applied unless they are
    /// stored).
    async fn store<E: serde::Serialize>(&mut self, events: &[E]) -> Result<(), String> {
        if !self.club.store_ok() {
            return Err(STORE_DOWN.into());
        }
        let moved = || format!("the tournament {} has moved to another node of the club; try again in a moment", self.id);
        let lease = self.club.node.as_ref().and_then(|n| n.keeper.lease(&format!("tournament/{}", self.id)));
        if self.club.node.is_some() && lease.is_none() {
            self.club.tournament_moved_away(&self.id);
            return Err(moved());
        }
        match self.club.store.append_tournament_under(lease.as_ref(), &self.id, self.stored, events).await {
            Ok(()) => {}
            Err(StoreError::Fenced(why)) => {
                tracing::warn!(tournament = %self.id, "a write was fenced: {why}");
                self.club.tournament_moved_away(&self.id);
                return Err(moved());
            }
            Err(e) => {
                self.club.store_failed(&e);
                return Err(STORE_DOWN.into());
            }
        }
        self.stored += events.len();
        Ok(())
    }

    /// After events were applied: the tables' entries and the closing time follow them.
    fn applied(&self) {
        self.register_tables();
        self.handle.closes_at.store(self.game.closes_at(), Ordering::SeqCst);
    }

    /// Stores and applies the events of a tournament in rounds.
    async fn commit_rounds(&mut self, events: Vec<RoundEvent>) -> Result<(), String> {
        self.store(&events).await?;
        if let Game::Rounds { t, .. } = &mut self.game {
            for e in &events {
                t.apply(e);
            }
        }
        self.applied();
        Ok(())
    }

    /// Decides, stores and applies a robot individual's request.
    async fn commit_individual(&mut self, request: Request) -> Result<(), String> {
        let Game::Individual { t, .. } = &self.game else { return Err("not a robot individual".into()) };
        let events = t.decide(request, now()).map_err(|e| e.to_string())?;
        self.store(&events).await?;
        if let Game::Individual { t, .. } = &mut self.game {
            for e in &events {
                t.apply(e);
            }
        }
        self.applied();
        Ok(())
    }

    /// The entrant's table: opened on the first call (the event stored first, then the table),
    /// created again if it is missing.
    async fn play_individual(&mut self, name: String) -> Result<String, String> {
        let Game::Individual { t, .. } = &self.game else { return Err("not a robot individual".into()) };
        let table = match t.entrant(&name).and_then(|e| e.table.clone()) {
            Some(table) => table,
            None => {
                let table = new_id(crate::node::TOURNAMENT_TABLE);
                self.commit_individual(Request::OpenTable { name: name.clone(), table: table.clone() }).await?;
                table
            }
        };
        if self.club.tournament_over(&table) {
            return Err("the tournament is over".into());
        }
        if self.club.room(&table).is_none() {
            let Game::Individual { t, .. } = &self.game else { return Err("not a robot individual".into()) };
            let o = t.options();
            let options =
                tenace_online::RoomOptions {
                    name: format!("{} · {name}", o.name), set_seed: o.set_seed, boards: o.boards, kibitzers_see_all: false, first: 1
                };
            self.club.create_with_id_at(table.clone(), options, 1).await.map_err(|e| format!("the table could not be opened: {e}"))?;
            if let Some(h) = self.club.room(&table) {
                let seat = tenace_tournament::ENTRANT_SEAT;
                let _ = h.tx.send(RoomCmd::Robots { seats: Seat::ALL.into_iter().filter(|s| *s != seat).collect() });
            }
        }
        Ok(table)
    }

    fn update_summary(&self) {
        if let Ok(mut s) = self.handle.summary.lock() {
            *s = self.game.summary(&self.id);
            if let Some(node) = &self.club.node {
                node.announce_tournament(&s, self.handle.closes_at.load(Ordering::SeqCst), self.handle.set_seed);
            }
        }
    }
}

/// The board set's id of a seed, as tables name it.
fn set_id(set_seed: u64) -> String {
    tenace_online::RoomOptions { name: String::new(), set_seed, boards: 1, kibitzers_see_all: false, first: 1 }.set_id()
}
