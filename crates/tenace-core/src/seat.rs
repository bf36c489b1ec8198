//! The four compass positions and the two sides (Law 1, Law 2).

use std::fmt;
use std::str::FromStr;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::ParseError;

/// A compass position at the table. Play proceeds clockwise: North, East, South, West.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Seat {
    North = 0,
    East = 1,
    South = 2,
    West = 3,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Seat {
        Seat::ALL[i & 3]
    }

    /// The player on this seat's left: the next to call or play (Law 17C, Law 44G).
    pub const fn lho(self) -> Seat {
        Seat::from_index(self as usize + 1)
    }

    pub const fn partner(self) -> Seat {
        Seat::from_index(self as usize + 2)
    }

    pub const fn rho(self) -> Seat {
        Seat::from_index(self as usize + 3)
    }

    /// The seat `n` places clockwise from this one.
    pub const fn after(self, n: usize) -> Seat {
        Seat::from_index(self as usize + n)
    }

    pub const fn side(self) -> Side {
        if self as usize & 1 == 0 {
            Side::NorthSouth
        } else {
            Side::EastWest
        }
    }

    pub const fn letter(self) -> char {
        b"NESW"[self as usize] as char
    }

    pub fn from_char(c: char) -> Option<Seat> {
        match c.to_ascii_uppercase() {
            'N' => Some(Seat::North),
            'E' => Some(Seat::East),
            'S' => Some(Seat::South),
            'W' => Some(Seat::West),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Seat::North => "North",
            Seat::East => "East",
            Seat::South => "South",
            Seat::West => "West",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Seat {
    type Err = ParseError;

    /// `N`, `north`, `North`... in any case.
    fn from_str(s: &str) -> Result<Seat, ParseError> {
        let t = s.trim();
        let lower = t.to_ascii_lowercase();
        let seat = match lower.as_str() {
            "n" | "north" => Seat::North,
            "e" | "east" => Seat::East,
            "s" | "south" => Seat::South,
            "w" | "west" => Seat::West,
            _ => return Err(ParseError::new(format!("unknown seat {s:?} (expected N, E, S or W)"))),
        };
        Ok(seat)
    }
}

/// A partnership.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Side {
    NorthSouth,
    EastWest,
}

impl Side {
    pub const fn other(self) -> Side {
        match self {
            Side::NorthSouth => Side::EastWest,
            Side::EastWest => Side::NorthSouth,
        }
    }

    pub const fn seats(self) -> [Seat; 2] {
        match self {
            Side::NorthSouth => [Seat::North, Seat::South],
            Side::EastWest => [Seat::East, Seat::West],
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::NorthSouth => "NS",
            Side::EastWest => "EW",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clockwise_rotation() {
        assert_eq!(Seat::North.lho(), Seat::East);
        assert_eq!(Seat::West.lho(), Seat::North);
        assert_eq!(Seat::South.partner(), Seat::North);
        assert_eq!(Seat::North.rho(), Seat::West);
        for s in Seat::ALL {
            assert_eq!(s.lho().rho(), s);
            assert_eq!(s.partner().side(), s.side());
            assert_ne!(s.lho().side(), s.side());
            assert_eq!(s.to_string().parse::<Seat>().unwrap(), s);
        }
    }
}
