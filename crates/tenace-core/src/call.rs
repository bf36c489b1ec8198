//! Calls of the auction (Law 18): bids, pass, double, redouble.

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::card::Strain;
use crate::ParseError;

/// A bid: an undertaking to win at least `level + 6` tricks in `strain` (Law 18A). Bids are
/// ordered by level, then strain (Law 18B, 18C): 1C < 1D < 1H < 1S < 1NT < 2C ...
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bid {
    level: u8,
    strain: Strain,
}

impl Bid {
    /// Law 18A: a bid names a number of odd tricks from one to seven.
    pub fn new(level: u8, strain: Strain) -> Result<Bid, ParseError> {
        if (1..=7).contains(&level) {
            Ok(Bid { level, strain })
        } else {
            Err(ParseError::new(format!("Law 18A: a bid names one to seven odd tricks, not {level}")))
        }
    }

    pub const fn level(self) -> u8 {
        self.level
    }

    pub const fn strain(self) -> Strain {
        self.strain
    }

    /// 0 for 1C up to 34 for 7NT.
    pub const fn index(self) -> usize {
        (self.level as usize - 1) * 5 + self.strain as usize
    }

    pub fn from_index(i: usize) -> Option<Bid> {
        if i < 35 {
            Some(Bid { level: (i / 5) as u8 + 1, strain: Strain::ALL[i % 5] })
        } else {
            None
        }
    }

    /// All 35 bids, lowest first.
    pub fn all() -> impl Iterator<Item = Bid> {
        (0..35).filter_map(Bid::from_index)
    }

    /// The next higher bid, if any (none above 7NT, Law 38).
    pub fn next(self) -> Option<Bid> {
        Bid::from_index(self.index() + 1)
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.level, self.strain)
    }
}

impl FromStr for Bid {
    type Err = ParseError;
    /// `1C`, `3NT`, `3N`, `4s`, `2♥`.
    fn from_str(s: &str) -> Result<Bid, ParseError> {
        let t = s.trim();
        let mut chars = t.chars();
        let level = chars
            .next()
            .and_then(|c| c.to_digit(10))
            .ok_or_else(|| ParseError::new(format!("not a bid: {s:?} (expected a level 1-7 and a strain, like 1NT)")))?;
        let strain: Strain = chars.as_str().parse().map_err(|_| ParseError::new(format!("not a bid: {s:?} (expected a level 1-7 and a strain, like 1NT)")))?;
        Bid::new(level as u8, strain)
    }
}

/// A call (Law 18D, 18E): a bid, pass, double or redouble.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Call {
    Pass,
    Double,
    Redouble,
    Bid(Bid),
}

impl Call {
    pub fn bid(level: u8, strain: Strain) -> Result<Call, ParseError> {
        Bid::new(level, strain).map(Call::Bid)
    }
}

impl fmt::Display for Call {
    /// PBN spelling: `Pass`, `X`, `XX`, `1NT`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Call::Pass => f.write_str("Pass"),
            Call::Double => f.write_str("X"),
            Call::Redouble => f.write_str("XX"),
            Call::Bid(b) => write!(f, "{b}"),
        }
    }
}

impl FromStr for Call {
    type Err = ParseError;
    /// `Pass`/`P`/`AP` is not accepted here (see formats), `X`/`D`/`Dbl`, `XX`/`R`/`Rdbl`, or a bid.
    fn from_str(s: &str) -> Result<Call, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "p" | "pass" | "-" => Ok(Call::Pass),
            "x" | "d" | "dbl" | "double" => Ok(Call::Double),
            "xx" | "r" | "rdbl" | "redouble" => Ok(Call::Redouble),
            _ => s.parse().map(Call::Bid).map_err(|_| ParseError::new(format!("not a call: {s:?} (expected Pass, X, XX or a bid like 1NT)"))),
        }
    }
}

#[cfg(feature = "serde")]
impl Serialize for Call {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for Call {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Call, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(feature = "serde")]
impl Serialize for Bid {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for Bid {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Bid, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn law_18_bid_order() {
        let all: Vec<Bid> = Bid::all().collect();
        assert_eq!(all.len(), 35);
        for w in all.windows(2) {
            assert!(w[0] < w[1]);
            assert_eq!(w[0].next(), Some(w[1]));
        }
        assert_eq!(all[0].to_string(), "1C");
        assert_eq!(all[34].to_string(), "7NT");
        assert_eq!(all[34].next(), None);
    }

    #[test]
    fn parse_calls() {
        assert_eq!("pass".parse::<Call>().unwrap(), Call::Pass);
        assert_eq!("XX".parse::<Call>().unwrap(), Call::Redouble);
        assert_eq!("3n".parse::<Call>().unwrap(), Call::bid(3, Strain::NoTrump).unwrap());
        assert!("8S".parse::<Call>().is_err());
        assert!("0S".parse::<Call>().is_err());
        assert!("1Z".parse::<Call>().is_err());
        assert!(Bid::new(8, Strain::Clubs).unwrap_err().to_string().contains("Law 18A"));
    }
}
