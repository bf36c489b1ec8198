//! The robots' own calls whose meaning their hand does not fit, counted by explanation (the
//! inference partner and the play draw from such a call is wrong).
//! `cargo run --release -p tenace-robot --example misfits [boards] [seed]`; `SHOW=text` prints
//! the calls so explained.
use tenace_robot::eval::deal_board;
use tenace_robot::{choose_call, poll, BiddingView};

fn main() {
    let mut args = std::env::args().skip(1);
    let boards: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let show = std::env::var("SHOW").ok();
    let mut by_text: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    for n in 1..=boards {
        let board = deal_board(seed, n);
        let mut calls = Vec::new();
        while tenace_core::rules::auction_result(board.dealer, calls.iter().copied()).is_none() {
            let seat = board.dealer.after(calls.len());
            let view = BiddingView { seat, hand: board.deal.hand(seat), dealer: board.dealer, vulnerability: board.vulnerability, calls: &calls };
            let rc = choose_call(&view);
            let fits = poll(&view).iter().find(|p| p.robot).is_some_and(|p| p.fits);
            let key: String = rc.explanation.chars().map(|c| if c.is_ascii_digit() { '#' } else { c }).collect();
            let entry = by_text.entry(key.clone()).or_default();
            entry.0 += 1;
            if !fits {
                entry.1 += 1;
                if show.as_deref().is_some_and(|s| key.contains(s)) {
                    let text: Vec<String> = calls.iter().map(ToString::to_string).collect();
                    println!("board {n} {seat:?} {} after [{}]: {} {}", view.hand, text.join(" "), rc.call, rc.explanation);
                }
            }
            calls.push(rc.call);
        }
    }
    let mut rows: Vec<_> = by_text.into_iter().filter(|(_, (_, miss))| *miss > 0).collect();
    rows.sort_by_key(|(_, (_, miss))| std::cmp::Reverse(*miss));
    for (text, (all, miss)) in rows.iter().take(40) {
        println!("{miss:5} of {all:5}  {text}");
    }
}
