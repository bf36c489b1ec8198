//! A robot individual tournament over the wire: entrants play the same boards with robots at
//! different times; nobody sees a result before playing the deal (Law 16); the final ranking is
//! the matchpoints computed here, independently, from the travellers; a restart keeps it all.

mod support;

use serde_json::{json, Value};
use support::{config, databases, play_on, register, tournament_table, Client};

async fn person(addr: std::net::SocketAddr, name: &str) -> Client {
    let token = register(addr, name).await;
    Client::connect(addr, &token, name).await
}

/// Sends a request about a tournament and returns the next tournament view or error.
async fn ask(c: &mut Client, msg: Value) -> Value {
    c.send(msg).await;
    c.until("a tournament view or an error", |v| v["type"] == "tournament" || v["type"] == "error").await
}

async fn view_of(c: &mut Client, id: &str) -> Value {
    let v = ask(c, json!({"type": "tournament", "tournament": id})).await;
    assert_eq!(v["type"], "tournament", "{v}");
    v["view"].clone()
}

/// Opens `c`'s table in the tournament and plays (passing; the first legal card, or the last
/// with `last_card`, so that entrants' results may differ) until board `last` is over; returns
/// the table.
async fn play_through(c: &mut Client, id: &str, last: u32, last_card: bool) -> String {
    c.send(json!({"type": "play_tournament", "tournament": id})).await;
    let created = c.until("created", |v| v["type"] == "created" || v["type"] == "error").await;
    let table = created["table"].as_str().unwrap_or_else(|| panic!("{}: {created}", c.name)).to_string();
    // The table may send a position's view twice (again when a hand record arrives, say): acting
    // on both would send a second action, refused once the first ended the board, and that
    // refusal would be read as the answer to the next request (seen in CI). Every action this
    // sends moves the table on, so a view at the position last acted on is not acted on again.
    let mut acted_at = None;
    for _ in 0..3000 {
        let v = c.view().await;
        if v["phase"] == "over" && v["board"] == last {
            return table;
        }
        let cards: usize = v["tricks"].as_array().map_or(0, |t| t.iter().map(|t| t["cards"].as_array().map_or(0, Vec::len)).sum());
        let at = Some((v["board"].as_u64(), v["auction"].as_array().map_or(0, Vec::len), cards));
        if at == acted_at {
            continue;
        }
        if v["your_turn"] == true || v["phase"] == "over" {
            acted_at = at;
        }
        if v["phase"] == "over" {
            // The table's own comparison shows only other entrants who played this board.
            assert!(v["result"]["comparison"].is_null() || v["result"]["comparison"]["results"].is_array());
        }
        match v["legal_cards"].as_array().and_then(|a| a.last()) {
            Some(card) if last_card && v["your_turn"] == true => c.act(&table, json!({"action": "play", "card": card})).await,
            _ => play_on(c, &table, &v).await,
        }
    }
    panic!("{}: board {last} never ended", c.name)
}

/// Law 78A, computed here from the travellers: each result against every other on the board,
/// as a percentage of the top (50 when alone); a board not played scores 40, or the entrant's
/// mean on the boards played when lower (Law 12C2(c)).
fn independent_ranking(view: &Value, entrants: &[&str], boards: u32) -> Vec<(String, f64)> {
    let mut totals: Vec<(String, f64)> = Vec::new();
    for name in entrants {
        let mut values: Vec<Option<f64>> = Vec::new();
        for b in 1..=boards {
            let rows = view["travellers"][b.to_string()].as_array().unwrap();
            let scores: Vec<i64> = rows.iter().filter_map(|r| r["score_ns"].as_i64()).collect();
            let mine = rows.iter().find(|r| r["name"] == *name).and_then(|r| r["score_ns"].as_i64());
            values.push(match mine {
                None => None,
                Some(_) if scores.len() == 1 => Some(50.0),
                Some(s) => {
                    let beaten: f64 = scores
                        .iter()
                        .map(|&o| {
                            if s > o {
                                2.0
                            } else if s == o {
                                1.0
                            } else {
                                0.0
                            }
                        })
                        .sum::<f64>()
                        - 1.0;
                    Some((100.0 * beaten / (2.0 * (scores.len() as f64 - 1.0)) * 100.0).round() / 100.0)
                }
            });
        }
        let played: Vec<f64> = values.iter().flatten().copied().collect();
        let session = played.iter().sum::<f64>() / played.len().max(1) as f64;
        let at_fault = if !played.is_empty() && session < 40.0 { (session * 100.0).round() / 100.0 } else { 40.0 };
        let sum: f64 = values.iter().map(|v| v.unwrap_or(at_fault)).sum();
        totals.push((name.to_string(), ((sum / f64::from(boards)) * 100.0).round() / 100.0));
    }
    totals.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    totals
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn robot_individual_law_16_and_the_final_matchpoints() {
    for db in databases("tournament").await {
        let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
        let addr = server.addr;
        let mut host = person(addr, "host").await;
        let created = ask(&mut host, json!({"type": "create_tournament", "name": "Robots tonight", "boards": 2, "minutes": 60})).await;
        assert_eq!(created["type"], "tournament", "{created}");
        let id = created["view"]["id"].as_str().unwrap().to_string();
        assert_eq!(created["view"]["phase"], "running");
        let mut e1 = person(addr, "eve").await;
        let mut e2 = person(addr, "finn").await;
        let mut e3 = person(addr, "gus").await;
        for c in [&mut e1, &mut e2, &mut e3] {
            let v = ask(c, json!({"type": "register", "tournament": id})).await;
            assert_eq!(v["view"]["entered"], true, "{v}");
        }
        let again = ask(&mut e1, json!({"type": "register", "tournament": id})).await;
        assert!(again["message"].as_str().unwrap().contains("already entered"), "{again}");
        // The lobby lists it.
        e3.send(json!({"type": "tournaments"})).await;
        let list = e3.until("tournaments", |v| v["type"] == "tournaments").await;
        let line = list["tournaments"].as_array().unwrap().iter().find(|t| t["id"] == id.as_str()).expect("listed").clone();
        assert_eq!((line["entrants"].as_u64(), line["phase"].as_str()), (Some(3), Some("running")));

        // Eve plays both boards: she sees both travellers and the ranking.
        let eve_table = play_through(&mut e1, &id, 2, true).await;
        let v = view_of(&mut e1, &id).await;
        assert_eq!(v["travellers"].as_object().unwrap().len(), 2, "{v}");
        assert!(v["ranking"].is_array());

        // Finn has played nothing: no result of any board, no ranking; Eve's progress only.
        let v = view_of(&mut e2, &id).await;
        assert!(v["travellers"].as_object().unwrap().is_empty() && v["ranking"].is_null(), "{v}");
        assert_eq!(v["entrants"][0], json!(["eve", 2]));
        // He may not watch Eve's table, nor play her boards at a table of his own.
        e2.send(json!({"type": "watch", "table": eve_table})).await;
        let e = e2.error().await;
        assert!(e["message"].as_str().unwrap().contains("cannot be watched"), "{e}");
        e2.send(json!({"type": "create_table", "name": "peek", "same_set_as": eve_table})).await;
        let e = e2.error().await;
        assert!(e["message"].as_str().unwrap().contains("only in the tournament"), "{e}");
        // Her table is not in the lobby while the tournament runs.
        e2.send(json!({"type": "lobby"})).await;
        let lobby = e2.until("lobby", |v| v["type"] == "lobby").await;
        assert!(lobby["tables"].as_array().unwrap().iter().all(|t| t["table"] != eve_table.as_str()), "{lobby}");
        // Nor sit at her table.
        e2.send(json!({"type": "join", "table": eve_table, "seat": "North"})).await;
        let e = e2.error().await;
        assert!(e["message"].as_str().unwrap().contains("seats eve (South)"), "{e}");

        // Finn plays board 1 only: board 1's traveller, not board 2's; no ranking yet.
        play_through(&mut e2, &id, 1, false).await;
        let v = view_of(&mut e2, &id).await;
        assert_eq!(v["travellers"].as_object().unwrap().keys().collect::<Vec<_>>(), ["1"], "{v}");
        assert_eq!(v["travellers"]["1"].as_array().unwrap().len(), 2);
        assert!(v["ranking"].is_null());
        // Each row names the opening lead (a passed-out board has none); the board's hand
        // record comes with its traveller, never a board not yet played.
        for row in v["travellers"]["1"].as_array().unwrap() {
            assert!(row["contract"] == "Pass" || row["lead"].as_str().is_some_and(|l| l.len() == 2), "{row}");
        }
        assert_eq!(v["hands"].as_object().unwrap().keys().collect::<Vec<_>>(), ["1"], "{v}");
        assert!(v["hands"]["1"]["deal"].as_str().unwrap().starts_with("N:"), "{v}");
        assert_eq!(v["traveller_boards"], json!([1]));

        // Gus plays both boards.
        play_through(&mut e3, &id, 2, false).await;
        // No report while the window is open (Law 16).
        let early = reqwest::get(format!("http://{addr}/api/tournaments/{id}.pbn")).await.unwrap();
        assert_eq!(early.status().as_u16(), 409);

        // Only the creator closes it early.
        let refused = ask(&mut e3, json!({"type": "close_tournament", "tournament": id})).await;
        assert!(refused["message"].as_str().unwrap().contains("creator"), "{refused}");
        let closed = ask(&mut host, json!({"type": "close_tournament", "tournament": id})).await;
        assert_eq!(closed["view"]["phase"], "finished", "{closed}");
        // Everyone sees everything now, and the ranking is Law 78A's, computed independently.
        let v = closed["view"].clone();
        let ranking: Vec<(String, f64)> =
            v["ranking"].as_array().unwrap().iter().map(|s| (s["name"].as_str().unwrap().to_string(), s["total"].as_f64().unwrap())).collect();
        assert_eq!(ranking, independent_ranking(&v, &["eve", "finn", "gus"], 2), "{v}");
        let finn_card = view_of(&mut e2, &id).await["card"].clone();
        assert_eq!(finn_card[1]["contract"], "Not played");
        let board1 = finn_card[0]["value"].as_f64().unwrap();
        assert_eq!(finn_card[1]["value"].as_f64().unwrap(), board1.min(40.0), "Average-minus, or his lower score (12C2(c))");
        // The report: the PBN read back and scored by tenace-events (as `tenace event score`
        // does) ranks as the tournament did, the robots unranked; the HTML report names everyone.
        let pbn = reqwest::get(format!("http://{addr}/api/tournaments/{id}.pbn")).await.unwrap().text().await.unwrap();
        assert!(pbn.contains("[ScoreTable") && pbn.contains("[TotalScoreTable") && pbn.contains("Proportional"), "{pbn}");
        let event = tenace_events::report::pbn::event_from_records(&tenace_formats::pbn::parse(&pbn).unwrap()).unwrap();
        let scores = tenace_events::score(&event).unwrap();
        let report: Vec<(String, f64)> = scores.rankings[0].standings.iter().map(|s| (s.name.clone(), s.percentage.unwrap())).collect();
        assert_eq!(report, ranking, "{pbn}");
        assert_eq!(event.results.len(), 6, "three entrants, two boards each (Finn's board 2 Average-minus)");
        let html = reqwest::get(format!("http://{addr}/api/tournaments/{id}.html")).await.unwrap().text().await.unwrap();
        assert!(["Robots tonight", "eve", "finn", "gus"].iter().all(|n| html.contains(n)), "{html}");
        // Play has ended at Finn's table.
        e2.send(json!({"type": "play_tournament", "tournament": id})).await;
        let e = e2.error().await;
        assert!(e["message"].as_str().unwrap().contains("over"), "{e}");

        // A restart keeps the tournament as it stood.
        server.task.abort();
        drop((host, e1, e2, e3));
        let again = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
        let mut k = person(again.addr, "late").await;
        let after = view_of(&mut k, &id).await;
        assert_eq!(after["phase"], "finished");
        assert_eq!(after["ranking"], v["ranking"], "the ranking after a restart");
        assert_eq!(after["travellers"], v["travellers"]);
        again.task.abort();
    }
}

/// Reads views at `table` until the board there is over, playing `c`'s turns (passing, the
/// first legal card).
async fn play_board_at(c: &mut Client, table: &str) {
    for _ in 0..3000 {
        let v = c.view().await;
        if v["table"] == table && v["phase"] == "over" {
            return;
        }
        if v["table"] == table && v["your_turn"] == true {
            let action = match v["legal_cards"].as_array().and_then(|a| a.first()) {
                Some(card) => json!({"action": "play", "card": card}),
                None => json!({"action": "call", "call": "Pass"}),
            };
            c.act(table, action).await;
        }
    }
    panic!("{}: the board at {table} never ended", c.name)
}

/// Pairs at a set time over the wire: three players with robot partners and a robot pair, two
/// rounds of one board; the clock starts the field and moves it on when every table has played;
/// the PBN report, scored again by tenace-events (as `tenace event score` does), gives the
/// ranking the players are shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pairs_tournament_rounds_and_report() {
    for db in databases("pairs").await {
        let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
        let addr = server.addr;
        let mut host = person(addr, "phost").await;
        // Accounts first (argon2 is slow on a busy machine): entries then fit in the 3 s before
        // the start.
        let mut players = vec![person(addr, "pa").await, person(addr, "pb").await, person(addr, "pc").await];
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
        let created = ask(
            &mut host,
            json!({"type": "create_tournament", "kind": "pairs", "name": "Pairs tonight", "starts_at": now + 3, "rounds": 2, "boards_per_round": 1, "minutes_per_board": 5}),
        )
        .await;
        assert_eq!(created["type"], "tournament", "{created}");
        let id = created["view"]["id"].as_str().unwrap().to_string();
        assert_eq!(created["view"]["phase"], "upcoming");
        for p in &mut players {
            let v = ask(p, json!({"type": "register", "tournament": id})).await;
            assert_eq!(v["view"]["entered"], true, "{v}");
        }
        let e = ask(&mut host, json!({"type": "register", "tournament": id, "partner": "nobody-here"})).await;
        assert!(e["message"].as_str().unwrap().contains("no account"), "{e}");
        let e = ask(&mut players[0], json!({"type": "play_tournament", "tournament": id})).await;
        assert!(e["message"].as_str().unwrap().contains("not started"), "{e}");

        for round in 1..=2 {
            // Each player asks for their table until the round's tables are open; then they all
            // play at once (a table waits for each of its people).
            let mut tables = Vec::new();
            for p in &mut players {
                tables.push(tournament_table(p, &id, "").await);
            }
            futures_util::future::join_all(players.iter_mut().zip(&tables).map(|(p, t)| play_board_at(p, t))).await;
            for p in &mut players {
                let v = view_of(p, &id).await;
                assert!(v["travellers"].as_object().unwrap().contains_key(&round.to_string()), "round {round}: {v}");
                if round == 1 {
                    assert!(v["ranking"].is_null(), "no ranking while it runs");
                }
            }
            if round == 1 {
                // The Director (who does not play) watches a table and adjusts a score there
                // (Law 12); a player may not.
                let mut director = person(addr, "director").await;
                director.send(json!({"type": "watch", "table": tables[0]})).await;
                let seen = director.view().await;
                assert_eq!(seen["table"], tables[0].as_str());
                let adjust = json!({"type": "adjust_score", "tournament": id, "round": 1, "table": 1, "board": 1, "outcome": {"artificial": {"ns": "AveragePlus", "ew": "AverageMinus"}}});
                let v = ask(&mut director, adjust.clone()).await;
                assert_eq!(v["type"], "tournament", "{v}");
                let refused = ask(&mut players[1], adjust).await;
                assert!(refused["message"].as_str().unwrap().contains("only a Director"), "{refused}");
                // A weighted assigned score (Law 12C1(c)) at the other table; one the event
                // could not score is refused with the reason.
                let parts = json!([{"weight": 0.6, "contract": "4S", "declarer": "North", "tricks": 10}, {"weight": 0.4, "contract": "4S", "declarer": "North", "tricks": 9}]);
                let weighted = json!({"type": "adjust_score", "tournament": id, "round": 1, "table": 2, "board": 1, "outcome": {"assigned": parts}});
                assert_eq!(ask(&mut director, weighted).await["type"], "tournament");
                let bad = json!({"type": "adjust_score", "tournament": id, "round": 1, "table": 2, "board": 1, "outcome": {"played": {"contract": "4S", "declarer": "North", "tricks": 14}}});
                let refused = ask(&mut director, bad).await;
                assert!(refused["message"].as_str().unwrap().contains("board 1"), "{refused}");

                // A player calls the Director to their table (Law 9B1(a)); someone not playing
                // there may not; the Director is alerted, sees the call, and answers it; the table
                // hears the ruling.
                players[0].send(json!({"type": "call_director", "table": tables[0], "reason": "a revoke, we think"})).await;
                let called = players[0].until("the call's notice", |v| v["type"] == "notice" && v["message"] == "the Director has been called").await;
                assert_eq!(called["table"], tables[0].as_str());
                let alert =
                    director.until("the Director's alert", |v| v["type"] == "notice" && v["message"].as_str().unwrap_or("").contains("Director call 1")).await;
                assert!(alert["message"].as_str().unwrap().contains("a revoke, we think"), "{alert}");
                host.send(json!({"type": "call_director", "table": tables[0]})).await;
                let e = host.error().await;
                assert!(e["message"].as_str().unwrap().contains("only the players"), "{e}");
                let v = view_of(&mut director, &id).await;
                assert_eq!(v["calls"][0]["reason"], "a revoke, we think", "{v}");
                assert!(v["calls"][0]["answer"].is_null());
                let v = ask(&mut director, json!({"type": "answer_call", "tournament": id, "call": 1, "ruling": "no revoke: play on"})).await;
                assert_eq!(v["view"]["calls"][0]["answer"][2], "no revoke: play on", "{v}");
                players[0]
                    .until("the ruling at the table", |v| v["type"] == "notice" && v["message"].as_str().unwrap_or("").contains("no revoke: play on"))
                    .await;
                let again = ask(&mut director, json!({"type": "answer_call", "tournament": id, "call": 1, "ruling": "twice"})).await;
                assert!(again["message"].as_str().unwrap().contains("has been answered"), "{again}");
                let refused = ask(&mut players[1], json!({"type": "answer_call", "tournament": id, "call": 1, "ruling": "mine"})).await;
                assert!(refused["message"].as_str().unwrap().contains("only a Director"), "{refused}");
            }
            // Every table has played: the round ends at once and the next one opens.
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
            loop {
                let v = view_of(&mut host, &id).await;
                if v["round"].as_u64() != Some(round) {
                    break;
                }
                assert!(std::time::Instant::now() < deadline, "round {round} never ended: {v}");
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            }
        }
        let v = view_of(&mut host, &id).await;
        assert_eq!(v["phase"], "finished", "{v}");
        let ranking = v["ranking"].as_array().unwrap();
        assert_eq!(ranking.len(), 4, "three pairs and the robot pair: {v}");
        assert!(ranking.iter().any(|s| s["name"] == "Robots"));

        // The report: PBN with the score tables, read back and scored again.
        let pbn = reqwest::get(format!("http://{addr}/api/tournaments/{id}.pbn")).await.unwrap().text().await.unwrap();
        assert!(pbn.contains("[ScoreTable") && pbn.contains("[TotalScoreTable"), "{pbn}");
        let records = tenace_formats::pbn::parse(&pbn).unwrap();
        let event = tenace_events::report::pbn::event_from_records(&records).unwrap();
        let scores = tenace_events::score(&event).unwrap();
        let again: Vec<(String, f64)> = scores.rankings[0].standings.iter().map(|s| (s.name.clone(), s.percentage.unwrap_or(s.total))).collect();
        let shown: Vec<(String, f64)> = ranking.iter().map(|s| (s["name"].as_str().unwrap().to_string(), s["total"].as_f64().unwrap())).collect();
        for (name, total) in &shown {
            let (_, t) = again.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("{name} not in the report: {again:?}"));
            assert!((t - total).abs() < 0.01, "{name}: shown {total}, report {t}");
        }
        // The Director's scores are in the report.
        let adjusted = event.results.iter().find(|r| r.board == 1 && r.table == Some(1)).unwrap();
        assert_eq!(adjusted.outcome.label(), "A+/A-");
        let weighted = scores.boards.iter().find(|b| b.board == 1).unwrap().rows.iter().find(|r| r.table == Some(2)).unwrap();
        // 60% of +420 and 40% of -50 (board 1: nobody vulnerable).
        assert_eq!(weighted.ns_points, Some(0.6 * 420.0 + 0.4 * -50.0), "{weighted:?}");
        let html = reqwest::get(format!("http://{addr}/api/tournaments/{id}.html")).await.unwrap().text().await.unwrap();
        assert!(html.contains("Pairs tonight"));
        server.task.abort();
    }
}

/// A restart during a round gives the round back the time the server was down.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_is_not_charged_to_a_pairs_round() {
    let db = databases("pairs-restart").await.remove(0);
    let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
    let mut host = person(server.addr, "rhost").await;
    // The account first: made after the tournament, on a loaded machine (CI), it could enter
    // too late; the field would then be robots alone, who finish the round before the restart.
    let mut p = person(server.addr, "rplayer").await;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    let created = ask(&mut host, json!({"type": "create_tournament", "kind": "pairs", "name": "Restart pairs", "starts_at": now + 2, "rounds": 1})).await;
    let id = created["view"]["id"].as_str().unwrap().to_string();
    let entered = ask(&mut p, json!({"type": "register", "tournament": id})).await;
    assert_eq!(entered["view"]["entered"], true, "{entered}");
    // Round 1 runs: note its deadline.
    let before = loop {
        let v = view_of(&mut host, &id).await;
        if let Some(d) = v["round_ends_at"].as_i64() {
            break d;
        }
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    };
    // Let the clock note that it is alive, then stop the server for a few seconds.
    tokio::time::sleep(std::time::Duration::from_secs(6)).await;
    // Stopped for real: the old club's tasks live on in this process, and must not go on
    // noting the tournament alive (nor playing its tables) while the new one runs.
    server.task.abort();
    server.club.stop_writing();
    drop((host, p));
    tokio::time::sleep(std::time::Duration::from_secs(4)).await;
    let again = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
    let mut k = person(again.addr, "rlate").await;
    let waiting = std::time::Instant::now();
    let after = loop {
        let v = view_of(&mut k, &id).await;
        let d = v["round_ends_at"].as_i64().unwrap_or_else(|| panic!("no round runs after the restart: {v}"));
        if d != before {
            break d;
        }
        // Only catches a hang: the round's end moves at the restart's first tick.
        assert!(waiting.elapsed() < std::time::Duration::from_secs(60), "the round's end never moved after the restart ({before})");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    };
    let added = after - before;
    assert!((4..=4 + 5 + 3).contains(&added), "the round got back {added} s for about 4 s of downtime");
    again.task.abort();
}

/// Swiss teams over the wire: two teams (one of two people, one of one; robots complete them)
/// play one match of two rooms; the report scored again gives the victory points shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn teams_match_over_the_wire() {
    let db = databases("teams").await.remove(0);
    let server = tenace_server::start("127.0.0.1:0", &db, config()).await.unwrap();
    let addr = server.addr;
    let mut host = person(addr, "thost").await;
    // Accounts first, so that the entries fit in the 3 s before the start.
    let mut a1 = person(addr, "ta1").await;
    let a2 = person(addr, "ta2").await;
    let mut b1 = person(addr, "tb1").await;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    let created = ask(
        &mut host,
        json!({"type": "create_tournament", "kind": "teams", "name": "Teams tonight", "starts_at": now + 3, "rounds": 1, "boards_per_round": 1}),
    )
    .await;
    let id = created["view"]["id"].as_str().unwrap().to_string();
    let v = ask(&mut a1, json!({"type": "register", "tournament": id, "team": "Aces", "members": ["ta2"]})).await;
    assert_eq!(v["view"]["entered"], true, "{v}");
    let v = ask(&mut b1, json!({"type": "register", "tournament": id, "team": "Bees"})).await;
    assert_eq!(v["view"]["entered"], true, "{v}");
    let mut players = vec![a1, a2, b1];
    let mut tables = Vec::new();
    for p in &mut players {
        tables.push(tournament_table(p, &id, "").await);
    }
    assert!(tables.iter().all(|t| *t == tables[0]), "the three people sit in the open room");
    futures_util::future::join_all(players.iter_mut().zip(&tables).map(|(p, t)| play_board_at(p, t))).await;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let v = loop {
        let v = view_of(&mut host, &id).await;
        if v["phase"] == "finished" {
            break v;
        }
        assert!(std::time::Instant::now() < deadline, "the match never ended: {v}");
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    };
    let ranking = v["ranking"].as_array().unwrap();
    assert_eq!(ranking.len(), 2);
    let pbn = reqwest::get(format!("http://{addr}/api/tournaments/{id}.pbn")).await.unwrap().text().await.unwrap();
    let event = tenace_events::report::pbn::event_from_records(&tenace_formats::pbn::parse(&pbn).unwrap()).unwrap();
    // PBN's Scoring tag has no victory points: read back, the event is scored as
    // `tenace event score FILE --method vp` does.
    let scores = tenace_events::score_with(&event, tenace_events::Method::Vp).unwrap();
    for s in ranking {
        let name = s["name"].as_str().unwrap();
        let again = scores.rankings[0].standings.iter().find(|x| x.name == name).unwrap_or_else(|| panic!("{name}: {pbn}"));
        assert!((again.total - s["total"].as_f64().unwrap()).abs() < 0.01, "{name}: shown {} report {} ({:?})", s["total"], again.total, scores.method);
    }
    let vps: f64 = ranking.iter().map(|s| s["total"].as_f64().unwrap()).sum();
    assert!((vps - 20.0).abs() < 0.01, "WBF victory points of a match add up to 20: {vps}");
    server.task.abort();
}
