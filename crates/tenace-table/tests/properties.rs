//! Invariants over random legal boards.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_core::{random_deal, Board, BoardNumber, Call, Side};
use tenace_table::{Ending, Table, TableEvent};

/// Plays a random legal board: random calls (mostly passes so auctions end), random legal cards.
fn random_board(seed: u64, board: u32) -> Table {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deal = random_deal(&mut rng);
    let mut t = Table::new(Board::numbered(BoardNumber::new(board).unwrap(), deal)).unwrap();
    while let Some(seat) = t.to_act() {
        if t.play().is_none() {
            let calls = t.legal_calls();
            let call = if rng.random_bool(0.6) { Call::Pass } else { calls[rng.random_range(0..calls.len())] };
            t.apply(TableEvent::Call { seat, call, alert: false, explanation: None }).unwrap();
        } else {
            let legal: Vec<_> = t.legal_cards().iter().collect();
            let card = legal[rng.random_range(0..legal.len())];
            t.apply(TableEvent::Play { seat, card }).unwrap();
        }
    }
    t
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_random_legal_board_ends_with_13_tricks_and_a_legal_score(seed in any::<u64>(), board in 1u32..100) {
        let t = random_board(seed, board);
        let r = *t.result().expect("the board ends");
        match r.contract {
            None => {
                prop_assert_eq!(r.ending, Ending::PassedOut);
                prop_assert_eq!(r.score_ns, 0);
            }
            Some(fc) => {
                let p = t.play().unwrap();
                prop_assert_eq!(r.ending, Ending::Played);
                prop_assert_eq!(p.completed_tricks(), 13);
                prop_assert_eq!(p.tricks_won(Side::NorthSouth) + p.tricks_won(Side::EastWest), 13);
                prop_assert_eq!(r.declarer_tricks, p.tricks_won(fc.declarer.side()));
                for seat in tenace_core::Seat::ALL {
                    prop_assert!(p.remaining(seat).is_empty());
                }
                let vul = t.board().vulnerability.is_vulnerable(fc.declarer.side());
                let score = fc.contract.score(r.declarer_tricks, vul).unwrap();
                prop_assert_eq!(r.score_ns, if fc.declarer.side() == Side::NorthSouth { score } else { -score });
                prop_assert!(score != 0 && score % 10 == 0);
                // Each trick holds one card of each player, and every card was played once.
                let mut seen = tenace_core::Hand::EMPTY;
                for trick in p.tricks() {
                    for c in &trick.cards {
                        prop_assert!(seen.insert(*c));
                    }
                }
                prop_assert_eq!(seen, tenace_core::Hand::FULL);
            }
        }
    }

    #[test]
    fn replaying_the_event_log_rebuilds_the_table(seed in any::<u64>()) {
        let t = random_board(seed, 1);
        let rebuilt = Table::replay(t.board().clone(), t.events().to_vec()).unwrap();
        prop_assert_eq!(rebuilt, t);
    }

    #[test]
    fn undo_then_redo_is_identity(seed in any::<u64>(), cut in 0usize..200) {
        let t = random_board(seed, 1);
        let events = t.events().to_vec();
        let cut = cut % (events.len() + 1);
        let mut partial = Table::replay(t.board().clone(), events[..cut].to_vec()).unwrap();
        if cut > 0 {
            let mut undone = partial.clone();
            prop_assert_eq!(undone.undo(), Some(events[cut - 1].clone()));
            undone.apply(events[cut - 1].clone()).unwrap();
            prop_assert_eq!(undone, partial.clone());
        }
        for e in &events[cut..] {
            partial.apply(e.clone()).unwrap();
        }
        prop_assert_eq!(partial, t);
    }
}
