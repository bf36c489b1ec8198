//! Suits, ranks and cards of the pack (Law 1).

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::ParseError;

/// The four suits, in their ranking order (Law 1B): clubs lowest, spades highest.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    /// Lowest to highest.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    /// Highest to lowest, the order hands are written in (PBN, hand records).
    pub const DESCENDING: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i & 3]
    }

    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    pub const fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }

    /// Accepts a suit letter in either case or a suit symbol.
    pub fn from_char(c: char) -> Option<Suit> {
        match c {
            'C' | 'c' | '♣' | '♧' => Some(Suit::Clubs),
            'D' | 'd' | '♦' | '♢' => Some(Suit::Diamonds),
            'H' | 'h' | '♥' | '♡' => Some(Suit::Hearts),
            'S' | 's' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The thirteen ranks, two lowest and ace highest (Law 1A).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Rank {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// Lowest to highest.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Option<Rank> {
        if i < 13 {
            Some(Rank::ALL[i])
        } else {
            None
        }
    }

    /// The PBN letter: `2`..`9`, `T`, `J`, `Q`, `K`, `A`.
    pub const fn letter(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }

    /// Accepts `2`-`9`, `T`/`t`, `J`, `Q`, `K`, `A` in either case. `10` is handled by callers
    /// that read whole words.
    pub fn from_char(c: char) -> Option<Rank> {
        let i = match c.to_ascii_uppercase() {
            d @ '2'..='9' => d as usize - '2' as usize,
            'T' => 8,
            'J' => 9,
            'Q' => 10,
            'K' => 11,
            'A' => 12,
            _ => return None,
        };
        Rank::from_index(i)
    }

    /// High-card points (Milton Work count), for hand records and robots.
    pub const fn hcp(self) -> u32 {
        match self {
            Rank::Ace => 4,
            Rank::King => 3,
            Rank::Queen => 2,
            Rank::Jack => 1,
            _ => 0,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One of the 52 cards (Law 1). Its index `suit * 13 + rank` runs from 0 (club two) to 51
/// (spade ace).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 13 + rank as u8)
    }

    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 52 {
            Some(Card(i))
        } else {
            None
        }
    }

    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 / 13) as usize]
    }

    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 % 13) as usize]
    }

    /// Every card, club two first.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }

    /// Suit then rank, as in PBN play records: `SA`, `HT`, `C2` (what `Display` writes and
    /// serde sends, without formatting machinery: every view names dozens of cards).
    pub const fn name(self) -> &'static str {
        const NAMES: [&str; 52] = [
            "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "CT", "CJ", "CQ", "CK", "CA", //
            "D2", "D3", "D4", "D5", "D6", "D7", "D8", "D9", "DT", "DJ", "DQ", "DK", "DA", //
            "H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9", "HT", "HJ", "HQ", "HK", "HA", //
            "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "ST", "SJ", "SQ", "SK", "SA",
        ];
        NAMES[self.0 as usize]
    }
}

impl fmt::Display for Card {
    /// Suit then rank, as in PBN play records: `SA`, `HT`, `C2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Card {
    type Err = ParseError;

    /// Reads `SA`, `s10`, `HT`, `♠A`; suit first.
    fn from_str(s: &str) -> Result<Card, ParseError> {
        let bad = || ParseError::new(format!("not a card: {s:?} (expected suit then rank, like SA or HT)"));
        let mut chars = s.trim().chars();
        let suit = chars.next().and_then(Suit::from_char).ok_or_else(bad)?;
        let rest: String = chars.collect();
        let rank = match rest.as_str() {
            "10" => Rank::Ten,
            r if r.chars().count() == 1 => Rank::from_char(r.chars().next().unwrap_or(' ')).ok_or_else(bad)?,
            _ => return Err(bad()),
        };
        Ok(Card::new(suit, rank))
    }
}

#[cfg(feature = "serde")]
impl Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// What a contract is played in: a trump suit or no trump. Ordered as bids rank (Law 18C).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Strain {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
    NoTrump = 4,
}

impl Strain {
    pub const ALL: [Strain; 5] = [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades, Strain::NoTrump];

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The trump suit, or `None` at no trump.
    pub const fn trump(self) -> Option<Suit> {
        match self {
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::Spades => Some(Suit::Spades),
            Strain::NoTrump => None,
        }
    }

    pub const fn from_suit(s: Suit) -> Strain {
        Strain::ALL[s as usize]
    }

    /// `C`, `D`, `H`, `S`, `NT`.
    pub const fn name(self) -> &'static str {
        match self {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::NoTrump => "NT",
        }
    }

    /// Is this a major suit (hearts, spades)? Majors score 30 a trick (Law 77).
    pub const fn is_major(self) -> bool {
        matches!(self, Strain::Hearts | Strain::Spades)
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Strain {
    type Err = ParseError;

    /// `C D H S N NT` in either case, or a suit symbol.
    fn from_str(s: &str) -> Result<Strain, ParseError> {
        let t = s.trim();
        match t.to_ascii_uppercase().as_str() {
            "N" | "NT" => Ok(Strain::NoTrump),
            _ => {
                let mut c = t.chars();
                match (c.next().and_then(Suit::from_char), c.next()) {
                    (Some(suit), None) => Ok(Strain::from_suit(suit)),
                    _ => Err(ParseError::new(format!("unknown strain {s:?} (expected C, D, H, S or NT)"))),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn law_1b_suit_ranking_order() {
        assert!(Suit::Spades > Suit::Hearts && Suit::Hearts > Suit::Diamonds && Suit::Diamonds > Suit::Clubs);
    }

    #[test]
    fn law_1a_rank_order_ace_high() {
        for w in Rank::ALL.windows(2) {
            assert!(w[0] < w[1]);
        }
        assert_eq!(Rank::ALL[12], Rank::Ace);
    }

    #[test]
    fn card_index_round_trip_and_text() {
        for c in Card::all() {
            assert_eq!(Card::new(c.suit(), c.rank()), c);
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            assert_eq!(c.name(), format!("{}{}", c.suit().letter(), c.rank().letter()));
        }
        assert_eq!("s10".parse::<Card>().unwrap(), Card::new(Suit::Spades, Rank::Ten));
        assert!("X4".parse::<Card>().is_err());
        assert!("S1".parse::<Card>().is_err());
        assert!("".parse::<Card>().is_err());
    }

    #[test]
    fn strain_parse() {
        assert_eq!("nt".parse::<Strain>().unwrap(), Strain::NoTrump);
        assert_eq!("H".parse::<Strain>().unwrap(), Strain::Hearts);
        assert!("Z".parse::<Strain>().is_err());
    }
}
