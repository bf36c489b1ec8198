//! A load generator for `tenace serve`: N tables of four WebSocket players play B boards each,
//! as fast as the server lets them.
//!
//! The run has five phases:
//!
//! 1. **Accounts** — register accounts over HTTP (argon2 makes this slow, so it runs with bounded
//!    concurrency and is not measured). With `--accounts` smaller than 4N, accounts are reused:
//!    one account sits at the same seat of several tables, each time on its own connection.
//! 2. **Connect** — open 4N WebSockets (`/ws/v1`, authenticated by their first message), `--connect-concurrency` at a time.
//! 3. **Seat** — at each table North sends `create_table` and East, South and West `join`.
//! 4. **Play** (the measured phase) — every client acts whenever its view says so: the dealer
//!    bids 1NT, everybody else passes, then each card played is the first legal one; North
//!    sends `next_board` until the set is done. Action latency is the time from sending an
//!    `act` until the sender's own next view of the table that shows the change.
//! 5. **Report** — boards per second, latency percentiles, errors, and the server's memory
//!    (RSS) before the tables were created, once all were seated, and at the end.
//!
//! The library entry point is [`run`]; `main.rs` only parses the command line and prints.

use std::fmt;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tenace_server::store::redact;
use tokio::sync::watch;
use tokio_tungstenite::tungstenite::Message;

mod tournament;
pub use tournament::{run_tournament, TournamentReport};

/// The seats, in the order the protocol lists them (North first).
pub const SEATS: [&str; 4] = ["North", "East", "South", "West"];

/// The password of every load-generator account.
const PASSWORD: &str = "loadgen-pass";

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// What to run.
#[derive(Clone, Debug, clap::Parser)]
#[command(name = "tenace-loadgen", version, about = "Load generator for tenace serve: N tables of four WebSocket players")]
pub struct Options {
    /// Number of tables (four WebSocket clients each).
    #[arg(long, default_value_t = 100)]
    pub tables: usize,
    /// Boards played at each table (1-36).
    #[arg(long, default_value_t = 2)]
    pub boards: u32,
    /// Base URL of an already running `tenace serve` (e.g. http://127.0.0.1:8080). Without it, a
    /// server is started inside this process. Several URLs, separated by commas, are the nodes
    /// of one club (`tenace serve --nats`): client `i` connects to node `i mod n`, so the four
    /// players of a table sit through different nodes.
    #[arg(long)]
    pub server: Option<String>,
    /// Process id of the external server, to read its memory from `/proc/<pid>/status`.
    #[arg(long, requires = "server")]
    pub server_pid: Option<u32>,
    /// Database URL of the in-process server (default: a fresh SQLite file in a temp directory).
    #[arg(long, conflicts_with = "server")]
    pub database: Option<String>,
    /// How many connections (and table seatings) are under way at once.
    #[arg(long, default_value_t = 64)]
    pub connect_concurrency: usize,
    /// Number of accounts to register (rounded up to a multiple of 4; at most 4 × tables).
    /// Clients share accounts when this is below 4 × tables. Default: 4 × tables, at most 400.
    #[arg(long)]
    pub accounts: Option<usize>,
    /// How many registrations are under way at once (argon2 is CPU- and memory-bound:
    /// more than the server's cores only queues).
    #[arg(long, default_value_t = 4)]
    pub register_concurrency: usize,
    /// Fail when a client sees no message for this many seconds.
    #[arg(long, default_value_t = 60)]
    pub stall_timeout: u64,
    /// Think time: a player waits about this many milliseconds (between half and one and a
    /// half times, varying by client) before each action, as people do. 0 (the default)
    /// measures the server saturated: every table acts the moment it can.
    #[arg(long, default_value_t = 0)]
    pub pace_ms: u64,
    /// In-process server: do not let four robots replay each finished board for comparison
    /// (`tenace serve` always does).
    #[arg(long)]
    pub no_robot_comparison: bool,
    /// Do not generate load: only run a server at this address (e.g. 127.0.0.1:8080), as
    /// `tenace serve` would, until interrupted. With `--server` and `--server-pid` pointed at
    /// it from a second process, the memory figures are the server's alone.
    #[arg(long, conflicts_with = "server")]
    pub serve: Option<String>,
    /// With `--serve`: return freed heap memory to the kernel every second (glibc
    /// `malloc_trim`), so the server's RSS shows live memory, not the allocator's cache.
    #[arg(long, requires = "serve")]
    pub trim: bool,
    /// An attacker during play: hold this many idle TCP connections to the server (each sends
    /// nothing, or half a request), opening a new one whenever the server closes one.
    #[arg(long, default_value_t = 0)]
    pub attack_idle: usize,
    /// An attacker during play: one logged-in WebSocket client that sends pings and never reads.
    #[arg(long)]
    pub attack_no_read: bool,
    /// Tournament mode: a robot individual of this many entrants (each one client playing South
    /// with three robots) instead of `--tables` tables of four clients. See `tournament.rs`.
    #[arg(long)]
    pub tournament: Option<usize>,
    /// Tournament mode: measure only this many seconds of play, then stop.
    #[arg(long)]
    pub duration_secs: Option<u64>,
    /// Tournament mode: the entrants arrive spread over this many seconds.
    #[arg(long, default_value_t = 0)]
    pub arrive_secs: u64,
    /// In-process server: a robot waits this long before it acts.
    #[arg(long, default_value_t = 400)]
    pub robot_delay_ms: u64,
    /// In-process server: the robots' solver budget per card, in milliseconds (0: the robots
    /// play by their rules only, without sampling).
    #[arg(long, default_value_t = 5.0)]
    pub robot_time_per_card_ms: f64,
    /// Also print the report as one JSON line.
    #[arg(long)]
    pub json: bool,
    /// Do not print progress lines to stderr.
    #[arg(long)]
    pub quiet: bool,
    /// Also count the actions answered after more than this many milliseconds, by the action
    /// (which call or card of the board) and by the second of the run they were sent in: where
    /// the latency tail is.
    #[arg(long)]
    pub slow_ms: Option<u64>,
    /// The clients ask for whole views after every change, instead of patches of what changed
    /// (the protocol's `view_patches`, which the web client asks for): to compare the two.
    #[arg(long)]
    pub full_views: bool,
}

impl Options {
    /// The options for `tables` tables of `boards` boards, everything else as on the command line's defaults.
    pub fn new(tables: usize, boards: u32) -> Options {
        use clap::Parser;
        let mut o = Options::parse_from(["tenace-loadgen"]);
        o.tables = tables;
        o.boards = boards;
        o
    }

    /// One account per seat at least: the club seats a person at one table at a time.
    fn account_count(&self) -> usize {
        let clients = 4 * self.tables;
        let wanted = self.accounts.unwrap_or(clients).max(clients).max(4);
        wanted.div_ceil(4) * 4
    }
}

/// The figures of a finished run.
#[derive(Clone, Debug)]
pub struct Report {
    /// "in-process (sqlite://...)" or the external server's URL.
    pub server: String,
    /// True when the memory figures include the load generator's own clients.
    pub rss_includes_clients: bool,
    pub tables: usize,
    pub boards_per_table: u32,
    /// Think time before each action (0: saturated).
    pub pace_ms: u64,
    pub clients: usize,
    pub accounts: usize,
    /// Boards that reached the end of play.
    pub boards_finished: usize,
    /// Actions sent (calls, cards, next_board).
    pub actions: usize,
    /// Error messages received from the server.
    pub errors: usize,
    /// The first few error messages.
    pub first_errors: Vec<String>,
    pub register_secs: f64,
    pub connect_secs: f64,
    pub seat_secs: f64,
    /// From all tables seated to the last board finished.
    pub measured_secs: f64,
    pub boards_per_sec: f64,
    pub actions_per_sec: f64,
    /// Idle connections the attacker opened, and how many of them the server closed.
    pub attack_opened: usize,
    pub attack_closed: usize,
    /// The non-reading client was disconnected by the server (None: no such attacker).
    pub attack_no_read_closed: Option<bool>,
    /// Action latency percentiles, milliseconds.
    pub latency_p50_ms: f64,
    pub latency_p90_ms: f64,
    pub latency_p99_ms: f64,
    pub latency_max_ms: f64,
    /// With `--slow-ms`: the threshold, and the slow actions counted by the action and by the
    /// second of the run they were sent in (most first, at most ten of each).
    pub slow_ms: Option<u64>,
    pub slow_by_action: Vec<(String, usize)>,
    pub slow_by_second: Vec<(u64, usize)>,
    /// CPU seconds (user + system) the measured process used during the measured phase.
    pub cpu_secs: Option<f64>,
    /// Resident set size (KiB) of the measured process at the phases' boundaries.
    pub rss_start_kib: Option<u64>,
    pub rss_connected_kib: Option<u64>,
    pub rss_seated_kib: Option<u64>,
    pub rss_end_kib: Option<u64>,
}

impl Report {
    /// (RSS after seating − RSS before the tables were created) / tables, in KiB: the cost of
    /// a table with its four players already connected.
    pub fn table_kib(&self) -> Option<f64> {
        per_table(self.rss_connected_kib, self.rss_seated_kib, self.tables)
    }

    /// (RSS after seating − RSS before connecting) / tables, in KiB: a table with its four
    /// connections.
    pub fn table_with_connections_kib(&self) -> Option<f64> {
        per_table(self.rss_start_kib, self.rss_seated_kib, self.tables)
    }

    /// (RSS at the end − RSS before connecting) / tables, in KiB: after the boards were played.
    pub fn table_at_end_kib(&self) -> Option<f64> {
        per_table(self.rss_start_kib, self.rss_end_kib, self.tables)
    }

    /// CPU milliseconds of the measured process per finished board.
    pub fn cpu_ms_per_board(&self) -> Option<f64> {
        self.cpu_secs.filter(|_| self.boards_finished > 0).map(|c| c * 1000.0 / self.boards_finished as f64)
    }

    /// All figures as one JSON object.
    pub fn to_json(&self) -> Value {
        json!({
            "server": self.server,
            "rss_includes_clients": self.rss_includes_clients,
            "tables": self.tables,
            "pace_ms": self.pace_ms,
            "boards_per_table": self.boards_per_table,
            "clients": self.clients,
            "accounts": self.accounts,
            "boards_finished": self.boards_finished,
            "actions": self.actions,
            "errors": self.errors,
            "first_errors": self.first_errors,
            "register_secs": self.register_secs,
            "connect_secs": self.connect_secs,
            "seat_secs": self.seat_secs,
            "measured_secs": self.measured_secs,
            "boards_per_sec": self.boards_per_sec,
            "actions_per_sec": self.actions_per_sec,
            "attack": {"idle_opened": self.attack_opened, "idle_closed_by_server": self.attack_closed, "no_read_client_closed": self.attack_no_read_closed},
            "latency_ms": {"p50": self.latency_p50_ms, "p90": self.latency_p90_ms, "p99": self.latency_p99_ms, "max": self.latency_max_ms},
            "slow": {"over_ms": self.slow_ms, "by_action": self.slow_by_action, "by_second": self.slow_by_second},
            "cpu_secs": self.cpu_secs,
            "cpu_ms_per_board": self.cpu_ms_per_board(),
            "rss_kib": {"start": self.rss_start_kib, "connected": self.rss_connected_kib, "seated": self.rss_seated_kib, "end": self.rss_end_kib},
            "table_kib": self.table_kib(),
            "table_with_connections_kib": self.table_with_connections_kib(),
            "table_at_end_kib": self.table_at_end_kib(),
        })
    }
}

fn per_table(before: Option<u64>, after: Option<u64>, tables: usize) -> Option<f64> {
    match (before, after) {
        (Some(b), Some(a)) if tables > 0 => Some((a as f64 - b as f64) / tables as f64),
        _ => None,
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kib = |v: Option<u64>| v.map_or("n/a".to_string(), |k| format!("{:.1} MiB", k as f64 / 1024.0));
        let per = |v: Option<f64>| v.map_or("n/a".to_string(), |k| format!("{k:.1} KiB"));
        writeln!(f, "tenace-loadgen summary")?;
        writeln!(f, "  server                  {}", self.server)?;
        writeln!(f, "  tables × boards         {} × {} ({} clients, {} accounts)", self.tables, self.boards_per_table, self.clients, self.accounts)?;
        let pace = if self.pace_ms == 0 { "none: saturated".to_string() } else { format!("{} ms (50-150%)", self.pace_ms) };
        writeln!(f, "  think time per action   {pace}")?;
        writeln!(f, "  boards finished         {} of {}", self.boards_finished, self.tables * self.boards_per_table as usize)?;
        writeln!(f, "  errors from the server  {}", self.errors)?;
        if self.attack_opened > 0 || self.attack_no_read_closed.is_some() {
            let no_read = match self.attack_no_read_closed {
                Some(true) => "; the client that never reads was disconnected",
                Some(false) => "; the client that never reads was NOT disconnected",
                None => "",
            };
            writeln!(f, "  attacker                {} idle connections opened, {} closed by the server{no_read}", self.attack_opened, self.attack_closed)?;
        }
        for e in &self.first_errors {
            writeln!(f, "      {e}")?;
        }
        writeln!(f, "  setup (not measured)    register {:.1} s, connect {:.1} s, seat {:.1} s", self.register_secs, self.connect_secs, self.seat_secs)?;
        writeln!(f, "  measured phase          {:.2} s", self.measured_secs)?;
        writeln!(f, "  throughput              {:.1} boards/s, {:.0} actions/s ({} actions)", self.boards_per_sec, self.actions_per_sec, self.actions)?;
        writeln!(
            f,
            "  action latency          p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            self.latency_p50_ms, self.latency_p90_ms, self.latency_p99_ms, self.latency_max_ms
        )?;
        if let Some(ms) = self.slow_ms {
            let count: usize = self.slow_by_second.iter().map(|(_, n)| n).sum();
            let by_action: Vec<String> = self.slow_by_action.iter().map(|(a, n)| format!("{a} {n}")).collect();
            let by_second: Vec<String> = self.slow_by_second.iter().map(|(s, n)| format!("{s} s: {n}")).collect();
            writeln!(f, "  answered after {ms} ms    by action: {}", by_action.join(", "))?;
            writeln!(f, "    (most at the top)      by second sent: {} (of {count} in the ten busiest seconds)", by_second.join(", "))?;
        }
        if let (Some(c), Some(b)) = (self.cpu_secs, self.cpu_ms_per_board()) {
            let whose = if self.rss_includes_clients { "server + load generator" } else { "server" };
            writeln!(f, "  CPU ({whose})   {c:.1} s in the measured phase, {b:.1} ms per board, {:.0}% of one core", 100.0 * c / self.measured_secs.max(1e-9))?;
        }
        let whose = if self.rss_includes_clients { "server + load generator (one process)" } else { "server process" };
        writeln!(f, "  RSS ({whose})")?;
        writeln!(
            f,
            "    start {}, connected {}, seated {}, end {}",
            kib(self.rss_start_kib),
            kib(self.rss_connected_kib),
            kib(self.rss_seated_kib),
            kib(self.rss_end_kib)
        )?;
        writeln!(f, "  memory per table        {} (seated − connected, / tables)", per(self.table_kib()))?;
        writeln!(f, "                          {} (seated − start: with its 4 connections)", per(self.table_with_connections_kib()))?;
        write!(f, "                          {} (end − start: after play)", per(self.table_at_end_kib()))
    }
}

/// Raises the soft limit on open files to the hard limit, so thousands of sockets fit.
/// Returns the new soft limit.
// rlim_t is u64 on Linux but not everywhere.
#[allow(unsafe_code)] // getrlimit/setrlimit, libc calls
#[allow(clippy::unnecessary_cast)]
pub fn raise_fd_limit() -> Result<u64, String> {
    // SAFETY: getrlimit/setrlimit only read and write the struct we pass.
    unsafe {
        let mut lim = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
            return Err(format!("getrlimit: {}", std::io::Error::last_os_error()));
        }
        if lim.rlim_cur < lim.rlim_max {
            let raised = libc::rlimit { rlim_cur: lim.rlim_max, rlim_max: lim.rlim_max };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) != 0 {
                return Err(format!("setrlimit: {}", std::io::Error::last_os_error()));
            }
            return Ok(lim.rlim_max as u64);
        }
        Ok(lim.rlim_cur as u64)
    }
}

/// The resident set size of process `pid` (this process when `None`), in KiB.
pub fn rss_kib(pid: Option<u32>) -> Option<u64> {
    let path = match pid {
        Some(p) => format!("/proc/{p}/status"),
        None => "/proc/self/status".to_string(),
    };
    let status = std::fs::read_to_string(path).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Returns freed heap memory to the kernel (glibc `malloc_trim`), so that the RSS of this
/// process reflects live memory rather than what the allocator keeps cached — argon2's 19 MiB
/// blocks from registration, in particular, would otherwise be reused by the tables and hide
/// their cost.
/// The binaries run on jemalloc (its arenas are purged); glibc's heap (what the C libraries
/// allocate) is trimmed too.
#[allow(unsafe_code)] // malloc_trim and mallctl, C calls
fn release_free_memory() {
    // SAFETY: "arena.<MALLCTL_ARENAS_ALL>.purge" takes and returns nothing; it only returns
    // the free pages of every arena to the kernel. (Without jemalloc as the global allocator
    // the call purges jemalloc's own empty arenas: harmless.)
    unsafe {
        tikv_jemalloc_sys::mallctl(c"arena.4096.purge".as_ptr(), std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut(), 0);
    }
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only releases free memory of the allocator.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// CPU time (user + system) used so far by process `pid` (this process when `None`), in seconds.
#[allow(unsafe_code)] // sysconf, a libc call
pub fn cpu_secs(pid: Option<u32>) -> Option<f64> {
    let path = match pid {
        Some(p) => format!("/proc/{p}/stat"),
        None => "/proc/self/stat".to_string(),
    };
    let stat = std::fs::read_to_string(path).ok()?;
    // The command name (field 2) may hold spaces; the fields after its ')' are fixed.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // SAFETY: sysconf only reads a configuration value.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    (hz > 0).then(|| ticks as f64 / hz as f64)
}

/// Counters shared by all clients, for progress lines and the report.
#[derive(Default)]
struct Shared {
    registered: AtomicUsize,
    connected: AtomicUsize,
    seated: AtomicUsize,
    boards: AtomicUsize,
    actions: AtomicUsize,
    errors: AtomicUsize,
    first_errors: Mutex<Vec<String>>,
    /// Nanoseconds since `origin` at which the last board finished.
    last_finish_ns: AtomicU64,
    /// The clients ask for view patches (`auth.view_patches`).
    view_patches: bool,
}

impl Shared {
    /// Counts an error message from the server and keeps the first five.
    fn error(&self, who: &str, msg: &str) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut v) = self.first_errors.lock() {
            if v.len() < 5 {
                v.push(format!("{who}: {msg:.300}"));
            }
        }
    }
}

/// Prints a progress line to stderr every two seconds until dropped.
struct Progress {
    task: Option<tokio::task::JoinHandle<()>>,
}

impl Progress {
    fn start(shared: Arc<Shared>, phase: &'static str, total: usize, quiet: bool, count: fn(&Shared) -> usize) -> Progress {
        if quiet {
            return Progress { task: None };
        }
        let started = Instant::now();
        let task = tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(2));
            tick.tick().await;
            loop {
                tick.tick().await;
                eprintln!("  {phase}: {}/{total} ({:.0} s)", count(&shared), started.elapsed().as_secs_f64());
            }
        });
        Progress { task: Some(task) }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(t) = self.task.take() {
            t.abort();
        }
    }
}

/// Where the server is and how to measure it.
struct Target {
    http: String,
    ws: String,
    /// Every node's WebSocket base (one for a single server).
    nodes: Vec<String>,
    /// Keeps the in-process server alive.
    server: Option<tenace_server::Server>,
    /// The pid whose RSS is read (`None`: this process).
    pid: Option<u32>,
    /// False when no memory can be read (external server without `--server-pid`).
    measure_memory: bool,
    label: String,
    temp_dir: Option<std::path::PathBuf>,
}

impl Drop for Target {
    fn drop(&mut self) {
        if let Some(s) = self.server.take() {
            s.task.abort();
        }
        if let Some(d) = self.temp_dir.take() {
            let _ = std::fs::remove_dir_all(d);
        }
    }
}

async fn target(opts: &Options, bind: &str) -> Result<Target, String> {
    if let Some(urls) = &opts.server {
        let bases: Vec<(String, String)> = urls
            .split(',')
            .map(|url| {
                let base = url.trim().trim_end_matches('/');
                let http = if base.starts_with("http://") || base.starts_with("https://") { base.to_string() } else { format!("http://{base}") };
                let ws = if let Some(rest) = http.strip_prefix("https://") { format!("wss://{rest}") } else { format!("ws://{}", &http["http://".len()..]) };
                (http, ws)
            })
            .collect();
        let (http, ws) = bases[0].clone();
        let label = bases.iter().map(|b| b.0.as_str()).collect::<Vec<_>>().join(", ");
        return Ok(Target {
            http,
            ws,
            nodes: bases.into_iter().map(|b| b.1).collect(),
            server: None,
            pid: opts.server_pid,
            measure_memory: opts.server_pid.is_some(),
            label,
            temp_dir: None,
        });
    }
    let (db, temp_dir) = match &opts.database {
        Some(db) => (db.clone(), None),
        None => {
            let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
            let dir = std::env::temp_dir().join(format!("tenace-loadgen-{}-{nanos}", std::process::id()));
            std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            (format!("sqlite://{}", dir.join("club.db").display()), Some(dir))
        }
    };
    // The load measured is the club's own work: robots think briefly (by default 5 ms of solver
    // work per card).
    let config = tenace_server::ClubConfig {
        robot_comparison: !opts.no_robot_comparison,
        robot_card_budget_ms: opts.robot_time_per_card_ms.max(0.0),
        robot_delay: Duration::from_millis(opts.robot_delay_ms),
        ..tenace_server::ClubConfig::default()
    };
    let server = tenace_server::start(bind, &db, config).await.map_err(|e| format!("cannot start the server: {e}"))?;
    let addr = server.addr;
    let label = format!("in-process at {addr}, {}", redact(&db));
    Ok(Target {
        http: format!("http://{addr}"),
        ws: format!("ws://{addr}"),
        nodes: vec![format!("ws://{addr}")],
        server: Some(server),
        pid: None,
        measure_memory: true,
        label,
        temp_dir,
    })
}

/// Runs only the server (`--serve`), until Ctrl-C or until it stops.
pub async fn serve(opts: Options) -> Result<(), String> {
    let bind = opts.serve.clone().unwrap_or_else(|| "127.0.0.1:8080".to_string());
    let mut target = target(&opts, &bind).await?;
    println!("serving: {} (pid {})", target.label, std::process::id());
    println!("load it from another shell: tenace-loadgen --server {} --server-pid {}", target.http, std::process::id());
    if opts.trim {
        tokio::spawn(async {
            let mut tick = tokio::time::interval(Duration::from_secs(1));
            loop {
                tick.tick().await;
                release_free_memory();
            }
        });
    }
    let Some(server) = target.server.as_mut() else { return Err("internal: no server".into()) };
    tokio::select! {
        r = &mut server.task => r.map_err(|e| format!("the server stopped: {e}")),
        _ = tokio::signal::ctrl_c() => Ok(()),
    }
}

/// Runs the load: registers, connects, seats, plays, and measures.
pub async fn run(opts: Options) -> Result<Report, String> {
    if opts.tables == 0 {
        return Err("--tables must be at least 1".into());
    }
    if !(1..=36).contains(&opts.boards) {
        return Err("--boards must be 1 to 36".into());
    }
    let concurrency = opts.connect_concurrency.max(1);
    let stall = Duration::from_secs(opts.stall_timeout.max(1));
    let target = target(&opts, "127.0.0.1:0").await?;
    let rss = |t: &Target| {
        if !t.measure_memory {
            return None;
        }
        if t.pid.is_none() {
            release_free_memory();
        }
        rss_kib(t.pid)
    };
    let shared = Arc::new(Shared { view_patches: !opts.full_views, ..Shared::default() });
    let say = |s: String| {
        if !opts.quiet {
            eprintln!("{s}");
        }
    };
    say(format!("server: {}", target.label));

    // 1. Accounts.
    let accounts = opts.account_count();
    let clients = 4 * opts.tables;
    let reg_concurrency = opts.register_concurrency.max(1);
    say(format!("registering {accounts} accounts ({reg_concurrency} at a time)..."));
    let t0 = Instant::now();
    let tokens = {
        let _p = Progress::start(shared.clone(), "registered", accounts, opts.quiet, |s| s.registered.load(Ordering::Relaxed));
        register_all(&target.http, accounts, reg_concurrency, stall, &shared).await?
    };
    let register_secs = t0.elapsed().as_secs_f64();

    // 2. Connections.
    let rss_start = rss(&target);
    say(format!("connecting {clients} clients..."));
    let t0 = Instant::now();
    let mut conns: Vec<Client> = {
        let _p = Progress::start(shared.clone(), "connected", clients, opts.quiet, |s| s.connected.load(Ordering::Relaxed));
        let nodes = target.nodes.clone();
        let results: Vec<Result<Client, String>> = futures_util::stream::iter(0..clients)
            .map(|i| {
                let (name, token) = tokens[i % accounts].clone();
                let url = format!("{}/ws/v1", nodes[i % nodes.len()]);
                let shared = shared.clone();
                async move {
                    let c = Client::connect(&url, &token, name, i, stall, shared.clone()).await?;
                    shared.connected.fetch_add(1, Ordering::Relaxed);
                    Ok(c)
                }
            })
            .buffered(concurrency)
            .collect()
            .await;
        results.into_iter().collect::<Result<_, _>>()?
    };
    let connect_secs = t0.elapsed().as_secs_f64();

    // 3. Seating.
    let rss_connected = rss(&target);
    say(format!("seating {} tables...", opts.tables));
    let t0 = Instant::now();
    let mut tables: Vec<[Client; 4]> = Vec::with_capacity(opts.tables);
    while conns.len() >= 4 {
        let rest = conns.split_off(4);
        let four: [Client; 4] = conns.try_into().map_err(|_| "internal: a table without four clients".to_string())?;
        tables.push(four);
        conns = rest;
    }
    let tables: Vec<[Client; 4]> = {
        let _p = Progress::start(shared.clone(), "seated", opts.tables, opts.quiet, |s| s.seated.load(Ordering::Relaxed));
        let boards = opts.boards;
        let results: Vec<Result<[Client; 4], String>> = futures_util::stream::iter(tables.into_iter().enumerate())
            .map(|(n, four)| {
                let shared = shared.clone();
                async move {
                    let four = seat_table(four, n, boards).await?;
                    shared.seated.fetch_add(1, Ordering::Relaxed);
                    Ok(four)
                }
            })
            .buffer_unordered(concurrency)
            .collect()
            .await;
        results.into_iter().collect::<Result<_, _>>()?
    };
    let seat_secs = t0.elapsed().as_secs_f64();
    let rss_seated = rss(&target);

    // 4. Play (measured).
    say(format!("playing {} boards at each of {} tables...", opts.boards, opts.tables));
    let (go_tx, go_rx) = watch::channel(false);
    let origin = Instant::now();
    let mut set = tokio::task::JoinSet::new();
    for four in tables {
        for mut c in four {
            c.slow_us = opts.slow_ms.map(|ms| ms * 1000);
            let go = go_rx.clone();
            let boards = opts.boards;
            let pace = Duration::from_millis(opts.pace_ms);
            set.spawn(async move { c.play(go, boards, origin, pace).await });
        }
    }
    let attack = Attack::start(&target, &opts, tokens.first().map(|t| t.1.clone()));
    let cpu_start = if target.measure_memory { cpu_secs(target.pid) } else { None };
    let started = Instant::now();
    let _ = go_tx.send(true);
    let total_boards = opts.tables * opts.boards as usize;
    let mut finished: Vec<Client> = Vec::with_capacity(clients);
    let mut latencies: Vec<u64> = Vec::new();
    let mut slow: Vec<Slow> = Vec::new();
    {
        let _p = Progress::start(shared.clone(), "boards", total_boards, opts.quiet, |s| s.boards.load(Ordering::Relaxed));
        while let Some(joined) = set.join_next().await {
            match joined {
                Ok(Ok(mut c)) => {
                    latencies.append(&mut c.latencies_us);
                    slow.append(&mut c.slow);
                    finished.push(c);
                }
                Ok(Err(e)) => {
                    set.abort_all();
                    return Err(e);
                }
                Err(e) => {
                    set.abort_all();
                    return Err(format!("a client task failed: {e}"));
                }
            }
        }
    }
    let start_ns = started.duration_since(origin).as_nanos() as u64;
    let end_ns = shared.last_finish_ns.load(Ordering::Relaxed).max(start_ns);
    let measured_secs = (end_ns - start_ns) as f64 / 1e9;
    let cpu_end = if target.measure_memory { cpu_secs(target.pid) } else { None };
    let rss_end = rss(&target);
    drop(finished);
    let (attack_opened, attack_closed, attack_no_read_closed) = attack.stop().await;

    // 5. Report.
    latencies.sort_unstable();
    let pct = |p: f64| percentile(&latencies, p) as f64 / 1000.0;
    let boards_finished = shared.boards.load(Ordering::Relaxed);
    let actions = shared.actions.load(Ordering::Relaxed);
    let rate = |n: usize| if measured_secs > 0.0 { n as f64 / measured_secs } else { 0.0 };
    let first_errors = shared.first_errors.lock().map(|v| v.clone()).unwrap_or_default();
    let report = Report {
        server: target.label.clone(),
        rss_includes_clients: target.server.is_some(),
        tables: opts.tables,
        boards_per_table: opts.boards,
        pace_ms: opts.pace_ms,
        clients,
        accounts,
        boards_finished,
        actions,
        errors: shared.errors.load(Ordering::Relaxed),
        first_errors,
        register_secs,
        connect_secs,
        seat_secs,
        measured_secs,
        boards_per_sec: rate(boards_finished),
        actions_per_sec: rate(actions),
        latency_p50_ms: pct(50.0),
        latency_p90_ms: pct(90.0),
        latency_p99_ms: pct(99.0),
        latency_max_ms: latencies.last().copied().unwrap_or(0) as f64 / 1000.0,
        slow_ms: opts.slow_ms,
        slow_by_action: most(slow.iter().map(|s| s.action.name())),
        slow_by_second: most(slow.iter().map(|s| s.sent_s)),
        cpu_secs: cpu_start.zip(cpu_end).map(|(a, b)| b - a),
        rss_start_kib: rss_start,
        rss_connected_kib: rss_connected,
        rss_seated_kib: rss_seated,
        rss_end_kib: rss_end,
        attack_opened,
        attack_closed,
        attack_no_read_closed,
    };
    if boards_finished != total_boards {
        return Err(format!("only {boards_finished} of {total_boards} boards finished\n{report}"));
    }
    Ok(report)
}

/// The attackers that run during play (`--attack-idle`, `--attack-no-read`).
struct Attack {
    stop: watch::Sender<bool>,
    idle: Option<tokio::task::JoinHandle<(usize, usize)>>,
    no_read: Option<tokio::task::JoinHandle<bool>>,
}

impl Attack {
    fn start(target: &Target, opts: &Options, token: Option<String>) -> Attack {
        let (stop, stopped) = watch::channel(false);
        let addr = target.ws.trim_start_matches("ws://").to_string();
        let idle = (opts.attack_idle > 0).then(|| tokio::spawn(hold_idle(addr.clone(), opts.attack_idle, stopped.clone())));
        let no_read = match (opts.attack_no_read, token) {
            (true, Some(token)) => Some(tokio::spawn(never_read(target.ws.clone(), token, stopped))),
            _ => None,
        };
        Attack { stop, idle, no_read }
    }

    /// Stops the attackers: (idle connections opened, closed by the server, non-reader closed).
    async fn stop(self) -> (usize, usize, Option<bool>) {
        let _ = self.stop.send(true);
        let (opened, closed) = match self.idle {
            Some(h) => h.await.unwrap_or((0, 0)),
            None => (0, 0),
        };
        let no_read = match self.no_read {
            Some(h) => Some(h.await.unwrap_or(false)),
            None => None,
        };
        (opened, closed, no_read)
    }
}

/// Holds `n` idle TCP connections (half of them with half a request sent), replacing each one
/// the server closes; returns (opened, closed by the server).
async fn hold_idle(addr: String, n: usize, mut stop: watch::Receiver<bool>) -> (usize, usize) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let opened = Arc::new(AtomicUsize::new(0));
    let closed = Arc::new(AtomicUsize::new(0));
    let mut set = tokio::task::JoinSet::new();
    for i in 0..n {
        let (addr, opened, closed, mut stop) = (addr.clone(), opened.clone(), closed.clone(), stop.clone());
        set.spawn(async move {
            while !*stop.borrow() {
                let Ok(mut s) = tokio::net::TcpStream::connect(&addr).await else {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                };
                opened.fetch_add(1, Ordering::Relaxed);
                if i % 2 == 1 {
                    let _ = s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n").await;
                }
                let mut buf = [0u8; 256];
                tokio::select! {
                    _ = async { while let Ok(k) = s.read(&mut buf).await { if k == 0 { break } } } => { closed.fetch_add(1, Ordering::Relaxed); }
                    _ = stop.changed() => return,
                }
            }
        });
    }
    let _ = stop.changed().await;
    while set.join_next().await.is_some() {}
    (opened.load(Ordering::Relaxed), closed.load(Ordering::Relaxed))
}

/// A logged-in client that sends pings and never reads; true when the server closed it.
async fn never_read(ws: String, token: String, mut stop: watch::Receiver<bool>) -> bool {
    let Ok((mut socket, _)) = tokio_tungstenite::connect_async(format!("{ws}/ws/v1")).await else { return false };
    let auth = Message::Text(json!({"type": "auth", "token": token}).to_string().into());
    if socket.send(auth).await.is_err() {
        return false;
    }
    let ping = Message::Text(json!({"type": "ping"}).to_string().into());
    loop {
        tokio::select! {
            r = socket.send(ping.clone()) => if r.is_err() { return true },
            _ = stop.changed() => return false,
        }
    }
}

/// The nearest-rank percentile `p` (0-100) of sorted `v`; 0 when empty.
pub fn percentile(v: &[u64], p: f64) -> u64 {
    if v.is_empty() {
        return 0;
    }
    let rank = ((p / 100.0) * v.len() as f64).ceil() as usize;
    v[rank.clamp(1, v.len()) - 1]
}

/// Registers `count` accounts, `concurrency` at a time; returns (name, token) pairs.
async fn register_all(http: &str, count: usize, concurrency: usize, timeout: Duration, shared: &Arc<Shared>) -> Result<Vec<(String, String)>, String> {
    let client = reqwest::Client::builder().timeout(timeout).build().map_err(|e| format!("HTTP client: {e}"))?;
    // A prefix unique to this run, so runs against the same database do not collide.
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    let run_id = format!("{:08x}", (nanos as u64 ^ (u64::from(std::process::id()) << 32)) as u32);
    let url = format!("{http}/api/register");
    futures_util::stream::iter(0..count)
        .map(|i| {
            let client = client.clone();
            let url = url.clone();
            let name = format!("lg{run_id}-{i}");
            let shared = shared.clone();
            async move {
                let resp = client.post(&url).json(&json!({"name": name, "password": PASSWORD})).send().await.map_err(|e| format!("register {name}: {e}"))?;
                let status = resp.status();
                let body: Value = resp.json().await.map_err(|e| format!("register {name}: {status}, unreadable answer: {e}"))?;
                let token = body["token"].as_str().ok_or_else(|| format!("register {name}: {status} {body}"))?.to_string();
                shared.registered.fetch_add(1, Ordering::Relaxed);
                Ok((name, token))
            }
        })
        .buffered(concurrency)
        .collect::<Vec<Result<_, String>>>()
        .await
        .into_iter()
        .collect()
}

/// One simulated player: a WebSocket and what it has seen.
struct Client {
    ws: Ws,
    /// Account name.
    name: String,
    /// Index among all clients; seat = index % 4.
    index: usize,
    seat: &'static str,
    table: String,
    /// The latest view of the table, if any.
    view: Option<ViewLite>,
    /// The `seq` of `view` (with view patches: the next patch must be one more).
    view_seq: u64,
    stall: Duration,
    shared: Arc<Shared>,
    latencies_us: Vec<u64>,
    /// With `--slow-ms`: its threshold (µs), and the actions answered after it.
    slow_us: Option<u64>,
    slow: Vec<Slow>,
}

/// An action answered after `--slow-ms`: which action, and the second of the run it was sent in.
struct Slow {
    action: Progress4,
    sent_s: u64,
}

/// The ten values seen most often, with their counts, most first (ties in order of value).
fn most<T: Ord + Clone>(values: impl Iterator<Item = T>) -> Vec<(T, usize)> {
    let mut counts: std::collections::BTreeMap<T, usize> = std::collections::BTreeMap::new();
    for v in values {
        *counts.entry(v).or_default() += 1;
    }
    let mut v: Vec<(T, usize)> = counts.into_iter().collect();
    v.sort_by_key(|(_, n)| std::cmp::Reverse(*n));
    v.truncate(10);
    v
}

/// A player's WebSocket: a read buffer of 8 KiB, as the server's (tungstenite's default of
/// 128 KiB is zeroed at every read: with thousands of clients in this process, that cost more
/// CPU than reading the views).
fn client_config() -> tokio_tungstenite::tungstenite::protocol::WebSocketConfig {
    tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(8 * 1024)
}

impl Client {
    async fn connect(url: &str, token: &str, name: String, index: usize, stall: Duration, shared: Arc<Shared>) -> Result<Client, String> {
        // `true`: no Nagle delay on the players' small messages.
        let (ws, _) = tokio::time::timeout(stall, tokio_tungstenite::connect_async_with_config(url, Some(client_config()), true))
            .await
            .map_err(|_| format!("client {index} ({name}): no WebSocket connection within {} s", stall.as_secs()))?
            .map_err(|e| format!("client {index} ({name}): cannot connect: {e}"))?;
        let mut c = Client {
            ws,
            name,
            index,
            seat: SEATS[index % 4],
            table: String::new(),
            view: None,
            view_seq: 0,
            stall,
            shared,
            latencies_us: Vec::new(),
            slow_us: None,
            slow: Vec::new(),
        };
        let patches = c.shared.view_patches;
        c.send(serde_json::json!({"type": "auth", "token": token, "view_patches": patches})).await?;
        let welcome = c.next().await?;
        if welcome.kind != "welcome" {
            return Err(format!("{}: expected a welcome, got a {:?} message", c.who(), welcome.kind));
        }
        Ok(c)
    }

    fn who(&self) -> String {
        let table = if self.table.is_empty() { String::new() } else { format!(" at {}", self.table) };
        format!("client {} ({}, {}{table})", self.index, self.name, self.seat)
    }

    async fn send(&mut self, v: Value) -> Result<(), String> {
        self.ws.send(Message::Text(v.to_string().into())).await.map_err(|e| format!("{}: send failed: {e}", self.who()))
    }

    /// The next JSON message; fails after `stall` without one, or when the connection ends.
    /// Error messages are counted here (and returned too).
    async fn next(&mut self) -> Result<Incoming, String> {
        loop {
            let frame = match tokio::time::timeout(self.stall, self.ws.next()).await {
                Err(_) => {
                    let last = self.view.as_ref().map(describe).unwrap_or_else(|| "no view yet".into());
                    let errors = self.shared.first_errors.lock().map(|v| v.join("; ")).unwrap_or_default();
                    let errors = if errors.is_empty() { String::new() } else { format!("; the first errors from the server: {errors}") };
                    return Err(format!("{}: no progress for {} s (last view: {last}){errors}", self.who(), self.stall.as_secs()));
                }
                Ok(None) => return Err(format!("{}: the server closed the connection", self.who())),
                Ok(Some(Err(e))) => return Err(format!("{}: connection failed: {e}", self.who())),
                Ok(Some(Ok(m))) => m,
            };
            let text = match frame {
                Message::Text(t) => t,
                Message::Close(c) => return Err(format!("{}: the server closed the connection: {c:?}", self.who())),
                _ => continue,
            };
            let mut m: Incoming = serde_json::from_str(text.as_str())
                .map_err(|e| format!("{}: the server sent an unexpected message ({e}): {:.300}", self.who(), text.as_str()))?;
            if m.kind != "view" && m.kind != "view_patch" {
                m.raw = serde_json::from_str(text.as_str()).unwrap_or(Value::Null);
            }
            match m.kind.as_str() {
                "error" => {
                    let who = self.who();
                    self.shared.error(&who, text.as_str());
                }
                "view" => match &m.view {
                    Some(v) => {
                        self.view = Some(v.clone());
                        self.view_seq = m.seq.unwrap_or(0);
                    }
                    None => return Err(format!("{}: a view message without a view: {:.300}", self.who(), text.as_str())),
                },
                "view_patch" => {
                    let follows = self.view.is_some() && m.seq == Some(self.view_seq + 1) && m.table.as_deref() == Some(self.table.as_str());
                    let (Some(view), true) = (self.view.as_mut(), follows) else {
                        // A view lost on the way (between nodes): follow the table again, which
                        // brings the whole view; counted with the errors, as it should not happen.
                        let who = self.who();
                        self.shared.error(&who, &format!("a view patch that does not follow view {}: followed the table again", self.view_seq));
                        let again = json!({"type": "join", "table": self.table, "seat": self.seat});
                        self.send(again).await?;
                        return Ok(m);
                    };
                    view.apply(m.changed.take().unwrap_or_default(), m.extended.take().unwrap_or_default());
                    self.view_seq += 1;
                    m.view = Some(view.clone());
                }
                _ => {}
            }
            return Ok(m);
        }
    }

    /// Reads until a view satisfying `pred` arrives; an error message fails.
    async fn until_view(&mut self, pred: impl Fn(&ViewLite) -> bool) -> Result<(), String> {
        loop {
            let m = self.next().await?;
            if m.view.as_ref().is_some_and(&pred) {
                return Ok(());
            }
            if m.kind == "error" {
                return Err(format!("{}: refused while sitting down (see the errors)", self.who()));
            }
        }
    }

    /// Plays until the set is over; returns the client (its connection still open, so the end
    /// of the run is measured with every table and connection alive).
    async fn play(mut self, mut go: watch::Receiver<bool>, boards: u32, origin: Instant, pace: Duration) -> Result<Client, String> {
        let _ = go.wait_for(|g| *g).await;
        let table = self.table.clone();
        let north = self.seat == "North";
        let mut pending: Option<(Instant, Progress4)> = None;
        let mut last_over_board = 0;
        loop {
            if let Some(view) = self.view.as_ref() {
                let key = Progress4::of(view);
                if let Some((sent, before)) = &pending {
                    if key != *before {
                        let us = sent.elapsed().as_micros() as u64;
                        self.latencies_us.push(us);
                        if self.slow_us.is_some_and(|limit| us > limit) {
                            self.slow.push(Slow { action: *before, sent_s: sent.duration_since(origin).as_secs() });
                        }
                        pending = None;
                    }
                }
                let board = view.board;
                let over = view.phase == "over";
                if over && north && board > last_over_board {
                    last_over_board = board;
                    self.shared.boards.fetch_add(1, Ordering::Relaxed);
                }
                if over && board >= boards && pending.is_none() {
                    let ns = origin.elapsed().as_nanos() as u64;
                    self.shared.last_finish_ns.fetch_max(ns, Ordering::Relaxed);
                    return Ok(self);
                }
                if pending.is_none() {
                    if let Some(action) = decide(view, north) {
                        think(pace, self.index, self.latencies_us.len() as u64).await;
                        let sent = Instant::now();
                        self.send(json!({"type": "act", "table": table, "action": action})).await?;
                        self.shared.actions.fetch_add(1, Ordering::Relaxed);
                        pending = Some((sent, key));
                    }
                }
            }
            let m = self.next().await?;
            if m.kind == "error" {
                // A refused action changes nothing: act again only on a newer view (a table
                // that never moves again ends the run at the stall timeout).
                pending = None;
                self.view = None;
            }
        }
    }
}

/// A player thinks before acting: 50% to 150% of `pace`, varying by client (`index`) and by
/// the number of actions it has made (`n`).
async fn think(pace: Duration, index: usize, n: u64) {
    if !pace.is_zero() {
        let spread = (index as u64 * 37 + n * 11) % 101;
        tokio::time::sleep(pace * (50 + spread as u32) / 100).await;
    }
}

/// A server message, reduced to what the players need: serde skips every other field, so the
/// load generator spends little CPU on the views (in-process, it shares the CPU with the server).
#[derive(Debug, serde::Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    view: Option<ViewLite>,
    #[serde(default)]
    table: Option<String>,
    /// A view's or a view patch's number (with `view_patches`).
    #[serde(default)]
    seq: Option<u64>,
    /// A view patch's fields that changed, and its lists that changed after their first items.
    #[serde(default)]
    changed: Option<ChangedLite>,
    #[serde(default)]
    extended: Option<ExtendedLite>,
    /// The whole message, for messages other than views (read again only for those).
    #[serde(skip)]
    raw: Value,
}

/// The fields of a `view` the players look at.
#[derive(Clone, Debug, Default, serde::Deserialize)]
struct ViewLite {
    #[serde(default)]
    board: u32,
    #[serde(default)]
    boards: u32,
    #[serde(default)]
    phase: String,
    #[serde(default)]
    to_act: Option<String>,
    #[serde(default)]
    your_turn: bool,
    #[serde(default)]
    seats: Vec<SeatLite>,
    #[serde(default)]
    auction: Vec<CallLite>,
    #[serde(default)]
    legal_calls: Vec<String>,
    #[serde(default)]
    legal_cards: Vec<String>,
    #[serde(default)]
    tricks: Vec<TrickLite>,
}

/// The fields of [`ViewLite`] that a view patch changed (`to_act` may change to null).
#[derive(Debug, Default, serde::Deserialize)]
struct ChangedLite {
    board: Option<u32>,
    boards: Option<u32>,
    phase: Option<String>,
    #[serde(default, deserialize_with = "present")]
    to_act: Option<Option<String>>,
    your_turn: Option<bool>,
    seats: Option<Vec<SeatLite>>,
    auction: Option<Vec<CallLite>>,
    legal_calls: Option<Vec<String>>,
    legal_cards: Option<Vec<String>>,
    tricks: Option<Vec<TrickLite>>,
}

/// A field present in a patch, null included.
fn present<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// The lists of [`ViewLite`] that a view patch kept the first items of: how many, then the rest.
#[derive(Debug, Default, serde::Deserialize)]
struct ExtendedLite {
    seats: Option<(usize, Vec<SeatLite>)>,
    auction: Option<(usize, Vec<CallLite>)>,
    legal_calls: Option<(usize, Vec<String>)>,
    legal_cards: Option<(usize, Vec<String>)>,
    tricks: Option<(usize, Vec<TrickLite>)>,
}

/// Keeps the first `kept` items of `list` and appends `more`.
fn extend<T>(list: &mut Vec<T>, change: Option<(usize, Vec<T>)>) {
    if let Some((kept, more)) = change {
        list.truncate(kept);
        list.extend(more);
    }
}

impl ViewLite {
    /// This view with a view patch applied (docs/protocol.md).
    fn apply(&mut self, changed: ChangedLite, extended: ExtendedLite) {
        let ChangedLite { board, boards, phase, to_act, your_turn, seats, auction, legal_calls, legal_cards, tricks } = changed;
        self.board = board.unwrap_or(self.board);
        self.boards = boards.unwrap_or(self.boards);
        if let Some(p) = phase {
            self.phase = p;
        }
        if let Some(t) = to_act {
            self.to_act = t;
        }
        self.your_turn = your_turn.unwrap_or(self.your_turn);
        for (list, new) in [(&mut self.legal_calls, legal_calls), (&mut self.legal_cards, legal_cards)] {
            if let Some(n) = new {
                *list = n;
            }
        }
        if let Some(n) = seats {
            self.seats = n;
        }
        if let Some(n) = auction {
            self.auction = n;
        }
        if let Some(n) = tricks {
            self.tricks = n;
        }
        extend(&mut self.seats, extended.seats);
        extend(&mut self.auction, extended.auction);
        extend(&mut self.legal_calls, extended.legal_calls);
        extend(&mut self.legal_cards, extended.legal_cards);
        extend(&mut self.tricks, extended.tricks);
    }
}

#[derive(Clone, Debug, serde::Deserialize)]
struct SeatLite {
    #[serde(default)]
    name: Option<String>,
}

#[derive(Clone, Debug, serde::Deserialize)]
struct CallLite {
    call: String,
}

#[derive(Clone, Debug, serde::Deserialize)]
struct TrickLite {
    #[serde(default)]
    cards: Vec<serde::de::IgnoredAny>,
}

/// What changes with every accepted action: board, phase, calls made, cards played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Progress4 {
    board: u32,
    phase: u8,
    calls: usize,
    cards: usize,
}

impl Progress4 {
    /// The action made from this state: "call 4", "card 52", "next board".
    fn name(&self) -> String {
        match self.phase {
            0 => format!("call {}", self.calls + 1),
            1 => format!("card {}", self.cards + 1),
            3 => "next board".to_string(),
            _ => "other".to_string(),
        }
    }

    fn of(view: &ViewLite) -> Progress4 {
        let phase = match view.phase.as_str() {
            "auction" => 0,
            "play" => 1,
            "claim" => 2,
            "over" => 3,
            _ => 4,
        };
        let cards = view.tricks.iter().map(|t| t.cards.len()).sum();
        Progress4 { board: view.board, phase, calls: view.auction.len(), cards }
    }
}

/// A short description of a view, for messages.
fn describe(view: &ViewLite) -> String {
    format!(
        "board {} of {}, phase {}, to act {}, your turn {}",
        view.board,
        view.boards,
        view.phase,
        view.to_act.as_deref().unwrap_or("nobody"),
        view.your_turn
    )
}

/// The action this client takes on `view`, if any: in the auction 1NT when nobody has bid yet,
/// else Pass; in the play the first legal card; North starts the next board when one is over.
fn decide(view: &ViewLite, north: bool) -> Option<Value> {
    match view.phase.as_str() {
        "auction" if view.your_turn => {
            let legal = |c: &str| view.legal_calls.iter().any(|l| l == c);
            let bid_made = view.auction.iter().any(|c| c.call != "Pass");
            let call = if !bid_made && legal("1NT") { "1NT" } else { "Pass" };
            legal(call).then(|| json!({"action": "call", "call": call}))
        }
        "play" if view.your_turn => view.legal_cards.first().map(|card| json!({"action": "play", "card": card})),
        "over" if north => (view.board < view.boards).then(|| json!({"action": "next_board"})),
        _ => None,
    }
}

/// Seats four connected clients at a new table: North creates it, the others join.
async fn seat_table(mut four: [Client; 4], n: usize, boards: u32) -> Result<[Client; 4], String> {
    four[0].send(json!({"type": "create_table", "name": format!("load {n}"), "boards": boards, "robots": false, "seat": "North"})).await?;
    let table = loop {
        let m = four[0].next().await?;
        match m.kind.as_str() {
            "created" => break m.table.ok_or_else(|| format!("{}: created without a table id", four[0].who()))?,
            "error" => return Err(format!("{}: the table could not be created (see the errors)", four[0].who())),
            _ => {}
        }
    };
    for (i, c) in four.iter_mut().enumerate() {
        c.table = table.clone();
        if i > 0 {
            c.send(json!({"type": "join", "table": table, "seat": SEATS[i]})).await?;
        }
    }
    let all_seated = |v: &ViewLite| v.seats.len() == 4 && v.seats.iter().all(|s| s.name.is_some());
    for c in four.iter_mut() {
        c.until_view(all_seated).await?;
    }
    Ok(four)
}
