//! PBN 2.1 score tables (§5.9 `ScoreTable`, §5.10 `TotalScoreTable`): reading a scored event
//! written by another scorer, and writing ours.

use std::collections::BTreeMap;

use tenace_core::{Board, BoardNumber, Contract, Seat};
use tenace_formats::{GameRecord, Tag};

use crate::adjusted::Artificial;
use crate::event::{Contestant, Event, EventBoard, Kind, Method};
use crate::matchpoints::{Factoring, MpScale};
use crate::report::number;
use crate::result::{Line, Outcome, Played, TableResult};
use crate::scoring::Scores;
use crate::EventError;

/// A PBN table section: its column names (without order marks and widths) and its rows split
/// into elements (quoted strings as one element, quotes removed).
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// Reads a section tag such as `ScoreTable` (PBN 2.1 §5.2).
    pub fn from_tag(tag: &Tag) -> Table {
        let columns = tag.value.split(';').map(|c| c.trim().trim_start_matches(['+', '-']).split('\\').next().unwrap_or("").to_string()).collect();
        let rows = tag.rows.iter().map(|r| elements(r)).filter(|r| !r.is_empty()).collect();
        Table { columns, rows }
    }

    /// The element of `row` in column `name`, `None` when the column is absent or the element
    /// is unknown (`?`).
    pub fn get<'a>(&'a self, row: &'a [String], name: &str) -> Option<&'a str> {
        let i = self.columns.iter().position(|c| c.eq_ignore_ascii_case(name))?;
        row.get(i).map(String::as_str).filter(|v| *v != "?")
    }
}

/// Splits a table row into elements: whitespace-separated tokens, `"..."` strings as one.
pub fn elements(row: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = row.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '"' {
            chars.next();
            let mut s = String::new();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => {
                        if let Some(n) = chars.next() {
                            s.push(n);
                        }
                    }
                    '"' => break,
                    _ => s.push(c),
                }
            }
            out.push(s);
        } else {
            let mut s = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() {
                    break;
                }
                s.push(c);
                chars.next();
            }
            out.push(s);
        }
    }
    out
}

/// The named section table of a record.
pub fn table(record: &GameRecord, name: &str) -> Option<Table> {
    record.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name)).map(Table::from_tag)
}

fn tag<'a>(record: &'a GameRecord, name: &str) -> Option<&'a str> {
    record.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name) && t.rows.is_empty()).map(|t| t.value.as_str())
}

/// The `Scoring` modifier for matchpoints factored in proportion to the tops
/// ([`Factoring::Proportional`]); not one of PBN 2.1's examples, which it leaves open.
pub const PROPORTIONAL: &str = "Proportional";

/// The scoring method a PBN `Scoring` tag names (PBN 2.1 §3.4.12).
pub fn method_of(scoring: &str, teams: bool) -> (Method, MpScale) {
    let fields: Vec<String> = scoring.split(';').map(|f| f.trim().to_ascii_lowercase()).collect();
    let has = |f: &str| fields.iter().any(|x| x == f);
    let scale = if has("mp2") { MpScale::OneHalfZero } else { MpScale::TwoOneZero };
    let method = if has("butler-2") {
        Method::Butler2
    } else if has("butler") {
        Method::Butler
    } else if has("cross2") {
        Method::Cross2
    } else if has("cross1") {
        Method::Cross1
    } else if has("cross") {
        Method::Cross
    } else if has("imp") && teams {
        Method::TeamImps
    } else if has("imp") {
        Method::Butler
    } else {
        Method::Matchpoints
    };
    (method, scale)
}

/// An artificial score in a Score column: `A+`, `A`, `A-`, a percentage written with its sign
/// (`0%`, `30%`: a regulation's), or a bare 40, 50 or 60 as some programs write the averages.
/// A bare number is otherwise a score in points (0 for a passed-out board).
fn artificial(text: &str) -> Option<Artificial> {
    let t = text.trim_start_matches('^');
    match t {
        "A+" | "A+ " => Some(Artificial::AveragePlus),
        "A" | "A=" => Some(Artificial::Average),
        "A-" => Some(Artificial::AverageMinus),
        "40" | "50" | "60" => t.parse::<u32>().ok().and_then(Artificial::from_percent),
        _ => t.strip_suffix('%').and_then(|p| p.parse::<u32>().ok()).and_then(Artificial::from_percent),
    }
}

/// Builds an event from PBN records carrying `ScoreTable` sections (one record per board), and a
/// `TotalScoreTable` for the names. Every row becomes a result; a row that cannot be read is an
/// error naming the board and the row.
pub fn event_from_records(records: &[GameRecord]) -> Result<Event, EventError> {
    let first = records.first().ok_or_else(|| EventError::invalid("the file holds no boards"))?;
    let competition = records.iter().find_map(|r| tag(r, "Competition")).unwrap_or("Pairs").to_ascii_lowercase();
    let kind = match competition.as_str() {
        "teams" => Kind::Teams,
        "individuals" => Kind::Individuals,
        _ => Kind::Pairs,
    };
    let scoring = first.scoring.as_deref().unwrap_or("MP");
    let (method, mp_scale) = method_of(scoring, kind == Kind::Teams);
    let mut event = Event::new(first.event.clone().unwrap_or_default(), kind, method, 0)?;
    event.mp_scale = mp_scale;
    if scoring.split(';').any(|f| f.trim().eq_ignore_ascii_case(PROPORTIONAL)) {
        event.factoring = Factoring::Proportional;
    }
    event.date = first.date.clone();
    event.dealing = Some(crate::dealing::Dealing::External);
    let mut names: BTreeMap<u32, String> = BTreeMap::new();
    for r in records {
        if let Some(t) = table(r, "TotalScoreTable") {
            for row in &t.rows {
                if let Some(id) = t.get(row, "PairId").and_then(|v| v.parse::<u32>().ok()) {
                    names.insert(id, t.get(row, "Names").unwrap_or("").to_string());
                }
            }
        }
    }
    let mut results = Vec::new();
    for r in records {
        let Some(number) = r.board.map(u32::from) else { continue };
        if event.board(number).is_none() {
            let n = BoardNumber::new(number).map_err(|e| EventError::invalid(e.to_string()))?;
            event.boards.push(EventBoard {
                number,
                dealer: r.dealer.unwrap_or(n.dealer()),
                vulnerability: r.vulnerability.unwrap_or(n.vulnerability()),
                deal: r.deal.filter(|d| d.is_complete()),
            });
        }
        let Some(t) = table(r, "ScoreTable") else { continue };
        for (k, row) in t.rows.iter().enumerate() {
            let bad = |m: String| EventError::BadResult { board: number, message: format!("ScoreTable row {}: {m}", k + 1) };
            let id = |col: &str| -> Result<u32, EventError> { t.get(row, col).and_then(|v| v.parse().ok()).ok_or_else(|| bad(format!("no {col}"))) };
            let (ns, ew) = (id("PairId_NS")?, id("PairId_EW")?);
            for (who, col) in [(ns, "Names_NS"), (ew, "Names_EW")] {
                if let Some(n) = t.get(row, col) {
                    names.entry(who).or_insert_with(|| n.to_string());
                }
                names.entry(who).or_default();
            }
            let contract = t.get(row, "Contract").unwrap_or("-");
            let score_ns = t.get(row, "Score_NS").unwrap_or("-");
            let score_ew = t.get(row, "Score_EW").unwrap_or("-");
            let adjusted = t.get(row, "Adjusted").filter(|v| *v != "-");
            let outcome = if let Some(label) = adjusted {
                label.parse().map_err(|e: EventError| bad(format!("Adjusted: {e}")))?
            } else if let (Some(a), Some(b)) = (artificial(score_ns), artificial(score_ew)) {
                Outcome::Artificial { ns: a, ew: b }
            } else if contract == "-" || contract.is_empty() {
                // No contract: an artificial score for each side is all the row can carry; name
                // the column that does not hold one.
                let (column, value) = if artificial(score_ns).is_none() { ("Score_NS", score_ns) } else { ("Score_EW", score_ew) };
                return Err(bad(format!(
                    "{column}: {value:?} is not an artificial score (A+, A, A-, or a percentage from 0% to 100%; Law 12C2), which a row without a contract needs for each side"
                )));
            } else if contract.eq_ignore_ascii_case("pass") || contract.eq_ignore_ascii_case("p") {
                Outcome::Played(Played::passed_out())
            } else {
                let c: Contract = contract.parse().map_err(|e: tenace_core::ParseError| bad(e.to_string()))?;
                let declarer = t.get(row, "Declarer").and_then(|d| d.chars().next()).and_then(Seat::from_char).ok_or_else(|| bad("no declarer".into()))?;
                let tricks = t.get(row, "Result").and_then(|v| v.parse::<u8>().ok()).ok_or_else(|| bad("no result (tricks)".into()))?;
                Outcome::Played(Played::new(c, declarer, tricks))
            };
            let mut result = TableResult::new(number, Line::One(ns), Line::One(ew), outcome);
            result.table = t.get(row, "Table").and_then(|v| v.parse().ok());
            result.round = t.get(row, "Round").and_then(|v| v.parse().ok());
            result.lead = match t.get(row, "Lead").filter(|v| *v != "-") {
                Some(v) => Some(v.parse().map_err(|e: tenace_core::ParseError| bad(format!("Lead: {e}")))?),
                None => None,
            };
            results.push(result);
        }
    }
    event.boards.sort_by_key(|b| b.number);
    event.contestants = names
        .into_iter()
        .map(|(number, name)| Contestant { number, players: name.split(" - ").map(str::to_string).filter(|s| !s.is_empty()).collect(), name, section: None })
        .collect();
    event.enter_all(results)?;
    Ok(event)
}

fn quoted(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

fn opt(v: Option<f64>) -> String {
    v.map(number).unwrap_or_else(|| "-".into())
}

/// Writes the scored event as PBN 2.1: one game per board with its `ScoreTable`, the first
/// also with the `TotalScoreTable` of each ranking.
pub fn write(event: &Event, scores: &Scores) -> String {
    let imp = scores.method != Method::Matchpoints && scores.method != Method::TotalPoints;
    let (v_ns, v_ew, total) = if imp { ("IMP_NS", "IMP_EW", "TotalIMP") } else { ("MP_NS", "MP_EW", "TotalMP") };
    let total = match scores.method {
        Method::Vp => "TotalScore",
        Method::TotalPoints => "TotalScore",
        _ => total,
    };
    let competition = match event.kind {
        Kind::Pairs => "Pairs",
        Kind::Teams => "Teams",
        Kind::Individuals => "Individuals",
    };
    let mut games = Vec::new();
    for (k, b) in event.boards.iter().enumerate() {
        let mut g = match (b.deal, BoardNumber::new(b.number)) {
            (Some(deal), Ok(number)) => GameRecord::from_board(&Board { number, dealer: b.dealer, vulnerability: b.vulnerability, deal }),
            _ => GameRecord { board: BoardNumber::new(b.number).ok(), dealer: Some(b.dealer), vulnerability: Some(b.vulnerability), ..GameRecord::default() },
        };
        g.event = Some(event.name.clone());
        g.date = event.date.clone();
        g.scoring = Some(match (scores.method, event.factoring) {
            (Method::Matchpoints, Factoring::Proportional) => format!("{};{PROPORTIONAL}", scores.method.pbn()),
            (method, _) => method.pbn().to_string(),
        });
        g.tags.push(Tag { name: "Competition".into(), value: competition.into(), rows: Vec::new() });
        if k == 0 {
            for ranking in &scores.rankings {
                let mut cols = vec!["Rank", "PairId", total, "NrBoards", "Names"];
                if scores.method == Method::Matchpoints {
                    cols.insert(3, "TotalPercentage");
                }
                let rows = ranking
                    .standings
                    .iter()
                    .map(|s| {
                        let mut v = vec![quoted(&s.rank), s.number.to_string(), number(round_to(s.total, 2))];
                        if scores.method == Method::Matchpoints {
                            v.push(s.percentage.map(|p| format!("{p:.2}")).unwrap_or_else(|| "-".into()));
                        }
                        v.push(s.boards.to_string());
                        v.push(quoted(&s.name));
                        v.join(" ")
                    })
                    .collect();
                g.tags.push(Tag { name: "TotalScoreTable".into(), value: cols.join(";"), rows });
            }
        }
        if let Some(bs) = scores.boards.iter().find(|x| x.board == b.number) {
            let mut cols = vec!["Table", "Round", "PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Score_NS", "Score_EW", v_ns, v_ew];
            // The opening lead (not a predefined column; written when any row has one).
            let leads = bs.rows.iter().any(|r| r.lead.is_some());
            // Assigned, weighted and split scores have no contract of their own: an `Adjusted`
            // column (not predefined) carries the score as the reports write it.
            let outcome_of = |r: &crate::scoring::Row| event.results.get(r.result).map(|x| &x.outcome);
            let labels = bs.rows.iter().any(|r| outcome_of(r).is_some_and(Outcome::needs_label));
            if leads {
                cols.insert(6, "Lead");
            }
            if !imp {
                cols.extend(["Percentage_NS", "Percentage_EW"]);
            }
            if labels {
                cols.push("Adjusted");
            }
            let rows = bs
                .rows
                .iter()
                .map(|r| {
                    let art = |a: Option<Artificial>, p: Option<f64>| match a {
                        Some(a) => quoted(&a.short()),
                        None => opt(p.map(|x| round_to(x, 2))),
                    };
                    let mut v = vec![
                        r.table.map(|t| t.to_string()).unwrap_or_else(|| "-".into()),
                        r.round.map(|t| t.to_string()).unwrap_or_else(|| "-".into()),
                        r.ns.to_string(),
                        r.ew.to_string(),
                        r.contract.clone().unwrap_or_else(|| "-".into()),
                        r.declarer.map(|d| d.to_string()).unwrap_or_else(|| "-".into()),
                    ];
                    if leads {
                        v.push(r.lead.map(|c| c.to_string()).unwrap_or_else(|| "-".into()));
                    }
                    v.extend([
                        r.tricks.map(|t| t.to_string()).unwrap_or_else(|| "-".into()),
                        art(r.ns_artificial, r.ns_points),
                        art(r.ew_artificial, r.ew_points.map(|p| -p)),
                        opt(r.ns_value.map(|x| round_to(x, 2))),
                        opt(r.ew_value.map(|x| round_to(x, 2))),
                    ]);
                    if !imp {
                        v.push(opt(r.ns_percent.map(|x| round_to(x, 2))));
                        v.push(opt(r.ew_percent.map(|x| round_to(x, 2))));
                    }
                    if labels {
                        v.push(match outcome_of(r) {
                            Some(o) if o.needs_label() => quoted(&o.label()),
                            _ => "-".into(),
                        });
                    }
                    v.join(" ")
                })
                .collect();
            g.tags.push(Tag { name: "ScoreTable".into(), value: cols.join(";"), rows });
        }
        games.push(g);
    }
    tenace_formats::pbn::write(&games)
}

/// Rounds to `places` decimals.
pub fn round_to(x: f64, places: i32) -> f64 {
    let f = 10f64.powi(places);
    (x * f).round() / f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_keep_quoted_strings_whole() {
        assert_eq!(elements(r#" 3  1  3 42 4S  S 10 S9   "420"      - 28.3"#), vec!["3", "1", "3", "42", "4S", "S", "10", "S9", "420", "-", "28.3"]);
        assert_eq!(elements(r#"1 "Jean Luc AROIX - Jeremie TIGNEL" 30"#), vec!["1", "Jean Luc AROIX - Jeremie TIGNEL", "30"]);
    }

    #[test]
    fn scoring_tag_names_the_method() {
        assert_eq!(method_of("MatchPoints;MP1", false), (Method::Matchpoints, MpScale::TwoOneZero));
        assert_eq!(method_of("MP;MP2", false).1, MpScale::OneHalfZero);
        assert_eq!(method_of("IMP;Butler-2", false).0, Method::Butler2);
        assert_eq!(method_of("IMP;Cross1", false).0, Method::Cross1);
        assert_eq!(method_of("IMP", true).0, Method::TeamImps);
    }
}
