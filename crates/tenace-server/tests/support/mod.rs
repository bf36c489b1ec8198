//! Test support: a real server on loopback, on SQLite and (when `TENACE_TEST_POSTGRES` is set)
//! PostgreSQL, and WebSocket clients that speak protocol v1.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

pub type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The databases every server test runs on: a fresh SQLite file, and a fresh PostgreSQL schema
/// when `TENACE_TEST_POSTGRES` (e.g. `postgres://postgres@127.0.0.1:5432/test`) is set.
pub async fn databases(test: &str) -> Vec<String> {
    show_server_log();
    let mut v = Vec::new();
    let dir = std::env::temp_dir().join(format!("tenace-test-{}-{}-{}", test, std::process::id(), unique()));
    std::fs::create_dir_all(&dir).unwrap();
    v.push(format!("sqlite://{}", dir.join("club.db").display()));
    match std::env::var("TENACE_TEST_POSTGRES") {
        Ok(base) if !base.is_empty() => v.push(postgres_schema(&base, test).await),
        _ => {
            // Written to the real stderr (not the test harness's captured output), so a
            // newcomer's plain `cargo test` shows it.
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "NOTE {test}: PostgreSQL variant skipped (set TENACE_TEST_POSTGRES=postgres://postgres@127.0.0.1:5432/test to run it)"
            );
        }
    }
    v
}

/// The server's warnings and errors (a store write that failed, and why) go to the test's
/// captured output, which a failing test prints: without them a "cannot store moves" seen by a
/// test client names no cause.
pub fn show_server_log() {
    let _ = tracing_subscriber::fmt().with_max_level(tracing_subscriber::filter::LevelFilter::WARN).with_test_writer().try_init();
}

fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64;
    t ^ N.fetch_add(1, Ordering::Relaxed).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A fresh schema in the PostgreSQL database at `base`, and a URL whose connections use it.
pub async fn postgres_schema(base: &str, test: &str) -> String {
    use sqlx::Connection;
    let schema = format!("t_{}_{:x}", test.replace('-', "_"), unique());
    let mut conn = sqlx::PgConnection::connect(base).await.expect("TENACE_TEST_POSTGRES is set but PostgreSQL cannot be reached");
    sqlx::query(&format!("CREATE SCHEMA {schema}")).execute(&mut conn).await.unwrap();
    let sep = if base.contains('?') { '&' } else { '?' };
    format!("{base}{sep}options=-c%20search_path%3D{schema}")
}

/// The event of a robot sitting down in seat `n` (mod 4): an append that is always valid.
pub fn sat(n: usize) -> Vec<tenace_online::RoomEvent> {
    vec![tenace_online::RoomEvent::Sat { seat: tenace_core::Seat::ALL[n % 4], occupant: tenace_online::Occupant::Robot }]
}

/// Creates table `table` in `store` (one board, set seed 7).
pub async fn create_table(store: &tenace_server::store::Store, table: &str) {
    let options = tenace_online::RoomOptions { name: table.into(), set_seed: 7, boards: 1, kibitzers_see_all: false, first: 1 };
    store.create_room(table, &options, 0).await.unwrap();
}

/// A store opened on `db` holding the table `table` ([`create_table`]).
pub async fn store_with_table(db: &str, table: &str) -> tenace_server::store::Store {
    let store = tenace_server::store::Store::open(db).await.unwrap();
    create_table(&store, table).await;
    store
}

pub fn config() -> tenace_server::ClubConfig {
    tenace_server::ClubConfig {
        robot_delay: Duration::ZERO,
        // The robots think briefly in tests: what is tested is the club, not their bridge.
        robot_card_budget_ms: 5.0,
        seat_timeout: Duration::from_secs(120),
        robot_comparison: true,
        directors: vec!["director".to_string()],
        ..Default::default()
    }
}

/// Registers `name` (password `secret-pass`) and returns a session token.
pub async fn register(addr: SocketAddr, name: &str) -> String {
    session(addr, "register", name).await
}

/// Logs `name` (registered by [`register`]) in again and returns a new session token.
pub async fn login(addr: SocketAddr, name: &str) -> String {
    session(addr, "login", name).await
}

/// One HTTP request to the club (`GET`, or `POST` with a JSON body), with the session token as
/// a bearer token when given; returns the status and the JSON body (null when there is none).
pub async fn http(addr: SocketAddr, token: Option<&str>, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let client = reqwest::Client::new();
    let url = format!("http://{addr}{path}");
    let mut req = if method == "GET" { client.get(url) } else { client.post(url) };
    if let Some(t) = token {
        req = req.header("Authorization", format!("Bearer {t}"));
    }
    if let Some(b) = body {
        req = req.json(&b);
    }
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// A `GET` whose answer is text (a PBN or LIN file), with the session token as a bearer token.
pub async fn http_text(addr: SocketAddr, token: &str, path: &str) -> (u16, String) {
    let r = reqwest::Client::new().get(format!("http://{addr}{path}")).header("Authorization", format!("Bearer {token}")).send().await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap_or_default())
}

async fn session(addr: SocketAddr, route: &str, name: &str) -> String {
    let r: Value = reqwest::Client::new()
        .post(format!("http://{addr}/api/{route}"))
        .json(&json!({"name": name, "password": "secret-pass"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    r["token"].as_str().unwrap_or_else(|| panic!("{route} {name}: {r}")).to_string()
}

pub struct Client {
    pub name: String,
    pub ws: Ws,
    /// Every message received, in order.
    pub seen: Vec<Value>,
}

impl Client {
    pub async fn connect(addr: SocketAddr, token: &str, name: &str) -> Client {
        Client::connect_with(addr, json!({"type": "auth", "token": token}), name).await
    }

    /// A connection that asks for view patches (docs/protocol.md).
    pub async fn connect_patched(addr: SocketAddr, token: &str, name: &str) -> Client {
        Client::connect_with(addr, json!({"type": "auth", "token": token, "view_patches": true}), name).await
    }

    async fn connect_with(addr: SocketAddr, auth: Value, name: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/v1")).await.unwrap();
        let mut c = Client { name: name.to_string(), ws, seen: Vec::new() };
        c.send(auth).await;
        let welcome = c.next().await;
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        assert_eq!(welcome["protocol"], 1);
        c
    }

    pub async fn send(&mut self, v: Value) {
        self.ws.send(Message::Text(v.to_string().into())).await.unwrap();
    }

    pub async fn send_raw(&mut self, m: Message) {
        self.ws.send(m).await.unwrap();
    }

    /// The next message (20 s at most).
    pub async fn next(&mut self) -> Value {
        self.next_within(20).await
    }

    /// The next message, waiting at most `secs` seconds: for work that runs at the lowest
    /// priority (hand records) and may wait long on a loaded machine.
    pub async fn next_within(&mut self, secs: u64) -> Value {
        loop {
            let next = tokio::time::timeout(Duration::from_secs(secs), self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("{}: no message within {secs} s; last: {:?}", self.name, self.seen.last()));
            let Some(m) = next else { panic!("{}: connection closed", self.name) };
            let m = m.unwrap();
            if let Message::Text(t) = m {
                let v: Value = serde_json::from_str(t.as_str()).unwrap();
                self.seen.push(v.clone());
                return v;
            }
        }
    }

    /// Reads messages until one satisfies `pred`, which is returned.
    pub async fn until(&mut self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        for _ in 0..2000 {
            let v = self.next().await;
            if pred(&v) {
                return v;
            }
        }
        panic!("{}: never saw {what}", self.name)
    }

    /// The next view of `table`.
    pub async fn view(&mut self) -> Value {
        self.until("a view", |v| v["type"] == "view").await["view"].clone()
    }

    /// Reads until an error arrives, and returns it.
    pub async fn error(&mut self) -> Value {
        self.until("an error", |v| v["type"] == "error").await
    }

    /// Nothing arrives within `ms` milliseconds.
    pub async fn quiet(&mut self, ms: u64) -> bool {
        tokio::time::timeout(Duration::from_millis(ms), self.ws.next()).await.is_err()
    }

    pub async fn act(&mut self, table: &str, action: Value) {
        self.send(json!({"type": "act", "table": table, "action": action})).await;
    }
}

/// Plays on at a table with robots from the seat `c` holds: the first legal card, else a pass,
/// and the next board when one is over.
pub async fn play_on(c: &mut Client, table: &str, v: &Value) {
    if v["phase"] == "over" && v["board"] != v["boards"] {
        c.act(table, json!({"action": "next_board"})).await;
    } else if v["your_turn"] == true {
        let action = match v["legal_cards"].as_array().and_then(|a| a.first()) {
            Some(card) => json!({"action": "play", "card": card}),
            None => json!({"action": "call", "call": "Pass"}),
        };
        c.act(table, action).await;
    }
}

/// Asks for `c`'s table in tournament `id` until the club has opened one other than
/// `previous` (the table of the round just played; "" for none), and returns it.
pub async fn tournament_table(c: &mut Client, id: &str, previous: &str) -> String {
    loop {
        c.send(json!({"type": "play_tournament", "tournament": id})).await;
        let m = c.until("created or an error", |v| v["type"] == "created" || v["type"] == "error").await;
        match m["table"].as_str() {
            Some(t) if t != previous => return t.to_string(),
            _ => tokio::time::sleep(Duration::from_millis(300)).await,
        }
    }
}

/// Opens a table of `boards` boards where `c` sits South and robots fill the other seats;
/// returns its id.
pub async fn open_robots_table(c: &mut Client, name: &str, boards: u32) -> String {
    c.send(json!({"type": "create_table", "name": name, "boards": boards, "robots": true, "seat": "South"})).await;
    c.until("created", |v| v["type"] == "created").await["table"].as_str().unwrap().to_string()
}

/// Plays at a new table of `boards` boards with three robots, from South (passes, then the first
/// legal card) until board `until` is over; returns the table id and the last view.
pub async fn robots_table(c: &mut Client, name: &str, boards: u32, until: u32) -> (String, Value) {
    let table = open_robots_table(c, name, boards).await;
    loop {
        let v = c.view().await;
        if v["phase"] == "over" && v["board"] == until {
            return (table, v);
        }
        play_on(c, &table, &v).await;
    }
}

/// The cards of a game record in the order played.
pub fn cards_in_order(g: &tenace_formats::GameRecord) -> Vec<tenace_core::Card> {
    let trump = g.contract.and_then(tenace_formats::RecordedContract::trump);
    g.play.as_ref().map(|p| p.in_order(trump).into_iter().filter_map(|(_, c)| c.card).collect()).unwrap_or_default()
}

/// `tenace solve --play`'s analysis of a record (crates/tenace/src/solve.rs, the same library
/// call on the record's play): each step's legal cards with their values in declarer's tricks,
/// sorted by card.
pub fn solve_play(g: &tenace_formats::GameRecord) -> Vec<Vec<(String, u8)>> {
    let deal = g.deal.expect("a deal");
    let contract = g.final_contract().expect("a contract");
    let steps = tenace_dds::analyse_play(&deal, contract.strain(), g.declarer.expect("a declarer"), &cards_in_order(g)).expect("a legal play");
    steps
        .iter()
        .map(|s| {
            let mut v: Vec<(String, u8)> = s.cards.iter().map(|r| (r.card.to_string(), r.tricks)).collect();
            v.sort();
            v
        })
        .collect()
}

pub fn is_view(v: &Value) -> bool {
    v["type"] == "view"
}

/// Applies a view patch to `view` as docs/protocol.md says a client does.
pub fn apply_patch(view: &mut Value, patch: &Value) {
    let v = view.as_object_mut().unwrap();
    for (k, x) in patch["changed"].as_object().into_iter().flatten() {
        v.insert(k.clone(), x.clone());
    }
    for (k, x) in patch["extended"].as_object().into_iter().flatten() {
        let kept = x[0].as_u64().unwrap() as usize;
        let mut list = v[k].as_array().unwrap()[..kept].to_vec();
        list.extend(x[1].as_array().unwrap().iter().cloned());
        v.insert(k.clone(), Value::Array(list));
    }
    for k in patch["removed"].as_array().into_iter().flatten() {
        v.remove(k.as_str().unwrap());
    }
}
