//! Times `analyse` (East leads against North's no trump, every lead scored) on the first N
//! oracle deals, one thread, and prints the search nodes and a checksum of the results.
//!
//! `cargo run --release -p tenace-dds --example solves -- [N] [SKIP]`
use serde_json::Value;
use tenace_core::{Deal, Seat, Strain};

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let skip: usize = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(0);
    let text = include_str!("../tests/data/oracle_tables.jsonl");
    let deals: Vec<Deal> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v.get("deal").is_some() && v.get("generator").is_none())
        .skip(skip)
        .take(n)
        .map(|v| v["deal"].as_str().unwrap().parse().unwrap())
        .collect();
    let t0 = std::time::Instant::now();
    let (mut sum, mut nodes) = (0u64, 0u64);
    for deal in &deals {
        let position = tenace_dds::Position::new(deal, Strain::NoTrump, Seat::East).unwrap();
        let (results, k) = tenace_dds::analyse_nodes(&position);
        nodes += k;
        for (i, c) in results.iter().enumerate() {
            sum = sum.wrapping_mul(31).wrapping_add(c.tricks as u64 * 1000 + c.card.index() as u64 + i as u64);
        }
    }
    let t = t0.elapsed().as_secs_f64();
    println!("deals {} nodes {nodes} checksum {sum} time {t:.3}s ({:.4}s/deal)", deals.len(), t / deals.len() as f64);
}
