//! Declarer's play decided again, position by position: reads a `tenace robot eval
//! --boards-out` file, rebuilds every position where declarer played (from hand or dummy) on
//! the first boards, lets this build's robot choose the card there with the seed the run used,
//! and measures the choice double dummy. The positions are the run's own, so two builds compare
//! on the same decisions (a paired comparison: only the decisions where they differ count),
//! which a fresh `robot eval` cannot do (the play drifts apart after the first different card).
//! With this build's code unchanged the cards are the run's, bar those that met the wall-clock
//! limit.
//!
//! `cargo run --release -p tenace-robot --example declarer FILE [N | A-B] [budget_ms]` (boards 1
//! to N, or A to B); each
//! decision whose card differs from the run's is printed (`SHOW=1` prints every decision).
use std::collections::BTreeMap;

use serde_json::Value;
use tenace_core::{rules::auction_result, Call, Card, Seat};
use tenace_dds::{analyse, Position};
use tenace_robot::eval::{deal_board, play_view};
use tenace_robot::{choose_card_within, AuctionHeard};

/// One of declarer's decisions: the board, the card's place in the play, the run's card and its
/// cost, this build's card and its cost.
struct Decision {
    board: u32,
    index: usize,
    run: (Card, u8),
    now: (Card, u8),
}

fn decisions(line: &Value, seed: u64, budget: f64) -> Result<Vec<Decision>, String> {
    let number = line["board"].as_u64().ok_or("no board number")? as u32;
    let board = deal_board(seed, number);
    let calls: Vec<Call> =
        line["calls"].as_array().ok_or("no calls")?.iter().map(|c| c.as_str().unwrap_or("?").parse().map_err(|e| format!("{e}"))).collect::<Result<_, _>>()?;
    let Some((contract, declarer)) = auction_result(board.dealer, calls.iter().copied()).flatten() else { return Ok(Vec::new()) };
    let auction = AuctionHeard { dealer: board.dealer, vulnerability: board.vulnerability, calls };
    let mut played: Vec<(Seat, Card)> = Vec::new();
    let mut out = Vec::new();
    for (index, c) in line["cards"].as_array().ok_or("no cards")?.iter().enumerate() {
        let seat: Seat = c["seat"].as_str().unwrap_or("?").parse().map_err(|e| format!("{e}"))?;
        let card: Card = c["card"].as_str().unwrap_or("?").parse().map_err(|e| format!("{e}"))?;
        let cost = c["cost"].as_u64().ok_or("a card without its cost")? as u8;
        if index > 0 && seat.side() == declarer.side() {
            let now = Seat::ALL.map(|s| board.deal.hand(s).difference(played.iter().filter(|p| p.0 == s).map(|p| p.1).collect()));
            let view = play_view(&now, declarer, contract, seat, &played, &auction);
            let chosen = choose_card_within(&view, u64::from(number) * 1000 + index as u64, budget);
            let chosen_cost = if chosen == card {
                cost
            } else {
                let cards: Vec<Card> = played.iter().map(|p| p.1).collect();
                let position = Position::after_play(&board.deal, contract.strain(), declarer.lho(), &cards).map_err(|e| e.to_string())?;
                let results = analyse(&position);
                let best = results.iter().map(|r| r.tricks).max().unwrap_or(0);
                results.iter().find(|r| r.card == chosen).map(|r| best - r.tricks).ok_or("the robot's card is not legal")?
            };
            out.push(Decision { board: number, index, run: (card, cost), now: (chosen, chosen_cost) });
        }
        played.push((seat, card));
    }
    Ok(out)
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let file = args.next().ok_or("usage: declarer FILE [N | A-B] [budget_ms]")?;
    // `N` for boards 1 to N, `A-B` for boards A to B.
    let range = args.next().unwrap_or_else(|| "100".to_string());
    let (first, last) = match range.split_once('-') {
        Some((a, b)) => (a.parse::<u64>(), b.parse::<u64>()),
        None => (Ok(1), range.parse::<u64>()),
    };
    let (Ok(first), Ok(last)) = (first, last) else { return Err(format!("not a board range: {range:?} (N or A-B)")) };
    let budget: f64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(tenace_robot::CARD_BUDGET_MS);
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{file}: {e}"))?;
    // The first line of each board counts (as in `robot eval --resume`).
    let mut lines: BTreeMap<u64, Value> = BTreeMap::new();
    for (i, l) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(l).map_err(|e| format!("{file} line {}: {e}", i + 1))?;
        let n = v["board"].as_u64().ok_or(format!("{file} line {}: no board", i + 1))?;
        lines.entry(n).or_insert(v);
    }
    let chosen: Vec<&Value> = lines.range(first..=last).map(|(_, v)| v).collect();
    let seed = chosen.first().and_then(|v| v["seed"].as_u64()).ok_or("no seed in the file")?;
    let half = chosen.len() / 2;
    let run = |part: &[&Value]| part.iter().map(|v| decisions(v, seed, budget)).collect::<Result<Vec<_>, _>>();
    let all: Vec<Decision> = std::thread::scope(|scope| {
        let second = scope.spawn(|| run(&chosen[half..]));
        let mut first = run(&chosen[..half])?;
        first.extend(second.join().map_err(|_| "the second thread failed".to_string())??);
        Ok::<_, String>(first)
    })?
    .into_iter()
    .flatten()
    .collect();
    let show_all = std::env::var_os("SHOW").is_some();
    for d in &all {
        if show_all || d.now.0 != d.run.0 {
            println!("board {:4} card {:2}: run {} (cost {}), now {} (cost {})", d.board, d.index, d.run.0, d.run.1, d.now.0, d.now.1);
        }
    }
    let errors = |f: fn(&Decision) -> u8| all.iter().filter(|d| f(d) > 0).count();
    let (run_errors, now_errors) = (errors(|d| d.run.1), errors(|d| d.now.1));
    let better = all.iter().filter(|d| d.now.1 < d.run.1).count();
    let worse = all.iter().filter(|d| d.now.1 > d.run.1).count();
    let tricks = |f: fn(&Decision) -> u8| all.iter().map(|d| u32::from(f(d))).sum::<u32>();
    println!(
        "{} boards, {} declarer cards: costing a trick {} in the run ({:.2} %), {} now ({:.2} %); {} better, {} worse; tricks lost {} against {}",
        chosen.len(),
        all.len(),
        run_errors,
        100.0 * run_errors as f64 / all.len().max(1) as f64,
        now_errors,
        100.0 * now_errors as f64 / all.len().max(1) as f64,
        better,
        worse,
        tricks(|d| d.run.1),
        tricks(|d| d.now.1),
    );
    Ok(())
}
