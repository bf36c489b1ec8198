//! The club: every table runs in its own task that owns its [`Room`]; connections talk to a
//! table only through its command channel. A table task stores each batch of events before it
//! applies them and before anyone sees the result, then sends every follower the view computed
//! for what that follower may see.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use tenace_core::Seat;
use tenace_online::{Action, Actor, FieldResult, Occupant, Room, RoomEvent, RoomOptions, Viewer};
use tokio::sync::mpsc;

use crate::protocol::{ServerMsg, TableSummary};
use crate::store::Store;

/// Where a connection's messages go.
pub type Outbox = mpsc::UnboundedSender<ServerMsg>;

/// How the club behaves.
#[derive(Clone, Debug)]
pub struct ClubConfig {
    /// A robot waits this long before it acts (so people can follow the play).
    pub robot_delay: Duration,
    /// A seated player who has been disconnected this long is replaced by a robot.
    pub seat_timeout: Duration,
    /// Play each finished board with four robots when no other table has played it yet, so
    /// there is always a comparison.
    pub robot_comparison: bool,
    /// The accounts that may use the Director's desk (`tenace serve --director NAME`).
    pub directors: Vec<String>,
}

impl Default for ClubConfig {
    fn default() -> ClubConfig {
        ClubConfig { robot_delay: Duration::from_millis(400), seat_timeout: Duration::from_secs(120), robot_comparison: true, directors: Vec::new() }
    }
}

/// What a table task is asked to do.
pub enum RoomCmd {
    Join { conn: u64, name: String, seat: Seat, out: Outbox },
    Watch { conn: u64, name: String, seat: Option<Seat>, out: Outbox },
    /// The connection stops following the table; a seated player leaves the seat.
    Leave { conn: u64, name: String },
    /// The connection dropped; the seat is kept for `seat_timeout`.
    Disconnect { conn: u64 },
    Act { conn: u64, name: String, action: Action, out: Outbox },
    /// Fill these empty seats with robots (at creation).
    Robots { seats: Vec<Seat> },
    RobotMove { at: usize, seat: Seat, action: Action },
    RobotIdle,
    SeatTimeout { seat: Seat, name: String },
    /// Another table's result on this set arrived.
    Refresh,
    /// The hand record (double-dummy table, par) of a finished board.
    HandRecord { board: u32, record: Option<tenace_online::view::HandRecord> },
    /// The Director is called to the table: the current board and its events so far.
    Snapshot { reply: tokio::sync::oneshot::Sender<(tenace_core::Board, Vec<tenace_table::Event>)> },
}

#[derive(Clone)]
pub struct RoomHandle {
    pub tx: mpsc::UnboundedSender<RoomCmd>,
    pub summary: Arc<Mutex<TableSummary>>,
    pub set_seed: u64,
}

/// All tables, by id.
pub struct Club {
    pub store: Store,
    pub config: ClubConfig,
    rooms: RwLock<HashMap<String, RoomHandle>>,
    /// Solver work a table waits for (robots' thinking, claim checks) runs on the blocking
    /// pool, at most one job per core at a time, so a busy club cannot start hundreds of
    /// solvers (each with its own transposition table) at once.
    solver: Arc<tokio::sync::Semaphore>,
    /// Hand records by (set seed, board): every table of a set shares them.
    hand_records: Mutex<HashMap<(u64, u32), tenace_online::view::HandRecord>>,
    /// Work nobody waits for at the table (hand records, the robots' comparison games): one
    /// thread at the lowest scheduling priority, so it uses only the CPU the tables leave.
    background: std::sync::Mutex<std::sync::mpsc::Sender<Job>>,
    /// The Director's desk: rulings being worked on.
    pub(crate) desks: crate::desk::Desks,
}

type Job = Box<dyn FnOnce() + Send>;

impl Club {
    /// Runs solver work `f` on the blocking pool, one job per core at a time.
    pub async fn think<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let _permit = self.solver.acquire().await.ok()?;
        tokio::task::spawn_blocking(f).await.ok()
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

/// The background thread: lowers its own priority (Linux `nice` 19 applies to the calling
/// thread) and runs jobs until the club is dropped.
fn background_thread() -> std::sync::mpsc::Sender<Job> {
    let (tx, rx) = std::sync::mpsc::channel::<Job>();
    let spawned = std::thread::Builder::new().name("tenace-background".into()).spawn(move || {
        #[cfg(target_os = "linux")]
        // SAFETY: setpriority only reads its integer arguments; 0 names the calling thread.
        unsafe {
            libc::setpriority(libc::PRIO_PROCESS, 0, 19);
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
    /// Opens the club on `store`, rebuilding every stored table from its events.
    pub async fn open(store: Store, config: ClubConfig) -> Result<Arc<Club>, crate::ServerError> {
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        let club = Arc::new(Club {
            store,
            config,
            rooms: RwLock::new(HashMap::new()),
            solver: Arc::new(tokio::sync::Semaphore::new(cores)),
            hand_records: Mutex::new(HashMap::new()),
            background: std::sync::Mutex::new(background_thread()),
            desks: crate::desk::Desks::default(),
        });
        for stored in club.store.rooms().await? {
            let room = Room::replay(stored.options, stored.events)
                .map_err(|e| crate::ServerError::Replay(format!("table {}: {e}", stored.id)))?;
            club.spawn(stored.id, room);
        }
        Ok(club)
    }

    pub fn room(&self, id: &str) -> Option<RoomHandle> {
        self.rooms.read().ok()?.get(id).cloned()
    }

    pub fn lobby(&self) -> Vec<TableSummary> {
        let rooms = match self.rooms.read() {
            Ok(r) => r,
            Err(_) => return Vec::new(),
        };
        let mut v: Vec<TableSummary> = rooms.values().filter_map(|h| h.summary.lock().ok().map(|s| s.clone())).collect();
        v.sort_by(|a, b| a.table.cmp(&b.table));
        v
    }

    /// Creates and stores a new table.
    pub async fn create(self: &Arc<Club>, options: RoomOptions) -> Result<String, crate::ServerError> {
        let id = new_id("t");
        self.store.create_room(&id, &options, now()).await?;
        self.spawn(id.clone(), Room::new(options));
        Ok(id)
    }

    fn spawn(self: &Arc<Club>, id: String, room: Room) {
        let (tx, rx) = mpsc::unbounded_channel();
        let summary = Arc::new(Mutex::new(summary(&id, &room, 0)));
        let handle = RoomHandle { tx: tx.clone(), summary: summary.clone(), set_seed: room.options().set_seed };
        if let Ok(mut rooms) = self.rooms.write() {
            rooms.insert(id.clone(), handle);
        }
        let task = RoomTask {
            id,
            room,
            club: self.clone(),
            tx,
            followers: HashMap::new(),
            field: Vec::new(),
            robot_busy: false,
            summary,
            hand_records: HashMap::new(),
        };
        tokio::spawn(task.run(rx));
    }
}

struct Follower {
    name: String,
    viewer: Viewer,
    out: Outbox,
}

struct RoomTask {
    id: String,
    room: Room,
    club: Arc<Club>,
    tx: mpsc::UnboundedSender<RoomCmd>,
    followers: HashMap<u64, Follower>,
    field: Vec<FieldResult>,
    robot_busy: bool,
    summary: Arc<Mutex<TableSummary>>,
    /// Hand records by board number, computed once per board in the background.
    hand_records: HashMap<u32, Option<tenace_online::view::HandRecord>>,
}

impl RoomTask {
    async fn run(mut self, mut rx: mpsc::UnboundedReceiver<RoomCmd>) {
        self.load_field().await;
        self.schedule_robot();
        self.request_hand_record();
        while let Some(cmd) = rx.recv().await {
            self.handle(cmd).await;
        }
    }

    async fn handle(&mut self, cmd: RoomCmd) {
        match cmd {
            RoomCmd::Join { conn, name, seat, out } => {
                let actor = Actor { name: name.clone(), seat: None };
                match self.room.decide(&actor, Action::Sit { seat }) {
                    Ok(events) => {
                        if let Err(e) = self.commit(events).await {
                            let _ = out.send(self.error(e));
                            return;
                        }
                        self.followers.insert(conn, Follower { name, viewer: Viewer::Seat { seat }, out });
                        self.broadcast();
                    }
                    Err(e) => {
                        let _ = out.send(self.refusal(&e));
                    }
                }
            }
            RoomCmd::Watch { conn, name, seat, out } => {
                // A seated player who watches instead keeps their seat's view.
                let viewer = match self.room.seat_of(&name) {
                    Some(s) => Viewer::Seat { seat: s },
                    None => Viewer::Kibitzer { watching: seat },
                };
                self.followers.insert(conn, Follower { name, viewer, out });
                self.send_view(conn);
                self.update_summary();
            }
            RoomCmd::Leave { conn, name } => {
                self.followers.remove(&conn);
                if let Some(seat) = self.room.seat_of(&name) {
                    if !self.followers.values().any(|f| f.name == name) {
                        let _ = self.commit(vec![RoomEvent::Left { seat }]).await;
                    }
                }
                self.broadcast();
            }
            RoomCmd::Disconnect { conn } => {
                if let Some(f) = self.followers.remove(&conn) {
                    let still_here = self.followers.values().any(|o| o.name == f.name);
                    if let (Some(seat), false) = (self.room.seat_of(&f.name), still_here) {
                        let tx = self.tx.clone();
                        let wait = self.club.config.seat_timeout;
                        tokio::spawn(async move {
                            tokio::time::sleep(wait).await;
                            let _ = tx.send(RoomCmd::SeatTimeout { seat, name: f.name });
                        });
                    }
                }
                self.update_summary();
            }
            RoomCmd::Act { conn, name, action, out } => {
                let seat = self.room.seat_of(&name);
                // A kibitzer's connection is not a seat, even if the name sits elsewhere.
                let seat = match self.followers.get(&conn).map(|f| f.viewer) {
                    Some(Viewer::Seat { .. }) => seat,
                    _ => None,
                };
                let actor = Actor { name, seat };
                let mut next = self.room.clone();
                let decided = if matches!(action, Action::Claim { .. }) {
                    // A claim is checked double-dummy: solve off the table's task.
                    self.club
                        .think(move || next.act(&actor, action))
                        .await
                        .unwrap_or(Err(tenace_online::OnlineError::Claim("the claim could not be checked")))
                } else {
                    next.act(&actor, action)
                };
                match decided {
                    Ok(events) => {
                        if let Err(e) = self.commit(events).await {
                            let _ = out.send(self.error(e));
                            return;
                        }
                        if let Some(f) = self.followers.get_mut(&conn) {
                            // A person who left their seat now watches.
                            if matches!(f.viewer, Viewer::Seat { .. }) && self.room.seat_of(&f.name).is_none() {
                                f.viewer = Viewer::Kibitzer { watching: None };
                            }
                        }
                        self.broadcast();
                    }
                    Err(e) => {
                        let _ = out.send(self.refusal(&e));
                    }
                }
            }
            RoomCmd::Robots { seats } => {
                let events = seats
                    .into_iter()
                    .filter(|s| self.room.occupant(*s).is_none())
                    .map(|seat| RoomEvent::Sat { seat, occupant: Occupant::Robot })
                    .collect::<Vec<_>>();
                if self.commit(events).await.is_ok() {
                    self.broadcast();
                }
            }
            RoomCmd::RobotMove { at, seat, action } => {
                self.robot_busy = false;
                if at == self.room.event_count() {
                    let actor = Actor { name: "Robot".into(), seat: Some(seat) };
                    let mut next = self.room.clone();
                    match next.act(&actor, action) {
                        Ok(events) => {
                            if self.commit(events).await.is_ok() {
                                self.broadcast();
                            }
                        }
                        Err(e) => tracing::warn!(table = %self.id, "robot action refused: {e}"),
                    }
                }
            }
            RoomCmd::RobotIdle => self.robot_busy = false,
            RoomCmd::SeatTimeout { seat, name } => {
                let gone = self.room.seat_of(&name) == Some(seat) && !self.followers.values().any(|f| f.name == name);
                if gone && self.commit(vec![RoomEvent::Sat { seat, occupant: Occupant::Robot }]).await.is_ok() {
                    self.broadcast();
                }
            }
            RoomCmd::Refresh => {
                self.load_field().await;
                self.broadcast();
            }
            RoomCmd::HandRecord { board, record } => {
                self.hand_records.insert(board, record);
                self.broadcast();
            }
            RoomCmd::Snapshot { reply } => {
                let table = self.room.table();
                let _ = reply.send((table.board().clone(), table.events().to_vec()));
            }
        }
        self.schedule_robot();
        self.request_hand_record();
    }

    /// Stores `events` (and a finished board's result), then applies them. Nothing is applied,
    /// and nobody told, unless the store accepted them.
    async fn commit(&mut self, events: Vec<RoomEvent>) -> Result<(), crate::ServerError> {
        if events.is_empty() {
            return Ok(());
        }
        let mut next = self.room.clone();
        for e in &events {
            next.apply(e).map_err(|e| crate::ServerError::Replay(e.to_string()))?;
        }
        let was_over = self.room.board_over();
        let finished = match (was_over, next.outcome()) {
            (false, Some(o)) if next.board_number() == self.room.board_number() => Some(FieldResult::of(&self.id, &o)),
            _ => None,
        };
        let set_id = next.options().set_id();
        let board = next.board_number();
        let results: Vec<(String, u32, FieldResult)> = finished.iter().map(|r| (set_id.clone(), board, r.clone())).collect();
        self.club.store.append(&self.id, self.room.event_count(), &events, &results).await?;
        let new_board = next.board_number() != self.room.board_number();
        self.room = next;
        if finished.is_some() || new_board {
            self.load_field().await;
        }
        if finished.is_some() {
            self.robot_comparison();
        }
        self.update_summary();
        Ok(())
    }

    async fn load_field(&mut self) {
        self.field = if self.room.board_over() {
            self.club.store.field(&self.room.options().set_id(), self.room.board_number()).await.unwrap_or_default()
        } else {
            Vec::new()
        };
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
            let Some(Some(result)) = club.in_background(move || robots_play(options, board)).await else { return };
            let set_id = tenace_online::RoomOptions { name: String::new(), set_seed, boards: 1, kibitzers_see_all: false }.set_id();
            if club.store.add_result(&set_id, board, &result).await.is_ok() {
                let handles: Vec<RoomHandle> = club.rooms.read().map(|r| r.values().cloned().collect()).unwrap_or_default();
                for h in handles.into_iter().filter(|h| h.set_seed == set_seed) {
                    let _ = h.tx.send(RoomCmd::Refresh);
                }
            }
        });
    }

    /// Lets the robot to act (if any) think in the background; its move comes back as a command
    /// and is used only if nothing happened at the table meanwhile.
    fn schedule_robot(&mut self) {
        if self.robot_busy || !self.room.seats().iter().any(|s| s.as_ref().is_some_and(|o| o.is_robot())) {
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
            let next = club.think(move || snapshot.robot_action()).await.flatten();
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
            let record = club.in_background(move || tenace_online::view::hand_record(&deal)).await.flatten();
            if let (Some(r), Ok(mut m)) = (&record, club.hand_records.lock()) {
                m.insert(key, r.clone());
            }
            let _ = tx.send(RoomCmd::HandRecord { board, record });
        });
    }

    fn broadcast(&mut self) {
        let ids: Vec<u64> = self.followers.keys().copied().collect();
        for id in ids {
            self.send_view(id);
        }
    }

    fn send_view(&mut self, conn: u64) {
        let Some(f) = self.followers.get(&conn) else { return };
        let mut view = self.room.view(&self.id, f.viewer, &self.field);
        if let Some(r) = view.result.as_mut() {
            r.hand_record = self.hand_records.get(&self.room.board_number()).cloned().flatten();
        }
        if f.out.send(ServerMsg::View { view: Box::new(view) }).is_err() {
            self.followers.remove(&conn);
        }
    }

    fn update_summary(&self) {
        if let Ok(mut s) = self.summary.lock() {
            let kibitzers = self.followers.values().filter(|f| matches!(f.viewer, Viewer::Kibitzer { .. })).count();
            *s = summary(&self.id, &self.room, kibitzers);
        }
    }

    fn refusal(&self, e: &tenace_online::OnlineError) -> ServerMsg {
        let law = e.law();
        ServerMsg::Error { message: e.to_string(), law: (!law.is_empty()).then_some(law), table: Some(self.id.clone()) }
    }

    fn error(&self, e: crate::ServerError) -> ServerMsg {
        tracing::error!(table = %self.id, "{e}");
        ServerMsg::Error { message: format!("the table could not record that: {e}"), law: None, table: Some(self.id.clone()) }
    }
}

/// Four robots play board `board` of the set; their result as a field entry named "Robots".
fn robots_play(options: RoomOptions, board: u32) -> Option<FieldResult> {
    let mut room = Room::starting_at(options, board);
    for seat in Seat::ALL {
        room.apply(&RoomEvent::Sat { seat, occupant: Occupant::Robot }).ok()?;
    }
    for _ in 0..200 {
        if let Some(o) = room.outcome() {
            return Some(FieldResult::of("Robots", &o));
        }
        let (seat, action) = room.robot_action()?;
        room.act(&Actor { name: "Robot".into(), seat: Some(seat) }, action).ok()?;
    }
    None
}

fn summary(id: &str, room: &Room, kibitzers: usize) -> TableSummary {
    TableSummary {
        table: id.to_string(),
        name: room.options().name.clone(),
        set_id: room.options().set_id(),
        board: room.board_number(),
        boards: room.options().boards,
        seats: room.seats().iter().map(|s| s.as_ref().map(|o| o.display())).collect(),
        kibitzers,
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
