//! How close to par a side can bid when it sees both its hands: the floor of `robot eval`'s
//! "IMPs from par" for any bidding system, robots' or people's.
//!
//! For each board, the side par favours sees its two hands (never the opponents'); it deals the
//! opponents' 26 cards at random `layouts` times, solves each layout double dummy, and bids
//! the undoubled contract (any level, strain and declarer of the side) with the best average
//! score; the opponents pass. That contract is then scored on the real deal's double-dummy
//! tricks against par, as `robot eval` scores the robots'. A board whose par is zero is passed
//! out at par: it counts among the boards (0 IMPs, no failing contract), as every board counts
//! in `robot eval`'s IMPs from par (whose failing rate, unlike this one, is over the boards
//! played only).
//!
//! `cargo run --release -p tenace-robot --example oracle [boards] [seed] [layouts]`
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenace_core::{Bid, Card, Contract, Deal, Hand, Penalty, Side};
use tenace_dds::{dd_table, dd_tables, par};
use tenace_robot::eval::{deal_board, is_game, making_par};

fn main() {
    let mut args = std::env::args().skip(1);
    let boards: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(11);
    let layouts: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let (mut counted, mut imps_total, mut failing, mut games, mut game_bid) = (0u32, 0i64, 0u32, 0u32, 0u32);
    for number in 1..=boards {
        let board = deal_board(seed, number);
        let table = dd_table(&board.deal).expect("a dealt board solves");
        let par = par(&table, board.vulnerability, board.dealer);
        let side = match par.score {
            0 => {
                counted += 1;
                continue;
            }
            s if s > 0 => Side::NorthSouth,
            _ => Side::EastWest,
        };
        let [a, b] = side.seats();
        let vulnerable = board.vulnerability.is_vulnerable(side);
        // The opponents' cards, dealt again LAYOUTS times.
        let theirs: Vec<Card> = Hand::FULL.difference(board.deal.hand(a).union(board.deal.hand(b))).iter().collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ u64::from(number) << 20);
        let samples: Vec<Deal> = (0..layouts)
            .map(|_| {
                let mut cards = theirs.clone();
                cards.shuffle(&mut rng);
                let mut hands = board.deal.hands;
                let [c, d] = [a.lho(), b.lho()];
                hands[c.index()] = cards[..13].iter().copied().collect::<Hand>();
                hands[d.index()] = cards[13..].iter().copied().collect::<Hand>();
                Deal::new(hands)
            })
            .collect();
        let tables = dd_tables(&samples, 2, &|| {}).expect("sampled deals solve");
        // The contract with the best average score over the layouts.
        let mut best: Option<(f64, Contract, tenace_core::Seat)> = None;
        for bid in Bid::all() {
            for declarer in [a, b] {
                let contract = Contract::new(bid, Penalty::Undoubled);
                let mean =
                    tables.iter().map(|t| f64::from(contract.score(t.get(declarer, bid.strain()), vulnerable).unwrap_or(0))).sum::<f64>() / layouts as f64;
                if best.is_none_or(|(m, _, _)| mean > m) {
                    best = Some((mean, contract, declarer));
                }
            }
        }
        let Some((_, contract, declarer)) = best else { continue };
        let tricks = table.get(declarer, contract.strain());
        let score = contract.score(tricks, vulnerable).unwrap_or(0);
        let signed = if side == Side::NorthSouth { score } else { -score };
        imps_total += i64::from(tenace_core::imps(signed - par.score).abs());
        counted += 1;
        if tricks < contract.tricks_needed() {
            failing += 1;
        }
        if let Some((game_side, par_contract)) = making_par(&par) {
            if game_side == side && is_game(par_contract.bid) && par_contract.level() < 6 {
                games += 1;
                if is_game(contract.bid) {
                    game_bid += 1;
                }
            }
        }
    }
    println!(
        "seed {seed}, {counted} boards, {layouts} layouts each: IMPs from par {:.2}; failing {:.1} %; making game par: game bid {:.1} % ({game_bid} of {games})",
        imps_total as f64 / f64::from(counted.max(1)),
        100.0 * f64::from(failing) / f64::from(counted.max(1)),
        100.0 * f64::from(game_bid) / f64::from(games.max(1)),
    );
}
