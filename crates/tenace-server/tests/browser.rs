//! The browser client in a real (headless) Chromium, driven through chromedriver with
//! fantoccini: a person registers, opens a table and plays a whole board by clicking the
//! bidding box and the cards, against WebSocket players or robots.
//!
//! - three WebSocket players and the browser play two boards (no robots);
//! - the browser plays a board against three robots and sees the robots' comparison;
//! - alerts, a question and its answer (20F), undo, private chat, a refusal with its Law,
//!   reload and reconnection, a rejected and an accepted claim;
//! - the lobby: sit, leave, watch (and pick a hand to watch).
//!
//! Runs when `TENACE_TEST_BROWSER=1` or `/usr/bin/chromedriver` exists; otherwise each test
//! says on stderr that it was skipped, and passes. `TENACE_TEST_SCREENSHOTS=<dir>` saves
//! screenshots of the page along the way.

mod support;

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client as Browser, ClientBuilder, Locator};
use futures_util::{FutureExt, StreamExt};
use serde_json::{json, Value};
use support::{config, databases, http, http_text, login, register, solve_play, Client};
use tokio_tungstenite::tungstenite::Message;

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// A window size the browser tests run at.
#[derive(Clone, Copy)]
struct Size {
    width: u32,
    height: u32,
    tag: &'static str,
}

const DESKTOP: Size = Size { width: 1400, height: 1800, tag: "desktop" };
/// A phone in portrait (an iPhone 12-15's CSS pixels).
const PHONE: Size = Size { width: 390, height: 844, tag: "phone" };

/// A note on the real stderr (the default harness captures `eprintln!` of passing tests).
fn note(text: &str) {
    use std::io::Write;
    eprintln!("{text}");
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// With `TENACE_TEST_SCREENSHOTS=<dir>`, saves a screenshot of the page as `<dir>/<name>.png`.
async fn snap(b: &Browser, name: &str) {
    let Ok(dir) = std::env::var("TENACE_TEST_SCREENSHOTS") else { return };
    if let Ok(png) = b.screenshot().await {
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(std::path::Path::new(&dir).join(format!("{name}.png")), png);
    }
}

/// Whether the browser tests can run here; says why not when they cannot.
fn browser_available(test: &str) -> bool {
    let forced = std::env::var("TENACE_TEST_BROWSER").is_ok_and(|v| v == "1");
    if forced || std::path::Path::new(CHROMEDRIVER).exists() {
        return true;
    }
    note(&format!(
        "NOTE {test}: browser test skipped: {CHROMEDRIVER} not found and TENACE_TEST_BROWSER is not 1 \
         (install chromium and chromium-driver, or set TENACE_TEST_BROWSER=1 to require it)"
    ));
    false
}

/// chromedriver in its own process group, killed with the browsers it started when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    #[allow(unsafe_code)] // kill, a libc call
    fn drop(&mut self) {
        // The session was closed first (chromedriver then ends Chromium); this also takes any
        // Chromium process left behind, which belongs to chromedriver's process group.
        if let Ok(pgid) = i32::try_from(self.child.id()) {
            // SAFETY: kill only sends a signal; the group is the one this test created.
            unsafe {
                libc::kill(-pgid, libc::SIGKILL);
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

async fn start_driver() -> Driver {
    let port = free_port();
    use std::os::unix::process::CommandExt;
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .process_group(0)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {CHROMEDRIVER}: {e}"));
    let driver = Driver { child, port };
    let deadline = Instant::now() + Duration::from_secs(30);
    while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
        assert!(Instant::now() < deadline, "chromedriver did not listen on port {port} within 30 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    driver
}

async fn start_browser(driver: &Driver) -> Browser {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1800"],
            "binary": CHROMIUM,
        }),
    );
    // Two TLS crypto providers are linked into the tests (fantoccini's aws-lc-rs, async-nats'
    // ring), so rustls cannot pick one by itself: name it (only loopback HTTP is used here).
    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut last = None;
    // chromedriver may refuse the very first session while it starts up.
    for _ in 0..3 {
        match ClientBuilder::rustls().expect("rustls connector").capabilities(caps.clone()).connect(&format!("http://127.0.0.1:{}", driver.port)).await {
            Ok(b) => return b,
            Err(e) => {
                last = Some(e);
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
    }
    panic!("cannot open a Chromium session: {:?}", last);
}

/// Runs `body` with a fresh headless browser; the session and chromedriver end afterwards,
/// whether the body passed or panicked.
async fn with_browser<F, Fut>(body: F)
where
    F: FnOnce(Browser) -> Fut,
    Fut: Future<Output = ()>,
{
    // At most two browsers at a time: each is a handful of processes and some hundred MB.
    static BROWSERS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);
    let _permit = BROWSERS.acquire().await.unwrap();
    let driver = start_driver().await;
    let browser = start_browser(&driver).await;
    let outcome = AssertUnwindSafe(body(browser.clone())).catch_unwind().await;
    let _ = browser.close().await;
    drop(driver);
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}

/// The club a browser test plays in (a fresh database), or `None` when no browser is installed
/// (the test is then skipped, saying so).
async fn club_for(test: &str) -> Option<tenace_server::Server> {
    if !browser_available(test) {
        return None;
    }
    let db = databases(test).await.remove(0);
    Some(tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap())
}

/// Evaluates `js` (a function body that `return`s) in the page.
async fn js(b: &Browser, script: &str) -> Value {
    b.execute(script, vec![]).await.unwrap_or(Value::Null)
}

/// What the page shows, for failure messages.
async fn page_summary(b: &Browser) -> String {
    js(
        b,
        "const t = (id) => { const e = document.getElementById(id); return e ? e.textContent : null; };
         return JSON.stringify({screen: document.body.dataset.screen, status: t('status'), error: t('messages') && !document.getElementById('messages').hidden ? t('messages') : null,
           phase: t('phase'), contract: t('contract'), turn: t('turn-info'), result: t('result')});",
    )
    .await
    .to_string()
}

/// Polls `script` until it returns something other than null/false/"" (at most `limit`).
async fn wait_js(b: &Browser, what: &str, limit: Duration, script: &str) -> Value {
    let deadline = Instant::now() + limit;
    loop {
        let v = js(b, script).await;
        let ready = !(v.is_null() || v == Value::Bool(false) || v == json!(""));
        if ready {
            return v;
        }
        if Instant::now() > deadline {
            panic!("the page never showed {what} within {limit:?}; page: {}", page_summary(b).await);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Clicks the element; a real click, or a script click when the element is covered.
async fn click(b: &Browser, css: &str) -> bool {
    let Ok(e) = b.find(Locator::Css(css)).await else { return false };
    if e.click().await.is_ok() {
        return true;
    }
    let script = format!("const e = document.querySelector({}); if (!e) return false; e.click(); return true;", json!(css));
    js(b, &script).await == Value::Bool(true)
}

async fn type_into(b: &Browser, css: &str, text: &str) {
    let e = b.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("no {css}: {e}"));
    e.clear().await.unwrap();
    e.send_keys(text).await.unwrap();
}

/// Opens the client, registers `name` through the form, and waits for the lobby.
async fn register_in_browser(b: &Browser, addr: std::net::SocketAddr, name: &str) {
    b.goto(&format!("http://{addr}/")).await.unwrap();
    wait_js(
        b,
        "the login form",
        Duration::from_secs(20),
        "const e = document.getElementById('login-name'); return !!e && !document.getElementById('login-view').hidden;",
    )
    .await;
    type_into(b, "#login-name", name).await;
    type_into(b, "#login-password", "secret-pass").await;
    assert!(click(b, "#register-button").await, "register button");
    wait_js(
        b,
        "the lobby, connected",
        Duration::from_secs(60),
        "return document.getElementById('status').dataset.state === 'connected' && !document.getElementById('lobby-view').hidden;",
    )
    .await;
    let shown = js(b, "return document.getElementById('user-name').textContent;").await;
    assert_eq!(shown, json!(name));
}

/// Fills in the new-table form and opens the table; returns its id.
async fn open_table(b: &Browser, name: &str, boards: u32, robots: bool) -> String {
    type_into(b, "#new-table-name", name).await;
    type_into(b, "#new-table-boards", &boards.to_string()).await;
    let checked = js(b, "return document.getElementById('new-table-robots').checked;").await == Value::Bool(true);
    assert!(checked, "robots are on by default");
    if checked != robots {
        assert!(click(b, "#new-table-robots").await);
    }
    b.find(Locator::Css("#new-table-seat")).await.unwrap().select_by_value("South").await.unwrap();
    assert!(click(b, "#new-table-button").await);
    let table = wait_js(
        b,
        "the table",
        Duration::from_secs(20),
        "const t = document.getElementById('table-view'); return !t.hidden && t.dataset.table ? t.dataset.table : null;",
    )
    .await;
    table.as_str().unwrap().to_string()
}

/// The state the driving loop needs, in one script call.
const TURN_STATE: &str = "
  const r = document.getElementById('result');
  return {
    phase: document.getElementById('phase').textContent,
    score: r.dataset.scoreNs === undefined ? null : r.dataset.scoreNs,
    calls: Array.from(document.querySelectorAll('button.call:not(:disabled)')).map((b) => b.dataset.call),
    cards: Array.from(document.querySelectorAll('.card.legal')).map((c) => c.dataset.card),
    bid_made: !!document.querySelector('#auction-body td.call-cell:not([data-call=\"Pass\"])'),
  };";

/// Plays the browser's side of the board until the page shows the result: a call or a card is
/// clicked whenever the page offers legal ones. `choose_call` picks from the legal calls
/// (given whether anyone has bid). Returns the number of calls and cards clicked.
async fn play_in_browser(b: &Browser, tag: &str, limit: Duration, choose_call: impl Fn(&[String], bool) -> String) -> (usize, usize) {
    let deadline = Instant::now() + limit;
    let (mut calls_made, mut cards_played) = (0, 0);
    loop {
        let s = js(b, TURN_STATE).await;
        if s["phase"] == "over" && s["score"].is_string() {
            return (calls_made, cards_played);
        }
        let calls: Vec<String> = serde_json::from_value(s["calls"].clone()).unwrap_or_default();
        let cards: Vec<String> = serde_json::from_value(s["cards"].clone()).unwrap_or_default();
        if !calls.is_empty() {
            if calls_made == 0 {
                snap(b, &format!("{tag}-bidding")).await;
            }
            let call = choose_call(&calls, s["bid_made"] == true);
            if click(b, &format!("button.call[data-call=\"{call}\"]")).await {
                calls_made += 1;
            }
        } else if let Some(card) = cards.first() {
            if cards_played == 2 {
                snap(b, &format!("{tag}-play")).await;
            }
            if click(b, &format!(".card.legal[data-card=\"{card}\"]")).await {
                cards_played += 1;
            }
        }
        if Instant::now() > deadline {
            panic!("the board did not end within {limit:?}; page: {}", page_summary(b).await);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The next view a wire client receives (errors and other messages are skipped). While it
/// waits (e.g. for a slow browser player at its table) it pings every 30 s, as the web client
/// does, so the club's idle time-out (120 s) does not close it.
async fn next_view(c: &mut Client, limit: Duration) -> Value {
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let m = match tokio::time::timeout(left.min(Duration::from_secs(30)), c.ws.next()).await {
            Err(_) if !left.is_zero() && Instant::now() < deadline => {
                c.send(json!({"type": "ping"})).await;
                continue;
            }
            Err(_) => panic!("{}: no view within {limit:?}; last message: {:?}", c.name, c.seen.last()),
            Ok(None) => panic!("{}: connection closed", c.name),
            Ok(Some(m)) => m.unwrap_or_else(|e| panic!("{}: {e}", c.name)),
        };
        if let Message::Text(t) = m {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            c.seen.push(v.clone());
            if v["type"] == "view" {
                return v["view"].clone();
            }
        }
    }
}

/// A WebSocket player: sits at `seat` and plays by the simple rule (the first to call opens
/// 1NT, everyone else passes; the first legal card) until board `last` is over. Returns the
/// client (still connected) and the first view of each finished board.
async fn wire_player(mut c: Client, table: String, seat: &'static str, last: u64) -> (Client, Vec<Value>) {
    c.send(json!({"type": "join", "table": table, "seat": seat})).await;
    let mut finished: Vec<Value> = Vec::new();
    loop {
        let v = next_view(&mut c, Duration::from_secs(180)).await;
        if v["phase"] == "over" {
            if !finished.last().is_some_and(|f| f["board"] == v["board"]) {
                finished.push(v.clone());
            }
            if v["board"].as_u64() == Some(last) {
                return (c, finished);
            }
            continue;
        }
        if v["your_turn"] != true {
            continue;
        }
        let action = if v["phase"] == "auction" {
            let bid_made = v["auction"].as_array().unwrap().iter().any(|c| c["call"] != "Pass");
            json!({"action": "call", "call": if bid_made { "Pass" } else { "1NT" }})
        } else {
            json!({"action": "play", "card": v["legal_cards"][0]})
        };
        c.act(&table, action).await;
    }
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_player_and_three_wire_players_play_a_board() {
    let test = "browser-wire";
    let Some(server) = club_for(test).await else { return };
    let started = Instant::now();
    let addr = server.addr;
    with_browser(|b| async move {
        register_in_browser(&b, addr, "brenda").await;
        snap(&b, "lobby").await;
        let table = open_table(&b, "Browser & wires", 2, false).await;
        // Nobody else yet: the other three seats are empty, no robots.
        let robots = js(&b, "return document.querySelectorAll('.seat-box .robot-marker').length;").await;
        assert_eq!(robots, json!(0));

        let mut players = Vec::new();
        for seat in ["North", "East", "West"] {
            let name = format!("wire-{}", seat.to_lowercase());
            let token = register(addr, &name).await;
            let c = Client::connect(addr, &token, &name).await;
            players.push(tokio::spawn(wire_player(c, table.clone(), seat, 2)));
        }
        wait_js(
            &b,
            "the three wire players seated",
            Duration::from_secs(30),
            "return ['north','east','west'].every((s) => document.querySelector('#seat-' + s + ' .player-name')?.textContent === 'wire-' + s);",
        )
        .await;

        // Chat reaches the page as text, never as markup.
        let token = register(addr, "wire-chat").await;
        let mut kib = Client::connect(addr, &token, "wire-chat").await;
        kib.send(json!({"type": "watch", "table": table})).await;
        next_view(&mut kib, Duration::from_secs(20)).await;
        type_into(&b, "#chat-input", "<b>good luck</b>").await;
        assert!(click(&b, "#chat-send").await);
        wait_js(
            &b,
            "the chat line",
            Duration::from_secs(20),
            "const l = document.querySelector('#chat-lines .chat-text'); return !!l && l.textContent === '<b>good luck</b>' && !document.querySelector('#chat-lines b');",
        )
        .await;

        // The browser bids like the wire players: 1NT when nobody has bid yet, else Pass.
        let simple = |calls: &[String], bid_made: bool| -> String {
            if !bid_made && calls.iter().any(|c| c == "1NT") {
                "1NT".into()
            } else {
                "Pass".into()
            }
        };
        // Board 1: North deals and opens 1NT, so the browser (South) is dummy: it passes, then
        // watches declarer play its cards.
        let (calls, _) = play_in_browser(&b, "wire-board1", Duration::from_secs(240), simple).await;
        assert!(calls >= 1, "the browser made its call");
        snap(&b, "wire-board1-over").await;
        let result = wait_js(&b, "board 1's result", Duration::from_secs(20), "return document.getElementById('board-number').textContent === '1' && document.getElementById('result').dataset.scoreNs;").await;
        let score: i64 = result.as_str().unwrap().parse().unwrap();
        let shown = b.find(Locator::Css("#result")).await.unwrap().text().await.unwrap();
        assert!(shown.contains(&format!("NS {}", signed(score))), "#result shows the score {score}: {shown:?}");
        assert!(shown.contains("1NT") && shown.contains("North"), "{shown:?}");
        assert_eq!(js(&b, "return document.getElementById('phase').textContent;").await, json!("over"));
        let contract = b.find(Locator::Css("#contract")).await.unwrap().text().await.unwrap();
        assert!(contract.contains("1NT"), "{contract:?}");
        // The four hands of the deal.
        assert_eq!(js(&b, "return document.querySelectorAll('#deal .deal-hand').length;").await, json!(4));
        // The hand record (double-dummy table, par) arrives once solved.
        wait_js(
            &b,
            "the hand record",
            Duration::from_secs(120),
            "return document.getElementById('hand-record').dataset.ready === 'true' && document.querySelectorAll('#dd-table tr[data-seat]').length === 4;",
        )
        .await;
        let par = b.find(Locator::Css("#par")).await.unwrap().text().await.unwrap();
        assert!(par.starts_with("Par: NS"), "{par:?}");
        let cells = js(&b, "return Array.from(document.querySelectorAll('#dd-table td')).map((td) => Number(td.textContent));").await;
        let cells = cells.as_array().unwrap();
        assert_eq!(cells.len(), 20);
        assert!(cells.iter().all(|n| n.as_u64().is_some_and(|n| n <= 13)), "{cells:?}");
        // The comparison section is there (filled once another table or the robots played it).
        assert!(b.find(Locator::Css("#comparison")).await.unwrap().is_displayed().await.unwrap());
        snap(&b, "wire-board1-hand-record").await;

        // Board 2: East deals and opens 1NT; the browser defends and plays its cards.
        assert!(click(&b, "#next-board").await);
        wait_js(&b, "board 2", Duration::from_secs(20), "return document.getElementById('board-number').textContent === '2' && document.getElementById('phase').textContent === 'auction';").await;
        assert!(!b.find(Locator::Css("#result-section")).await.unwrap().is_displayed().await.unwrap());
        let history = b.find(Locator::Css("#history-body")).await.unwrap().text().await.unwrap();
        assert!(history.contains(&signed(score)), "board 1 is in the history: {history:?}");
        snap(&b, "wire-board2-auction").await;
        let (calls, cards) = play_in_browser(&b, "wire-board2", Duration::from_secs(240), simple).await;
        assert!(calls >= 1 && cards >= 1, "the browser called and played ({calls} calls, {cards} cards)");

        let mut finals = Vec::new();
        for p in players {
            finals.push(p.await.expect("a wire player failed"));
        }
        let boards = &finals[0].1;
        assert_eq!(boards.len(), 2, "the wire players saw both boards end");
        assert_eq!(boards[0]["result"]["score_ns"].as_i64(), Some(score), "the page showed the table's score");
        assert_eq!(boards[1]["result"]["contract"], "1NT");
        assert_eq!(boards[1]["result"]["declarer"], "East");
        let score2 = boards[1]["result"]["score_ns"].as_i64().unwrap();
        let shown = b.find(Locator::Css("#result")).await.unwrap().text().await.unwrap();
        assert!(shown.contains(&format!("NS {}", signed(score2))), "#result shows the score {score2}: {shown:?}");
        assert_eq!(b.find(Locator::Css("#result")).await.unwrap().attr("data-score-ns").await.unwrap(), Some(score2.to_string()));
        assert!(b.find(Locator::Css("#hand-record")).await.unwrap().is_displayed().await.unwrap());
        assert!(b.find(Locator::Css("#comparison")).await.unwrap().is_displayed().await.unwrap());
        // The last board: no next board to ask for.
        assert_eq!(b.find(Locator::Css("#next-board")).await.unwrap().prop("disabled").await.unwrap().as_deref(), Some("true"));
        drop(finals);
    })
    .await;
    server.task.abort();
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{test}: browser test took {:.1} s", started.elapsed().as_secs_f64());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_plays_a_complete_board_against_robots() {
    browser_plays_a_complete_board_against_robots_at(DESKTOP).await;
}

/// The same at phone size (issue 18: each finding at phone and desktop sizes).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_plays_a_complete_board_against_robots_on_a_phone() {
    browser_plays_a_complete_board_against_robots_at(PHONE).await;
}

async fn browser_plays_a_complete_board_against_robots_at(size: Size) {
    let test = &format!("browser-robots-{}", size.tag);
    let Some(server) = club_for(test).await else { return };
    let started = Instant::now();
    let addr = server.addr;
    with_browser(|b| async move {
        b.set_window_size(size.width, size.height).await.unwrap();
        register_in_browser(&b, addr, "solo-browser").await;
        let table = open_table(&b, "Solo", 1, true).await;
        assert!(table.starts_with('t'));
        wait_js(&b, "three robots", Duration::from_secs(20), "return document.querySelectorAll('.seat-box .robot-marker').length === 3;").await;
        // South's hand is at the bottom, face up.
        assert_eq!(js(&b, "return document.querySelector('.seat-box[data-pos=\"bottom\"]').dataset.seat;").await, json!("South"));
        assert_eq!(js(&b, "return document.querySelectorAll('#seat-south .hand .card:not(.back)').length;").await, json!(13));
        assert_eq!(js(&b, "return document.querySelectorAll('#seat-north .hand .card:not(.back)').length;").await, json!(0));
        snap(&b, "robots-start").await;

        let (calls, _cards) = play_in_browser(&b, "robots", Duration::from_secs(420), |calls, bid_made| {
            if !bid_made && calls.iter().any(|c| c == "1NT") {
                "1NT".into()
            } else if calls.iter().any(|c| c == "Pass") {
                "Pass".into()
            } else {
                calls[0].clone()
            }
        })
        .await;
        assert!(calls >= 1);
        let shown = b.find(Locator::Css("#result")).await.unwrap().text().await.unwrap();
        let score: i64 = b.find(Locator::Css("#result")).await.unwrap().attr("data-score-ns").await.unwrap().unwrap().parse().unwrap();
        assert!(shown.contains(&format!("NS {}", signed(score))), "{shown:?}");
        // Never "no other table" while the robots' comparison is still being played.
        let cmp = js(&b, "const c = document.getElementById('comparison'); return c.dataset.ready === 'true' || (c.dataset.pending === 'true' && c.textContent.includes('robots are playing'));").await;
        assert_eq!(cmp, json!(true), "the comparison says it is coming");
        // The last trick on request (issue 18, item 3): its four cards and who won it; again to
        // go back. The pause after each trick is a setting kept on this device (on by default).
        assert_eq!(js(&b, "return document.getElementById('trick-pause').checked;").await, json!(true));
        assert!(click(&b, "#last-trick-button").await);
        let last = wait_js(
            &b,
            "the last trick",
            Duration::from_secs(10),
            "const t = document.getElementById('trick'); return t.dataset.showing === 'last' && t.querySelectorAll('.trick-card').length === 4 ? document.getElementById('trick-label').textContent : null;",
        )
        .await;
        assert!(last.as_str().unwrap().contains(", won by "), "{last}");
        assert_eq!(js(&b, "return document.getElementById('last-trick-button').getAttribute('aria-pressed');").await, json!("true"));
        assert!(click(&b, "#last-trick-button").await);
        assert_eq!(js(&b, "return document.getElementById('last-trick-button').getAttribute('aria-pressed');").await, json!("false"));
        assert!(click(&b, "#trick-pause").await);
        assert_eq!(js(&b, "return localStorage.getItem('tenace.trickPause');").await, json!("0"));
        // The robots' comparison table played the same board.
        wait_js(
            &b,
            "the robots' comparison",
            Duration::from_secs(300),
            "return document.getElementById('comparison').dataset.ready === 'true' && !!document.querySelector('#comparison tr[data-table=\"Robots\"]');",
        )
        .await;
        snap(&b, "robots-over").await;
        let scores = b.find(Locator::Css("#comparison-scores")).await.unwrap().text().await.unwrap();
        assert!(scores.contains("IMPs"), "{scores:?}");
        // Every row with its players, the lead and its own matchpoints and IMPs (issue 18, item 8).
        let rows = js(
            &b,
            "return Array.from(document.querySelectorAll('#comparison tr[data-table]')).map((r) => ({ table: r.dataset.table,
               pairs: Array.from(r.querySelectorAll('td.pair')).map((c) => c.textContent), lead: r.querySelector('td.lead').textContent,
               mp: Number(r.querySelector('td.mp').textContent) }));",
        )
        .await;
        let rows = rows.as_array().unwrap();
        assert_eq!(rows.len(), 2, "{rows:?}");
        let mine = rows.iter().find(|r| r["table"] != "Robots").unwrap();
        let robots = rows.iter().find(|r| r["table"] == "Robots").unwrap();
        assert_eq!(mine["pairs"], json!(["Robot – solo-browser", "Robot – Robot"]), "{rows:?}");
        assert_eq!(robots["pairs"], json!(["Robot – Robot", "Robot – Robot"]), "{rows:?}");
        assert!(mine["lead"].as_str().is_some_and(|l| !l.is_empty()), "the opening lead: {rows:?}");
        assert_eq!(mine["mp"].as_f64().unwrap() + robots["mp"].as_f64().unwrap(), 100.0, "{rows:?}");
        // The session's score: the set's only board, so the final one, as the comparison's.
        let total = wait_js(
            &b,
            "the session's score",
            Duration::from_secs(10),
            "const t = document.getElementById('history-total'); return t.dataset.final === 'true' ? [t.textContent, Number(t.querySelector('.mp').textContent)] : null;",
        )
        .await;
        assert!(total[0].as_str().unwrap().starts_with("Final: 1 board compared"), "{total}");
        assert_eq!(total[1].as_f64(), mine["mp"].as_f64(), "{total}");
    })
    .await;
    server.task.abort();
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{test}: browser test took {:.1} s", started.elapsed().as_secs_f64());
}

/// Reads views until one satisfies `pred` (60 s at most).
async fn view_until(c: &mut Client, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        assert!(!left.is_zero(), "{}: never saw {what}; last: {:?}", c.name, c.seen.last());
        let v = next_view(c, left).await;
        if pred(&v) {
            return v;
        }
    }
}

fn calls(v: &Value) -> usize {
    v["auction"].as_array().map_or(0, |a| a.len())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_alerts_asks_undoes_chats_and_claims() {
    browser_alerts_asks_undoes_chats_and_claims_at(DESKTOP).await;
}

/// The same at phone size (issue 18: each finding at phone and desktop sizes).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_alerts_asks_undoes_chats_and_claims_on_a_phone() {
    browser_alerts_asks_undoes_chats_and_claims_at(PHONE).await;
}

async fn browser_alerts_asks_undoes_chats_and_claims_at(size: Size) {
    let test = &format!("browser-procedures-{}", size.tag);
    let Some(server) = club_for(test).await else { return };
    let started = Instant::now();
    let addr = server.addr;
    with_browser(|b| async move {
        b.set_window_size(size.width, size.height).await.unwrap();
        register_in_browser(&b, addr, "paula").await;
        let table = open_table(&b, "Procedures", 1, false).await;
        let mut wire = Vec::new();
        for seat in ["North", "East", "West"] {
            let name = format!("proc-{}", seat.to_lowercase());
            let token = register(addr, &name).await;
            let mut c = Client::connect(addr, &token, &name).await;
            c.send(json!({"type": "join", "table": table, "seat": seat})).await;
            wire.push(c);
        }
        let [north, east, west] = &mut wire[..] else { unreachable!() };
        wait_js(
            &b,
            "the three players seated",
            Duration::from_secs(30),
            "return ['north','east','west'].every((s) => document.querySelector('#seat-' + s + ' .player-name')?.textContent === 'proc-' + s);",
        )
        .await;

        // A refused action shows the message and the Law: no private chat with partner (73B1).
        b.find(Locator::Css("#chat-to")).await.unwrap().select_by_value("North").await.unwrap();
        type_into(&b, "#chat-input", "psst").await;
        assert!(click(&b, "#chat-send").await);
        wait_js(&b, "the refusal", Duration::from_secs(20), "return !document.getElementById('messages').hidden;").await;
        let law = b.find(Locator::Css("#error-law")).await.unwrap().text().await.unwrap();
        assert_eq!(law, "(Law 73B1)");
        assert!(!b.find(Locator::Css("#error-text")).await.unwrap().text().await.unwrap().is_empty());
        // A private remark to an opponent is fine, and only East reads it.
        b.find(Locator::Css("#chat-to")).await.unwrap().select_by_value("East").await.unwrap();
        type_into(&b, "#chat-input", "nice weather").await;
        assert!(click(&b, "#chat-send").await);
        let v = view_until(east, "the private line", |v| v["chat"].as_array().is_some_and(|c| !c.is_empty())).await;
        assert_eq!(v["chat"][0]["text"], "nice weather");
        assert_eq!(v["chat"][0]["audience"], json!({"kind": "private", "from": "South", "to": "East"}));
        let v = view_until(north, "the chat's view", |_| true).await;
        assert!(v["chat"].as_array().unwrap().is_empty(), "partner does not read it");
        wait_js(&b, "the private line", Duration::from_secs(20), "const l = document.querySelector('#chat-lines .chat-line.private'); return !!l && l.textContent.includes('nice weather');").await;

        // A reload keeps the session (token in localStorage) and goes back to the seat.
        b.refresh().await.unwrap();
        wait_js(
            &b,
            "the table after a reload",
            Duration::from_secs(30),
            "return document.getElementById('status').dataset.state === 'connected' && document.body.dataset.screen === 'table' \
               && document.getElementById('viewer-info').textContent === 'You sit South' && !!document.querySelector('#chat-lines .chat-line');",
        )
        .await;
        // A dropped connection comes back by itself, to the same seat.
        js(&b, "window.tenaceClient.dropConnection(); return null;").await;
        wait_js(&b, "the dropped connection", Duration::from_secs(10), "return document.getElementById('status').dataset.state !== 'connected';").await;
        wait_js(&b, "the reconnection", Duration::from_secs(30), "return document.getElementById('status').dataset.state === 'connected';").await;

        // North passes; East opens 1H with a self-alert that South (an opponent) sees.
        north.act(&table, json!({"action": "call", "call": "Pass"})).await;
        view_until(east, "North's pass", |v| calls(v) == 1).await;
        east.act(&table, json!({"action": "call", "call": "1H", "alert": true, "explanation": "could be four"})).await;
        wait_js(
            &b,
            "East's alerted 1H",
            Duration::from_secs(20),
            "const c = document.querySelector('#auction-body td.call-cell[data-index=\"1\"]'); return !!c && c.classList.contains('alerted') && c.title === 'could be four';",
        )
        .await;
        // The bidding box is the whole grid, the calls below 1H greyed out (issue 18, item 9).
        let grid = wait_js(
            &b,
            "South's bidding box",
            Duration::from_secs(20),
            "const all = document.querySelectorAll('#bidding-box button.call'); return all.length ? [all.length, document.querySelectorAll('#bidding-box button.call:disabled').length, document.querySelector('button.call[data-call=\"1D\"]').disabled] : null;",
        )
        .await;
        assert_eq!(grid, json!([38, 4, true]), "35 bids, Pass, X and XX; 1C, 1D, 1H and XX not allowed");
        // South asks about it (20F): click the call, then Ask.
        assert!(click(&b, "#auction-body td.call-cell[data-index=\"1\"]").await);
        let info = wait_js(&b, "the call's explanation", Duration::from_secs(10), "const i = document.getElementById('call-info'); return !i.hidden && i.textContent;").await;
        assert!(info.as_str().unwrap().contains("could be four"), "{info}");
        assert!(click(&b, "#ask-button").await);
        let v = view_until(east, "South's question", |v| v["questions"].as_array().is_some_and(|q| !q.is_empty())).await;
        assert_eq!(v["questions"][0], json!({"by": "South", "call": 1}));
        east.act(&table, json!({"action": "explain", "call": 1, "text": "four or more hearts, 11-15"})).await;
        // The answer replaces the explanation of the call, where South looks at it.
        wait_js(
            &b,
            "East's answer",
            Duration::from_secs(20),
            "const c = document.querySelector('#auction-body td.call-cell[data-index=\"1\"]'); \
             return !!c && c.title === 'four or more hearts, 11-15' && document.getElementById('call-info-text').textContent.includes('four or more hearts, 11-15');",
        )
        .await;
        // The answer stays in the questions panel, where the asker sees it came.
        let answered = wait_js(&b, "the answer in the questions panel", Duration::from_secs(10), "const a = document.querySelector('.question.answered[data-call-index=\"1\"]'); return a && !document.getElementById('questions-panel').hidden ? a.textContent : null;").await;
        assert!(answered.as_str().unwrap().contains("four or more hearts, 11-15"), "{answered}");

        snap(&b, "procedures-answer").await;
        // South overcalls 1NT with an alert; West (opponent) sees the explanation, North does not.
        assert!(click(&b, "#alert-checkbox").await);
        type_into(&b, "#alert-explanation", "15-18 balanced").await;
        assert!(click(&b, "button.call[data-call=\"1NT\"]").await);
        // The call-info box closes once South has called.
        assert_eq!(js(&b, "return document.getElementById('call-info').hidden;").await, json!(true));
        let v = view_until(west, "South's 1NT", |v| calls(v) == 3).await;
        assert_eq!(v["auction"][2]["call"], "1NT");
        assert_eq!(v["auction"][2]["alert"], true);
        assert_eq!(v["auction"][2]["explanation"], "15-18 balanced");
        let v = view_until(north, "South's 1NT", |v| calls(v) == 3).await;
        assert!(v["auction"][2]["explanation"].is_null(), "partner does not see it (20F)");
        // South asks to undo the 1NT; both opponents agree.
        wait_js(&b, "the undo button", Duration::from_secs(10), "return !document.getElementById('undo-button').hidden;").await;
        assert!(click(&b, "#undo-button").await);
        wait_js(&b, "the undo request", Duration::from_secs(20), "return !document.getElementById('undo-panel').hidden;").await;
        for c in [&mut *east, &mut *west] {
            view_until(c, "the undo request", |v| v["undo"]["awaiting"].as_array().is_some_and(|a| a.len() == 2)).await;
        }
        west.act(&table, json!({"action": "answer_undo", "accept": true})).await;
        view_until(east, "West's consent", |v| v["undo"]["awaiting"] == json!(["East"])).await;
        east.act(&table, json!({"action": "answer_undo", "accept": true})).await;
        wait_js(
            &b,
            "the 1NT undone",
            Duration::from_secs(20),
            "return document.querySelectorAll('#auction-body td.call-cell').length === 2 && !!document.querySelector('button.call[data-call=\"Pass\"]');",
        )
        .await;
        // The page says what happened (issue 18: a granted undo is not silent).
        let news = wait_js(
            &b,
            "the undo's news",
            Duration::from_secs(10),
            "const n = document.getElementById('table-news'); return n.hidden || !n.textContent.startsWith('Undo') ? null : n.textContent;",
        )
        .await;
        assert_eq!(news, json!("Undo agreed: South's last call is taken back"));
        // South passes instead; West and North pass: 1H by East.
        assert!(click(&b, "button.call[data-call=\"Pass\"]").await);
        view_until(west, "South's pass", |v| calls(v) == 3 && v["your_turn"] == true).await;
        west.act(&table, json!({"action": "call", "call": "Pass"})).await;
        view_until(north, "West's pass", |v| calls(v) == 4 && v["your_turn"] == true).await;
        north.act(&table, json!({"action": "call", "call": "Pass"})).await;
        // South leads by clicking a card.
        wait_js(&b, "the opening lead", Duration::from_secs(20), "return document.getElementById('phase').textContent === 'play' && !!document.querySelector('.card.legal');").await;
        let contract = b.find(Locator::Css("#contract")).await.unwrap().text().await.unwrap();
        assert_eq!(contract, "1♥ by East");
        assert!(click(&b, ".card.legal").await);
        // Dummy (West) is faced for South.
        wait_js(&b, "dummy", Duration::from_secs(20), "return document.querySelectorAll('#seat-west .hand .card:not(.back)').length === 13;").await;

        // South claims all the remaining tricks; declarer rejects, play resumes (68D).
        wait_js(&b, "the claim button", Duration::from_secs(10), "return !document.getElementById('claim-button').hidden;").await;
        assert!(click(&b, "#claim-button").await);
        // The form starts at all the remaining tricks (issue 18, item 9), here 13.
        assert_eq!(js(&b, "return document.getElementById('claim-tricks').value;").await, json!("13"));
        // The page has its icon.
        assert_eq!(js(&b, "return !!document.querySelector('link[rel=icon]');").await, json!(true));
        type_into(&b, "#claim-tricks", "13").await;
        type_into(&b, "#claim-statement", "all mine").await;
        assert!(click(&b, "#claim-submit").await);
        let v = view_until(east, "South's claim", |v| v["phase"] == "claim").await;
        assert_eq!(v["claim"]["statement"], "all mine");
        assert_eq!(v["claim"]["awaiting"], json!(["East"]));
        east.act(&table, json!({"action": "answer_claim", "accept": false})).await;
        wait_js(&b, "play resumed", Duration::from_secs(20), "return document.getElementById('phase').textContent === 'play' && document.getElementById('claim-panel').hidden;").await;
        // The claimer is told who rejected the claim (issue 18: it does not just vanish).
        // (The undo's news may still be the one shown for a moment: wait for the rejection's.)
        let news = wait_js(
            &b,
            "the rejection's news",
            Duration::from_secs(10),
            "const n = document.getElementById('table-news'); return n.hidden || !n.textContent.includes('rejected') ? null : n.textContent;",
        )
        .await;
        assert!(news.as_str().unwrap().starts_with("East rejected South's claim of 13 more trick(s)"), "{news}");
        // Declarer concedes the rest; South accepts in the page, North over the wire.
        east.act(&table, json!({"action": "claim", "tricks": 0, "statement": "the rest are yours"})).await;
        wait_js(&b, "East's claim", Duration::from_secs(20), "return !document.getElementById('claim-answer').hidden;").await;
        snap(&b, "procedures-claim").await;
        let claim = b.find(Locator::Css("#claim-info")).await.unwrap().text().await.unwrap();
        assert!(claim.contains("East claims 0") && claim.contains("the rest are yours"), "{claim:?}");
        assert!(click(&b, "#claim-accept").await);
        view_until(north, "South's acceptance", |v| v["claim"]["awaiting"] == json!(["North"])).await;
        north.act(&table, json!({"action": "answer_claim", "accept": true})).await;
        let score = wait_js(&b, "the result", Duration::from_secs(20), "return document.getElementById('phase').textContent === 'over' && document.getElementById('result').dataset.scoreNs;").await;
        let score: i64 = score.as_str().unwrap().parse().unwrap();
        assert!(score > 0, "1H by East went down: {score}");
        let shown = b.find(Locator::Css("#result")).await.unwrap().text().await.unwrap();
        assert!(shown.contains(&format!("NS {}", signed(score))) && shown.contains("by claim"), "{shown:?}");
        // The header counts the conceded tricks, and the board is in "Boards played" at once
        // (issue 18, item 4).
        let counts = js(&b, "return [document.getElementById('tricks-ns').textContent, document.getElementById('tricks-ew').textContent].map(Number);").await;
        assert_eq!(counts[0].as_u64().unwrap() + counts[1].as_u64().unwrap(), 13, "{counts}");
        assert!(counts[0].as_u64().unwrap() >= 12, "East conceded the rest: {counts}");
        let row = js(&b, "const r = document.querySelector('#history-body tr[data-board]'); return r && !document.getElementById('history-section').hidden ? r.textContent : null;").await;
        assert!(row.as_str().is_some_and(|r| r.contains(&signed(score))), "{row}");
        snap(&b, "procedures-over").await;
    })
    .await;
    server.task.abort();
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{test}: browser test took {:.1} s", started.elapsed().as_secs_f64());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_lobby_lists_tables_to_sit_and_watch() {
    browser_lobby_lists_tables_to_sit_and_watch_at(DESKTOP).await;
}

/// The same at phone size (issue 18: each finding at phone and desktop sizes).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_lobby_lists_tables_to_sit_and_watch_on_a_phone() {
    browser_lobby_lists_tables_to_sit_and_watch_at(PHONE).await;
}

async fn browser_lobby_lists_tables_to_sit_and_watch_at(size: Size) {
    let test = &format!("browser-lobby-{}", size.tag);
    let Some(server) = club_for(test).await else { return };
    let started = Instant::now();
    let addr = server.addr;
    with_browser(|b| async move {
        b.set_window_size(size.width, size.height).await.unwrap();
        // A host opens a table at North; its name is shown as text, not markup.
        let token = register(addr, "host-l").await;
        let mut host = Client::connect(addr, &token, "host-l").await;
        host.send(json!({"type": "create_table", "name": "<i>Friday</i>", "boards": 1, "seat": "North"})).await;
        let table = host.until("created", |v| v["type"] == "created").await["table"].as_str().unwrap().to_string();

        register_in_browser(&b, addr, "lena").await;
        let row = format!("#lobby-rows tr[data-table=\"{table}\"]");
        wait_js(&b, "the table in the lobby", Duration::from_secs(20), &format!("return !!document.querySelector('{row}');")).await;
        let name = js(&b, &format!("const r = document.querySelector('{row} .table-name span'); return r.textContent + '|' + r.children.length;")).await;
        assert_eq!(name, json!("<i>Friday</i>|0"));
        let seats = js(&b, &format!("return Array.from(document.querySelectorAll('{row} td[data-seat]')).map((td) => td.querySelector('button.join-seat') ? 'sit' : td.textContent);")).await;
        assert_eq!(seats, json!(["host-l", "sit", "sit", "sit"]));
        snap(&b, "lobby-tables").await;

        // Sit East: East's hand is at the bottom.
        assert!(click(&b, &format!("{row} button.join-seat[data-seat=\"East\"]")).await);
        wait_js(&b, "the seat", Duration::from_secs(20), "return document.body.dataset.screen === 'table' && document.getElementById('viewer-info').textContent === 'You sit East';").await;
        assert_eq!(js(&b, "return document.querySelector('.seat-box[data-pos=\"bottom\"]').dataset.seat;").await, json!("East"));
        assert_eq!(js(&b, "return document.querySelector('.seat-box[data-pos=\"left\"]').dataset.seat;").await, json!("South"));
        assert_eq!(js(&b, "return document.querySelectorAll('#seat-east .hand .card:not(.back)').length;").await, json!(13));
        assert_eq!(js(&b, "return document.querySelector('#seat-north .player-name').textContent;").await, json!("host-l"));
        assert_eq!(js(&b, "return document.getElementById('table-name').textContent;").await, json!("<i>Friday</i>"));
        let v = host.until("East seated", |v| v["type"] == "view" && v["view"]["seats"][1]["name"] == "lena").await;
        assert_eq!(v["view"]["seats"][1]["robot"], false);

        // Lena's second device (another browser, nothing remembered of the table): the lobby
        // offers her own seat back, and she does not count as a kibitzer there (issue 18, item 5).
        let driver2 = start_driver().await;
        let b2 = start_browser(&driver2).await;
        b2.goto(&format!("http://{addr}/")).await.unwrap();
        wait_js(&b2, "the login form", Duration::from_secs(20), "return !document.getElementById('login-view').hidden;").await;
        type_into(&b2, "#login-name", "lena").await;
        type_into(&b2, "#login-password", "secret-pass").await;
        assert!(click(&b2, "#login-button").await);
        let back = wait_js(&b2, "her seat in the lobby", Duration::from_secs(20), &format!("const r = document.querySelector('{row} button.return-seat'); return document.body.dataset.screen === 'lobby' && r ? r.dataset.seat : null;")).await;
        assert_eq!(back, json!("East"));
        assert!(click(&b2, &format!("{row} button.return-seat")).await);
        wait_js(&b2, "the seat on the second device", Duration::from_secs(20), "return document.body.dataset.screen === 'table' && document.getElementById('viewer-info').textContent === 'You sit East';").await;
        // Both of her devices follow the table: neither counts as a kibitzer.
        host.send(json!({"type": "lobby"})).await;
        let lobby = host.until("the lobby", |v| v["type"] == "lobby").await;
        let line = lobby["tables"].as_array().unwrap().iter().find(|t| t["table"] == table.as_str()).unwrap().clone();
        assert_eq!(line["kibitzers"], 0, "{line}");
        let _ = b2.close().await;
        drop(driver2);

        // Leave: back in the lobby, East is free again; then watch the table. Lena held East at
        // this board, so she watches it with no hidden hand until it ends (Law 16).
        assert!(click(&b, "#leave-button").await);
        host.until("East gone", |v| v["type"] == "view" && v["view"]["seats"][1]["name"].is_null()).await;
        // Without Refresh (issue 18, item 5), well before the lobby's own 5 s refresh.
        wait_js(
            &b,
            "East free in the lobby",
            Duration::from_secs(3),
            &format!("return document.body.dataset.screen === 'lobby' && !!document.querySelector('{row} button.join-seat[data-seat=\"East\"]');"),
        )
        .await;
        assert!(click(&b, &format!("{row} button.watch")).await);
        wait_js(&b, "the public view", Duration::from_secs(20), "return document.body.dataset.screen === 'table' && document.getElementById('viewer-info').textContent.startsWith('Watching — you held a seat');").await;
        assert_eq!(js(&b, "return document.querySelectorAll('.seat-box .hand .card:not(.back)').length;").await, json!(0), "no hidden hand for a player who left this board");
        assert_eq!(js(&b, "return document.getElementById('watch-box').hidden;").await, json!(true), "no hand to pick");

        // At a table she has not played, Lena kibitzes and picks a hand to look at.
        host.send(json!({"type": "create_table", "name": "Saturday", "boards": 1, "seat": "North"})).await;
        let other = host.until("created", |v| v["type"] == "created").await["table"].as_str().unwrap().to_string();
        let row = format!("#lobby-rows tr[data-table=\"{other}\"]");
        assert!(click(&b, "#leave-button").await);
        assert!(click(&b, "#lobby-refresh").await);
        wait_js(&b, "the second table in the lobby", Duration::from_secs(20), &format!("return document.body.dataset.screen === 'lobby' && !!document.querySelector('{row} button.watch');")).await;
        assert!(click(&b, &format!("{row} button.watch")).await);
        wait_js(&b, "the kibitzer's view", Duration::from_secs(20), "return document.body.dataset.screen === 'table' && document.getElementById('viewer-info').textContent === 'Kibitzing';").await;
        assert_eq!(js(&b, "return document.querySelectorAll('.seat-box .hand .card:not(.back)').length;").await, json!(0), "a kibitzer watching no hand sees none before dummy");
        assert_eq!(js(&b, "return document.getElementById('actions-panel').hidden;").await, json!(true));
        assert_eq!(js(&b, "return document.querySelectorAll('button.call').length;").await, json!(0));
        // The kibitzer picks a hand to look at (Law 76B1): North's, at the bottom.
        b.find(Locator::Css("#watch-seat")).await.unwrap().select_by_value("North").await.unwrap();
        wait_js(
            &b,
            "North's hand",
            Duration::from_secs(20),
            "return document.getElementById('viewer-info').textContent === 'Kibitzing (North)' && document.querySelectorAll('#seat-north .hand .card:not(.back)').length === 13;",
        )
        .await;
        assert_eq!(js(&b, "return document.querySelector('.seat-box[data-pos=\"bottom\"]').dataset.seat;").await, json!("North"));
        assert_eq!(js(&b, "return document.querySelectorAll('.seat-box .hand .card:not(.back)').length;").await, json!(13));
    })
    .await;
    server.task.abort();
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{test}: browser test took {:.1} s", started.elapsed().as_secs_f64());
}

/// The Director's desk (issue 5, item 7) in the browser: a Director logs in at /director, opens
/// a ruling on a typed deal, records an insufficient bid with the bidding box, applies the
/// Law 27 options by clicking them, completes the auction on the command line, and records an
/// opening lead out of turn by clicking the wrong defender's card (Law 54's options appear).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_directors_desk_rules_an_insufficient_bid_and_a_lead_out_of_turn() {
    let test = "browser-desk";
    let Some(server) = club_for(test).await else { return };
    let addr = server.addr;
    register(addr, "director").await;
    with_browser(|b| async move {
        b.goto(&format!("http://{addr}/director")).await.unwrap();
        wait_js(&b, "the login form", Duration::from_secs(20), "return !document.getElementById('login-view').hidden;").await;
        type_into(&b, "#login-name", "director").await;
        type_into(&b, "#login-password", "secret-pass").await;
        assert!(click(&b, "#login-button").await);
        wait_js(&b, "the rulings", Duration::from_secs(20), "return !document.getElementById('home-view').hidden;").await;
        type_into(&b, "#new-deal", "N:AKQ2.KJ4.T98.765 J54.Q92.AKQ2.K32 T98.AT8.J765.AQJ 763.7653.43.T984").await;
        assert!(click(&b, "#new-button").await);
        wait_js(&b, "the desk", Duration::from_secs(20), "return document.querySelectorAll('#hand-N .dcard').length === 13;").await;

        let call = |seat: &'static str, call: &'static str| {
            let b = b.clone();
            async move {
                b.find(Locator::Css("#call-seat")).await.unwrap().select_by_value(seat).await.unwrap();
                assert!(click(&b, &format!("#bids button[data-call=\"{call}\"]")).await, "{seat} {call}");
            }
        };
        call("N", "1NT").await;
        wait_js(&b, "1NT in the auction", Duration::from_secs(10), "return document.getElementById('auction-table').textContent.includes('1NT');").await;
        call("E", "1S").await;
        let options = wait_js(
            &b,
            "the Law 27 options",
            Duration::from_secs(10),
            "const r = document.getElementById('rectification'); return !r.hidden && r.textContent.includes('Law 27A1') ? r.textContent : null;",
        )
        .await;
        assert!(options.as_str().unwrap().contains("insufficient bid"), "{options}");
        snap(&b, "desk-insufficient-bid").await;
        // South does not accept (27B): East must correct.
        let refuse = js(&b, "const o = Array.from(document.querySelectorAll('button.option')).find((o) => o.textContent.includes('Law 27B]')); return o ? o.dataset.number : null;").await;
        assert!(click(&b, &format!("button.option[data-number=\"{}\"]", refuse.as_str().unwrap())).await);
        wait_js(&b, "East to correct", Duration::from_secs(10), "return document.getElementById('desk-status').textContent.includes('East to call');").await;
        call("E", "2S").await;
        wait_js(&b, "the Director's 27B1(a) judgement", Duration::from_secs(10), "return document.getElementById('rectification').textContent.includes('27B1(a)');").await;
        let lowest = js(&b, "const o = Array.from(document.querySelectorAll('button.option')).find((o) => o.textContent.includes('27B1(a)')); return o.dataset.number;").await;
        assert!(click(&b, &format!("button.option[data-number=\"{}\"]", lowest.as_str().unwrap())).await);
        wait_js(&b, "South to call", Duration::from_secs(10), "return document.getElementById('rectification').hidden && document.getElementById('desk-status').textContent.includes('South to call');").await;
        // The rest of the auction on the command line.
        for line in ["S Pass", "W Pass", "N Pass"] {
            type_into(&b, "#command", line).await;
            b.find(Locator::Css("#command")).await.unwrap().send_keys("\u{E007}").await.unwrap();
            let turn = match line {
                "S Pass" => "West to",
                "W Pass" => "North to",
                _ => "South to play",
            };
            wait_js(&b, turn, Duration::from_secs(10), &format!("return document.getElementById('desk-status').textContent.includes({});", json!(turn))).await;
        }
        assert_eq!(js(&b, "return document.getElementById('centre').textContent;").await, json!("2♠ by E"), "with the suit symbol (issue 18, item 9)");
        // North (not the opening leader) faces a card: Law 54's options for declarer.
        assert!(click(&b, "#hand-N .dcard[data-card=\"HK\"]").await);
        let rect = wait_js(
            &b,
            "the Law 54 options",
            Duration::from_secs(10),
            "const r = document.getElementById('rectification'); return !r.hidden ? r.textContent : null;",
        )
        .await;
        assert!(rect.as_str().unwrap().contains("Law 54"), "{rect}");
        snap(&b, "desk-lead-out-of-turn").await;
    })
    .await;
    server.task.abort();
}

/// A robot individual tournament from the lobby: create it, enter, play the board with three
/// robots, come back to the lobby and see the score card, the ranking and the traveller — the
/// same as the server gives a wire client after the tournament closes.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_plays_a_robot_individual_tournament() {
    let test = "browser-tournament";
    let Some(server) = club_for(test).await else { return };
    let started = Instant::now();
    let addr = server.addr;
    with_browser(|b| async move {
        register_in_browser(&b, addr, "tour-browser").await;
        type_into(&b, "#new-tournament-name", "Browser robots").await;
        type_into(&b, "#new-tournament-boards", "1").await;
        assert!(click(&b, "#new-tournament-button").await);
        wait_js(
            &b,
            "the tournament's details",
            Duration::from_secs(20),
            "return document.getElementById('tournament-title').textContent === 'Browser robots';",
        )
        .await;
        // Before playing: nothing of the results (Law 16).
        assert_eq!(js(&b, "return document.getElementById('tournament-hidden').hidden;").await, json!(false));
        assert!(click(&b, "button.tournament-register").await);
        wait_js(&b, "the Play button", Duration::from_secs(20), "return !!document.querySelector('button.tournament-play');").await;
        snap(&b, "tournament-entered").await;
        assert!(click(&b, "button.tournament-play").await);
        wait_js(&b, "the tournament table", Duration::from_secs(20), "const t = document.getElementById('table-view'); return !t.hidden && !!t.dataset.table;")
            .await;
        wait_js(&b, "three robots", Duration::from_secs(20), "return document.querySelectorAll('.seat-box .robot-marker').length === 3;").await;
        play_in_browser(
            &b,
            "tournament",
            Duration::from_secs(420),
            |calls, _| if calls.iter().any(|c| c == "Pass") { "Pass".into() } else { calls[0].clone() },
        )
        .await;
        let score: i64 = b.find(Locator::Css("#result")).await.unwrap().attr("data-score-ns").await.unwrap().unwrap().parse().unwrap();
        assert!(click(&b, "#leave-button").await);
        wait_js(&b, "the lobby", Duration::from_secs(20), "return !document.getElementById('lobby-view').hidden;").await;
        // The lobby's list of tournaments comes with the next lobby message: wait for its row.
        wait_js(&b, "the tournament's row", Duration::from_secs(20), "return !!document.querySelector('button.tournament-open');").await;
        assert!(click(&b, "button.tournament-open").await);
        wait_js(&b, "the ranking", Duration::from_secs(20), "return !document.getElementById('tournament-ranking-box').hidden;").await;
        snap(&b, "tournament-ranking").await;
        let ranking =
            js(&b, "return Array.from(document.querySelectorAll('#tournament-ranking tbody tr')).map((r) => Array.from(r.cells).map((c) => c.textContent));")
                .await;
        assert_eq!(ranking, json!([["1", "tour-browser", "50.00%", "1"]]), "alone on the board: 50%");
        let traveller =
            js(&b, "return Array.from(document.querySelectorAll('table.traveller[data-board=\"1\"] tr')).slice(1).map((r) => r.cells[5].textContent);").await;
        assert_eq!(traveller, json!([score.to_string()]));
        // The opening lead is in the traveller (unless the board was passed out), and the board's
        // hand record (four hands, then the double-dummy table and par once solved) above it.
        let lead = js(&b, "return document.querySelector('table.traveller[data-board=\"1\"] tr:nth-child(2)').cells[3].textContent;").await;
        let contract = js(&b, "return document.querySelector('table.traveller[data-board=\"1\"] tr:nth-child(2)').cells[1].textContent;").await;
        assert!(contract == "Pass" || lead.as_str().is_some_and(|l| l.len() == 2), "lead {lead} for {contract}");
        let hands = js(&b, "return document.querySelectorAll('.board-record[data-board=\"1\"] .board-hands > div').length;").await;
        assert_eq!(hands, json!(4));
        // The score card links the board played to its replay at the entrant's table.
        let replay = js(&b, "return Array.from(document.querySelectorAll('#tournament-card a.replay')).map((a) => a.getAttribute('href'));").await;
        let table = replay[0].as_str().and_then(|h| h.strip_prefix("/replay?table=")).and_then(|h| h.strip_suffix("&board=1"));
        assert!(replay.as_array().map(Vec::len) == Some(1) && table.is_some_and(|t| !t.is_empty()), "{replay}");
        // A wire client sees the same once the creator closes it.
        let id = js(&b, "return document.querySelector('#tournament-rows tr').dataset.tournament;").await;
        let mut creator = Client::connect(addr, &login(addr, "tour-browser").await, "tour-browser").await;
        creator.send(json!({"type": "close_tournament", "tournament": id})).await;
        let closed = creator.until("the closed tournament", |v| v["type"] == "tournament").await;
        assert_eq!(closed["view"]["phase"], "finished");
        assert_eq!(closed["view"]["ranking"][0]["total"], 50.0);
        assert_eq!(closed["view"]["travellers"]["1"][0]["score_ns"], score);
        // The browser, following the tournament, offers the report; the PBN scored again gives
        // the 50% shown.
        wait_js(&b, "the report links", Duration::from_secs(30), "return !document.getElementById('tournament-reports').hidden;").await;
        let href = js(&b, "return document.getElementById('tournament-pbn').href;").await;
        let pbn = reqwest::get(href.as_str().unwrap()).await.unwrap().text().await.unwrap();
        let event = tenace_events::report::pbn::event_from_records(&tenace_formats::pbn::parse(&pbn).unwrap()).unwrap();
        let scores = tenace_events::score(&event).unwrap();
        assert_eq!(scores.rankings[0].standings[0].percentage, Some(50.0), "{pbn}");
    })
    .await;
    server.task.abort();
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{test}: browser test took {:.1} s", started.elapsed().as_secs_f64());
}

/// Waits until board `board`'s traveller in the tournament's details has a row whose result
/// reads `label` (an adjusted score as the Director entered it).
async fn traveller_shows(b: &Browser, board: u32, label: &str) {
    let script = format!(
        "return Array.from(document.querySelectorAll('table.traveller[data-board=\"{board}\"] tr')).some((r) => r.cells[1] && r.cells[1].textContent === {});",
        json!(label)
    );
    wait_js(b, &format!("{label} in board {board}'s traveller"), Duration::from_secs(20), &script).await;
}

/// A wire player of a pairs tournament: for each round, asks for their table until it is open
/// and plays their turns (passing, the first legal card) until the board there is over.
async fn wire_pairs_player(mut c: Client, id: String, rounds: u32) -> Client {
    let mut previous = String::new();
    for _ in 0..rounds {
        // Until the next round opens, the answer is the table of the round just played.
        let table = support::tournament_table(&mut c, &id, &previous).await;
        previous = table.clone();
        loop {
            let v = next_view(&mut c, Duration::from_secs(180)).await;
            if v["table"] != table.as_str() {
                continue;
            }
            if v["phase"] == "over" {
                break;
            }
            if v["your_turn"] == true {
                let action = match v["legal_cards"].as_array().and_then(|a| a.first()) {
                    Some(card) => json!({"action": "play", "card": card}),
                    None => json!({"action": "call", "call": "Pass"}),
                };
                c.act(&table, action).await;
            }
        }
    }
    c
}

/// The issue's pairs test: a player in the browser and two over the wire (each with a robot
/// partner) and a robot pair play a pairs tournament of two rounds on a clock to its end; the
/// ranking the browser shows equals the downloaded PBN scored again by tenace-events.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_plays_a_pairs_tournament_to_its_end() {
    let test = "browser-pairs";
    let Some(server) = club_for(test).await else { return };
    let started = Instant::now();
    let addr = server.addr;
    with_browser(|b| async move {
        // The tournament's clock runs from its creation: it is created once this test holds a
        // browser (the browser tests take turns), so that the browser is there for round 1.
        let mut host = Client::connect(addr, &register(addr, "pairs-host").await, "pairs-host").await;
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
        host.send(json!({"type": "create_tournament", "kind": "pairs", "name": "Browser pairs", "starts_at": now + 25, "rounds": 2, "boards_per_round": 1, "minutes_per_board": 3})).await;
        let id = host.until("the tournament", |v| v["type"] == "tournament").await["view"]["id"].as_str().unwrap().to_string();
        let mut wire = Vec::new();
        for name in ["pairs-w1", "pairs-w2"] {
            let mut c = Client::connect(addr, &register(addr, name).await, name).await;
            c.send(json!({"type": "register", "tournament": id})).await;
            let v = c.until("entered", |v| v["type"] == "tournament").await;
            assert_eq!(v["view"]["entered"], true);
            wire.push(tokio::spawn(wire_pairs_player(c, id.clone(), 2)));
        }
        register_in_browser(&b, addr, "pairs-browser").await;
        let details = format!("button.tournament-open[data-tournament=\"{id}\"]");
        wait_js(&b, "the tournament in the lobby", Duration::from_secs(20), &format!("return !!document.querySelector('{}');", details.replace('\'', "\\'"))).await;
        assert!(click(&b, &details).await);
        wait_js(&b, "the Enter button", Duration::from_secs(20), "return !!document.querySelector('button.tournament-register');").await;
        assert!(click(&b, "button.tournament-register").await, "enter with a robot partner");
        for round in 1..=2 {
            // The lobby refreshes the details every 5 s: the Play button appears with the round.
            let round_shown = format!("return (document.getElementById('tournament-round').textContent || '').startsWith('Round {round}') && !!document.querySelector('button.tournament-play');");
            wait_js(&b, "the round's Play button", Duration::from_secs(90), &round_shown).await;
            snap(&b, &format!("pairs-round-{round}")).await;
            assert!(click(&b, "button.tournament-play").await);
            wait_js(&b, "the table", Duration::from_secs(20), "const t = document.getElementById('table-view'); return !t.hidden && !!t.dataset.table;").await;
            if round == 1 {
                // At a tournament's table a player calls the Director (Law 9B1(a)) and is told so.
                wait_js(&b, "the Director button", Duration::from_secs(20), "return !document.getElementById('director-call').hidden;").await;
                b.find(Locator::Css("#director-reason")).await.unwrap().send_keys("they bid out of turn").await.unwrap();
                assert!(click(&b, "#call-director").await);
                // (The table's own notice, "<name> called the Director: ...", may come last.)
                wait_js(&b, "the call's answer", Duration::from_secs(20), "return /Director has been called|called the Director/.test(document.getElementById('status').textContent);").await;
            }
            play_in_browser(&b, &format!("pairs-{round}"), Duration::from_secs(300), |calls, _| if calls.iter().any(|c| c == "Pass") { "Pass".into() } else { calls[0].clone() }).await;
            assert!(click(&b, "#leave-button").await);
            wait_js(&b, "the lobby", Duration::from_secs(20), "return !document.getElementById('lobby-view').hidden;").await;
            assert!(click(&b, &details).await);
        }
        // The other tables may still be playing the last round; its clock (3 minutes a board)
        // closes it at the latest, so the wait is longer than that.
        wait_js(&b, "the final ranking", Duration::from_secs(240), "return !document.getElementById('tournament-ranking-box').hidden;").await;
        snap(&b, "pairs-ranking").await;
        let shown = js(&b, "return Array.from(document.querySelectorAll('#tournament-ranking tbody tr')).map((r) => [r.cells[1].textContent, r.cells[2].textContent]);").await;
        let shown: Vec<(String, String)> = serde_json::from_value(shown).unwrap();
        assert_eq!(shown.len(), 4, "three pairs and the robot pair: {shown:?}");
        // The downloaded report, scored again.
        let href = js(&b, "return document.getElementById('tournament-pbn').href;").await;
        let pbn = reqwest::get(href.as_str().unwrap()).await.unwrap().text().await.unwrap();
        let records = tenace_formats::pbn::parse(&pbn).unwrap();
        let event = tenace_events::report::pbn::event_from_records(&records).unwrap();
        let scores = tenace_events::score(&event).unwrap();
        for (name, total) in &shown {
            let s = scores.rankings[0].standings.iter().find(|s| &s.name == name).unwrap_or_else(|| panic!("{name} not in the report"));
            assert_eq!(format!("{:.2}%", s.percentage.unwrap()), *total, "{name}");
        }
        // The travellers in the browser are the report's: one row per table on each board.
        let rows = js(&b, "return Array.from(document.querySelectorAll('table.traveller')).map((t) => t.rows.length - 1);").await;
        assert_eq!(rows, json!([2, 2]));
        // The Director (who did not play) adjusts a score from the details, within the
        // correction period (Laws 12, 79C): the traveller shows it.
        assert!(click(&b, "#logout-button").await);
        register_in_browser(&b, addr, "director").await;
        assert!(click(&b, &details).await);
        wait_js(&b, "the Director's form", Duration::from_secs(20), "return !document.getElementById('tournament-adjust').hidden;").await;
        b.find(Locator::Css("#adjust-ns")).await.unwrap().select_by_value("AveragePlus").await.unwrap();
        b.find(Locator::Css("#adjust-ew")).await.unwrap().select_by_value("AverageMinus").await.unwrap();
        assert!(click(&b, "#adjust-button").await);
        traveller_shows(&b, 1, "A+/A-").await;
        // The call made in round 1 is listed for the Director, who answers it.
        wait_js(&b, "the call", Duration::from_secs(20), "return (document.querySelector('#tournament-call-rows tr[data-call=\"1\"]') || {}).textContent?.includes('they bid out of turn');").await;
        b.find(Locator::Css("#tournament-call-rows tr[data-call=\"1\"] input.call-ruling")).await.unwrap().send_keys("Law 31: the auction stands").await.unwrap();
        assert!(click(&b, "#tournament-call-rows tr[data-call=\"1\"] button.call-answer").await);
        wait_js(&b, "the ruling", Duration::from_secs(20), "return document.querySelector('#tournament-call-rows tr[data-call=\"1\"]').textContent.includes('Law 31: the auction stands (director)');").await;
        // A weighted score (Law 12C1(c)) typed as the Director writes it: board 2 of round 2
        // at table 2; the traveller shows it.
        b.find(Locator::Css("#adjust-kind")).await.unwrap().select_by_value("weighted").await.unwrap();
        for (field, value) in [("#adjust-round", "2"), ("#adjust-table", "2"), ("#adjust-board", "2")] {
            let input = b.find(Locator::Css(field)).await.unwrap();
            input.clear().await.unwrap();
            input.send_keys(value).await.unwrap();
        }
        b.find(Locator::Css("#adjust-result")).await.unwrap().send_keys("60% 4S N 10; 40% 4S N 9").await.unwrap();
        assert!(click(&b, "#adjust-button").await);
        traveller_shows(&b, 2, "60% 4S N = + 40% 4S N -1").await;
        snap(&b, "pairs-adjusted").await;
        for w in wire {
            w.await.unwrap();
        }
    })
    .await;
    server.task.abort();
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{test}: browser test took {:.1} s", started.elapsed().as_secs_f64());
}

/// Enters board `board`'s result on a club night table's page (the current window): North fills
/// in the form, East-West confirm; waits until the page shows it entered (or kept offline, when
/// `offline`).
async fn enter_on_phone(b: &Browser, board: u64, tricks: u64, lead: &str, offline: bool) {
    let form = format!("form[data-board=\"{board}\"]");
    wait_js(b, "the board's form", Duration::from_secs(20), &format!("return !!document.querySelector({});", json!(form))).await;
    let fill = format!(
        "const f = document.querySelector({}); f.level.value = '3'; f.strain.value = 'NT'; f.double.value = ''; f.declarer.value = 'N';
         f.lead.value = {}; f.tricks.value = '{tricks}'; return true;",
        json!(form),
        json!(lead)
    );
    assert_eq!(js(b, &fill).await, json!(true));
    assert!(click(b, &format!("{form} button[type=submit]")).await);
    let summary = wait_js(
        b,
        "East-West's confirmation",
        Duration::from_secs(10),
        "const c = document.getElementById('confirm'); return c.hidden ? null : c.textContent;",
    )
    .await;
    assert!(summary.as_str().unwrap().contains(&format!("Board {board}: 3NT by N, {tricks} tricks")), "{summary}");
    assert!(click(b, "#confirm-yes").await);
    let done = if offline {
        format!("const p = document.getElementById('pending'); return !p.hidden && p.textContent.includes('board {board} 3NT');")
    } else {
        format!("return !!document.querySelector('#board-{board} .result');")
    };
    wait_js(b, &format!("board {board} entered"), Duration::from_secs(20), &done).await;
}

/// Issue 20: a club night of three tables, each entering its results on a phone-sized page: the
/// scorer creates the night on the scorer's page; the tables enter every board (East-West
/// confirming), one result while the phone is offline (kept on the phone, sent when the
/// connection is back) and one whose answer is lost on the way (sent again, never entered
/// twice); the scorer corrects one result (79C) and gives one adjusted score (12C2); the
/// scorer's page then shows the ranking `tenace event score` prints for the night's event file.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_club_night_three_phones_and_the_scorer() {
    let Some(server) = club_for("browser_club_night_three_phones_and_the_scorer").await else { return };
    let addr = server.addr;
    let token = register(addr, "director").await;
    with_browser(|b| async move {
        // The scorer logs in and creates the night.
        b.goto(&format!("http://{addr}/scorer")).await.unwrap();
        wait_js(&b, "the scorer's login", Duration::from_secs(20), "return !document.getElementById('login-view').hidden;").await;
        type_into(&b, "#login-name", "director").await;
        type_into(&b, "#login-password", "secret-pass").await;
        assert!(click(&b, "#login-button").await);
        wait_js(&b, "the scorer's home", Duration::from_secs(20), "return !document.getElementById('home-view').hidden;").await;
        type_into(&b, "#new-name", "Thursday club").await;
        type_into(&b, "#new-tables", "3").await;
        type_into(&b, "#new-per-round", "2").await;
        type_into(&b, "#new-seed", "11").await;
        type_into(&b, "#new-names", "Ann & Bob\nCy & Di\nEd & Flo").await;
        assert!(click(&b, "#new-button").await);
        let codes = wait_js(
            &b,
            "the table codes",
            Duration::from_secs(20),
            "const a = Array.from(document.querySelectorAll('a.code')); return a.length === 3 ? a.map((x) => [Number(x.dataset.table), x.dataset.code]) : null;",
        )
        .await;
        let codes: Vec<(u64, String)> = codes.as_array().unwrap().iter().map(|c| (c[0].as_u64().unwrap(), c[1].as_str().unwrap().to_string())).collect();
        let night = js(&b, "return location.hash.slice(1);").await.as_str().unwrap().to_string();
        let scorer = b.window().await.unwrap();
        snap(&b, "night-scorer-new").await;

        // Three phones, one per table.
        let mut phones = Vec::new();
        for (table, code) in &codes {
            let w = b.new_window(false).await.unwrap().handle;
            b.switch_to_window(w.clone()).await.unwrap();
            b.set_window_size(390, 844).await.unwrap();
            b.goto(&format!("http://{addr}/t/{code}")).await.unwrap();
            let shown = wait_js(&b, "the table's page", Duration::from_secs(20), "const v = document.getElementById('table-view'); return v.hidden ? null : document.getElementById('where').textContent;").await;
            assert!(shown.as_str().unwrap().starts_with(&format!("Table {table} · round 1 of 3")), "{shown}");
            phones.push((*table, code.clone(), w));
        }
        // The number of results the scorer has is `n` (checked at once: the page has its answer).
        let stored = |n: usize| {
            let token = token.clone();
            let night = night.clone();
            async move {
                let (_, v) = http(addr, Some(&token), "GET", &format!("/api/nights/{night}"), None).await;
                let rows: Vec<String> = v["results"].as_array().unwrap().iter().map(|r| format!("b{} {}v{} {}", r["board"], r["ns"], r["ew"], r["result"])).collect();
                assert_eq!(rows.len(), n, "{rows:?}");
            }
        };
        let mut entered = 0;
        for round in 1..=3u64 {
            for (table, _, w) in &phones {
                b.switch_to_window(w.clone()).await.unwrap();
                if round > 1 {
                    // Once a round is entered the page offers the next one.
                    assert!(click(&b, "#next-round").await, "the next round's button");
                    wait_js(&b, &format!("round {round}"), Duration::from_secs(20), &format!("return document.getElementById('where').textContent.includes('round {round} of 3');")).await;
                }
                let fits = js(&b, "return [document.documentElement.scrollWidth, window.innerWidth];").await;
                assert!(fits[0].as_u64() <= fits[1].as_u64() && fits[1].as_u64() <= Some(390), "the table's page fits a 390 px phone: {fits}");
                let boards: Vec<u64> = js(&b, "return Array.from(document.querySelectorAll('form.entry')).map((f) => Number(f.dataset.board));").await.as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
                assert_eq!(boards.len(), 2, "two boards a round");
                for (i, &board) in boards.iter().enumerate() {
                    let deal = tenace_events::dealing::seeded_deal(11, board as u32);
                    let lead = deal.hand(tenace_core::Seat::East).iter().next_back().unwrap().to_string();
                    let tricks = 6 + (board * 7 + table * 3) % 5;
                    // The three phones are windows of one browser, sharing the storage where a
                    // result waits to be sent: the other two would send it on their timer (as a
                    // real phone sends what waits in its own storage). So every window loses the
                    // connection, and this phone gets it back first.
                    let others: Vec<_> = phones.iter().map(|p| p.2.clone()).filter(|o| o != w).collect();
                    if round == 2 && *table == 2 && i == 0 {
                        // Offline: the request never leaves the phone.
                        in_windows(&b, &others, OFFLINE).await;
                        in_windows(&b, std::slice::from_ref(w), OFFLINE).await;
                        enter_on_phone(&b, board, tricks, &lead, true).await;
                        snap(&b, "night-phone-offline").await;
                        stored(entered).await;
                        js(&b, "window.fetch = window.__fetch; window.dispatchEvent(new Event('online')); return true;").await;
                        wait_js(&b, "the offline result sent", Duration::from_secs(20), &format!("return !!document.querySelector('#board-{board} .result') && document.getElementById('pending').hidden;")).await;
                        in_windows(&b, &others, "window.fetch = window.__fetch; return true;").await;
                        b.switch_to_window(w.clone()).await.unwrap();
                    } else if round == 3 && *table == 1 && i == 1 {
                        // The answer is lost: the result reached the scorer, the phone sends it again.
                        in_windows(&b, &others, ANSWER_LOST).await;
                        in_windows(&b, std::slice::from_ref(w), ANSWER_LOST).await;
                        enter_on_phone(&b, board, tricks, &lead, true).await;
                        stored(entered + 1).await;
                        js(&b, "window.fetch = window.__fetch; window.dispatchEvent(new Event('online')); return true;").await;
                        wait_js(&b, "the lost answer resent", Duration::from_secs(20), &format!("return !!document.querySelector('#board-{board} .result') && document.getElementById('pending').hidden;")).await;
                        in_windows(&b, &others, "window.fetch = window.__fetch; return true;").await;
                        b.switch_to_window(w.clone()).await.unwrap();
                    } else {
                        enter_on_phone(&b, board, tricks, &lead, false).await;
                    }
                    entered += 1;
                    stored(entered).await;
                    // The traveller so far, the phone's own row marked.
                    let rows = js(&b, &format!("return document.querySelectorAll('#board-{board} table.trav tr.mine').length;")).await;
                    assert_eq!(rows, json!(1));
                }
            }
        }
        assert_eq!(entered, 18);
        b.switch_to_window(phones[0].2.clone()).await.unwrap();
        wait_js(&b, "table 1 done", Duration::from_secs(20), "return document.getElementById('where').textContent.includes('all your boards are entered');").await;
        snap(&b, "night-phone-done").await;

        // The scorer: every table done; a correction and an adjusted score.
        b.switch_to_window(scorer).await.unwrap();
        wait_js(&b, "every table done", Duration::from_secs(20), "return document.querySelectorAll('#progress td.done').length === 9;").await;
        let (board, ns, ew) = {
            let v = js(&b, "const r = document.querySelectorAll('tr.result-row')[2]; r.click(); return [r.dataset.board, r.dataset.ns, r.dataset.ew];").await;
            (v[0].as_str().unwrap().to_string(), v[1].as_str().unwrap().to_string(), v[2].as_str().unwrap().to_string())
        };
        type_into(&b, "#score-outcome", "4S S -1").await;
        assert!(click(&b, "#score-button").await);
        wait_js(&b, "the correction", Duration::from_secs(20), &format!("return !!document.querySelector('tr.result-row[data-board=\"{board}\"][data-ns=\"{ns}\"][data-ew=\"{ew}\"][data-result=\"4S S -1\"]');")).await;
        js(&b, "document.querySelectorAll('tr.result-row')[9].click(); return true;").await;
        type_into(&b, "#score-outcome", "A+/A-").await;
        assert!(click(&b, "#score-button").await);
        wait_js(&b, "the adjusted score", Duration::from_secs(20), "return !!document.querySelector('tr.result-row[data-result=\"A+/A-\"]');").await;
        // A score that cannot be is refused with the reason, and changes nothing.
        type_into(&b, "#score-outcome", "4S N +9").await;
        assert!(click(&b, "#score-button").await);
        let refusal = wait_js(&b, "the refusal", Duration::from_secs(20), "const e = document.getElementById('scorer-error'); return e.hidden ? null : e.textContent;").await;
        assert!(refusal.as_str().unwrap().contains("0 to 13 tricks"), "{refusal}");
        snap(&b, "night-scorer-done").await;

        // The page's ranking is the one `tenace event score` prints for the night's event file.
        let (_, file) = http(addr, Some(&token), "GET", &format!("/api/nights/{night}/event"), None).await;
        let event: tenace_events::Event = serde_json::from_value(file).unwrap();
        assert_eq!(event.results.len(), 18);
        let expected = tenace_events::report::ranking_text(&tenace_events::score(&event).unwrap());
        let shown = js(&b, "return document.getElementById('ranking').textContent;").await;
        assert_eq!(shown.as_str().unwrap(), expected);
        assert!(expected.contains("Ann & Bob"), "{expected}");
    })
    .await;
    server.task.abort();
}

/// A phone's page without a connection: its requests never leave it.
const OFFLINE: &str = "window.__fetch = window.fetch; window.fetch = () => Promise.reject(new TypeError('offline')); return true;";

/// A phone's page whose answers are lost: each request reaches the server, then fails.
const ANSWER_LOST: &str =
    "window.__fetch = window.fetch; window.fetch = (...a) => window.__fetch(...a).then(() => { throw new TypeError('connection lost'); }); return true;";

/// Runs `script` (which returns true) in each of `windows`, ending in the last one.
async fn in_windows(b: &Browser, windows: &[fantoccini::wd::WindowHandle], script: &str) {
    for w in windows {
        b.switch_to_window(w.clone()).await.unwrap();
        assert_eq!(js(b, script).await, json!(true), "{script}");
    }
}

/// The page's overflow beyond the window's width, and the widest elements sticking out (for the
/// failure message).
const WIDE: &str = "const w = window.innerWidth;
    const out = (e) => e.getClientRects().length && e.getBoundingClientRect().right > w + 0.5;
    const wide = Array.from(document.querySelectorAll('body *')).filter((e) => out(e) && !(e.parentElement && out(e.parentElement)))
      .slice(0, 8).map((e) => e.tagName + (e.id ? '#' + e.id : '') + '[' + (e.textContent || '').trim().slice(0, 30) + ']' + (e.className ? '.' + String(e.className).split(' ').join('.') : '') + ':' + Math.round(e.getBoundingClientRect().right));
    return { overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth, wide };";

/// Issue 18, item 1: the table on a 390 × 844 phone in portrait: nothing wider than the screen,
/// the own hand's thirteen cards on screen and tappable, the bidding box in view when it is the
/// player's call, and dummy and the trick in view during the play.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_table_fits_a_phone() {
    browser_table_fits_a_phone_at(PHONE).await;
}

/// The narrowest and the widest phones the table is made for (360 and 430 px).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_table_fits_small_and_large_phones() {
    browser_table_fits_a_phone_at(Size { width: 360, height: 740, tag: "small" }).await;
    browser_table_fits_a_phone_at(Size { width: 430, height: 932, tag: "large" }).await;
}

async fn browser_table_fits_a_phone_at(size: Size) {
    let Some(server) = club_for(&format!("browser_table_fits_a_phone-{}", size.tag)).await else { return };
    let addr = server.addr;
    with_browser(|b| async move {
        b.set_window_size(size.width, size.height).await.unwrap();
        register_in_browser(&b, addr, "phone-player").await;
        snap(&b, "phone-lobby").await;
        let lobby = js(&b, WIDE).await;
        assert!(lobby["overflow"].as_i64().unwrap() <= 0, "the lobby fits: {lobby}");
        open_table(&b, "Phone", 1, true).await;
        wait_js(&b, "three robots", Duration::from_secs(20), "return document.querySelectorAll('.seat-box .robot-marker').length === 3;").await;
        snap(&b, "phone-table").await;
        // What is on screen, measured in the page: overflow, the hand's cards, the bidding box.
        const FIT: &str = "const w = window.innerWidth; const h = window.innerHeight;
            const on = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.left >= 0 && r.right <= w + 0.5; };
            const cards = Array.from(document.querySelectorAll('#seat-south .hand .card'));
            const seen = (e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= h + 0.5; };
            return { overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth, cards: cards.length, cards_on: cards.filter(on).length,
              cards_seen: cards.filter(seen).length,
              box: !!document.querySelector('#bidding-panel:not([hidden])'), box_on: Array.from(document.querySelectorAll('#bidding-box button.call')).every(on),
              box_seen: Array.from(document.querySelectorAll('#bidding-box button.call')).every(seen) };";
        let fit = wait_js(&b, "South's call", Duration::from_secs(60), &format!("{} ", FIT.replace("return {", "const r = {") + "; return r.box ? r : null;")).await;
        assert!(fit["overflow"].as_i64().unwrap() <= 0, "nothing wider than the phone: {fit}");
        assert_eq!((fit["cards"].as_u64(), fit["cards_on"].as_u64()), (Some(13), Some(13)), "the whole hand on screen: {fit}");
        assert_eq!(fit["box_on"], json!(true), "the bidding box on screen: {fit}");
        // Both in view at once, without scrolling: the hand and the whole bidding box.
        let both = wait_js(&b, "the hand and the box in view", Duration::from_secs(5), &format!("{} ", FIT.replace("return {", "const r = {") + "; return r.box_seen && r.cards_seen === 13 ? r : null;")).await;
        assert_eq!(both["cards_seen"], json!(13), "{both}");
        snap(&b, "phone-auction").await;

        // Bid a grand slam (South declares: North's dummy is at the top, and the play waits for
        // this page) and pass after; at the first card to play, dummy, the trick and the hand are all
        // in view at once.
        let deadline = Instant::now() + Duration::from_secs(120);
        let mut playing = false;
        while Instant::now() < deadline {
            let s = js(&b, TURN_STATE).await;
            if s["phase"] == "over" {
                break;
            }
            if s["cards"].as_array().is_some_and(|c| !c.is_empty()) && s["phase"] == "play" {
                playing = true;
                break;
            }
            let calls: Vec<String> = serde_json::from_value(s["calls"].clone()).unwrap_or_default();
            if !calls.is_empty() {
                // North (the dealer) has made one call: a strain North has not named makes South
                // declarer.
                let north = js(&b, "const c = document.querySelector('#auction-body td.call-cell[data-index=\"0\"]'); return c ? c.dataset.call : '';").await;
                let grand = if north.as_str().unwrap_or("").ends_with("NT") { "7C" } else { "7NT" };
                let call = if calls.iter().any(|c| c == grand) { grand } else { "Pass" };
                click(&b, &format!("button.call[data-call=\"{call}\"]")).await;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(playing, "the board is played: {}", page_summary(&b).await);
        {
            let view = wait_js(
                &b,
                "the table in view for the play",
                Duration::from_secs(5),
                "const h = window.innerHeight; const w = window.innerWidth;
                 const seen = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.top >= 0 && r.bottom <= h + 0.5 && r.left >= 0 && r.right <= w + 0.5; };
                 const own = Array.from(document.querySelectorAll('#seat-south .hand .card'));
                 const dummy = Array.from(document.querySelectorAll('.seat-box:not(.pos-bottom) .hand .card:not(.back)'));
                 const r = { own: own.length, own_seen: own.filter(seen).length, dummy: dummy.length, dummy_seen: dummy.filter(seen).length,
                   centre: seen(document.getElementById('centre')), overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth };
                 return r.own_seen === r.own && r.dummy > 0 && r.dummy_seen === r.dummy && r.centre ? r : null;",
            )
            .await;
            assert!(view["overflow"].as_i64().unwrap() <= 0, "{view}");
            snap(&b, "phone-play").await;
            play_in_browser(&b, "phone", Duration::from_secs(300), |calls, _| calls[0].clone()).await;
        }
    })
    .await;
    server.task.abort();
}

/// Issue 18, item 5: cards and calls have spoken names; a call and a card are made by typing
/// them; each call and card is announced in a live region for screen readers.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_keyboard_and_screen_reader() {
    browser_keyboard_and_screen_reader_at(DESKTOP).await;
}

/// The same at phone size (issue 18: each finding at phone and desktop sizes).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_keyboard_and_screen_reader_on_a_phone() {
    browser_keyboard_and_screen_reader_at(PHONE).await;
}

async fn browser_keyboard_and_screen_reader_at(size: Size) {
    let Some(server) = club_for(&format!("browser_keyboard_and_screen_reader-{}", size.tag)).await else { return };
    let addr = server.addr;
    with_browser(|b| async move {
        b.set_window_size(size.width, size.height).await.unwrap();
        register_in_browser(&b, addr, "keys-player").await;
        open_table(&b, "Keys", 1, true).await;
        wait_js(&b, "South's call", Duration::from_secs(60), "return document.querySelectorAll('#bidding-box button.call:not(:disabled)').length > 0;").await;
        let names = js(
            &b,
            "return [document.querySelector('button.call[data-call=\"1H\"]').getAttribute('aria-label'), document.querySelector('button.call[data-call=\"3NT\"]').getAttribute('aria-label'),
                     document.querySelector('button.call[data-call=\"Pass\"]').getAttribute('aria-label'),
                     Array.from(document.querySelectorAll('#seat-south .hand .card')).every((c) => /^(spade|heart|diamond|club) (ace|king|queen|jack|ten|[2-9])$/.test(c.getAttribute('aria-label')))];",
        )
        .await;
        assert_eq!(names, json!(["1 heart", "3 no trump", "pass", true]));
        // A grand slam in a strain North (the dealer) has not named, typed: South declares.
        let north = js(&b, "const c = document.querySelector('#auction-body td.call-cell[data-index=\"0\"]'); return c ? c.dataset.call : '';").await;
        let (typed, said) = if north.as_str().unwrap_or("").ends_with("NT") { ("7c", "South: 7 clubs") } else { ("7nt", "South: 7 no trump") };
        let body = b.find(Locator::Css("body")).await.unwrap();
        body.send_keys(typed).await.unwrap();
        assert_eq!(js(&b, "return document.getElementById('key-entry').hidden ? null : document.getElementById('key-buffer').textContent;").await, json!(typed));
        body.send_keys("\u{E007}").await.unwrap();
        let heard = wait_js(&b, "the call announced", Duration::from_secs(20), &format!("const a = document.getElementById('announce').textContent; return a.includes({}) ? a : null;", json!(said))).await;
        assert!(heard.as_str().unwrap().contains(said), "{heard}");
        // Typed passes until the auction ends (an opponent may double or bid on).
        let deadline = Instant::now() + Duration::from_secs(60);
        while js(&b, "return document.getElementById('phase').textContent;").await == json!("auction") {
            assert!(Instant::now() < deadline, "the auction did not end: {}", page_summary(&b).await);
            if js(&b, "return document.querySelectorAll('#bidding-box button.call:not(:disabled)').length > 0;").await == json!(true) {
                body.send_keys("p\u{E007}").await.unwrap();
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        // The opening lead is announced; then a card of South's (or dummy's) is typed.
        let lead = wait_js(&b, "the opening lead announced", Duration::from_secs(60), "const a = document.getElementById('announce').textContent; return / plays (spade|heart|diamond|club) /.test(a) ? a : null;").await;
        assert!(lead.as_str().unwrap().contains(" plays "), "{lead}");
        let card = wait_js(&b, "a card to play", Duration::from_secs(60), "const c = document.querySelector('.card.legal'); return c ? c.dataset.card : null;").await;
        let card = card.as_str().unwrap().to_string();
        let rank = if &card[1..] == "T" { "10".to_string() } else { card[1..].to_lowercase() };
        body.send_keys(&format!("{}{rank}\u{E007}", card[..1].to_lowercase())).await.unwrap();
        let name = js(&b, &format!("return document.querySelector('.card[data-card=\"{card}\"]').getAttribute('aria-label');")).await;
        let played = wait_js(&b, "the typed card played", Duration::from_secs(20), &format!("const a = document.getElementById('announce').textContent; return a.includes('plays ' + {}) ? a : null;", name)).await;
        assert!(played.as_str().is_some(), "{played}");
        // A card typed out of turn, or not held, is refused with its spoken name.
        body.send_keys("zz\u{E007}").await.unwrap();
        let refusal = wait_js(&b, "the refusal", Duration::from_secs(10), "const m = document.getElementById('messages'); return m.hidden ? null : m.textContent;").await;
        assert!(refusal.as_str().unwrap().contains("is not a card"), "{refusal}");
    })
    .await;
    server.task.abort();
}

/// Issue 18, item 4: the replay of a finished board, at desktop and phone sizes. The browser
/// plays board 1 with three robots, follows the result's replay link and steps through every
/// call and card (with the button on the desktop, with the arrow key on the phone); at each card the
/// marks on the hand to play (each legal card's tricks for declarer, the cards that cost a trick)
/// are those of `tenace solve --play` on the board's PBN export.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn browser_replay_marks_equal_tenace_solve() {
    let Some(server) = club_for("browser_replay_marks_equal_tenace_solve").await else { return };
    let addr = server.addr;
    with_browser(|b| async move {
        register_in_browser(&b, addr, "replayer").await;
        let table = open_table(&b, "Replay", 2, true).await;
        // The robots bid; the browser passes and plays its first legal card.
        play_in_browser(&b, "replay", Duration::from_secs(120), |_, _| "Pass".to_string()).await;
        let href = wait_js(
            &b,
            "the replay link",
            Duration::from_secs(10),
            "const a = document.getElementById('replay-link'); return a && !document.getElementById('result-section').hidden ? a.getAttribute('href') : null;",
        )
        .await;
        let href = href.as_str().unwrap().to_string();
        assert_eq!(href, format!("/replay?table={table}&board=1"));
        let history = js(&b, "return Array.from(document.querySelectorAll('#history-body a.replay')).map((a) => a.getAttribute('href'));").await;
        assert_eq!(history, json!([href]), "the history links each board played to its replay");
        let token = js(&b, "return localStorage.getItem('tenace.token');").await.as_str().unwrap().to_string();
        let (status, pbn) = http_text(addr, &token, &format!("/api/replays/{table}/1.pbn")).await;
        assert_eq!(status, 200, "{pbn}");
        let game = tenace_formats::Format::Pbn.parse(&pbn).unwrap().remove(0);
        if game.final_contract().is_none() {
            note("NOTE browser_replay_marks_equal_tenace_solve: the robots passed the board out; nothing to step through");
            return;
        }
        let expected = solve_play(&game);
        const STEP: &str = "const hand = document.querySelector('.rp-hand.to-play');
            const marks = hand ? Array.from(hand.querySelectorAll('[data-tricks]')).map((e) => [e.dataset.card, Number(e.dataset.tricks)]) : [];
            marks.sort((a, b) => a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
            const costs = hand ? Array.from(hand.querySelectorAll('.rp-card.cost')).map((e) => e.dataset.card) : [];
            return { marks, costs, step: document.getElementById('step-label').textContent, more: !document.getElementById('next-button').disabled,
              labels: hand ? Array.from(hand.querySelectorAll('[data-tricks]')).map((e) => e.getAttribute('aria-label')) : [] };";
        for (width, height, tag) in [(1400u32, 1800u32, "desktop"), (390, 844, "phone")] {
            b.set_window_size(width, height).await.unwrap();
            b.goto(&format!("http://{addr}{href}")).await.unwrap();
            wait_js(&b, "the replay", Duration::from_secs(30), "return !document.getElementById('replay-view').hidden;").await;
            snap(&b, &format!("replay-{tag}")).await;
            let wide = js(&b, WIDE).await;
            assert!(wide["overflow"].as_i64().unwrap() <= 0, "{tag}: the replay fits the window: {wide}");
            // The replay starts before the auction, which is stepped through call by call.
            assert_eq!(js(&b, "return document.getElementById('step-label').textContent;").await, json!("Before the auction"));
            let mut seen: Vec<Vec<(String, u8)>> = Vec::new();
            let mut calls_seen = 0;
            for _ in 0..150 {
                let shown =
                    js(&b, "return Array.from(document.querySelectorAll('#rp-auction td')).filter((td) => td.textContent).length;").await.as_u64().unwrap();
                calls_seen = calls_seen.max(shown);
                let s = js(&b, STEP).await;
                let marks: Vec<(String, u8)> = serde_json::from_value(s["marks"].clone()).unwrap();
                if !marks.is_empty() {
                    let best = expected[seen.len()].iter().map(|m| m.1);
                    let _ = best;
                    // The cards marked as costing a trick are those worth less to their side
                    // than the best card.
                    let values: Vec<u8> = marks.iter().map(|m| m.1).collect();
                    let (lo, hi) = (*values.iter().min().unwrap(), *values.iter().max().unwrap());
                    let costs: Vec<String> = serde_json::from_value(s["costs"].clone()).unwrap();
                    if lo == hi {
                        assert!(costs.is_empty(), "{tag}: no card costs a trick at {}: {s}", s["step"]);
                    } else {
                        assert!(!costs.is_empty(), "{tag}: some card costs a trick at {}: {s}", s["step"]);
                    }
                    assert!(s["labels"][0].as_str().unwrap().contains("declarer takes"), "{tag}: screen readers hear the value: {s}");
                    seen.push(marks);
                }
                if s["more"] != json!(true) {
                    break;
                }
                let before = s["step"].clone();
                if tag == "desktop" {
                    assert!(click(&b, "#next-button").await);
                } else {
                    b.find(Locator::Css("body")).await.unwrap().send_keys("\u{E014}").await.unwrap();
                }
                wait_js(&b, "the next card", Duration::from_secs(5), &format!("return document.getElementById('step-label').textContent !== {before};")).await;
            }
            assert_eq!(seen, expected, "{tag}: the replay's marks are tenace solve --play's, card by card");
            let calls = game.auction.as_ref().map_or(0, |a| a.final_calls().len()) as u64;
            assert_eq!(calls_seen, calls, "{tag}: every call was stepped through");
        }
    })
    .await;
    server.task.abort();
}
