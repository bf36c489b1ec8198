//! `analyse_play`, the card-by-card analysis of a played board (hand viewers, the replay of a
//! finished board): every step agrees with a fresh `analyse` of the same position, the value
//! given to the card actually played is the best value of the next step, and the tricks won so
//! far are counted right.

use proptest::prelude::*;
use rand_chacha::rand_core::SeedableRng;
use tenace_core::{Card, Seat, Strain};
use tenace_dds::{analyse, analyse_play, Position};

/// A deal and a line of `cards` legal cards chosen by `choices` from the opening lead of
/// `declarer`'s left-hand opponent.
fn line(seed: u64, strain: Strain, declarer: Seat, cards: usize, choices: &[usize]) -> (tenace_core::Deal, Vec<Card>) {
    let deal = tenace_core::random_deal(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
    let mut position = Position::new(&deal, strain, declarer.after(1)).expect("a full deal");
    let mut played = Vec::new();
    for &choice in choices.iter().take(cards) {
        let legal: Vec<Card> = position.legal_cards().iter().collect();
        let card = legal[choice % legal.len()];
        position.play(card).expect("a legal card");
        played.push(card);
    }
    (deal, played)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn the_card_played_is_worth_the_best_of_the_next_position(
        seed in any::<u64>(),
        strain in prop::sample::select(vec![Strain::NoTrump, Strain::Spades, Strain::Hearts]),
        declarer in prop::sample::select(Seat::ALL.to_vec()),
        choices in prop::collection::vec(0usize..13, 52..=52),
        cards in 30usize..=52,
    ) {
        let (deal, line) = line(seed, strain, declarer, cards, &choices);
        let steps = analyse_play(&deal, strain, declarer, &line).expect("legal line");
        prop_assert_eq!(steps.len(), line.len() + usize::from(line.len() < 52), "one step per card, and the position left");
        // The last tricks, checked against fresh analyses of the same positions.
        let from = line.len().saturating_sub(12);
        let mut position = Position::after_play(&deal, strain, declarer.after(1), &line[..from]).expect("legal");
        for (i, &card) in line.iter().enumerate().skip(from) {
            let step = &steps[i];
            prop_assert_eq!(step.to_play, position.to_play());
            prop_assert_eq!(step.played, Some(card));
            let fresh = analyse(&position);
            prop_assert_eq!(fresh.iter().map(|r| r.card).collect::<Vec<_>>(), step.cards.iter().map(|r| r.card).collect::<Vec<_>>());
            let value = step.cards.iter().find(|r| r.card == card).expect("the card played is legal").tricks;
            position.play(card).expect("legal");
            if let Some(next) = steps.get(i + 1) {
                prop_assert_eq!(Some(value), next.best(), "card {} at step {}", card, i);
            }
            prop_assert_eq!(step.cost(card), Some(step.best().expect("cards").abs_diff(value)));
        }
    }
}

#[test]
fn a_board_played_to_the_end_counts_declarer_s_tricks() {
    // Every card the first legal one: the last step's value of its card is declarer's result,
    // counted from the tricks as they fell.
    let deal = tenace_core::random_deal(&mut rand_chacha::ChaCha8Rng::seed_from_u64(11));
    let mut position = Position::new(&deal, Strain::Spades, Seat::West).expect("a full deal");
    let mut line = Vec::new();
    let mut won = 0u8;
    while let Some(card) = position.legal_cards().iter().next() {
        let left = position.tricks_left();
        position.play(card).expect("legal");
        if position.tricks_left() < left && position.to_play().side() == Seat::South.side() {
            won += 1;
        }
        line.push(card);
    }
    let steps = analyse_play(&deal, Strain::Spades, Seat::South, &line).expect("legal");
    assert_eq!(steps.len(), 52);
    let last = steps.last().expect("steps");
    assert_eq!(last.cards.len(), 1, "one card left to play");
    assert_eq!(last.cards[0].tricks, won);
    assert!(steps.iter().all(|s| s.declarer_won <= won));
}

#[test]
fn an_illegal_card_is_refused_with_law_44c() {
    // The first seeded deal where North, second hand to West's lead, can follow and holds
    // another suit: North discards instead.
    let (deal, mut line) = (0..)
        .map(|seed| line(seed, Strain::NoTrump, Seat::South, 2, &[0, 0]))
        .find(|(deal, line)| {
            let north = deal.hands[Seat::North.index()];
            north.suit(line[0].suit()) != 0 && north.iter().any(|c| c.suit() != line[0].suit())
        })
        .expect("such a deal among the first few");
    let north = deal.hands[Seat::North.index()];
    line[1] = north.iter().find(|c| c.suit() != line[0].suit()).expect("another suit");
    let err = analyse_play(&deal, Strain::NoTrump, Seat::South, &line).expect_err("a revoke");
    assert!(err.to_string().starts_with("Law 44C"), "{err}");
}
