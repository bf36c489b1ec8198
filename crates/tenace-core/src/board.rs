//! Boards (Law 2): the dealer and the vulnerability follow from the board number.

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::seat::{Seat, Side};
use crate::ParseError;

/// Which sides are vulnerable (Law 2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Vulnerability {
    None,
    NorthSouth,
    EastWest,
    Both,
}

impl Vulnerability {
    pub const fn is_vulnerable(self, side: Side) -> bool {
        match self {
            Vulnerability::None => false,
            Vulnerability::Both => true,
            Vulnerability::NorthSouth => matches!(side, Side::NorthSouth),
            Vulnerability::EastWest => matches!(side, Side::EastWest),
        }
    }

    /// The PBN spelling: `None`, `NS`, `EW`, `All`.
    pub const fn pbn(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NorthSouth => "NS",
            Vulnerability::EastWest => "EW",
            Vulnerability::Both => "All",
        }
    }
}

impl fmt::Display for Vulnerability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pbn())
    }
}

impl FromStr for Vulnerability {
    type Err = ParseError;

    /// Accepts the PBN spellings (`None`, `Love`, `-`, `NS`, `EW`, `All`, `Both`) in any case.
    fn from_str(s: &str) -> Result<Vulnerability, ParseError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" | "love" | "-" | "o" | "0" => Ok(Vulnerability::None),
            "ns" | "n-s" | "n/s" => Ok(Vulnerability::NorthSouth),
            "ew" | "e-w" | "e/w" => Ok(Vulnerability::EastWest),
            "all" | "both" | "b" => Ok(Vulnerability::Both),
            _ => Err(ParseError::new(format!("unknown vulnerability {s:?} (expected None, NS, EW or All)"))),
        }
    }
}

/// Law 2's vulnerability for boards 1-16; the cycle repeats for boards 17 and up.
const VULNERABILITY_CYCLE: [Vulnerability; 16] = {
    use Vulnerability::*;
    [None, NorthSouth, EastWest, Both, NorthSouth, EastWest, Both, None, EastWest, Both, None, NorthSouth, Both, None, NorthSouth, EastWest]
};

/// A board number (Law 2). Board numbers start at 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u32", into = "u32"))]
pub struct BoardNumber(u32);

impl BoardNumber {
    pub fn new(n: u32) -> Result<BoardNumber, ParseError> {
        if n == 0 {
            Err(ParseError::new("board numbers start at 1 (Law 2)"))
        } else {
            Ok(BoardNumber(n))
        }
    }

    pub const fn get(self) -> u32 {
        self.0
    }

    /// Law 2: North deals board 1, East board 2, South board 3, West board 4, and so on.
    pub const fn dealer(self) -> Seat {
        Seat::from_index(((self.0 - 1) % 4) as usize)
    }

    /// Law 2: the vulnerability of boards 1-16, repeated for every further 16 boards.
    pub const fn vulnerability(self) -> Vulnerability {
        VULNERABILITY_CYCLE[((self.0 - 1) % 16) as usize]
    }
}

impl TryFrom<u32> for BoardNumber {
    type Error = ParseError;
    fn try_from(n: u32) -> Result<BoardNumber, ParseError> {
        BoardNumber::new(n)
    }
}

impl From<BoardNumber> for u32 {
    fn from(b: BoardNumber) -> u32 {
        b.0
    }
}

impl fmt::Display for BoardNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for BoardNumber {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<BoardNumber, ParseError> {
        let n = s.trim().parse::<u32>().map_err(|_| ParseError::new(format!("not a board number: {s:?}")))?;
        BoardNumber::new(n)
    }
}

/// A board: its number, the deal in it, and the dealer and vulnerability marked on it. Normally
/// dealer and vulnerability follow from the number (`Board::numbered`); files may record others.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Board {
    pub number: BoardNumber,
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    pub deal: crate::deal::Deal,
}

impl Board {
    /// A board with Law 2's dealer and vulnerability for its number.
    pub fn numbered(number: BoardNumber, deal: crate::deal::Deal) -> Board {
        Board { number, dealer: number.dealer(), vulnerability: number.vulnerability(), deal }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Vulnerability::*;

    #[test]
    fn law_2_boards_1_to_16() {
        let expected = [
            (Seat::North, None),
            (Seat::East, NorthSouth),
            (Seat::South, EastWest),
            (Seat::West, Both),
            (Seat::North, NorthSouth),
            (Seat::East, EastWest),
            (Seat::South, Both),
            (Seat::West, None),
            (Seat::North, EastWest),
            (Seat::East, Both),
            (Seat::South, None),
            (Seat::West, NorthSouth),
            (Seat::North, Both),
            (Seat::East, None),
            (Seat::South, NorthSouth),
            (Seat::West, EastWest),
        ];
        for (i, (dealer, vul)) in expected.iter().enumerate() {
            let b = BoardNumber::new(i as u32 + 1).unwrap();
            assert_eq!(b.dealer(), *dealer, "board {b}");
            assert_eq!(b.vulnerability(), *vul, "board {b}");
        }
    }

    #[test]
    fn law_2_repeats_every_16_boards() {
        for n in 1..=1000u32 {
            let b = BoardNumber::new(n).unwrap();
            let base = BoardNumber::new((n - 1) % 16 + 1).unwrap();
            assert_eq!(b.dealer(), base.dealer());
            assert_eq!(b.vulnerability(), base.vulnerability());
        }
        let b = BoardNumber::new(u32::MAX).unwrap();
        // (2^32 - 2) % 4 == 2 and (2^32 - 2) % 16 == 14: board 15's South and NS.
        assert_eq!(b.dealer(), Seat::South);
        assert_eq!(b.vulnerability(), NorthSouth);
    }

    #[test]
    fn board_zero_is_refused() {
        assert!(BoardNumber::new(0).unwrap_err().to_string().contains("Law 2"));
        assert!("x".parse::<BoardNumber>().is_err());
    }
}
