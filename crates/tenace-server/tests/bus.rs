//! Messages between nodes over a real NATS (issue "Beyond one machine", item 1): a command sent
//! through any node reaches the table's owner and its answer comes back; a connection's messages
//! reach the node holding it, in order; a table nobody holds is said so.
//! Needs `TENACE_TEST_NATS` (e.g. `nats://127.0.0.1:4222`; CI starts one); skipped, with a
//! note, without it.

use std::time::Duration;

use tenace_server::bus::{Bus, BusError, Command, Forward, Taken};
use tenace_server::protocol::ServerMsg;

async fn nats() -> Option<String> {
    match std::env::var("TENACE_TEST_NATS") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "NOTE bus: NATS tests skipped (set TENACE_TEST_NATS=nats://127.0.0.1:4222 to run them)");
            None
        }
    }
}

/// Names no other test run shares (one NATS serves every run on the machine).
fn unique(name: &str) -> String {
    let t = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    format!("{name}-{}-{t}", std::process::id())
}

/// A node's connection to NATS, waiting up to 5 s for an owner's answer.
async fn node(url: &str, name: &str) -> Bus {
    Bus::connect(url, name, Duration::from_secs(5)).await.unwrap()
}

/// A call forwarded from connection `n` of node-b.
fn forward(n: u64) -> Forward {
    let action = serde_json::from_value(serde_json::json!({"action": "call", "call": "1NT", "alert": false})).unwrap();
    Forward { node: "node-b".into(), conn: n, person: "Jean Dupont".into(), command: Command::Act { action }, follow: None, view_patches: false }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_sent_through_another_node_reaches_the_owner_and_its_answer_comes_back() {
    let Some(url) = nats().await else { return };
    let owner = node(&url, "node-a").await;
    let other = node(&url, "node-b").await;
    let table = unique("t");
    let mut inbox = owner.serve_table(&table).await.unwrap();
    let serving = tokio::spawn(async move {
        let mut received = Vec::new();
        while let Some(forwarded) = inbox.next().await {
            let f = forwarded.forward.as_ref().unwrap().clone();
            // The owner refuses the odd ones, to show a refusal comes back as such.
            let answer = Taken { refused: (f.conn % 2 == 1).then(|| format!("refused {}", f.conn)) };
            inbox.answer(forwarded, &answer).await.unwrap();
            received.push(f);
            if received.len() == 3 {
                return received;
            }
        }
        received
    });
    for n in 0..3 {
        let answer = other.forward(&table, &forward(n)).await.unwrap();
        assert_eq!(answer.refused, (n % 2 == 1).then(|| format!("refused {n}")));
    }
    let received = serving.await.unwrap();
    assert_eq!(received, (0..3).map(forward).collect::<Vec<_>>(), "as sent, in order");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_s_messages_reach_its_node_in_order_and_no_other() {
    let Some(url) = nats().await else { return };
    let owner = node(&url, "node-a").await;
    let home_name = unique("node c.*");
    let home = node(&url, &home_name).await;
    let mut inbox = home.listen(&home_name).await.unwrap();
    let stranger_name = unique("node d");
    let stranger = node(&url, &stranger_name).await;
    let mut elsewhere = stranger.listen(&stranger_name).await.unwrap();
    // 200 batches (as the owner's courier sends them), some for two connections at once.
    let mut sent = Vec::new();
    for seq in 0..200 {
        let mut batch = tenace_server::bus::Batch::default();
        for conn in if seq % 3 == 0 { vec![7, 9] } else { vec![7] } {
            let text = serde_json::to_string(&ServerMsg::error(format!("{seq}"))).unwrap();
            batch.push(conn, &text);
            sent.push((conn, format!("{seq}")));
        }
        owner.send(&home_name, batch.take()).await.unwrap();
    }
    let mut received = Vec::new();
    while received.len() < sent.len() {
        let batch = tokio::time::timeout(Duration::from_secs(5), inbox.next()).await.expect("in time").expect("open").unwrap();
        for (conn, text) in batch {
            let m: ServerMsg = serde_json::from_str(&text).unwrap();
            let ServerMsg::Error { message, .. } = m else { panic!("{m:?}") };
            received.push((conn, message));
        }
    }
    assert_eq!(received, sent, "each to its connection, in the order sent");
    // Nothing meant for one node's connection reaches another node.
    assert!(tokio::time::timeout(Duration::from_millis(200), elsewhere.next()).await.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_for_a_table_no_node_holds_is_refused_with_the_reason() {
    let Some(url) = nats().await else { return };
    let bus = Bus::connect(&url, "node-b", Duration::from_secs(2)).await.unwrap();
    let table = unique("t-gone");
    let e = bus.forward(&table, &forward(0)).await.unwrap_err();
    assert!(matches!(e, BusError::NoOwner(ref t) if *t == table), "{e}");
    assert!(e.to_string().contains("no node holds table"), "{e}");
    // A NATS that is not there is named in the error.
    let refused = Bus::connect("nats://127.0.0.1:1", "node-x", Duration::from_secs(1)).await.err().expect("nothing listens on port 1");
    assert!(refused.to_string().contains("127.0.0.1:1"), "{refused}");
}
