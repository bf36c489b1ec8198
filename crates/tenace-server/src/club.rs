//! The club: every table runs in its own task that owns its [`Room`]; connections talk to a
//! table only through its command channel. A table task stores each batch of events (with the
//! hands it will show people for the first time, [`crate::sight`]) before it applies them and
//! before anyone sees the result, then sends every follower the view computed for what that
//! person may see now.
//!
//! When the store fails, every table stops taking actions and says so to its players; a probe
//! retries the store with a growing pause, and when it accepts writes again every table reloads
//! its log from the store (so an action whose commit was in doubt is neither lost nor applied
//! twice) and play resumes by itself.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use tenace_core::Seat;
use tenace_online::{Action, Actor, FieldResult, Occupant, OnlineError, Room, RoomEvent, RoomOptions, TableView, Viewer};
use tokio::sync::mpsc;

use crate::desk::{CalledTo, DeskError, NewRuling, RulingView};
use crate::limits::{Limits, LoginLimiter};
use crate::node::SeatRefused;
pub use crate::outbox::Outbox;
use crate::patch::ViewPatch;
use crate::protocol::{ServerMsg, TableSummary};
use crate::sight::{self, Sight};
use crate::store::{Field, Seen, Store, StoreError};
use crate::tournaments::{Attempt, TournamentCmd};

/// What players are told while the store fails.
pub const STORE_DOWN: &str = "the club cannot store moves right now; nothing you see is lost, and play resumes by itself when storing works again";

/// How the club behaves.
#[derive(Clone, Debug)]
pub struct ClubConfig {
    /// A robot waits this long before it acts (so people can follow the play).
    pub robot_delay: Duration,
    /// A seated player who has been disconnected this long is replaced by a robot (counted from
    /// the server's start for players who do not come back after a restart).
    pub seat_timeout: Duration,
    /// Play each finished board with four robots when no other table has played it yet, so
    /// there is always a comparison.
    pub robot_comparison: bool,
    /// The accounts that may use the Director's desk (`tenace serve --director NAME`).
    pub directors: Vec<String>,
    /// Abuse limits (crate::limits).
    pub limits: Limits,
    /// A robot's budget for one card, in milliseconds of solver work (`tenace serve
    /// --robot-time-per-card-ms`); the background robots' comparison uses a tenth of it.
    pub robot_card_budget_ms: f64,
    /// A club of several nodes (crate::node): `None` runs every table here, as one process.
    pub node: Option<crate::node::NodeConfig>,
}

impl Default for ClubConfig {
    fn default() -> ClubConfig {
        ClubConfig {
            robot_delay: Duration::from_millis(400),
            seat_timeout: Duration::from_secs(120),
            robot_comparison: true,
            directors: Vec::new(),
            limits: Limits::default(),
            robot_card_budget_ms: tenace_robot::CARD_BUDGET_MS,
            node: None,
        }
    }
}

/// What a table task is asked to do.
pub enum RoomCmd {
    Join {
        conn: u64,
        name: String,
        seat: Seat,
        out: Outbox,
    },
    Watch {
        conn: u64,
        name: String,
        seat: Option<Seat>,
        out: Outbox,
    },
    /// The connection stops following the table; a seated person leaves the seat.
    Leave {
        conn: u64,
        name: String,
    },
    /// The connection dropped; the seat is kept for `seat_timeout`.
    Disconnect {
        conn: u64,
    },
    Act {
        conn: u64,
        name: String,
        action: Action,
        out: Outbox,
    },
    /// Fill these empty seats with robots (at creation).
    Robots {
        seats: Vec<Seat>,
    },
    RobotMove {
        at: usize,
        seat: Seat,
        action: Action,
    },
    RobotIdle,
    SeatTimeout {
        seat: Seat,
        name: String,
    },
    /// Another table's result on this set arrived.
    Refresh,
    /// The hand record (double-dummy table, par) of a finished board.
    HandRecord {
        board: u32,
        record: Option<tenace_online::view::HandRecord>,
    },
    /// The Director is called to the table: the current board and its events so far, for a
    /// Director who does not play this set (`director`); the hands are then in the ledger.
    Snapshot {
        director: String,
        reply: tokio::sync::oneshot::Sender<Result<Snapshot, String>>,
    },
    /// A finished board of this table for `person`'s replay, if Law 16 lets them see it (the
    /// hands are then in their ledger).
    Replay {
        person: String,
        board: u32,
        confirmed: bool,
        reply: tokio::sync::oneshot::Sender<Result<ReplaySource, ReplayError>>,
    },
    /// The store accepts writes again: reload the log and resume.
    StoreBack,
    /// Tell everyone at the table (a tournament's clock).
    Notice {
        message: String,
    },
    /// Another node runs the table now (crate::node): stop here, and pass the followers on.
    Lost {
        why: String,
    },
}

/// What the Director's desk gets of an online table.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct Snapshot {
    pub board: tenace_core::Board,
    pub events: Vec<tenace_table::TableEvent>,
    pub set_id: String,
}

/// What a table hands over for a replay: the board as it finished, and who played it.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct ReplaySource {
    pub finished: tenace_online::FinishedBoard,
    pub players: Option<[String; 4]>,
    pub name: String,
    pub set_id: String,
}

/// Why a board is not replayed.
#[derive(Debug, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum ReplayError {
    #[error("there is no table {0:?}")]
    NoTable(String),
    #[error("board {0} has not been played to its end at this table")]
    NotOver(u32),
    /// Law 16: the person plays this set elsewhere and has not played the board.
    #[error("Law 16: {0}")]
    Refused(String),
    /// The person has seen nothing of this board: seeing it bars them from playing it at
    /// another table of the set; they are asked first.
    #[error("Law 16: you have not played board {0} of this board set; once you see it you may not play it at another table of the set")]
    Unseen(u32),
    #[error("the club cannot store that now: {0}")]
    Store(String),
    #[error("{0}")]
    Failed(String),
}

#[derive(Clone)]
pub struct RoomHandle {
    pub tx: mpsc::UnboundedSender<RoomCmd>,
    pub summary: Arc<Mutex<TableSummary>>,
    pub set_seed: u64,
}

/// A connection, as the club knows it (for the per-account cap and logging out).
struct Connection {
    conn: u64,
    token: String,
    out: Outbox,
}

/// All tables, by id.
pub struct Club {
    pub store: Store,
    pub config: ClubConfig,
    rooms: RwLock<HashMap<String, RoomHandle>>,
    /// The tables of each board set (by its seed), here or on other nodes: who else plays a set
    /// is asked per seat taken, and must not walk the whole club.
    sets: RwLock<HashMap<u64, std::collections::HashSet<String>>>,
    /// Tables whose stored log cannot be replayed: set aside with the reason, shown in the lobby.
    set_aside: RwLock<Vec<TableSummary>>,
    /// Solver work a table waits for (robots' thinking, claim checks) runs on the blocking
    /// pool, at most one job per core at a time, so a busy club cannot start hundreds of
    /// solvers (each with its own transposition table) at once.
    solver: Arc<tokio::sync::Semaphore>,
    /// Analysed replays by (table, board): a finished board never changes.
    replays: Mutex<HashMap<(String, u32), Arc<tenace_online::replay::BoardReplay>>>,
    /// Hand records by (set seed, board): every table of a set shares them.
    hand_records: Mutex<HashMap<(u64, u32), tenace_online::view::HandRecord>>,
    /// The results of each board of each set (the store's `results` rows), read once and kept
    /// up to date by the club's own writes, so that a table's comparison does not read the
    /// store at the end of every board (in a large tournament, thousands of rows each time).
    /// Each board has its own slot, locked while the board is read from the store, so that a
    /// result noted meanwhile is not lost; the tables of other boards and sets do not wait for
    /// that read (with one lock for all, the tables finishing a board at once each waited for
    /// the others' reads: seconds, on SQLite's one connection, at 400 tables).
    fields: Mutex<HashMap<(String, u32), FieldSlot>>,
    /// Hand records asked for by a tournament's view (computed once).
    hand_records_started: Mutex<std::collections::HashSet<(u64, u32)>>,
    /// Work nobody waits for at the table (hand records, the robots' comparison games): one
    /// thread at the lowest scheduling priority, so it uses only the CPU the tables leave.
    background: std::sync::Mutex<std::sync::mpsc::Sender<Job>>,
    /// The Director's desk: rulings being worked on.
    pub(crate) desks: crate::desk::Desks,
    /// Club nights at real tables being scored (crate::nights).
    pub(crate) nights: crate::nights::Nights,
    /// Who has seen which hands, and who sits where (Law 16).
    pub(crate) sight: Sight,
    /// True while the store refuses writes; a probe is then running.
    store_down: AtomicBool,
    /// When the store last came back and the probe's pause then (its back-off carries over when
    /// the store fails again soon).
    store_back: Mutex<Option<(std::time::Instant, Duration)>>,
    /// Live WebSocket connections by account.
    connections: Mutex<HashMap<String, Vec<Connection>>>,
    pub(crate) logins: LoginLimiter,
    /// Tournaments and their tables (crate::tournaments).
    pub(crate) tournaments: crate::tournaments::Tournaments,
    /// True once [`Club::open`] runs every stored table ([`Club::stored_tables_run`]).
    stored_tables_run: tokio::sync::watch::Sender<bool>,
    /// This node's part in a club of several (crate::node), if it is one.
    pub(crate) node: Option<Arc<crate::node::Node>>,
}

type Job = Box<dyn FnOnce() + Send>;

/// One board's field: empty until read from the store.
type FieldSlot = Arc<tokio::sync::Mutex<Option<Field>>>;

/// An action that takes this long from its commit to its views sent is logged (debug, target
/// `tenace::slow`); so is a batch of views to another node (crate::node).
pub(crate) const SLOW_ACTION: Duration = Duration::from_millis(50);

/// The most analysed replays the club keeps (then it analyses again on request).
const REPLAYS_KEPT: usize = 512;

/// The most boards whose results the club keeps in memory (then it starts again from the store).
const FIELDS_KEPT: usize = 4096;

impl Club {
    /// Runs solver work `f` on the blocking pool, one job per core at a time.
    pub async fn think<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let _permit = self.solver.acquire().await.ok()?;
        tokio::task::spawn_blocking(f).await.ok()
    }

    /// Every table's result on board `board` of the set `set_id` (see `fields`).
    pub(crate) async fn field(&self, set_id: &str, board: u32) -> Arc<Vec<FieldResult>> {
        // In a club of several nodes the other nodes' results are not noted here: read each time.
        if self.node.is_some() {
            return self.read_field(set_id, board).await.unwrap_or_default();
        }
        let key = (set_id.to_string(), board);
        let slot = {
            let Ok(mut fields) = self.fields.lock() else { return self.read_field(set_id, board).await.unwrap_or_default() };
            if fields.len() >= FIELDS_KEPT && !fields.contains_key(&key) {
                fields.clear();
            }
            fields.entry(key).or_default().clone()
        };
        let mut slot = slot.lock().await;
        if let Some(f) = slot.as_ref() {
            return f.clone();
        }
        // Not cached after a failed read: the next board's end reads again.
        let Some(read) = self.read_field(set_id, board).await else { return Arc::new(Vec::new()) };
        *slot = Some(read.clone());
        read
    }

    /// The board's results as stored, in byte order of the table ids (a database's collation
    /// may differ); `None` when the store cannot be read.
    async fn read_field(&self, set_id: &str, board: u32) -> Option<Arc<Vec<FieldResult>>> {
        let mut f = self.store.field(set_id, board).await.ok()?;
        f.sort_by(|a, b| a.table.cmp(&b.table));
        Some(Arc::new(f))
    }

    /// A result the store has just taken (the first for its table is kept, as in the store).
    pub(crate) async fn note_result(&self, set_id: &str, board: u32, result: &FieldResult) {
        let slot = self.fields.lock().ok().and_then(|f| f.get(&(set_id.to_string(), board)).cloned());
        let Some(slot) = slot else { return };
        // Waits for a read of this board in flight, which may have missed this result.
        let mut field = slot.lock().await;
        if let Some(f) = field.as_mut() {
            if let Err(at) = f.binary_search_by(|r| r.table.as_str().cmp(result.table.as_str())) {
                Arc::make_mut(f).insert(at, result.clone());
            }
        }
    }

    /// Solves a board's hand record in the background and keeps it for every table of the set.
    async fn solve_hand_record(&self, key: (u64, u32), board: tenace_core::Board) -> Option<tenace_online::view::HandRecord> {
        let record = self.in_background(move || tenace_online::view::hand_record(&board)).await.flatten();
        if let (Some(r), Ok(mut m)) = (&record, self.hand_records.lock()) {
            m.insert(key, r.clone());
        }
        record
    }

    /// Board `number` of the set `set_seed` for a hand record: the deal, and its double-dummy
    /// table and par when known (otherwise their computation is started, once, in the
    /// background).
    pub fn board_hands(self: &Arc<Club>, set_seed: u64, number: u32) -> tenace_tournament::BoardHands {
        let board = tenace_online::RoomOptions { name: String::new(), set_seed, boards: number, kibitzers_see_all: false, first: 1 }.board(number);
        let key = (set_seed, number);
        let record = self.hand_records.lock().ok().and_then(|m| m.get(&key).cloned());
        if record.is_none() && self.hand_records_started.lock().is_ok_and(|mut s| s.insert(key)) {
            let club = self.clone();
            let b = board.clone();
            tokio::spawn(async move { club.solve_hand_record(key, b).await });
        }
        tenace_tournament::BoardHands { deal: board.deal.to_pbn(Seat::North), dealer: board.dealer, vulnerability: board.vulnerability, record }
    }

    /// Runs `f` on the background thread (lowest priority, one job at a time, in order).
    pub async fn in_background<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = tx.send(f());
        });
        self.background.lock().ok()?.send(job).ok()?;
        rx.await.ok()
    }
}

/// The background thread (hand records, the robots' comparison games): runs its jobs until
/// the club is dropped, under Linux's `SCHED_IDLE` policy (for the calling thread), so that it
/// takes the processor only when the tables' work leaves it idle, and gives it back the moment a
/// table's thread wakes up. `nice` 19 alone was measured not enough (Linux 6.18, 2 cores,
/// `tenace-loadgen --tables 200 --boards 8 --no-robot-comparison`): the solver kept a third of
/// a core and the saturated club made 7,300-7,800 actions/s, against 9,700-11,200 under
/// `SCHED_IDLE` and 11,465 with no hand records at all. Under saturation the hand records and
/// comparisons wait for a quiet moment.
#[allow(unsafe_code)] // setpriority, a libc call
fn background_thread() -> std::sync::mpsc::Sender<Job> {
    let (tx, rx) = std::sync::mpsc::channel::<Job>();
    let spawned = std::thread::Builder::new().name("tenace-background".into()).spawn(move || {
        #[cfg(target_os = "linux")]
        // SAFETY: setpriority only reads its integer arguments; 0 names the calling thread.
        unsafe {
            libc::setpriority(libc::PRIO_PROCESS, 0, 19);
            let param = libc::sched_param { sched_priority: 0 };
            if libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) != 0 {
                tracing::warn!("the background thread keeps nice 19: SCHED_IDLE refused ({})", std::io::Error::last_os_error());
            }
        }
        while let Ok(job) = rx.recv() {
            job();
        }
    });
    if let Err(e) = spawned {
        tracing::error!("cannot start the background thread: {e}");
    }
    tx
}

impl Club {
    /// Opens the club on `store`, rebuilding every stored table from its events. A table whose
    /// log cannot be read or replayed is set aside (logged, listed as unavailable); the others
    /// start. Players seated at a table start their seat time-out now.
    pub async fn open(store: Store, config: ClubConfig) -> Result<Arc<Club>, crate::ServerError> {
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        let (node, lost) = match &config.node {
            Some(n) => {
                let (node, lost) = crate::node::Node::connect(store.clone(), n).await?;
                (Some(node), Some(lost))
            }
            None => (None, None),
        };
        let seen = store.all_seen().await?;
        let stored = store.rooms().await?;
        let club = Arc::new(Club {
            store,
            config,
            rooms: RwLock::new(HashMap::new()),
            sets: RwLock::new(HashMap::new()),
            set_aside: RwLock::new(Vec::new()),
            solver: Arc::new(tokio::sync::Semaphore::new(cores)),
            hand_records: Mutex::new(HashMap::new()),
            replays: Mutex::new(HashMap::new()),
            hand_records_started: Mutex::new(std::collections::HashSet::new()),
            fields: Mutex::new(HashMap::new()),
            background: std::sync::Mutex::new(background_thread()),
            desks: crate::desk::Desks::default(),
            nights: if node.is_some() { crate::nights::Nights::fresh() } else { crate::nights::Nights::default() },
            sight: Sight::load(seen),
            store_down: AtomicBool::new(false),
            store_back: Mutex::new(None),
            connections: Mutex::new(HashMap::new()),
            logins: LoginLimiter::default(),
            tournaments: crate::tournaments::Tournaments::default(),
            stored_tables_run: tokio::sync::watch::Sender::new(false),
            node,
        });
        if let (Some(node), Some(lost)) = (&club.node, lost) {
            crate::node::Node::start(&club, node, lost).await?;
        }
        club.load_tournaments().await?;
        let replayed: Vec<Result<(String, Room), (String, String)>> = stored
            .into_iter()
            .map(|stored| {
                stored.map_err(|(id, e)| (id, e.to_string())).and_then(|s| {
                    let options = s.options.clone();
                    Room::replay(s.options, s.events)
                        .map(|room| (s.id.clone(), room))
                        .map_err(|e| (s.id.clone(), format!("{} does not replay: {e}", options.name)))
                })
            })
            .collect();
        // One node runs each table: the others reach it through a proxy. The stored tables'
        // leases are asked for sixteen at a time (one round trip each: in sequence, a node's
        // start grew with the club's stored tables).
        let runs_here: Vec<bool> = match &club.node {
            None => vec![true; replayed.len()],
            Some(node) => {
                use futures_util::StreamExt;
                let asks = replayed.iter().map(|r| async {
                    let Ok((id, _)) = r else { return Ok(false) };
                    Ok::<bool, StoreError>(crate::node::may_run(&club, id) && node.keeper.take(&crate::node::table_lease(id)).await?.is_ok())
                });
                futures_util::stream::iter(asks).buffered(16).collect::<Vec<_>>().await.into_iter().collect::<Result<_, _>>()?
            }
        };
        for (replayed, here) in replayed.into_iter().zip(runs_here) {
            match replayed {
                Ok((id, room)) => {
                    if let (Some(node), false) = (&club.node, here) {
                        let handle = node.proxy(&id, summary(&id, &room, 0), room.options().set_seed);
                        club.insert_room(&id, handle);
                        continue;
                    }
                    club.run_table(id, room).await;
                }
                Err((id, reason)) => {
                    tracing::error!(table = %id, "table set aside: {reason}");
                    if let Ok(mut v) = club.set_aside.write() {
                        v.push(TableSummary::unavailable(&id, &reason));
                    }
                }
            }
        }
        club.stored_tables_run.send_replace(true);
        tokio::spawn(crate::accounts::warm_up());
        Ok(club)
    }

    /// Returns once [`Club::open`] has started every stored table (at once, after that).
    /// The tournaments are loaded first, so that each table knows its tournament, and their
    /// tasks start at once: a pairs tournament's first tick, which opens the round's tables
    /// that are not running, waits for this, or it took a stored table that was not running
    /// yet for one never created, and its creation failed on the stored row (the store then
    /// counted as failed: seen once in `a_restart_is_not_charged_to_a_pairs_round`).
    pub(crate) async fn stored_tables_run(&self) {
        let mut run = self.stored_tables_run.subscribe();
        let _ = run.wait_for(|r| *r).await;
    }

    pub fn room(&self, id: &str) -> Option<RoomHandle> {
        self.rooms.read().ok()?.get(id).cloned()
    }

    /// Every table, and the tables set aside (with `unavailable` saying why). The tables of a
    /// running tournament are not listed: only their entrant plays there, and nobody watches.
    pub fn lobby(&self) -> Vec<TableSummary> {
        let mut v: Vec<TableSummary> = match self.rooms.read() {
            Ok(rooms) => rooms
                .iter()
                // A tournament's table run by another node is not listed either (its tournament
                // is not known here: crate::node).
                .filter(|(id, _)| match self.tournament_of(id) {
                    Some(_) => self.tournament_over(id),
                    None => !id.starts_with(crate::node::TOURNAMENT_TABLE),
                })
                .filter_map(|(_, h)| h.summary.lock().ok().map(|s| s.clone()))
                .collect(),
            Err(_) => Vec::new(),
        };
        if let Ok(aside) = self.set_aside.read() {
            v.extend(aside.iter().cloned());
        }
        v.sort_by(|a, b| a.table.cmp(&b.table));
        v
    }

    /// Creates and stores a new table.
    pub async fn create(self: &Arc<Club>, options: RoomOptions) -> Result<String, crate::ServerError> {
        let id = new_id("t");
        self.create_with_id_at(id.clone(), options, 1).await?;
        Ok(id)
    }

    /// Creates and stores a new table under `id`, starting at board `first`.
    pub(crate) async fn create_with_id_at(self: &Arc<Club>, id: String, options: RoomOptions, first: u32) -> Result<(), crate::ServerError> {
        let options = RoomOptions { first, ..options };
        if !self.store_ok() {
            return Err(crate::ServerError::Store(StoreError::Refused(STORE_DOWN.into())));
        }
        if let Some(node) = &self.node {
            node.keeper
                .take(&crate::node::table_lease(&id))
                .await?
                .map_err(|held| crate::ServerError::Node(format!("table {id} is run by node {} already", held.owner)))?;
        }
        if let Err(e) = self.store.create_room(&id, &options, now()).await {
            self.store_failed(&e);
            return Err(e.into());
        }
        self.spawn(id, Room::new(options)).await;
        Ok(())
    }

    /// Runs `room` as table `id` here; in a club of several nodes, the other nodes can reach it
    /// once this returns (the bus subscription is in place before anyone learns of the table).
    async fn spawn(self: &Arc<Club>, id: String, room: Room) {
        self.start_task(id.clone(), room);
        if let (Some(node), Some(handle)) = (self.node.clone(), self.room(&id)) {
            node.serve(&id, handle).await;
        }
    }

    fn start_task(self: &Arc<Club>, id: String, room: Room) {
        let (tx, rx) = mpsc::unbounded_channel();
        let summary = Arc::new(Mutex::new(summary(&id, &room, 0)));
        let handle = RoomHandle { tx: tx.clone(), summary: summary.clone(), set_seed: room.options().set_seed };
        self.insert_room(&id, handle);
        let task = RoomTask {
            id,
            room,
            club: self.clone(),
            tx,
            followers: HashMap::new(),
            field: Arc::new(Vec::new()),
            robot_busy: false,
            summary,
            hand_records: HashMap::new(),
            standings: HashMap::new(),
            gone: false,
            announced: false,
            append_took: Duration::ZERO,
        };
        tokio::spawn(task.run(rx));
    }

    /// Lists `handle` as table `id` (run here, or a proxy for another node's table).
    pub(crate) fn insert_room(&self, id: &str, handle: RoomHandle) {
        if let Ok(mut sets) = self.sets.write() {
            sets.entry(handle.set_seed).or_default().insert(id.to_string());
        }
        if let Ok(mut rooms) = self.rooms.write() {
            rooms.insert(id.to_string(), handle);
        }
    }

    /// The handles of the tables playing the board set `set_seed`.
    pub(crate) fn tables_of_set(&self, set_seed: u64) -> Vec<(String, RoomHandle)> {
        let ids: Vec<String> = self.sets.read().ok().and_then(|s| s.get(&set_seed).map(|t| t.iter().cloned().collect())).unwrap_or_default();
        ids.into_iter().filter_map(|id| self.room(&id).map(|h| (id, h))).collect()
    }

    /// Runs `room` here as table `id` (a table taken over from a node that stopped): its seated
    /// players' seat time-outs start now, as after a restart.
    pub(crate) async fn run_table(self: &Arc<Club>, id: String, room: Room) {
        let players: Vec<(Seat, String)> = Seat::ALL
            .into_iter()
            .zip(room.seats())
            .filter_map(|(seat, o)| match o {
                Some(Occupant::Player { name }) => Some((seat, name.clone())),
                _ => None,
            })
            .collect();
        let set_seed = room.options().set_seed;
        self.spawn(id.clone(), room).await;
        for (seat, name) in players {
            let _ = self.sight.reserve(&name, &id, set_seed, |_| false);
            self.seat_timer(&id, seat, name);
        }
    }

    /// After `seat_timeout`, `name`'s seat at `table` goes to a robot unless they are back.
    fn seat_timer(&self, table: &str, seat: Seat, name: String) {
        let Some(h) = self.room(table) else { return };
        let wait = self.config.seat_timeout;
        tokio::spawn(async move {
            tokio::time::sleep(wait).await;
            let _ = h.tx.send(RoomCmd::SeatTimeout { seat, name });
        });
    }

    /// Is a table still playing (its set not over)?
    fn playing(&self, table: &str) -> bool {
        self.room(table).and_then(|h| h.summary.lock().ok().map(|s| !s.set_over)).unwrap_or(false)
    }

    /// The table of set `set_seed` where `person` plays, other than `except`, if any.
    /// A person plays a set while seated at one of its tables (until that table's set is over),
    /// and also, seated or not, while a board they held a seat at is in progress there.
    pub(crate) fn plays_set(&self, person: &str, set_seed: u64, except: &str) -> Option<String> {
        if let Some(s) = self.sight.seated_at(person) {
            if s.table != except && s.set_seed == set_seed && self.playing(&s.table) {
                return Some(s.table);
            }
        }
        self.sight.holding(person, set_seed, except)
    }

    /// Stores hands claimed under the sight gate and settles the claim: they join the ledger
    /// when the store took them, and are withdrawn when it refused them (nothing was shown).
    async fn store_claimed(&self, claimed: &[Seen]) -> Result<(), StoreError> {
        let stored = self.store.record_seen(claimed).await;
        self.sight.settle(claimed, stored.is_ok());
        stored
    }

    /// Stops this club writing (a server stopped inside a process that goes on, as tests do
    /// to restart on the same database): every table and tournament refuses actions from now
    /// on, as while the store fails, but no probe runs and nothing resumes.
    pub fn stop_writing(&self) {
        self.store_down.store(true, Ordering::SeqCst);
    }

    /// Does the store accept writes?
    pub fn store_ok(&self) -> bool {
        !self.store_down.load(Ordering::SeqCst)
    }

    /// A store write failed: tables stop taking actions, and a probe retries the store until it
    /// accepts writes again, then tells every table to reload and resume.
    pub(crate) fn store_failed(self: &Arc<Club>, e: &StoreError) {
        tracing::error!("the store failed: {e}; tables wait until it accepts writes again");
        if self.store_down.swap(true, Ordering::SeqCst) {
            return;
        }
        let club = self.clone();
        tokio::spawn(async move {
            // A store that fails again soon after it came back keeps the longer pause.
            let mut pause = match club.store_back.lock().ok().and_then(|b| *b) {
                Some((at, pause)) if at.elapsed() < Duration::from_secs(30) => pause,
                _ => Duration::from_millis(250),
            };
            loop {
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(5));
                match club.store.probe().await {
                    Ok(()) => break,
                    Err(e) => tracing::warn!("the store still fails: {e}"),
                }
            }
            if let Ok(mut back) = club.store_back.lock() {
                *back = Some((std::time::Instant::now(), pause));
            }
            club.store_down.store(false, Ordering::SeqCst);
            tracing::info!("the store accepts writes again; tables resume");
            let handles: Vec<RoomHandle> = club.rooms.read().map(|r| r.values().cloned().collect()).unwrap_or_default();
            for h in handles {
                let _ = h.tx.send(RoomCmd::StoreBack);
            }
        });
    }

    /// Registers a WebSocket connection of `user`, or refuses it over the per-account cap.
    pub(crate) fn connected(&self, user: &str, conn: u64, token: &str, out: &Outbox) -> Result<(), String> {
        let Ok(mut all) = self.connections.lock() else { return Err("the club is shutting down".into()) };
        let mine = all.entry(user.to_string()).or_default();
        let cap = self.config.limits.connections_per_account;
        if mine.len() >= cap {
            return Err(format!("this account already has {cap} connections open (the most allowed); close one first"));
        }
        mine.push(Connection { conn, token: token.to_string(), out: out.clone() });
        Ok(())
    }

    pub(crate) fn disconnected(&self, user: &str, conn: u64) {
        if let Ok(mut all) = self.connections.lock() {
            if let Some(mine) = all.get_mut(user) {
                mine.retain(|c| c.conn != conn);
                if mine.is_empty() {
                    all.remove(user);
                }
            }
        }
    }

    /// Closes every connection opened with `token` (the session was revoked).
    pub(crate) fn close_session(&self, token: &str) {
        if let Ok(all) = self.connections.lock() {
            for c in all.values().flatten().filter(|c| c.token == token) {
                let _ = c.out.send(ServerMsg::error("you have logged out; log in again"));
                c.out.close();
            }
        }
    }
}

/// Whom a connection follows a table as.
struct Follower {
    name: String,
    /// The hand a kibitzer chose to watch (ignored while the person is seated here).
    watching: Option<Seat>,
    out: Outbox,
    /// What the ledger last said this person has seen of a board of this room's set: the
    /// board's number, shifted left 8 bits, with the mask of hands. The ledger only grows, so a
    /// view showing no more than this needs no lookup (one per follower and action otherwise).
    known: AtomicU64,
    /// Views shown so far (0: the next is `fresh`); with view patches, the last `seq` sent.
    shown: u64,
    /// With view patches: the last view sent, which the next patch starts from (crate::patch),
    /// and the count of the outbox's dropped messages then.
    last: Option<Box<TableView>>,
    dropped: u64,
}

impl Follower {
    fn new(name: String, watching: Option<Seat>, out: Outbox) -> Follower {
        Follower { name, watching, out, known: AtomicU64::new(0), shown: 0, last: None, dropped: 0 }
    }

    /// The message that shows `view` to this follower: the whole view, or for a client that
    /// asked for view patches what changed since the last one (`None`: nothing did).
    fn show(&mut self, view: TableView) -> Option<ServerMsg> {
        let fresh = self.shown == 0;
        if !self.out.view_patches() {
            self.shown += 1;
            return Some(ServerMsg::View { view: Box::new(view), fresh, seq: None });
        }
        let dropped = self.out.dropped();
        if dropped != self.dropped {
            self.dropped = dropped;
            self.last = None;
        }
        if let Some(last) = self.last.as_deref() {
            match ViewPatch::between(last, &view, self.shown + 1) {
                Ok(patch) if patch.is_empty() => return None,
                Ok(patch) => {
                    self.shown += 1;
                    self.last = Some(Box::new(view));
                    return Some(ServerMsg::ViewPatch(Box::new(patch)));
                }
                Err(e) => tracing::warn!("table {}: a view patch could not be written ({e}); the view goes whole", view.table),
            }
        }
        // A whole view starts the numbering at a random number, so that a late patch of an
        // earlier numbering (a paused node's, continued after its table moved) cannot follow it.
        use rand::Rng;
        self.shown = u64::from(rand::rng().random::<u32>());
        let view = Box::new(view);
        self.last = Some(view.clone());
        Some(ServerMsg::View { view, fresh, seq: Some(self.shown) })
    }
}

struct RoomTask {
    id: String,
    room: Room,
    club: Arc<Club>,
    tx: mpsc::UnboundedSender<RoomCmd>,
    followers: HashMap<u64, Follower>,
    field: Arc<Vec<FieldResult>>,
    robot_busy: bool,
    summary: Arc<Mutex<TableSummary>>,
    /// Hand records by board number, computed once per board in the background.
    hand_records: HashMap<u32, Option<tenace_online::view::HandRecord>>,
    /// This table's standing on each board it finished (North-South's matchpoint percentage and
    /// IMPs per comparison against the set's other results), for the session's running score.
    standings: HashMap<u32, (f64, f64)>,
    /// Another node runs the table now: the task ends.
    gone: bool,
    /// The lobby line went to the other nodes once (after that, only when it changes).
    announced: bool,
    /// How long the last commit waited for the store's append (for the slow-action log).
    append_took: Duration,
}

impl RoomTask {
    async fn run(mut self, mut rx: mpsc::UnboundedReceiver<RoomCmd>) {
        self.update_summary();
        self.load_standings().await;
        self.load_field().await;
        self.schedule_robot();
        self.request_hand_record();
        while let Some(cmd) = rx.recv().await {
            self.handle(cmd).await;
            if self.gone {
                return;
            }
        }
    }

    async fn handle(&mut self, cmd: RoomCmd) {
        match cmd {
            RoomCmd::Join { conn, name, seat, out } => self.join(conn, name, seat, out).await,
            RoomCmd::Watch { conn, name, seat, out } => {
                self.club.learn_what_was_seen(&name).await;
                if let Some(why) = self.club.tournament_refusal(&self.id, &name, Attempt::Watch) {
                    let _ = out.send(self.tournament_refused(why));
                    return;
                }
                if let Some(t) = self.club.plays_set(&name, self.room.options().set_seed, &self.id) {
                    let _ = out.send(self.refusal(&playing_elsewhere(&t)));
                    return;
                }
                self.followers.insert(conn, Follower::new(name, seat, out));
                self.send_views(&[conn]).await;
                self.update_summary();
            }
            RoomCmd::Leave { conn, name } => {
                self.followers.remove(&conn);
                if let Some(seat) = self.room.seat_of(&name) {
                    if self.refuse_when_store_down(None) {
                        return;
                    }
                    if self.commit(vec![RoomEvent::Left { seat }]).await.is_ok() {
                        self.club.release_seat(&name, &self.id);
                    }
                }
                self.broadcast().await;
            }
            RoomCmd::Disconnect { conn } => {
                self.lose_follower(conn);
                self.update_summary();
            }
            RoomCmd::Act { conn, name, action, out } => self.act(conn, name, action, out).await,
            RoomCmd::Robots { seats } => {
                let events = seats
                    .into_iter()
                    .filter(|s| self.room.occupant(*s).is_none())
                    .map(|seat| RoomEvent::Sat { seat, occupant: Occupant::Robot })
                    .collect::<Vec<_>>();
                if self.store_ok() && self.commit(events).await.is_ok() {
                    self.broadcast().await;
                }
            }
            RoomCmd::RobotMove { at, seat, action } => {
                self.robot_busy = false;
                if at == self.room.event_count() && self.store_ok() && !self.club.tournament_over(&self.id) {
                    let actor = Actor { name: "Robot".into(), seat: Some(seat) };
                    match self.room.decide(&actor, action) {
                        Ok(events) => {
                            if self.commit(events).await.is_ok() {
                                self.broadcast().await;
                            }
                        }
                        Err(e) => tracing::warn!(table = %self.id, "robot action refused: {e}"),
                    }
                }
            }
            RoomCmd::RobotIdle => self.robot_busy = false,
            RoomCmd::SeatTimeout { seat, name } => {
                let gone = self.room.seat_of(&name) == Some(seat) && !self.followers.values().any(|f| f.name == name);
                if gone {
                    if !self.store_ok() {
                        // Try again once the store is back.
                        self.club.seat_timer(&self.id, seat, name);
                        return;
                    }
                    if self.commit(vec![RoomEvent::Sat { seat, occupant: Occupant::Robot }]).await.is_ok() {
                        self.club.release_seat(&name, &self.id);
                        self.broadcast().await;
                    }
                }
            }
            RoomCmd::Refresh => {
                self.load_field().await;
                self.broadcast().await;
            }
            RoomCmd::HandRecord { board, record } => {
                self.hand_records.insert(board, record);
                self.broadcast().await;
            }
            RoomCmd::Snapshot { director, reply } => {
                self.club.learn_what_was_seen(&director).await;
                let answer = self.snapshot(&director).await;
                let _ = reply.send(answer);
            }
            RoomCmd::Replay { person, board, confirmed, reply } => {
                self.club.learn_what_was_seen(&person).await;
                let answer = self.replay_source(&person, board, confirmed).await;
                let _ = reply.send(answer);
            }
            RoomCmd::StoreBack => self.reload().await,
            RoomCmd::Notice { message } => self.tell_all(ServerMsg::Notice { message, table: Some(self.id.clone()) }),
            RoomCmd::Lost { why } => return self.moved_away(&why).await,
        }
        self.schedule_robot();
        self.request_hand_record();
    }

    async fn join(&mut self, conn: u64, name: String, seat: Seat, out: Outbox) {
        self.club.learn_what_was_seen(&name).await;
        let Some(events) = self.seat_decision(&name, seat, &out) else { return };
        if !events.is_empty() {
            if let Err(why) = self.club.claim_seat(&name, &self.id).await {
                if self.room.seat_of(&name).is_none() {
                    self.club.sight.release(&name, &self.id);
                }
                let _ = out.send(match why {
                    SeatRefused::SitsAt(t) => self.refusal(&sits_elsewhere(&t)),
                    SeatRefused::Store(e) => self.error(e.into()),
                });
                return;
            }
        }
        let previous = self.followers.insert(conn, Follower::new(name.clone(), None, out.clone()));
        if let Err(e) = self.commit(events).await {
            match previous {
                Some(p) => self.followers.insert(conn, p),
                None => self.followers.remove(&conn),
            };
            if self.room.seat_of(&name).is_none() {
                self.club.release_seat(&name, &self.id);
            }
            let _ = out.send(self.error(e));
            return;
        }
        self.broadcast().await;
    }

    /// The events that seat `name` at `seat` (none when they are back in it), or `None` after
    /// telling them why not. What they have seen is checked and the seat reserved in one step
    /// under the sight gate (crate::sight, module docs).
    fn seat_decision(&mut self, name: &str, seat: Seat, out: &Outbox) -> Option<Vec<RoomEvent>> {
        if let Some(why) = self.club.tournament_refusal(&self.id, name, Attempt::Sit(seat)) {
            let _ = out.send(self.tournament_refused(why));
            return None;
        }
        let actor = Actor { name: name.to_string(), seat: None };
        let set_seed = self.room.options().set_seed;
        let club = self.club.clone();
        let _gate = club.sight.gate();
        let decided = self.room.decide(&actor, Action::Sit { seat }).and_then(|events| {
            if events.is_empty() {
                return Ok(events); // already in this seat: coming back
            }
            let set_id = self.room.options().set_id();
            sight::may_sit(&self.room, name, seat, |b| club.sight.hands(name, &set_id, b))?;
            Ok(events)
        });
        let events = match decided {
            Ok(e) => e,
            Err(e) => {
                let _ = out.send(self.refusal(&e));
                return None;
            }
        };
        if !events.is_empty() {
            if self.refuse_when_store_down(Some(out)) {
                return None;
            }
            let elsewhere = club.seated_on_another_node(name, set_seed, &self.id).map_or(Ok(()), Err);
            if let Err(t) = elsewhere.and_then(|()| club.sight.reserve(name, &self.id, set_seed, |t| club.playing(t))) {
                let _ = out.send(self.refusal(&sits_elsewhere(&t)));
                return None;
            }
        }
        Some(events)
    }

    async fn act(&mut self, conn: u64, name: String, action: Action, out: Outbox) {
        // Every connection of a person at this table acts as that person: seated or not.
        let seat = self.followers.contains_key(&conn).then(|| self.room.seat_of(&name)).flatten();
        if let Action::Sit { seat } = action {
            return self.join(conn, name, seat, out).await;
        }
        if self.refuse_when_store_down(Some(&out)) {
            return;
        }
        let leaving = matches!(action, Action::Leave);
        if !leaving {
            if let Some(why) = self.club.tournament_refusal(&self.id, &name, Attempt::Play) {
                let _ = out.send(self.tournament_refused(why));
                return;
            }
        }
        let actor = Actor { name: name.clone(), seat };
        let decided = if matches!(action, Action::Claim { .. }) {
            // A claim is checked double-dummy: solve off the table's task, on a copy.
            let room = self.room.clone();
            self.club.think(move || room.decide(&actor, action)).await.unwrap_or(Err(OnlineError::Claim("the claim could not be checked")))
        } else {
            self.room.decide(&actor, action)
        };
        match decided {
            Ok(events) => {
                let started = std::time::Instant::now();
                if let Err(e) = self.commit(events).await {
                    let _ = out.send(self.error(e));
                    return;
                }
                let stored = started.elapsed();
                if leaving && self.room.seat_of(&name).is_none() {
                    self.club.release_seat(&name, &self.id);
                }
                self.broadcast().await;
                let shown = started.elapsed();
                if shown >= SLOW_ACTION {
                    // A diagnostic for the latency tail (docs/scaling.md): RUST_LOG=tenace::slow=debug.
                    let table = self.room.table();
                    let calls = table.auction().calls().len();
                    let cards: usize = table.play().map_or(0, |p| p.tricks().iter().map(|t| t.cards.len()).sum());
                    let (append_ms, stored_ms, shown_ms) = (self.append_took.as_millis() as u64, stored.as_millis() as u64, shown.as_millis() as u64);
                    tracing::debug!(target: "tenace::slow", table = %self.id, calls, cards, append_ms, stored_ms, shown_ms, "an action took long to store and show");
                }
            }
            Err(e) => {
                let _ = out.send(self.refusal(&e));
            }
        }
    }

    /// The current board for the Director's desk, unless `director` plays this set; the four
    /// hands are written to the ledger first.
    async fn snapshot(&mut self, director: &str) -> Result<Snapshot, String> {
        let set_id = self.room.options().set_id();
        let claimed = self.desk_claim(director)?;
        self.club.store_claimed(&claimed).await.map_err(|e| format!("the club cannot store that now: {e}"))?;
        let table = self.room.table();
        Ok(Snapshot { board: table.board().clone(), events: table.events().to_vec(), set_id })
    }

    /// Board `board` as it finished here, for `person`'s replay. Law 16: a person who has seen
    /// the whole board (they played it, or saw it before) may replay it; anyone else only when
    /// they play no other table of this set, and only once they confirm (seeing it bars them from
    /// playing it elsewhere, `sight::may_sit`); the four hands are then stored in their ledger
    /// before the board is shown.
    async fn replay_source(&self, person: &str, board: u32, confirmed: bool) -> Result<ReplaySource, ReplayError> {
        let finished = self.room.finished_board(board).ok_or(ReplayError::NotOver(board))?;
        let set_id = self.room.options().set_id();
        let claimed = {
            let _gate = self.club.sight.gate();
            if self.club.sight.hands(person, &set_id, board) != 0xF {
                let set_seed = self.room.options().set_seed;
                let elsewhere = self.club.plays_set(person, set_seed, &self.id).or_else(|| self.club.seated_on_another_node(person, set_seed, &self.id));
                if let Some(t) = elsewhere {
                    return Err(ReplayError::Refused(format!(
                        "you play this board set at table {t}; you may replay board {board} once you have played it there"
                    )));
                }
                if !confirmed {
                    return Err(ReplayError::Unseen(board));
                }
            }
            let news: Vec<Seen> = self.club.sight.news(person, &set_id, board, 0xF).into_iter().collect();
            self.club.sight.claim(&news);
            news
        };
        self.club.store_claimed(&claimed).await.map_err(|e| ReplayError::Store(e.to_string()))?;
        let field = self.club.field(&set_id, board).await;
        let players = field.iter().find(|r| r.table == self.id).and_then(|r| r.players.clone());
        Ok(ReplaySource { finished, players, name: self.room.options().name.clone(), set_id })
    }

    /// Under the sight gate: refuses a Director who plays this set (Law 16), else claims the
    /// four hands of the current board for them (what is new to them, to be stored).
    fn desk_claim(&self, director: &str) -> Result<Vec<Seen>, String> {
        let _gate = self.club.sight.gate();
        if let Some(seat) = self.room.seat_of(director) {
            return Err(format!("you sit {seat:?} at this table; a Director who plays a board set may not rule on its boards (Law 16)"));
        }
        if !self.room.board_over() && !self.room.held_this_board(director).is_empty() {
            return Err("you held a seat at this board, which is still in progress; a Director who plays a board may not rule on it (Law 16)".into());
        }
        let set_seed = self.room.options().set_seed;
        if let Some(t) = self.club.plays_set(director, set_seed, &self.id).or_else(|| self.club.seated_on_another_node(director, set_seed, &self.id)) {
            return Err(format!("you play this board set at table {t}; a Director who plays a board set may not rule on its boards (Law 16)"));
        }
        let news: Vec<Seen> = self.club.sight.news(director, &self.room.options().set_id(), self.room.board_number(), 0xF).into_iter().collect();
        self.club.sight.claim(&news);
        Ok(news)
    }

    fn store_ok(&self) -> bool {
        self.club.store_ok()
    }

    /// While the store fails, refuses at once (to `out`, or to everyone following).
    fn refuse_when_store_down(&mut self, out: Option<&Outbox>) -> bool {
        if self.store_ok() {
            return false;
        }
        let msg = self.store_down();
        match out {
            Some(o) => {
                let _ = o.send(msg);
            }
            None => self.tell_all(msg),
        }
        true
    }

    /// What this table's players are told while the store fails.
    fn store_down(&self) -> ServerMsg {
        ServerMsg::Error { message: STORE_DOWN.into(), law: None, table: Some(self.id.clone()) }
    }

    fn tell_all(&mut self, msg: ServerMsg) {
        self.followers.retain(|_, f| f.out.send(msg.clone()).is_ok());
    }

    /// The store works again: rebuild the room from its stored log (a commit whose answer was
    /// lost may have been stored after all), tell everyone, and resume.
    async fn reload(&mut self) {
        match self.club.store.room(&self.id).await {
            Ok(Some(stored)) => match Room::replay(stored.options, stored.events) {
                Ok(room) => self.room = room,
                Err(e) => tracing::error!(table = %self.id, "the stored log does not replay after the store came back: {e}"),
            },
            Ok(None) => {}
            Err(e) => {
                self.club.store_failed(&e);
                return;
            }
        }
        self.load_field().await;
        self.update_summary();
        self.tell_all(ServerMsg::Notice { table: Some(self.id.clone()), message: "the club stores moves again; play resumes".into() });
        self.broadcast().await;
    }

    /// Another node runs this table now (its lease moved: this node was paused or cut off):
    /// the table stops here at once, without writing; its followers are told, and this node's
    /// connections follow it again through the new owner (crate::node).
    async fn moved_away(&mut self, why: &str) {
        if self.gone {
            return;
        }
        self.gone = true;
        let Some(node) = self.club.node.clone() else { return };
        tracing::warn!(table = %self.id, "the table moved to another node: {why}");
        node.stop_serving(&self.id);
        let _ = node.keeper.release(&crate::node::table_lease(&self.id)).await;
        self.tell_all(ServerMsg::Notice {
            message: "this table has moved to another node of the club; you will be back at it in a moment".into(),
            table: Some(self.id.clone()),
        });
        let summary = self.summary.lock().map(|s| s.clone()).unwrap_or_else(|_| summary(&self.id, &self.room, 0));
        self.club.insert_room(&self.id, node.proxy(&self.id, summary, self.room.options().set_seed));
        let local: Vec<(u64, String, Option<Seat>, bool, Outbox)> = self
            .followers
            .drain()
            .filter(|(conn, _)| !crate::node::is_remote(*conn))
            .map(|(conn, f)| {
                let seat = self.room.seat_of(&f.name);
                (conn, f.name, seat.or(f.watching), seat.is_some(), f.out)
            })
            .collect();
        node.adopt(&self.id, local);
        self.club.follow_again(&self.id);
    }

    /// Stores `events` (with a finished board's result and every hand they show a follower for
    /// the first time), then applies them. Nothing is applied, and nobody told, unless the store
    /// accepted them; on a store failure every follower is told and the club's probe starts.
    async fn commit(&mut self, events: Vec<RoomEvent>) -> Result<(), crate::ServerError> {
        self.append_took = Duration::ZERO;
        if events.is_empty() {
            return Ok(());
        }
        let mut next = self.room.clone();
        for e in &events {
            next.apply(e).map_err(|e| crate::ServerError::Replay(e.to_string()))?;
        }
        let was_over = self.room.board_over();
        let finished = match (was_over, next.outcome()) {
            (false, Some(_)) if next.board_number() == self.room.board_number() => next.field_result(&self.id),
            _ => None,
        };
        let set_id = next.options().set_id();
        let board = next.board_number();
        let results: Vec<(String, u32, FieldResult)> = finished.iter().map(|r| (set_id.clone(), board, r.clone())).collect();
        let seen = self.news(&next, self.followers.keys().copied().collect::<Vec<_>>().as_slice());
        let lease = self.club.node.as_ref().and_then(|n| n.keeper.lease(&crate::node::table_lease(&self.id)));
        if self.club.node.is_some() && lease.is_none() {
            self.moved_away("this node no longer holds its lease").await;
            return Err(crate::ServerError::Node(format!("table {} has moved to another node; try again in a moment", self.id)));
        }
        let appending = std::time::Instant::now();
        let stored = self.club.store.append_under(lease.as_ref(), &self.id, self.room.event_count(), &events, &results, &seen).await;
        self.append_took = appending.elapsed();
        let fields = match stored {
            Ok(fields) => fields,
            Err(StoreError::Fenced(why)) => {
                self.moved_away(&why).await;
                return Err(crate::ServerError::Node(format!("table {} has moved to another node; try again in a moment", self.id)));
            }
            Err(e) => {
                self.club.store_failed(&e);
                let msg = self.store_down();
                self.tell_all(msg);
                return Err(e.into());
            }
        };
        self.club.sight.remember(&seen);
        for (set_id, board, result) in &results {
            self.club.note_result(set_id, *board, result).await;
        }
        let new_board = next.board_number() != self.room.board_number();
        self.room = next;
        // A board's end shows the field as the commit read it (in its own transaction: no read
        // of its own, and in a club of several nodes the other nodes' results are in it).
        let committed = fields.into_iter().find(|(s, b, _)| *s == set_id && *b == board).map(|(_, _, f)| f);
        match committed {
            Some(field) if self.room.board_over() => self.show_field(field),
            _ if finished.is_some() || new_board => self.load_field().await,
            _ => {}
        }
        if let Some(result) = finished {
            match self.club.tournament_of(&self.id) {
                Some(t) => {
                    let _ = t.tx.send(TournamentCmd::Result { room: self.id.clone(), board, result });
                }
                None => self.robot_comparison(),
            }
        }
        self.update_summary();
        Ok(())
    }

    /// Under the sight gate: drops the followers on `conns` who play this set at another table
    /// (telling them why), and claims the hands the others are shown for the first time.
    fn claim_views(&mut self, conns: &[u64]) -> Vec<Seen> {
        let club = self.club.clone();
        let _gate = club.sight.gate();
        let set_seed = self.room.options().set_seed;
        let blocked: Vec<(u64, String)> = conns
            .iter()
            .filter_map(|c| self.followers.get(c).map(|f| (*c, f.name.clone())))
            .filter_map(|(c, name)| club.plays_set(&name, set_seed, &self.id).map(|t| (c, t)))
            .collect();
        for (c, t) in blocked {
            if let Some(f) = self.followers.remove(&c) {
                let _ = f.out.send(self.refusal(&playing_elsewhere(&t)));
            }
        }
        let news = self.news(&self.room, conns);
        club.sight.claim(&news);
        news
    }

    /// The hands `room` would show the persons following on `conns` for the first time.
    fn news(&self, room: &Room, conns: &[u64]) -> Vec<Seen> {
        let set_id = room.options().set_id();
        let board = room.board_number();
        let mut out: Vec<Seen> = Vec::new();
        for c in conns {
            let Some(f) = self.followers.get(c) else { continue };
            let hands = sight::hands_seen(room, viewer_of(room, &f.name, f.watching));
            let known = f.known.load(Ordering::Relaxed);
            if known >> 8 == u64::from(board) && u64::from(hands) & !known & 0xF == 0 {
                continue;
            }
            let stored = self.club.sight.stored_hands(&f.name, &set_id, board);
            f.known.store(u64::from(board) << 8 | u64::from(stored), Ordering::Relaxed);
            if let Some(n) = sight::news_over(stored, &f.name, &set_id, board, hands) {
                match out.iter_mut().find(|s| s.person == n.person) {
                    Some(s) => s.hands |= n.hands,
                    None => out.push(n),
                }
            }
        }
        out
    }

    async fn load_field(&mut self) {
        let field = if self.room.board_over() { self.club.field(&self.room.options().set_id(), self.room.board_number()).await } else { Arc::new(Vec::new()) };
        self.show_field(field);
    }

    /// Shows `field`, the results of the current board, and notes this table's standing on it.
    fn show_field(&mut self, field: Field) {
        self.field = field;
        if let Some(mine) = self.room.field_result(&self.id) {
            self.note_standing(self.room.board_number(), &mine, &self.field.clone());
        }
    }

    /// The standings of the boards finished before this task started (after a restart).
    async fn load_standings(&mut self) {
        let set_id = self.room.options().set_id();
        let finished: Vec<(u32, FieldResult)> = self.room.finished().iter().map(|f| (f.board.number.get(), FieldResult::of(&self.id, &f.outcome))).collect();
        for (board, mine) in finished {
            let field = self.club.field(&set_id, board).await;
            self.note_standing(board, &mine, &field);
        }
    }

    fn note_standing(&mut self, board: u32, mine: &FieldResult, field: &[FieldResult]) {
        let others: Vec<FieldResult> = field.iter().filter(|f| f.table != self.id).cloned().collect();
        if !others.is_empty() {
            let c = tenace_online::view::compare(mine, &others);
            self.standings.insert(board, (c.mp_percent_ns, c.imps_ns));
        }
    }

    /// When nobody else has played this board of the set, four robots play it in the
    /// background and their result joins the field.
    fn robot_comparison(&self) {
        if !self.club.config.robot_comparison || self.field.iter().any(|f| f.table != self.id) {
            return;
        }
        let options = self.room.options().clone();
        let board = self.room.board_number();
        let club = self.club.clone();
        let set_seed = options.set_seed;
        tokio::spawn(async move {
            let budget = club.config.robot_card_budget_ms / 10.0;
            let Some(Some(result)) = club.in_background(move || robots_play(options, board, budget)).await else { return };
            let set_id = tenace_online::RoomOptions { name: String::new(), set_seed, boards: 1, kibitzers_see_all: false, first: 1 }.set_id();
            if club.store.add_result(&set_id, board, &result).await.is_ok() {
                club.note_result(&set_id, board, &result).await;
                for (_, h) in club.tables_of_set(set_seed) {
                    let _ = h.tx.send(RoomCmd::Refresh);
                }
            }
        });
    }

    /// Lets the robot to act (if any) think in the background; its move comes back as a command
    /// and is used only if nothing happened at the table meanwhile.
    fn schedule_robot(&mut self) {
        if self.robot_busy || !self.store_ok() || !self.room.seats().iter().any(|s| s.as_ref().is_some_and(|o| o.is_robot())) {
            return;
        }
        self.robot_busy = true;
        let snapshot = self.room.clone();
        let at = snapshot.event_count();
        let tx = self.tx.clone();
        let delay = self.club.config.robot_delay;
        let club = self.club.clone();
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let budget = club.config.robot_card_budget_ms;
            let next = club.think(move || snapshot.robot_action(budget)).await.flatten();
            let _ = tx.send(match next {
                Some((seat, action)) => RoomCmd::RobotMove { at, seat, action },
                None => RoomCmd::RobotIdle,
            });
        });
    }

    /// Starts computing the hand record of a finished board, once.
    fn request_hand_record(&mut self) {
        let board = self.room.board_number();
        if !self.room.board_over() || self.hand_records.contains_key(&board) {
            return;
        }
        self.hand_records.insert(board, None);
        let key = (self.room.options().set_seed, board);
        let known = self.club.hand_records.lock().ok().and_then(|m| m.get(&key).cloned());
        if let Some(record) = known {
            self.hand_records.insert(board, Some(record));
            return;
        }
        let deal = self.room.table().board().clone();
        let tx = self.tx.clone();
        let club = self.club.clone();
        tokio::spawn(async move {
            let record = club.solve_hand_record(key, deal).await;
            let _ = tx.send(RoomCmd::HandRecord { board, record });
        });
    }

    async fn broadcast(&mut self) {
        let ids: Vec<u64> = self.followers.keys().copied().collect();
        self.send_views(&ids).await;
    }

    /// Sends each of `conns` its view. Hands a person has not been shown before are written to
    /// the ledger first (the commit already did this for the followers it knew); a follower who
    /// plays this set at another table is refused and dropped.
    async fn send_views(&mut self, conns: &[u64]) {
        let news = self.claim_views(conns);
        let mut withheld: Vec<String> = Vec::new();
        if !news.is_empty() {
            if let Err(e) = self.club.store_claimed(&news).await {
                self.club.store_failed(&e);
                withheld = news.into_iter().map(|s| s.person).collect();
            }
        }
        let tournament = self.club.tournament_id_of(&self.id);
        let down = (!withheld.is_empty()).then(|| self.store_down());
        let mut gone = Vec::new();
        for c in conns {
            let Some(f) = self.followers.get_mut(c) else { continue };
            if let (true, Some(down)) = (withheld.contains(&f.name), &down) {
                let _ = f.out.send(down.clone());
                continue;
            }
            let viewer = viewer_of(&self.room, &f.name, f.watching);
            let mut view = self.room.view(&self.id, viewer, &self.field);
            if let Some(r) = view.result.as_mut() {
                r.hand_record = self.hand_records.get(&self.room.board_number()).cloned().flatten();
                // The robots' comparison game is still being played: say so, rather than "no
                // other table" (issue 18).
                r.comparison_pending = r.comparison.is_none() && r.ending != "skipped" && tournament.is_none() && self.club.config.robot_comparison;
            }
            view.tournament = tournament.clone();
            for h in &mut view.history {
                if let Some(&(mp, imps)) = self.standings.get(&h.board) {
                    h.mp_percent_ns = Some(mp);
                    h.imps_ns = Some(imps);
                }
            }
            let Some(message) = f.show(view) else { continue };
            if f.out.send(message).is_err() {
                // The connection is gone (its writer stopped): as a disconnect, or the seat
                // would wait for ever when the disconnect itself arrives after this.
                gone.push(*c);
            }
        }
        for c in gone {
            self.lose_follower(c);
        }
    }

    /// A connection stopped following: when it was the person's last one here and they hold a
    /// seat, a robot takes the seat after the seat timeout unless they come back.
    fn lose_follower(&mut self, conn: u64) {
        let Some(f) = self.followers.remove(&conn) else { return };
        let still_here = self.followers.values().any(|o| o.name == f.name);
        if let (Some(seat), false) = (self.room.seat_of(&f.name), still_here) {
            self.club.seat_timer(&self.id, seat, f.name);
        }
    }

    fn update_summary(&mut self) {
        let holders = if self.room.board_over() {
            Vec::new()
        } else {
            let mut names: Vec<String> = self.room.holders();
            names.sort();
            names.dedup();
            names
        };
        self.club.sight.set_holders(&self.id, self.room.options().set_seed, holders);
        if let Ok(mut s) = self.summary.lock() {
            let kibitzers = self
                .followers
                .values()
                .filter(|f| self.room.seat_of(&f.name).is_none())
                .map(|f| f.name.as_str())
                .collect::<std::collections::HashSet<_>>()
                .len();
            let line = summary(&self.id, &self.room, kibitzers);
            // Most actions (a call, a card) leave the line as it was: the other nodes are told
            // only of a change (a node that starts subscribes to the news, then reads the
            // stored tables: `Club::open`; NATS back after an outage, every line goes out again:
            // `Club::announce_all`).
            let changed = *s != line;
            *s = line;
            if let Some(node) = &self.club.node {
                if changed || !self.announced {
                    node.announce(&s, self.room.options().set_seed);
                }
            }
        }
        self.announced = true;
    }

    fn tournament_refused(&self, message: String) -> ServerMsg {
        ServerMsg::Error { message, law: None, table: Some(self.id.clone()) }
    }

    fn refusal(&self, e: &OnlineError) -> ServerMsg {
        let law = e.law();
        ServerMsg::Error { message: e.to_string(), law: (!law.is_empty()).then_some(law), table: Some(self.id.clone()) }
    }

    fn error(&self, e: crate::ServerError) -> ServerMsg {
        tracing::error!(table = %self.id, "{e}");
        let message = match e {
            crate::ServerError::Store(_) => STORE_DOWN.to_string(),
            e => format!("the table could not record that: {e}"),
        };
        ServerMsg::Error { message, law: None, table: Some(self.id.clone()) }
    }
}

/// How `name` sees `room` now: their seat when seated there; [`Viewer::Public`] after leaving a
/// seat of the board in progress; otherwise a kibitzer watching `watching`.
fn viewer_of(room: &Room, name: &str, watching: Option<Seat>) -> Viewer {
    if let Some(seat) = room.seat_of(name) {
        return Viewer::Seat { seat };
    }
    if !room.board_over() && !room.held_this_board(name).is_empty() {
        return Viewer::Public;
    }
    Viewer::Kibitzer { watching }
}

/// The refusal of a second seat: `table` seats the person already.
fn sits_elsewhere(table: &str) -> OnlineError {
    OnlineError::Sight(format!("you sit at table {table}; a person plays at one table at a time (leave it first)"))
}

fn playing_elsewhere(table: &str) -> OnlineError {
    OnlineError::Sight(format!("you play this board set at table {table}; you may not watch its other tables before you have played its boards"))
}

/// Four robots play board `board` of the set; their result as a field entry named "Robots".
fn robots_play(options: RoomOptions, board: u32, card_budget_ms: f64) -> Option<FieldResult> {
    let mut room = Room::starting_at(options, board);
    for seat in Seat::ALL {
        room.apply(&RoomEvent::Sat { seat, occupant: Occupant::Robot }).ok()?;
    }
    for _ in 0..200 {
        if let Some(r) = room.field_result("Robots") {
            return Some(r);
        }
        let (seat, action) = room.robot_action(card_budget_ms)?;
        room.act(&Actor { name: "Robot".into(), seat: Some(seat) }, action).ok()?;
    }
    None
}

pub(crate) fn summary(id: &str, room: &Room, kibitzers: usize) -> TableSummary {
    TableSummary {
        table: id.to_string(),
        name: room.options().name.clone(),
        set_id: room.options().set_id(),
        board: room.board_number(),
        boards: room.options().boards,
        seats: room.seats().iter().map(|s| s.as_ref().map(|o| o.display())).collect(),
        kibitzers,
        set_over: room.set_over(),
        unavailable: None,
    }
}

// ---- The Director's desk (desk.rs holds the rulings; the club decides who may see what) -----

impl Club {
    /// Sends `msg` to every connection of every Director account.
    pub(crate) fn tell_directors(&self, msg: ServerMsg) {
        let Ok(connections) = self.connections.lock() else { return };
        for (name, conns) in connections.iter() {
            if self.is_director(name) {
                for c in conns {
                    let _ = c.out.send(msg.clone());
                }
            }
        }
    }

    pub fn is_director(&self, name: &str) -> bool {
        self.config.directors.iter().any(|d| d == name)
    }

    /// The replay of board `board` at table `table` for `person` (Law 16: `RoomTask::replay_source`),
    /// its every card analysed double dummy on the solver pool once and kept.
    pub async fn replay(&self, person: &str, table: &str, board: u32, confirmed: bool) -> Result<Arc<tenace_online::replay::BoardReplay>, ReplayError> {
        let handle = self.room(table).ok_or_else(|| ReplayError::NoTable(table.to_string()))?;
        let (tx, rx) = tokio::sync::oneshot::channel();
        let gone = || ReplayError::NoTable(table.to_string());
        handle.tx.send(RoomCmd::Replay { person: person.to_string(), board, confirmed, reply: tx }).map_err(|_| gone())?;
        let source = rx.await.map_err(|_| gone())??;
        let key = (table.to_string(), board);
        if let Some(r) = self.replays.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return Ok(r);
        }
        let id = table.to_string();
        let made = self
            .think(move || tenace_online::replay::replay(&id, &source.name, &source.set_id, &source.finished, source.players))
            .await
            .ok_or_else(|| ReplayError::Failed("the analysis did not finish".into()))?
            .map_err(|e| ReplayError::Failed(e.to_string()))?;
        let made = Arc::new(made);
        if let Ok(mut m) = self.replays.lock() {
            if m.len() >= REPLAYS_KEPT {
                m.clear();
            }
            m.insert(key, made.clone());
        }
        Ok(made)
    }

    /// Opens a ruling for `director` and stores it.
    pub async fn open_ruling(&self, director: &str, new: NewRuling) -> Result<RulingView, DeskError> {
        self.director(director)?;
        let (board, called) = match &new.table {
            Some(t) => {
                let (board, called) = self.called_to(director, t).await?;
                (board, Some(called))
            }
            None => {
                let number = tenace_core::BoardNumber::new(new.board.unwrap_or(1)).map_err(|e| DeskError::Bad(format!("board: {e}")))?;
                let deal = match &new.deal {
                    Some(text) => text.trim().parse().map_err(|e| DeskError::Bad(format!("deal: {e}")))?,
                    None => {
                        use rand::SeedableRng;
                        tenace_core::random_deal(&mut rand::rngs::StdRng::from_os_rng())
                    }
                };
                (tenace_core::Board::numbered(number, deal), None)
            }
        };
        self.desks.open(&self.store, new_id("r"), director, now(), board, called).await
    }

    /// The ruling `id` as it stands.
    pub async fn ruling(&self, director: &str, id: &str) -> Result<RulingView, DeskError> {
        self.director(director)?;
        self.may_see(director, id).await?;
        self.desks.view(&self.store, id).await
    }

    /// Every ruling: id, the Director who opened it, where its board came from.
    pub async fn rulings(&self, director: &str) -> Result<Vec<(String, String, String)>, DeskError> {
        self.director(director)?;
        Ok(self.store.rulings().await?)
    }

    /// One line of the command language on ruling `id`: stored, then applied.
    pub async fn rule(&self, director: &str, id: &str, line: &str) -> Result<RulingView, DeskError> {
        self.director(director)?;
        self.may_see(director, id).await?;
        self.desks.rule(&self.store, id, line).await
    }

    /// Club nights (crate::nights): the scorer is a Director account.
    fn scorer(&self, name: &str) -> Result<(), crate::nights::NightError> {
        if self.is_director(name) {
            Ok(())
        } else {
            Err(crate::nights::NightError::NotScorer)
        }
    }

    /// Creates a club night from the scorer's form.
    pub async fn create_night(&self, scorer: &str, new: crate::nights::NewNight) -> Result<crate::nights::ScorerView, crate::nights::NightError> {
        self.scorer(scorer)?;
        self.nights.create(&self.store, new_id("n"), new, now()).await
    }

    /// The club nights: id, name, when created.
    pub async fn nights(&self, scorer: &str) -> Result<Vec<(String, String, i64)>, crate::nights::NightError> {
        self.scorer(scorer)?;
        Ok(self.store.nights().await?)
    }

    /// The scorer's view of night `id`.
    pub async fn night(&self, scorer: &str, id: &str) -> Result<crate::nights::ScorerView, crate::nights::NightError> {
        self.scorer(scorer)?;
        self.nights.scorer(&self.store, id).await
    }

    /// Night `id`'s event file.
    pub async fn night_event(&self, scorer: &str, id: &str) -> Result<tenace_events::Event, crate::nights::NightError> {
        self.scorer(scorer)?;
        self.nights.event(&self.store, id).await
    }

    /// The scorer's correction (79C) or adjusted score (12) on night `id`.
    pub async fn night_score(&self, scorer: &str, id: &str, r: crate::nights::ScorerResult) -> Result<crate::nights::ScorerView, crate::nights::NightError> {
        self.scorer(scorer)?;
        self.nights.score(&self.store, id, scorer, r).await
    }

    /// A club night table's page, by its code (no account: the code is the key).
    pub async fn night_table(&self, code: &str, round: Option<u32>) -> Result<crate::nights::TableView, crate::nights::NightError> {
        self.nights.table(&self.store, code, round).await
    }

    /// A result from a club night table's page.
    pub async fn night_enter(&self, code: &str, r: crate::nights::EnteredResult) -> Result<crate::nights::TableView, crate::nights::NightError> {
        self.nights.enter(&self.store, code, r).await
    }

    fn director(&self, name: &str) -> Result<(), DeskError> {
        if self.is_director(name) {
            Ok(())
        } else {
            Err(DeskError::NotDirector)
        }
    }

    /// The board being played at online table `t` and its events so far, with its set, unless
    /// `director` plays that set (Law 16).
    async fn called_to(&self, director: &str, t: &str) -> Result<(tenace_core::Board, CalledTo), DeskError> {
        let handle = self.room(t).ok_or_else(|| DeskError::NoTable(t.to_string()))?;
        let (tx, rx) = tokio::sync::oneshot::channel();
        handle.tx.send(RoomCmd::Snapshot { director: director.to_string(), reply: tx }).map_err(|_| DeskError::NoTable(t.to_string()))?;
        let snap = rx.await.map_err(|_| DeskError::NoTable(t.to_string()))?.map_err(DeskError::Playing)?;
        let origin = format!("table {t}, board {}", snap.board.number);
        Ok((snap.board, CalledTo { events: snap.events, origin, set_id: snap.set_id }))
    }

    /// A ruling on a board of an online set is shown only to a Director who does not play that
    /// set; showing it writes the four hands to the ledger first (Law 16).
    async fn may_see(&self, director: &str, id: &str) -> Result<(), DeskError> {
        let Some((set_id, board)) = self.store.ruling_board(id).await? else { return Ok(()) };
        let claimed = {
            let _gate = self.sight.gate();
            let same_set = |table: &str| self.room(table).and_then(|h| h.summary.lock().ok().map(|s| s.set_id == set_id && !s.set_over)).unwrap_or(false);
            let seated = self.sight.seated_at(director).map(|s| s.table).filter(|t| same_set(t));
            // Every table they hold a seat at counts: they may hold boards of other sets too
            // (the first holding found used to be the only one checked).
            let holding = || self.sight.holdings(director).into_iter().find(|t| same_set(t));
            if let Some(table) = seated.or_else(holding) {
                return Err(DeskError::Playing(format!(
                    "you play this board set at table {table}; a Director who plays a board set may not rule on its boards (Law 16)"
                )));
            }
            let news: Vec<Seen> = self.sight.news(director, &set_id, board, 0xF).into_iter().collect();
            self.sight.claim(&news);
            news
        };
        self.store_claimed(&claimed).await?;
        Ok(())
    }
}

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// A fresh random identifier with a prefix, e.g. `t3f9a...`.
pub fn new_id(prefix: &str) -> String {
    use rand::Rng;
    let n: u64 = rand::rng().random();
    format!("{prefix}{n:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn club() -> Arc<Club> {
        let file = std::env::temp_dir().join(format!("tenace-club-fields-{}-{}.db", std::process::id(), new_id("t")));
        let store = Store::open(&format!("sqlite://{}", file.display())).await.expect("a new SQLite file opens");
        Club::open(store, ClubConfig::default()).await.expect("the club opens")
    }

    fn result(table: &str) -> FieldResult {
        FieldResult::of(table, &tenace_online::Outcome::Skipped)
    }

    /// The slot of board `board` of set `set`, as a table finishing that board finds it.
    fn slot(club: &Club, set: &str, board: u32) -> FieldSlot {
        club.fields.lock().expect("not poisoned").entry((set.to_string(), board)).or_default().clone()
    }

    #[tokio::test]
    async fn a_board_being_read_does_not_hold_up_the_tables_of_another_board() {
        let club = club().await;
        let reading = slot(&club, "set", 1);
        let _in_flight = reading.lock().await;
        let other = tokio::time::timeout(Duration::from_secs(10), club.field("set", 2)).await;
        assert_eq!(other.expect("board 2 is read while board 1's read is in flight").len(), 0);
        let same = tokio::time::timeout(Duration::from_millis(200), club.field("set", 1)).await;
        assert!(same.is_err(), "a table of board 1 waits for the read in flight");
    }

    #[tokio::test]
    async fn a_result_noted_while_its_board_is_read_is_kept() {
        let club = club().await;
        let reading = slot(&club, "set", 1);
        let mut in_flight = reading.lock().await;
        let noting = {
            let club = club.clone();
            tokio::spawn(async move { club.note_result("set", 1, &result("b")).await })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        // The read, made before table b's result was stored, finds only table a's.
        *in_flight = Some(Arc::new(vec![result("a")]));
        drop(in_flight);
        noting.await.expect("the result is noted");
        let field = club.field("set", 1).await;
        assert_eq!(field.iter().map(|r| r.table.as_str()).collect::<Vec<_>>(), ["a", "b"]);
    }
}
