//! Results from the files table terminals leave behind (issue 20, item 4).
//!
//! **Bridgemate's `ReceivedData`.** A Bridgemate (and the terminals that work with its `.bws`
//! file: BridgeTab, BridgePad, TabScore) writes each result as a row of the `ReceivedData` table
//! of the `.bws` database (MS Access), whose columns Bridge Systems documents for scoring
//! programs: `Section, Table, Round, Board, PairNS, PairEW, Declarer, NS/EW, Contract, Result,
//! LeadCard, Remarks, …, Erased`. On Linux the table comes out as CSV with `mdb-export
//! night.bws ReceivedData` (mdbtools); that CSV is what [`bridgemate_csv`] reads:
//!
//! - `Contract`: `4 S`, `3 NT x`, `2 H xx` (level, strain, doubled), or `PASS`;
//! - `NS/EW`: declarer's seat, `N`, `E`, `S` or `W`;
//! - `Result`: `=`, `+1`, `-2` (tricks over or under the contract);
//! - `LeadCard`: the opening lead, `H8`, `SK`, `DT` (empty or `SKIP` when not entered);
//! - `Erased`: a row the Director erased (true, `1` or `-1` in Access's export) is left out;
//! - a later row for the same board and pairs corrects an earlier one (Law 79C), as the
//!   terminal's "erase and enter again" does.
//!
//! Columns are found by name (in any case and order); other columns are ignored. A row that
//! cannot be read is refused with its row number and column, and nothing is imported.

use tenace_core::{Card, Contract, Seat};

use crate::{EventError, Line, Outcome, Played, TableResult};

/// What a `ReceivedData` export holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Imported {
    /// The results in the file's order (later rows correct earlier ones when entered with
    /// [`crate::Event::enter_all`]).
    pub results: Vec<TableResult>,
    /// The file's row number of each result (the header is row 1), to name it in an error.
    pub rows: Vec<usize>,
    /// Rows the Director erased, left out.
    pub erased: usize,
}

/// Reads a CSV export of Bridgemate's `ReceivedData` table.
pub fn bridgemate_csv(text: &str) -> Result<Imported, EventError> {
    let mut reader = csv::ReaderBuilder::new().flexible(true).trim(csv::Trim::All).from_reader(text.as_bytes());
    let headers = reader.headers().map_err(|e| EventError::invalid(format!("ReceivedData CSV: {e}")))?.clone();
    let column = |name: &str| headers.iter().position(|h| h.eq_ignore_ascii_case(name));
    let need = |name: &str| column(name).ok_or_else(|| EventError::invalid(format!("ReceivedData CSV: no column {name:?} (the header row names the columns)")));
    let (table, round, board) = (need("Table")?, need("Round")?, need("Board")?);
    let (pair_ns, pair_ew, seat, contract, result) = (need("PairNS")?, need("PairEW")?, need("NS/EW")?, need("Contract")?, need("Result")?);
    let (section, lead, erased) = (column("Section"), column("LeadCard"), column("Erased"));
    let mut imported = Imported { results: Vec::new(), rows: Vec::new(), erased: 0 };
    for (i, record) in reader.records().enumerate() {
        // Row 1 is the header; the first result is row 2, as a spreadsheet numbers them.
        let row = i + 2;
        let record = record.map_err(|e| EventError::invalid(format!("ReceivedData CSV row {row}: {e}")))?;
        let cell = |c: usize| record.get(c).unwrap_or("").trim_matches('"').trim();
        let bad = |c: usize, why: &str| EventError::invalid(format!("ReceivedData CSV row {row}, column {}: {:?} {why}", &headers[c], cell(c)));
        if erased.is_some_and(|c| matches!(cell(c).to_ascii_lowercase().as_str(), "1" | "-1" | "true" | "yes")) {
            imported.erased += 1;
            continue;
        }
        let number = |c: usize| cell(c).parse::<u32>().ok().filter(|n| *n > 0).ok_or_else(|| bad(c, "is not a number from 1"));
        let played = match cell(contract).to_ascii_uppercase().as_str() {
            "PASS" => Played::passed_out(),
            text => {
                let words: Vec<&str> = text.split_whitespace().collect();
                let (level_strain, doubled) = match words.as_slice() {
                    [level, strain] => (format!("{level}{strain}"), ""),
                    [level, strain, x] if matches!(*x, "X" | "XX") => (format!("{level}{strain}"), *x),
                    _ => return Err(bad(contract, "is not a contract (4 S, 3 NT x, 2 H xx or PASS)")),
                };
                let c: Contract = format!("{level_strain}{doubled}").parse().map_err(|_| bad(contract, "is not a contract (4 S, 3 NT x, 2 H xx or PASS)"))?;
                let declarer = cell(seat)
                    .chars()
                    .next()
                    .and_then(Seat::from_char)
                    .filter(|_| cell(seat).len() == 1)
                    .ok_or_else(|| bad(seat, "is not declarer's seat (N, E, S or W)"))?;
                let over: i32 = match cell(result) {
                    "=" => 0,
                    r => r.trim_start_matches('+').parse().map_err(|_| bad(result, "is not a result (=, +1, -2)"))?,
                };
                let tricks = i32::from(c.tricks_needed()) + over;
                if !(0..=13).contains(&tricks) {
                    return Err(bad(result, "leaves declarer with fewer than 0 or more than 13 tricks (Law 77)"));
                }
                Played::new(c, declarer, tricks as u8)
            }
        };
        let mut r = TableResult::new(number(board)?, Line::One(number(pair_ns)?), Line::One(number(pair_ew)?), Outcome::Played(played));
        r.table = Some(number(table)?);
        r.round = Some(number(round)?);
        r.section = match section.map(cell) {
            // Bridgemate numbers sections from 1 (A).
            Some(s) if !s.is_empty() && s != "1" => {
                let n = s.parse::<u8>().ok().filter(|n| (1..=26).contains(n)).ok_or_else(|| bad(section.unwrap_or(0), "is not a section number (1 for A)"))?;
                Some(((b'A' + n - 1) as char).to_string())
            }
            _ => None,
        };
        r.lead = match lead.map(cell).filter(|l| !l.is_empty() && !l.eq_ignore_ascii_case("SKIP")) {
            Some(l) => Some(l.to_ascii_uppercase().parse::<Card>().map_err(|_| bad(lead.unwrap_or(0), "is not a card (H8, SK, DT)"))?),
            None => None,
        };
        imported.results.push(r);
        imported.rows.push(row);
    }
    Ok(imported)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// As `mdb-export night.bws ReceivedData` writes it (some columns left out).
    const EXPORT: &str = "Section,Table,Round,Board,PairNS,PairEW,Declarer,NS/EW,Contract,Result,LeadCard,Remarks,Erased
1,1,1,1,1,4,1,\"N\",\"4 S\",\"=\",\"H8\",\"\",0
1,1,1,2,1,4,4,\"E\",\"3 NT x\",\"-2\",\"SK\",\"\",0
1,2,1,3,2,5,0,\"\",\"PASS\",\"\",\"\",\"\",0
1,2,1,4,2,5,2,\"S\",\"2 H xx\",\"+1\",\"SKIP\",\"\",0
1,2,1,4,2,5,2,\"S\",\"2 H\",\"+1\",\"\",\"\",-1
1,1,1,1,1,4,1,\"N\",\"4 S\",\"+1\",\"H8\",\"\",0
";

    #[test]
    fn a_received_data_export_is_read_row_by_row() {
        let Imported { results, rows, erased } = bridgemate_csv(EXPORT).unwrap();
        assert_eq!(erased, 1);
        assert_eq!(rows, [2, 3, 4, 5, 7]);
        let labels: Vec<String> = results.iter().map(|r| format!("{} {}v{} {}", r.board, r.ns, r.ew, r.outcome.label())).collect();
        assert_eq!(labels, ["1 1v4 4S N =", "2 1v4 3NTX E -2", "3 2v5 Pass", "4 2v5 2HXX S +1", "1 1v4 4S N +1"]);
        assert_eq!(results[0].lead, Some("H8".parse().unwrap()));
        assert_eq!(results[3].lead, None, "SKIP: no lead entered");
        assert_eq!((results[1].table, results[1].round, results[1].section.clone()), (Some(1), Some(1), None));
    }

    #[test]
    fn law_79c_a_later_row_corrects_an_earlier_one_when_entered() {
        let results = bridgemate_csv(EXPORT).unwrap().results;
        let mut event = crate::Event::new("Club", crate::Kind::Pairs, crate::Method::Matchpoints, 4).unwrap();
        event.enter_all(results).unwrap();
        assert_eq!(event.results.len(), 4);
        assert_eq!(event.results[0].outcome.label(), "4S N +1");
    }

    #[test]
    fn a_row_that_cannot_be_read_is_named_with_its_column() {
        let bad = |row: &str| bridgemate_csv(&format!("Table,Round,Board,PairNS,PairEW,NS/EW,Contract,Result\n{row}\n")).unwrap_err().to_string();
        assert!(bad("1,1,1,1,4,N,4 Q,=").contains("row 2, column Contract: \"4 Q\" is not a contract"), "{}", bad("1,1,1,1,4,N,4 Q,="));
        assert!(bad("1,1,1,1,4,Z,4 S,=").contains("column NS/EW"));
        assert!(bad("1,1,1,1,4,N,4 S,+4").contains("Law 77"));
        assert!(bad("1,1,x,1,4,N,4 S,=").contains("column Board"));
        let missing = bridgemate_csv("Table,Round,Board\n1,1,1\n").unwrap_err().to_string();
        assert!(missing.contains("no column \"PairNS\""), "{missing}");
    }

    #[test]
    fn sections_are_numbered_from_one() {
        let results = bridgemate_csv("Section,Table,Round,Board,PairNS,PairEW,NS/EW,Contract,Result\n2,1,1,1,1,4,N,1 NT,=\n").unwrap().results;
        assert_eq!(results[0].section.as_deref(), Some("B"));
    }
}
