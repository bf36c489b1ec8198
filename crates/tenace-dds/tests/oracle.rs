//! Checks against DDS 2.9 (via endplay): see `scripts/README-oracle.md` for how the data files
//! were made and exactly what each field means.
//!
//! Every test runs by default: the workspace builds `tenace-dds` optimised even for tests, and
//! the 1,005 full DD tables take a few minutes on two cores.
//!
//! `TENACE_ORACLE_TABLES=N` limits the table test to the first N deals (default: all 1,005).

use std::collections::BTreeSet;

use serde_json::Value;
use tenace_core::{Card, Deal, Seat, Strain, Vulnerability};
use tenace_dds::{analyse, dd_tables, par, solve, DdTable, Position};

const TABLES: &str = include_str!("data/oracle_tables.jsonl");
const POSITIONS: &str = include_str!("data/oracle_positions.jsonl");

fn rows(text: &str) -> Vec<Value> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<Value>(l).expect("oracle line is JSON"))
        .filter(|v| v.get("generator").is_none() && v.get("deal").is_some())
        .collect()
}

fn seat(s: &str) -> Seat {
    s.parse().expect("seat")
}

fn strain(s: &str) -> Strain {
    s.parse().expect("strain")
}

struct TableRow {
    deal: Deal,
    table: DdTable,
    par: Value,
}

fn tables() -> Vec<TableRow> {
    rows(TABLES)
        .into_iter()
        .map(|v| {
            let deal: Deal = v["deal"].as_str().unwrap().parse().expect("deal");
            let mut table = DdTable::default();
            for d in Seat::ALL {
                for s in Strain::ALL {
                    let t = v["tricks"][d.letter().to_string()][s.name()].as_u64().expect("tricks");
                    table.tricks[d.index()][s.index()] = t as u8;
                }
            }
            TableRow { deal, table, par: v["par"].clone() }
        })
        .collect()
}

#[test]
fn oracle_files_parse() {
    assert_eq!(tables().len(), 1005);
    assert_eq!(rows(POSITIONS).len(), 304);
}

/// Par from the oracle's own DD tables: 1,005 deals x 4 vulnerabilities x 4 dealers. Scores must
/// be equal; contracts are compared as sets of DDS-style strings (`4S-N`, `3NT-NS`, `5DX-EW`).
#[test]
fn par_matches_oracle_for_every_deal_vulnerability_and_dealer() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (i, row) in tables().iter().enumerate() {
        for vul in [Vulnerability::None, Vulnerability::NorthSouth, Vulnerability::EastWest, Vulnerability::Both] {
            for dealer in Seat::ALL {
                let expected = &row.par[vul.pbn()][dealer.letter().to_string()];
                let score = expected["score"].as_i64().unwrap() as i32;
                let contracts: BTreeSet<String> = expected["contracts"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect();
                let got = par(&row.table, vul, dealer);
                let got_contracts: BTreeSet<String> = got.contracts.iter().map(|c| c.to_string()).collect();
                checked += 1;
                if got.score != score || got_contracts != contracts {
                    failures.push(format!(
                        "deal {i} {} vul {vul} dealer {dealer:?}: expected {score} {contracts:?}, got {} {got_contracts:?}; table {:?}",
                        row.deal, got.score, row.table.tricks
                    ));
                }
            }
        }
    }
    assert_eq!(checked, 1005 * 16);
    assert!(failures.is_empty(), "{} of {checked} par results differ:\n{}", failures.len(), failures[..failures.len().min(20)].join("\n"));
}

struct PositionRow {
    position: Position,
    played: usize,
    cards: Vec<(Card, u8)>,
    text: String,
}

fn positions() -> Vec<PositionRow> {
    rows(POSITIONS)
        .into_iter()
        .map(|v| {
            let deal: Deal = v["deal"].as_str().unwrap().parse().expect("deal");
            let strain = strain(v["strain"].as_str().unwrap());
            let declarer = seat(v["declarer"].as_str().unwrap());
            let played: Vec<Card> = v["played"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().parse().expect("card")).collect();
            let position = Position::after_play(&deal, strain, declarer.after(1), &played).expect("legal play");
            assert_eq!(position.to_play(), seat(v["to_play"].as_str().unwrap()), "to_play of {v}");
            let cards = v["cards"].as_object().unwrap().iter().map(|(c, t)| (c.parse::<Card>().expect("card"), t.as_u64().unwrap() as u8)).collect();
            PositionRow { position, played: played.len(), cards, text: v.to_string() }
        })
        .collect()
}

/// `analyse` gives every legal card its oracle value and `solve` the best of them.
fn check_positions(min_played: usize) -> usize {
    let mut failures = Vec::new();
    let mut checked = 0;
    for row in positions().iter().filter(|r| r.played >= min_played) {
        checked += 1;
        let got: BTreeSet<(Card, u8)> = analyse(&row.position).into_iter().map(|r| (r.card, r.tricks)).collect();
        let expected: BTreeSet<(Card, u8)> = row.cards.iter().copied().collect();
        let best = expected.iter().map(|&(_, t)| t).max().unwrap();
        let solved = solve(&row.position);
        if got != expected || solved != best {
            failures.push(format!("{}\n  analyse {got:?}\n  solve {solved} (expected {best})", row.text));
        }
    }
    assert!(failures.is_empty(), "{} of {checked} positions differ:\n{}", failures.len(), failures.join("\n"));
    checked
}

/// Positions with at least 24 cards played (the last half of the play), fast in debug builds.
#[test]
fn late_positions_match_oracle() {
    let n = check_positions(24);
    assert!(n >= 100, "only {n} late positions");
}

/// All 304 oracle positions, the opening leads included.
#[test]
fn all_positions_match_oracle() {
    assert_eq!(check_positions(0), 304);
}

fn check_tables(rows: &[TableRow]) {
    let mut failures = Vec::new();
    let deals: Vec<Deal> = rows.iter().map(|r| r.deal).collect();
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let tables = dd_tables(&deals, threads, &|| {}).expect("valid deals");
    for (i, (row, got)) in rows.iter().zip(tables).enumerate() {
        if got != row.table {
            failures.push(format!("deal {i} {}: expected {:?}, got {:?}", row.deal, row.table.tricks, got.tricks));
        }
    }
    assert!(failures.is_empty(), "{} of {} tables differ:\n{}", failures.len(), rows.len(), failures.join("\n"));
}

/// The five hand-made deals (13-0 splits, leader matters, squeeze, throw-in, 4-3-3-3 all round).
#[test]
fn hand_made_tables_match_oracle() {
    check_tables(&tables()[..5]);
}

/// Full DD tables of the oracle deals (all 1,005 unless `TENACE_ORACLE_TABLES` says fewer),
/// on every core: a few minutes (the solver is optimised in test builds too).
#[test]
fn random_tables_match_oracle() {
    let n: usize = std::env::var("TENACE_ORACLE_TABLES").ok().and_then(|s| s.parse().ok()).unwrap_or(1005);
    let all = tables();
    check_tables(&all[..n.min(all.len())]);
}
