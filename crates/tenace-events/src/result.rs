//! What happened at a table on a board (Law 79A): a played result, an assigned adjusted score
//! (Law 12C1, possibly weighted), an artificial adjusted score (Law 12C2), or non-balancing
//! scores where each side gets its own. Scores are North-South's under Law 77.

use std::fmt;

use serde::{Deserialize, Serialize};
use tenace_core::{Contract, Seat, Side, Vulnerability};

use crate::adjusted::Artificial;
use crate::matchpoints::Entry;
use crate::EventError;

/// A contract played to a number of tricks, or a board passed out (`contract: null`).
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Played {
    /// `None`: all four passed (Law 22A), a score of 0.
    pub contract: Option<Contract>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declarer: Option<Seat>,
    /// Tricks won by declarer.
    #[serde(default)]
    pub tricks: u8,
}

impl Played {
    pub fn passed_out() -> Played {
        Played { contract: None, declarer: None, tricks: 0 }
    }

    pub fn new(contract: Contract, declarer: Seat, tricks: u8) -> Played {
        Played { contract: Some(contract), declarer: Some(declarer), tricks }
    }

    /// North-South's score under Law 77.
    pub fn ns_score(&self, board: u32, vul: Vulnerability) -> Result<i32, EventError> {
        let Some(contract) = self.contract else { return Ok(0) };
        let declarer = self.declarer.ok_or_else(|| EventError::BadResult { board, message: format!("{contract} needs a declarer (N, E, S or W)") })?;
        let side = declarer.side();
        let score = contract.score(self.tricks, vul.is_vulnerable(side)).map_err(|e| EventError::BadResult { board, message: e.to_string() })?;
        Ok(if side == Side::NorthSouth { score } else { -score })
    }
}

impl fmt::Display for Played {
    /// `4SX N -2`, `3NT S +1`, `4S E =`, `Pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(c) = self.contract else { return f.write_str("Pass") };
        let seat = self.declarer.map(|s| s.to_string()).unwrap_or_else(|| "?".into());
        let over = i32::from(self.tricks) - i32::from(c.tricks_needed());
        let res = match over {
            0 => "=".to_string(),
            n if n > 0 => format!("+{n}"),
            n => n.to_string(),
        };
        write!(f, "{c} {seat} {res}")
    }
}

/// One part of a weighted assigned score (Law 12C1(c)): `weight` of 1 is the whole score.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weighted {
    pub weight: f64,
    #[serde(flatten)]
    pub played: Played,
}

/// The outcome of a board at a table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The board was played (or passed out): Law 77 scores it.
    Played(Played),
    /// An assigned adjusted score (Law 12C1(a)); with several parts, weighted (Law 12C1(c)).
    Assigned(Vec<Weighted>),
    /// An artificial adjusted score for each side (Law 12C2), balancing or not.
    Artificial { ns: Artificial, ew: Artificial },
    /// Non-balancing adjusted scores: North-South are scored on one outcome, East-West on
    /// another (Law 12C1(b), (e); Law 86B).
    Split { ns: Box<Outcome>, ew: Box<Outcome> },
}

/// What one side is scored on: North-South scores (weighted) or an artificial score.
#[derive(Clone, Debug, PartialEq)]
pub enum SideOutcome {
    Scores(Entry),
    Artificial(Artificial),
}

impl Outcome {
    /// What `side` is scored on, with North-South scores under Law 77.
    pub fn side(&self, side: Side, board: u32, vul: Vulnerability) -> Result<SideOutcome, EventError> {
        match self {
            Outcome::Played(p) => Ok(SideOutcome::Scores(vec![(1.0, p.ns_score(board, vul)?)])),
            Outcome::Assigned(parts) => {
                let total: f64 = parts.iter().map(|p| p.weight).sum();
                if parts.is_empty() || parts.iter().any(|p| p.weight.is_nan() || p.weight <= 0.0) || (total - 1.0).abs() > 1e-6 {
                    return Err(EventError::BadWeights { board, total });
                }
                let entry = parts.iter().map(|p| Ok((p.weight, p.played.ns_score(board, vul)?))).collect::<Result<_, EventError>>()?;
                Ok(SideOutcome::Scores(entry))
            }
            Outcome::Artificial { ns, ew } => Ok(SideOutcome::Artificial(if side == Side::NorthSouth { *ns } else { *ew })),
            Outcome::Split { ns, ew } => {
                let inner = if side == Side::NorthSouth { ns } else { ew };
                if matches!(**inner, Outcome::Split { .. }) {
                    return Err(EventError::BadResult { board, message: "a split score cannot contain another split score".into() });
                }
                inner.side(side, board, vul)
            }
        }
    }

    /// Checks the outcome can be scored (tricks, weights, declarer).
    pub fn check(&self, board: u32, vul: Vulnerability) -> Result<(), EventError> {
        self.side(Side::NorthSouth, board, vul)?;
        self.side(Side::EastWest, board, vul)?;
        Ok(())
    }

    /// How a traveller shows it: `4S N =`, `A+/A-`, `50% 4S N = + 50% 4S N -1`.
    pub fn label(&self) -> String {
        match self {
            Outcome::Played(p) => p.to_string(),
            Outcome::Assigned(parts) if parts.len() == 1 => format!("adj {}", parts[0].played),
            Outcome::Assigned(parts) => {
                parts.iter().map(|p| format!("{}% {}", (p.weight * 100.0 * 100.0).round() / 100.0, p.played)).collect::<Vec<_>>().join(" + ")
            }
            Outcome::Artificial { ns, ew } => format!("{ns}/{ew}"),
            Outcome::Split { ns, ew } => format!("NS: {}; EW: {}", ns.label(), ew.label()),
        }
    }

    /// True for the scores a plain ScoreTable row cannot carry (assigned, weighted, split).
    pub fn needs_label(&self) -> bool {
        matches!(self, Outcome::Assigned(_) | Outcome::Split { .. })
    }

    /// The played result, if the board was played normally.
    pub fn played(&self) -> Option<&Played> {
        match self {
            Outcome::Played(p) => Some(p),
            _ => None,
        }
    }
}

impl std::str::FromStr for Played {
    type Err = EventError;

    /// `4SX N -2`, `3NT S +1`, `4S E =`, `Pass` (as [`Played`]'s `Display` writes it).
    fn from_str(s: &str) -> Result<Played, EventError> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("pass") {
            return Ok(Played::passed_out());
        }
        let bad = |why: &str| EventError::invalid(format!("{s:?} is not a result ({why}; write e.g. 4S N =, 3NTX E -2, Pass)"));
        let words: Vec<&str> = s.split_whitespace().collect();
        let [contract, seat, result] = words.as_slice() else { return Err(bad("three words expected")) };
        let contract: Contract = contract.parse().map_err(|_| bad("no contract"))?;
        let declarer = seat.chars().next().and_then(Seat::from_char).filter(|_| seat.len() == 1).ok_or_else(|| bad("no declarer"))?;
        let over: i32 = match *result {
            "=" => 0,
            r => r.trim_start_matches('+').parse().map_err(|_| bad("no result"))?,
        };
        let tricks = i32::from(contract.tricks_needed()) + over;
        if !(0..=13).contains(&tricks) {
            return Err(bad("declarer takes 0 to 13 tricks"));
        }
        Ok(Played::new(contract, declarer, tricks as u8))
    }
}

impl std::str::FromStr for Outcome {
    type Err = EventError;

    /// Reads what [`Outcome::label`] writes: `4S N =`, `adj 4S N -1`, `60% 4S N = + 40% 4S N -1`,
    /// `A+/A-`, `NS: adj 4S N =; EW: A-`.
    fn from_str(s: &str) -> Result<Outcome, EventError> {
        let s = s.trim();
        if let Some(rest) = s.strip_prefix("NS: ") {
            let (ns, ew) = rest.split_once("; EW: ").ok_or_else(|| EventError::invalid(format!("{s:?}: a split score is written NS: ...; EW: ...")))?;
            return Ok(Outcome::Split { ns: Box::new(ns.parse()?), ew: Box::new(ew.parse()?) });
        }
        if let Some(rest) = s.strip_prefix("adj ") {
            return Ok(Outcome::Assigned(vec![Weighted { weight: 1.0, played: rest.parse()? }]));
        }
        if s.contains('%') {
            let parts = s
                .split(" + ")
                .map(|p| {
                    let (w, played) = p.split_once("% ").ok_or_else(|| EventError::invalid(format!("{p:?}: a weighted part is written 60% 4S N =")))?;
                    let weight: f64 = w.trim().parse().map_err(|_| EventError::invalid(format!("{w:?} is not a percentage")))?;
                    Ok(Weighted { weight: weight / 100.0, played: played.parse()? })
                })
                .collect::<Result<Vec<_>, EventError>>()?;
            return Ok(Outcome::Assigned(parts));
        }
        if let Some((ns, ew)) = s.split_once('/') {
            return Ok(Outcome::Artificial { ns: ns.parse()?, ew: ew.parse()? });
        }
        Ok(Outcome::Played(s.parse()?))
    }
}

/// The members of one side at a table: a pair or team number, or two players' numbers in an
/// individual event.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Line {
    One(u32),
    Two([u32; 2]),
}

impl Line {
    pub fn members(&self) -> Vec<u32> {
        match self {
            Line::One(n) => vec![*n],
            Line::Two(p) => p.to_vec(),
        }
    }

    pub fn contains(&self, n: u32) -> bool {
        self.members().contains(&n)
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::One(n) => write!(f, "{n}"),
            Line::Two([a, b]) => write!(f, "{a}-{b}"),
        }
    }
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A result at one table on one board (Law 79A), as entered or corrected (Law 79C).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableResult {
    pub board: u32,
    pub ns: Line,
    pub ew: Line,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// Law 87 (fouled board): results are compared only within the same group of identical
    /// deals; 0 is the board as dealt.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub group: u32,
    pub outcome: Outcome,
    /// The opening lead, when known (travellers show it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead: Option<tenace_core::Card>,
}

impl TableResult {
    pub fn played(board: u32, ns: u32, ew: u32, played: Played) -> TableResult {
        TableResult::new(board, Line::One(ns), Line::One(ew), Outcome::Played(played))
    }

    pub fn new(board: u32, ns: Line, ew: Line, outcome: Outcome) -> TableResult {
        TableResult { board, ns, ew, table: None, round: None, section: None, group: 0, outcome, lead: None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Contract {
        s.parse().unwrap()
    }

    /// Every kind of score reads back from its label (the PBN report's `Adjusted` column).
    #[test]
    fn labels_read_back() {
        let played = |c: &str, s: Seat, t: u8| Played::new(c.parse().unwrap(), s, t);
        let outcomes = [
            Outcome::Played(played("4SX", Seat::North, 8)),
            Outcome::Played(Played::passed_out()),
            Outcome::Assigned(vec![Weighted { weight: 1.0, played: played("3NT", Seat::South, 10) }]),
            Outcome::Assigned(vec![
                Weighted { weight: 0.6, played: played("4S", Seat::East, 10) },
                Weighted { weight: 0.4, played: played("4S", Seat::East, 9) },
            ]),
            Outcome::Artificial { ns: Artificial::AveragePlus, ew: Artificial::AverageMinus },
            Outcome::Split {
                ns: Box::new(Outcome::Assigned(vec![Weighted { weight: 1.0, played: played("2H", Seat::West, 8) }])),
                ew: Box::new(Outcome::Artificial { ns: Artificial::Average, ew: Artificial::AverageMinus }),
            },
        ];
        for o in outcomes {
            assert_eq!(o.label().parse::<Outcome>().unwrap(), o, "{}", o.label());
        }
        for bad in ["4S N", "4S Q =", "7NT N +1", "60% 4S N = + x", "NS: 4S N =", "Z/A"] {
            assert!(bad.parse::<Outcome>().is_err(), "{bad}");
        }
    }

    #[test]
    fn law_77_north_south_view() {
        let p = Played::new(c("4SX"), Seat::North, 8);
        assert_eq!(p.ns_score(3, Vulnerability::Both).unwrap(), -500);
        let p = Played::new(c("4S"), Seat::East, 10);
        assert_eq!(p.ns_score(1, Vulnerability::None).unwrap(), -420);
        assert_eq!(Played::passed_out().ns_score(1, Vulnerability::Both).unwrap(), 0);
        assert_eq!(Played::new(c("3NT"), Seat::South, 10).to_string(), "3NT S +1");
    }

    #[test]
    fn law_77_refuses_fourteen_tricks_naming_the_board() {
        let e = Played::new(c("4S"), Seat::North, 14).ns_score(7, Vulnerability::None).unwrap_err();
        assert!(e.to_string().starts_with("board 7: Law 77"), "{e}");
    }

    #[test]
    fn law_12c1c_weights_must_add_to_one() {
        let p = Played::new(c("4S"), Seat::North, 10);
        let o = Outcome::Assigned(vec![Weighted { weight: 0.5, played: p }, Weighted { weight: 0.3, played: p }]);
        let e = o.check(2, Vulnerability::None).unwrap_err();
        assert!(e.to_string().contains("Law 12C1(c)"), "{e}");
    }

    #[test]
    fn non_balancing_sides() {
        let o = Outcome::Split {
            ns: Box::new(Outcome::Played(Played::new(c("4S"), Seat::North, 10))),
            ew: Box::new(Outcome::Played(Played::new(c("4S"), Seat::North, 9))),
        };
        assert_eq!(o.side(Side::NorthSouth, 1, Vulnerability::None).unwrap(), SideOutcome::Scores(vec![(1.0, 420)]));
        assert_eq!(o.side(Side::EastWest, 1, Vulnerability::None).unwrap(), SideOutcome::Scores(vec![(1.0, -50)]));
    }
}
