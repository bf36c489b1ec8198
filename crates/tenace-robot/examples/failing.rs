//! Where the robots' contracts go wrong: by level class (part score, game, slam) and by how
//! many down double dummy, with the IMPs from par each class costs; `SHOW=1` prints the games
//! that fail by two or more with hands and auction.
//! `cargo run --release -p tenace-robot --example failing [boards] [seed]`
use tenace_robot::eval::{evaluate_board, ThisBuild};

fn main() {
    let mut args = std::env::args().skip(1);
    let boards: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let mut robots = ThisBuild { budget_ms: 0.5 };
    let mut rows: std::collections::BTreeMap<String, (usize, i64)> = Default::default();
    for n in 1..=boards {
        let Ok(o) = evaluate_board(seed, n, &mut robots) else { continue };
        let Some((c, d)) = o.result.contract else { continue };
        let made = o.table.get(d, c.strain()) as i32 - c.tricks_needed() as i32;
        let class = match c.level() {
            1 | 2 => "part 1-2",
            3 if c.strain() != tenace_core::Strain::NoTrump => "part 3",
            3..=5 => "game/5",
            _ => "slam",
        };
        if std::env::var("SHOW").is_ok() && made <= -2 && class == "game/5" {
            println!("Board {} dealer {} vul {}: {c} by {d} down {}", n, o.board.dealer, o.board.vulnerability, -made);
            for s in tenace_core::Seat::ALL {
                let hand = o.board.deal.hand(s);
                println!("  {s}: {hand:<20} {:2} HCP", hand.hcp());
            }
            for (i, call) in o.result.calls.iter().enumerate() {
                let text = tenace_robot::explain_call(o.board.dealer, o.board.vulnerability, &o.result.calls, i);
                println!("    {} {:<5} {text}", o.board.dealer.after(i), call.to_string());
            }
        }
        let key = format!("{class:8} {}", if made >= 0 { "makes".to_string() } else { format!("down {}", -made) });
        let e = rows.entry(key).or_default();
        e.0 += 1;
        e.1 += i64::from(o.imps_from_par());
    }
    for (k, (n, imps)) in rows {
        println!("{k:20} {n:4} boards, {imps:5} IMPs from par ({:.2} per board)", imps as f64 / n as f64);
    }
}
