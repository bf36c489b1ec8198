//! Tenace's side of `scripts/bench-dds`: times full DD tables and single solves on a JSONL file
//! of deals (the oracle file by default), checks every table against the file's `tricks`, and
//! prints one JSON line with the figures and the process's peak memory (each wrong result is
//! also named on stderr).
//!
//! `cargo run --release -p tenace-dds --example bench_tables -- [--threads T] [--limit N] [FILE]`
//!
//! `solve_seconds`: one `analyse` per deal (North declares no trump, East on lead, every legal
//! lead scored) on one thread — what DDS's `SolveBoard` with `solutions = 3` does.
use std::time::Instant;

use serde_json::Value;
use tenace_core::{Deal, Seat, Strain};

fn main() {
    let mut threads = 1usize;
    let mut limit = 0usize;
    let mut file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/oracle_tables.jsonl").to_string();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--threads" => threads = args.next().and_then(|v| v.parse().ok()).unwrap_or(1),
            "--limit" => limit = args.next().and_then(|v| v.parse().ok()).unwrap_or(0),
            _ => file = a,
        }
    }
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| {
        eprintln!("bench_tables: cannot read {file}: {e}");
        std::process::exit(2)
    });
    let mut rows: Vec<Value> =
        text.lines().filter_map(|l| serde_json::from_str::<Value>(l).ok()).filter(|v| v.get("deal").is_some() && v.get("generator").is_none()).collect();
    if limit > 0 {
        rows.truncate(limit);
    }
    let deals: Vec<Deal> = rows.iter().map(|v| v["deal"].as_str().unwrap_or_default().parse().expect("a valid deal")).collect();

    let t0 = Instant::now();
    let tables = tenace_dds::dd_tables(&deals, threads, &|| {}).expect("valid deals");
    let tables_seconds = t0.elapsed().as_secs_f64();

    let mut wrong = 0;
    for ((v, got), deal) in rows.iter().zip(&tables).zip(&deals) {
        if let Some(expected) = v.get("tricks") {
            for d in Seat::ALL {
                for s in Strain::ALL {
                    let want = expected[d.letter().to_string()][s.name()].as_u64();
                    if want != Some(got.get(d, s) as u64) {
                        wrong += 1;
                        eprintln!("{deal}: {d:?} {}: expected {want:?}, got {}", s.name(), got.get(d, s));
                    }
                }
            }
        }
    }

    let t0 = Instant::now();
    for deal in &deals {
        let position = tenace_dds::Position::new(deal, Strain::NoTrump, Seat::East).expect("valid deal");
        std::hint::black_box(tenace_dds::analyse(&position));
    }
    let solve_seconds = t0.elapsed().as_secs_f64();

    let peak_kib = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmHWM:")).map(|l| l.to_string()))
        .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse::<u64>().ok()))
        .unwrap_or(0);
    println!(
        "{{\"deals\":{},\"threads\":{threads},\"tables_seconds\":{tables_seconds:.4},\"solve_seconds\":{solve_seconds:.4},\"wrong_results\":{wrong},\"peak_mib\":{:.1}}}",
        deals.len(),
        peak_kib as f64 / 1024.0
    );
}
