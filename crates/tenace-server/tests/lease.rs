//! Leases and fencing (issue "Beyond one machine", item 1): one owner per table at a time, a
//! takeover only after the lease expired, and a paused owner's writes refused once its lease
//! moved; and durable commits (item 3). On a real SQLite file and, with `TENACE_TEST_POSTGRES`, a real PostgreSQL schema; time
//! is passed in, so expiry is exact.

mod support;

use support::{create_table, databases, sat, store_with_table};
use tenace_online::{Audience, ChatLine, FieldResult, RoomEvent};
use tenace_server::store::{HeldElsewhere, Seen, Store, StoreError};

const TTL: i64 = 3_000;

/// Creates `n` tables named `prefix0`, `prefix1`, ... (one board each, set seed 7).
async fn create_tables(store: &Store, prefix: &str, n: usize) -> Vec<String> {
    let tables: Vec<String> = (0..n).map(|i| format!("{prefix}{i}")).collect();
    for t in &tables {
        create_table(store, t).await;
    }
    tables
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lease_has_one_owner_until_it_expires_and_each_new_owner_a_higher_token() {
    for db in databases("lease-owner").await {
        let store = Store::open(&db).await.unwrap();
        let a = store.acquire_lease("table/t-1", "node-a", 1_000, TTL).await.unwrap().unwrap();
        assert_eq!((a.owner.as_str(), a.expires_ms), ("node-a", 4_000));
        // Before expiry another node is told who holds it and until when.
        let held = store.acquire_lease("table/t-1", "node-b", 3_999, TTL).await.unwrap();
        assert_eq!(held, Err(HeldElsewhere { owner: "node-a".into(), expires_ms: 4_000 }), "{db}");
        // A renewal moves the expiry; the other node still waits.
        let a = store.renew_lease(&a, 3_000, TTL).await.unwrap().expect("still held");
        assert!(store.acquire_lease("table/t-1", "node-b", 5_000, TTL).await.unwrap().is_err());
        // Past the expiry the lease moves, with a higher fencing token.
        let b = store.acquire_lease("table/t-1", "node-b", 6_000, TTL).await.unwrap().expect("expired: taken over");
        assert_eq!(b.owner, "node-b");
        assert!(b.token > a.token, "{b:?} after {a:?}");
        // The old owner, back from a pause, cannot renew what it lost.
        assert_eq!(store.renew_lease(&a, 6_500, TTL).await.unwrap(), None);
        assert_eq!(store.lease("table/t-1").await.unwrap().unwrap(), b);
        // Another resource is independent.
        assert!(store.acquire_lease("tournament/u-1", "node-a", 6_500, TTL).await.unwrap().is_ok());
        // A clean release lets the next node in at once.
        store.release_lease(&b).await.unwrap();
        let c = store.acquire_lease("table/t-1", "node-c", 6_600, TTL).await.unwrap().expect("released");
        assert!(c.token > b.token);
    }
}

/// A node renews all its leases in a few statements: those it still holds come back renewed,
/// one another node took is not renewed (and stays the other node's), whatever the batch size.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn renewing_many_leases_at_once_renews_only_those_still_held() {
    for db in databases("lease-batch").await {
        let store = Store::open(&db).await.unwrap();
        let mut mine = Vec::new();
        for i in 0..1_203 {
            mine.push(store.acquire_lease(&format!("table/b-{i}"), "node-a", 0, TTL).await.unwrap().unwrap());
        }
        // Table b-7 expired and node-b took it.
        let b = store.acquire_lease("table/b-7", "node-b", 4_000, TTL).await.unwrap().expect("expired: taken");
        let renewed = store.renew_leases(&mine, 4_100, TTL).await.unwrap();
        assert_eq!(renewed.len(), 1_202, "{db}");
        assert!(renewed.iter().all(|l| l.expires_ms == 7_100 && l.owner == "node-a" && l.resource != "table/b-7"));
        assert_eq!(store.lease("table/b-7").await.unwrap().unwrap(), b, "the other node's lease is untouched");
        assert_eq!(store.lease("table/b-1202").await.unwrap().unwrap().expires_ms, 7_100, "the last chunk too");
    }
}

/// A tournament's log is fenced like a table's: the paused owner's append is refused once the
/// lease moved, and the new owner's append takes the same place in the log (it would conflict
/// with a stale write that got through).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_tournament_node_s_write_is_fenced_once_its_lease_moved() {
    for db in databases("lease-tournament").await {
        let store = Store::open(&db).await.unwrap();
        let a = store.acquire_lease("tournament/r-1", "node-a", 0, TTL).await.unwrap().unwrap();
        store.append_tournament_under(Some(&a), "r-1", 0, &["opened"]).await.unwrap();
        let b = store.acquire_lease("tournament/r-1", "node-b", TTL + 1, TTL).await.unwrap().expect("expired: taken");
        let e = store.append_tournament_under(Some(&a), "r-1", 1, &["stale tick"]).await.unwrap_err();
        assert!(matches!(e, StoreError::Fenced(_)), "{db}: {e}");
        store.append_tournament_under(Some(&b), "r-1", 1, &["the new owner's tick"]).await.unwrap();
    }
}

/// A node paused (SIGSTOP) past its lease comes back and writes as if it still owned the table:
/// its append is refused with the fencing error and nothing of it is stored; the new owner's
/// appends go on from the log as stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_owner_s_write_is_fenced_once_its_lease_moved() {
    for db in databases("lease-fence").await {
        let store = store_with_table(&db, "t-f").await;
        let a = store.acquire_lease("table/t-f", "node-a", 0, TTL).await.unwrap().unwrap();
        store.append_under(Some(&a), "t-f", 0, &sat(0), &[], &[]).await.unwrap();
        let b = store.acquire_lease("table/t-f", "node-b", TTL + 1, TTL).await.unwrap().unwrap();
        let refused = store.append_under(Some(&a), "t-f", 1, &sat(1), &[], &[]).await;
        match refused {
            Err(StoreError::Fenced(why)) => assert!(why.contains("node-b") && why.contains("node-a"), "{why}"),
            other => panic!("the stale owner's write must be fenced, got {other:?} ({db})"),
        }
        // The new owner continues from what is stored (one event), and its own writes land.
        assert_eq!(store.room("t-f").await.unwrap().unwrap().events.len(), 1);
        store.append_under(Some(&b), "t-f", 1, &sat(1), &[], &[]).await.unwrap();
        store.append_under(Some(&b), "t-f", 2, &sat(2), &[], &[]).await.unwrap();
        assert_eq!(store.room("t-f").await.unwrap().unwrap().events.len(), 3);
        // A write under a lease for a resource nobody ever leased is refused too.
        let ghost = tenace_server::store::Lease { resource: "table/none".into(), owner: "node-a".into(), token: 1, expires_ms: i64::MAX };
        assert!(matches!(store.append_under(Some(&ghost), "t-f", 3, &sat(3), &[], &[]).await, Err(StoreError::Fenced(_))));
    }
}

/// Many nodes race for one expired lease at the same moment: exactly one wins, and every
/// append of the others under their failed hopes is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_nodes_one_wins_the_lease() {
    for db in databases("lease-race").await {
        let store = store_with_table(&db, "t-r").await;
        store.acquire_lease("table/t-r", "node-0", 0, TTL).await.unwrap().unwrap();
        let tries = (1..=8).map(|n| {
            let store = store.clone();
            tokio::spawn(async move { store.acquire_lease("table/t-r", &format!("node-{n}"), TTL + 10, TTL).await })
        });
        let mut winners = Vec::new();
        for t in tries {
            // A SQLite writer may find the file busy under the race; that is a refusal too.
            if let Ok(Ok(lease)) = t.await.unwrap() {
                winners.push(lease);
            }
        }
        assert_eq!(winners.len(), 1, "{db}: {winners:?}");
        let stored = store.lease("table/t-r").await.unwrap().unwrap();
        assert_eq!(stored, winners[0]);
    }
}

/// The keeper renews a node's leases in real time: a live node keeps its table past the lease
/// length; a killed node's table is found orphaned and taken over by another node (with the old
/// lease fenced); a node whose lease was taken from under it is told it lost the table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_node_s_table_moves_to_another_and_a_node_that_lost_one_is_told() {
    use std::time::Duration;
    use tenace_server::cluster::Keeper;
    for db in databases("lease-keeper").await {
        let store = store_with_table(&db, "t-k").await;
        let ttl = Duration::from_millis(1500);
        let (a, _a_lost) = Keeper::start(store.clone(), "node-a", ttl);
        let (b, mut b_lost) = Keeper::start(store.clone(), "node-b", ttl);
        let first = a.take("table/t-k").await.unwrap().unwrap();
        // Alive: renewed past several lease lengths, so never orphaned or taken.
        tokio::time::sleep(ttl * 2).await;
        assert!(b.take("table/t-k").await.unwrap().is_err(), "{db}: a live owner keeps its table");
        assert!(!b.orphans("table/").await.unwrap().contains(&"table/t-k".to_string()));
        // Killed: nobody renews; within a few lease lengths the table is an orphan and moves.
        drop(a);
        let mut waited = Duration::ZERO;
        while !b.orphans("table/").await.unwrap().contains(&"table/t-k".to_string()) {
            assert!(waited < ttl * 10, "{db}: the dead node's table never became an orphan");
            tokio::time::sleep(Duration::from_millis(50)).await;
            waited += Duration::from_millis(50);
        }
        let moved = b.take("table/t-k").await.unwrap().expect("orphan taken over");
        assert!(moved.token > first.token);
        assert!(matches!(store.append_under(Some(&first), "t-k", 0, &sat(0), &[], &[]).await, Err(StoreError::Fenced(_))), "{db}");
        store.append_under(b.lease("table/t-k").as_ref(), "t-k", 0, &sat(0), &[], &[]).await.unwrap();
        // Taken from under node b (here: its lease ended behind its back and node c took it):
        // b's next renewal finds it gone and says so.
        store.release_lease(&b.lease("table/t-k").unwrap()).await.unwrap();
        let (c, _c_lost) = Keeper::start(store.clone(), "node-c", ttl);
        c.take("table/t-k").await.unwrap().expect("released: free");
        let lost = tokio::time::timeout(ttl * 5, b_lost.recv()).await.expect("told in time");
        assert_eq!(lost.as_deref(), Some("table/t-k"), "{db}");
        assert_eq!(b.lease("table/t-k"), None);
    }
}

/// Durable commits (issue "Beyond one machine", item 3): SQLite `synchronous=FULL`, and
/// PostgreSQL `synchronous_commit=on` on the store's connections even when the connection's
/// default says off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_commit_is_durable_whatever_the_database_default() {
    for db in databases("durable").await {
        let store = Store::open(&db).await.unwrap();
        if db.starts_with("sqlite") {
            assert_eq!(store.durability().await.unwrap(), "synchronous=2", "FULL");
        } else {
            let sep = if db.contains('?') { '&' } else { '?' };
            let careless = format!("{db}{sep}options=-c%20synchronous_commit%3Doff");
            let plain = sqlx::AnyPool::connect(&careless).await.unwrap();
            let default: String = sqlx::query_scalar("SHOW synchronous_commit").fetch_one(&plain).await.unwrap();
            assert_eq!(default, "off", "the test's connection default");
            let store = Store::open(&careless).await.unwrap();
            assert_eq!(store.durability().await.unwrap(), "synchronous_commit=on");
        }
    }
}

/// A node stopped (SIGSTOP) inside an append holds the lease row it read `FOR KEY SHARE`: the
/// server ends a session idle in a transaction after 5 s, so another node's takeover waits at
/// most that long (seen before: a takeover refused by the lock for a whole minute, the
/// `UPDATE leases` cancelled by the statement time-out every 5 s).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_stopped_inside_a_transaction_is_ended_by_the_server() {
    for db in databases("idle-in-transaction").await {
        let store = Store::open(&db).await.unwrap();
        match store.session_limits().await.unwrap() {
            None => assert!(db.starts_with("sqlite"), "{db}"),
            Some(limits) => assert_eq!(limits, ("5s".to_string(), "5s".to_string()), "{db}"),
        }
    }
}

/// Law 16 across nodes (store::seats): a person's one seat is claimed in the database; a claim
/// on another table is refused and names the table; it moves only from the exact claim read;
/// a release by a table that no longer holds the claim changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn law_16_a_persons_seat_claim_names_one_table_at_a_time() {
    use tenace_server::store::SeatClaim;
    for db in databases("seat-claims").await {
        let store = Store::open(&db).await.unwrap();
        assert_eq!(store.claim_seat("dan", "t-a", 1_000).await.unwrap(), SeatClaim::Taken, "{db}");
        // The same table again (coming back, another seat there): still taken, time refreshed.
        assert_eq!(store.claim_seat("dan", "t-a", 1_500).await.unwrap(), SeatClaim::Taken);
        assert_eq!(store.claim_seat("dan", "t-b", 2_000).await.unwrap(), SeatClaim::Elsewhere { table: "t-a".into(), claimed_ms: 1_500 });
        assert_eq!(store.claim_seat("eve", "t-b", 2_000).await.unwrap(), SeatClaim::Taken, "another person is independent");
        // A move from a claim that is not the one read is refused.
        assert!(!store.move_seat_claim("dan", "t-a", 1_000, "t-b", 2_100).await.unwrap());
        assert!(store.move_seat_claim("dan", "t-a", 1_500, "t-b", 2_100).await.unwrap());
        assert_eq!(store.seat_claim("dan").await.unwrap().as_deref(), Some("t-b"));
        // Table a, which no longer holds dan's claim, releasing it changes nothing.
        store.release_seat_claim("dan", "t-a").await.unwrap();
        assert_eq!(store.seat_claim("dan").await.unwrap().as_deref(), Some("t-b"));
        store.release_seat_claim("dan", "t-b").await.unwrap();
        assert_eq!(store.seat_claim("dan").await.unwrap(), None);
        assert_eq!(store.claim_seat("dan", "t-c", 3_000).await.unwrap(), SeatClaim::Taken);
    }
}

/// Many joins of one person at many tables at the same instant (as through several nodes):
/// exactly one claim is taken, and every other names that table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn law_16_racing_seat_claims_grant_exactly_one() {
    use tenace_server::store::SeatClaim;
    for db in databases("seat-race").await {
        let store = std::sync::Arc::new(Store::open(&db).await.unwrap());
        for round in 0..5 {
            let person = format!("p{round}");
            let claims: Vec<_> = (0..12)
                .map(|t| {
                    let (store, person) = (store.clone(), person.clone());
                    tokio::spawn(async move { (t, store.claim_seat(&person, &format!("t-{t}"), 1_000).await.unwrap()) })
                })
                .collect();
            let mut taken = Vec::new();
            let mut refused = Vec::new();
            for c in claims {
                match c.await.unwrap() {
                    (t, SeatClaim::Taken) => taken.push(format!("t-{t}")),
                    (_, SeatClaim::Elsewhere { table, .. }) => refused.push(table),
                }
            }
            assert_eq!(taken.len(), 1, "{db}: round {round}: {taken:?}");
            assert!(refused.iter().all(|t| *t == taken[0]), "{db}: {refused:?} vs {taken:?}");
            assert_eq!(store.seat_claim(&person).await.unwrap().as_ref(), Some(&taken[0]));
        }
    }
}

/// Group commit (item 3): the appends of many tables arriving at once are committed together
/// (PostgreSQL: their events in one statement), each table's log in order; one
/// table's bad append (its sequence number already taken) fails that append alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn appends_of_many_tables_at_once_are_all_stored_and_a_bad_one_fails_alone() {
    for db in databases("group-commit").await {
        let store = Store::open(&db).await.unwrap();
        let tables = create_tables(&store, "t-g", 400).await;
        // Event 0 of every table, then events 1-2 of every table and a second event 0 of t-g7,
        // each round all at once.
        let round = |pairs: Vec<(String, usize, usize)>| {
            let store = store.clone();
            async move {
                let asks = pairs.into_iter().map(|(t, first, n)| {
                    let store = store.clone();
                    tokio::spawn(async move {
                        let events: Vec<RoomEvent> = (first..first + n).flat_map(sat).collect();
                        let r = store.append(&t, first, &events, &[], &[]).await;
                        (t, first, r)
                    })
                });
                futures_util::future::join_all(asks).await.into_iter().map(|r| r.unwrap()).collect::<Vec<_>>()
            }
        };
        for (t, _, r) in round(tables.iter().map(|t| (t.clone(), 0, 1)).collect()).await {
            r.unwrap_or_else(|e| panic!("{t}: {e}"));
        }
        // Committed in groups, not one by one after a failed group.
        assert!(store.grouped_appends() >= 100, "{} of 400 appends grouped ({db})", store.grouped_appends());
        let mut second: Vec<(String, usize, usize)> = tables.iter().map(|t| (t.clone(), 1, 2)).collect();
        second.insert(200, ("t-g7".to_string(), 0, 1));
        for (t, first, r) in round(second).await {
            assert_eq!(r.is_err(), t == "t-g7" && first == 0, "{t} from {first}: {r:?} ({db})");
        }
        for t in &tables {
            let stored = store.room(t).await.unwrap().unwrap();
            assert_eq!(stored.events, (0..3).flat_map(sat).collect::<Vec<_>>(), "{t} ({db})");
        }
    }
}

/// Group commit (item 3): text that JSON, SQL or PostgreSQL treat specially (quotes,
/// backslashes, an escaped NUL, a line break, astral-plane characters, what looks like the end
/// of a JSON row) is stored and read back exactly, in a group. On PostgreSQL a group's rows
/// travel to the database as one JSON parameter (`store::rows_param`), so each event's JSON
/// is quoted once more on the way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn awkward_text_in_a_group_is_stored_exactly() {
    let awkward =
        ["\"},{\"room\":\"x\",\"seq\":0}", "back\\slash \\u0000 and \u{0} and \u{1f}", "line\nbreak\ttab", "🂡 ♠ ♥ ♦ ♣ 𝄞", "'; DROP TABLE room_events; --"];
    for db in databases("group-awkward").await {
        let store = Store::open(&db).await.unwrap();
        let tables = create_tables(&store, "t-a", 50).await;
        let chat = |text: &str| RoomEvent::Chat {
            line: ChatLine {
                from: "Ann \"the\" Player".into(),
                seat: Some(tenace_core::Seat::North),
                audience: Audience::All,
                text: text.into(),
                to_name: None,
            },
        };
        let asks = tables.iter().enumerate().map(|(i, t)| {
            let store = store.clone();
            let events: Vec<RoomEvent> = vec![chat(awkward[i % awkward.len()]), chat(awkward[(i + 1) % awkward.len()])];
            let t = t.clone();
            tokio::spawn(async move { (t.clone(), events.clone(), store.append(&t, 0, &events, &[], &[]).await) })
        });
        for (t, events, r) in futures_util::future::join_all(asks).await.into_iter().map(|r| r.unwrap()) {
            r.unwrap_or_else(|e| panic!("{t}: {e} ({db})"));
            assert_eq!(store.room(&t).await.unwrap().unwrap().events, events, "{t} ({db})");
        }
        assert!(store.grouped_appends() >= 10, "{} of 50 appends grouped ({db})", store.grouped_appends());
    }
}

/// Group commit with a board's end in every append (PostgreSQL: the results and the hands seen
/// of a whole group in one statement each): every table's result and every person's hands
/// are stored; one person's entries for one board from several tables in one group join (the
/// ledger holds every hand any of them showed); of two results for one table and board, one is
/// kept. Each append answers its board's field as stored at its commit (its own result in it,
/// in order of the table ids), which a node shows without reading it again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn results_and_hands_seen_of_many_tables_at_once_are_all_stored() {
    for db in databases("group-results").await {
        let store = Store::open(&db).await.unwrap();
        let tables = create_tables(&store, "t-r", 400).await;
        let result = |table: &str, score: i32| FieldResult {
            table: table.to_string(),
            score_ns: Some(score),
            contract: Some("3NT".into()),
            declarer: Some(tenace_core::Seat::North),
            tricks: Some(9),
            lead: None,
            players: None,
        };
        let seen = |person: &str, hands: u8| Seen { person: person.to_string(), set_id: "set".into(), board: 1, hands };
        let asks = tables.iter().enumerate().map(|(i, t)| {
            let store = store.clone();
            let results = vec![("set".to_string(), 1, result(t, 400 + i as i32)), ("set".to_string(), 1, result("twice", i as i32))];
            let seen = vec![seen(&format!("p{i}"), 0xF), seen("kibitzer", 1 << (i % 4))];
            let t = t.clone();
            tokio::spawn(async move { (t.clone(), store.append(&t, 0, &sat(0), &results, &seen).await) })
        });
        for (i, (t, r)) in futures_util::future::join_all(asks).await.into_iter().map(|r| r.unwrap()).enumerate() {
            let fields = r.unwrap_or_else(|e| panic!("{t}: {e} ({db})"));
            let [(set_id, board, field)] = fields.as_slice() else { panic!("{t}: one board's field, not {fields:?} ({db})") };
            assert_eq!((set_id.as_str(), *board), ("set", 1), "{db}");
            let mine = field.iter().find(|r| r.table == t).unwrap_or_else(|| panic!("{t}'s own result is not in its field ({db})"));
            assert_eq!(mine.score_ns, Some(400 + i as i32), "{db}");
            assert_eq!(field.iter().filter(|r| r.table == "twice").count(), 1, "{db}");
            assert!(field.windows(2).all(|w| w[0].table < w[1].table), "in order of the table ids ({db})");
        }
        assert!(store.grouped_appends() >= 100, "{} of 400 appends grouped ({db})", store.grouped_appends());
        // One append with results on two boards: both fields, the first as `field` reads it.
        let late = create_tables(&store, "t-late", 1).await.remove(0);
        let results = vec![("set".to_string(), 1, result(&late, 50)), ("other".to_string(), 2, result(&late, 60))];
        let fields = store.append(&late, 0, &sat(0), &results, &[]).await.unwrap();
        assert_eq!(fields.len(), 2, "{db}");
        let mut read = store.field("set", 1).await.unwrap();
        read.sort_by(|a, b| a.table.cmp(&b.table));
        assert_eq!(*fields[0].2, read, "{db}");
        assert_eq!(fields[0].2.len(), 402, "{db}");
        assert_eq!((fields[1].0.as_str(), fields[1].1, fields[1].2.len()), ("other", 2, 1), "{db}");
        assert!(store.append(&late, 1, &sat(1), &[], &[]).await.unwrap().is_empty(), "no results, no fields ({db})");
        let field = store.field("set", 1).await.unwrap();
        for (i, t) in tables.iter().enumerate() {
            let r = field.iter().find(|r| r.table == *t).unwrap_or_else(|| panic!("{t}'s result is missing ({db})"));
            assert_eq!(r.score_ns, Some(400 + i as i32), "{db}");
        }
        assert_eq!(field.iter().filter(|r| r.table == "twice").count(), 1, "{db}");
        assert_eq!(field.len(), 402, "{db}");
        let ledger = store.all_seen().await.unwrap();
        assert_eq!(ledger.len(), 401, "{db}");
        assert!(ledger.iter().all(|s| s.hands == 0xF && s.set_id == "set" && s.board == 1), "{db}");
        assert!(ledger.iter().any(|s| s.person == "kibitzer"), "{db}");
    }
}

/// Group commit under leases: the fences of a whole group are checked in one statement; the
/// appends of many tables arriving at once are stored together, and the one whose lease moved
/// to another node meanwhile is fenced alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fenced_appends_of_many_tables_at_once_fence_only_the_one_whose_lease_moved() {
    for db in databases("group-fences").await {
        let store = Store::open(&db).await.unwrap();
        let mut leases = Vec::new();
        for t in create_tables(&store, "t-l", 300).await {
            let lease = store.acquire_lease(&format!("table/{t}"), "node-a", 0, TTL).await.unwrap().unwrap();
            leases.push((t, lease));
        }
        // t-l150's lease expires and node b takes it; node a does not know yet.
        let (_, stale) = leases[150].clone();
        store.acquire_lease("table/t-l150", "node-b", TTL + 1, TTL).await.unwrap().expect("expired: taken over");
        let asks = leases.into_iter().map(|(t, lease)| {
            let store = store.clone();
            tokio::spawn(async move {
                let r = store.append_under(Some(&lease), &t, 0, &sat(0), &[], &[]).await;
                (t, r)
            })
        });
        for (t, r) in futures_util::future::join_all(asks).await.into_iter().map(|r| r.unwrap()) {
            match (t == "t-l150", r) {
                (false, Ok(fields)) if fields.is_empty() => {}
                (true, Err(StoreError::Fenced(why))) => assert!(why.contains("node-b"), "{why}"),
                (_, r) => panic!("{t}: {r:?} ({db})"),
            }
            let stored = store.room(&t).await.unwrap().unwrap().events.len();
            assert_eq!(stored, usize::from(t != "t-l150"), "{t} ({db})");
        }
        // Groups under leases do commit together (the group holding the stale append was
        // retried append by append, so how many depends on how they arrived).
        assert!(store.grouped_appends() >= 2, "{} of 300 appends grouped ({db})", store.grouped_appends());
        assert_eq!(stale.owner, "node-a");
    }
}

/// PostgreSQL: an append in flight locks its lease row `FOR KEY SHARE` (as `check_fences`
/// does): the owner's renewal goes through without waiting for it, while another node's
/// takeover waits for its commit (so a write checked under the old token lands before the new
/// owner reads the log). Under `FOR SHARE` every renewal waited behind the appends, and leases
/// expired under load.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_append_in_flight_holds_up_a_takeover_but_not_a_renewal() {
    use sqlx::Connection;
    for db in databases("lease-locks").await {
        if db.starts_with("sqlite") {
            continue; // one writer at a time: nothing to wait for
        }
        let store = Store::open(&db).await.unwrap();
        let a = store.acquire_lease("table/t-k", "node-a", 1_000, TTL).await.unwrap().unwrap();
        let mut append = sqlx::PgConnection::connect(&db).await.unwrap();
        sqlx::query("BEGIN").execute(&mut append).await.unwrap();
        sqlx::query("SELECT resource, owner, token FROM leases WHERE resource IN ($1) ORDER BY resource FOR KEY SHARE")
            .bind("table/t-k")
            .execute(&mut append)
            .await
            .unwrap();
        // The renewal does not wait (the store's statement time-out, 5 s, would end a wait).
        let renewed = tokio::time::timeout(std::time::Duration::from_secs(4), store.renew_leases(std::slice::from_ref(&a), 2_000, TTL))
            .await
            .expect("a renewal must not wait for an append")
            .unwrap();
        assert_eq!(renewed.len(), 1, "{db}");
        // A takeover after the expiry waits for the append.
        let takeover = {
            let store = store.clone();
            tokio::spawn(async move { store.acquire_lease("table/t-k", "node-b", 2_000 + TTL + 1, TTL).await })
        };
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        assert!(!takeover.is_finished(), "a takeover must wait for the append in flight ({db})");
        sqlx::query("COMMIT").execute(&mut append).await.unwrap();
        let b = takeover.await.unwrap().unwrap().expect("expired: taken over once the append committed");
        assert_eq!(b.owner, "node-b");
        assert!(b.token > a.token);
    }
}
