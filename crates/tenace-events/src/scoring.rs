//! Scoring an event: every board's traveller with matchpoints or IMPs for both sides (Law 78),
//! adjusted scores (Law 12C), fouled boards (Law 87), team matches and victory points, totals
//! and rankings with shared places. Pure: the event in, the scores out.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde::Serialize;
use tenace_core::{Seat, Side};

use crate::adjusted::Artificial;
use crate::event::{Event, Kind, Method, ROBOTS};
use crate::imps::{self, Datum};
use crate::matchpoints::{matchpoints_weighted, top_two, Entry, Factoring, MpScale};
use crate::result::{Line, SideOutcome, TableResult};
use crate::vp::wbf_vp;
use crate::EventError;

/// One line of a traveller.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// Index of the result in `Event::results`.
    pub result: usize,
    pub ns: Line,
    pub ew: Line,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// Law 87 deal group (0: the board as dealt).
    pub group: u32,
    /// `4S N =`, `A+/A-`, a weighted score.
    pub label: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contract: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub declarer: Option<Seat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tricks: Option<u8>,
    /// The opening lead, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead: Option<tenace_core::Card>,
    /// North-South's Law 77 score (the weighted mean for a weighted score); `None` when
    /// artificial.
    pub ns_points: Option<f64>,
    /// The score East-West are compared on, from North-South's view (differs from `ns_points`
    /// only for non-balancing scores).
    pub ew_points: Option<f64>,
    /// Matchpoints or IMPs; `None` while the board cannot be scored yet (a team board with one
    /// room in).
    pub ns_value: Option<f64>,
    pub ew_value: Option<f64>,
    /// Percentage of the top (matchpoints only).
    pub ns_percent: Option<f64>,
    pub ew_percent: Option<f64>,
    pub ns_artificial: Option<Artificial>,
    pub ew_artificial: Option<Artificial>,
}

/// A board's traveller.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardScores {
    pub board: u32,
    /// The top on the event's scale (matchpoints).
    pub top: Option<f64>,
    /// The Butler datum.
    pub datum: Option<i32>,
    pub rows: Vec<Row>,
}

/// One line of a ranking.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// `1`, or `3-4` for a shared place.
    pub rank: String,
    pub number: u32,
    pub name: String,
    /// Matchpoints, IMPs, VPs or points, by the method.
    pub total: f64,
    pub boards: usize,
    /// Matchpoint percentage.
    pub percentage: Option<f64>,
}

/// A ranking of one field.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ranking {
    pub title: String,
    pub standings: Vec<Standing>,
}

/// A team match: IMPs and victory points.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchScore {
    pub home: u32,
    pub away: u32,
    pub boards: u32,
    pub home_imps: f64,
    pub away_imps: f64,
    pub home_vp: f64,
    pub away_vp: f64,
}

/// Everything computed from an event.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scores {
    pub event: String,
    pub method: Method,
    pub mp_scale: MpScale,
    /// Results a full board has (the Neuberg `N`).
    pub expected_results: usize,
    pub boards: Vec<BoardScores>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub matches: Vec<MatchScore>,
    pub rankings: Vec<Ranking>,
}

/// A line of a personal score card.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardLine {
    pub board: u32,
    pub direction: Side,
    pub opponents: Line,
    pub label: String,
    pub points: Option<f64>,
    pub value: Option<f64>,
    pub percent: Option<f64>,
}

fn mean(entry: &Entry) -> f64 {
    entry.iter().map(|&(w, s)| w * f64::from(s)).sum()
}

struct Sides {
    ns: SideOutcome,
    ew: SideOutcome,
}

/// Scores the event by its method.
pub fn score(event: &Event) -> Result<Scores, EventError> {
    score_with(event, event.method)
}

/// Scores the event by `method` (for a second view of the same results).
pub fn score_with(event: &Event, method: Method) -> Result<Scores, EventError> {
    let mut by_board: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for (i, r) in event.results.iter().enumerate() {
        by_board.entry(r.board).or_default().push(i);
    }
    let expected = event.expected_results.unwrap_or_else(|| by_board.values().map(Vec::len).max().unwrap_or(0)).max(1);
    let mut sides: Vec<Sides> = Vec::with_capacity(event.results.len());
    for r in &event.results {
        let board = event.board(r.board).ok_or(EventError::UnknownBoard { board: r.board })?;
        sides.push(Sides {
            ns: r.outcome.side(Side::NorthSouth, r.board, board.vulnerability)?,
            ew: r.outcome.side(Side::EastWest, r.board, board.vulnerability)?,
        });
    }
    let mut rows: Vec<Row> = event.results.iter().enumerate().map(|(i, r)| blank_row(i, r, &sides[i])).collect();
    let mut datums: HashMap<u32, i32> = HashMap::new();
    let mut matches = Vec::new();
    if method.is_team() {
        matches = score_teams(event, &by_board, &sides, &mut rows)?;
    } else {
        for (&board, idx) in &by_board {
            let mut groups: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
            for &i in idx {
                groups.entry(event.results[i].group).or_default().push(i);
            }
            for members in groups.values() {
                if let Some(d) = score_field(method, (event.mp_scale, event.factoring, event.board_decimals), expected, members, &sides, &mut rows) {
                    datums.entry(board).or_insert(d);
                }
            }
        }
        score_artificial(event, method, expected, &sides, &mut rows);
    }
    let boards = by_board
        .iter()
        .map(|(&board, idx)| BoardScores {
            board,
            top: (method == Method::Matchpoints).then(|| event.mp_scale.from_two(top_two(expected))),
            datum: datums.get(&board).copied(),
            rows: idx.iter().map(|&i| rows[i].clone()).collect(),
        })
        .collect();
    let rankings = rank(event, method, &rows, &matches);
    Ok(Scores { event: event.name.clone(), method, mp_scale: event.mp_scale, expected_results: expected, boards, matches, rankings })
}

fn blank_row(i: usize, r: &TableResult, s: &Sides) -> Row {
    let played = r.outcome.played();
    let points = |o: &SideOutcome| match o {
        SideOutcome::Scores(e) => Some(mean(e)),
        SideOutcome::Artificial(_) => None,
    };
    let art = |o: &SideOutcome| match o {
        SideOutcome::Artificial(a) => Some(*a),
        SideOutcome::Scores(_) => None,
    };
    Row {
        result: i,
        ns: r.ns.clone(),
        ew: r.ew.clone(),
        table: r.table,
        round: r.round,
        section: r.section.clone(),
        group: r.group,
        label: r.outcome.label(),
        contract: played.map(|p| p.contract.map(|c| c.to_string()).unwrap_or_else(|| "Pass".into())),
        declarer: played.and_then(|p| p.declarer),
        tricks: played.and_then(|p| p.contract.map(|_| p.tricks)),
        lead: r.lead,
        ns_points: points(&s.ns),
        ew_points: points(&s.ew),
        ns_value: None,
        ew_value: None,
        ns_percent: None,
        ew_percent: None,
        ns_artificial: art(&s.ns),
        ew_artificial: art(&s.ew),
    }
}

/// Scores one field (a board, or one deal group of a fouled board, Law 87) by a pairs method.
/// Returns the Butler datum.
fn score_field(
    method: Method,
    (scale, factoring, decimals): (MpScale, Factoring, Option<u32>),
    expected: usize,
    members: &[usize],
    sides: &[Sides],
    rows: &mut [Row],
) -> Option<i32> {
    let field = |ns: bool| -> (Vec<usize>, Vec<Entry>) {
        members
            .iter()
            .filter_map(|&i| match if ns { &sides[i].ns } else { &sides[i].ew } {
                SideOutcome::Scores(e) => Some((i, e.clone())),
                SideOutcome::Artificial(_) => None,
            })
            .unzip()
    };
    let (ns_idx, ns_entries) = field(true);
    let (ew_idx, ew_entries) = field(false);
    let full_top = top_two(expected);
    let pct = |two: f64| if full_top > 0.0 { 100.0 * two / full_top } else { 50.0 };
    let mut datum = None;
    let (ns_vals, ew_vals): (Vec<f64>, Vec<f64>) = match method {
        Method::Matchpoints => {
            let n = ns_entries.len();
            let ns: Vec<f64> = matchpoints_weighted(&ns_entries).into_iter().map(|mp| factoring.scale(mp, n, expected)).collect();
            let m = ew_entries.len();
            let ew: Vec<f64> = matchpoints_weighted(&ew_entries).into_iter().map(|mp| factoring.scale(top_two(m) - mp, m, expected)).collect();
            // A figure rounded board by board (`board_decimals`) is what is totalled, and its
            // percentage is of that figure.
            let figure = |two: f64| -> (f64, f64) {
                match decimals {
                    Some(d) => {
                        let f = 10f64.powi(d as i32);
                        let value = (scale.from_two(two) * f).round() / f;
                        let top = scale.from_two(full_top);
                        (value, if top > 0.0 { 100.0 * value / top } else { 50.0 })
                    }
                    None => (scale.from_two(two), pct(two)),
                }
            };
            for (k, &i) in ns_idx.iter().enumerate() {
                let (value, percent) = figure(ns[k]);
                rows[i].ns_value = Some(value);
                rows[i].ns_percent = Some(percent);
            }
            for (k, &i) in ew_idx.iter().enumerate() {
                let (value, percent) = figure(ew[k]);
                rows[i].ew_value = Some(value);
                rows[i].ew_percent = Some(percent);
            }
            return None;
        }
        Method::Butler | Method::Butler2 => {
            let how = if method == Method::Butler { Datum::Mean } else { Datum::MeanWithoutExtremes };
            let (d, ns) = imps::butler(&ns_entries, how);
            let (_, ew) = imps::butler(&ew_entries, how);
            datum = Some(d);
            (ns, ew.into_iter().map(|v| 0.0 - v).collect())
        }
        Method::Cross => (imps::cross(&ns_entries), imps::cross(&ew_entries).into_iter().map(|v| 0.0 - v).collect()),
        Method::Cross1 => (imps::cross1(&ns_entries), imps::cross1(&ew_entries).into_iter().map(|v| 0.0 - v).collect()),
        Method::Cross2 => (imps::cross2(&ns_entries), imps::cross2(&ew_entries).into_iter().map(|v| 0.0 - v).collect()),
        Method::TotalPoints | Method::TeamImps | Method::Vp => (ns_entries.iter().map(mean).collect(), ew_entries.iter().map(|e| 0.0 - mean(e)).collect()),
    };
    for (k, &i) in ns_idx.iter().enumerate() {
        rows[i].ns_value = Some(ns_vals[k]);
    }
    for (k, &i) in ew_idx.iter().enumerate() {
        rows[i].ew_value = Some(ew_vals[k]);
    }
    datum
}

/// Artificial adjusted scores (Law 12C2), with the session rule of 12C2(c) when the event has
/// it: the side's percentage (or IMPs a board) on its other boards.
fn score_artificial(event: &Event, method: Method, expected: usize, sides: &[Sides], rows: &mut [Row]) {
    let full_top = top_two(expected);
    // Per contestant: sum of fractions (MP) or IMPs, and boards, over non-artificial boards.
    let mut session: HashMap<u32, (f64, usize)> = HashMap::new();
    for row in rows.iter() {
        for (line, value, pct) in [(&row.ns, row.ns_value, row.ns_percent), (&row.ew, row.ew_value, row.ew_percent)] {
            let v = if method == Method::Matchpoints { pct.map(|p| p / 100.0) } else { value };
            if let Some(v) = v {
                for m in line.members() {
                    let e = session.entry(m).or_default();
                    e.0 += v;
                    e.1 += 1;
                }
            }
        }
    }
    let session_of = |line: &Line| -> Option<f64> {
        if !event.session_rule {
            return None;
        }
        let vals: Vec<f64> = line.members().iter().filter_map(|m| session.get(m)).filter(|e| e.1 > 0).map(|e| e.0 / e.1 as f64).collect();
        (!vals.is_empty()).then(|| vals.iter().sum::<f64>() / vals.len() as f64)
    };
    for (i, s) in sides.iter().enumerate() {
        for ns in [true, false] {
            let (SideOutcome::Artificial(a), line) = (if ns { &s.ns } else { &s.ew }, if ns { rows[i].ns.clone() } else { rows[i].ew.clone() }) else {
                continue;
            };
            let (value, percent) = match method {
                Method::Matchpoints => {
                    let f = a.fraction_with_session(session_of(&line));
                    (event.mp_scale.from_two(f * full_top), Some(100.0 * f))
                }
                Method::TotalPoints => (0.0, None),
                _ => (a.imps_with_session(session_of(&line)), None),
            };
            if ns {
                rows[i].ns_value = Some(value);
                rows[i].ns_percent = percent;
            } else {
                rows[i].ew_value = Some(value);
                rows[i].ew_percent = percent;
            }
        }
    }
}

/// Team IMPs (Law 78B): the two results of each board of each match, and the match totals.
fn score_teams(event: &Event, by_board: &BTreeMap<u32, Vec<usize>>, sides: &[Sides], rows: &mut [Row]) -> Result<Vec<MatchScore>, EventError> {
    let team_of = |l: &Line| match l {
        Line::One(n) => Ok(*n),
        Line::Two(_) => Err(EventError::invalid("team scoring needs one team number on each line")),
    };
    let mut totals: BTreeMap<(u32, u32), (f64, f64, u32)> = BTreeMap::new();
    let mut order: Vec<(u32, u32)> = Vec::new();
    for (&board, idx) in by_board {
        let mut by_match: BTreeMap<(u32, u32), Vec<usize>> = BTreeMap::new();
        for &i in idx {
            let r = &event.results[i];
            let (a, b) = (team_of(&r.ns)?, team_of(&r.ew)?);
            by_match.entry((a.min(b), a.max(b))).or_default().push(i);
        }
        for (key, rs) in by_match {
            match rs.as_slice() {
                [_] => {}
                &[i, j] => {
                    let (ri, rj) = (&event.results[i], &event.results[j]);
                    if ri.ns != rj.ew || ri.ew != rj.ns {
                        return Err(EventError::BadResult { board, message: format!("teams {} and {} sat the same way in both rooms", key.0, key.1) });
                    }
                    let x = team_value(&sides[i].ns, &sides[j].ew);
                    let y = team_value(&sides[j].ns, &sides[i].ew);
                    rows[i].ns_value = Some(x);
                    rows[i].ew_value = Some(y);
                    rows[j].ns_value = Some(y);
                    rows[j].ew_value = Some(x);
                    let home = team_of(&ri.ns)?;
                    let k = (home, team_of(&ri.ew)?);
                    let (k, x, y) = if totals.contains_key(&(k.1, k.0)) { ((k.1, k.0), y, x) } else { (k, x, y) };
                    if !totals.contains_key(&k) {
                        order.push(k);
                    }
                    // IMPs gained by each team: seen from each team's own result and averaged,
                    // which for balancing scores is exact (x = -y) and for non-balancing ones
                    // follows Law 12C4.
                    let t = totals.entry(k).or_default();
                    t.0 += (x.max(0.0) + (-y).max(0.0)) / 2.0;
                    t.1 += ((-x).max(0.0) + y.max(0.0)) / 2.0;
                    t.2 += 1;
                }
                more => {
                    return Err(EventError::BadResult {
                        board,
                        message: format!("teams {} and {} have {} results on this board (a match has two rooms)", key.0, key.1, more.len()),
                    })
                }
            }
        }
    }
    Ok(order
        .into_iter()
        .map(|k| {
            let (h, a, boards) = totals[&k];
            let (hv, av) = wbf_vp(h - a, boards);
            MatchScore { home: k.0, away: k.1, boards, home_imps: h, away_imps: a, home_vp: hv, away_vp: av }
        })
        .collect())
}

/// IMPs of a team on a board: its North-South score in one room against its opponents'
/// North-South score in the other; an artificial score decides alone (Law 12C2(b)).
fn team_value(own_ns: &SideOutcome, own_ew: &SideOutcome) -> f64 {
    match (own_ns, own_ew) {
        (SideOutcome::Artificial(a), _) | (_, SideOutcome::Artificial(a)) => a.imps(),
        (SideOutcome::Scores(x), SideOutcome::Scores(y)) => imps::team(x, y),
    }
}

/// Two totals are a tie only when they are equal (up to floating-point noise): never because
/// they round to the same shown figure (602.90 and 602.86 matchpoints are two places).
fn tied(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// Places with ties sharing: `1`, `2`, `3-4`, `3-4`, `5`.
pub fn places(keys: &[f64]) -> Vec<String> {
    let mut out = Vec::with_capacity(keys.len());
    let mut i = 0;
    while i < keys.len() {
        let mut j = i + 1;
        while j < keys.len() && tied(keys[j], keys[i]) {
            j += 1;
        }
        let place = if j - i == 1 { format!("{}", i + 1) } else { format!("{}-{}", i + 1, j) };
        out.extend(std::iter::repeat_n(place, j - i));
        i = j;
    }
    out
}

fn rank(event: &Event, method: Method, rows: &[Row], matches: &[MatchScore]) -> Vec<Ranking> {
    // (total, boards, percent sum, directions)
    let mut acc: BTreeMap<u32, (f64, usize, f64, BTreeSet<Side>)> = BTreeMap::new();
    for c in event.contestants.iter().filter(|c| c.number != ROBOTS) {
        acc.entry(c.number).or_default();
    }
    if method.is_team() {
        for m in matches {
            for (team, imps_for, imps_against, vp) in [(m.home, m.home_imps, m.away_imps, m.home_vp), (m.away, m.away_imps, m.home_imps, m.away_vp)] {
                let e = acc.entry(team).or_default();
                e.0 += if method == Method::Vp { vp } else { imps_for - imps_against };
                e.1 += m.boards as usize;
            }
        }
    } else {
        for row in rows {
            for (line, value, pct, side) in [(&row.ns, row.ns_value, row.ns_percent, Side::NorthSouth), (&row.ew, row.ew_value, row.ew_percent, Side::EastWest)]
            {
                let Some(v) = value else { continue };
                for m in line.members().into_iter().filter(|&m| m != ROBOTS) {
                    let e = acc.entry(m).or_default();
                    e.0 += v;
                    e.1 += 1;
                    e.2 += pct.unwrap_or(0.0);
                    e.3.insert(side);
                }
            }
        }
    }
    let mut fields: BTreeMap<String, Vec<Standing>> = BTreeMap::new();
    for (&number, (total, boards, pct_sum, dirs)) in &acc {
        let contestant = event.contestant(number);
        let mut title = String::new();
        if event.rank_by_section {
            if let Some(s) = contestant.and_then(|c| c.section.as_deref()) {
                title.push_str(&format!("Section {s}"));
            }
        }
        if event.rank_by_direction && event.kind != Kind::Teams {
            let mut dirs = dirs.clone();
            if let (true, Some(m)) = (dirs.is_empty(), &event.movement) {
                for slot in &m.slots {
                    if slot.ns == number {
                        dirs.insert(Side::NorthSouth);
                    }
                    if slot.ew == number {
                        dirs.insert(Side::EastWest);
                    }
                }
            }
            let d = match (dirs.contains(&Side::NorthSouth), dirs.contains(&Side::EastWest)) {
                (true, false) => "North-South",
                (false, true) => "East-West",
                _ => "Both directions",
            };
            if !title.is_empty() {
                title.push(' ');
            }
            title.push_str(d);
        }
        if title.is_empty() {
            title = "Overall".into();
        }
        let percentage = (method == Method::Matchpoints && *boards > 0).then(|| pct_sum / *boards as f64);
        fields.entry(title).or_default().push(Standing {
            rank: String::new(),
            number,
            name: contestant.map(|c| c.name.clone()).unwrap_or_default(),
            total: *total,
            boards: *boards,
            percentage,
        });
    }
    let mut rankings: Vec<Ranking> = fields
        .into_iter()
        .map(|(title, mut standings)| {
            let key = |s: &Standing| s.percentage.unwrap_or(s.total);
            // A total order (a tolerance in the comparison would not be one); `places` then
            // shares the places of totals equal up to noise.
            standings.sort_by(|a, b| key(b).total_cmp(&key(a)).then(a.number.cmp(&b.number)));
            let keys: Vec<f64> = standings.iter().map(key).collect();
            for (s, p) in standings.iter_mut().zip(places(&keys)) {
                s.rank = p;
            }
            // Within a shared place, by number (totals equal up to noise may sort either way).
            standings.sort_by(|a, b| {
                let first = |s: &Standing| s.rank.split('-').next().and_then(|p| p.parse::<usize>().ok()).unwrap_or(0);
                first(a).cmp(&first(b)).then(a.number.cmp(&b.number))
            });
            Ranking { title, standings }
        })
        .collect();
    // North-South before East-West (within each section), as scorers list them.
    let direction = |t: &str| {
        if t.ends_with("North-South") {
            0
        } else if t.ends_with("East-West") {
            1
        } else {
            2
        }
    };
    let section = |t: &str| t.trim_end_matches("North-South").trim_end_matches("East-West").trim_end_matches("Both directions").to_string();
    rankings.sort_by(|a, b| section(&a.title).cmp(&section(&b.title)).then(direction(&a.title).cmp(&direction(&b.title))));
    rankings
}

/// A contestant's personal score card: every board it played, in board order.
pub fn score_card(scores: &Scores, number: u32) -> Vec<CardLine> {
    let mut out = Vec::new();
    for b in &scores.boards {
        for r in &b.rows {
            for (line, opp, side, points, value, percent) in [
                (&r.ns, &r.ew, Side::NorthSouth, r.ns_points, r.ns_value, r.ns_percent),
                (&r.ew, &r.ns, Side::EastWest, r.ew_points.map(|p| -p), r.ew_value, r.ew_percent),
            ] {
                if line.contains(number) {
                    out.push(CardLine { board: b.board, direction: side, opponents: opp.clone(), label: r.label.clone(), points, value, percent });
                }
            }
        }
    }
    out
}
