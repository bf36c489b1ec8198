//! Tournament mode (`--tournament N`): a robot individual of N entrants, each a WebSocket
//! client that plays the same boards with three robots, as in the club's most played format.
//!
//! 1. **Accounts and connections** (not measured): N accounts, N connections.
//! 2. **The tournament**: the first entrant creates a robot individual of `--boards` boards
//!    (matchpoints across the field), open now.
//! 3. **Play** (measured): each entrant arrives at its own moment within `--arrive-secs`,
//!    registers, asks to play (the server opens its table, robots in the three other seats),
//!    and plays South at `--pace-ms` per action: 1NT when nobody has bid yet, else Pass; the
//!    first legal card (dummy's too when declarer); the next board once one is over. After each
//!    board it asks for the tournament with that board's traveller, as a player looks at it.
//! 4. **Report**: boards per second, action latency (as in table mode), the latency of the
//!    tournament views (the last one of each entrant carries the ranking of the whole field,
//!    computed by the server for that request), CPU and memory.
//!
//! With `--duration-secs` only that window of play is measured (the entrants stop where they
//! stand): a tournament at human pace lasts longer than a benchmark should.
//!
//! The in-process server's robots think `--robot-time-per-card-ms` per card (0: by their rules
//! only, no sampling) after `--robot-delay-ms`.

use std::fmt;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio::sync::watch;

use crate::{cpu_secs, decide, percentile, register_all, release_free_memory, rss_kib, target, think, Client, Options, Progress, Progress4, Shared};

/// The figures of a tournament run.
#[derive(Clone, Debug)]
pub struct TournamentReport {
    pub server: String,
    pub entrants: usize,
    pub boards: u32,
    pub pace_ms: u64,
    pub arrive_secs: u64,
    /// `--duration-secs`: only this window was measured (the tournament was not played out).
    pub window_secs: Option<u64>,
    pub robot_card_ms: f64,
    pub robot_delay_ms: u64,
    pub boards_finished: usize,
    pub actions: usize,
    pub errors: usize,
    pub first_errors: Vec<String>,
    pub register_secs: f64,
    pub connect_secs: f64,
    pub measured_secs: f64,
    pub boards_per_sec: f64,
    pub latency_p50_ms: f64,
    pub latency_p99_ms: f64,
    pub latency_max_ms: f64,
    /// Tournament views asked for after a board (one traveller each), milliseconds.
    pub view_p50_ms: f64,
    pub view_p99_ms: f64,
    /// The views that carried the ranking of the whole field (after an entrant's last board).
    pub ranking_views: usize,
    pub ranking_p50_ms: f64,
    pub ranking_p99_ms: f64,
    pub ranking_max_ms: f64,
    pub cpu_secs: Option<f64>,
    pub rss_start_kib: Option<u64>,
    pub rss_end_kib: Option<u64>,
}

impl TournamentReport {
    pub fn to_json(&self) -> Value {
        json!({
            "mode": "tournament",
            "server": self.server,
            "entrants": self.entrants,
            "boards": self.boards,
            "pace_ms": self.pace_ms,
            "arrive_secs": self.arrive_secs,
            "window_secs": self.window_secs,
            "robot_card_ms": self.robot_card_ms,
            "robot_delay_ms": self.robot_delay_ms,
            "boards_finished": self.boards_finished,
            "actions": self.actions,
            "errors": self.errors,
            "first_errors": self.first_errors,
            "register_secs": self.register_secs,
            "connect_secs": self.connect_secs,
            "measured_secs": self.measured_secs,
            "boards_per_sec": self.boards_per_sec,
            "latency_ms": {"p50": self.latency_p50_ms, "p99": self.latency_p99_ms, "max": self.latency_max_ms},
            "view_ms": {"p50": self.view_p50_ms, "p99": self.view_p99_ms},
            "ranking_ms": {"views": self.ranking_views, "p50": self.ranking_p50_ms, "p99": self.ranking_p99_ms, "max": self.ranking_max_ms},
            "cpu_secs": self.cpu_secs,
            "rss_kib": {"start": self.rss_start_kib, "end": self.rss_end_kib},
        })
    }
}

impl fmt::Display for TournamentReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kib = |v: Option<u64>| v.map_or("n/a".to_string(), |k| format!("{:.1} MiB", k as f64 / 1024.0));
        writeln!(f, "tenace-loadgen tournament summary (robot individual)")?;
        writeln!(f, "  server                  {}", self.server)?;
        writeln!(f, "  entrants × boards       {} × {} (arriving over {} s)", self.entrants, self.boards, self.arrive_secs)?;
        writeln!(
            f,
            "  think time per action   {} ms (50-150%); robots: {} ms delay, {} ms of solver per card",
            self.pace_ms, self.robot_delay_ms, self.robot_card_ms
        )?;
        writeln!(f, "  boards finished         {} of {}", self.boards_finished, self.entrants * self.boards as usize)?;
        writeln!(f, "  errors from the server  {}", self.errors)?;
        for e in &self.first_errors {
            writeln!(f, "      {e}")?;
        }
        writeln!(f, "  setup (not measured)    register {:.1} s, connect {:.1} s", self.register_secs, self.connect_secs)?;
        let window = if self.window_secs.is_some() { " (a window of the tournament: play stopped there)" } else { "" };
        writeln!(f, "  measured phase          {:.1} s{window}", self.measured_secs)?;
        writeln!(f, "  throughput              {:.2} boards/s, {} actions by the entrants", self.boards_per_sec, self.actions)?;
        writeln!(f, "  action latency          p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms", self.latency_p50_ms, self.latency_p99_ms, self.latency_max_ms)?;
        writeln!(f, "  tournament view         p50 {:.2} ms, p99 {:.2} ms (after each board, with its traveller)", self.view_p50_ms, self.view_p99_ms)?;
        writeln!(
            f,
            "  view with the ranking   p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} views)",
            self.ranking_p50_ms, self.ranking_p99_ms, self.ranking_max_ms, self.ranking_views
        )?;
        let whose = if self.server.starts_with("in-process") { "server + clients, one process" } else { "server process" };
        if let Some(c) = self.cpu_secs {
            writeln!(f, "  CPU ({whose})  {c:.1} s, {:.0}% of one core", 100.0 * c / self.measured_secs.max(1e-9))?;
        }
        write!(f, "  RSS ({whose})  start {}, end {}", kib(self.rss_start_kib), kib(self.rss_end_kib))
    }
}

/// What one entrant measured.
#[derive(Default)]
struct Measured {
    actions_us: Vec<u64>,
    views_us: Vec<u64>,
    rankings_us: Vec<u64>,
}

/// Runs a robot individual of `opts.tournament` entrants.
pub async fn run_tournament(opts: Options) -> Result<TournamentReport, String> {
    let entrants = opts.tournament.unwrap_or(0);
    if entrants == 0 {
        return Err("--tournament must be at least 1".into());
    }
    if !(1..=36).contains(&opts.boards) {
        return Err("--boards must be 1 to 36".into());
    }
    let stall = Duration::from_secs(opts.stall_timeout.max(1));
    let target = target(&opts, "127.0.0.1:0").await?;
    let shared = Arc::new(Shared { view_patches: !opts.full_views, ..Shared::default() });
    let say = |s: String| {
        if !opts.quiet {
            eprintln!("{s}");
        }
    };
    say(format!("server: {}", target.label));
    say(format!("registering {entrants} accounts..."));
    let t0 = Instant::now();
    let tokens = {
        let _p = Progress::start(shared.clone(), "registered", entrants, opts.quiet, |s| s.registered.load(Ordering::Relaxed));
        register_all(&target.http, entrants, opts.register_concurrency.max(1), stall, &shared).await?
    };
    let register_secs = t0.elapsed().as_secs_f64();
    let measure = target.measure_memory;
    if measure && target.pid.is_none() {
        release_free_memory();
    }
    let rss_start = if measure { rss_kib(target.pid) } else { None };

    say(format!("connecting {entrants} entrants..."));
    let t0 = Instant::now();
    let ws = format!("{}/ws/v1", target.ws);
    let mut clients: Vec<Client> = {
        let _p = Progress::start(shared.clone(), "connected", entrants, opts.quiet, |s| s.connected.load(Ordering::Relaxed));
        let results: Vec<Result<Client, String>> = futures_util::stream::iter(tokens.iter().cloned().enumerate())
            .map(|(i, (name, token))| {
                let (ws, shared) = (ws.clone(), shared.clone());
                async move {
                    let mut c = Client::connect(&ws, &token, name, i, stall, shared.clone()).await?;
                    c.seat = "South";
                    shared.connected.fetch_add(1, Ordering::Relaxed);
                    Ok(c)
                }
            })
            .buffered(opts.connect_concurrency.max(1))
            .collect()
            .await;
        results.into_iter().collect::<Result<_, _>>()?
    };
    let connect_secs = t0.elapsed().as_secs_f64();

    // The first entrant creates the tournament.
    let creator = clients.first_mut().ok_or("no entrant")?;
    creator
        .send(json!({"type": "create_tournament", "name": "Loadgen robot individual", "kind": "robot_individual", "boards": opts.boards, "scoring": "matchpoints", "minutes": 24 * 60}))
        .await?;
    let created = creator.until_kind("tournament").await.map_err(|e| format!("the tournament could not be created: {e}"))?;
    let id = created["view"]["id"].as_str().unwrap_or_default().to_string();
    say(format!("tournament {id}: {entrants} entrants play {} boards each...", opts.boards));

    let (go_tx, go_rx) = watch::channel(false);
    let origin = Instant::now();
    let pace = Duration::from_millis(opts.pace_ms);
    let mut set = tokio::task::JoinSet::new();
    let measured = Arc::new(Mutex::new(Measured::default()));
    for (i, c) in clients.into_iter().enumerate() {
        let arrive = Duration::from_secs_f64(opts.arrive_secs as f64 * i as f64 / entrants as f64);
        let (id, go, measured) = (id.clone(), go_rx.clone(), measured.clone());
        let boards = opts.boards;
        set.spawn(async move { c.enter_and_play(go, id, boards, arrive, pace, origin, measured).await });
    }
    let cpu_start = if measure { cpu_secs(target.pid) } else { None };
    let started = Instant::now();
    let _ = go_tx.send(true);
    let window = opts.duration_secs.map(Duration::from_secs);
    {
        let total = entrants * opts.boards as usize;
        let _p = Progress::start(shared.clone(), "boards", total, opts.quiet, |s| s.boards.load(Ordering::Relaxed));
        let deadline = tokio::time::sleep(window.unwrap_or(Duration::MAX / 4));
        tokio::pin!(deadline);
        loop {
            let joined = tokio::select! {
                j = set.join_next() => j,
                _ = &mut deadline => {
                    // The measured window is over: the entrants stop where they stand.
                    set.abort_all();
                    break;
                }
            };
            match joined {
                None => break,
                Some(Ok(Ok(()))) => {}
                Some(Ok(Err(e))) => {
                    set.abort_all();
                    return Err(e);
                }
                Some(Err(e)) => {
                    set.abort_all();
                    return Err(format!("an entrant's task failed: {e}"));
                }
            }
        }
    }
    let measured_secs = started.elapsed().as_secs_f64();
    let mut all = std::mem::take(&mut *measured.lock().map_err(|_| "internal: the measurements were lost")?);
    let cpu_end = if measure { cpu_secs(target.pid) } else { None };
    if measure && target.pid.is_none() {
        release_free_memory();
    }
    let rss_end = if measure { rss_kib(target.pid) } else { None };
    for v in [&mut all.actions_us, &mut all.views_us, &mut all.rankings_us] {
        v.sort_unstable();
    }
    let ms = |v: &[u64], p: f64| percentile(v, p) as f64 / 1000.0;
    let boards_finished = shared.boards.load(Ordering::Relaxed);
    let report = TournamentReport {
        server: target.label.clone(),
        entrants,
        boards: opts.boards,
        pace_ms: opts.pace_ms,
        arrive_secs: opts.arrive_secs,
        window_secs: opts.duration_secs,
        robot_card_ms: opts.robot_time_per_card_ms,
        robot_delay_ms: opts.robot_delay_ms,
        boards_finished,
        actions: shared.actions.load(Ordering::Relaxed),
        errors: shared.errors.load(Ordering::Relaxed),
        first_errors: shared.first_errors.lock().map(|v| v.clone()).unwrap_or_default(),
        register_secs,
        connect_secs,
        measured_secs,
        boards_per_sec: boards_finished as f64 / measured_secs.max(1e-9),
        latency_p50_ms: ms(&all.actions_us, 50.0),
        latency_p99_ms: ms(&all.actions_us, 99.0),
        latency_max_ms: all.actions_us.last().copied().unwrap_or(0) as f64 / 1000.0,
        view_p50_ms: ms(&all.views_us, 50.0),
        view_p99_ms: ms(&all.views_us, 99.0),
        ranking_views: all.rankings_us.len(),
        ranking_p50_ms: ms(&all.rankings_us, 50.0),
        ranking_p99_ms: ms(&all.rankings_us, 99.0),
        ranking_max_ms: all.rankings_us.last().copied().unwrap_or(0) as f64 / 1000.0,
        cpu_secs: cpu_start.zip(cpu_end).map(|(a, b)| b - a),
        rss_start_kib: rss_start,
        rss_end_kib: rss_end,
    };
    let total = entrants * opts.boards as usize;
    if boards_finished != total && window.is_none() {
        return Err(format!("only {boards_finished} of {total} boards finished\n{report}"));
    }
    Ok(report)
}

impl Client {
    /// Waits for a message of type `kind`; an error message fails.
    async fn until_kind(&mut self, kind: &str) -> Result<Value, String> {
        loop {
            let m = self.next().await?;
            if m.kind == kind {
                return Ok(m.raw);
            }
            if m.kind == "error" {
                return Err(format!("{}: refused while waiting for {kind:?}: {}", self.who(), m.raw));
            }
        }
    }

    /// An entrant: arrives, registers, opens their table and plays every board South (and
    /// dummy when declarer), asking for the tournament after each board.
    #[allow(clippy::too_many_arguments)]
    async fn enter_and_play(
        mut self,
        mut go: watch::Receiver<bool>,
        id: String,
        boards: u32,
        arrive: Duration,
        pace: Duration,
        origin: Instant,
        measured: Arc<Mutex<Measured>>,
    ) -> Result<(), String> {
        let _ = go.wait_for(|g| *g).await;
        tokio::time::sleep(arrive).await;
        let mut done_actions = 0u64;
        let record = |f: &dyn Fn(&mut Measured)| {
            if let Ok(mut m) = measured.lock() {
                f(&mut m);
            }
        };
        self.send(json!({"type": "register", "tournament": id})).await?;
        self.until_kind("tournament").await?;
        self.send(json!({"type": "play_tournament", "tournament": id})).await?;
        let created = self.until_kind("created").await?;
        self.table = created["table"].as_str().unwrap_or_default().to_string();
        let table = self.table.clone();
        let mut pending: Option<(Instant, Progress4)> = None;
        let mut asked: Option<Instant> = None;
        let mut last_over = 0;
        loop {
            if let Some(view) = self.view.clone() {
                let view = &view;
                let key = Progress4::of(view);
                if let Some((sent, before)) = &pending {
                    if key != *before {
                        let us = sent.elapsed().as_micros() as u64;
                        record(&|m| m.actions_us.push(us));
                        done_actions += 1;
                        pending = None;
                    }
                }
                let over = view.phase == "over";
                if over && view.board > last_over && view.boards > 0 {
                    last_over = view.board;
                    self.shared.boards.fetch_add(1, Ordering::Relaxed);
                    self.send(json!({"type": "tournament", "tournament": id, "board": last_over})).await?;
                    asked = Some(Instant::now());
                }
                if over && view.board >= boards && pending.is_none() && asked.is_none() {
                    self.shared.last_finish_ns.fetch_max(origin.elapsed().as_nanos() as u64, Ordering::Relaxed);
                    return Ok(());
                }
                if pending.is_none() && asked.is_none() {
                    if let Some(action) = decide(view, true) {
                        think(pace, self.index, done_actions).await;
                        self.send(json!({"type": "act", "table": table, "action": action})).await?;
                        self.shared.actions.fetch_add(1, Ordering::Relaxed);
                        pending = Some((Instant::now(), key));
                    }
                }
            }
            let m = self.next().await?;
            match m.kind.as_str() {
                "tournament" => {
                    if let Some(t) = asked.take() {
                        let us = t.elapsed().as_micros() as u64;
                        let ranking = !m.raw["view"]["ranking"].is_null();
                        record(&|m| {
                            m.views_us.push(us);
                            if ranking {
                                m.rankings_us.push(us);
                            }
                        });
                    }
                }
                "error" => {
                    pending = None;
                    self.view = None;
                    if asked.take().is_some() {
                        return Err(format!("{}: the tournament view was refused (see the errors)", self.who()));
                    }
                }
                _ => {}
            }
        }
    }
}
