//! How long the Law 70 contested-claim helper takes by tricks left (random deals and play).
//! `cargo run --release -p tenace-director --example claim_timing`

use std::time::Instant;

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_core::{random_deal, Seat, Strain};
use tenace_dds::Position;
use tenace_director::claim::{normal_line_tricks, ClaimPosition, Statement};

fn main() {
    for tricks_left in [3usize, 5, 7, 8, 9, 11, 13] {
        let mut worst = 0f64;
        let mut total = 0f64;
        let mut undecided = 0;
        let deals = 20;
        for seed in 0..deals {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let deal = random_deal(&mut rng);
            let strain = Strain::ALL[(seed % 5) as usize];
            let mut pos = Position::new(&deal, strain, Seat::West).unwrap();
            let mut hands = deal.hands;
            for _ in 0..(13 - tricks_left) * 4 {
                let legal: Vec<_> = pos.legal_cards().iter().collect();
                let card = legal[(rng.next_u32() as usize) % legal.len()];
                hands[pos.to_play().index()].remove(card);
                pos.play(card).unwrap();
            }
            let claim = ClaimPosition { hands, leader: pos.to_play(), trick: vec![], trump: strain.trump(), claimer_side: pos.to_play().side() };
            let t = Instant::now();
            undecided += usize::from(normal_line_tricks(&claim, &Statement::default()).is_none());
            let s = t.elapsed().as_secs_f64();
            worst = worst.max(s);
            total += s;
        }
        println!("{tricks_left:2} tricks left: mean {:8.3} ms, worst {:8.3} ms, over budget {undecided}/{deals}", total * 1e3 / deals as f64, worst * 1e3);
    }
}
