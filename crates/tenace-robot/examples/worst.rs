//! The boards whose contracts land farthest from double-dummy par, with hands, auction (and
//! each call's explanation) and par: where to look when the bidding system is improved.
//!
//! `cargo run --release -p tenace-robot --example worst [boards] [seed] [shown]`

use tenace_core::Seat;
use tenace_robot::eval::{evaluate_board, ThisBuild};

fn main() {
    let mut args = std::env::args().skip(1);
    let boards: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let shown: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    // Bidding is what is looked at: the play budget is kept tiny.
    let mut robots = ThisBuild { budget_ms: 0.5 };
    let mut outcomes: Vec<_> = (1..=boards).filter_map(|n| evaluate_board(seed, n, &mut robots).ok()).collect();
    outcomes.sort_by_key(|o| std::cmp::Reverse(o.imps_from_par()));
    for o in outcomes.iter().take(shown) {
        let b = &o.board;
        println!("Board {} (dealer {}, vulnerable {}): {} IMPs from par", b.number, b.dealer, b.vulnerability, o.imps_from_par());
        for s in Seat::ALL {
            let hand = b.deal.hand(s);
            println!("  {s}: {hand:<20} {:2} HCP", hand.hcp());
        }
        for (i, call) in o.result.calls.iter().enumerate() {
            let text = tenace_robot::explain_call(b.dealer, b.vulnerability, &o.result.calls, i);
            println!("    {} {:<5} {text}", b.dealer.after(i), call.to_string());
        }
        let contract = o.result.contract.map_or("passed out".to_string(), |(c, d)| {
            format!("{c} by {d}: {} tricks double dummy, {:+} for NS", o.table.get(d, c.strain()), o.contract_score_dd())
        });
        let par: Vec<String> = o.par.contracts.iter().map(|p| p.to_string()).collect();
        println!("  => {contract}; par {:+} ({})\n", o.par.score, par.join(", "));
    }
}
