//! An event as data: its boards, contestants, movement and the results entered so far. Scores
//! are never stored: they are recomputed from the results, so a correction within the correction
//! period (Law 79C) is simply a replaced result.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::Path;

use serde::{Deserialize, Serialize};
use tenace_core::{BoardNumber, Deal, Seat, Vulnerability};

use crate::dealing::Dealing;
use crate::matchpoints::{Factoring, MpScale};
use crate::movement::Movement;
use crate::result::{Line, TableResult};
use crate::EventError;

/// The format tag written in every event file.
pub const FORMAT: &str = "tenace-event/1";

/// Pairs, teams of four or individuals (Law 4).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    #[default]
    Pairs,
    Teams,
    Individuals,
}

/// How results are compared (Law 78; PBN 2.1 §3.4.12).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    /// Matchpoints (Law 78A), Neuberg for boards with fewer results.
    #[default]
    Matchpoints,
    /// IMPs against the mean of the field rounded to 10 (PBN `Butler`).
    Butler,
    /// IMPs against the mean without the highest and lowest score (PBN `Butler-2`).
    Butler2,
    /// IMPs against every other result, summed (PBN `Cross`).
    Cross,
    /// Cross-IMPs divided by the number of scores (PBN `Cross1`).
    Cross1,
    /// Cross-IMPs divided by the number of comparisons (PBN `Cross2`).
    Cross2,
    /// Team IMPs between the two rooms of each match (Law 78B).
    TeamImps,
    /// Team IMPs converted to WBF victory points per match.
    Vp,
    /// Total points: the sum of Law 77 scores (Law 78C).
    TotalPoints,
}

impl Method {
    /// `mp`, `butler`, `butler2`, `cross`, `cross1`, `cross2`, `imp`, `vp`, `total`.
    pub fn parse(s: &str) -> Result<Method, EventError> {
        Ok(match s.trim().to_ascii_lowercase().as_str() {
            "mp" | "matchpoints" | "mp1" => Method::Matchpoints,
            "butler" => Method::Butler,
            "butler2" | "butler-2" => Method::Butler2,
            "cross" => Method::Cross,
            "cross1" => Method::Cross1,
            "cross2" => Method::Cross2,
            "imp" | "imps" | "teams" => Method::TeamImps,
            "vp" => Method::Vp,
            "total" | "totalpoints" => Method::TotalPoints,
            other => {
                return Err(EventError::invalid(format!("unknown scoring method {other:?} (use mp, butler, butler2, cross, cross1, cross2, imp, vp or total)")))
            }
        })
    }

    /// The PBN 2.1 `Scoring` tag value.
    pub fn pbn(self) -> &'static str {
        match self {
            Method::Matchpoints => "MatchPoints;MP1",
            Method::Butler => "IMP;Butler",
            Method::Butler2 => "IMP;Butler-2",
            Method::Cross => "IMP;Cross",
            Method::Cross1 => "IMP;Cross1",
            Method::Cross2 => "IMP;Cross2",
            Method::TeamImps | Method::Vp => "IMP",
            Method::TotalPoints => "TotalPoints",
        }
    }

    pub fn is_team(self) -> bool {
        matches!(self, Method::TeamImps | Method::Vp)
    }
}

/// A board of the event (Law 2): its number, dealer, vulnerability, and the deal when known.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventBoard {
    pub number: u32,
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<Deal>,
}

impl EventBoard {
    /// Board `number` with Law 2's dealer and vulnerability.
    pub fn numbered(number: u32, deal: Option<Deal>) -> Result<EventBoard, EventError> {
        let n = BoardNumber::new(number).map_err(|e| EventError::invalid(e.to_string()))?;
        Ok(EventBoard { number, dealer: n.dealer(), vulnerability: n.vulnerability(), deal })
    }
}

/// A pair, team or player, with the number it plays under.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Contestant {
    pub number: u32,
    pub name: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_neuberg(f: &Factoring) -> bool {
    *f == Factoring::Neuberg
}

/// The line number of the robots at a robot table (the robot individual's East-West): their
/// results are scored like anyone's, but they are not a contestant and are never ranked.
pub const ROBOTS: u32 = 0;

/// A duplicate event: everything needed to score it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Always [`FORMAT`].
    pub format: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    #[serde(default)]
    pub kind: Kind,
    #[serde(default)]
    pub method: Method,
    #[serde(default)]
    pub mp_scale: MpScale,
    /// Law 12C2(c): average plus/minus become the session percentage when better/worse.
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub session_rule: bool,
    /// Rank North-South and East-West separately (a Mitchell without arrow switch).
    #[serde(default, skip_serializing_if = "is_false")]
    pub rank_by_direction: bool,
    /// Rank each section separately (scores are still compared across the whole field).
    #[serde(default, skip_serializing_if = "is_false")]
    pub rank_by_section: bool,
    /// How a board with fewer results is brought to the full top (Neuberg unless said).
    #[serde(default, skip_serializing_if = "is_neuberg")]
    pub factoring: Factoring,
    /// Phantoms: numbers the movement seats that no contestant plays under (an odd field: their
    /// opponents sit out that round). No result may name one; they are not ranked; the pairs
    /// that meet them score on the boards they play (percentages per board played).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phantoms: Vec<u32>,
    /// Matchpoints: each board's (factored) figure rounded to this many decimals before it is
    /// totalled, as some scoring programs do (KOPS: 2); exact figures when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board_decimals: Option<u32>,
    /// Results a full board has, for Neuberg; by default the most results any board has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_results: Option<usize>,
    pub boards: Vec<EventBoard>,
    pub contestants: Vec<Contestant>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<Movement>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealing: Option<Dealing>,
    #[serde(default)]
    pub results: Vec<TableResult>,
}

impl Event {
    /// An empty event of `kind` with boards `1..=boards` (no deals yet).
    pub fn new(name: impl Into<String>, kind: Kind, method: Method, boards: u32) -> Result<Event, EventError> {
        Ok(Event {
            format: FORMAT.into(),
            name: name.into(),
            date: None,
            kind,
            method,
            mp_scale: MpScale::TwoOneZero,
            session_rule: true,
            rank_by_direction: false,
            rank_by_section: false,
            factoring: Factoring::Neuberg,
            board_decimals: None,
            phantoms: Vec::new(),
            expected_results: None,
            boards: (1..=boards).map(|n| EventBoard::numbered(n, None)).collect::<Result<_, _>>()?,
            contestants: Vec::new(),
            movement: None,
            dealing: None,
            results: Vec::new(),
        })
    }

    pub fn board(&self, number: u32) -> Option<&EventBoard> {
        self.boards.iter().find(|b| b.number == number)
    }

    pub fn contestant(&self, number: u32) -> Option<&Contestant> {
        self.contestants.iter().find(|c| c.number == number)
    }

    /// The name shown for contestant `number`.
    pub fn name_of(&self, number: u32) -> String {
        self.contestant(number).map(|c| c.name.clone()).unwrap_or_default()
    }

    /// Checks a result against the event: the board exists, the contestants are listed, nobody
    /// meets themselves, the outcome can be scored, and (with a movement) the contestants meet on
    /// that board.
    pub fn check_result(&self, r: &TableResult) -> Result<(), EventError> {
        self.check_result_in(r, &Index::of(self))
    }

    fn check_result_in(&self, r: &TableResult, index: &Index) -> Result<(), EventError> {
        let board = self.board(r.board).ok_or(EventError::UnknownBoard { board: r.board })?;
        let members: Vec<u32> = r.ns.members().into_iter().chain(r.ew.members()).collect();
        let expected = if self.kind == Kind::Individuals { 2 } else { 1 };
        if r.ns.members().len() != expected || r.ew.members().len() != expected {
            return Err(EventError::BadResult { board: r.board, message: format!("{} events need {expected} number(s) on each line", self.kind_name()) });
        }
        if let Some(&p) = members.iter().find(|m| self.phantoms.contains(m)) {
            return Err(EventError::BadResult {
                board: r.board,
                message: format!("{}{p} is a phantom (a sit-out in an odd field): its opponents do not play that round", at(r)),
            });
        }
        if !self.contestants.is_empty() {
            for &m in &members {
                if !index.contestants.contains(&m) {
                    return Err(EventError::UnknownContestant { number: m });
                }
            }
        }
        let unique: BTreeSet<u32> = members.iter().copied().collect();
        if unique.len() != members.len() {
            let dup = members.iter().find(|m| members.iter().filter(|x| x == m).count() > 1).copied().unwrap_or(0);
            return Err(EventError::SameContestantTwice { board: r.board, number: dup });
        }
        r.outcome.check(r.board, board.vulnerability)?;
        if let (Some(meets), Line::One(ns), Line::One(ew)) = (&index.meets, &r.ns, &r.ew) {
            if !meets.contains(&(r.board, *ns, *ew)) {
                return Err(EventError::BadResult {
                    board: r.board,
                    message: format!("{}Law 8: in the movement, {ns} (North-South) does not meet {ew} (East-West) on board {}", at(r), r.board),
                });
            }
            // Law 8: a result given a table or round must be where the movement puts it.
            if let Some(slot) = self.movement.as_ref().and_then(|m| m.slot_for(r.board, *ns, *ew)) {
                if r.table.is_some_and(|t| t != slot.table) || r.round.is_some_and(|x| x != slot.round) {
                    return Err(EventError::BadResult {
                        board: r.board,
                        message: format!("{}Law 8: in the movement, {ns} v {ew} play board {} at table {} in round {}", at(r), r.board, slot.table, slot.round),
                    });
                }
            }
        }
        Ok(())
    }

    fn kind_name(&self) -> &'static str {
        match self.kind {
            Kind::Pairs => "pairs",
            Kind::Teams => "teams",
            Kind::Individuals => "individual",
        }
    }

    /// Index of the result this one replaces (Law 79C): the same board with the same lines.
    fn existing(&self, r: &TableResult) -> Option<usize> {
        self.results.iter().position(|x| x.board == r.board && x.ns == r.ns && x.ew == r.ew && x.section == r.section)
    }

    /// Enters a result, or corrects it (Law 79C) when the same contestants already have one on
    /// that board. Returns `true` when it replaced an earlier result. A refused result changes
    /// nothing.
    pub fn enter(&mut self, r: TableResult) -> Result<bool, EventError> {
        let replaced = self.existing(&r).is_some();
        self.enter_all(vec![r])?;
        Ok(replaced)
    }

    /// Enters `results` in order, each as [`Event::enter`] does (a later result of the same
    /// contestants on a board corrects the earlier one), in time linear in the results: for large
    /// fields (a robot individual of thousands, a PBN read back). Nobody plays a board twice (in
    /// teams: twice in the same direction). When a result is refused nothing is entered, and the
    /// error names it.
    pub fn enter_all(&mut self, results: Vec<TableResult>) -> Result<(), EventError> {
        type Key = (u32, Option<String>, Line, Line);
        let index = Index::of(self);
        let mut all = self.results.clone();
        let mut at: HashMap<Key, usize> = HashMap::new();
        // (board, section, contestant) -> the results holding them, and whether North-South.
        let mut holds: Holds = HashMap::new();
        type Holds = HashMap<(u32, Option<String>, u32), Vec<(usize, bool)>>;
        fn note(i: usize, r: &TableResult, at: &mut HashMap<Key, usize>, holds: &mut Holds) {
            at.insert((r.board, r.section.clone(), r.ns.clone(), r.ew.clone()), i);
            for (line, ns) in [(&r.ns, true), (&r.ew, false)] {
                for m in line.members().into_iter().filter(|&m| m != ROBOTS) {
                    holds.entry((r.board, r.section.clone(), m)).or_default().push((i, ns));
                }
            }
        }
        for (i, r) in all.iter().enumerate() {
            note(i, r, &mut at, &mut holds);
        }
        let teams = self.kind == Kind::Teams;
        for r in results {
            self.check_result_in(&r, &index)?;
            if let Some(&i) = at.get(&(r.board, r.section.clone(), r.ns.clone(), r.ew.clone())) {
                all[i] = r;
                continue;
            }
            // Nobody plays a board twice (in teams: twice in the same direction). The clash
            // named is the one `enter` names: the earliest result, then North-South first.
            let mut clashes: Vec<(usize, usize, usize, u32)> = Vec::new();
            for (k, (line, ns)) in [(&r.ns, true), (&r.ew, false)].into_iter().enumerate() {
                for (p, m) in line.members().into_iter().enumerate().filter(|&(_, m)| m != ROBOTS) {
                    let held = holds.get(&(r.board, r.section.clone(), m)).into_iter().flatten();
                    clashes.extend(held.filter(|&&(_, was_ns)| !teams || was_ns == ns).map(|&(j, _)| (j, k, p, m)));
                }
            }
            if let Some(&(j, _, _, m)) = clashes.iter().min() {
                let x = &all[j];
                return Err(EventError::BadResult {
                    board: r.board,
                    message: format!("contestant {m} already has a result on board {} (against {} / {}); correct that result instead", r.board, x.ns, x.ew),
                });
            }
            note(all.len(), &r, &mut at, &mut holds);
            all.push(r);
        }
        self.results = all;
        Ok(())
    }

    /// Checks the whole event: format tag, unique numbers, the movement, every result.
    pub fn validate(&self) -> Result<(), EventError> {
        if self.format != FORMAT {
            return Err(EventError::invalid(format!("not a Tenace event file (format {:?}, expected {FORMAT:?})", self.format)));
        }
        let mut seen = BTreeSet::new();
        for b in &self.boards {
            if b.number == 0 || !seen.insert(b.number) {
                return Err(EventError::invalid(format!("board {} is listed twice or is not a board number (Law 2)", b.number)));
            }
            if let Some(d) = &b.deal {
                d.validate().map_err(|e| EventError::invalid(format!("board {}: Law 6: {e}", b.number)))?;
            }
        }
        let mut seen = BTreeSet::new();
        for c in &self.contestants {
            if !seen.insert(c.number) {
                return Err(EventError::invalid(format!("contestant {} is listed twice", c.number)));
            }
        }
        if let Some(m) = &self.movement {
            m.validate()?;
            let boards: BTreeSet<u32> = self.boards.iter().map(|b| b.number).collect();
            if let Some(s) = m.slots.iter().find(|s| s.boards.iter().any(|b| !boards.contains(b))) {
                let b = s.boards.iter().find(|b| !boards.contains(b)).copied().unwrap_or(0);
                return Err(EventError::Movement {
                    message: format!("table {} round {} board {b}: the movement plays a board the event does not have", s.table, s.round),
                });
            }
            if !self.contestants.is_empty() {
                if let Some(c) = m.contestants().into_iter().find(|c| self.contestant(*c).is_none() && !self.phantoms.contains(c)) {
                    return Err(EventError::Movement { message: format!("contestant {c} is in the movement but not in the event") });
                }
            }
        }
        let index = Index::of(self);
        for r in &self.results {
            self.check_result_in(r, &index)?;
        }
        Ok(())
    }

    /// Reads an event file (JSON, [`FORMAT`]).
    pub fn read(path: &Path) -> Result<Event, EventError> {
        let file = |message: String| EventError::File { path: path.display().to_string(), message };
        let text = std::fs::read_to_string(path).map_err(|e| file(format!("cannot read: {e}")))?;
        let event: Event = serde_json::from_str(&text).map_err(|e| file(format!("not a Tenace event file: {e}")))?;
        event.validate().map_err(|e| file(e.to_string()))?;
        Ok(event)
    }

    /// Writes the event file atomically: a temporary file beside it, then a rename, so that a
    /// failure leaves the previous file whole.
    pub fn write(&self, path: &Path) -> Result<(), EventError> {
        let text = serde_json::to_string_pretty(self).map_err(|e| EventError::invalid(e.to_string()))?;
        write_atomic(path, text.as_bytes())
    }
}

/// `table 3 round 2: ` for a result that names its table and round (either may be missing).
fn at(r: &TableResult) -> String {
    let mut s = String::new();
    if let Some(t) = r.table {
        s += &format!("table {t} ");
    }
    if let Some(x) = r.round {
        s += &format!("round {x} ");
    }
    if s.is_empty() {
        s
    } else {
        format!("{}: ", s.trim_end())
    }
}

/// Look-ups for checking many results: the contestant numbers and who meets whom on which board.
struct Index {
    contestants: HashSet<u32>,
    meets: Option<HashSet<(u32, u32, u32)>>,
}

impl Index {
    fn of(event: &Event) -> Index {
        Index {
            contestants: event.contestants.iter().map(|c| c.number).collect(),
            meets: event.movement.as_ref().map(|m| m.slots.iter().flat_map(|s| s.boards.iter().map(move |&b| (b, s.ns, s.ew))).collect()),
        }
    }
}

/// A PBN date (`YYYY.MM.DD`, PBN 2.1 §3.2) of a Unix time, in UTC. The day count to a civil
/// date follows Howard Hinnant's published `civil_from_days` algorithm ("chrono-Compatible
/// Low-Level Date Algorithms").
pub fn pbn_date(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

/// A date as PBN and the reports write it (`YYYY.MM.DD`): checked, not parsed further.
pub fn check_date(date: &str) -> Result<(), EventError> {
    let parts: Vec<&str> = date.split('.').collect();
    let ok = parts.len() == 3
        && parts.iter().zip([4, 2, 2]).all(|(p, n)| p.len() == n && p.chars().all(|c| c.is_ascii_digit()))
        && (1..=12).contains(&parts[1].parse::<u32>().unwrap_or(0))
        && (1..=31).contains(&parts[2].parse::<u32>().unwrap_or(0));
    if ok {
        Ok(())
    } else {
        Err(EventError::invalid(format!("{date:?} is not a date (YYYY.MM.DD, as PBN writes it)")))
    }
}

/// Writes `bytes` to `path` through a temporary file in the same directory and a rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), EventError> {
    let file = |message: String| EventError::File { path: path.display().to_string(), message };
    let name = path.file_name().ok_or_else(|| file("not a file name".into()))?.to_string_lossy().to_string();
    let tmp = path.with_file_name(format!(".{name}.tmp{}", std::process::id()));
    std::fs::write(&tmp, bytes).map_err(|e| file(format!("cannot write: {e}")))?;
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        file(format!("cannot replace: {e}"))
    })
}
