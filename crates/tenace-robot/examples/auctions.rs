//! Prints random boards bid by four robots: the hands, the auction with each call's
//! explanation, and how the contract fares double dummy. For eyeballing the system.
//!
//! `cargo run --release -p tenace-robot --example auctions [boards] [seed]`

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenace_core::{random_deal, Call, Seat, Vulnerability};
use tenace_dds::{solve, Position};
use tenace_robot::{choose_call, BiddingView};

fn main() {
    let mut args = std::env::args().skip(1);
    let boards: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut made, mut played) = (0, 0);
    for board in 0..boards {
        let deal = random_deal(&mut rng);
        let dealer = Seat::from_index(board);
        println!("Board {} (dealer {dealer})", board + 1);
        for s in Seat::ALL {
            let hand = deal.hand(s);
            println!("  {s}: {hand:<20} {:2} HCP", hand.hcp());
        }
        let mut calls: Vec<Call> = Vec::new();
        while !tenace_core::rules::auction_is_over(calls.iter().copied()) && calls.len() < 80 {
            let seat = dealer.after(calls.len());
            let view = BiddingView { seat, hand: deal.hand(seat), dealer, vulnerability: Vulnerability::None, calls: &calls };
            let rc = choose_call(&view);
            println!("    {seat} {:<5}{} {}", rc.call.to_string(), if rc.alert { "!" } else { " " }, rc.explanation);
            calls.push(rc.call);
        }
        match tenace_core::rules::auction_result(dealer, calls.iter().copied()).flatten() {
            Some((contract, declarer)) => {
                if let Ok(pos) = Position::new(&deal, contract.strain(), declarer.lho()) {
                    let tricks = 13 - solve(&pos);
                    let ok = tricks >= contract.tricks_needed();
                    played += 1;
                    made += usize::from(ok);
                    println!("  => {contract} by {declarer}: {tricks} tricks double dummy ({})", if ok { "made" } else { "down" });
                }
            }
            None => println!("  => passed out"),
        }
    }
    println!("{made} of {played} contracts make double dummy");
}
