//! A crash test of `tenace serve`, the real binary: tables with robots and people play while the
//! server process is killed with SIGKILL at random moments, then started again on the same
//! database; the people come back to their seats and play on.
//!
//! What it shows: **every call and card any client was shown is in the stored log, in the order
//! shown, once** — after every kill, and on SQLite (a file) and PostgreSQL (a fresh schema, when
//! `TENACE_TEST_POSTGRES` is set). After each kill, while the server is dead, the test reads each
//! table's log with the server's own store ([`tenace_server::Store::room`], which refuses a log
//! with a missing sequence number), replays it ([`tenace_online::Room::replay`], which refuses an
//! event applied twice or out of turn), and checks that:
//!
//! - every view any client received (the auction and the played cards of its board) is a prefix
//!   of that board's stored calls and cards: nothing shown was lost or reordered, and no later
//!   board was shown that the log does not reach;
//! - the finished boards' scores every view listed in its history are the stored outcomes;
//! - the stored log only grows: what was stored before a kill is still there, unchanged.
//!
//! Three tables: one person and three robots; two people and two robots; four people. The
//! people's clients follow a simple policy (open the bidding with the cheapest bid, then pass;
//! play the first legal card; start the next board). Kills come at a random moment (a seeded
//! xorshift; `TENACE_CRASH_SEED` repeats a run's choices): mostly 20-400 ms after every client is
//! back at its seat, sometimes 0.4-1.5 s after (to reach the ends of boards), sometimes while the
//! clients are still coming back. At least 24 kills per database; more while a table has not yet
//! finished a few boards, which the test asserts, so it cannot pass by playing nothing. Every
//! timing limit only catches a hang; none is an assertion about speed.

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod serve;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tenace_online::{Room, RoomEvent};
use tenace_server::store::redact;
use tenace_table::TableEvent;
use tokio::process::Child;
use tokio_tungstenite::tungstenite::Message;

/// Kills per database.
const KILLS: usize = 24;
/// Boards per table: more than the test can play, so play never runs out.
const BOARDS: u32 = 36;
/// Finished boards each table must reach by the end.
const MIN_FINISHED: usize = 3;
/// Lives after which a table that has not finished MIN_FINISHED boards fails the test.
const MAX_LIVES: usize = 150;
/// Generous limits that only catch a hang (a debug build on a busy machine is slow).
const START_LIMIT: Duration = Duration::from_secs(60);
const BACK_LIMIT: Duration = Duration::from_secs(60);

/// A seeded xorshift64*: the kill moments.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `lo..=hi`.
    fn between(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
}

/// A person at a table.
#[derive(Clone)]
struct Person {
    name: String,
    token: String,
    table: String,
    seat: &'static str,
}

/// One view a client was shown, reduced to what must survive a crash.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Shown {
    table: String,
    board: u64,
    /// `{"seat", "call"}` in auction order.
    calls: Vec<Value>,
    /// `{"seat", "card"}` in the order played.
    cards: Vec<Value>,
    /// (board, North-South score) of each finished board listed in the view's history.
    history: Vec<(u64, String)>,
}

/// Everything shown to any client, without repeats; with who first saw it and when.
#[derive(Default)]
struct Ledger {
    seen: HashSet<Shown>,
    /// (who, life, view) in the order first shown.
    list: Vec<(String, usize, Shown)>,
    views: usize,
    errors: Vec<String>,
    nudges: usize,
}

impl Ledger {
    fn record(&mut self, who: &str, life: usize, view: &Value) {
        self.views += 1;
        let shown = Shown {
            table: view["table"].as_str().unwrap_or_default().to_string(),
            board: view["board"].as_u64().unwrap_or(0),
            calls: view["auction"].as_array().into_iter().flatten().map(|c| json!({"seat": c["seat"], "call": c["call"]})).collect(),
            cards: view["tricks"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|t| t["cards"].as_array().into_iter().flatten())
                .map(|c| json!({"seat": c["seat"], "card": c["card"]}))
                .collect(),
            history: view["history"].as_array().into_iter().flatten().map(|h| (h["board"].as_u64().unwrap_or(0), h["score_ns"].to_string())).collect(),
        };
        if self.seen.insert(shown.clone()) {
            self.list.push((who.to_string(), life, shown));
        }
    }
}

/// A database under test, with its server's port, log file and the kill count.
struct Crash {
    db: String,
    label: &'static str,
    addr: SocketAddr,
    log: PathBuf,
    kills: usize,
    early_kills: usize,
    /// The stored log of each table at the last check (it may only grow).
    stored: HashMap<String, Vec<RoomEvent>>,
}

impl Crash {
    /// Fails the test with `msg`, the database, and the end of the server's log.
    fn fail(&self, msg: String) -> ! {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = log.lines().collect();
        let tail = if lines.is_empty() { "(empty)".to_string() } else { lines[lines.len().saturating_sub(40)..].join("\n") };
        panic!("{} ({}), after {} kills: {msg}\n--- the end of the server's log ({}):\n{tail}", self.label, redact(&self.db), self.kills, self.log.display());
    }

    /// Starts `tenace serve` on the database and waits until it says it is serving.
    async fn start(&self) -> Child {
        let addr = self.addr.to_string();
        // Robots by their rules alone (no double-dummy sampling): what is tested is what
        // survives a kill, and a sampled card in a debug build on a busy machine can take
        // longer than a life between kills, so a table of robots never got on (seen in CI:
        // 0 boards finished in 150 lives by the table of three robots).
        let args = ["--bind", &addr, "--database", &self.db, "--robot-delay-ms", "0", "--robot-time-per-card-ms", "0", "--seat-timeout-s", "600"];
        match serve::serve(&args, &self.log, START_LIMIT).await {
            serve::Started::Serving(child) => child,
            serve::Started::Exited(status) => self.fail(format!("the server did not start again: it exited ({status:?}) before serving")),
            serve::Started::Silent => self.fail(format!("the server did not say it was serving within {START_LIMIT:?}")),
        }
    }

    /// SIGKILLs the server and waits for it to be gone.
    async fn kill(&mut self, child: &mut Child) {
        if let Ok(Some(status)) = child.try_wait() {
            self.fail(format!("the server exited by itself ({status}) before kill {}", self.kills + 1));
        }
        child.start_kill().expect("SIGKILL the server");
        child.wait().await.expect("wait for the killed server");
        self.kills += 1;
    }

    /// Reads every table's stored log while the server is dead and checks it against everything
    /// any client was shown. Returns each table's finished boards.
    async fn check(&mut self, tables: &[(&'static str, String)], shown_list: &[(String, usize, Shown)]) -> Vec<usize> {
        let store = match tenace_server::Store::open(&self.db).await {
            Ok(s) => s,
            Err(e) => self.fail(format!("the store cannot be opened after the kill: {e}")),
        };
        let mut finished = Vec::new();
        for (name, id) in tables {
            let stored = match store.room(id).await {
                Ok(Some(s)) => s,
                Ok(None) => self.fail(format!("table {name} ({id}) is not stored")),
                Err(e) => self.fail(format!("table {name} ({id}): the stored log cannot be read: {e}")),
            };
            let events = stored.events.clone();
            let before = self.stored.get(id).cloned().unwrap_or_default();
            if events.len() < before.len() || events[..before.len()] != before[..] {
                let at = before.iter().zip(&events).position(|(a, b)| a != b).unwrap_or(events.len().min(before.len()));
                self.fail(format!(
                    "table {name} ({id}): the stored log changed: it had {} events, now {}; event {at} was {:?}, is now {:?}",
                    before.len(),
                    events.len(),
                    before.get(at),
                    events.get(at)
                ));
            }
            let room = match Room::replay(stored.options, stored.events) {
                Ok(r) => r,
                Err(e) => self.fail(format!("table {name} ({id}): the stored log of {} events does not replay: {e}", events.len())),
            };
            self.stored.insert(id.clone(), events);
            // Each board's stored calls and cards, board 1 first; the board in play last.
            let mut boards: Vec<(Vec<Value>, Vec<Value>)> = room.finished().iter().map(|f| calls_and_cards(&f.events)).collect();
            boards.push(calls_and_cards(room.table().events()));
            let scores: Vec<String> = room.finished().iter().map(|f| serde_json::to_value(f.outcome.score_ns()).unwrap().to_string()).collect();
            for (who, life, shown) in shown_list.iter().filter(|(_, _, s)| s.table == *id) {
                let b = shown.board as usize;
                let Some((calls, cards)) = b.checked_sub(1).and_then(|i| boards.get(i)) else {
                    self.fail(format!("table {name}: {who} was shown board {b} (server life {life}), but the stored log is at board {}", room.board_number()))
                };
                if let Some(i) = not_prefix(&shown.calls, calls) {
                    self.fail(format!(
                        "table {name} board {b}: call {i} shown to {who} (server life {life}) is not stored as shown\n  shown:  {}\n  stored: {}",
                        list(&shown.calls),
                        list(calls)
                    ));
                }
                if let Some(i) = not_prefix(&shown.cards, cards) {
                    self.fail(format!(
                        "table {name} board {b}: card {i} shown to {who} (server life {life}) is not stored as shown\n  shown:  {}\n  stored: {}",
                        list(&shown.cards),
                        list(cards)
                    ));
                }
                for (hb, score) in &shown.history {
                    let stored = hb.checked_sub(1).and_then(|i| scores.get(i as usize));
                    if stored != Some(score) {
                        self.fail(format!("table {name}: {who} (server life {life}) was shown board {hb} finished with N-S score {score}; stored: {stored:?}"));
                    }
                }
            }
            finished.push(room.finished().len());
        }
        finished
    }
}

/// The calls and the cards among a board's table events, as `{"seat", "call"}` and
/// `{"seat", "card"}` (the views' spelling).
fn calls_and_cards(events: &[TableEvent]) -> (Vec<Value>, Vec<Value>) {
    let mut calls = Vec::new();
    let mut cards = Vec::new();
    for e in events {
        match e {
            TableEvent::Call { seat, call, .. } => calls.push(json!({"seat": seat, "call": call})),
            TableEvent::Play { seat, card } => cards.push(json!({"seat": seat, "card": card})),
            _ => {}
        }
    }
    (calls, cards)
}

/// The first position where `shown` is not `stored`'s beginning, if any.
fn not_prefix(shown: &[Value], stored: &[Value]) -> Option<usize> {
    (0..shown.len()).find(|&i| stored.get(i) != Some(&shown[i]))
}

fn list(v: &[Value]) -> String {
    v.iter()
        .map(|x| format!("{}:{}", x["seat"].as_str().unwrap_or("?"), x.get("call").or(x.get("card")).and_then(Value::as_str).unwrap_or("?")))
        .collect::<Vec<_>>()
        .join(" ")
}

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn send(ws: &mut Ws, v: Value) -> bool {
    ws.send(Message::Text(v.to_string().into())).await.is_ok()
}

/// The next JSON message, `None` when the connection is gone (or nothing came within `limit`:
/// `Some(None)`).
async fn receive(ws: &mut Ws, limit: Duration) -> Option<Option<Value>> {
    loop {
        match tokio::time::timeout(limit, ws.next()).await {
            Err(_) => return Some(None),
            Ok(Some(Ok(Message::Text(t)))) => return Some(Some(serde_json::from_str(t.as_str()).expect("the server sends JSON"))),
            Ok(Some(Ok(Message::Close(_)))) | Ok(Some(Err(_))) | Ok(None) => return None,
            Ok(Some(Ok(_))) => {}
        }
    }
}

/// Connects and authenticates; `None` when the server is not (or no longer) there.
async fn connect(addr: SocketAddr, token: &str) -> Option<Ws> {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/v1")).await.ok()?;
    if !send(&mut ws, json!({"type": "auth", "token": token})).await {
        return None;
    }
    let welcome = receive(&mut ws, BACK_LIMIT).await??;
    assert_eq!(welcome["type"], "welcome", "the answer to auth: {welcome}");
    Some(ws)
}

async fn register(addr: SocketAddr, name: &str) -> String {
    let r: Value = reqwest::Client::new()
        .post(format!("http://{addr}/api/register"))
        .json(&json!({"name": name, "password": "secret-pass"}))
        .send()
        .await
        .expect("register")
        .json()
        .await
        .expect("register answers JSON");
    r["token"].as_str().unwrap_or_else(|| panic!("register {name}: {r}")).to_string()
}

/// What a person's client does in one life of the server: connect (retrying while the server is
/// alive), come back to the seat, then play until the connection dies. It reports `back` once
/// its seat's first view arrives.
async fn drive(
    addr: SocketAddr,
    p: Person,
    life: usize,
    alive: Arc<AtomicBool>,
    ledger: Arc<Mutex<Ledger>>,
    back: tokio::sync::mpsc::UnboundedSender<Result<(), String>>,
) {
    let mut ws = loop {
        if !alive.load(Ordering::SeqCst) {
            return;
        }
        match connect(addr, &p.token).await {
            Some(ws) => break ws,
            None => tokio::time::sleep(Duration::from_millis(10)).await,
        }
    };
    if !send(&mut ws, json!({"type": "join", "table": p.table, "seat": p.seat})).await {
        return;
    }
    let mut is_back = false;
    // The state this client last acted in: one action per state it is shown.
    let mut acted: Option<(u64, String, usize, usize)> = None;
    loop {
        let Some(msg) = receive(&mut ws, Duration::from_secs(3)).await else { return };
        let Some(msg) = msg else {
            // Nothing for a while (an action refused in a race, say): ask for a fresh view.
            ledger.lock().unwrap().nudges += 1;
            acted = None;
            if !send(&mut ws, json!({"type": "join", "table": p.table, "seat": p.seat})).await {
                return;
            }
            continue;
        };
        match msg["type"].as_str() {
            Some("view") => {
                let view = &msg["view"];
                ledger.lock().unwrap().record(&p.name, life, view);
                if !is_back {
                    is_back = true;
                    let _ = back.send(Ok(()));
                }
                let calls = view["auction"].as_array().map_or(0, Vec::len);
                let cards = view["tricks"].as_array().into_iter().flatten().map(|t| t["cards"].as_array().map_or(0, Vec::len)).sum();
                let state = (view["board"].as_u64().unwrap_or(0), view["phase"].as_str().unwrap_or("").to_string(), calls, cards);
                let action = if view["phase"] == "over" {
                    (view["board"].as_u64() < view["boards"].as_u64()).then(|| json!({"action": "next_board"}))
                } else if view["your_turn"] == true && view["phase"] == "auction" {
                    // Open the bidding with the cheapest bid; pass after any bid.
                    let opened = view["auction"].as_array().into_iter().flatten().any(|c| c["call"] != "Pass");
                    let legal = view["legal_calls"].as_array().cloned().unwrap_or_default();
                    let bid = legal.iter().find(|c| !["Pass", "X", "XX"].contains(&c.as_str().unwrap_or("Pass")));
                    let call = match bid {
                        Some(b) if !opened => b.clone(),
                        _ => json!("Pass"),
                    };
                    Some(json!({"action": "call", "call": call, "alert": false}))
                } else if view["your_turn"] == true && view["phase"] == "play" {
                    view["legal_cards"].get(0).map(|c| json!({"action": "play", "card": c}))
                } else {
                    None
                };
                if let Some(action) = action {
                    if acted.as_ref() != Some(&state) {
                        acted = Some(state);
                        if !send(&mut ws, json!({"type": "act", "table": p.table, "action": action})).await {
                            return;
                        }
                    }
                }
            }
            Some("error") if !is_back => {
                let _ = back.send(Err(format!("{} could not come back to {} (server life {life}): {msg}", p.name, p.seat)));
                return;
            }
            Some("error") => {
                // Refused (a stale duplicate, a race): the state may still want this client's
                // action, so it acts again on the next view (the others' nudges can keep it
                // from ever falling silent).
                acted = None;
                ledger.lock().unwrap().errors.push(format!("{}: {}", p.name, msg["message"]));
            }
            _ => {}
        }
    }
}

/// Registers the people and opens the three tables; returns the tables (name, id) and the people.
async fn open_tables(addr: SocketAddr) -> (Vec<(&'static str, String)>, Vec<Person>) {
    let mut people = Vec::new();
    let mut tables = Vec::new();
    // (table name, robots in the other seats, [(person, seat)]): the first person creates the
    // table (robots take the other seats); the others take a robot's or an empty seat.
    type Seating = &'static [(&'static str, &'static str)];
    let plan: [(&'static str, bool, Seating); 3] = [
        ("solo", true, &[("alice", "South")]),
        ("pair", true, &[("bob", "South"), ("carol", "North")]),
        ("four", false, &[("dan", "North"), ("erin", "East"), ("fay", "South"), ("gus", "West")]),
    ];
    for (table_name, robots, seats) in plan {
        let mut table = String::new();
        for (i, (name, seat)) in seats.iter().enumerate() {
            let token = register(addr, name).await;
            let mut ws = connect(addr, &token).await.expect("connect");
            if i == 0 {
                send(&mut ws, json!({"type": "create_table", "name": table_name, "boards": BOARDS, "robots": robots, "seat": seat})).await;
                loop {
                    let m = receive(&mut ws, BACK_LIMIT).await.flatten().expect("an answer to create_table");
                    if m["type"] == "created" {
                        table = m["table"].as_str().unwrap().to_string();
                        break;
                    }
                    assert_ne!(m["type"], "error", "create_table {table_name}: {m}");
                }
            } else {
                // A person may take a robot's seat, even at a board in progress, when they have
                // seen none of it.
                send(&mut ws, json!({"type": "join", "table": table, "seat": seat})).await;
            }
            // Seated once this person's view arrives.
            loop {
                let m = receive(&mut ws, BACK_LIMIT).await.flatten().expect("a view after sitting down");
                assert_ne!(m["type"], "error", "{name} sitting {seat} at {table_name}: {m}");
                if m["type"] == "view" && m["view"]["viewer"]["seat"] == *seat {
                    break;
                }
            }
            people.push(Person { name: name.to_string(), token, table: table.clone(), seat });
        }
        tables.push((table_name, table));
    }
    (tables, people)
}

/// One database: open the tables, then kill and restart the server at least `KILLS` times.
async fn crash_run(label: &'static str, db: String, dir: &Path, rng: &mut Rng) -> Vec<usize> {
    let addr = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        l.local_addr().unwrap()
    };
    let mut crash = Crash { db, label, addr, log: dir.join(format!("server-{label}.log")), kills: 0, early_kills: 0, stored: HashMap::new() };
    let started = Instant::now();
    let mut server = crash.start().await;
    let (tables, people) = open_tables(addr).await;
    let ledger = Arc::new(Mutex::new(Ledger::default()));
    let mut finished = vec![0; tables.len()];
    let mut grew = 0;
    // At least KILLS lives, each ended by a kill; more while a table has yet to finish
    // MIN_FINISHED boards (a slow machine plays less per life). The last life always waits
    // until every person is back, so the views of the last restart are checked too.
    let mut life = 0;
    loop {
        let last = life + 1 >= KILLS && finished.iter().all(|n| *n >= MIN_FINISHED);
        if life >= MAX_LIVES {
            crash.fail(format!("after {life} lives the tables have finished only {finished:?} boards: play does not get on"));
        }
        let alive = Arc::new(AtomicBool::new(true));
        let (back_tx, mut back_rx) = tokio::sync::mpsc::unbounded_channel();
        let drivers: Vec<_> = people.iter().map(|p| tokio::spawn(drive(addr, p.clone(), life, alive.clone(), ledger.clone(), back_tx.clone()))).collect();
        drop(back_tx);
        // Mostly the kill comes while everyone plays; sometimes while they are coming back.
        if !last && rng.between(0, 4) == 0 {
            crash.early_kills += 1;
            tokio::time::sleep(Duration::from_millis(rng.between(0, 150))).await;
        } else {
            for _ in 0..people.len() {
                match tokio::time::timeout(BACK_LIMIT, back_rx.recv()).await {
                    Ok(Some(Ok(()))) => {}
                    Ok(Some(Err(e))) => crash.fail(e),
                    Ok(None) => crash.fail(format!("a client stopped before it was back at its seat (server life {life})")),
                    Err(_) => crash.fail(format!("not every person was back at their seat within {BACK_LIMIT:?} (server life {life})")),
                }
            }
            // Mostly a short while; sometimes long enough to reach the end of a board.
            let ms = if rng.between(0, 4) == 0 { rng.between(400, 1500) } else { rng.between(20, 400) };
            tokio::time::sleep(Duration::from_millis(ms)).await;
        }
        crash.kill(&mut server).await;
        alive.store(false, Ordering::SeqCst);
        for d in drivers {
            match tokio::time::timeout(BACK_LIMIT, d).await {
                Ok(Ok(())) => {}
                Ok(Err(e)) => crash.fail(format!("a client failed (server life {life}): {e}")),
                Err(_) => crash.fail("a client's connection outlived the killed server".into()),
            }
        }
        let shown = ledger.lock().unwrap().list.clone();
        let now = crash.check(&tables, &shown).await;
        if now != finished {
            grew += 1;
        }
        finished = now;
        if last {
            break;
        }
        server = crash.start().await;
        life += 1;
    }
    let l = ledger.lock().unwrap();
    let _ = std::io::Write::write_all(
        &mut std::io::stderr(),
        format!(
            "{label}: {} kills ({} while people were coming back) in {:.1} s; finished boards per table {:?} ({} lives finished a board); {} views ({} distinct) checked; {} refused actions (stale duplicates; distinct messages: {:?}), {} nudges\n",
            crash.kills,
            crash.early_kills,
            started.elapsed().as_secs_f64(),
            tables.iter().map(|t| t.0).zip(&finished).collect::<Vec<_>>(),
            grew,
            l.views,
            l.list.len(),
            l.errors.len(),
            l.errors.iter().map(|e| e.split_once(": ").map_or(e.as_str(), |(_, m)| m)).collect::<std::collections::BTreeSet<_>>(),
            l.nudges,
        )
        .as_bytes(),
    );
    assert!(crash.kills >= 20, "{label}: only {} kills", crash.kills);
    for ((name, id), n) in tables.iter().zip(&finished) {
        if *n < MIN_FINISHED {
            crash.fail(format!("table {name} ({id}) finished only {n} boards (at least {MIN_FINISHED} expected): the test played too little to show anything"));
        }
    }
    finished
}

/// A fresh schema in the PostgreSQL database at `base`, and a URL whose connections use it.
async fn postgres_schema(base: &str) -> String {
    use sqlx::Connection;
    let unique = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64 ^ u64::from(std::process::id());
    let schema = format!("t_crash_{unique:x}");
    let mut conn = sqlx::PgConnection::connect(base).await.expect("TENACE_TEST_POSTGRES is set but PostgreSQL cannot be reached");
    sqlx::query(&format!("CREATE SCHEMA {schema}")).execute(&mut conn).await.unwrap();
    let sep = if base.contains('?') { '&' } else { '?' };
    format!("{base}{sep}options=-c%20search_path%3D{schema}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_board_loses_or_repeats_nothing_shown() {
    let seed = std::env::var("TENACE_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64);
    // Printed with a failure (the harness shows a failing test's output).
    eprintln!("crash test seed: TENACE_CRASH_SEED={seed}");
    // xorshift never leaves 0.
    let mut rng = Rng(seed | 1);
    let dir = tempfile::Builder::new().prefix("tenace-crash-").tempdir().expect("temp dir");
    let mut databases = vec![("sqlite", format!("sqlite://{}", dir.path().join("club.db").display()))];
    match std::env::var("TENACE_TEST_POSTGRES") {
        Ok(base) if !base.is_empty() => databases.push(("postgres", postgres_schema(&base).await)),
        _ => {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "NOTE sigkill_mid_board_loses_or_repeats_nothing_shown: PostgreSQL variant skipped (set TENACE_TEST_POSTGRES=postgres://postgres@127.0.0.1:5432/test to run it)"
            );
        }
    }
    for (label, db) in databases {
        crash_run(label, db, dir.path(), &mut rng).await;
    }
}
