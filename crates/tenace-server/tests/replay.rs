//! The replay of a finished board over HTTP (`/api/replays/{table}/{board}`), on SQLite and
//! PostgreSQL: every card analysed double dummy as `tenace solve --play` analyses the exported
//! record, the PBN and LIN exports, and Law 16 (who may see the board).

mod support;

use serde_json::{json, Value};
use support::{cards_in_order, config, databases, http, http_text, register, robots_table, solve_play, Client};
use tenace_formats::Format;

fn step_values(step: &Value) -> Vec<(String, u8)> {
    let mut v: Vec<(String, u8)> =
        step["cards"].as_array().unwrap().iter().map(|r| (r["card"].as_str().unwrap().to_string(), r["tricks"].as_u64().unwrap() as u8)).collect();
    v.sort();
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_board_replays_card_by_card_and_exports_as_pbn_and_lin() {
    for db in databases("replay").await {
        let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
        let addr = server.addr;
        let token = register(addr, "solo").await;
        let mut me = Client::connect(addr, &token, "solo").await;
        let (table, over) = robots_table(&mut me, "Replayed", 2, 1).await;

        let (status, r) = http(addr, Some(&token), "GET", &format!("/api/replays/{table}/1"), None).await;
        assert_eq!(status, 200, "{r}");
        assert_eq!(r["board"], 1);
        assert_eq!(r["contract"], over["result"]["contract"], "{r}");
        assert_eq!(r["score_ns"], over["result"]["score_ns"]);
        assert_eq!(r["players"][2], "solo");
        assert_eq!(r["auction"].as_array().unwrap().len(), over["auction"].as_array().unwrap().len());
        let played = over["tricks"].as_array().unwrap().iter().map(|t| t["cards"].as_array().unwrap().len()).sum::<usize>();
        let steps = r["play"].as_array().unwrap();
        assert_eq!(steps.iter().filter(|s| !s["played"].is_null()).count(), played, "{r}");

        // The PBN export reads back as the same board, and its play analysed as `tenace solve
        // --play` does gives the replay's values card by card.
        let (status, pbn) = http_text(addr, &token, &format!("/api/replays/{table}/1.pbn")).await;
        assert_eq!(status, 200, "{pbn}");
        let games = Format::Pbn.parse(&pbn).expect("the export is PBN");
        let g = &games[0];
        assert_eq!(g.deal.map(|d| d.to_pbn(tenace_core::Seat::North)).as_deref(), r["deal"].as_str());
        assert_eq!(g.players.get(tenace_core::Seat::South), Some("solo"));
        if r["contract"] != "Pass" {
            assert_eq!(cards_in_order(g).len(), played);
            let expected = solve_play(g);
            let got: Vec<Vec<(String, u8)>> = steps.iter().map(step_values).collect();
            assert_eq!(got, expected, "the replay's marks are tenace solve --play's");
        }
        let (status, lin) = http_text(addr, &token, &format!("/api/replays/{table}/1.lin")).await;
        assert_eq!(status, 200, "{lin}");
        let back = Format::Lin.parse(&lin).expect("the export is LIN");
        assert_eq!(back[0].deal, g.deal);
        assert_eq!(cards_in_order(&back[0]), cards_in_order(g));

        // Refusals, each with its reason.
        let (status, e) = http(addr, Some(&token), "GET", &format!("/api/replays/{table}/2"), None).await;
        assert_eq!(status, 409, "board 2 is not played yet: {e}");
        assert!(e["error"].as_str().unwrap().contains("board 2"), "{e}");
        assert_eq!(http(addr, None, "GET", &format!("/api/replays/{table}/1"), None).await.0, 401);
        assert_eq!(http(addr, Some(&token), "GET", "/api/replays/nosuch/1", None).await.0, 404);
        let (status, e) = http(addr, Some(&token), "GET", &format!("/api/replays/{table}/one"), None).await;
        assert_eq!(status, 400, "{e}");
        assert_eq!(http(addr, Some(&token), "GET", &format!("/api/replays/{table}/1.doc"), None).await.0, 404);
        server.task.abort();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn law_16_a_replay_is_shown_only_to_those_who_may_see_the_board() {
    let db = databases("replay-law16").await.remove(0);
    let mut cfg = config();
    cfg.robot_comparison = false;
    let server = tenace_server::start("127.0.0.1:0", &db, cfg).await.unwrap();
    let addr = server.addr;
    let token = register(addr, "first").await;
    let mut first = Client::connect(addr, &token, "first").await;
    let (table, _) = robots_table(&mut first, "Played", 2, 1).await;

    // Somebody who plays the same set at another table, and has not played board 1 yet there.
    let busy_token = register(addr, "busy").await;
    let mut busy = Client::connect(addr, &busy_token, "busy").await;
    busy.send(json!({"type": "create_table", "name": "Later", "boards": 2, "seat": "North", "same_set_as": table})).await;
    let later = busy.until("created", |v| v["type"] == "created").await["table"].as_str().unwrap().to_string();
    // `created` comes before the seat is taken; the table's first view, after it.
    busy.view().await;
    let (status, e) = http(addr, Some(&busy_token), "GET", &format!("/api/replays/{table}/1"), None).await;
    assert_eq!(status, 403, "{e}");
    assert!(e["error"].as_str().unwrap().starts_with("Law 16") && e["error"].as_str().unwrap().contains(&later), "{e}");
    let (status, _) = http(addr, Some(&busy_token), "GET", &format!("/api/replays/{table}/1?confirm=true"), None).await;
    assert_eq!(status, 403, "confirming does not help a player of the set");

    // Somebody who plays nowhere is asked first; once they have seen board 1, they may not play
    // it at another table of the set.
    let other_token = register(addr, "other").await;
    let (status, e) = http(addr, Some(&other_token), "GET", &format!("/api/replays/{table}/1"), None).await;
    assert_eq!(status, 409, "{e}");
    assert_eq!(e["confirm"], true, "{e}");
    let (status, r) = http(addr, Some(&other_token), "GET", &format!("/api/replays/{table}/1?confirm=true"), None).await;
    assert_eq!(status, 200, "{r}");
    let (status, _) = http(addr, Some(&other_token), "GET", &format!("/api/replays/{table}/1"), None).await;
    assert_eq!(status, 200, "seen once, shown again without asking");
    let mut other = Client::connect(addr, &other_token, "other").await;
    other.send(json!({"type": "join", "table": later, "seat": "South"})).await;
    let err = other.error().await;
    assert!(err["message"].as_str().unwrap_or_default().contains("Law 16") || err["law"] == "16", "{err}");

    // The player who played the board sees it at once.
    assert_eq!(http(addr, Some(&token), "GET", &format!("/api/replays/{table}/1"), None).await.0, 200);
    server.task.abort();
}
