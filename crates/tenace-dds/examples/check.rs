//! Solves the oracle deals and compares with DDS's tables, printing the time per table:
//! `cargo run --release -p tenace-dds --example check -- [FIRST] [COUNT] [THREADS]`.
use serde_json::Value;
use tenace_core::{Deal, Seat, Strain};

fn main() {
    let args: Vec<usize> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let first = args.first().copied().unwrap_or(5);
    let count = args.get(1).copied().unwrap_or(20);
    let threads = args.get(2).copied().unwrap_or(1);
    let text = include_str!("../tests/data/oracle_tables.jsonl");
    let rows: Vec<Value> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v.get("deal").is_some())
        .skip(first)
        .take(count)
        .collect();
    let deals: Vec<Deal> = rows.iter().map(|v| v["deal"].as_str().unwrap().parse().unwrap()).collect();
    let t0 = std::time::Instant::now();
    let tables = tenace_dds::dd_tables(&deals, threads, &|| {}).unwrap();
    let elapsed = t0.elapsed();
    let mut wrong = 0;
    for (i, (v, got)) in rows.iter().zip(&tables).enumerate() {
        for d in Seat::ALL {
            for s in Strain::ALL {
                let want = v["tricks"][d.letter().to_string()][s.name()].as_u64().unwrap() as u8;
                if got.get(d, s) != want {
                    wrong += 1;
                    println!("deal {} {}: {:?} {} expected {want} got {}", first + i, deals[i], d, s.name(), got.get(d, s));
                }
            }
        }
    }
    println!("{} tables, {wrong} wrong results, {:.3} s per table ({threads} thread(s))", rows.len(), elapsed.as_secs_f64() / rows.len() as f64);
}
