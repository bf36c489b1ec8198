//! Recomputes real published results — PBN files written by Magic Contest for the French Bridge
//! Federation (FFB) — from the contracts and tricks in them, and checks every board's
//! matchpoints and percentages and every total against the published figures, within the
//! published rounding. See tests/data/SOURCES.md.

use std::collections::HashMap;
use std::path::PathBuf;

use tenace_events::report::pbn::{event_from_records, table};
use tenace_events::{score, Event, Line, Method, Scores};
use tenace_formats::GameRecord;

fn load(name: &str) -> (Vec<GameRecord>, Event, Scores) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data").join(name);
    let records = tenace_formats::read_file(&path).expect("read the PBN file");
    let event = event_from_records(&records).expect("an event from the score tables");
    let scores = score(&event).expect("scores");
    (records, event, scores)
}

fn num(s: Option<&str>) -> f64 {
    s.unwrap_or_else(|| panic!("missing figure")).parse().unwrap_or_else(|_| panic!("not a number: {s:?}"))
}

/// Every row of every ScoreTable: MP_NS/MP_EW (one decimal) and Percentage_NS/EW (whole).
fn check_travellers(records: &[GameRecord], scores: &Scores) -> usize {
    let mut checked = 0;
    for r in records {
        let board = u32::from(r.board.expect("board number"));
        let t = table(r, "ScoreTable").expect("a ScoreTable");
        let ours = scores.boards.iter().find(|b| b.board == board).expect("scored board");
        for row in &t.rows {
            let ns: u32 = num(t.get(row, "PairId_NS")) as u32;
            let mine = ours.rows.iter().find(|x| x.ns == Line::One(ns)).expect("our row");
            for (col, v) in [("MP_NS", mine.ns_value), ("MP_EW", mine.ew_value)] {
                let published = num(t.get(row, col));
                let v = v.expect("scored");
                assert!((v - published).abs() <= 0.05 + 1e-9, "board {board} pair {ns}: {col} published {published}, computed {v:.4}");
            }
            for (col, v) in [("Percentage_NS", mine.ns_percent), ("Percentage_EW", mine.ew_percent)] {
                let published = num(t.get(row, col));
                let v = v.expect("percent");
                assert!((v - published).abs() <= 0.5 + 1e-9, "board {board} pair {ns}: {col} published {published}, computed {v:.4}");
            }
            checked += 1;
        }
    }
    checked
}

/// The TotalScoreTable: total matchpoints (one decimal) and percentage (two decimals), and the
/// rank wherever the published total is not shared. Magic Contest totals the board scores as
/// published (rounded to one decimal), so the check totals our board scores rounded the same
/// way; our unrounded totals differ from the published ones by at most 0.05 a board.
fn check_totals(records: &[GameRecord], scores: &Scores, total_col: &str, pct_col: &str) -> usize {
    let round1 = |x: f64| (x * 10.0).round() / 10.0;
    let mut rounded: HashMap<u32, (f64, usize)> = HashMap::new();
    for b in &scores.boards {
        for r in &b.rows {
            for (line, v) in [(&r.ns, r.ns_value), (&r.ew, r.ew_value)] {
                let e = rounded.entry(line.members()[0]).or_default();
                e.0 += round1(v.expect("scored"));
                e.1 += 1;
            }
        }
    }
    let top = 2.0 * (scores.expected_results as f64 - 1.0);
    let t = records.iter().find_map(|r| table(r, "TotalScoreTable")).expect("a TotalScoreTable");
    let standings: HashMap<u32, _> = scores.rankings.iter().flat_map(|r| r.standings.iter()).map(|s| (s.number, s)).collect();
    let totals: Vec<f64> = t.rows.iter().map(|row| num(t.get(row, total_col))).collect();
    for row in &t.rows {
        let id = num(t.get(row, "PairId")) as u32;
        let s = standings[&id];
        let published = num(t.get(row, total_col));
        let (total, boards) = rounded[&id];
        assert_eq!(boards, s.boards);
        assert!((total - published).abs() <= 0.05 + 1e-9, "pair {id}: {total_col} published {published}, computed {total:.4}");
        assert!((s.total - published).abs() <= 0.05 * boards as f64, "pair {id}: unrounded total {} too far from {published}", s.total);
        let pct = num(t.get(row, pct_col));
        let ours = 100.0 * total / (top * boards as f64);
        assert!((ours - pct).abs() <= 0.005 + 1e-9, "pair {id}: {pct_col} published {pct}, computed {ours:.4}");
        assert!((s.percentage.expect("percentage") - pct).abs() < 0.05);
        if let Some(rank_col) = ["Rank", "SessionRank"].iter().find(|c| **c == if total_col == "TotalScoreMP" { "Rank" } else { "SessionRank" }) {
            let rank = t.get(row, rank_col).unwrap();
            if totals.iter().filter(|&&x| x == published).count() == 1 {
                assert_eq!(s.rank, rank, "pair {id}: rank");
            }
        }
    }
    t.rows.len()
}

#[test]
fn ffb_national_final_2022_session_1_matchpoints_neuberg_and_averages() {
    let (records, event, scores) = load("ffb-dn1-2022-seance1.pbn");
    assert_eq!(event.method, Method::Matchpoints);
    assert_eq!(event.boards.len(), 30);
    assert_eq!(event.contestants.len(), 44);
    assert_eq!(scores.expected_results, 22);
    // 30 boards, 22 tables: 660 travellers lines, with Neuberg on boards with an average.
    assert_eq!(check_travellers(&records, &scores), 660);
    assert_eq!(check_totals(&records, &scores, "TotalScoreMP", "TotalPercentage"), 44);
}

#[test]
fn ffb_national_final_2022_session_5_matchpoints() {
    let (records, event, scores) = load("ffb-dn1-2022-seance5.pbn");
    assert_eq!(event.boards.len(), 28);
    assert_eq!(check_travellers(&records, &scores), 28 * 22);
    // This file's TotalScoreTable covers all sessions; the session figures are its own.
    assert_eq!(check_totals(&records, &scores, "SessionScoreMP", "SessionPercentage"), 44);
}
