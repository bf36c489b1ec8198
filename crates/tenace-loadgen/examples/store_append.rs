//! How many event commits per second the server's store takes, by number of concurrent
//! writers: each writer is a "table" appending one event per transaction, as a table task does
//! for every call or card (`Store::append`). Isolates the store from WebSockets and views.
//!
//! `cargo run --release -p tenace-loadgen --example store_append [DATABASE_URL]`
//! (default: a fresh SQLite file in a temp directory).

use std::time::Instant;

use tenace_online::RoomEvent;
use tenace_server::Store;

#[tokio::main]
async fn main() -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("tenace-store-append-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let url = std::env::args().nth(1).unwrap_or_else(|| format!("sqlite://{}", dir.join("club.db").display()));
    let store = Store::open(&url).await.map_err(|e| e.to_string())?;
    let total = 20_000;
    for writers in [1usize, 10, 100, 1000] {
        let per = total / writers;
        let started = Instant::now();
        let mut set = tokio::task::JoinSet::new();
        for w in 0..writers {
            let store = store.clone();
            let room = format!("w{writers}-{w}");
            set.spawn(async move {
                let mut worst = std::time::Duration::ZERO;
                for seq in 0..per {
                    let t = Instant::now();
                    store.append(&room, seq, &[RoomEvent::NextBoard], &[], &[]).await.map_err(|e| e.to_string())?;
                    worst = worst.max(t.elapsed());
                }
                Ok::<_, String>(worst)
            });
        }
        let mut worst = std::time::Duration::ZERO;
        while let Some(r) = set.join_next().await {
            worst = worst.max(r.map_err(|e| e.to_string())??);
        }
        let secs = started.elapsed().as_secs_f64();
        println!(
            "{writers:>5} writers: {:>7.0} commits/s, mean {:.2} ms per commit per writer, worst {:.1} ms",
            (per * writers) as f64 / secs,
            secs * 1000.0 / per as f64,
            worst.as_secs_f64() * 1000.0
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
