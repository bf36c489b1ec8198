//! The solver against plain minimax on small endings.
//!
//! Every pruning rule of the search (the transposition table, quick, later and second-hand
//! quick tricks, rank equivalence, small-card skipping) must leave the value of a position
//! unchanged. Endings of up to four tricks, dealt from two or three suits so that voids, ruffs
//! and close ranks are common, are small enough to solve by trying every legal card at every
//! turn; `solve` and `analyse` must agree with that on every one, also part-way through a trick.

use proptest::prelude::*;
use tenace_core::{Card, Hand, Seat, Strain, Suit};
use tenace_dds::{analyse, solve, Position};

/// North-South's tricks from `position` with best play, by trying every legal card.
fn minimax(position: &Position) -> u8 {
    let left = position.tricks_left();
    if left == 0 {
        return 0;
    }
    let north_south = position.to_play().index() & 1 == 0;
    let values = position.legal_cards().iter().map(|card| {
        let mut next = position.clone();
        next.play(card).expect("a legal card");
        let won = next.tricks_left() < left && next.to_play().index() & 1 == 0;
        u8::from(won) + minimax(&next)
    });
    if north_south {
        values.max().unwrap_or(0)
    } else {
        values.min().unwrap_or(0)
    }
}

/// The tricks the side to play takes, from North-South's.
fn for_side_to_play(position: &Position, north_south: u8) -> u8 {
    if position.to_play().index() & 1 == 0 {
        north_south
    } else {
        position.tricks_left() - north_south
    }
}

/// An ending: `tricks` cards for each hand from the given suits (in shuffled order), then
/// `played` legal cards of the first trick, each chosen by the next number of `choices`.
fn ending(cards: Vec<Card>, tricks: usize, strain: Strain, leader: Seat, played: usize, choices: &[usize]) -> Position {
    let mut hands = [Hand::default(); 4];
    for (i, card) in cards.into_iter().take(4 * tricks).enumerate() {
        hands[i % 4].insert(card);
    }
    let mut position = Position::from_hands(hands, strain, leader, Vec::new()).expect("a valid ending");
    for &choice in choices.iter().take(played) {
        let legal: Vec<Card> = position.legal_cards().iter().collect();
        position.play(legal[choice % legal.len()]).expect("a legal card");
    }
    position
}

fn cards_of(suits: &[Suit]) -> Vec<Card> {
    Card::all().filter(|c| suits.contains(&c.suit())).collect()
}

fn endings() -> impl Strategy<Value = Position> {
    let suits = prop::sample::subsequence(Suit::ALL.to_vec(), 2..=3);
    (suits, 1usize..=4, 0usize..5, 0usize..4, 0usize..4, prop::collection::vec(0usize..13, 3)).prop_flat_map(
        |(suits, tricks, strain, leader, played, choices)| {
            Just(cards_of(&suits)).prop_shuffle().prop_map(move |cards| ending(cards, tricks, Strain::ALL[strain], Seat::ALL[leader], played, &choices))
        },
    )
}

/// CI runs these tests once more with `TENACE_DDS_PORTABLE=1`: that run must really use the
/// portable copy of the search.
#[test]
fn the_portable_search_is_used_when_asked() {
    if std::env::var_os("TENACE_DDS_PORTABLE").is_some_and(|v| v == "1") {
        assert!(!tenace_dds::uses_fast_instructions());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn solve_matches_minimax_on_endings(position in endings()) {
        let expected = for_side_to_play(&position, minimax(&position));
        prop_assert_eq!(solve(&position), expected, "{:?}", position);
    }

    #[test]
    fn analyse_scores_every_card_as_minimax_does(position in endings()) {
        let results = analyse(&position);
        prop_assert_eq!(results.len(), position.legal_cards().len());
        for result in &results {
            let mut next = position.clone();
            next.play(result.card).expect("a legal card");
            let left = position.tricks_left();
            let won = next.tricks_left() < left && (next.to_play().index() & 1) == (position.to_play().index() & 1);
            let after = for_side_to_play(&next, minimax(&next));
            // The side to play after the card may be the other side.
            let same_side = (next.to_play().index() & 1) == (position.to_play().index() & 1);
            let rest = if next.tricks_left() == 0 { 0 } else if same_side { after } else { next.tricks_left() - after };
            prop_assert_eq!(result.tricks, u8::from(won) + rest, "{:?} {:?}", position, result.card);
        }
    }
}
