//! Artificial adjusted scores (Law 12C2): average minus, average, average plus, and the value
//! each is worth in pairs (percent of the matchpoints available) and in IMPs; and the other
//! percentages a regulation may set (Laws 12C2, 86-88 leave room: 0% for an absent pair, 30%
//! for a fouled board...).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::EventError;

/// An artificial adjusted score awarded to one side (Law 12C2(a)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Artificial {
    /// Directly at fault: at most 40% in pairs, -3 IMPs (Law 12C2(a), (b)).
    AverageMinus,
    /// Partly at fault: 50% in pairs, 0 IMPs.
    Average,
    /// In no way at fault: at least 60% in pairs, +3 IMPs.
    AveragePlus,
    /// A percentage (0 to 100) set by the regulations, not one of the three averages: worth that
    /// share in pairs, without the session rule of 12C2(c). At IMPs it counts as the average
    /// on its side of 50% (+3, 0 or -3 IMPs).
    Percent(u8),
}

impl Artificial {
    /// The share of the available matchpoints in pairs (Law 12C2(a)).
    pub const fn fraction(self) -> f64 {
        match self {
            Artificial::AverageMinus => 0.4,
            Artificial::Average => 0.5,
            Artificial::AveragePlus => 0.6,
            Artificial::Percent(p) => p as f64 / 100.0,
        }
    }

    /// The IMPs at IMP play (Law 12C2(b), 2017: always 3).
    pub const fn imps(self) -> f64 {
        match self {
            Artificial::AverageMinus => -3.0,
            Artificial::Average => 0.0,
            Artificial::AveragePlus => 3.0,
            Artificial::Percent(p) if p > 50 => 3.0,
            Artificial::Percent(p) if p < 50 => -3.0,
            Artificial::Percent(_) => 0.0,
        }
    }

    /// Law 12C2(c): a non-offending side (average plus) that scores more than 60% on the other
    /// boards of the session gets that percentage; an offending side (average minus) that scores
    /// less than 40% gets that. `session` is the side's fraction (0..1) on its other boards.
    pub fn fraction_with_session(self, session: Option<f64>) -> f64 {
        match (self, session) {
            (Artificial::AveragePlus, Some(s)) if s > 0.6 => s,
            (Artificial::AverageMinus, Some(s)) if s < 0.4 => s,
            _ => self.fraction(),
        }
    }

    /// The IMP equivalent of Law 12C2(c): `session` is the side's mean IMPs per board on its
    /// other boards of the session.
    pub fn imps_with_session(self, session: Option<f64>) -> f64 {
        match (self, session) {
            (Artificial::AveragePlus, Some(s)) if s > 3.0 => s,
            (Artificial::AverageMinus, Some(s)) if s < -3.0 => s,
            _ => self.imps(),
        }
    }

    /// From a percentage as directors write it: 40, 50, 60 are the averages; any other from 0
    /// to 100 is a regulation's percentage.
    pub fn from_percent(p: u32) -> Option<Artificial> {
        match p {
            40 => Some(Artificial::AverageMinus),
            50 => Some(Artificial::Average),
            60 => Some(Artificial::AveragePlus),
            p if p <= 100 => Some(Artificial::Percent(p as u8)),
            _ => None,
        }
    }

    /// `A-`, `A`, `A+`, or `30%`: the spelling of PBN score tables.
    pub fn short(self) -> String {
        match self {
            Artificial::AverageMinus => "A-".into(),
            Artificial::Average => "A".into(),
            Artificial::AveragePlus => "A+".into(),
            Artificial::Percent(p) => format!("{p}%"),
        }
    }
}

impl fmt::Display for Artificial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.short())
    }
}

impl FromStr for Artificial {
    type Err = EventError;
    /// `A-`/`A`/`A+`, `avg-`/`avg`/`avg+`, or a percentage `0` to `100` (`40`, `50`, `60` are
    /// the averages).
    fn from_str(s: &str) -> Result<Artificial, EventError> {
        let t = s.trim().trim_end_matches('%').to_ascii_lowercase();
        match t.as_str() {
            "a-" | "avg-" | "average minus" => Ok(Artificial::AverageMinus),
            "a" | "avg" | "average" | "a=" => Ok(Artificial::Average),
            "a+" | "avg+" | "average plus" => Ok(Artificial::AveragePlus),
            _ => t.parse::<u32>().ok().and_then(Artificial::from_percent).ok_or_else(|| {
                EventError::invalid(format!("Law 12C2: {s:?} is not an artificial adjusted score (use A-, A, A+, or a percentage from 0 to 100)"))
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn law_12c2a_pairs_percentages() {
        assert_eq!(Artificial::AverageMinus.fraction(), 0.4);
        assert_eq!(Artificial::Average.fraction(), 0.5);
        assert_eq!(Artificial::AveragePlus.fraction(), 0.6);
    }

    #[test]
    fn law_12c2b_three_imps_in_teams() {
        assert_eq!(Artificial::AveragePlus.imps(), 3.0);
        assert_eq!(Artificial::AverageMinus.imps(), -3.0);
        assert_eq!(Artificial::Average.imps(), 0.0);
    }

    #[test]
    fn law_12c2c_average_plus_is_session_percentage_if_higher() {
        assert_eq!(Artificial::AveragePlus.fraction_with_session(Some(0.65)), 0.65);
        assert_eq!(Artificial::AveragePlus.fraction_with_session(Some(0.55)), 0.6);
        assert_eq!(Artificial::AveragePlus.imps_with_session(Some(4.5)), 4.5);
    }

    #[test]
    fn law_12c2c_average_minus_is_session_percentage_if_lower() {
        assert_eq!(Artificial::AverageMinus.fraction_with_session(Some(0.35)), 0.35);
        assert_eq!(Artificial::AverageMinus.fraction_with_session(Some(0.45)), 0.4);
        assert_eq!(Artificial::Average.fraction_with_session(Some(0.9)), 0.5);
    }

    #[test]
    fn parses_director_spellings() {
        assert_eq!("60".parse::<Artificial>().unwrap(), Artificial::AveragePlus);
        assert_eq!("A-".parse::<Artificial>().unwrap(), Artificial::AverageMinus);
        // Other percentages are a regulation's (an absent pair's 0%, issue 20, item 3).
        assert_eq!("0%".parse::<Artificial>().unwrap(), Artificial::Percent(0));
        assert_eq!(Artificial::Percent(0).fraction(), 0.0);
        assert_eq!(Artificial::Percent(30).fraction_with_session(Some(0.2)), 0.3, "no session rule");
        assert_eq!(Artificial::Percent(70).to_string(), "70%");
        assert!("101".parse::<Artificial>().unwrap_err().to_string().contains("Law 12C2"));
        assert!("x".parse::<Artificial>().unwrap_err().to_string().contains("Law 12C2"));
    }
}
