//! `analyse_until`: the analysis given up at a wall-clock deadline (the robots' limit per
//! card). With time enough it is exactly `analyse_nodes`; with its deadline passed it gives up
//! and says so rather than give a wrong answer; and the engine it leaves behind is not reused.

use std::time::{Duration, Instant};

use rand_chacha::rand_core::SeedableRng;
use tenace_core::{Seat, Strain};
use tenace_dds::{analyse_nodes, analyse_until, Position};

/// The opening lead of a random deal: a full search, far more than one clock interval of nodes.
fn opening_lead(seed: u64, strain: Strain) -> Position {
    let deal = tenace_core::random_deal(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
    Position::new(&deal, strain, Seat::West).expect("a full deal")
}

#[test]
fn with_time_enough_the_answer_and_the_work_are_those_of_analyse() {
    for seed in 0..6 {
        let position = opening_lead(seed, if seed % 2 == 0 { Strain::NoTrump } else { Strain::Hearts });
        let far = Instant::now() + Duration::from_secs(3600);
        assert_eq!(analyse_until(&position, far), Some(analyse_nodes(&position)), "deal {seed}");
    }
}

#[test]
fn a_passed_deadline_gives_up_instead_of_answering() {
    for seed in 0..6 {
        let position = opening_lead(seed, Strain::NoTrump);
        let (_, nodes) = analyse_nodes(&position);
        assert!(nodes > 10_000, "deal {seed}: the opening lead is a search of many clock intervals ({nodes} nodes)");
        let started = Instant::now();
        assert_eq!(analyse_until(&position, started), None, "deal {seed}: the deadline had passed");
    }
}

#[test]
fn the_last_tricks_finish_before_the_clock_is_read() {
    // Under one clock interval of nodes the search never looks at the clock: a tiny ending
    // always answers, even with its deadline passed.
    let deal = tenace_core::random_deal(&mut rand_chacha::ChaCha8Rng::seed_from_u64(7));
    let mut position = Position::new(&deal, Strain::Spades, Seat::North).expect("a full deal");
    while position.tricks_left() > 2 {
        let card = position.legal_cards().iter().next().expect("a legal card");
        position.play(card).expect("legal");
    }
    let past = Instant::now() - Duration::from_millis(1);
    assert_eq!(analyse_until(&position, past), Some(analyse_nodes(&position)));
}
