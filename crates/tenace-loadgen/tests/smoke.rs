//! The load generator against an in-process server on a fresh SQLite file: three tables play
//! one board each, with no errors and a latency for every action.

use tenace_loadgen::{run, Options};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_tables_play_one_board_each() {
    let dir = std::env::temp_dir().join(format!("tenace-loadgen-smoke-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut opts = Options::new(3, 1);
    opts.database = Some(format!("sqlite://{}", dir.join("club.db").display()));
    // Four accounts for twelve clients: argon2 is slow in debug builds, and sharing accounts
    // across tables is a supported mode worth covering.
    opts.accounts = Some(4);
    opts.stall_timeout = 30;
    opts.quiet = true;
    // Every action counts as slow: each table makes each call and card once.
    opts.slow_ms = Some(0);
    let report = run(opts).await.unwrap_or_else(|e| panic!("the run failed: {e}"));
    let _ = std::fs::remove_dir_all(&dir);

    assert_eq!(report.tables, 3);
    assert_eq!(report.clients, 12);
    assert_eq!(report.boards_finished, 3, "{report}");
    assert_eq!(report.errors, 0, "{report}");
    // A board is at least four calls and 52 cards.
    assert!(report.actions >= 3 * 56, "{report}");
    assert!(report.latency_p50_ms > 0.0 && report.latency_max_ms >= report.latency_p99_ms, "{report}");
    assert!(report.boards_per_sec > 0.0, "{report}");
    assert!(report.rss_seated_kib.is_some(), "memory is read from /proc/self/status");
    assert_eq!(report.slow_by_action.len(), 10, "{report}");
    assert_eq!(report.slow_by_action[0], ("call 1".to_string(), 3), "{report}");
    assert!(report.slow_by_action.iter().all(|(_, n)| *n == 3), "{report}");
    assert_eq!(report.slow_by_second.iter().map(|(_, n)| n).sum::<usize>(), report.actions, "{report}");
    let json = report.to_json();
    assert_eq!(json["boards_finished"], 3);
    assert!(json["latency_ms"]["p99"].as_f64().is_some());
}
