//! Times `choose_card` over whole boards played by four robots: prints milliseconds per call,
//! for the opening lead, the rest of trick 1, and the whole board.
//!
//! `cargo run --release -p tenace-robot --example timing [boards]`

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenace_core::{random_deal, Bid, Call, Contract, Hand, Penalty, Seat, Strain, Vulnerability};
use tenace_robot::{choose_call, choose_card, BiddingView, PlayView};
use tenace_table::{Auction, AuctionCall, Play};

fn main() {
    let boards: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(8);
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut lead = Vec::new();
    let mut trick1 = Vec::new();
    let mut all = Vec::new();
    let mut per_trick = vec![Vec::new(); 13];
    let mut diff = 0i32;
    for board in 0..boards {
        let deal = random_deal(&mut rng);
        let dealer = Seat::from_index(board);
        let mut auction = Auction::new(dealer);
        let mut calls = Vec::new();
        while let Some(seat) = auction.to_call() {
            let view = BiddingView { seat, hand: deal.hand(seat), dealer, vulnerability: Vulnerability::None, calls: &calls };
            let rc = choose_call(&view);
            auction.make(AuctionCall { seat, call: rc.call, alert: rc.alert, explanation: Some(rc.explanation) }).expect("legal call");
            calls.push(rc.call);
        }
        let (contract, declarer) = match auction.final_contract() {
            Some(fc) => (fc.contract, fc.declarer),
            None => (Contract::new(Bid::new(3, Strain::NoTrump).expect("3NT"), Penalty::Undoubled), Seat::South),
        };
        let text: Vec<String> = calls.iter().map(Call::to_string).collect();
        let mut play = Play::new(&deal, declarer, contract.strain().trump());
        let mut played = Vec::new();
        let dummy = declarer.partner();
        while let Some(hand) = play.to_play() {
            let player = if hand == dummy { declarer } else { hand };
            let hands: [Option<Hand>; 4] = Seat::ALL.map(|s| {
                let sees = s == player || s == hand || (s == dummy && play.opening_lead_made());
                sees.then(|| play.remaining(s))
            });
            let auction = tenace_robot::AuctionHeard { dealer, vulnerability: Vulnerability::None, calls: calls.clone() };
            let view = PlayView { declarer, contract, to_play: hand, hands, played: played.clone(), auction: Some(auction) };
            let start = Instant::now();
            let card = choose_card(&view, board as u64 * 1000 + played.len() as u64);
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            if played.is_empty() {
                lead.push(ms);
            } else if played.len() < 4 {
                trick1.push(ms);
            }
            all.push(ms);
            per_trick[(played.len() / 4).min(12)].push(ms);
            play.play(hand, card).expect("legal card");
            played.push((hand, card));
        }
        let taken = play.tricks_won(declarer.side());
        let dd = tenace_dds::Position::new(&deal, contract.strain(), declarer.lho()).map(|p| 13 - tenace_dds::solve(&p)).unwrap_or(taken);
        diff += i32::from(taken) - i32::from(dd);
        println!("board {}: {} -> {contract} by {declarer}: took {taken}, double dummy {dd}", board + 1, text.join(" "));
    }
    let stats = |v: &[f64]| {
        let max = v.iter().cloned().fold(0.0, f64::max);
        let avg = v.iter().sum::<f64>() / v.len().max(1) as f64;
        format!("avg {avg:.1} ms, max {max:.1} ms over {} calls", v.len())
    };
    println!("opening lead: {}", stats(&lead));
    println!("rest of trick 1: {}", stats(&trick1));
    for (t, v) in per_trick.iter().enumerate() {
        println!("trick {:2}: {}", t + 1, stats(v));
    }
    println!("whole board: {}", stats(&all));
    println!("declarer's tricks minus double dummy, summed over {boards} boards: {diff:+}");
}
