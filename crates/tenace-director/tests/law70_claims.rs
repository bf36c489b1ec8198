//! Law 70: the contested-claim helper against the double-dummy solver. The claimer's worst
//! normal line can never beat best play, and with every remaining trick a top winner the claim
//! holds whatever the order.

use proptest::prelude::*;
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_core::{random_deal, Hand, Seat, Side, Strain};
use tenace_dds::Position;
use tenace_director::claim::{normal_line_tricks, ClaimPosition, Statement};

/// A random deal played at random for `played` cards; the position then.
fn position(seed: u64, played: usize, strain: Strain) -> (Position, [Hand; 4], Seat, Vec<tenace_core::Card>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deal = random_deal(&mut rng);
    let mut pos = Position::new(&deal, strain, Seat::West).unwrap();
    let mut hands = deal.hands;
    let mut trick = Vec::new();
    let mut leader = Seat::West;
    for _ in 0..played {
        let legal: Vec<_> = pos.legal_cards().iter().collect();
        let card = legal[(rng.next_u32() as usize) % legal.len()];
        let seat = pos.to_play();
        if trick.len() == 4 {
            trick.clear();
        }
        if trick.is_empty() {
            leader = seat;
        }
        pos.play(card).unwrap();
        hands[seat.index()].remove(card);
        trick.push(card);
    }
    if trick.len() == 4 {
        trick.clear();
        leader = pos.to_play();
    }
    (pos, hands, leader, trick)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn law_70_the_worst_normal_line_never_beats_double_dummy(seed in any::<u64>(), played in 24usize..46, s in 0usize..5) {
        let strain = Strain::ALL[s];
        let (pos, hands, leader, trick) = position(seed, played, strain);
        let side = pos.to_play().side();
        let claim = ClaimPosition { hands, leader, trick, trump: strain.trump(), claimer_side: side };
        // Up to seven tricks left: always within the search budget.
        let normal = normal_line_tricks(&claim, &Statement::default()).expect("within budget");
        let best = tenace_dds::solve(&pos);
        prop_assert!(normal <= best, "normal line {normal} > double dummy {best}");
        // Mentioning trumps only narrows the lines; it never costs a trick.
        let drawn = normal_line_tricks(&claim, &Statement { order: vec![], mentions_trumps: true }).expect("within budget");
        prop_assert!(drawn >= normal && drawn <= best);
    }
}

#[test]
fn law_70_every_trick_a_top_winner_holds_in_any_order() {
    // North holds nine top winners, no trumps: on lead, every normal line wins all nine.
    let north: Hand = "AKQJT.AKQJ..".parse().unwrap();
    let east: Hand = "98765.T987..".parse().unwrap();
    let south: Hand = "..AKQJT.9876".parse().unwrap();
    let west: Hand = "..98765.5432".parse().unwrap();
    let mut p = ClaimPosition { hands: [north, east, south, west], leader: Seat::North, trick: vec![], trump: None, claimer_side: Side::NorthSouth };
    assert_eq!(normal_line_tricks(&p, &Statement::default()), Some(9));
    // East on lead must give North a trick; North then cashes everything.
    p.leader = Seat::East;
    assert_eq!(normal_line_tricks(&p, &Statement::default()), Some(9));
}
