//! Contracts and the Law 77 score.

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::call::Bid;
use crate::card::Strain;
use crate::ParseError;

/// Whether the final bid was doubled or redoubled (Law 19).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Penalty {
    Undoubled,
    Doubled,
    Redoubled,
}

impl Penalty {
    /// `""`, `"X"`, `"XX"`.
    pub const fn suffix(self) -> &'static str {
        match self {
            Penalty::Undoubled => "",
            Penalty::Doubled => "X",
            Penalty::Redoubled => "XX",
        }
    }

    const fn multiplier(self) -> i32 {
        match self {
            Penalty::Undoubled => 1,
            Penalty::Doubled => 2,
            Penalty::Redoubled => 4,
        }
    }
}

/// A contract (Law 22A): the final bid, with any double or redouble.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Contract {
    pub bid: Bid,
    pub penalty: Penalty,
}

impl Contract {
    pub const fn new(bid: Bid, penalty: Penalty) -> Contract {
        Contract { bid, penalty }
    }

    pub const fn level(self) -> u8 {
        self.bid.level()
    }

    pub const fn strain(self) -> Strain {
        self.bid.strain()
    }

    /// Tricks declarer needs: the level plus the book of six.
    pub const fn tricks_needed(self) -> u8 {
        self.bid.level() + 6
    }

    /// The declaring side's score under Law 77 when declarer takes `tricks` tricks; negative when
    /// the contract fails (the opponents score that many points). `tricks` above 13 is an error.
    pub fn score(self, tricks: u8, vulnerable: bool) -> Result<i32, ParseError> {
        if tricks > 13 {
            return Err(ParseError::new(format!("Law 77: a board has 13 tricks; declarer cannot take {tricks}")));
        }
        Ok(score(self, tricks, vulnerable))
    }
}

/// Law 77 trick score for the `level` odd tricks bid (or for overtricks, undoubled), before doubling.
fn trick_points(strain: Strain, tricks: i32) -> i32 {
    match strain {
        Strain::Clubs | Strain::Diamonds => 20 * tricks,
        Strain::Hearts | Strain::Spades => 30 * tricks,
        Strain::NoTrump if tricks > 0 => 40 + 30 * (tricks - 1),
        Strain::NoTrump => 0,
    }
}

/// Law 77, the whole table. `tricks` must be at most 13.
fn score(contract: Contract, tricks: u8, vulnerable: bool) -> i32 {
    let level = contract.level() as i32;
    let tricks = tricks as i32;
    let made = tricks - 6 - level;
    let penalty = contract.penalty;
    if made >= 0 {
        // Trick score: odd tricks bid and made, doubled or redoubled.
        let trick_score = trick_points(contract.strain(), level) * penalty.multiplier();
        let mut total = trick_score;
        // Game or partscore premium.
        total += match (trick_score >= 100, vulnerable) {
            (true, true) => 500,
            (true, false) => 300,
            (false, _) => 50,
        };
        // Slam premiums.
        total += match (level, vulnerable) {
            (6, false) => 500,
            (6, true) => 750,
            (7, false) => 1000,
            (7, true) => 1500,
            _ => 0,
        };
        // Overtricks.
        total += match penalty {
            Penalty::Undoubled => {
                let per = if contract.strain().is_major() || contract.strain() == Strain::NoTrump { 30 } else { 20 };
                per * made
            }
            Penalty::Doubled => made * if vulnerable { 200 } else { 100 },
            Penalty::Redoubled => made * if vulnerable { 400 } else { 200 },
        };
        // Premium for making a doubled or redoubled contract (the "insult").
        total += match penalty {
            Penalty::Undoubled => 0,
            Penalty::Doubled => 50,
            Penalty::Redoubled => 100,
        };
        total
    } else {
        let down = -made;
        let undoubled_each = if vulnerable { 100 } else { 50 };
        let doubled = match (vulnerable, down) {
            // Vulnerable: 200 for the first undertrick, 300 for each subsequent one.
            (true, d) => 200 + 300 * (d - 1),
            // Not vulnerable: 100, then 200 for the 2nd and 3rd, then 300 for the 4th and each after.
            (false, 1) => 100,
            (false, 2) => 300,
            (false, 3) => 500,
            (false, d) => 500 + 300 * (d - 3),
        };
        -match penalty {
            Penalty::Undoubled => undoubled_each * down,
            Penalty::Doubled => doubled,
            Penalty::Redoubled => 2 * doubled,
        }
    }
}

impl fmt::Display for Contract {
    /// `4S`, `4SX`, `3NTXX`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.bid, self.penalty.suffix())
    }
}

impl FromStr for Contract {
    type Err = ParseError;

    /// `4S`, `4SX`, `4SXX`, `3NT`, `3N`, `6NTX`, also `4S*`/`4S**` and `4SR` style doubles.
    fn from_str(s: &str) -> Result<Contract, ParseError> {
        let t = s.trim();
        let bad = || ParseError::new(format!("not a contract: {s:?} (expected a level 1-7, a strain and X or XX, like 4SX or 3NT)"));
        let upper = t.to_ascii_uppercase().replace('*', "X");
        let (body, penalty) = if let Some(b) = upper.strip_suffix("XX").or_else(|| upper.strip_suffix('R')) {
            (b, Penalty::Redoubled)
        } else if let Some(b) = upper.strip_suffix('X') {
            (b, Penalty::Doubled)
        } else {
            (upper.as_str(), Penalty::Undoubled)
        };
        let bid: Bid =
            body.parse().map_err(
                |e: ParseError| {
                    if e.message().contains("Law 18A") {
                        ParseError::new(format!("not a contract: {s:?}: {}", e.message()))
                    } else {
                        bad()
                    }
                },
            )?;
        Ok(Contract::new(bid, penalty))
    }
}

#[cfg(feature = "serde")]
impl Serialize for Contract {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for Contract {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Contract, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(c: &str, tricks: u8, vul: bool) -> i32 {
        c.parse::<Contract>().unwrap().score(tricks, vul).unwrap()
    }

    #[test]
    fn law_77_familiar_scores() {
        assert_eq!(s("1NT", 7, false), 90);
        assert_eq!(s("2S", 8, false), 110);
        assert_eq!(s("3NT", 9, false), 400);
        assert_eq!(s("3NT", 10, true), 630);
        assert_eq!(s("4S", 10, true), 620);
        assert_eq!(s("5C", 11, false), 400);
        assert_eq!(s("6H", 12, false), 980);
        assert_eq!(s("7NT", 13, true), 2220);
        assert_eq!(s("1C", 13, false), 190);
        assert_eq!(s("2HX", 8, false), 470);
        assert_eq!(s("1NTX", 7, true), 180);
        assert_eq!(s("1CXX", 7, false), 230);
        assert_eq!(s("7NTXX", 13, true), 2980);
        assert_eq!(s("4SX", 8, true), -500);
        assert_eq!(s("4SX", 6, false), -800);
        assert_eq!(s("7NTXX", 0, true), -7600);
        assert_eq!(s("7NTX", 0, false), -3500);
        assert_eq!(s("3NT", 0, false), -450);
        assert_eq!(s("6S", 11, true), -100);
    }

    #[test]
    fn contract_text() {
        for t in ["4S", "4SX", "4SXX", "3NT", "7NTXX", "1C"] {
            assert_eq!(t.parse::<Contract>().unwrap().to_string(), t);
        }
        assert_eq!("3n".parse::<Contract>().unwrap().to_string(), "3NT");
        assert!("8S".parse::<Contract>().unwrap_err().to_string().contains("Law 18A"));
        assert!("4Q".parse::<Contract>().is_err());
        assert!("".parse::<Contract>().is_err());
        assert!("4SXXX".parse::<Contract>().is_err());
        assert!("4S".parse::<Contract>().unwrap().score(14, false).is_err());
    }
}
