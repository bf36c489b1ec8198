//! The robots driven exactly as `tenace-online` drives them (crates/tenace-online/src/robots.rs):
//! views built from a `tenace_table::Table`, calls and cards applied as table events.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenace_core::{random_deal, Board, BoardNumber, Call, Hand, Seat};
use tenace_table::{Table, TableEvent};

/// Whether a player at `viewer` sees `seat`'s cards during the play: their own, and dummy's
/// once the opening lead is faced (declarer also sees dummy when playing from it).
fn sees(table: &Table, viewer: Seat, seat: Seat) -> bool {
    let opening_lead = table.play().is_some_and(|p| p.opening_lead_made());
    viewer == seat || (Some(seat) == table.dummy() && opening_lead)
}

#[test]
fn four_robots_finish_boards_at_a_table() {
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for n in 1..=3u32 {
        let deal = random_deal(&mut rng);
        let board = Board::numbered(BoardNumber::new(n).expect("board number"), deal);
        let mut table = Table::new(board).expect("table");
        let mut steps = 0;
        while let Some(hand) = table.to_act() {
            steps += 1;
            assert!(steps < 200, "board does not finish");
            let seat = table.player_for(hand);
            let event = match table.play() {
                None => {
                    let calls: Vec<Call> = table.auction().calls().iter().map(|c| c.call).collect();
                    let b = table.board();
                    let view = tenace_robot::BiddingView { seat, hand: b.deal.hand(seat), dealer: b.dealer, vulnerability: b.vulnerability, calls: &calls };
                    let c = tenace_robot::choose_call(&view);
                    // Questions are answered from the auction alone, with the same words.
                    let mut with = calls.clone();
                    with.push(c.call);
                    let answer = tenace_robot::explain_call(b.dealer, b.vulnerability, &with, calls.len());
                    assert_eq!(answer, c.explanation);
                    TableEvent::Call { seat, call: c.call, alert: c.alert, explanation: Some(c.explanation) }
                }
                Some(play) => {
                    let hands: [Option<Hand>; 4] = Seat::ALL.map(|s| (sees(&table, seat, s) || s == hand).then(|| play.remaining(s)));
                    let played = play.tricks().iter().flat_map(|t| t.cards.iter().enumerate().map(|(i, c)| (t.player(i), *c))).collect();
                    let view = tenace_robot::PlayView {
                        declarer: play.declarer(),
                        contract: table.contract().expect("contract"),
                        to_play: hand,
                        hands,
                        played,
                        auction: None,
                    };
                    let seed = (u64::from(n) << 32) ^ table.events().len() as u64;
                    let card = tenace_robot::choose_card_within(&view, seed, 5.0);
                    TableEvent::Play { seat: hand, card }
                }
            };
            table.apply(event).expect("the robots' actions are legal");
        }
        assert!(table.result().is_some(), "board {n} has a result");
    }
}
