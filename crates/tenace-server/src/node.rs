//! The club as one node of several (issue "Beyond one machine"; docs/scaling.md): `tenace serve
//! --nats URL --node NAME`.
//!
//! Every node opens the same database. Each table is run by exactly one node, the holder of the
//! lease `table/<id>` ([`Keeper`]); its appends carry the lease and are refused once another node
//! holds it (fencing, `store::lease`). The other nodes know the table by a *proxy*: a
//! [`RoomHandle`] whose commands (join, watch, act, leave, disconnect) go to the owner over NATS
//! ([`Bus::forward`]); the owner follows the connection like a local one, with an [`Outbox`]
//! whose messages it publishes on the connection's subject, and the connection's node passes
//! them on. So every view is computed by the one node that runs the table, as on a single node.
//!
//! - **A node stops** (killed, cut off): its leases expire; every node scans for expired leases a
//!   few times per lease length and takes what it can (`take_over`): it replays the stored log,
//!   runs the table, and announces the move; every node then sends the owner again the joins and
//!   watches of its connections that follow the table, and they see it again.
//! - **A node loses a table** (its lease renewal finds another owner, or a write is fenced): it
//!   stops running the table at once, tells its followers, and from then on reaches it as a proxy.
//! - **A connection's node stops**: its lease `node/<name>` expires, and the owners of tables it
//!   followed treat its connections as disconnected (a seated player's seat time-out starts).
//! - **NATS stops**: forwarded commands are refused with a clear message; the client library
//!   reconnects by itself, and then every node follows its tables again (fresh views).
//! - **Tournaments** run on the holder of `tournament/<id>` with their tables (ids `tt…`); other
//!   nodes list them and forward requests to them ([`TournamentAsk`]); they move like tables.
//! - **Replays and the Director's desk** reach a table run elsewhere by request/reply
//!   ([`TableAsk`]); the owner applies Law 16 with the person's ledger read from the store.
//!
//! Decisions: club nights have no owner node; each request reads the night from the store
//! (`Nights::fresh`). docs/scaling.md lists what is not done yet.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tenace_core::Seat;
use tenace_online::Room;
use tokio::sync::mpsc;

use crate::bus::{AskInbox, Bus, BusError, Command, Forward, LobbyNews, TableAsk, Taken, TournamentAsk};
use crate::club::{Club, ReplayError, RoomCmd, RoomHandle};
use crate::cluster::Keeper;
use crate::outbox::Outbox;
use crate::protocol::{ServerMsg, TableSummary};
use crate::tournaments::{ReportBody, TournamentCmd, TournamentHandle};

/// How a node joins a club of several (`tenace serve --nats URL --node NAME --lease-ms MS`).
#[derive(Clone, Debug)]
pub struct NodeConfig {
    /// The club's NATS, e.g. `nats://127.0.0.1:4222`.
    pub nats: String,
    /// This node's name, unique in the club (leases record it).
    pub name: String,
    /// A lease's length: a stopped node's tables move within about this time.
    pub lease: Duration,
}

/// Why the store did not grant a person's seat (`Club::claim_seat`).
#[derive(Debug)]
pub(crate) enum SeatRefused {
    /// They sit at this table (through another node).
    SitsAt(String),
    /// The claim could not be read or written.
    Store(crate::store::StoreError),
}

/// What players are told while NATS cannot be reached.
pub const NATS_DOWN: &str = "the club's nodes cannot reach each other right now; play at this table pauses and resumes by itself";

/// The first local number given to a connection of another node (this node's own connections
/// count from 1).
const REMOTE_CONNS: u64 = 1 << 62;

/// Messages waiting for one other node's connections, at most (then they are dropped:
/// `Outbox::for_node`).
const COURIER_QUEUE: usize = 65_536;

/// A batch of messages for another node's connections is sent once it reaches this size (well
/// under NATS's default limit of 1 MiB per message).
const BATCH_BYTES: usize = 256 * 1024;

/// The first letters of a tournament's table ids (other tables' start with one `t`).
pub const TOURNAMENT_TABLE: &str = "tt";

/// May this node run `table`? A tournament's table runs where its tournament runs (tournaments
/// do not move between nodes yet, docs/scaling.md).
pub(crate) fn may_run(club: &Club, table: &str) -> bool {
    !table.starts_with(TOURNAMENT_TABLE) || club.tournament_of(table).is_some()
}

/// Is `conn` a connection of another node (as numbered here)?
pub(crate) fn is_remote(conn: u64) -> bool {
    conn >= REMOTE_CONNS
}

/// How a connection follows a table held by another node (sent again after a move).
#[derive(Clone)]
enum Follow {
    Sit(Seat),
    Watch(Option<Seat>),
}

impl Follow {
    fn command(&self) -> Command {
        match self {
            Follow::Sit(seat) => Command::Join { seat: *seat },
            Follow::Watch(seat) => Command::Watch { seat: *seat },
        }
    }
}

#[derive(Clone)]
struct Follower {
    name: String,
    follow: Follow,
    out: Outbox,
}

/// A connection of another node that follows tables held here.
struct Remote {
    local: u64,
    out: Outbox,
    tables: std::collections::HashSet<String>,
}

/// This node's part of the club.
pub struct Node {
    pub name: String,
    pub bus: Bus,
    pub keeper: Arc<Keeper>,
    lease: Duration,
    /// This node's connections, by number, following tables held elsewhere: where their
    /// messages go.
    outboxes: Mutex<HashMap<u64, Outbox>>,
    /// Tables held elsewhere, and how this node's connections follow each (table → conn).
    follows: Mutex<HashMap<String, HashMap<u64, Follower>>>,
    /// Connections of other nodes following tables held here, by (node, conn).
    remotes: Mutex<HashMap<(String, u64), Remote>>,
    /// The queue of messages for each other node's connections, drained by that node's courier
    /// (`Node::courier`).
    couriers: Mutex<HashMap<String, mpsc::Sender<(u64, crate::outbox::Outgoing)>>>,
    next_remote: AtomicU64,
    /// The bus tasks serving this node's tables (aborted when a table moves away).
    serving: Mutex<HashMap<String, tokio::task::AbortHandle>>,
    /// Lobby news to publish, in order.
    news: mpsc::UnboundedSender<LobbyNews>,
    news_rx: Mutex<Option<mpsc::UnboundedReceiver<LobbyNews>>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The lease of a table.
pub fn table_lease(table: &str) -> String {
    format!("table/{table}")
}

impl Node {
    /// Connects to NATS and starts keeping this node's leases (the node's own lease first:
    /// another node of the same name still running is refused).
    pub async fn connect(store: crate::store::Store, config: &NodeConfig) -> Result<(Arc<Node>, mpsc::UnboundedReceiver<String>), crate::ServerError> {
        let bus = Bus::connect(&config.nats, &config.name, Duration::from_secs(5)).await.map_err(|e| crate::ServerError::Node(e.to_string()))?;
        let (keeper, lost) = Keeper::start(store, &config.name, config.lease);
        // A node restarted under its name waits for its previous life's lease to expire; a node
        // of that name still running keeps renewing it, and this one gives up.
        let waited = std::time::Instant::now();
        let instance = format!("{}#{}-{}", config.name, std::process::id(), crate::cluster::now_ms());
        while let Err(held) = keeper.take_as(&format!("node/{}", config.name), &instance).await? {
            if waited.elapsed() > 2 * config.lease + Duration::from_secs(1) {
                return Err(crate::ServerError::Node(format!(
                    "a node named {:?} is running already (it renews its lease, now until {} ms after the epoch); give this node another name",
                    config.name, held.expires_ms
                )));
            }
            tokio::time::sleep(config.lease / 4).await;
        }
        let (news, news_rx) = mpsc::unbounded_channel();
        let node = Node {
            name: config.name.clone(),
            bus,
            keeper,
            lease: config.lease,
            outboxes: Mutex::new(HashMap::new()),
            follows: Mutex::new(HashMap::new()),
            remotes: Mutex::new(HashMap::new()),
            couriers: Mutex::new(HashMap::new()),
            next_remote: AtomicU64::new(REMOTE_CONNS),
            serving: Mutex::new(HashMap::new()),
            news,
            news_rx: Mutex::new(Some(news_rx)),
        };
        Ok((Arc::new(node), lost))
    }

    /// Starts the node's tasks: messages for this node's connections, the lobby's news, the
    /// scan for tables to take over, and the tables this node lost.
    pub(crate) async fn start(club: &Arc<Club>, node: &Arc<Node>, mut lost: mpsc::UnboundedReceiver<String>) -> Result<(), crate::ServerError> {
        let bus_error = |e: BusError| crate::ServerError::Node(e.to_string());
        // Messages for this node's connections.
        let mut inbox = node.bus.listen(&node.name).await.map_err(bus_error)?;
        let n = node.clone();
        tokio::spawn(async move {
            while let Some(m) = inbox.next().await {
                match m {
                    Ok(messages) => {
                        let outboxes = lock(&n.outboxes);
                        for (conn, text) in messages {
                            if let Some(out) = outboxes.get(&conn) {
                                let _ = out.send_json(text);
                            }
                        }
                    }
                    Err(e) => tracing::warn!("{e}"),
                }
            }
        });
        // Lobby news: lines of tables held elsewhere, and tables that moved.
        let mut lobby = node.bus.lobby().await.map_err(bus_error)?;
        let weak = Arc::downgrade(club);
        tokio::spawn(async move {
            while let Some(news) = lobby.next().await {
                let Some(club) = weak.upgrade() else { return };
                match news {
                    Ok(LobbyNews::Table { node, summary, set_seed }) => club.table_news(&node, summary, set_seed),
                    Ok(LobbyNews::Moved { node: _, table }) => club.follow_again(&table),
                    Ok(LobbyNews::Hello { node }) if club.node.as_ref().is_some_and(|n| n.name != node) => club.announce_all(),
                    Ok(LobbyNews::Hello { .. }) => {}
                    Ok(LobbyNews::Tournament { node, summary, closes_at, set_seed }) => club.tournament_news(&node, summary, closes_at, set_seed),
                    Err(e) => tracing::warn!("{e}"),
                }
            }
        });
        // Lobby news out, in order.
        if let Some(mut rx) = lock(&node.news_rx).take() {
            let bus = node.bus.clone();
            tokio::spawn(async move {
                while let Some(news) = rx.recv().await {
                    if let Err(e) = bus.publish(&news).await {
                        tracing::warn!("lobby news not sent: {e}");
                    }
                }
            });
        }
        // Leases lost: the table stops here.
        let weak = Arc::downgrade(club);
        tokio::spawn(async move {
            while let Some(resource) = lost.recv().await {
                let Some(club) = weak.upgrade() else { return };
                if let Some(table) = resource.strip_prefix("table/") {
                    if let Some(h) = club.room(table) {
                        let _ = h.tx.send(RoomCmd::Lost { why: "its lease moved to another node".into() });
                    }
                }
                if let Some(id) = resource.strip_prefix("tournament/") {
                    club.tournament_moved_away(id);
                }
            }
        });
        // Tables whose node stopped: take them over; connections of nodes that stopped: gone.
        let weak = Arc::downgrade(club);
        let pause = node.lease / 3;
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(pause).await;
                let Some(club) = weak.upgrade() else { return };
                let Some(node) = club.node.clone() else { return };
                // Tournaments first: their tables run where they run (`may_run`).
                match node.keeper.orphans("tournament/").await {
                    Ok(tournaments) => {
                        for t in tournaments {
                            if let Some(id) = t.strip_prefix("tournament/") {
                                take_over_tournament(&club, &node, id).await;
                            }
                        }
                    }
                    Err(e) => tracing::warn!("cannot look for tournaments to take over: {e}"),
                }
                match node.keeper.orphans("table/").await {
                    Ok(tables) => {
                        for t in tables {
                            if let Some(table) = t.strip_prefix("table/").filter(|t| may_run(&club, t)) {
                                take_over(&club, &node, table).await;
                            }
                        }
                    }
                    Err(e) => tracing::warn!("cannot look for tables to take over: {e}"),
                }
                match node.keeper.orphans("node/").await {
                    Ok(nodes) => {
                        for n in nodes {
                            if let Some(name) = n.strip_prefix("node/") {
                                node.forget_node(&club, name);
                            }
                        }
                    }
                    Err(e) => tracing::warn!("cannot look for stopped nodes: {e}"),
                }
            }
        });
        // NATS lost and back: say so, then follow every table held elsewhere again.
        let weak = Arc::downgrade(club);
        let mut events = node.bus.events();
        tokio::spawn(async move {
            while let Some(connected) = events.recv().await {
                let Some(club) = weak.upgrade() else { return };
                let Some(node) = club.node.clone() else { return };
                if connected {
                    let tables: Vec<String> = lock(&node.follows).keys().cloned().collect();
                    for t in tables {
                        club.follow_again(&t);
                    }
                    // A line sent while NATS was away may be lost, and lines go out only when
                    // they change: every line of this node again, and the others' (they may
                    // have sent theirs before this node was back).
                    club.announce_all();
                    let _ = node.news.send(LobbyNews::Hello { node: node.name.clone() });
                } else {
                    let followers: Vec<(String, Outbox)> =
                        lock(&node.follows).iter().flat_map(|(t, f)| f.values().map(|f| (t.clone(), f.out.clone())).collect::<Vec<_>>()).collect();
                    for (table, out) in followers {
                        let _ = out.send(ServerMsg::Notice { message: NATS_DOWN.into(), table: Some(table) });
                    }
                }
            }
        });
        Ok(())
    }

    /// A table this node runs now answers forwarded commands.
    pub(crate) async fn serve(self: &Arc<Node>, table: &str, handle: RoomHandle) {
        let mut inbox = match self.bus.serve_table(table).await {
            Ok(i) => i,
            Err(e) => {
                tracing::error!(table, "cannot serve the table to other nodes: {e}");
                return;
            }
        };
        let mut asks = match self.bus.serve_table_asks(table).await {
            Ok(i) => i,
            Err(e) => {
                tracing::error!(table, "cannot serve the table's replays to other nodes: {e}");
                return;
            }
        };
        let node = self.clone();
        let id = table.to_string();
        let task = tokio::spawn(async move {
            let client = asks.client();
            loop {
                tokio::select! {
                    forwarded = inbox.next() => {
                        let Some(forwarded) = forwarded else { return };
                        let taken = match &forwarded.forward {
                            Ok(f) => node.take_command(&id, &handle, f.clone()),
                            Err(e) => Taken { refused: Some(e.to_string()) },
                        };
                        let _ = inbox.answer(forwarded, &taken).await;
                    }
                    ask = asks.next::<TableAsk>() => {
                        let Some((ask, reply)) = ask else { return };
                        let handle = handle.clone();
                        answer_later(client.clone(), reply, ask, |ask| async move { answer_table_ask(&handle, ask).await });
                    }
                }
            }
        });
        if let Some(old) = lock(&self.serving).insert(table.to_string(), task.abort_handle()) {
            old.abort();
        }
    }

    /// This node stops serving `table` to the others.
    pub(crate) fn stop_serving(&self, table: &str) {
        if let Some(task) = lock(&self.serving).remove(table) {
            task.abort();
        }
    }

    /// A command forwarded from another node, handed to the table as its own connection's.
    fn take_command(self: &Arc<Node>, table: &str, handle: &RoomHandle, f: Forward) -> Taken {
        let key = (f.node.clone(), f.conn);
        // A command this node forwarded to itself (it took the table over while the command was
        // on its way): the connection is its own, so the table follows it under its own number,
        // as a local join does; under a second number it would be sent every view twice (and,
        // with view patches, two numberings of patches: crate::patch).
        let own = (f.node == self.name).then(|| lock(&self.outboxes).get(&f.conn).cloned()).flatten();
        let (conn, out, unknown) = if let Some(out) = own {
            (f.conn, out, true)
        } else {
            let mut remotes = lock(&self.remotes);
            let remote = remotes.entry(key.clone()).or_insert_with(|| {
                let local = self.next_remote.fetch_add(1, Ordering::Relaxed);
                Remote { local, out: self.remote_outbox(&f.node, f.conn).with_view_patches(f.view_patches), tables: Default::default() }
            });
            let unknown = !remote.tables.contains(table);
            match f.command {
                Command::Join { .. } | Command::Watch { .. } | Command::Act { .. } => {
                    remote.tables.insert(table.to_string());
                }
                Command::Leave | Command::Disconnect => {
                    remote.tables.remove(table);
                }
                // No connection behind them: nothing to follow.
                Command::Robots { .. } | Command::Refresh => {}
            }
            let taken = (remote.local, remote.out.clone(), unknown);
            if remote.tables.is_empty() {
                remotes.remove(&key);
            }
            taken
        };
        let name = f.person;
        // An action from a connection this table has not seen join (its join was lost while
        // the table moved): it follows the table first, as it asked its node.
        if let (Command::Act { .. }, true, Some(follow)) = (&f.command, unknown, f.follow) {
            let first = match follow {
                Command::Join { seat } => Some(RoomCmd::Join { conn, name: name.clone(), seat, out: out.clone() }),
                Command::Watch { seat } => Some(RoomCmd::Watch { conn, name: name.clone(), seat, out: out.clone() }),
                _ => None,
            };
            if let Some(cmd) = first {
                let _ = handle.tx.send(cmd);
            }
        }
        let cmd = match f.command {
            Command::Join { seat } => RoomCmd::Join { conn, name, seat, out },
            Command::Watch { seat } => RoomCmd::Watch { conn, name, seat, out },
            Command::Leave => RoomCmd::Leave { conn, name },
            Command::Disconnect => RoomCmd::Disconnect { conn },
            Command::Act { action } => RoomCmd::Act { conn, name, action, out },
            Command::Robots { seats } => RoomCmd::Robots { seats },
            Command::Refresh => RoomCmd::Refresh,
        };
        match handle.tx.send(cmd) {
            Ok(()) => Taken { refused: None },
            Err(_) => Taken { refused: Some(format!("table {table} is moving to another node; try again in a moment")) },
        }
    }

    /// The outbox of a connection of another node: its messages join that node's queue, in
    /// order.
    fn remote_outbox(&self, node: &str, conn: u64) -> Outbox {
        let mut couriers = lock(&self.couriers);
        let tx = couriers.entry(node.to_string()).or_insert_with(|| self.courier(node)).clone();
        Outbox::for_node(conn, tx)
    }

    /// The task that sends node `node` the messages for its connections: whatever has queued
    /// while the last batch went out goes in one NATS message (at most [`BATCH_BYTES`]), so that
    /// a busy table's views for the four players of another node, and the views of every table
    /// that one group commit stored, cross in one message rather than one each. Order is kept
    /// (one queue, one publisher). A node that stopped leaves its courier idle.
    fn courier(&self, node: &str) -> mpsc::Sender<(u64, crate::outbox::Outgoing)> {
        let (tx, mut rx) = mpsc::channel::<(u64, crate::outbox::Outgoing)>(COURIER_QUEUE);
        let bus = self.bus.clone();
        let node = node.to_string();
        tokio::spawn(async move {
            let mut batch = crate::bus::Batch::default();
            while let Some(first) = rx.recv().await {
                let started = std::time::Instant::now();
                // Let the tasks that are ready (a table finishing its round of views) queue
                // theirs first.
                tokio::task::yield_now().await;
                let mut next = Some(first);
                while let Some((conn, msg)) = next {
                    if let Some(text) = msg.into_text() {
                        batch.push(conn, &text);
                    }
                    next = if batch.len() < BATCH_BYTES { rx.try_recv().ok() } else { None };
                }
                let (bytes, written) = (batch.len(), started.elapsed());
                // NATS down: the messages are lost; the next view carries the whole table again.
                let _ = bus.send(&node, batch.take()).await;
                if started.elapsed() >= crate::club::SLOW_ACTION {
                    // A diagnostic for the latency tail (docs/scaling.md): RUST_LOG=tenace::slow=debug.
                    let written_ms = written.as_millis() as u64;
                    tracing::debug!(target: "tenace::slow", to = %node, bytes, written_ms, sent_ms = started.elapsed().as_millis() as u64, "a batch for another node took long");
                }
            }
        });
        tx
    }

    /// The connections of node `name`, which stopped: gone from every table here.
    fn forget_node(&self, club: &Arc<Club>, name: &str) {
        let gone: Vec<Remote> = {
            let mut remotes = lock(&self.remotes);
            let keys: Vec<(String, u64)> = remotes.keys().filter(|(n, _)| n == name).cloned().collect();
            keys.into_iter().filter_map(|k| remotes.remove(&k)).collect()
        };
        for r in gone {
            for t in &r.tables {
                if let Some(h) = club.room(t) {
                    let _ = h.tx.send(RoomCmd::Disconnect { conn: r.local });
                }
            }
        }
    }

    /// Publishes a table's lobby line to the other nodes.
    pub(crate) fn announce(&self, summary: &TableSummary, set_seed: u64) {
        let _ = self.news.send(LobbyNews::Table { node: self.name.clone(), summary: summary.clone(), set_seed });
    }

    /// A proxy for `table`, held by another node: its commands go over the bus.
    pub(crate) fn proxy(self: &Arc<Node>, table: &str, summary: TableSummary, set_seed: u64) -> RoomHandle {
        let (tx, mut rx) = mpsc::unbounded_channel::<RoomCmd>();
        let handle = RoomHandle { tx, summary: Arc::new(Mutex::new(summary)), set_seed };
        let node = Arc::downgrade(self);
        let table = table.to_string();
        tokio::spawn(async move {
            while let Some(cmd) = rx.recv().await {
                let Some(node) = node.upgrade() else { return };
                node.forward(&table, cmd).await;
            }
        });
        handle
    }

    /// One command of a local connection for a table held elsewhere.
    async fn forward(&self, table: &str, cmd: RoomCmd) {
        let (conn, person, command, out) = match cmd {
            RoomCmd::Join { conn, name, seat, out } => {
                self.follow(table, conn, &name, Follow::Sit(seat), &out);
                (conn, name, Command::Join { seat }, Some(out))
            }
            RoomCmd::Watch { conn, name, seat, out } => {
                self.follow(table, conn, &name, Follow::Watch(seat), &out);
                (conn, name, Command::Watch { seat }, Some(out))
            }
            RoomCmd::Act { conn, name, action, out } => {
                lock(&self.outboxes).insert(conn, out.clone());
                (conn, name, Command::Act { action }, Some(out))
            }
            RoomCmd::Leave { conn, name } => {
                let out = self.unfollow(table, conn).map(|f| f.out);
                (conn, name, Command::Leave, out)
            }
            RoomCmd::Disconnect { conn } => {
                let Some(f) = self.unfollow(table, conn) else { return };
                (conn, f.name, Command::Disconnect, None)
            }
            RoomCmd::Robots { seats } => (0, String::new(), Command::Robots { seats }, None),
            RoomCmd::Refresh => (0, String::new(), Command::Refresh, None),
            RoomCmd::Snapshot { director, reply } => {
                let answer = self.ask_table::<Result<crate::club::Snapshot, String>>(table, TableAsk::Snapshot { director }).await;
                let _ = reply.send(answer.and_then(|a| a));
                return;
            }
            RoomCmd::Replay { person, board, confirmed, reply } => {
                let answer = self.ask_table::<Result<crate::club::ReplaySource, ReplayError>>(table, TableAsk::Replay { person, board, confirmed }).await;
                let _ = reply.send(answer.map_err(ReplayError::Failed).and_then(|a| a));
                return;
            }
            // A table's own timers and the store's news concern its owner only.
            _ => return,
        };
        let follow =
            matches!(command, Command::Act { .. }).then(|| lock(&self.follows).get(table).and_then(|f| f.get(&conn)).map(|f| f.follow.command())).flatten();
        let view_patches = out.as_ref().is_some_and(Outbox::view_patches);
        let f = Forward { node: self.name.clone(), conn, person, command, follow, view_patches };
        let refused = match while_moving(|| self.bus.forward(table, &f)).await {
            Ok(Taken { refused: None }) => return,
            Ok(Taken { refused: Some(why) }) => why,
            Err(BusError::NoOwner(_)) => {
                format!("table {table}'s node stopped; another node takes the table over within a few seconds and you will be back at it")
            }
            Err(BusError::TimedOut { .. }) => format!("table {table}'s node did not answer in time (it may be busy or stopping); try again in a moment"),
            Err(BusError::Nats(_)) => NATS_DOWN.to_string(),
            Err(e) => e.to_string(),
        };
        if let Some(out) = out {
            let _ = out.send(ServerMsg::Error { message: refused, law: None, table: Some(table.to_string()) });
        }
    }

    /// Asks `table`'s node (a replay, the Director's snapshot); its answer, or why there is none.
    async fn ask_table<T: serde::de::DeserializeOwned>(&self, table: &str, ask: TableAsk) -> Result<T, String> {
        match self.bus.ask_table(table, &ask).await {
            Ok(v) => serde_json::from_value(v).map_err(|e| format!("table {table}'s node answered something unexpected: {e}")),
            Err(BusError::NoOwner(_)) => Err(format!("table {table}'s node stopped; another node takes the table over within a few seconds; try again then")),
            Err(BusError::Nats(_)) => Err(NATS_DOWN.to_string()),
            Err(e) => Err(e.to_string()),
        }
    }

    fn follow(&self, table: &str, conn: u64, name: &str, follow: Follow, out: &Outbox) {
        lock(&self.outboxes).insert(conn, out.clone());
        lock(&self.follows).entry(table.to_string()).or_default().insert(conn, Follower { name: name.to_string(), follow, out: out.clone() });
    }

    fn unfollow(&self, table: &str, conn: u64) -> Option<Follower> {
        let mut follows = lock(&self.follows);
        let f = follows.get_mut(table)?.remove(&conn);
        if follows.get(table).is_some_and(HashMap::is_empty) {
            follows.remove(table);
        }
        let elsewhere = follows.values().any(|t| t.contains_key(&conn));
        drop(follows);
        if !elsewhere {
            lock(&self.outboxes).remove(&conn);
        }
        f
    }

    /// This node's connections following `table` through the bus, taken out of the list (they
    /// are sent again to the table's handle, local or proxy, which lists them again).
    fn take_follows(&self, table: &str) -> Vec<(u64, Follower)> {
        lock(&self.follows).remove(table).map(|f| f.into_iter().collect()).unwrap_or_default()
    }

    /// Local followers of a table this node stopped running, to be sent to the new owner.
    pub(crate) fn adopt(&self, table: &str, followers: Vec<(u64, String, Option<Seat>, bool, Outbox)>) {
        for (conn, name, seat, seated, out) in followers {
            let follow = match (seated, seat) {
                (true, Some(s)) => Follow::Sit(s),
                (_, s) => Follow::Watch(s),
            };
            self.follow(table, conn, &name, follow, &out);
        }
    }
}

impl Club {
    /// A table's lobby line from another node: a table this node did not know is now reachable
    /// through a proxy.
    fn table_news(self: &Arc<Club>, from: &str, summary: TableSummary, set_seed: u64) {
        let Some(node) = self.node.clone() else { return };
        if from == node.name {
            return;
        }
        match self.room(&summary.table) {
            Some(h) => {
                if let Ok(mut s) = h.summary.lock() {
                    *s = summary;
                }
            }
            None => {
                let table = summary.table.clone();
                let handle = node.proxy(&table, summary, set_seed);
                self.insert_room(&table, handle);
            }
        }
    }

    /// Publishes again the lobby line of every table and tournament this node runs (NATS back
    /// after an outage, here or at another node, `LobbyNews::Hello`: a line is otherwise sent
    /// only when it changes, `RoomTask::update_summary`).
    fn announce_all(self: &Arc<Club>) {
        let Some(node) = self.node.clone() else { return };
        let served: Vec<String> = lock(&node.serving).keys().cloned().collect();
        for key in served {
            if let Some(id) = key.strip_prefix("tournament/") {
                if let Some(h) = self.tournament(id) {
                    let summary = lock(&h.summary).clone();
                    node.announce_tournament(&summary, h.closes_at.load(Ordering::SeqCst), h.set_seed);
                }
            } else if let Some(h) = self.room(&key) {
                let summary = lock(&h.summary).clone();
                node.announce(&summary, h.set_seed);
            }
        }
    }

    /// Table `id`, as [`Club::room`]; in a club of several nodes, a table another node created
    /// whose lobby line has not arrived yet is found in the store (and reached through a proxy).
    pub async fn find_room(self: &Arc<Club>, id: &str) -> Option<RoomHandle> {
        if let Some(h) = self.room(id) {
            return Some(h);
        }
        let node = self.node.clone()?;
        let stored = self.store.room(id).await.ok()??;
        let set_seed = stored.options.set_seed;
        let room = Room::replay(stored.options, stored.events).ok()?;
        let summary = crate::club::summary(id, &room, 0);
        if let Some(h) = self.room(id) {
            return Some(h); // arrived meanwhile
        }
        let handle = node.proxy(id, summary, set_seed);
        self.insert_room(id, handle.clone());
        Some(handle)
    }

    /// In a club of several nodes: a table of the set `set_seed` other than `except`, still
    /// playing, where another node seats `person` (by the lobby lines the nodes publish). Law 16:
    /// a person plays a set at one table at a time; this node's own tables are checked by the
    /// sight ledger (crate::sight). The lines may lag a change by the time a message takes.
    pub(crate) fn seated_on_another_node(&self, person: &str, set_seed: u64, except: &str) -> Option<String> {
        self.node.as_ref()?;
        self.tables_of_set(set_seed).into_iter().filter(|(id, _)| id != except).find_map(|(id, h)| seats_while_playing(&h, person).then_some(id))
    }

    /// In a club of several nodes, claims `person`'s one seat for `table` in the store, where
    /// two joins through two nodes at the same instant meet (store::seats): `Err` names the
    /// table where they sit. A claim naming another table is taken over only when that table's
    /// lobby line no longer seats the person (or its set is over) and the claim is older than
    /// two lease lengths (a join under way on another node has published its line by then; a
    /// claim older than that, on no table, was left by a node that died). A single node decides
    /// under its sight gate alone (`Ok` at once).
    pub(crate) async fn claim_seat(&self, person: &str, table: &str) -> Result<(), SeatRefused> {
        let Some(node) = &self.node else { return Ok(()) };
        let grace = 2 * node.lease.as_millis() as i64;
        let mut last = String::new();
        for _ in 0..3 {
            let now = crate::cluster::now_ms();
            let (other, claimed_ms) = match self.store.claim_seat(person, table, now).await.map_err(SeatRefused::Store)? {
                crate::store::SeatClaim::Taken => return Ok(()),
                crate::store::SeatClaim::Elsewhere { table, claimed_ms } => (table, claimed_ms),
            };
            if now - claimed_ms < grace || self.seats_there(person, &other) {
                return Err(SeatRefused::SitsAt(other));
            }
            if self.store.move_seat_claim(person, &other, claimed_ms, table, now).await.map_err(SeatRefused::Store)? {
                return Ok(());
            }
            last = other; // moved meanwhile by another join: read it again
        }
        Err(SeatRefused::SitsAt(last))
    }

    /// Does `table`'s lobby line (this node's or another's) seat `person` with its set still
    /// being played?
    fn seats_there(&self, person: &str, table: &str) -> bool {
        self.room(table).is_some_and(|h| seats_while_playing(&h, person))
    }

    /// `person` no longer sits at `table`: the sight ledger frees them, and in a club of several
    /// nodes their seat claim goes too (in the background: a claim left behind is taken over
    /// later, `claim_seat`).
    pub(crate) fn release_seat(self: &Arc<Self>, person: &str, table: &str) {
        self.sight.release(person, table);
        if self.node.is_some() {
            let (club, person, table) = (self.clone(), person.to_string(), table.to_string());
            tokio::spawn(async move {
                if let Err(e) = club.store.release_seat_claim(&person, &table).await {
                    tracing::warn!("cannot release {person}'s seat claim at {table}: {e}");
                }
            });
        }
    }

    /// In a club of several nodes, the ledger here learns what other nodes have shown `person`
    /// (it is in the store: stored before shown) before this node seats them or shows them a
    /// table (Law 16). A store that cannot be read leaves the ledger as it is.
    pub(crate) async fn learn_what_was_seen(&self, person: &str) {
        if self.node.is_none() {
            return;
        }
        match self.store.seen_of(person).await {
            Ok(seen) => self.sight.remember(&seen),
            Err(e) => tracing::warn!("cannot read what {person} has seen: {e}"),
        }
    }

    /// A clean shutdown of this node (Ctrl-C): its leases are given up, so the other nodes take
    /// its tables at their next scan instead of after the leases expire. Nothing is written for
    /// a single-node club.
    pub async fn shut_down(&self) {
        if let Some(node) = &self.node {
            node.keeper.release_all().await;
        }
    }

    /// `table` has a new owner: this node's connections that follow it join or watch again.
    pub(crate) fn follow_again(self: &Arc<Club>, table: &str) {
        let Some(node) = self.node.clone() else { return };
        let Some(h) = self.room(table) else { return };
        for (conn, f) in node.take_follows(table) {
            let cmd = match f.follow {
                Follow::Sit(seat) => RoomCmd::Join { conn, name: f.name, seat, out: f.out },
                Follow::Watch(seat) => RoomCmd::Watch { conn, name: f.name, seat, out: f.out },
            };
            let _ = h.tx.send(cmd);
        }
    }
}

impl Node {
    /// Publishes a tournament's line (and what a proxy needs) to the other nodes.
    pub(crate) fn announce_tournament(&self, summary: &tenace_tournament::TournamentSummary, closes_at: i64, set_seed: u64) {
        let _ = self.news.send(LobbyNews::Tournament { node: self.name.clone(), summary: summary.clone(), closes_at, set_seed });
    }

    /// A proxy for tournament `id`, run by another node: requests go over the bus.
    pub(crate) fn tournament_proxy(
        self: &Arc<Node>,
        id: &str,
        summary: tenace_tournament::TournamentSummary,
        closes_at: i64,
        set_seed: u64,
    ) -> TournamentHandle {
        let (tx, mut rx) = mpsc::unbounded_channel::<TournamentCmd>();
        let handle =
            TournamentHandle { tx, summary: Arc::new(Mutex::new(summary)), closes_at: Arc::new(std::sync::atomic::AtomicI64::new(closes_at)), set_seed };
        let node = Arc::downgrade(self);
        let id = id.to_string();
        tokio::spawn(async move {
            while let Some(cmd) = rx.recv().await {
                let Some(node) = node.upgrade() else { return };
                // Each request on its own: a slow answer does not hold the others.
                let id = id.clone();
                tokio::spawn(async move { node.ask_tournament(&id, cmd).await });
            }
        });
        handle
    }

    /// One request for a tournament run elsewhere, answered on its own reply channel.
    async fn ask_tournament(&self, id: &str, cmd: TournamentCmd) {
        match cmd {
            TournamentCmd::Register { name, partner, team, reply } => {
                let _ = reply.send(self.ask_json(id, TournamentAsk::Register { name, partner, team }).await);
            }
            TournamentCmd::Play { name, reply } => {
                let _ = reply.send(self.ask_json(id, TournamentAsk::Play { name }).await);
            }
            TournamentCmd::Close { name, reply } => {
                let _ = reply.send(self.ask_json(id, TournamentAsk::Close { name }).await);
            }
            TournamentCmd::View { name, board, reply } => {
                // No view when the tournament's node cannot be reached (the request says so).
                if let Ok(view) = self.ask(id, TournamentAsk::View { name, board }).await {
                    let _ = reply.send(view);
                }
            }
            TournamentCmd::Adjust { by, round, table, board, outcome, reply } => {
                let _ = reply.send(self.ask_json(id, TournamentAsk::Adjust { by, round, table, board, outcome }).await);
            }
            TournamentCmd::CallDirector { by, room, reason, reply } => {
                let _ = reply.send(self.ask_json(id, TournamentAsk::CallDirector { by, room, reason }).await);
            }
            TournamentCmd::AnswerCall { by, call, ruling, reply } => {
                let _ = reply.send(self.ask_json(id, TournamentAsk::AnswerCall { by, call, ruling }).await);
            }
            TournamentCmd::Report { html, reply } => {
                let _ = reply.send(self.ask_json(id, TournamentAsk::Report { html }).await.map(ReportBody::Rendered));
            }
            // Its tables and clock are the owner's.
            TournamentCmd::Result { .. } | TournamentCmd::Tick | TournamentCmd::Stop => {}
        }
    }

    /// Asks tournament `id`'s node; its answer, or why there is none.
    async fn ask<T: serde::de::DeserializeOwned>(&self, id: &str, ask: TournamentAsk) -> Result<T, String> {
        match while_moving(|| self.bus.ask_tournament(id, &ask)).await {
            Ok(v) => serde_json::from_value(v).map_err(|e| format!("tournament {id}'s node answered something unexpected: {e}")),
            Err(BusError::NoOwner(_)) => Err(format!("tournament {id}'s node stopped; another node takes it over within a few seconds; try again then")),
            Err(BusError::Nats(_)) => Err(NATS_DOWN.to_string()),
            Err(e) => Err(e.to_string()),
        }
    }

    /// [`Node::ask`] for a request answered `Result<T, String>`.
    async fn ask_json<T: serde::de::DeserializeOwned>(&self, id: &str, ask: TournamentAsk) -> Result<T, String> {
        self.ask::<Result<T, String>>(id, ask).await?
    }

    /// A tournament this node runs answers the other nodes' requests.
    pub(crate) async fn serve_tournament(self: &Arc<Node>, id: &str, handle: TournamentHandle) {
        let mut inbox = match self.bus.serve_tournament(id).await {
            Ok(i) => i,
            Err(e) => return tracing::error!(tournament = id, "cannot serve the tournament to other nodes: {e}"),
        };
        let task = tokio::spawn(async move {
            let client = inbox.client();
            while let Some((ask, reply)) = inbox.next::<TournamentAsk>().await {
                let handle = handle.clone();
                answer_later(client.clone(), reply, ask, |ask| async move { answer_ask(&handle, ask).await });
            }
        });
        if let Some(old) = lock(&self.serving).insert(format!("tournament/{id}"), task.abort_handle()) {
            old.abort();
        }
    }
}

/// Tries `send` again for a moment while nobody serves the table or tournament (it is moving
/// between nodes).
async fn while_moving<T, F: std::future::Future<Output = Result<T, BusError>>>(send: impl Fn() -> F) -> Result<T, BusError> {
    let mut answer = send().await;
    for attempt in 1..=5 {
        if !matches!(answer, Err(BusError::NoOwner(_))) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100 * attempt)).await;
        answer = send().await;
    }
    answer
}

/// Answers a request from another node in a task of its own (a slow answer does not hold the
/// next request): `answer`'s JSON, or the request's own error.
fn answer_later<A: Send + 'static, F: std::future::Future<Output = serde_json::Value> + Send>(
    client: async_nats::Client,
    reply: Option<async_nats::Subject>,
    ask: Result<A, BusError>,
    answer: impl FnOnce(A) -> F + Send + 'static,
) {
    tokio::spawn(async move {
        let answer = match ask {
            Ok(ask) => answer(ask).await,
            Err(e) => serde_json::to_value(Err::<(), String>(e.to_string())).unwrap_or_default(),
        };
        let _ = AskInbox::answer(&client, reply, &answer).await;
    });
}

/// What the table task answers a [`TableAsk`] from another node, as JSON.
async fn answer_table_ask(handle: &RoomHandle, ask: TableAsk) -> serde_json::Value {
    match ask {
        TableAsk::Snapshot { director } => {
            let (reply, rx) = tokio::sync::oneshot::channel();
            let answer = match handle.tx.send(RoomCmd::Snapshot { director, reply }) {
                Ok(()) => rx.await.unwrap_or_else(|_| Err("the table is not available".into())),
                Err(_) => Err("the table is not available".into()),
            };
            serde_json::to_value(answer).unwrap_or_default()
        }
        TableAsk::Replay { person, board, confirmed } => {
            let (reply, rx) = tokio::sync::oneshot::channel();
            let unavailable = || ReplayError::Failed("the table is not available".into());
            let answer = match handle.tx.send(RoomCmd::Replay { person, board, confirmed, reply }) {
                Ok(()) => rx.await.unwrap_or_else(|_| Err(unavailable())),
                Err(_) => Err(unavailable()),
            };
            serde_json::to_value(answer).unwrap_or_default()
        }
    }
}

/// What the tournament task answers a request from another node, as JSON.
async fn answer_ask(handle: &TournamentHandle, ask: TournamentAsk) -> serde_json::Value {
    async fn call<T: serde::Serialize>(
        handle: &TournamentHandle,
        make: impl FnOnce(tokio::sync::oneshot::Sender<Result<T, String>>) -> TournamentCmd,
    ) -> serde_json::Value {
        serde_json::to_value(handle.ask(make).await).unwrap_or_default()
    }
    match ask {
        TournamentAsk::Register { name, partner, team } => call(handle, |reply| TournamentCmd::Register { name, partner, team, reply }).await,
        TournamentAsk::Play { name } => call(handle, |reply| TournamentCmd::Play { name, reply }).await,
        TournamentAsk::Close { name } => call(handle, |reply| TournamentCmd::Close { name, reply }).await,
        TournamentAsk::View { name, board } => {
            let (reply, rx) = tokio::sync::oneshot::channel();
            if handle.tx.send(TournamentCmd::View { name, board, reply }).is_err() {
                return serde_json::Value::Null;
            }
            rx.await.ok().and_then(|v| serde_json::to_value(v).ok()).unwrap_or_default()
        }
        TournamentAsk::Adjust { by, round, table, board, outcome } => {
            call(handle, |reply| TournamentCmd::Adjust { by, round, table, board, outcome, reply }).await
        }
        TournamentAsk::CallDirector { by, room, reason } => call(handle, |reply| TournamentCmd::CallDirector { by, room, reason, reply }).await,
        TournamentAsk::AnswerCall { by, call: n, ruling } => call(handle, |reply| TournamentCmd::AnswerCall { by, call: n, ruling, reply }).await,
        TournamentAsk::Report { html } => {
            // Rendered here, in this request's own task, not on the tournament's.
            let report = handle.ask(|reply| TournamentCmd::Report { html, reply }).await;
            serde_json::to_value(report.map(|r| r.render(html))).unwrap_or_default()
        }
    }
}

/// Does the table's lobby line seat `person`, its set not over?
fn seats_while_playing(table: &RoomHandle, person: &str) -> bool {
    table.summary.lock().is_ok_and(|s| !s.set_over && s.seats.iter().any(|n| n.as_deref() == Some(person)))
}

impl Club {
    /// Another node runs tournament `id` now (this node's lease on it was lost, or a write
    /// fenced): the task here stops after its current request, and requests go to the new
    /// owner through a proxy.
    pub(crate) fn tournament_moved_away(self: &Arc<Club>, id: &str) {
        let Some(node) = self.node.clone() else { return };
        node.stop_serving(&format!("tournament/{id}"));
        let Some(h) = self.tournament(id) else { return };
        let _ = h.tx.send(TournamentCmd::Stop);
        let summary = h.summary.lock().map(|s| s.clone());
        if let Ok(summary) = summary {
            let proxy = node.tournament_proxy(id, summary, h.closes_at.load(Ordering::SeqCst), h.set_seed);
            self.insert_tournament(id, proxy);
        }
    }

    /// A tournament's line from another node: a tournament this node did not know is now
    /// reachable through a proxy; a known proxy's line and closing time follow.
    fn tournament_news(self: &Arc<Club>, from: &str, summary: tenace_tournament::TournamentSummary, closes_at: i64, set_seed: u64) {
        let Some(node) = self.node.clone() else { return };
        if from == node.name {
            return;
        }
        match self.tournament(&summary.id) {
            Some(h) => {
                h.closes_at.store(closes_at, Ordering::SeqCst);
                if let Ok(mut s) = h.summary.lock() {
                    *s = summary;
                }
            }
            None => {
                let id = summary.id.clone();
                let proxy = node.tournament_proxy(&id, summary, closes_at, set_seed);
                self.insert_tournament(&id, proxy);
            }
        }
    }
}

/// Takes over tournament `id`, whose node stopped: its lease, then the tournament replayed from
/// the store; its tables are taken over next (they run where their tournament runs).
async fn take_over_tournament(club: &Arc<Club>, node: &Arc<Node>, id: &str) {
    match node.keeper.take(&format!("tournament/{id}")).await {
        Ok(Ok(_)) => {}
        Ok(Err(_)) => return,
        Err(e) => return tracing::warn!(tournament = id, "cannot take the tournament over: {e}"),
    }
    match club.take_over_tournament(id).await {
        Ok(()) => tracing::info!(tournament = id, "took the tournament over"),
        Err(e) => {
            tracing::warn!(tournament = id, "cannot load the tournament to take it over: {e}");
            let _ = node.keeper.release(&format!("tournament/{id}")).await;
        }
    }
}

/// Takes over `table`, whose node stopped: its lease, its stored log replayed, its seated
/// players' seat time-outs started, its followers on every node told to follow it again.
pub(crate) async fn take_over(club: &Arc<Club>, node: &Arc<Node>, table: &str) {
    let lease = match node.keeper.take(&table_lease(table)).await {
        Ok(Ok(lease)) => lease,
        Ok(Err(_)) => return, // another node was quicker
        Err(e) => return tracing::warn!(table, "cannot take the table over: {e}"),
    };
    let stored = match club.store.room(table).await {
        Ok(Some(s)) => s,
        Ok(None) => return tracing::warn!(table, "a lease names a table the store does not hold"),
        Err(e) => {
            tracing::warn!(table, "cannot read the table to take it over: {e}");
            let _ = node.keeper.release(&table_lease(table)).await;
            return;
        }
    };
    let room = match Room::replay(stored.options, stored.events) {
        Ok(r) => r,
        Err(e) => {
            tracing::error!(table, "the stored log does not replay; the table is set aside: {e}");
            return;
        }
    };
    // What other nodes showed people is in the store (stored before shown): the ledger here
    // learns it before this node shows anything (Law 16).
    match club.store.all_seen().await {
        Ok(seen) => club.sight.remember(&seen),
        Err(e) => {
            tracing::warn!(table, "cannot read who has seen what; the table stays unowned for now: {e}");
            let _ = node.keeper.release(&table_lease(table)).await;
            return;
        }
    }
    tracing::info!(table, token = lease.token, "took the table over");
    club.run_table(table.to_string(), room).await;
    let _ = node.news.send(LobbyNews::Moved { node: node.name.clone(), table: table.to_string() });
}
