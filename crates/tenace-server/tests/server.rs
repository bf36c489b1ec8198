//! End-to-end tests of the real server over WebSockets, on SQLite and PostgreSQL.

mod support;

use serde_json::{json, Value};
use support::{apply_patch, config, databases, login, register, Client};
use tokio_tungstenite::tungstenite::Message;

const SEATS: [&str; 4] = ["North", "East", "South", "West"];

/// Four people at one table; returns the clients (North first) and the table id.
async fn four_at_a_table(addr: std::net::SocketAddr, tag: &str, boards: u32) -> (Vec<Client>, String) {
    let mut clients = Vec::new();
    for seat in SEATS {
        let name = format!("{}{tag}", &seat[..1].to_lowercase());
        let token = register(addr, &name).await;
        clients.push(Client::connect(addr, &token, &name).await);
    }
    clients[0].send(json!({"type": "create_table", "name": "Friday", "boards": boards, "seat": "North"})).await;
    let table = clients[0].until("created", |v| v["type"] == "created").await["table"].as_str().unwrap().to_string();
    clients[0].view().await;
    for i in 1..4 {
        clients[i].send(json!({"type": "join", "table": table, "seat": SEATS[i]})).await;
        // Everyone already at the table sees the new arrival.
        for c in clients.iter_mut().take(i + 1) {
            c.view().await;
        }
    }
    (clients, table)
}

/// Each client reads the one view a change produces.
async fn views(clients: &mut [Client]) -> Vec<Value> {
    let mut out = Vec::new();
    for c in clients.iter_mut() {
        out.push(c.view().await);
    }
    out
}

/// The wire-level hidden-information check: before the board is over, a view shows the cards
/// of the viewer's own seat and of dummy after the opening lead, and no other hand.
fn check_hidden(view: &Value, me: usize) {
    if view["phase"] == "over" || view["phase"] == "claim" {
        return;
    }
    let lead_made = view["tricks"].as_array().is_some_and(|t| !t.is_empty());
    let dummy = view["declarer"].as_str().map(|d| SEATS[(SEATS.iter().position(|s| *s == d).unwrap() + 2) % 4]);
    for (i, seat) in view["seats"].as_array().unwrap().iter().enumerate() {
        let shown = !seat["cards"].is_null();
        let allowed = i == me || (lead_made && Some(SEATS[i]) == dummy);
        assert!(!shown || allowed, "viewer {} was shown {}'s cards: {view}", SEATS[me], SEATS[i]);
    }
}

/// Plays the current board to its end: 1NT by the dealer, three passes, then each player to
/// act plays their first legal card. Returns the final views.
async fn play_board(clients: &mut [Client], table: &str, mut latest: Vec<Value>) -> Vec<Value> {
    let mut bid = false;
    for _ in 0..200 {
        if latest[0]["phase"] == "over" {
            return latest;
        }
        let who = (0..4).find(|&i| latest[i]["your_turn"] == true).expect("somebody is to act");
        let v = &latest[who];
        let action = if v["phase"] == "auction" {
            let call = if bid { "Pass" } else { "1NT" };
            bid = true;
            json!({"action": "call", "call": call})
        } else {
            json!({"action": "play", "card": v["legal_cards"][0]})
        };
        clients[who].act(table, action).await;
        latest = views(clients).await;
        for (i, v) in latest.iter().enumerate() {
            check_hidden(v, i);
        }
    }
    panic!("the board did not end");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_people_play_a_board_and_the_table_survives_a_restart() {
    for db in databases("play").await {
        let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
        let addr = server.addr;
        let (mut clients, table) = four_at_a_table(addr, "p", 2).await;
        // The last join's views were read; ask everyone for the current state by a harmless chat.
        clients[0].act(&table, json!({"action": "chat", "text": "good luck"})).await;
        let latest = views(&mut clients).await;
        assert_eq!(latest[1]["chat"][0]["text"], "good luck");
        let end = play_board(&mut clients, &table, latest).await;
        let result = &end[2]["result"];
        assert!(result["score_ns"].is_i64(), "{result}");
        assert_eq!(result["contract"], "1NT");
        assert_eq!(end[2]["seats"][0]["cards"].as_array().unwrap().len(), 0, "hands are played out");
        assert_eq!(result["deal"].as_str().unwrap().split_whitespace().count(), 4);
        let score = result["score_ns"].clone();
        // The hand record (double-dummy table and par) follows once solved.
        // The solver runs on the lowest-priority thread: on a loaded machine this can take a while.
        // So does the robots' comparison (the same board played by four robots).
        let v = loop {
            let v = clients[0].next_within(300).await;
            if v["type"] == "view" && !v["view"]["result"]["hand_record"].is_null() && !v["view"]["result"]["comparison"].is_null() {
                break v;
            }
        };
        let mp = v["view"]["result"]["comparison"]["mp_percent_ns"].clone();
        let record = &v["view"]["result"]["hand_record"];
        assert_eq!(record["tricks"].as_object().unwrap().len(), 4, "{record}");
        let cells: Vec<u64> =
            record["tricks"].as_object().unwrap().values().flat_map(|s| s.as_object().unwrap().values().map(|t| t.as_u64().unwrap())).collect();
        assert_eq!(cells.len(), 20, "{record}");
        assert!(cells.iter().all(|&t| t <= 13));
        assert!(record["par_score"].is_i64());

        // Restart: a new server on the same database rebuilds the table from its events.
        server.task.abort();
        drop(clients);
        let again = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
        let token = register(again.addr, "kibitz-p").await;
        let mut k = Client::connect(again.addr, &token, "kibitz-p").await;
        k.send(json!({"type": "lobby"})).await;
        let lobby = k.until("lobby", |v| v["type"] == "lobby").await;
        let line = lobby["tables"].as_array().unwrap().iter().find(|t| t["table"] == table.as_str()).expect("table listed").clone();
        assert_eq!(line["seats"][0], "np");
        k.send(json!({"type": "watch", "table": table})).await;
        let v = k.view().await;
        assert_eq!(v["phase"], "over");
        assert_eq!(v["result"]["score_ns"], score);
        // The returning North sits down again and starts board 2.
        let mut north = Client::connect(again.addr, &login(again.addr, "np").await, "np").await;
        north.send(json!({"type": "join", "table": table, "seat": "North"})).await;
        assert_eq!(north.view().await["phase"], "over");
        north.act(&table, json!({"action": "next_board"})).await;
        let v = north.view().await;
        assert_eq!(v["board"], 2);
        assert_eq!(v["history"][0]["score_ns"], score);
        // The session's running score: board 1's standing against the robots' table.
        assert_eq!(v["history"][0]["mp_percent_ns"], mp, "{}", v["history"]);
        // And again after another restart, from the stored results of the finished board.
        again.task.abort();
        drop(north);
        let third = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
        let mut k = Client::connect(third.addr, &login(third.addr, "kibitz-p").await, "kibitz-p").await;
        k.send(json!({"type": "watch", "table": table})).await;
        let v = k.view().await;
        assert_eq!(v["history"][0]["mp_percent_ns"], mp, "{}", v["history"]);
        third.task.abort();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_gets_an_error_for_that_client_only() {
    for db in databases("bad-input").await {
        let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
        let (mut clients, table) = four_at_a_table(server.addr, "b", 1).await;
        let (first, rest) = clients.split_at_mut(1);
        let east = &mut rest[0];

        east.send_raw(Message::Text("{not json".into())).await;
        assert!(east.error().await["message"].as_str().unwrap().starts_with("malformed message"));
        east.send(json!({"type": "fly_to_the_moon"})).await;
        assert!(east.error().await["message"].as_str().unwrap().contains("unknown variant"));
        east.send_raw(Message::Text(format!("{{\"type\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(20_000)).into())).await;
        assert!(east.error().await["message"].as_str().unwrap().contains("too large"));
        east.send_raw(Message::Binary(vec![1, 2, 3].into())).await;
        assert!(east.error().await["message"].as_str().unwrap().contains("binary"));
        east.send(json!({"type": "join", "table": "t-nope", "seat": "North"})).await;
        assert!(east.error().await["message"].as_str().unwrap().contains("no table"));
        // Out of turn: North deals board 1.
        east.act(&table, json!({"action": "call", "call": "1C"})).await;
        let e = east.error().await;
        assert_eq!(e["law"], "17C", "{e}");
        // A card during the auction, a bid above seven.
        east.act(&table, json!({"action": "play", "card": "SA"})).await;
        assert!(east.error().await["message"].as_str().is_some());
        east.act(&table, json!({"action": "call", "call": "8NT"})).await;
        assert!(east.error().await["message"].as_str().unwrap().starts_with("malformed message"));
        // Acting for another seat is impossible: the seat comes from the connection.
        east.send(json!({"type": "ping"})).await;
        assert_eq!(east.next().await["type"], "pong", "the connection is still open");
        assert!(first[0].quiet(300).await, "North heard nothing of East's mistakes");
        // The table is unaffected: North still opens.
        first[0].act(&table, json!({"action": "call", "call": "1C"})).await;
        assert_eq!(first[0].view().await["auction"][0]["call"], "1C");

        // Unknown and expired tokens.
        use futures_util::{SinkExt, StreamExt};
        let auth = |t: &str| tokio_tungstenite::tungstenite::Message::Text(json!({"type": "auth", "token": t}).to_string().into());
        let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws/v1", server.addr)).await.unwrap();
        ws.send(auth("nope")).await.unwrap();
        let m = ws.next().await.unwrap().unwrap();
        assert!(m.to_text().unwrap().contains("unknown session token"), "{m}");
        server.club.store.create_session("old-token", "nb", 1).await.unwrap();
        let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws/v1", server.addr)).await.unwrap();
        ws.send(auth("old-token")).await.unwrap();
        let m = ws.next().await.unwrap().unwrap();
        assert!(m.to_text().unwrap().contains("expired"), "{m}");
        server.task.abort();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_refuse_bad_names_taken_names_and_wrong_passwords() {
    let db = databases("accounts").await.remove(0);
    let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
    let http = reqwest::Client::new();
    let post = |path: &str, body: Value| http.post(format!("http://{}{path}", server.addr)).json(&body).send();
    assert_eq!(post("/api/register", json!({"name": "ann", "password": "secret-pass"})).await.unwrap().status(), 200);
    assert_eq!(post("/api/register", json!({"name": "ann", "password": "secret-pass"})).await.unwrap().status(), 409);
    assert_eq!(post("/api/register", json!({"name": "a b", "password": "secret-pass"})).await.unwrap().status(), 400);
    assert_eq!(post("/api/register", json!({"name": "Robot", "password": "secret-pass"})).await.unwrap().status(), 400);
    assert_eq!(post("/api/register", json!({"name": "bo", "password": "123"})).await.unwrap().status(), 400);
    assert_eq!(post("/api/login", json!({"name": "ann", "password": "wrong-pass"})).await.unwrap().status(), 401);
    assert_eq!(post("/api/login", json!({"name": "ann", "password": "secret-pass"})).await.unwrap().status(), 200);
    let r = http.post(format!("http://{}/api/login", server.addr)).body("nonsense").send().await.unwrap();
    assert_eq!(r.status(), 400);
    server.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn okb_undo_over_the_wire_needs_the_opponents_consent() {
    let db = databases("undo").await.remove(0);
    let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
    let (mut c, table) = four_at_a_table(server.addr, "u", 1).await;
    c[0].act(&table, json!({"action": "call", "call": "1S", "alert": true, "explanation": "five spades"})).await;
    let v = views(&mut c).await;
    assert_eq!(v[1]["auction"][0]["explanation"], "five spades", "East sees the self-alert");
    assert!(v[2]["auction"][0]["explanation"].is_null(), "partner does not (Law 20F)");
    c[0].act(&table, json!({"action": "request_undo"})).await;
    let v = views(&mut c).await;
    assert_eq!(v[1]["undo"]["awaiting"], json!(["East", "West"]));
    c[2].act(&table, json!({"action": "answer_undo", "accept": true})).await;
    assert_eq!(c[2].error().await["law"], "OKb undo");
    c[1].act(&table, json!({"action": "answer_undo", "accept": true})).await;
    views(&mut c).await;
    c[3].act(&table, json!({"action": "answer_undo", "accept": true})).await;
    let v = views(&mut c).await;
    assert_eq!(v[0]["auction"].as_array().unwrap().len(), 0);
    assert_eq!(v[0]["your_turn"], true);
    server.task.abort();
}

/// View patches (docs/protocol.md): a connection that asks for them rebuilds from them every
/// view that a connection of the same person at the same seat receives whole, for a fraction
/// of the bytes; following the table again brings the whole view back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn view_patches_rebuild_every_whole_view_for_a_fraction_of_the_bytes() {
    let db = databases("patches").await.remove(0);
    let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
    let token = register(server.addr, "patch").await;
    let mut whole = Client::connect(server.addr, &token, "patch").await;
    let mut patched = Client::connect_patched(server.addr, &token, "patch").await;
    let table = support::open_robots_table(&mut whole, "Patches", 2).await;
    // The same person follows her table from the second connection too (coming back to her seat).
    patched.send(json!({"type": "join", "table": table, "seat": "South"})).await;
    let mut full: Vec<(Value, usize)> = Vec::new();
    loop {
        let m = whole.until("a view", |v| v["type"] == "view").await;
        assert!(m.get("seq").is_none(), "whole views unless asked: {m}");
        let v = m["view"].clone();
        let bytes = m.to_string().len();
        if full.last().is_none_or(|(last, _)| *last != v) {
            full.push((v.clone(), bytes));
        }
        if v["phase"] == "over" && v["board"] == 2 {
            break;
        }
        support::play_on(&mut whole, &table, &v).await;
    }
    let last = full.last().unwrap().0.clone();
    let mut rebuilt: Vec<Value> = Vec::new();
    let mut seq = 0;
    let mut patched_bytes = 0;
    while rebuilt.last() != Some(&last) {
        let m = patched.next().await;
        match m["type"].as_str() {
            Some("view") => {
                assert!(rebuilt.is_empty(), "one whole view, then patches: {m}");
                assert!(m["seq"].is_u64() && m["fresh"] == true, "{m}");
                rebuilt.push(m["view"].clone());
            }
            Some("view_patch") => {
                assert_eq!(m["seq"].as_u64(), Some(seq + 1), "patches are numbered in order: {m}");
                assert_eq!(m["table"], table.as_str());
                let mut v = rebuilt.last().expect("a whole view first").clone();
                apply_patch(&mut v, &m);
                rebuilt.push(v);
            }
            _ => continue,
        }
        seq = m["seq"].as_u64().unwrap();
        patched_bytes += m.to_string().len();
    }
    // Every view the whole connection received since the join, rebuilt in the same order.
    let start = full.len() - rebuilt.len();
    let expected: Vec<&Value> = full[start..].iter().map(|(v, _)| v).collect();
    assert_eq!(rebuilt.iter().collect::<Vec<_>>(), expected, "the patches rebuild the whole views");
    assert!(rebuilt.len() > 8, "two boards' worth of views: {}", rebuilt.len());
    let full_bytes: usize = full[start..].iter().map(|(_, b)| b).sum();
    assert!(patched_bytes * 3 < full_bytes, "patches: {patched_bytes} bytes against {full_bytes} for the whole views");
    // A client that lost its copy follows the table again: the view comes whole, numbered anew.
    patched.send(json!({"type": "join", "table": table, "seat": "South"})).await;
    let m = patched.until("a whole view", |v| v["type"] == "view").await;
    assert!(m["seq"].is_u64() && m["fresh"] == true, "{m}");
    assert_eq!(m["view"]["board"], 2);
    server.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_comes_back_to_the_seat_or_a_robot_takes_it() {
    let db = databases("reconnect").await.remove(0);
    let mut cfg = config();
    cfg.seat_timeout = std::time::Duration::from_secs(2);
    let server = tenace_server::start("127.0.0.1:0", &db, cfg).await.unwrap();
    let (mut c, table) = four_at_a_table(server.addr, "r", 1).await;
    c[0].act(&table, json!({"action": "call", "call": "1H"})).await;
    views(&mut c).await;
    // East drops and comes back at once (well within the seat timeout): same seat, current
    // state. (The login comes first: password hashing is slow in a debug build.)
    let token = login(server.addr, "er").await;
    let east = c.remove(1);
    drop(east);
    let mut east = Client::connect(server.addr, &token, "er").await;
    east.send(json!({"type": "join", "table": table, "seat": "East"})).await;
    let v = east.view().await;
    assert_eq!(v["auction"][0]["call"], "1H");
    assert_eq!(v["your_turn"], true);
    assert_eq!(v["seats"][1]["name"], "er");
    // West drops for good: after the timeout a robot sits West.
    let west = c.remove(2);
    drop(west);
    let v = c[0].until("a robot West", |v| v["type"] == "view" && v["view"]["seats"][3]["robot"] == true).await;
    assert_eq!(v["view"]["seats"][3]["name"], "Robot");
    server.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn law_68b_claim_over_the_wire_and_law_76_kibitzers() {
    let db = databases("claim").await.remove(0);
    let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
    let (mut c, table) = four_at_a_table(server.addr, "c", 1).await;
    let token = register(server.addr, "kib-c").await;
    let mut kib = Client::connect(server.addr, &token, "kib-c").await;
    kib.send(json!({"type": "watch", "table": table, "seat": "East"})).await;
    let kv = kib.view().await;
    assert!(kv["seats"][1]["cards"].is_array(), "the kibitzer sees the hand they watch");
    assert!(kv["seats"][0]["cards"].is_null() && kv["seats"][2]["cards"].is_null() && kv["seats"][3]["cards"].is_null());
    // A kibitzer cannot act at the table, and talks only to kibitzers during the board.
    kib.act(&table, json!({"action": "call", "call": "1C"})).await;
    assert!(kib.error().await["message"].as_str().unwrap().contains("kibitzers watch"));
    kib.act(&table, json!({"action": "chat", "text": "what a hand"})).await;
    kib.view().await;
    let v = views(&mut c).await;
    assert!(v[0]["chat"].as_array().unwrap().is_empty(), "players do not see kibitzers' remarks (76B3)");

    // 1NT by North, three passes; East leads; North claims everything.
    c[0].act(&table, json!({"action": "call", "call": "1NT"})).await;
    views(&mut c).await;
    for i in [1, 2, 3] {
        c[i].act(&table, json!({"action": "call", "call": "Pass"})).await;
        views(&mut c).await;
    }
    kib.until("the auction's end", |v| v["type"] == "view" && v["view"]["phase"] == "play").await;
    c[0].act(&table, json!({"action": "claim", "tricks": 13, "statement": "all top tricks"})).await;
    let v = views(&mut c).await;
    assert_eq!(v[1]["phase"], "claim");
    assert_eq!(v[1]["seats"][0]["cards"].as_array().unwrap().len(), 13, "68B: the opponents see the claimer's hand");
    assert!(v[2]["seats"][0]["cards"].is_null(), "partner does not");
    assert_eq!(v[1]["claim"]["awaiting"], json!(["East", "West"]));
    c[1].act(&table, json!({"action": "answer_claim", "accept": false})).await;
    let v = views(&mut c).await;
    assert_eq!(v[1]["phase"], "play", "a rejected claim resumes play (68D)");
    assert!(v[1]["seats"][0]["cards"].is_null());
    // Now East concedes everything; declarer agrees; the board is over.
    c[1].act(&table, json!({"action": "claim", "tricks": 0, "statement": "yours"})).await;
    views(&mut c).await;
    c[0].act(&table, json!({"action": "answer_claim", "accept": true})).await;
    let v = views(&mut c).await;
    assert_eq!(v[3]["phase"], "over");
    assert_eq!(v[3]["result"]["tricks"], 13);
    assert_eq!(v[3]["result"]["ending"], "claim");
    let check = v[3]["result"]["claim_check"].as_array().unwrap();
    assert_eq!(check[0], 0);
    server.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn okb_skip_over_the_wire_scores_average() {
    let db = databases("skip").await.remove(0);
    let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
    let (mut c, table) = four_at_a_table(server.addr, "s", 2).await;
    c[2].act(&table, json!({"action": "request_skip"})).await;
    let v = views(&mut c).await;
    assert_eq!(v[0]["skip"]["awaiting"], json!(["North", "East", "West"]));
    for i in [0, 1, 3] {
        c[i].act(&table, json!({"action": "answer_skip", "accept": true})).await;
        views(&mut c).await;
    }
    c[0].send(json!({"type": "ping"})).await;
    c[0].until("pong", |v| v["type"] == "pong").await;
    let v = c[0].seen.iter().rev().find(|m| m["type"] == "view").unwrap()["view"].clone();
    assert_eq!(v["phase"], "over");
    assert_eq!(v["result"]["ending"], "skipped");
    assert!(v["result"]["score_ns"].is_null());
    server.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn law_78_two_tables_on_the_same_set_are_compared() {
    let db = databases("duplicate").await.remove(0);
    let mut cfg = config();
    cfg.robot_comparison = false;
    let server = tenace_server::start("127.0.0.1:0", &db, cfg).await.unwrap();
    let (mut a, table_a) = four_at_a_table(server.addr, "da", 1).await;
    a[0].act(&table_a, json!({"action": "chat", "text": "hi"})).await;
    let latest = views(&mut a).await;
    let end_a = play_board(&mut a, &table_a, latest).await;
    assert!(end_a[0]["result"]["comparison"].is_null(), "nobody else has played the board yet");

    // Table B plays the same deals: the lobby's set id matches.
    let token = register(server.addr, "host-db").await;
    let mut host = Client::connect(server.addr, &token, "host-db").await;
    host.send(json!({"type": "create_table", "name": "Second", "boards": 1, "seat": "North", "same_set_as": table_a})).await;
    let table_b = host.until("created", |v| v["type"] == "created").await["table"].as_str().unwrap().to_string();
    let v = host.view().await;
    assert_eq!(v["set_id"], end_a[0]["set_id"]);
    let mut b = vec![host];
    for (i, seat) in SEATS.iter().enumerate().skip(1) {
        let name = format!("{}db", &seat[..1].to_lowercase());
        let token = register(server.addr, &name).await;
        let mut c = Client::connect(server.addr, &token, &name).await;
        c.send(json!({"type": "join", "table": table_b, "seat": seat})).await;
        b.push(c);
        for c in b.iter_mut().take(i + 1) {
            c.view().await;
        }
    }
    // Table B passes the board out.
    for i in 0..4 {
        b[i].act(&table_b, json!({"action": "call", "call": "Pass"})).await;
        views(&mut b).await;
    }
    // The comparison is in the final view, or in a refresh that follows it (the hand record).
    let has_comparison = |v: &Value| v["type"] == "view" && !v["view"]["result"]["comparison"].is_null();
    let v = match b[0].seen.iter().rev().find(|v| has_comparison(v)) {
        Some(v) => v.clone(),
        None => b[0].until("the comparison", has_comparison).await,
    };
    let cmp = &v["view"]["result"]["comparison"];
    let tables: Vec<&str> = cmp["results"].as_array().unwrap().iter().map(|r| r["table"].as_str().unwrap()).collect();
    assert!(tables.contains(&table_a.as_str()) && tables.contains(&table_b.as_str()), "{cmp}");
    let score_a = end_a[0]["result"]["score_ns"].as_i64().unwrap();
    let expected = if score_a < 0 {
        100.0
    } else if score_a == 0 {
        50.0
    } else {
        0.0
    };
    assert_eq!(cmp["mp_percent_ns"].as_f64().unwrap(), expected, "{cmp}");
    let imps = cmp["imps_ns"].as_f64().unwrap();
    assert_eq!(imps, f64::from(tenace_core::imps(-score_a as i32)), "{cmp}");
    server.task.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_person_plays_a_board_with_three_robots_and_sees_the_robots_comparison() {
    let db = databases("robots").await.remove(0);
    let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
    let token = register(server.addr, "solo").await;
    let mut me = Client::connect(server.addr, &token, "solo").await;
    let table = support::open_robots_table(&mut me, "Solo", 1).await;
    let mut over = None;
    for _ in 0..400 {
        let v = me.view().await;
        check_hidden(&v, 2);
        if v["phase"] == "over" {
            over = Some(v);
            break;
        }
        if v["your_turn"] != true {
            continue;
        }
        let action = if v["phase"] == "auction" { json!({"action": "call", "call": "Pass"}) } else { json!({"action": "play", "card": v["legal_cards"][0]}) };
        me.act(&table, action).await;
    }
    let v = over.expect("the board ends");
    let robots = v["seats"].as_array().unwrap().iter().filter(|s| s["robot"] == true).count();
    assert_eq!(robots, 3, "robots fill the empty seats");
    // Robots alert and explain their own calls; their explanations reach the opponents (20F).
    let robot_bids: Vec<&Value> = v["auction"].as_array().unwrap().iter().filter(|c| c["call"] != "Pass").collect();
    assert!(robot_bids.iter().all(|c| c["explanation"].as_str().is_some_and(|e| !e.is_empty())), "{robot_bids:?}");
    // The robots' comparison table played the same board.
    let cmp = me.until("the comparison", |m| m["type"] == "view" && !m["view"]["result"]["comparison"].is_null()).await;
    let tables: Vec<&str> = cmp["view"]["result"]["comparison"]["results"].as_array().unwrap().iter().map(|r| r["table"].as_str().unwrap()).collect();
    assert!(tables.contains(&"Robots"), "{tables:?}");
    server.task.abort();
}
