//! A set of cards, stored as a bit set: suit `s` occupies bits `16*s .. 16*s+13`, rank `r` is
//! bit `r` inside it (two = bit 0, ace = bit 12). One suit's holding is therefore a plain `u16`,
//! which the solver and the legal-move generator use directly.

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};
use crate::ParseError;

/// Mask of the thirteen rank bits of one suit.
pub const SUIT_MASK: u16 = 0x1FFF;

/// A set of cards: a hand, the cards played, the cards still out...
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct Hand(u64);

impl Hand {
    pub const EMPTY: Hand = Hand(0);
    /// All 52 cards.
    pub const FULL: Hand = Hand(0x1FFF_1FFF_1FFF_1FFF);

    pub const fn from_bits(bits: u64) -> Hand {
        Hand(bits & Hand::FULL.0)
    }

    pub const fn bits(self) -> u64 {
        self.0
    }

    const fn bit(card: Card) -> u64 {
        1u64 << (16 * (card.index() as u32 / 13) + card.index() as u32 % 13)
    }

    pub const fn contains(self, card: Card) -> bool {
        self.0 & Hand::bit(card) != 0
    }

    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= Hand::bit(card);
        !had
    }

    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !Hand::bit(card);
        had
    }

    pub const fn with(self, card: Card) -> Hand {
        Hand(self.0 | Hand::bit(card))
    }

    pub const fn without(self, card: Card) -> Hand {
        Hand(self.0 & !Hand::bit(card))
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn union(self, other: Hand) -> Hand {
        Hand(self.0 | other.0)
    }

    pub const fn intersection(self, other: Hand) -> Hand {
        Hand(self.0 & other.0)
    }

    pub const fn difference(self, other: Hand) -> Hand {
        Hand(self.0 & !other.0)
    }

    /// The holding in one suit as rank bits (bit 0 = two).
    pub const fn suit(self, suit: Suit) -> u16 {
        (self.0 >> (16 * suit as u32)) as u16 & SUIT_MASK
    }

    /// Only the cards of one suit.
    pub const fn cards_in(self, suit: Suit) -> Hand {
        Hand(self.0 & ((SUIT_MASK as u64) << (16 * suit as u32)))
    }

    pub const fn with_suit(self, suit: Suit, holding: u16) -> Hand {
        let shift = 16 * suit as u32;
        Hand((self.0 & !((SUIT_MASK as u64) << shift)) | (((holding & SUIT_MASK) as u64) << shift))
    }

    pub const fn suit_len(self, suit: Suit) -> usize {
        self.suit(suit).count_ones() as usize
    }

    /// Cards in ascending order (club two first).
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Card> + Clone {
        Suit::ALL.into_iter().flat_map(move |s| {
            let h = self.suit(s);
            Rank::ALL.into_iter().filter(move |r| h & (1 << r.index()) != 0).map(move |r| Card::new(s, r))
        })
    }

    /// High-card points (4-3-2-1).
    pub fn hcp(self) -> u32 {
        self.iter().map(|c| c.rank().hcp()).sum()
    }

    /// Lengths in spades, hearts, diamonds, clubs (the usual order of a shape).
    pub fn shape(self) -> [usize; 4] {
        Suit::DESCENDING.map(|s| self.suit_len(s))
    }

    /// Writes one suit's ranks from the top, e.g. `AKT2`; empty for a void.
    pub fn suit_text(self, suit: Suit) -> String {
        let h = self.suit(suit);
        Rank::ALL.iter().rev().filter(|r| h & (1 << r.index()) != 0).map(|r| r.letter()).collect()
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Hand {
        let mut h = Hand::EMPTY;
        for c in iter {
            h.insert(c);
        }
        h
    }
}

impl fmt::Display for Hand {
    /// The PBN form: spades, hearts, diamonds, clubs separated by dots: `AKQ.JT9.-.8765432`
    /// style, with voids left empty (`AKQ..T9.8765432`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = Suit::DESCENDING.iter().map(|&s| self.suit_text(s)).collect();
        f.write_str(&parts.join("."))
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({self})")
    }
}

impl FromStr for Hand {
    type Err = ParseError;

    /// Reads the PBN form: four suits spades first separated by `.`, ranks `AKQJT98765432`
    /// (either case, `10` accepted for the ten, `-` accepted for a void). Duplicated cards are an
    /// error.
    fn from_str(s: &str) -> Result<Hand, ParseError> {
        let parts: Vec<&str> = s.trim().split('.').collect();
        if parts.len() != 4 {
            return Err(ParseError::new(format!("hand {s:?} must have four suits separated by '.', spades first (found {})", parts.len())));
        }
        let mut hand = Hand::EMPTY;
        for (part, suit) in parts.iter().zip(Suit::DESCENDING) {
            let part = part.trim();
            if part == "-" {
                continue;
            }
            let cleaned = part.replace("10", "T");
            for ch in cleaned.chars() {
                let rank = Rank::from_char(ch).ok_or_else(|| ParseError::new(format!("hand {s:?}: {ch:?} is not a rank in the {} suit", suit_name(suit))))?;
                if !hand.insert(Card::new(suit, rank)) {
                    return Err(ParseError::new(format!("hand {s:?}: the {} {} appears twice", rank_name(rank), suit_name(suit))));
                }
            }
        }
        Ok(hand)
    }
}

fn suit_name(s: Suit) -> &'static str {
    ["club", "diamond", "heart", "spade"][s.index()]
}

fn rank_name(r: Rank) -> char {
    r.letter()
}

#[cfg(feature = "serde")]
impl Serialize for Hand {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for Hand {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Hand, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        let h: Hand = "AKQ.JT9.-.8765432".parse().unwrap();
        assert_eq!(h.len(), 13);
        assert_eq!(h.to_string(), "AKQ.JT9..8765432");
        assert_eq!(h.hcp(), 10);
        assert_eq!(h.shape(), [3, 3, 0, 7]);
        assert_eq!("a10.kq..".parse::<Hand>().unwrap().to_string(), "AT.KQ..");
        assert!("AKQ.JT9".parse::<Hand>().is_err());
        assert!("AA...".parse::<Hand>().is_err());
        assert!("AX...".parse::<Hand>().is_err());
    }

    #[test]
    fn bits_per_suit() {
        let h: Hand = "A...2".parse().unwrap();
        assert_eq!(h.suit(Suit::Spades), 1 << 12);
        assert_eq!(h.suit(Suit::Clubs), 1);
        assert_eq!(h.iter().collect::<Vec<_>>(), vec![Card::new(Suit::Clubs, Rank::Two), Card::new(Suit::Spades, Rank::Ace)]);
        assert_eq!(Hand::FULL.len(), 52);
    }
}
