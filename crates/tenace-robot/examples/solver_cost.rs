//! How long one `analyse` takes as the play goes on (release build): the budget behind the
//! robots' node budget in `play.rs` (nodes per millisecond).

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenace_core::{random_deal, Seat, Strain};
use tenace_dds::{analyse, analyse_nodes, Position};

fn main() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for strain in [Strain::NoTrump, Strain::Spades] {
        let mut per_stage = vec![Vec::new(); 13];
        let mut nodes = [0u64; 13];
        for _ in 0..6 {
            let deal = random_deal(&mut rng);
            let Ok(mut pos) = Position::new(&deal, strain, Seat::West) else { continue };
            for (k, stage) in per_stage.iter_mut().enumerate() {
                let _ = k;
                let start = Instant::now();
                let (res, n) = analyse_nodes(&pos);
                stage.push(start.elapsed().as_secs_f64() * 1000.0);
                nodes[k] += n;
                let Some(best) = res.first() else { break };
                // Play a whole trick of best cards.
                let mut ok = pos.play(best.card).is_ok();
                for _ in 0..3 {
                    if let Some(r) = analyse(&pos).first() {
                        ok &= pos.play(r.card).is_ok();
                    }
                }
                if !ok {
                    break;
                }
            }
        }
        for (k, v) in per_stage.iter().enumerate() {
            let avg = v.iter().sum::<f64>() / v.len().max(1) as f64;
            let max = v.iter().cloned().fold(0.0, f64::max);
            let sum: f64 = v.iter().sum();
            let rate = nodes[k] as f64 / sum.max(1e-9);
            println!("{strain}: {:2} cards each: analyse avg {avg:7.2} ms, max {max:7.2} ms, {rate:8.0} nodes per ms", 13 - k);
        }
    }
}
