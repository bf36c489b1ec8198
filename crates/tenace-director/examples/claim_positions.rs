//! The benchmark's 48 positions one by one (time and result), to find the slow ones.
//! `cargo run --release -p tenace-director --example claim_positions`

use std::time::Instant;

use rand_chacha::rand_core::SeedableRng;
use tenace_core::{dealing::random_deal, Seat, Side, Strain};
use tenace_director::claim::{normal_line_tricks, ClaimPosition, Statement};

fn main() {
    let mut total = 0f64;
    for strain in [Strain::NoTrump, Strain::Spades] {
        for claim_worthy in [false, true] {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(70);
            let mut n = 0;
            while n < 12 {
                let deal = random_deal(&mut rng);
                let dd = tenace_dds::dd_table(&deal).map_or(0, |t| t.get(Seat::North, strain));
                if claim_worthy && dd < 9 {
                    continue;
                }
                n += 1;
                let p = ClaimPosition {
                    hands: Seat::ALL.map(|s| deal.hand(s)),
                    leader: Seat::East,
                    trick: Vec::new(),
                    trump: strain.trump(),
                    claimer_side: Side::NorthSouth,
                };
                let t = Instant::now();
                let r = normal_line_tricks(&p, &Statement::default());
                let s = t.elapsed().as_secs_f64();
                total += s;
                println!("{} {} #{n}: dd {dd} normal {r:?} in {:.0} ms", strain.name(), if claim_worthy { "9+" } else { "any" }, s * 1e3);
            }
        }
    }
    println!("total {total:.2} s");
}
