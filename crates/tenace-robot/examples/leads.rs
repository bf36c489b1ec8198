//! The robots' opening leads only: four robots bid each board, the opening leader's robot leads
//! within the budget, and the lead is checked double dummy (does it cost a trick?). Boards on
//! two threads.
//! `cargo run --release -p tenace-robot --example leads [boards] [seed] [budget_ms]`; with `SHOW=1`
//! each board's line (number, contract, lead, its cost in tricks) goes to standard error, to
//! compare two runs board by board.
use tenace_core::{rules::auction_result, Board};
use tenace_dds::{analyse, Position};
use tenace_robot::eval::{deal_board, robot_auction};
use tenace_robot::{choose_card_within, AuctionHeard, PlayView};

/// The lead's cost in tricks, and whether it is a trump contract; `None` when passed out.
fn lead(board: &Board, budget: f64) -> Option<(u8, bool)> {
    let calls = robot_auction(board);
    let (contract, declarer) = auction_result(board.dealer, calls.iter().copied()).flatten()?;
    let leader = declarer.lho();
    let hands = tenace_core::Seat::ALL.map(|s| (s == leader).then(|| board.deal.hand(s)));
    let auction = AuctionHeard { dealer: board.dealer, vulnerability: board.vulnerability, calls: calls.clone() };
    let view = PlayView { declarer, contract, to_play: leader, hands, played: Vec::new(), auction: Some(auction) };
    let card = choose_card_within(&view, u64::from(board.number.get()) * 1000, budget);
    let results = analyse(&Position::new(&board.deal, contract.strain(), leader).ok()?);
    let best = results.iter().map(|r| r.tricks).max()?;
    let got = results.iter().find(|r| r.card == card)?.tricks;
    if std::env::var_os("SHOW").is_some() {
        eprintln!("{} {} {} {}", board.number, contract, card, best - got);
    }
    Some((best - got, contract.strain().trump().is_some()))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let boards: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let budget: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(tenace_robot::CARD_BUDGET_MS);
    let dealt: Vec<Board> = (1..=boards).map(|n| deal_board(seed, n)).collect();
    let half = dealt.len() / 2;
    let results: Vec<Option<(u8, bool)>> = std::thread::scope(|scope| {
        let second = scope.spawn(|| dealt[half..].iter().map(|b| lead(b, budget)).collect::<Vec<_>>());
        let mut first: Vec<_> = dealt[..half].iter().map(|b| lead(b, budget)).collect();
        first.extend(second.join().expect("the second thread leads"));
        first
    });
    for (name, trumps) in [("suit contracts", true), ("no trump", false)] {
        let leads: Vec<u8> = results.iter().flatten().filter(|r| r.1 == trumps).map(|r| r.0).collect();
        let free = leads.iter().filter(|&&c| c == 0).count();
        println!("{name:15} {free:4} of {:4} leads cost no trick ({:.1} %)", leads.len(), 100.0 * free as f64 / leads.len().max(1) as f64);
    }
    let all: Vec<u8> = results.iter().flatten().map(|r| r.0).collect();
    let free = all.iter().filter(|&&c| c == 0).count();
    println!("all             {free:4} of {:4} leads cost no trick ({:.1} %)", all.len(), 100.0 * free as f64 / all.len().max(1) as f64);
}
