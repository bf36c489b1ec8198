//! Search effort on the oracle deals, one thread: total nodes and time for the first N full DD
//! tables, checked against the oracle (a steadier yardstick than wall time on a busy machine).
//!
//! `cargo run --release -p tenace-dds --example nodes -- [N] [SKIP]`
use serde_json::Value;
use tenace_core::{Deal, Seat, Strain};

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let skip: usize = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    let text = include_str!("../tests/data/oracle_tables.jsonl");
    let rows: Vec<Value> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v.get("deal").is_some() && v.get("generator").is_none())
        .skip(skip)
        .take(n)
        .collect();
    let t0 = std::time::Instant::now();
    let (mut nodes, mut wrong) = (0u64, 0);
    for v in &rows {
        let deal: Deal = v["deal"].as_str().unwrap().parse().unwrap();
        let (table, k) = tenace_dds::dd_table_nodes(&deal).unwrap();
        nodes += k;
        for d in Seat::ALL {
            for s in Strain::ALL {
                if v["tricks"][d.letter().to_string()][s.name()].as_u64() != Some(table.get(d, s) as u64) {
                    wrong += 1;
                    eprintln!("{deal}: {d:?} {} wrong", s.name());
                }
            }
        }
    }
    let t = t0.elapsed().as_secs_f64();
    println!(
        "deals {} nodes {} ({:.0}/deal) time {:.3}s ({:.4}s/deal) wrong {}",
        rows.len(),
        nodes,
        nodes as f64 / rows.len() as f64,
        t,
        t / rows.len() as f64,
        wrong
    );
}
