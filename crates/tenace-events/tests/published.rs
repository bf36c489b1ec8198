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

// ---------------------------------------------------------------------------------------------
// JFR Pary (Poland): the travellers of an IMP pairs event, "MFB, MP AZS - impy", Szczyrk,
// 8 November 2013, as published by the Polish Bridge Union (PZBS) — see tests/data/SOURCES.md.
// Each traveller (`impyNNN.txt`, an HTML table) gives per table the pairs, contract, declarer,
// lead, tricks relative to the contract, the score, the IMPs of each side and, in its last
// row, the board's datum ("średnia rozdania").

/// The text of each `<td>` of one `<tr>`, tags inside it kept.
fn jfr_cells(row: &str) -> Vec<&str> {
    row.split("<td").skip(1).map(|c| &c[c.find('>').map_or(0, |i| i + 1)..c.find("</td>").unwrap_or(c.len())]).collect()
}

/// One traveller line: the pairs, the North-South score (None for a Director's score, "TD")
/// and the published IMPs of each side.
struct JfrLine {
    ns_pair: u32,
    ew_pair: u32,
    ns_score: Option<i32>,
    published_score: Option<i32>,
    imp_ns: f64,
    imp_ew: f64,
}

/// A contract cell as JFR writes it: level, a suit image (`N.gif` is no trump), `&times;` per
/// double; `PASS` is a board passed out. Returns the North-South score under Law 77.
fn jfr_score(board: u32, contract: &str, declarer: &str, relative: &str) -> i32 {
    use tenace_core::{BoardNumber, Contract, Side};
    if contract == "PASS" {
        return 0;
    }
    let level = &contract[..1];
    let strain = contract.split("src=\"").nth(1).map(|s| &s[..1]).expect("a strain image");
    let strain = if strain == "N" { "NT" } else { strain };
    let doubles = "X".repeat(contract.matches("&times;").count());
    let c: Contract = format!("{level}{strain}{doubles}").parse().expect("a contract");
    let over: i32 = if relative == "=" { 0 } else { relative.parse().expect("tricks relative to the contract") };
    let tricks = u8::try_from(i32::from(c.tricks_needed()) + over).expect("0-13 tricks");
    let side = if matches!(declarer, "N" | "S") { Side::NorthSouth } else { Side::EastWest };
    let vul = BoardNumber::new(board).expect("board").vulnerability().is_vulnerable(side);
    let s = c.score(tricks, vul).expect("a Law 77 score");
    if side == Side::NorthSouth {
        s
    } else {
        -s
    }
}

fn jfr_traveller(board: u32) -> (Vec<JfrLine>, i32) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/jfr-szczyrk-2013-impy/impy{board:03}.txt"));
    let text = std::fs::read_to_string(path).expect("read the traveller");
    let mut lines = Vec::new();
    let mut datum = None;
    for row in text.split("<tr>").skip(1) {
        let c = jfr_cells(row);
        if row.contains("średnia rozdania") {
            datum = Some(c[c.len() - 2].trim().parse().expect("the datum"));
            continue;
        }
        let Some(ns_pair) = c.get(1).and_then(|s| s.trim().parse().ok()) else { continue };
        let ew_pair = c[2].trim().parse().expect("EW pair");
        let imp = |s: &str| -> f64 { s.trim().parse().expect("IMPs") };
        let (imp_ns, imp_ew) = (imp(c[c.len() - 2]), imp(c[c.len() - 1]));
        let (ns_score, published_score) = match c[3] {
            "TD" => (None, None),
            "PASS" => (Some(0), Some(c[7].trim().parse().expect("a passed-out score"))),
            contract => {
                let number = |s: &str| s.replace("&nbsp;", "").trim().parse::<i32>().ok();
                let published = number(c[7]).or_else(|| number(c[8]).map(|ew| -ew));
                (Some(jfr_score(board, contract, c[4], c[6])), published)
            }
        };
        lines.push(JfrLine { ns_pair, ew_pair, ns_score, published_score, imp_ns, imp_ew });
    }
    (lines, datum.expect("a datum row"))
}

#[test]
fn jfr_pary_szczyrk_2013_butler_datum_and_imps() {
    use tenace_events::imps::{butler, datum, Datum};
    let jfr = Datum::Trimmed { each_end: 19 };
    let mut checked = 0;
    let mut plain_mean_differs = 0;
    for board in 1..=30 {
        let (lines, published_datum) = jfr_traveller(board);
        let played: Vec<&JfrLine> = lines.iter().filter(|l| l.ns_score.is_some()).collect();
        // The score column: Law 77 from contract, declarer, tricks and the board's vulnerability.
        for l in &played {
            assert_eq!(l.ns_score, l.published_score, "board {board} pairs {}-{}: score", l.ns_pair, l.ew_pair);
        }
        let entries: Vec<_> = played.iter().map(|l| vec![(1.0, l.ns_score.expect("played"))]).collect();
        // The datum, recomputed from the scores; then every table's IMPs against it (Law 78B).
        let (d, imps) = butler(&entries, jfr);
        assert_eq!(d, published_datum, "board {board}: datum ({} scores)", entries.len());
        for (l, v) in played.iter().zip(&imps) {
            assert_eq!(*v, l.imp_ns, "board {board} pairs {}-{}: IMP_NS (datum {d})", l.ns_pair, l.ew_pair);
            assert_eq!(-*v, l.imp_ew, "board {board} pairs {}-{}: IMP_EW", l.ns_pair, l.ew_pair);
            checked += 1;
        }
        // The same IMPs follow from the published datum taken as given.
        assert_eq!(butler(&entries, Datum::Given(published_datum)).1, imps);
        if datum(&entries, Datum::Mean) != published_datum {
            plain_mean_differs += 1;
        }
        // Director's scores ("TD") are published figures only: an IMP or two, never recomputed.
        for l in lines.iter().filter(|l| l.ns_score.is_none()) {
            assert!(l.imp_ns.abs() <= 3.0 && l.imp_ew.abs() <= 3.0, "board {board}: TD score {} {}", l.imp_ns, l.imp_ew);
        }
    }
    // 30 boards, 38-41 played results each (1205 lines, plus 1-4 Director's scores a board).
    assert_eq!(checked, 1205);
    // Butler's plain mean rounded to ten gives JFR's datum on boards 8 and 28 only.
    assert_eq!(plain_mean_differs, 28);
    // No other number of scores dropped reproduces all 30 datums.
    for each_end in (10..=25).filter(|&k| k != 19) {
        let all = (1..=30).all(|board| {
            let (lines, published) = jfr_traveller(board);
            let entries: Vec<_> = lines.iter().filter_map(|l| l.ns_score).map(|s| vec![(1.0, s)]).collect();
            datum(&entries, Datum::Trimmed { each_end }) == published
        });
        assert!(!all, "each_end {each_end} also fits");
    }
}
