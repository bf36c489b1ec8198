//! The robots' contracts only (no card play): four robots bid each board, and the contract is
//! scored at its double-dummy tricks against par, by class of error, with the IMPs each class
//! costs. Fast enough for 1,000 boards in a minute, to try bidding changes.
//! `cargo run --release -p tenace-robot --example contracts [boards] [seed]`;
//! `SHOW=class` prints the boards of one class (e.g. `SHOW="too low"`); `BY_CALL=1` (or a
//! class) groups the IMPs by the explanation of the bid that set the contract; `SHOW_CALL=text`
//! prints the boards whose contract was set by a bid so explained. The last line is `robot
//! eval`'s "making game par: game bid", with the misses split; `SHOW="game par, stopped lower"`
//! (or `"game par, the other side declared"`) prints those boards.
use tenace_core::{rules::auction_result, Seat, Side, Strain};
use tenace_dds::{dd_tables, par, DdTable};
use tenace_robot::eval::{deal_board, is_game, making_par, robot_auction};
use tenace_robot::explain_call;

fn main() {
    let mut args = std::env::args().skip(1);
    let boards: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let show = std::env::var("SHOW").ok();
    let dealt: Vec<_> = (1..=boards).map(|n| deal_board(seed, n)).collect();
    let deals: Vec<_> = dealt.iter().map(|b| b.deal).collect();
    // The tables are cached in the temporary directory (20 bytes a board), as solving them is
    // most of the run's time.
    let cache = std::env::temp_dir().join(format!("tenace-contracts-{seed}-{boards}.bin"));
    let tables: Vec<DdTable> = match std::fs::read(&cache) {
        Ok(bytes) if bytes.len() == 20 * deals.len() => {
            bytes.chunks(20).map(|c| DdTable { tricks: std::array::from_fn(|d| std::array::from_fn(|s| c[d * 5 + s])) }).collect()
        }
        _ => {
            let tables = dd_tables(&deals, 2, &|| {}).expect("solvable deals");
            let bytes: Vec<u8> = tables.iter().flat_map(|t| t.tricks.iter().flatten().copied()).collect();
            let _ = std::fs::write(&cache, bytes);
            tables
        }
    };
    let mut rows: std::collections::BTreeMap<&str, (usize, i64)> = Default::default();
    let mut by_call: std::collections::BTreeMap<String, (usize, i64)> = Default::default();
    let (mut total, mut failing, mut games, mut game_bid) = (0i64, 0, 0, 0);
    // `robot eval`'s measure: par is a making game (undoubled, below slam) for a side; did that
    // side bid game? When not: it stopped lower, or the other side declared, or all passed.
    let mut game_pars: std::collections::BTreeMap<&str, usize> = Default::default();
    let show_call = std::env::var("SHOW_CALL").ok();
    let by_call_class = std::env::var("BY_CALL").ok();
    // The auctions, on two threads.
    let half = dealt.len() / 2;
    let auctions: Vec<Vec<tenace_core::Call>> = std::thread::scope(|scope| {
        let second = scope.spawn(|| dealt[half..].iter().map(robot_auction).collect::<Vec<_>>());
        let mut first: Vec<_> = dealt[..half].iter().map(robot_auction).collect();
        first.extend(second.join().expect("the second thread bids"));
        first
    });
    for ((board, table), calls) in dealt.iter().zip(&tables).zip(auctions) {
        let par = par(table, board.vulnerability, board.dealer);
        let ours = auction_result(board.dealer, calls.iter().copied()).flatten();
        let score = ours.map_or(0, |(c, d)| {
            let s = c.score(table.get(d, c.strain()), board.vulnerability.is_vulnerable(d.side())).unwrap_or(0);
            if d.side() == Side::NorthSouth {
                s
            } else {
                -s
            }
        });
        let imps = i64::from(tenace_core::imps(score - par.score).abs());
        total += imps;
        let game_par = game_par_outcome(&par, ours);
        if let Some(outcome) = game_par {
            *game_pars.entry(outcome).or_default() += 1;
        }
        // The side whose hand it is: the one par scores for (a par sacrifice is declared by
        // the other side).
        let par_side = match par.score {
            0 => None,
            s if s > 0 => Some(Side::NorthSouth),
            _ => Some(Side::EastWest),
        };
        let best_game = |side: Side| {
            Strain::ALL.iter().any(|&st| {
                let t = side.seats().iter().map(|s| table.get(*s, st)).max().unwrap_or(0);
                t >= game_level(st) + 6
            })
        };
        let class = match ours {
            None if par.score == 0 => "passed out, par 0",
            None => "passed out",
            Some((c, d)) => {
                let made = table.get(d, c.strain()) >= c.tricks_needed();
                if !made {
                    failing += 1;
                }
                let game = c.level() >= game_level(c.strain());
                let own_game = best_game(d.side());
                if own_game {
                    games += 1;
                    if game {
                        game_bid += 1;
                    }
                }
                match (Some(d.side()) == par_side, made, game, c.penalty != tenace_core::Penalty::Undoubled) {
                    (_, false, _, true) => "doubled, fails",
                    (false, false, _, _) if par_side.is_some() => "their hand, we fail",
                    (false, true, _, _) if par_side.is_some() => "their hand, we make",
                    (_, false, true, _) if own_game => "game/slam fails, a game makes",
                    (_, false, true, _) => "game/slam fails, no game",
                    (_, false, false, _) if own_game => "part fails, a game makes",
                    (_, false, false, _) => "part fails",
                    (_, true, false, _) if own_game => "too low: part, a game makes",
                    (_, true, true, _) if c.level() < 6 && (imps >= 10) => "game, a slam makes",
                    (_, true, _, _) if imps > 0 => "makes, not par",
                    (_, true, _, _) => "par",
                }
            }
        };
        // The explanation of the bid that set the contract.
        let last = calls.iter().rposition(|c| matches!(c, tenace_core::Call::Bid(_)));
        let last_text = last.map_or("passed out".to_string(), |i| explain_call(board.dealer, board.vulnerability, &calls, i));
        let shown_by_call = show_call.as_ref().is_some_and(|t| last_text.starts_with(t.as_str()) && imps >= 5);
        if show.as_deref() == Some(class) || (show.is_some() && show.as_deref() == game_par) || shown_by_call {
            println!(
                "Board {} dealer {} vul {}: {:?} par {} ({})",
                board.number,
                board.dealer,
                board.vulnerability,
                ours.map(|(c, d)| format!("{c} by {d}")),
                par.score,
                imps
            );
            for s in Seat::ALL {
                let hand = board.deal.hand(s);
                let tricks: Vec<String> = Strain::ALL.iter().map(|&st| format!("{}", table.get(s, st))).collect();
                println!("  {s}: {hand:<20} {:2} HCP  dd C D H S N: {}", hand.hcp(), tricks.join(" "));
            }
            for (i, call) in calls.iter().enumerate() {
                println!("    {} {:<5} {}", board.dealer.after(i), call.to_string(), explain_call(board.dealer, board.vulnerability, &calls, i));
            }
        }
        if by_call_class.as_ref().is_some_and(|f| f == "1" || f == class) {
            // Numbers blurred.
            let key: String = last_text.split(';').next().unwrap_or("").chars().map(|c| if c.is_ascii_digit() { '#' } else { c }).collect();
            let e = by_call.entry(key).or_default();
            e.0 += 1;
            e.1 += imps;
        }
        let e = rows.entry(class).or_default();
        e.0 += 1;
        e.1 += imps;
    }
    let mut by_call: Vec<_> = by_call.into_iter().collect();
    by_call.sort_by_key(|r| -r.1 .1);
    for (k, (n, imps)) in by_call.iter().take(25) {
        println!("{k:60} {n:4} boards, {imps:5} IMPs ({:.2} a board)", *imps as f64 / *n as f64);
    }
    let mut rows: Vec<_> = rows.into_iter().collect();
    rows.sort_by_key(|r| -r.1 .1);
    for (k, (n, imps)) in rows {
        println!("{k:32} {n:4} boards, {imps:5} IMPs ({:.2} per board of all)", imps as f64 / f64::from(boards));
    }
    println!(
        "IMPs from par {:.2}; failing {:.1} %; game bid when a game makes {:.1} %",
        total as f64 / f64::from(boards),
        100.0 * f64::from(failing) / f64::from(boards),
        100.0 * f64::from(game_bid) / f64::from(games.max(1))
    );
    let of = |outcome: &str| game_pars.get(outcome).copied().unwrap_or(0);
    let (bid, all) = (of(GAME_BID), game_pars.values().sum::<usize>());
    println!(
        "making game par: game bid {:.1} % ({bid} of {all}); not bid: {} stopped lower, {} the other side declared, {} passed out",
        100.0 * bid as f64 / all.max(1) as f64,
        of(STOPPED_LOWER),
        of(THEY_DECLARED),
        of(PASSED_OUT)
    );
}

const GAME_BID: &str = "game par, game bid";
const STOPPED_LOWER: &str = "game par, stopped lower";
const THEY_DECLARED: &str = "game par, the other side declared";
const PASSED_OUT: &str = "game par, passed out";

/// `robot eval`'s measure of games bid (`making_par`, `is_game`): when par is a making game
/// below slam for a side, did that side bid game, stop lower, or let the other side declare (or
/// all pass)? `None` when par is not such a game.
fn game_par_outcome(par: &tenace_dds::Par, ours: Option<(tenace_core::Contract, Seat)>) -> Option<&'static str> {
    let side = making_par(par).filter(|(_, p)| p.level() < 6 && is_game(p.bid)).map(|(side, _)| side)?;
    Some(match ours {
        Some((c, d)) if d.side() == side && is_game(c.bid) => GAME_BID,
        Some((_, d)) if d.side() == side => STOPPED_LOWER,
        Some(_) => THEY_DECLARED,
        None => PASSED_OUT,
    })
}

/// The lowest level that scores a game in `strain`.
fn game_level(strain: Strain) -> u8 {
    match strain {
        Strain::NoTrump => 3,
        Strain::Hearts | Strain::Spades => 4,
        Strain::Clubs | Strain::Diamonds => 5,
    }
}
