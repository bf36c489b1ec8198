//! How often a slam makes double dummy, by the high-card points of both hands of a side and
//! whether they hold an eight-card major fit: the best strain's tricks of each side of each
//! board. Reads the double-dummy tables `examples/contracts` caches (run it first for each
//! seed). `cargo run --release -p tenace-robot --example slam_odds [seeds...]` (default 11 12 13).
use tenace_core::{Seat, Strain, Suit};
use tenace_dds::DdTable;
use tenace_robot::eval::deal_board;

fn main() {
    let seeds: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let seeds = if seeds.is_empty() { vec![11, 12, 13] } else { seeds };
    // (HCP, major fit) -> (sides, sides whose best strain takes twelve tricks or more).
    let mut rows = std::collections::BTreeMap::<(u32, bool), (u32, u32)>::new();
    for seed in seeds {
        let cache = std::env::temp_dir().join(format!("tenace-contracts-{seed}-1000.bin"));
        let Ok(bytes) = std::fs::read(&cache) else {
            eprintln!("no tables for seed {seed} ({}): run `--example contracts 1000 {seed}` first", cache.display());
            continue;
        };
        for (i, c) in bytes.chunks_exact(20).enumerate() {
            let table = DdTable { tricks: std::array::from_fn(|d| std::array::from_fn(|s| c[d * 5 + s])) };
            let board = deal_board(seed, i as u32 + 1);
            for side in [[Seat::North, Seat::South], [Seat::East, Seat::West]] {
                let hcp: u32 = side.iter().map(|s| board.deal.hand(*s).hcp()).sum();
                let length = |suit: Suit| side.iter().map(|s| board.deal.hand(*s).suit_len(suit)).sum::<usize>();
                let fit = length(Suit::Spades) >= 8 || length(Suit::Hearts) >= 8;
                let best = Strain::ALL.iter().flat_map(|&st| side.iter().map(move |s| table.get(*s, st))).max().unwrap_or(0);
                let row = rows.entry((hcp, fit)).or_default();
                row.0 += 1;
                row.1 += u32::from(best >= 12);
            }
        }
    }
    for ((hcp, fit), (sides, slams)) in rows.iter().filter(|((h, _), _)| (24..=36).contains(h)) {
        let fit = if *fit { "an eight-card major fit" } else { "no major fit" };
        println!("{hcp} HCP, {fit:24} slam makes {slams:4} of {sides:4} ({:.0} %)", 100.0 * f64::from(*slams) / f64::from(*sides));
    }
}
