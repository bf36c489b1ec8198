//! Club nights over HTTP (issue 20, item 1): the scorer creates a night, each table's page (by
//! its code, no account) enters its results with East-West's confirmation; the server checks
//! them against the movement (Law 8) and Law 77, never enters one twice, shows a table the
//! traveller only of a board it has played, takes the scorer's corrections (Law 79C) and
//! adjusted scores (Law 12), and ranks the night as `tenace event score` ranks its event file;
//! everything survives a restart. On SQLite and (with `TENACE_TEST_POSTGRES`) PostgreSQL.

mod support;

use serde_json::{json, Value};
use support::{config, databases, http, login, register};

/// The result a table enters on `board` (made up, but each table's differs).
fn made_up(id: &str, round: u64, board: u64, table: u64) -> Value {
    json!({"id": id, "round": round, "board": board, "contract": "3NT", "declarer": "N", "tricks": 6 + (board * 7 + table * 3) % 5, "confirmed": true})
}

fn error_of(body: &Value) -> &str {
    body["error"].as_str().unwrap_or_else(|| panic!("no error: {body}"))
}

#[tokio::test]
async fn a_club_night_is_entered_from_the_tables_and_ranked_like_its_event_file() {
    for db in databases("nights").await {
        let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
        let addr = server.addr;
        let director = register(addr, "director").await;
        let player = register(addr, "player").await;

        // Only a Director account scores a night; a bad night is refused with the reason.
        let new = json!({"name": "Tuesday pairs", "tables": 3, "boards_per_round": 2, "seed": 7, "names": ["Ann & Bob", "Cy & Di"]});
        let (status, body) = http(addr, Some(&player), "POST", "/api/nights", Some(new.clone())).await;
        assert_eq!(status, 403, "{body}");
        let (status, body) = http(addr, Some(&director), "POST", "/api/nights", Some(json!({"name": "x", "tables": 1, "boards_per_round": 2}))).await;
        assert_eq!(status, 422, "{body}");
        assert!(error_of(&body).contains("2 to 30 tables"), "{body}");
        let (status, night) = http(addr, Some(&director), "POST", "/api/nights", Some(new)).await;
        assert_eq!(status, 200, "{night}");
        let id = night["id"].as_str().unwrap().to_string();
        let codes: Vec<(u64, String)> =
            night["codes"].as_array().unwrap().iter().map(|c| (c[0].as_u64().unwrap(), c[1].as_str().unwrap().to_string())).collect();
        assert_eq!(codes.len(), 3);
        assert_eq!(night["progress"].as_array().unwrap().len(), 9, "3 tables, 3 rounds");

        // A table's page: the pairs the movement seats there and the boards of the round.
        let (t1, code1) = codes[0].clone();
        let (status, view) = http(addr, None, "GET", &format!("/api/night-tables/{}", code1.to_lowercase()), None).await;
        assert_eq!(status, 200, "{view}");
        assert_eq!((view["table"].as_u64(), view["round"].as_u64(), view["rounds"].as_u64()), (Some(t1), Some(1), Some(3)));
        assert_eq!(view["ns"]["name"], "Ann & Bob", "{view}");
        let board = view["boards"][0]["board"].as_u64().unwrap();
        assert!(view["boards"][0]["traveller"].as_array().unwrap().is_empty());
        let (status, body) = http(addr, None, "GET", "/api/night-tables/NOPE42", None).await;
        assert_eq!(status, 404, "{body}");

        // Refusals name the reason and change nothing.
        let path1 = format!("/api/night-tables/{code1}/results");
        let mut unconfirmed = made_up("a1", 1, board, t1);
        unconfirmed["confirmed"] = json!(false);
        let (status, body) = http(addr, None, "POST", &path1, Some(unconfirmed)).await;
        assert_eq!(status, 422);
        assert!(error_of(&body).contains("Law 79A"), "{body}");
        let other_round = night["progress"].as_array().unwrap().iter().find(|p| p["round"] == 2 && p["table"] == t1).unwrap().clone();
        let (_, round2) = http(addr, None, "GET", &format!("/api/night-tables/{code1}?round=2"), None).await;
        let later = round2["boards"][0]["board"].as_u64().unwrap();
        assert_eq!(round2["ns"]["number"], other_round["ns"]);
        let (status, body) = http(addr, None, "POST", &path1, Some(made_up("a2", 1, later, t1))).await;
        assert_eq!(status, 422);
        assert!(error_of(&body).contains("Law 8") && error_of(&body).contains("not played at table"), "{body}");
        let mut impossible = made_up("a3", 1, board, t1);
        impossible["contract"] = json!("8NT");
        let (status, body) = http(addr, None, "POST", &path1, Some(impossible)).await;
        assert_eq!(status, 422);
        assert!(error_of(&body).contains("not a contract"), "{body}");
        let mut wrong_lead = made_up("a4", 1, board, t1);
        let deal = tenace_events::dealing::seeded_deal(7, board as u32);
        let norths_card = deal.hand(tenace_core::Seat::North).iter().next().unwrap();
        wrong_lead["lead"] = json!(norths_card.to_string());
        let (status, body) = http(addr, None, "POST", &path1, Some(wrong_lead)).await;
        assert_eq!(status, 422);
        assert!(error_of(&body).contains("Law 41A"), "{body}");

        // Entered: the board's score and the traveller so far; sent again, it is not doubled;
        // a second result for the board is the scorer's to correct (79C).
        let mut first = made_up("a5", 1, board, t1);
        let easts_card = deal.hand(tenace_core::Seat::East).iter().next_back().unwrap();
        first["lead"] = json!(easts_card.to_string());
        let (status, view) = http(addr, None, "POST", &path1, Some(first.clone())).await;
        assert_eq!(status, 200, "{view}");
        let entered = &view["boards"][0];
        assert_eq!(entered["result"]["lead"], easts_card.to_string());
        assert!(entered["result"]["score"].is_i64(), "{view}");
        assert_eq!(entered["traveller"].as_array().unwrap().len(), 1);
        let (status, again) = http(addr, None, "POST", &path1, Some(first)).await;
        assert_eq!(status, 200, "{again}");
        let (status, body) = http(addr, None, "POST", &path1, Some(made_up("a6", 1, board, t1))).await;
        assert_eq!(status, 422);
        assert!(error_of(&body).contains("Law 79C"), "{body}");
        let (_, scorer) = http(addr, Some(&director), "GET", &format!("/api/nights/{id}"), None).await;
        assert_eq!(scorer["results"].as_array().unwrap().len(), 1, "entered once: {scorer}");

        // Every table enters every round.
        let mut n = 0;
        for (table, code) in &codes {
            for round in 1..=3u64 {
                let (_, view) = http(addr, None, "GET", &format!("/api/night-tables/{code}?round={round}"), None).await;
                for b in view["boards"].as_array().unwrap() {
                    if !b["result"].is_null() {
                        continue;
                    }
                    // Before a table has played a board it sees no other table's result.
                    assert!(b["traveller"].as_array().unwrap().is_empty(), "{view}");
                    n += 1;
                    let r = made_up(&format!("r{n}"), round, b["board"].as_u64().unwrap(), *table);
                    let (status, after) = http(addr, None, "POST", &format!("/api/night-tables/{code}/results"), Some(r)).await;
                    assert_eq!(status, 200, "{after}");
                }
            }
            let (_, view) = http(addr, None, "GET", &format!("/api/night-tables/{code}"), None).await;
            assert_eq!(view["done"], true, "{view}");
        }
        assert_eq!(n, 17);

        // The scorer corrects one result (79C) and gives an adjusted score on another (12C2).
        let (_, scorer) = http(addr, Some(&director), "GET", &format!("/api/nights/{id}"), None).await;
        assert!(scorer["progress"].as_array().unwrap().iter().all(|p| p["entered"] == p["boards"]), "{scorer}");
        let rows = scorer["results"].as_array().unwrap().clone();
        let (a, b) = (&rows[3], &rows[7]);
        let pair = |v: &Value| v.as_str().unwrap().parse::<u64>().unwrap();
        let correction = json!({"board": a["board"], "ns": pair(&a["ns"]), "ew": pair(&a["ew"]), "outcome": "4S S -1"});
        let (status, scorer) = http(addr, Some(&director), "POST", &format!("/api/nights/{id}/scores"), Some(correction)).await;
        assert_eq!(status, 200, "{scorer}");
        let adjusted = json!({"board": b["board"], "ns": pair(&b["ns"]), "ew": pair(&b["ew"]), "outcome": "A+/A-"});
        let (status, scorer) = http(addr, Some(&director), "POST", &format!("/api/nights/{id}/scores"), Some(adjusted)).await;
        assert_eq!(status, 200, "{scorer}");
        let bad = json!({"board": b["board"], "ns": pair(&b["ns"]), "ew": pair(&b["ew"]), "outcome": "4S N +9"});
        let (status, body) = http(addr, Some(&director), "POST", &format!("/api/nights/{id}/scores"), Some(bad)).await;
        assert_eq!(status, 422, "{body}");
        let labels: Vec<String> = scorer["results"].as_array().unwrap().iter().map(|r| r["result"].as_str().unwrap().to_string()).collect();
        assert_eq!(labels.len(), 18);
        assert!(labels.contains(&"4S S -1".to_string()) && labels.contains(&"A+/A-".to_string()), "{labels:?}");

        // The ranking is the one `tenace event score` prints for the night's event file.
        let (status, file) = http(addr, Some(&director), "GET", &format!("/api/nights/{id}/event"), None).await;
        assert_eq!(status, 200);
        let event: tenace_events::Event = serde_json::from_value(file).unwrap();
        event.validate().unwrap();
        assert_eq!(event.results.len(), 18);
        let expected = tenace_events::report::ranking_text(&tenace_events::score(&event).unwrap());
        assert_eq!(scorer["ranking"].as_str().unwrap(), expected);
        assert!(expected.contains("Ann & Bob"), "{expected}");

        // After a restart the night is rebuilt: the same ranking, and a result sent again is
        // still not doubled.
        server.task.abort();
        let again = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
        let token = login(again.addr, "director").await;
        let (_, back) = http(again.addr, Some(&token), "GET", &format!("/api/nights/{id}"), None).await;
        assert_eq!(back["ranking"], scorer["ranking"]);
        let (status, _) = http(again.addr, None, "POST", &format!("/api/night-tables/{}/results", codes[0].1), Some(made_up("r3", 1, 1, 0))).await;
        assert_eq!(status, 200);
        let (_, back) = http(again.addr, Some(&token), "GET", &format!("/api/nights/{id}"), None).await;
        assert_eq!(back["results"].as_array().unwrap().len(), 18);
        let (_, list) = http(again.addr, Some(&token), "GET", "/api/nights", None).await;
        assert!(list["nights"].as_array().unwrap().iter().any(|n| n["id"] == id.as_str() && n["name"] == "Tuesday pairs"), "{list}");
        again.task.abort();
    }
}

/// The boards of a night from a PBN hand record (`tenace deal` writes one): each board's deal is
/// the record's; a record without one of the night's boards is refused, naming it.
#[tokio::test]
async fn a_club_night_takes_its_boards_from_a_pbn_hand_record() {
    let db = databases("nights_pbn").await.remove(0);
    let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
    let director = register(server.addr, "director").await;
    let deals: Vec<tenace_core::Deal> = (1..=6).map(|b| tenace_events::dealing::seeded_deal(99, b)).collect();
    let pbn: String = deals.iter().enumerate().map(|(i, d)| format!("[Board \"{}\"]\n[Deal \"{}\"]\n\n", i + 1, d.to_pbn(tenace_core::Seat::North))).collect();
    let new = |record: &str| json!({"name": "From the record", "tables": 3, "boards_per_round": 2, "hand_record": record});
    let short: String = pbn.split("\n\n").take(5).map(|g| format!("{g}\n\n")).collect();
    let (status, body) = http(server.addr, Some(&director), "POST", "/api/nights", Some(new(&short))).await;
    assert_eq!(status, 422, "{body}");
    assert!(error_of(&body).contains("no deal for board 6"), "{body}");
    let (status, night) = http(server.addr, Some(&director), "POST", "/api/nights", Some(new(&pbn))).await;
    assert_eq!(status, 200, "{night}");
    let (_, file) = http(server.addr, Some(&director), "GET", &format!("/api/nights/{}/event", night["id"].as_str().unwrap()), None).await;
    let event: tenace_events::Event = serde_json::from_value(file).unwrap();
    for (i, d) in deals.iter().enumerate() {
        assert_eq!(event.board(i as u32 + 1).and_then(|b| b.deal.as_ref()), Some(d));
    }
    server.task.abort();
}

/// A club of several nodes: each node reads the night from the store at every request
/// (`Nights::fresh`). Results of one night entered through two nodes at the same moments take
/// the same place in its log; the later one reads the night again and is taken, never refused
/// with the store's conflict.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn results_entered_at_the_same_moments_through_two_nodes_are_all_taken() {
    use std::sync::Arc;
    use tenace_server::nights::{EnteredResult, NewNight, Nights};
    for db in databases("nights_race").await {
        let store = Arc::new(tenace_server::Store::open(&db).await.unwrap());
        let nodes = [Arc::new(Nights::fresh()), Arc::new(Nights::fresh())];
        let new: NewNight = serde_json::from_value(json!({"name": "race", "tables": 4, "boards_per_round": 2, "seed": 7})).unwrap();
        let night = nodes[0].create(&store, "race".into(), new, 0).await.unwrap();
        let codes: Vec<(u32, String)> = night.codes.clone();
        // Node i enters the results of tables 2i+1 and 2i+2, every board it may (others are
        // refused by Law 8 before anything is written), rounds 1 and 2.
        let tasks: Vec<_> = (0..2)
            .map(|i| {
                let (store, nights, codes) = (store.clone(), nodes[i].clone(), codes.clone());
                tokio::spawn(async move {
                    let mut taken = 0;
                    for round in 1..=2u32 {
                        for board in 1..=8u32 {
                            for (table, code) in &codes[2 * i..2 * i + 2] {
                                let r = made_up(&format!("{table}-{round}-{board}"), round.into(), board.into(), (*table).into());
                                let r: EnteredResult = serde_json::from_value(r).unwrap();
                                match nights.enter(&store, code, r).await {
                                    Ok(_) => taken += 1,
                                    Err(e) => assert!(e.to_string().contains("Law 8"), "table {table} round {round} board {board}: {e}"),
                                }
                            }
                        }
                    }
                    taken
                })
            })
            .collect();
        let mut taken = 0;
        for t in tasks {
            taken += t.await.unwrap();
        }
        assert_eq!(taken, 4 * 2 * 2, "{db}: four tables, two rounds, two boards each");
        let event = nodes[1].event(&store, "race").await.unwrap();
        assert_eq!(event.results.len(), 16, "{db}");
    }
}
