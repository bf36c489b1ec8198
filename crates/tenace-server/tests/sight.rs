//! Who may see a deal, over the wire (docs/protocol.md, "Who may see a deal": Laws 16, 73B1,
//! 76, 81C; `crates/tenace-server/src/sight.rs`). The single-room property test
//! (`crates/tenace-online/tests/hidden.rs`) checks one room's views; this one drives a real
//! server, on SQLite and (with `TENACE_TEST_POSTGRES`) PostgreSQL, with a seeded random walk
//! per seed: three tables on the same board set (two with robots; one of the three lets its
//! kibitzers see all hands), five people plus the Director (four of them with a second
//! connection) who join and leave seats, kibitz with or without a hand, play legal calls and
//! cards (now and then a claim), start the next board, chat privately, drop and reconnect;
//! and the Director (who also plays, so is sometimes refused) and an assistant Director (who
//! plays nothing) are called to the tables at the desk (`POST /api/rulings {"table": …}`) or
//! reopen a ruling. Refusals are expected; robots play on by themselves.
//!
//! Every message every connection receives, and every desk answer, is scanned, and the
//! [`Checker`] asserts, per person (across all their connections, all tables of the set and the
//! desk) and per board:
//!
//! - each view shows only the hands its viewer may see (own seat or the watched hand, dummy
//!   after the opening lead, a pending claimer's hand to the opponents, all four to kibitzers
//!   of a table that allows it, dummy only to a `public` viewer), and no other card anywhere
//!   in the message; messages other than views carry no card at all;
//! - a person holds at most one seat (one table) during a board in progress;
//! - once a person has held a seat during board b, every hand of b they were shown — before or
//!   after sitting, on any connection, at any table of the set, or at the desk — while b was
//!   still in progress at the table where they played it, is their own seat's, that table's
//!   dummy, or a claimer's (shown to the claimer's opponents while the claim is pending);
//! - a connection of a player who left a board in progress watches it as `public`;
//! - a private chat line is read only by its sender and by the person who sat in the seat it
//!   was sent to when it was sent.
//!
//! Ordering across connections is only known at step boundaries (every step ends with a ping
//! answered on every connection and a barrier through the table's own queue), so the
//! "still in progress" condition for a hand seen at another table or at the desk is proven by
//! a probe: a barrier through the player's own table's queue, sent after the hand arrived,
//! still finds that board in progress. A run must also not be vacuous: some seats refused under
//! Law 16, some boards finished, some desk rulings opened and some refused (403); how many
//! boards finish in a seed's steps depends on the robots' pace, so a seed after which none has
//! yet walks on (at most as many steps again) until one has.
//! `the_checker_catches_fabricated_leaks` shows the checker fails on each kind of leak.

mod support;

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use support::{config, databases, register, Client};
use tokio_tungstenite::tungstenite::Message;

const SEATS: [&str; 4] = ["North", "East", "South", "West"];
/// The players; the last two names are the Director (who also plays) and the observer (who
/// follows every table without a hand, for barriers and probes, never sits, and is also an
/// assistant Director at the desk).
const NAMES: [&str; 7] = ["ada", "bram", "cleo", "dov", "eun", "director", "obs"];
const DIRECTOR: usize = 5;
const OBSERVER: usize = 6;
/// Persons with a second connection.
const TWO_CONNECTIONS: [usize; 4] = [0, 1, 2, DIRECTOR];
const SEEDS: [u64; 3] = [11, 23, 37];
const STEPS: usize = 90;
/// How long the server may take to answer a ping or a barrier before the test gives up.
const PATIENCE: Duration = Duration::from_secs(60);
/// The connection id of the desk (HTTP) in stamps.
const DESK: usize = usize::MAX;

fn seat_index(v: &Value) -> Option<usize> {
    SEATS.iter().position(|s| v.as_str() == Some(s))
}

fn names(hands: &BTreeSet<usize>) -> String {
    let v: Vec<&str> = hands.iter().map(|&i| SEATS[i]).collect();
    format!("[{}]", v.join(", "))
}

/// Every card token (`"SA"`, `"HT"` …) in a JSON text.
fn cards_in(json: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    let b = json.as_bytes();
    for i in 0..b.len().saturating_sub(3) {
        if b[i] == b'"' && b[i + 3] == b'"' && b"SHDC".contains(&b[i + 1]) && b"23456789TJQKA".contains(&b[i + 2]) {
            out.insert(json[i + 1..i + 3].to_string());
        }
    }
    out
}

/// A tiny deterministic generator (splitmix64): the walk depends only on the seed and on what
/// the server answers (robots' timing).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

// ---------------------------------------------------------------------------------------------
// The checker: what was received, and the verdict.
// ---------------------------------------------------------------------------------------------

/// When a message arrived: the step (`window`), the connection, and the arrival order. Messages
/// of one connection keep the order in which the server queued them; across connections only
/// the step boundaries order them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    window: u64,
    conn: usize,
    seq: u64,
}

impl Stamp {
    fn surely_before(self, other: Stamp) -> bool {
        self.window < other.window || (self.window == other.window && self.conn == other.conn && self.seq < other.seq)
    }
}

/// Hands of a board shown to a person: by a view of a table, or at the Director's desk.
#[derive(Debug)]
struct Sighting {
    person: String,
    set: String,
    board: u32,
    table: String,
    desk: bool,
    over: bool,
    hands: BTreeSet<usize>,
    at: Stamp,
    /// A probe after this arrived found the board still in progress at the table where the
    /// person held a seat during it.
    confirmed: bool,
    what: String,
}

/// A private line the walk sent: from which connection, at which table, to which seat; the
/// person who sat there when it was sent (read from the sender's first view showing the line).
struct SentChat {
    conn: usize,
    table: String,
    to: usize,
    recipient: Option<String>,
}

/// (person, set id, board) -> (table, seat) held during that board in progress -> first seen.
type Seatings = BTreeMap<(String, String, u32), BTreeMap<(String, usize), Stamp>>;

#[derive(Default)]
struct Checker {
    /// Tables whose kibitzers see all four hands (Law 76B1).
    see_all: HashSet<String>,
    seatings: Seatings,
    sightings: Vec<Sighting>,
    /// (table, board) -> dummy, once the opening lead was faced.
    dummies: HashMap<(String, u32), usize>,
    /// (table, board) -> seats that claimed.
    claimers: HashMap<(String, u32), BTreeSet<usize>>,
    /// (connection, table, board) where the connection was shown a seat of a board in progress.
    seat_views: HashSet<(usize, String, u32)>,
    chats: HashMap<String, SentChat>,
    /// (reader, text, sender) of private lines read by someone other than their sender.
    receipts: Vec<(String, String, String)>,
    /// Sightings to prove "still in progress" for: (sighting, the person's table).
    probes: Vec<(usize, String)>,
    violations: Vec<String>,
    /// What the walk did, by step (`window`): the context printed with a violation, so that a
    /// failure seen once (in CI) shows its interleaving.
    log: Vec<(u64, String)>,
    views: usize,
    boards_over: BTreeSet<(String, u32)>,
}

impl Checker {
    fn violation(&mut self, v: String) {
        self.violations.push(v);
    }

    /// A message that is not a view: it must carry no card.
    fn other(&mut self, person: &str, msg: &Value) {
        let cards = cards_in(&msg.to_string());
        if !cards.is_empty() {
            self.violation(format!("[card outside a view] {person} received cards {cards:?} in {msg}"));
        }
    }

    fn view(&mut self, person: &str, at: Stamp, v: &Value) {
        self.views += 1;
        let table = v["table"].as_str().unwrap_or_default().to_string();
        let set = v["set_id"].as_str().unwrap_or_default().to_string();
        let board = v["board"].as_u64().unwrap_or(0) as u32;
        let over = v["phase"] == "over";
        let seats = v["seats"].as_array().cloned().unwrap_or_default();
        let shown: BTreeSet<usize> = (0..4).filter(|&i| seats.get(i).is_some_and(|s| !s["cards"].is_null())).collect();
        let lead_made = v["tricks"].as_array().is_some_and(|t| !t.is_empty());
        let dummy = seat_index(&v["declarer"]).filter(|_| lead_made).map(|d| (d + 2) % 4);
        let claimer = seat_index(&v["claim"]["claimer"]);
        let kind = v["viewer"]["kind"].as_str().unwrap_or("").to_string();
        let eye = match kind.as_str() {
            "seat" => seat_index(&v["viewer"]["seat"]),
            "kibitzer" => seat_index(&v["viewer"]["watching"]),
            _ => None,
        };
        let what = format!("{person} was shown {} of board {board} at {table} (viewer {}, phase {})", names(&shown), v["viewer"], v["phase"]);
        if over {
            self.boards_over.insert((table.clone(), board));
        } else {
            if let Some(d) = dummy {
                self.dummies.insert((table.clone(), board), d);
            }
            if let Some(c) = claimer {
                self.claimers.entry((table.clone(), board)).or_default().insert(c);
            }
            // What this one view may show its viewer.
            let mut allowed: BTreeSet<usize> = dummy.into_iter().collect();
            if let Some(e) = eye {
                allowed.insert(e);
                allowed.extend(claimer.filter(|c| c % 2 != e % 2));
            }
            if kind == "kibitzer" && self.see_all.contains(&table) {
                allowed.extend(0..4);
            }
            if !["seat", "kibitzer", "public"].contains(&kind.as_str()) || (kind == "seat" && eye.is_none()) {
                self.violation(format!("[unknown viewer] {person}: a view with viewer {}", v["viewer"]));
            }
            if !shown.is_subset(&allowed) {
                self.violation(format!("[view shows a hand its viewer may not see] {what}: this viewer may see only {}", names(&allowed)));
            }
            // No card of a hidden hand anywhere else in the message.
            let mut known: HashSet<String> = HashSet::new();
            for i in &shown {
                known.extend(seats[*i]["cards"].as_array().into_iter().flatten().filter_map(|c| c.as_str().map(str::to_string)));
            }
            for t in v["tricks"].as_array().into_iter().flatten() {
                known.extend(t["cards"].as_array().into_iter().flatten().filter_map(|c| c["card"].as_str().map(str::to_string)));
            }
            let leaked: Vec<String> = cards_in(&v.to_string()).difference(&known).cloned().collect();
            if !leaked.is_empty() {
                self.violation(format!("[unseen card named in a view] {what}: the view also names {leaked:?}"));
            }
            if kind == "seat" {
                if let Some(s) = eye {
                    let sitter = seats.get(s).map(|x| x["name"].clone()).unwrap_or_default();
                    if sitter != json!(person) {
                        self.violation(format!(
                            "[seat view for a seat the person does not hold] {person} was shown {table} as {} where {sitter} sits",
                            SEATS[s]
                        ));
                    }
                    let held = self.seatings.entry((person.to_string(), set.clone(), board)).or_default();
                    if let std::collections::btree_map::Entry::Vacant(e) = held.entry((table.clone(), s)) {
                        e.insert(at);
                        self.log.push((at.window, format!("{person} first shown {} at {table}, board {board} ({}), {at:?}", SEATS[s], v["phase"])));
                    }
                    self.seat_views.insert((at.conn, table.clone(), board));
                }
            }
            if kind == "kibitzer" && self.seat_views.contains(&(at.conn, table.clone(), board)) {
                self.violation(format!(
                    "[departed player not public] {what}: this connection was shown a seat of this board before; a player who left it watches it as public"
                ));
            }
        }
        let hands: BTreeSet<usize> = if over { (0..4).collect() } else { shown };
        self.sight(person, &set, board, &table, false, over, hands, at, what);
        for line in v["chat"].as_array().into_iter().flatten() {
            if line["audience"]["kind"] != "private" {
                continue;
            }
            let text = line["text"].as_str().unwrap_or_default().to_string();
            let from = line["from"].as_str().unwrap_or_default().to_string();
            if let Some(sent) = self.chats.get_mut(&text) {
                if sent.conn == at.conn && sent.table == table && sent.recipient.is_none() {
                    let name = seats.get(sent.to).map(|s| s["name"].as_str().unwrap_or("(nobody)").to_string());
                    sent.recipient = name;
                }
            }
            if from != person {
                self.receipts.push((person.to_string(), text, from));
            }
        }
    }

    /// A desk answer (`{"id", "origin", "reply", "desk": {...}}`) about board `desk.board` of
    /// `table`'s set: all four hands.
    fn desk(&mut self, person: &str, at: Stamp, set: &str, table: &str, answer: &Value) {
        let d = &answer["desk"];
        let board = d["board"].as_u64().unwrap_or(0) as u32;
        let over = !d["result"].is_null();
        let hands: BTreeSet<usize> = (0..4).filter(|&i| d["hands"][i]["cards"].is_array()).collect();
        let what = format!("{person} was shown {} of board {board} of {table} at the Director's desk ({})", names(&hands), answer["origin"]);
        self.sight(person, set, board, table, true, over, hands, at, what);
    }

    #[allow(clippy::too_many_arguments)]
    fn sight(&mut self, person: &str, set: &str, board: u32, table: &str, desk: bool, over: bool, hands: BTreeSet<usize>, at: Stamp, what: String) {
        if hands.is_empty() {
            return;
        }
        let id = self.sightings.len();
        if let Some(held) = self.seatings.get(&(person.to_string(), set.to_string(), board)) {
            for (a, s) in held.keys() {
                if (desk || a != table) && hands.iter().any(|h| h != s) {
                    self.probes.push((id, a.clone()));
                }
            }
        }
        self.sightings.push(Sighting {
            person: person.to_string(),
            set: set.to_string(),
            board,
            table: table.to_string(),
            desk,
            over,
            hands,
            at,
            confirmed: false,
            what,
        });
    }

    /// A probe of sighting `id`: the person's table was at `board`, `phase` after it arrived.
    fn probed(&mut self, id: usize, board: u32, phase: &str) {
        let s = &mut self.sightings[id];
        if board < s.board || (board == s.board && phase != "over") {
            s.confirmed = true;
        }
    }

    fn chat_sent(&mut self, text: &str, conn: usize, table: &str, to: usize) {
        self.chats.insert(text.to_string(), SentChat { conn, table: table.to_string(), to, recipient: None });
    }

    /// Has `person` been shown a hand of board `board` or a later board of `set`?
    fn has_seen(&self, person: &str, set: &str, board: u32) -> bool {
        self.sightings.iter().any(|x| x.person == person && x.set == set && x.board >= board)
    }

    /// The walk's log from step `from` to step `to`, at most 60 lines.
    fn steps(&self, from: u64, to: u64) -> String {
        let lines: Vec<String> = self.log.iter().filter(|(w, _)| (from..=to).contains(w)).map(|(w, l)| format!("    [{w}] {l}")).collect();
        let skip = lines.len().saturating_sub(60);
        lines[skip..].join("\n")
    }

    fn take_probes(&mut self) -> Vec<(usize, String)> {
        std::mem::take(&mut self.probes)
    }

    /// Everything wrong, one line each.
    fn verdict(&self) -> Vec<String> {
        let mut out = self.violations.clone();
        for ((person, set, board), held) in &self.seatings {
            if held.len() > 1 {
                let seats: Vec<String> = held.keys().map(|(t, s)| format!("{} at {t}", SEATS[*s])).collect();
                out.push(format!("[two seats in one board] {person} held {} seats during board {board} of set {set}: {seats:?}", held.len()));
            }
            let Some(((a, s), first)) = held.iter().next() else { continue };
            let mut allowed: BTreeSet<usize> = [*s].into();
            allowed.extend(self.dummies.get(&(a.clone(), *board)));
            allowed.extend(self.claimers.get(&(a.clone(), *board)).into_iter().flatten().filter(|c| *c % 2 != s % 2));
            for x in self.sightings.iter().filter(|x| x.person == *person && x.set == *set && x.board == *board) {
                if x.hands.is_subset(&allowed) {
                    continue;
                }
                let why = if !x.desk && x.table == *a {
                    (!x.over).then_some("at that very table during the board")
                } else if x.at.surely_before(*first) {
                    Some("before sitting down to play that board")
                } else if x.confirmed {
                    Some("while that board was still in progress at the table they played it at (probe)")
                } else {
                    None
                };
                if let Some(why) = why {
                    let source = if x.desk {
                        "at the desk"
                    } else if x.table == *a {
                        "by a view of that table"
                    } else {
                        "by a view of another table"
                    };
                    out.push(format!(
                        "[hand of a board one plays, seen {source} {why}] {}; {person} held {} at {a} during board {board} (may see {}); first seated view {first:?}, sighting {:?}; the steps between:\n{}",
                        x.what,
                        SEATS[*s],
                        names(&allowed),
                        x.at,
                        self.steps(first.window.min(x.at.window), x.at.window)
                    ));
                }
            }
        }
        for (reader, text, from) in &self.receipts {
            match self.chats.get(text).and_then(|c| c.recipient.as_ref()) {
                Some(r) if r == reader => {}
                r => out.push(format!("[private line read by a third person] {reader} read {from}'s private line {text:?}, which went to {r:?} (Law 73B1)")),
            }
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// The walk against a real server.
// ---------------------------------------------------------------------------------------------

enum Read {
    Msg(Value),
    Timeout,
    Closed,
}

async fn frame(client: &mut Client, wait: Duration) -> Result<Option<String>, ()> {
    loop {
        match tokio::time::timeout(wait, client.ws.next()).await {
            Err(_) => return Ok(None),
            Ok(Some(Ok(Message::Text(t)))) => return Ok(Some(t.to_string())),
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) => return Err(()),
            Ok(Some(Ok(_))) => continue,
        }
    }
}

struct Conn {
    person: usize,
    client: Option<Client>,
    /// The newest view of each table this connection received (to choose actions from).
    latest: HashMap<String, Value>,
    /// Errors received during the current step.
    errors: Vec<Value>,
}

#[derive(Debug, Default)]
struct Stats {
    steps: usize,
    /// Steps walked after a seed's `STEPS` because no board had finished yet.
    extra_steps: usize,
    seat_refusals_law16: usize,
    seats_taken: usize,
    watch_refusals_law16: usize,
    desk_opened: usize,
    desk_refused_403: usize,
    calls_and_cards: usize,
    claims: usize,
    next_boards: usize,
    private_lines_sent: usize,
    reconnects: usize,
    probes: usize,
}

struct Walk {
    addr: SocketAddr,
    http: reqwest::Client,
    rng: Rng,
    tokens: Vec<String>,
    conns: Vec<Conn>,
    obs: usize,
    checker: Checker,
    window: u64,
    seq: u64,
    tables: Vec<String>,
    set: String,
    rulings: Vec<(String, String)>,
    lines: u64,
    stats: Stats,
}

impl Walk {
    async fn open(&mut self, person: usize) -> usize {
        let client = Client::connect(self.addr, &self.tokens[person], NAMES[person]).await;
        self.conns.push(Conn { person, client: Some(client), latest: HashMap::new(), errors: Vec::new() });
        self.conns.len() - 1
    }

    fn live(&self, person: usize) -> Vec<usize> {
        (0..self.conns.len()).filter(|&c| self.conns[c].person == person && self.conns[c].client.is_some()).collect()
    }

    async fn conn_of(&mut self, person: usize) -> usize {
        let live = self.live(person);
        if live.is_empty() {
            return self.open(person).await;
        }
        live[self.rng.below(live.len())]
    }

    async fn send(&mut self, c: usize, v: Value) {
        if v["type"] != "ping" {
            self.checker.log.push((self.window, format!("{} (connection {c}) sends {v}", NAMES[self.conns[c].person])));
        }
        let Some(client) = self.conns[c].client.as_mut() else { return };
        if client.ws.send(Message::Text(v.to_string().into())).await.is_err() {
            self.conns[c].client = None;
        }
    }

    async fn read(&mut self, c: usize, wait: Duration) -> Read {
        let Some(client) = self.conns[c].client.as_mut() else { return Read::Closed };
        match frame(client, wait).await {
            Err(()) => {
                self.conns[c].client = None;
                Read::Closed
            }
            Ok(None) => Read::Timeout,
            Ok(Some(text)) => {
                let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
                self.observe(c, &v);
                Read::Msg(v)
            }
        }
    }

    /// Every received message goes through here.
    fn observe(&mut self, c: usize, v: &Value) {
        self.seq += 1;
        let at = Stamp { window: self.window, conn: c, seq: self.seq };
        let person = NAMES[self.conns[c].person];
        if v["type"] == "view" {
            let view = &v["view"];
            let table = view["table"].as_str().unwrap_or_default().to_string();
            self.checker.view(person, at, view);
            self.conns[c].latest.insert(table, view.clone());
            return;
        }
        self.checker.other(person, v);
        if v["type"] == "error" {
            if let (Some(t), Some(m)) = (v["table"].as_str(), v["message"].as_str()) {
                if m.contains("may not watch") {
                    self.conns[c].latest.remove(t);
                }
            }
            self.conns[c].errors.push(v.clone());
        }
    }

    /// Reads `c` until a message satisfies `pred`; panics when the server stays silent.
    async fn until(&mut self, c: usize, what: &str, pred: impl Fn(&Value) -> bool) -> Option<Value> {
        let start = Instant::now();
        loop {
            match self.read(c, PATIENCE).await {
                Read::Msg(v) if pred(&v) => return Some(v),
                Read::Msg(_) => {}
                Read::Closed => return None,
                Read::Timeout => panic!("{} (connection {c}): no {what} within {PATIENCE:?}", NAMES[self.conns[c].person]),
            }
            assert!(start.elapsed() < PATIENCE * 2, "{}: no {what} in time", NAMES[self.conns[c].person]);
        }
    }

    /// Pings `c` and reads everything queued for it before the answer.
    async fn pong(&mut self, c: usize) {
        self.send(c, json!({"type": "ping"})).await;
        self.until(c, "pong", |v| v["type"] == "pong").await;
    }

    /// Every live connection answers a ping: everything queued before is read.
    async fn sync(&mut self) {
        let live: Vec<usize> = (0..self.conns.len()).filter(|&c| self.conns[c].client.is_some()).collect();
        for &c in &live {
            self.send(c, json!({"type": "ping"})).await;
        }
        for c in live {
            self.until(c, "pong", |v| v["type"] == "pong").await;
        }
    }

    /// A barrier through `table`'s own queue: the observer's empty chat line is refused only
    /// after everything queued at the table before it; returns the table's board and phase then.
    async fn barrier(&mut self, table: &str) -> (u32, String) {
        let obs = self.obs;
        self.send(obs, json!({"type": "act", "table": table, "action": {"action": "chat", "text": ""}})).await;
        let t = table.to_string();
        self.until(obs, "the barrier", |v| v["type"] == "error" && v["table"] == t.as_str()).await.expect("the observer stays connected");
        let v = &self.conns[obs].latest[table];
        (v["board"].as_u64().unwrap_or(0) as u32, v["phase"].as_str().unwrap_or_default().to_string())
    }

    /// Ends a step: `c`'s message has reached `table`'s queue and been handled, every connection
    /// has read what was sent before, and the sightings that need it are probed.
    async fn settle(&mut self, c: Option<usize>, table: Option<&str>) {
        if let Some(c) = c {
            self.pong(c).await;
        }
        if let Some(t) = table {
            self.barrier(t).await;
        }
        self.sync().await;
        let mut by_table: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        for (id, t) in self.checker.take_probes() {
            by_table.entry(t).or_default().push(id);
        }
        for (t, ids) in by_table {
            if !self.tables.contains(&t) {
                continue;
            }
            let (board, phase) = self.barrier(&t).await;
            self.checker.log.push((self.window, format!("probe of {t}: board {board}, {phase}")));
            self.stats.probes += 1;
            for id in ids {
                self.checker.probed(id, board, &phase);
            }
        }
    }

    fn begin(&mut self) {
        self.window += 1;
        for c in &mut self.conns {
            c.errors.clear();
        }
    }

    /// A desk request by Director account `who`.
    async fn desk(&mut self, who: usize, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let url = format!("http://{}{path}", self.addr);
        let mut req = if method == "GET" { self.http.get(url) } else { self.http.post(url) };
        req = req.header("Authorization", format!("Bearer {}", self.tokens[who]));
        if let Some(b) = body {
            req = req.json(&b);
        }
        let r = req.send().await.expect("the desk answers");
        let status = r.status().as_u16();
        let answer: Value = r.json().await.unwrap_or(Value::Null);
        let said = if status == 200 { format!("board {}", answer["desk"]["board"]) } else { answer["error"].to_string() };
        self.checker.log.push((self.window, format!("{} at the desk: {method} {path} -> {status} {said}", NAMES[who])));
        (status, answer)
    }

    /// Opens a table of the set (robots in the other seats when `robots`).
    async fn create(&mut self, person: usize, name: &str, robots: bool, seat: usize, see_all: bool, boards: u32) -> String {
        let c = self.conn_of(person).await;
        let mut msg = json!({"type": "create_table", "name": name, "boards": boards, "robots": robots, "kibitzers_see_all": see_all, "seat": SEATS[seat]});
        if let Some(first) = self.tables.first() {
            msg["same_set_as"] = json!(first);
        }
        self.send(c, msg).await;
        let created = self.until(c, "created", |v| v["type"] == "created").await.expect("the creator stays connected");
        let table = created["table"].as_str().unwrap().to_string();
        if see_all {
            self.checker.see_all.insert(table.clone());
        }
        self.tables.push(table.clone());
        let obs = self.obs;
        self.send(obs, json!({"type": "watch", "table": table})).await;
        self.pong(obs).await;
        self.pong(c).await;
        self.settle(Some(c), Some(&table)).await;
        table
    }

    fn random_table(&mut self) -> String {
        let i = self.rng.below(self.tables.len());
        self.tables[i].clone()
    }

    /// The tables where `c`'s newest view shows its person seated.
    fn seated_at(&self, c: usize) -> Vec<String> {
        let mut v: Vec<String> =
            self.conns[c].latest.iter().filter(|(t, v)| self.tables.contains(t) && v["viewer"]["kind"] == "seat").map(|(t, _)| t.clone()).collect();
        v.sort();
        v
    }

    async fn step(&mut self) {
        self.begin();
        self.stats.steps += 1;
        let r = self.rng.below(100);
        if r < 46 && self.play().await {
            // People at a table without robots play on a little (robots think slowly in a
            // debug build; people do not).
            for _ in 0..3 {
                if !self.play().await {
                    break;
                }
            }
            return;
        }
        match r {
            0..=51 => self.next_board().await,
            52..=67 => self.join().await,
            68..=73 => self.leave().await,
            74..=81 => self.watch().await,
            82..=89 => self.chat().await,
            90..=95 => self.director().await,
            _ => self.reconnect().await,
        }
    }

    /// A person whose turn it is (per their newest view) calls or plays, claims now and then,
    /// or answers a claim; false when nobody is to act.
    async fn play(&mut self) -> bool {
        let mut turns: Vec<(usize, String)> = Vec::new();
        for (c, conn) in self.conns.iter().enumerate() {
            if conn.client.is_none() || conn.person == OBSERVER {
                continue;
            }
            for (t, v) in &conn.latest {
                let my_seat = v["viewer"]["seat"].clone();
                let answer = v["phase"] == "claim" && v["claim"]["awaiting"].as_array().is_some_and(|a| a.contains(&my_seat));
                if self.tables.contains(t) && (answer || (v["your_turn"] == true && v["phase"] != "claim")) {
                    turns.push((c, t.clone()));
                }
            }
        }
        if turns.is_empty() {
            return false;
        }
        turns.sort();
        let (c, t) = turns[self.rng.below(turns.len())].clone();
        let v = self.conns[c].latest[&t].clone();
        let action = if v["phase"] == "claim" {
            json!({"action": "answer_claim", "accept": true})
        } else if v["phase"] == "auction" {
            let calls = v["legal_calls"].as_array().cloned().unwrap_or_default();
            let call = if self.rng.chance(80) || calls.is_empty() { json!("Pass") } else { calls[self.rng.below(calls.len())].clone() };
            json!({"action": "call", "call": call})
        } else if self.rng.chance(5) {
            // Conceding the rest, which robots and people accept: a disputed claim carried over
            // to the desk makes it run its Law 70 search, seconds long in a debug build.
            self.stats.claims += 1;
            json!({"action": "claim", "tricks": 0, "statement": "the rest are yours"})
        } else {
            let cards = v["legal_cards"].as_array().cloned().unwrap_or_default();
            if cards.is_empty() {
                return false;
            }
            json!({"action": "play", "card": cards[self.rng.below(cards.len())].clone()})
        };
        self.stats.calls_and_cards += 1;
        self.send(c, json!({"type": "act", "table": t, "action": action})).await;
        self.settle(Some(c), Some(&t)).await;
        true
    }

    async fn next_board(&mut self) {
        let mut over: Vec<(usize, String)> = Vec::new();
        for (c, conn) in self.conns.iter().enumerate() {
            for (t, v) in &conn.latest {
                if conn.client.is_some() && self.tables.contains(t) && v["phase"] == "over" && v["viewer"]["kind"] == "seat" && v["board"] != v["boards"] {
                    over.push((c, t.clone()));
                }
            }
        }
        if over.is_empty() {
            return self.join().await;
        }
        over.sort();
        let (c, t) = over[self.rng.below(over.len())].clone();
        self.stats.next_boards += 1;
        self.send(c, json!({"type": "act", "table": t, "action": {"action": "next_board"}})).await;
        self.settle(Some(c), Some(&t)).await;
    }

    /// Someone (the Director too) takes a seat: often an empty or robot's seat, by a person who
    /// (as far as the walk knows) sits nowhere and has seen nothing of that board, so boards go
    /// on; otherwise a random seat at a random table, by anyone.
    async fn join(&mut self) {
        if self.rng.chance(55) {
            let mut open: Vec<(String, usize, u32)> = Vec::new();
            for t in &self.tables {
                let Some(v) = self.conns[self.obs].latest.get(t) else { continue };
                for (i, s) in v["seats"].as_array().into_iter().flatten().enumerate() {
                    if s["name"].is_null() || s["robot"] == true {
                        open.push((t.clone(), i, v["board"].as_u64().unwrap_or(1) as u32));
                    }
                }
            }
            let empty: Vec<(String, usize, u32)> =
                open.iter().filter(|(t, i, _)| self.conns[self.obs].latest[t]["seats"][*i]["name"].is_null()).cloned().collect();
            let choice = if !empty.is_empty() && self.rng.chance(75) { &empty } else { &open };
            if !choice.is_empty() {
                let (t, seat, board) = choice[self.rng.below(choice.len())].clone();
                let free: Vec<usize> = (0..6)
                    .filter(|&p| self.live(p).into_iter().all(|c| self.seated_at(c).is_empty()) && !self.checker.has_seen(NAMES[p], &self.set, board))
                    .collect();
                if !free.is_empty() {
                    let person = free[self.rng.below(free.len())];
                    let c = self.conn_of(person).await;
                    return self.sit(c, t, SEATS[seat]).await;
                }
            }
        }
        let person = self.rng.below(6);
        let c = self.conn_of(person).await;
        let t = self.random_table();
        let seat = SEATS[self.rng.below(4)];
        self.sit(c, t, seat).await;
    }

    /// `c` asks for `seat` at `t`: by `join`, or by the `sit` action when following `t`.
    async fn sit(&mut self, c: usize, t: String, seat: &str) {
        let msg = if self.rng.chance(25) && self.conns[c].latest.contains_key(&t) {
            json!({"type": "act", "table": t, "action": {"action": "sit", "seat": seat}})
        } else {
            json!({"type": "join", "table": t, "seat": seat})
        };
        self.send(c, msg).await;
        self.settle(Some(c), Some(&t)).await;
        if self.conns[c].errors.iter().any(|e| e["law"] == "16") {
            self.stats.seat_refusals_law16 += 1;
        } else if self.conns[c].latest.get(&t).is_some_and(|v| v["viewer"]["seat"] == seat) {
            self.stats.seats_taken += 1;
        }
    }

    /// A seated person leaves: by the `leave` message (the connection stops following) or the
    /// `leave` action (it watches on, as `public`).
    async fn leave(&mut self) {
        let person = self.rng.below(6);
        let c = self.conn_of(person).await;
        let mut seated: Vec<String> = self.live(person).into_iter().flat_map(|c| self.seated_at(c)).collect();
        seated.sort();
        seated.dedup();
        let t = if !seated.is_empty() && self.rng.chance(85) { seated[self.rng.below(seated.len())].clone() } else { self.random_table() };
        if self.rng.chance(40) {
            self.send(c, json!({"type": "leave", "table": t})).await;
            self.conns[c].latest.remove(&t);
        } else {
            self.send(c, json!({"type": "act", "table": t, "action": {"action": "leave"}})).await;
        }
        self.settle(Some(c), Some(&t)).await;
    }

    async fn watch(&mut self) {
        let person = self.rng.below(6);
        let c = self.conn_of(person).await;
        let t = self.random_table();
        let msg =
            if self.rng.chance(50) { json!({"type": "watch", "table": t}) } else { json!({"type": "watch", "table": t, "seat": SEATS[self.rng.below(4)]}) };
        self.send(c, msg).await;
        self.settle(Some(c), Some(&t)).await;
        if self.conns[c].errors.iter().any(|e| e["law"] == "16") {
            self.stats.watch_refusals_law16 += 1;
        }
    }

    /// A private line to a random seat, from a table where the sender sits if any.
    async fn chat(&mut self) {
        let person = self.rng.below(6);
        let c = self.conn_of(person).await;
        let seated = self.seated_at(c);
        let t = if seated.is_empty() { self.random_table() } else { seated[self.rng.below(seated.len())].clone() };
        // Mostly to a seat where another person sits (per the sender's newest view).
        let people: Vec<usize> = self.conns[c].latest.get(&t).map_or(Vec::new(), |v| {
            (0..4).filter(|&i| v["seats"][i]["robot"] == false && !v["seats"][i]["name"].is_null() && v["seats"][i]["name"] != NAMES[person]).collect()
        });
        let to = if !people.is_empty() && self.rng.chance(75) { people[self.rng.below(people.len())] } else { self.rng.below(4) };
        self.lines += 1;
        let text = format!("line {} from {}", self.lines, NAMES[person]);
        self.checker.chat_sent(&text, c, &t, to);
        self.stats.private_lines_sent += 1;
        self.send(c, json!({"type": "act", "table": t, "action": {"action": "chat", "text": text, "to": SEATS[to]}})).await;
        self.settle(Some(c), Some(&t)).await;
    }

    /// The Director (now and then the assistant, who plays nothing) is called to a random
    /// table, or reopens a ruling of this set.
    async fn director(&mut self) {
        let who = if self.rng.chance(25) { OBSERVER } else { DIRECTOR };
        if !self.rulings.is_empty() && self.rng.chance(30) {
            let (id, table) = self.rulings[self.rng.below(self.rulings.len())].clone();
            let (status, answer) = self.desk(who, "GET", &format!("/api/rulings/{id}"), None).await;
            self.desk_answer(who, status, &answer, &table);
        } else {
            let t = self.random_table();
            self.called_to(who, &t).await;
        }
        self.settle(None, None).await;
    }

    /// Director account `who` is called to `table` (`POST /api/rulings {"table": …}`).
    async fn called_to(&mut self, who: usize, table: &str) {
        let (status, answer) = self.desk(who, "POST", "/api/rulings", Some(json!({"table": table}))).await;
        if status == 200 {
            self.rulings.push((answer["id"].as_str().unwrap_or_default().to_string(), table.to_string()));
        }
        self.desk_answer(who, status, &answer, table);
    }

    /// A desk answer about `table`'s board: the hands shown (200), or a refusal saying why (403).
    fn desk_answer(&mut self, who: usize, status: u16, answer: &Value, table: &str) {
        match status {
            200 => {
                self.stats.desk_opened += 1;
                self.seq += 1;
                let at = Stamp { window: self.window, conn: DESK, seq: self.seq };
                let set = self.set.clone();
                self.checker.desk(NAMES[who], at, &set, table, answer);
            }
            403 => {
                self.stats.desk_refused_403 += 1;
                assert!(answer["error"].as_str().is_some_and(|e| e.contains("Law 16")), "a 403 says why: {answer}");
            }
            s => panic!("the desk answered {s}: {answer}"),
        }
    }

    /// A connection drops and its person connects again (following nothing yet).
    async fn reconnect(&mut self) {
        let person = self.rng.below(6);
        let c = self.conn_of(person).await;
        if let Some(mut client) = self.conns[c].client.take() {
            let _ = client.ws.close(None).await;
        }
        self.stats.reconnects += 1;
        let n = self.open(person).await;
        self.settle(Some(n), None).await;
    }

    /// One seed: three tables on one set, the random steps, then everyone leaves and the
    /// Director is called to each table.
    async fn run_seed(&mut self, seed: u64) {
        self.rng = Rng(seed);
        self.tables.clear();
        self.rulings.clear();
        let boards = 2 + (seed % 2) as u32;
        let a = self.create(0, &format!("A{seed}"), true, 2, false, boards).await;
        self.set = self.conns.iter().find_map(|c| c.latest.get(&a).map(|v| v["set_id"].as_str().unwrap().to_string())).expect("the set id");
        self.create(1, &format!("B{seed}"), true, 0, seed & 1 == 1, boards).await;
        self.create(DIRECTOR, &format!("C{seed}"), false, 1, seed & 1 == 0, boards).await;
        // The Director, seated at C, is refused at the desk; the assistant is not.
        self.begin();
        self.called_to(DIRECTOR, &a).await;
        self.called_to(OBSERVER, &a).await;
        self.settle(None, None).await;
        for _ in 0..STEPS {
            self.step().await;
        }
        // The walk is not vacuous only if some board finished; how many do in STEPS depends on
        // the robots' pace (a debug build, a loaded machine), so until one has, the walk goes
        // on a while longer.
        for _ in 0..STEPS {
            if !self.checker.boards_over.is_empty() {
                break;
            }
            self.stats.extra_steps += 1;
            self.step().await;
        }
        // Everyone leaves every table; then the Director, seated nowhere now, is called to each.
        self.begin();
        let tables = self.tables.clone();
        for person in 0..6 {
            self.conn_of(person).await;
            for c in self.live(person) {
                for t in &tables {
                    self.send(c, json!({"type": "leave", "table": t})).await;
                    self.conns[c].latest.remove(t);
                }
                self.pong(c).await;
            }
        }
        for t in &tables {
            self.barrier(t).await;
        }
        self.settle(None, None).await;
        for t in &tables {
            self.begin();
            self.called_to(DIRECTOR, t).await;
            self.settle(None, None).await;
        }
        let obs = self.obs;
        for t in &tables {
            self.send(obs, json!({"type": "leave", "table": t})).await;
        }
        self.pong(obs).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn law_16_nobody_sees_a_hand_of_a_board_they_play_over_random_seat_changes_kibitzing_and_the_desk() {
    let mut failures: Vec<String> = Vec::new();
    for db in databases("sight").await {
        let started = Instant::now();
        // No robots' comparison tables (whole boards solved in the background: they only load
        // the machine here); the observer is an assistant Director too (it never sits).
        let club = tenace_server::ClubConfig { robot_comparison: false, directors: vec![NAMES[DIRECTOR].into(), NAMES[OBSERVER].into()], ..config() };
        let server = tenace_server::start("127.0.0.1:0", &db, club).await.unwrap();
        let addr = server.addr;
        let tokens = futures_util::future::join_all(NAMES.iter().map(|n| register(addr, n))).await;
        let mut walk = Walk {
            addr,
            http: reqwest::Client::new(),
            rng: Rng(0),
            tokens,
            conns: Vec::new(),
            obs: 0,
            checker: Checker::default(),
            window: 0,
            seq: 0,
            tables: Vec::new(),
            set: String::new(),
            rulings: Vec::new(),
            lines: 0,
            stats: Stats::default(),
        };
        walk.obs = walk.open(OBSERVER).await;
        for person in 0..6 {
            walk.open(person).await;
            if TWO_CONNECTIONS.contains(&person) {
                walk.open(person).await;
            }
        }
        for seed in SEEDS {
            walk.run_seed(seed).await;
        }
        // What the robots still sent is scanned too.
        tokio::time::sleep(Duration::from_millis(300)).await;
        walk.settle(None, None).await;
        let c = &walk.checker;
        let summary = format!(
            "{db}: {:?}; {} views, {} sightings, {} seatings, {} boards over, {} private lines read by others, in {:.1} s",
            walk.stats,
            c.views,
            c.sightings.len(),
            c.seatings.len(),
            c.boards_over.len(),
            c.receipts.len(),
            started.elapsed().as_secs_f64()
        );
        eprintln!("{summary}");
        // Not vacuous.
        let mut problems: Vec<String> = Vec::new();
        let s = &walk.stats;
        for (ok, what) in [
            (s.seat_refusals_law16 > 0, "no seat was refused under Law 16"),
            (s.seats_taken > 0, "nobody sat down"),
            (!c.boards_over.is_empty(), "no board finished"),
            (s.desk_opened > 0, "no desk ruling was opened"),
            (s.desk_refused_403 > 0, "no desk ruling was refused (403)"),
            (c.sightings.len() > 100, "few hands were shown"),
        ] {
            if !ok {
                problems.push(format!("[vacuous run] {what}"));
            }
        }
        problems.extend(c.verdict());
        if !problems.is_empty() {
            let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
            for v in &problems {
                *kinds.entry(v.split(']').next().unwrap_or_default().trim_start_matches('[').to_string()).or_default() += 1;
            }
            failures.push(format!(
                "{summary}\n{} problems, by kind: {kinds:#?}\nthe first ones:\n{}",
                problems.len(),
                problems.iter().take(8).cloned().collect::<Vec<_>>().join("\n")
            ));
        }
        server.task.abort();
    }
    assert!(failures.is_empty(), "who may see a deal:\n\n{}", failures.join("\n\n"));
}

// ---------------------------------------------------------------------------------------------
// The checker itself can fail.
// ---------------------------------------------------------------------------------------------

/// A view as the server writes it, with only the fields the checker reads.
fn fake_view(table: &str, board: u32, phase: &str, viewer: Value, names: [&str; 4], shown: &[(usize, &[&str])], chat: Value) -> Value {
    let seats: Vec<Value> = (0..4)
        .map(|i| {
            let cards = shown.iter().find(|(s, _)| *s == i).map(|(_, c)| json!(c)).unwrap_or(Value::Null);
            json!({"seat": SEATS[i], "name": names[i], "robot": names[i] == "Robot", "cards": cards, "card_count": 13})
        })
        .collect();
    json!({"table": table, "set_id": "set1", "viewer": viewer, "board": board, "boards": 2, "seats": seats, "phase": phase,
           "declarer": null, "tricks": [], "claim": null, "chat": chat, "your_turn": false})
}

fn stamp(window: u64, conn: usize) -> Stamp {
    Stamp { window, conn, seq: window * 100 + (conn % 100) as u64 }
}

const SOUTH: &[&str] = &["SA", "SK"];
const EAST: &[&str] = &["HA", "HK"];
const AT_A: [&str; 4] = ["Robot", "Robot", "pat", "Robot"];

/// pat sits South at tA during board 1 and sees her own hand: nothing wrong.
fn pat_at_a() -> Checker {
    let mut c = Checker::default();
    let v = fake_view("tA", 1, "auction", json!({"kind": "seat", "seat": "South"}), AT_A, &[(2, SOUTH)], json!([]));
    c.view("pat", stamp(1, 1), &v);
    assert!(c.verdict().is_empty(), "{:?}", c.verdict());
    c
}

#[test]
fn the_checker_catches_fabricated_leaks() {
    let kibitz_east = json!({"kind": "kibitzer", "watching": "East"});
    let at_b = ["Robot", "Robot", "Robot", "Robot"];

    // After leaving tA mid-board, pat watches East at tB; a probe finds tA's board 1 still in
    // progress: caught. The same with tA's board over by then: fine.
    for (phase, caught) in [("play", true), ("over", false)] {
        let mut c = pat_at_a();
        c.view("pat", stamp(2, 2), &fake_view("tB", 1, "auction", kibitz_east.clone(), at_b, &[(1, EAST)], json!([])));
        let probes = c.take_probes();
        assert_eq!(probes.len(), 1, "a hand seen elsewhere is probed");
        c.probed(probes[0].0, 1, phase);
        assert_eq!(!c.verdict().is_empty(), caught, "tA {phase}: {:?}", c.verdict());
    }

    // Partner's hand in a seat's view.
    let mut c = Checker::default();
    c.view("pat", stamp(1, 1), &fake_view("tA", 1, "auction", json!({"kind": "seat", "seat": "South"}), AT_A, &[(2, SOUTH), (0, &["DA"])], json!([])));
    assert!(!c.verdict().is_empty(), "partner's hand shown");

    // A hidden card named elsewhere in a view (here in a chat line).
    let mut c = Checker::default();
    let chat = json!([{"from": "x", "seat": null, "audience": {"kind": "all"}, "text": "HA"}]);
    c.view("pat", stamp(1, 1), &fake_view("tA", 1, "auction", json!({"kind": "seat", "seat": "South"}), AT_A, &[(2, SOUTH)], chat));
    assert!(!c.verdict().is_empty(), "a card outside the hands");

    // A card in a message that is not a view.
    let mut c = Checker::default();
    c.other("pat", &json!({"type": "error", "message": "x", "card": "SA"}));
    assert!(!c.verdict().is_empty(), "a card outside a view");

    // All four hands at the desk, then a seat during that board.
    let mut c = Checker::default();
    let desk = json!({"origin": "table tB, board 1", "desk": {"board": 1, "result": null,
        "hands": [{"seat": "N", "cards": ["DA"]}, {"seat": "E", "cards": EAST}, {"seat": "S", "cards": SOUTH}, {"seat": "W", "cards": ["CA"]}]}});
    c.desk("pat", stamp(1, DESK), "set1", "tB", &desk);
    c.view("pat", stamp(2, 1), &fake_view("tA", 1, "auction", json!({"kind": "seat", "seat": "South"}), AT_A, &[(2, SOUTH)], json!([])));
    assert!(!c.verdict().is_empty(), "the desk before sitting");

    // East's hand watched at tA itself, then South taken there during the same board.
    let mut c = Checker::default();
    c.view("pat", stamp(1, 1), &fake_view("tA", 1, "auction", kibitz_east.clone(), at_b, &[(1, EAST)], json!([])));
    c.view("pat", stamp(2, 1), &fake_view("tA", 1, "auction", json!({"kind": "seat", "seat": "South"}), AT_A, &[(2, SOUTH)], json!([])));
    assert!(!c.verdict().is_empty(), "a kibitzer sat down after seeing another hand");

    // Two seats during one board.
    let mut c = pat_at_a();
    c.view(
        "pat",
        stamp(2, 1),
        &fake_view("tB", 1, "auction", json!({"kind": "seat", "seat": "East"}), ["Robot", "pat", "Robot", "Robot"], &[(1, EAST)], json!([])),
    );
    assert!(!c.verdict().is_empty(), "two seats");

    // A departed player's connection shown the board as a kibitzer (not public) at tA.
    let mut c = pat_at_a();
    c.view("pat", stamp(2, 1), &fake_view("tA", 1, "auction", json!({"kind": "kibitzer", "watching": null}), ["Robot", "Robot", "", "Robot"], &[], json!([])));
    assert!(!c.verdict().is_empty(), "kibitzer after leaving");

    // A private line to East, read by whoever sits East next.
    let mut c = Checker::default();
    c.chat_sent("psst", 1, "tA", 1);
    let line = json!([{"from": "pat", "seat": "South", "audience": {"kind": "private", "from": "South", "to": "East"}, "text": "psst"}]);
    let names = ["Robot", "ed", "pat", "Robot"];
    c.view("pat", stamp(1, 1), &fake_view("tA", 1, "auction", json!({"kind": "seat", "seat": "South"}), names, &[(2, SOUTH)], line.clone()));
    c.view("ed", stamp(1, 2), &fake_view("tA", 1, "auction", json!({"kind": "seat", "seat": "East"}), names, &[(1, EAST)], line.clone()));
    assert!(c.verdict().is_empty(), "the addressee reads it: {:?}", c.verdict());
    let names = ["Robot", "fay", "pat", "Robot"];
    c.view("fay", stamp(2, 3), &fake_view("tA", 1, "auction", json!({"kind": "seat", "seat": "East"}), names, &[(1, EAST)], line));
    assert!(!c.verdict().is_empty(), "the next East read it");
}
