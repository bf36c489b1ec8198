//! Tournaments in the club (tenace-tournament): one task per tournament owns its
//! [`Tournament`] and the [`Field`] of its results, as a table task owns its room.
//!
//! - A request (register, play, close) is decided, its events stored, then applied.
//! - An entrant's table is an ordinary table of the tournament's board set, opened on their
//!   first "play": the tournament stores `TableOpened` first, then the club creates the table
//!   under that id (a table missing after a failure is created on the next "play"). The entrant
//!   sits South, robots take the other seats.
//! - Each finished board's result is stored with the table's events (the `results` rows of the
//!   set); the table then hands it to its tournament, which scores the board again. After a
//!   restart the field is read back from those rows.
//! - Tournament tables refuse play once the tournament is over ([`Club::tournament_over`]);
//!   nobody watches them while it runs except the entrant; no other table may take their board
//!   set; the robots' background comparison is not played on them.
//!
//! A restart resumes a tournament where it stood: its window is in wall-clock time, so a robot
//! individual's entrants, who play at their own pace, lose no board to the time the server was
//! down unless the window closed meanwhile.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};

use tenace_online::FieldResult;
use tenace_tournament::{Field, Request, Tournament, TournamentEvent, TournamentOptions, TournamentSummary, TournamentView};
use tokio::sync::{mpsc, oneshot};

use crate::club::{new_id, now, Club, STORE_DOWN};
use crate::store::StoreError;

/// What a tournament task is asked to do.
pub enum TournamentCmd {
    Register {
        name: String,
        reply: oneshot::Sender<Result<(), String>>,
    },
    /// Open (or find) `name`'s table; the reply is its id.
    Play {
        name: String,
        reply: oneshot::Sender<Result<String, String>>,
    },
    Close {
        name: String,
        reply: oneshot::Sender<Result<(), String>>,
    },
    View {
        name: String,
        reply: oneshot::Sender<TournamentView>,
    },
    /// A board finished at `table` (already stored).
    Result {
        board: u32,
        result: FieldResult,
    },
}

#[derive(Clone)]
pub struct TournamentHandle {
    pub tx: mpsc::UnboundedSender<TournamentCmd>,
    pub summary: Arc<Mutex<TournamentSummary>>,
    /// When play ends (Unix seconds); moved earlier when the creator closes it.
    pub closes_at: Arc<AtomicI64>,
    pub set_seed: u64,
}

/// Tournaments by id, and the tournament and entrant of each entrant's table.
#[derive(Default)]
pub struct Tournaments {
    by_id: std::sync::RwLock<HashMap<String, TournamentHandle>>,
    by_table: std::sync::RwLock<HashMap<String, (String, String)>>,
}

/// What a person tries at a table, for [`Club::tournament_refusal`].
pub enum Attempt {
    Sit(tenace_core::Seat),
    Watch,
    Play,
}

impl Club {
    pub fn tournament(&self, id: &str) -> Option<TournamentHandle> {
        self.tournaments.by_id.read().ok()?.get(id).cloned()
    }

    /// The tournament a table belongs to.
    pub fn tournament_of(&self, table: &str) -> Option<TournamentHandle> {
        let (id, _) = self.tournaments.by_table.read().ok()?.get(table).cloned()?;
        self.tournament(&id)
    }

    /// Why `name` may not do `attempt` at `table`, when it is a tournament's table: only its
    /// entrant sits there (South, with robots), nobody else watches it while the tournament runs
    /// (Law 16: nobody learns a result before playing the deal), and play stops when the
    /// tournament is over.
    pub(crate) fn tournament_refusal(&self, table: &str, name: &str, attempt: Attempt) -> Option<String> {
        let (id, entrant) = self.tournaments.by_table.read().ok()?.get(table).cloned()?;
        let handle = self.tournament(&id)?;
        let over = now() >= handle.closes_at.load(Ordering::SeqCst);
        let tournament = handle.summary.lock().map(|s| s.name.clone()).unwrap_or_default();
        match attempt {
            Attempt::Sit(_) | Attempt::Play if over => Some(format!("the tournament {tournament:?} is over; its tables are closed")),
            Attempt::Sit(seat) if name != entrant || seat != tenace_tournament::ENTRANT_SEAT => {
                Some(format!("this is {entrant}'s table in the tournament {tournament:?}: the entrant sits South, robots sit the other seats"))
            }
            Attempt::Watch if !over && name != entrant => Some(format!(
                "tables of the tournament {tournament:?} cannot be watched while it runs (Law 16: nobody learns a result before playing the deal)"
            )),
            _ => None,
        }
    }

    /// Whether `table` is a tournament's table and that tournament is over (its play refused).
    pub fn tournament_over(&self, table: &str) -> bool {
        self.tournament_of(table).is_some_and(|h| now() >= h.closes_at.load(Ordering::SeqCst))
    }

    /// Every tournament, newest window first.
    pub fn tournament_list(&self) -> Vec<TournamentSummary> {
        let t = now();
        let mut v: Vec<TournamentSummary> = match self.tournaments.by_id.read() {
            Ok(m) => m.values().filter_map(|h| h.summary.lock().ok().map(|s| s.clone())).collect(),
            Err(_) => Vec::new(),
        };
        for s in &mut v {
            s.phase = phase_at(s, t);
        }
        v.sort_by(|a, b| b.opens_at.cmp(&a.opens_at).then_with(|| a.id.cmp(&b.id)));
        v
    }

    /// Creates and stores a new tournament.
    pub async fn create_tournament(self: &Arc<Club>, options: TournamentOptions) -> Result<String, String> {
        options.check().map_err(|e| e.to_string())?;
        if !self.store_ok() {
            return Err(STORE_DOWN.into());
        }
        let id = new_id("r");
        if let Err(e) = self.store.create_tournament(&id, &options, now()).await {
            self.store_failed(&e);
            return Err(format!("the tournament could not be created: {e}"));
        }
        self.spawn_tournament(id.clone(), Tournament::new(options), 0);
        Ok(id)
    }

    /// Starts the task of a tournament whose log holds `stored` events.
    pub(crate) fn spawn_tournament(self: &Arc<Club>, id: String, tournament: Tournament, stored: usize) {
        let (tx, rx) = mpsc::unbounded_channel();
        let handle = TournamentHandle {
            tx,
            summary: Arc::new(Mutex::new(tournament.summary(&id, now()))),
            closes_at: Arc::new(AtomicI64::new(tournament.closes_at())),
            set_seed: tournament.options().set_seed,
        };
        if let Ok(mut tables) = self.tournaments.by_table.write() {
            for e in tournament.entrants() {
                if let Some(t) = &e.table {
                    tables.insert(t.clone(), (id.clone(), e.name.clone()));
                }
            }
        }
        if let Ok(mut m) = self.tournaments.by_id.write() {
            m.insert(id.clone(), handle.clone());
        }
        let task = TournamentTask { id, tournament, stored, field: Field::default(), club: self.clone(), handle };
        tokio::spawn(task.run(rx));
    }

    /// Loads every stored tournament (before the tables, so that each table knows its own).
    pub(crate) async fn load_tournaments(self: &Arc<Club>) -> Result<(), StoreError> {
        for stored in self.store.tournaments().await? {
            match stored.map_err(|(id, e)| (id, e.to_string())).and_then(|s| {
                let (id, count) = (s.id.clone(), s.events.len());
                Tournament::replay(s.options, s.events).map(|t| (s.id, t, count)).map_err(|e| (id, e.to_string()))
            }) {
                Ok((id, t, count)) => self.spawn_tournament(id, t, count),
                Err((id, reason)) => tracing::error!(tournament = %id, "tournament set aside: {reason}"),
            }
        }
        Ok(())
    }
}

fn phase_at(s: &TournamentSummary, t: i64) -> tenace_tournament::Phase {
    use tenace_tournament::Phase;
    if t >= s.closes_at {
        Phase::Finished
    } else if t < s.opens_at {
        Phase::Upcoming
    } else {
        Phase::Running
    }
}

struct TournamentTask {
    id: String,
    tournament: Tournament,
    /// Events in the stored log.
    stored: usize,
    field: Field,
    club: Arc<Club>,
    handle: TournamentHandle,
}

impl TournamentTask {
    async fn run(mut self, mut rx: mpsc::UnboundedReceiver<TournamentCmd>) {
        self.load_field().await;
        while let Some(cmd) = rx.recv().await {
            self.handle(cmd).await;
        }
    }

    /// The results stored for the tournament's board set, by board.
    async fn load_field(&mut self) {
        let set_id = set_id(self.tournament.options().set_seed);
        let mut field = Field::default();
        for board in 1..=self.tournament.options().boards {
            match self.club.store.field(&set_id, board).await {
                Ok(results) => {
                    for r in results {
                        field.add(&self.tournament, board, r);
                    }
                }
                Err(e) => tracing::error!(tournament = %self.id, "results of board {board} not read: {e}"),
            }
        }
        self.field = field;
    }

    async fn handle(&mut self, cmd: TournamentCmd) {
        match cmd {
            TournamentCmd::Register { name, reply } => {
                let r = self.commit(Request::Register { name }).await;
                let _ = reply.send(r);
            }
            TournamentCmd::Play { name, reply } => {
                let _ = reply.send(self.play(name).await);
            }
            TournamentCmd::Close { name, reply } => {
                let r = self.commit(Request::Close { by: name }).await;
                let _ = reply.send(r);
            }
            TournamentCmd::View { name, reply } => {
                let _ = reply.send(self.tournament.view(&self.id, &self.field, &name, now()));
            }
            TournamentCmd::Result { board, result } => self.field.add(&self.tournament, board, result),
        }
        self.update_summary();
    }

    /// Decides, stores and applies a request.
    async fn commit(&mut self, request: Request) -> Result<(), String> {
        let events = self.tournament.decide(request, now()).map_err(|e| e.to_string())?;
        if !self.club.store_ok() {
            return Err(STORE_DOWN.into());
        }
        if let Err(e) = self.club.store.append_tournament(&self.id, self.stored, &events).await {
            self.club.store_failed(&e);
            return Err(STORE_DOWN.into());
        }
        self.stored += events.len();
        for e in &events {
            self.tournament.apply(e);
            match e {
                TournamentEvent::TableOpened { table, name } => {
                    if let Ok(mut tables) = self.club.tournaments.by_table.write() {
                        tables.insert(table.clone(), (self.id.clone(), name.clone()));
                    }
                }
                TournamentEvent::Closed { .. } => self.handle.closes_at.store(self.tournament.closes_at(), Ordering::SeqCst),
                TournamentEvent::Registered { .. } => {}
            }
        }
        Ok(())
    }

    /// The entrant's table: opened on the first call (the event stored first, then the table),
    /// created again if it is missing.
    async fn play(&mut self, name: String) -> Result<String, String> {
        let table = match self.tournament.entrant(&name).and_then(|e| e.table.clone()) {
            Some(t) => t,
            None => {
                let table = new_id("t");
                self.commit(Request::OpenTable { name: name.clone(), table: table.clone() }).await?;
                table
            }
        };
        if self.club.room(&table).is_none() {
            let o = self.tournament.options();
            let options =
                tenace_online::RoomOptions { name: format!("{} · {name}", o.name), set_seed: o.set_seed, boards: o.boards, kibitzers_see_all: false };
            self.club.create_with_id(table.clone(), options).await.map_err(|e| format!("the table could not be opened: {e}"))?;
        }
        Ok(table)
    }

    fn update_summary(&self) {
        if let Ok(mut s) = self.handle.summary.lock() {
            *s = self.tournament.summary(&self.id, now());
        }
    }
}

/// The board set's id of a seed, as tables name it.
fn set_id(set_seed: u64) -> String {
    tenace_online::RoomOptions { name: String::new(), set_seed, boards: 1, kibitzers_see_all: false }.set_id()
}
