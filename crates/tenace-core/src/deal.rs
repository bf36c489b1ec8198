//! A deal: the 52 cards distributed into four hands of thirteen (Law 6).

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::hand::Hand;
use crate::seat::Seat;
use crate::ParseError;

/// Four hands indexed by seat. A complete deal (`validate`) partitions the pack into four hands of
/// thirteen; a partial deal (a hand record with hidden hands, a position late in the play) is
/// allowed where the caller says so.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct Deal {
    pub hands: [Hand; 4],
}

/// Why a set of four hands is not a deal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("Law 6: the {card} is in both the {first} and the {second} hand")]
    Duplicate { card: Card, first: &'static str, second: &'static str },
    #[error("Law 6: the {card} is in no hand")]
    Missing { card: Card },
    #[error("Law 6: the {seat} hand has {count} cards, not 13")]
    WrongCount { seat: &'static str, count: usize },
}

impl Deal {
    pub const fn new(hands: [Hand; 4]) -> Deal {
        Deal { hands }
    }

    pub fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat.index()]
    }

    pub fn hand_mut(&mut self, seat: Seat) -> &mut Hand {
        &mut self.hands[seat.index()]
    }

    /// Who holds a card.
    pub fn holder(&self, card: Card) -> Option<Seat> {
        Seat::ALL.into_iter().find(|s| self.hand(*s).contains(card))
    }

    /// Checks the four hands are disjoint.
    pub fn check_disjoint(&self) -> Result<(), DealError> {
        for a in 0..4 {
            for b in a + 1..4 {
                let both = self.hands[a].intersection(self.hands[b]);
                if let Some(card) = both.iter().next() {
                    return Err(DealError::Duplicate { card, first: Seat::from_index(a).name(), second: Seat::from_index(b).name() });
                }
            }
        }
        Ok(())
    }

    /// Checks this is a complete deal: four disjoint hands of 13 cards covering the pack.
    pub fn validate(&self) -> Result<(), DealError> {
        self.check_disjoint()?;
        let all = self.hands.iter().fold(Hand::EMPTY, |a, h| a.union(*h));
        if let Some(card) = Hand::FULL.difference(all).iter().next() {
            return Err(DealError::Missing { card });
        }
        for seat in Seat::ALL {
            let count = self.hand(seat).len();
            if count != 13 {
                return Err(DealError::WrongCount { seat: seat.name(), count });
            }
        }
        Ok(())
    }

    /// The PBN `Deal` value starting from `first`: `N:AKQ.... .... .... ....`.
    pub fn to_pbn(&self, first: Seat) -> String {
        let hands: Vec<String> = (0..4).map(|i| self.hand(first.after(i)).to_string()).collect();
        format!("{}:{}", first.letter(), hands.join(" "))
    }

    /// Reads a PBN `Deal` value. A hand may be `-` (unknown). Completeness is not checked here;
    /// call [`Deal::validate`] for a full deal. If exactly one hand is unknown and the other three
    /// hold 39 cards, the missing hand is filled in, as the PBN standard allows.
    pub fn from_pbn(s: &str) -> Result<Deal, ParseError> {
        let s = s.trim();
        let (first, rest) = match s.split_once(':') {
            Some((f, r)) => (f, r),
            None => return Err(ParseError::new(format!("deal {s:?} must start with the first seat, like \"N:\""))),
        };
        let first: Seat = first.parse()?;
        let parts: Vec<&str> = rest.split_whitespace().collect();
        if parts.len() != 4 {
            return Err(ParseError::new(format!("deal {s:?} must have four hands separated by spaces (found {})", parts.len())));
        }
        let mut deal = Deal::default();
        let mut unknown = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            let seat = first.after(i);
            if *part == "-" {
                unknown.push(seat);
                continue;
            }
            *deal.hand_mut(seat) = part.parse()?;
        }
        deal.check_disjoint().map_err(|e| ParseError::new(e.to_string()))?;
        if unknown.len() == 1 {
            let known = deal.hands.iter().fold(Hand::EMPTY, |a, h| a.union(*h));
            if known.len() == 39 {
                *deal.hand_mut(unknown[0]) = Hand::FULL.difference(known);
            }
        }
        Ok(deal)
    }

    /// True when all four hands are known and form a full deal.
    pub fn is_complete(&self) -> bool {
        self.validate().is_ok()
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pbn(Seat::North))
    }
}

impl fmt::Debug for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Deal({})", self.to_pbn(Seat::North))
    }
}

impl FromStr for Deal {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Deal, ParseError> {
        Deal::from_pbn(s)
    }
}

#[cfg(feature = "serde")]
impl Serialize for Deal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for Deal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Deal, D::Error> {
        let s = String::deserialize(d)?;
        Deal::from_pbn(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const D: &str = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";

    #[test]
    fn pbn_round_trip_from_any_seat() {
        let deal = Deal::from_pbn(D).unwrap();
        deal.validate().unwrap();
        assert_eq!(deal.to_pbn(Seat::North), D);
        let from_east = deal.to_pbn(Seat::East);
        assert!(from_east.starts_with("E:T98.765.432.AKQJ"));
        assert_eq!(Deal::from_pbn(&from_east).unwrap(), deal);
    }

    #[test]
    fn law_6_detects_duplicates_and_missing_cards() {
        let dup = "N:AKQJ.T98.765.432 AKQJ.765.432.T98 765.432.AKQJ.T98 432.AKQJ.T98.765";
        let e = Deal::from_pbn(dup).unwrap_err();
        assert!(e.to_string().contains("both"), "{e}");
        let short = Deal::from_pbn("N:AKQJ.T98.765.43 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765").unwrap();
        let e = short.validate().unwrap_err();
        assert_eq!(e.to_string(), "Law 6: the C2 is in no hand");
    }

    #[test]
    fn one_unknown_hand_is_completed() {
        let deal = Deal::from_pbn("N:AKQJ.T98.765.432 - 765.432.AKQJ.T98 432.AKQJ.T98.765").unwrap();
        deal.validate().unwrap();
        assert_eq!(deal.to_pbn(Seat::North), D);
    }
}
