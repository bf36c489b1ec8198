//! A citation of the Laws of Duplicate Bridge: `27B1(a)`, `64A2`, `16`. Parsed once, compared
//! and ordered as Laws are (Law 9 before Law 10; 27B before 27B1(a)), shown as written.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The longest subdivision after the number (`B1(a)` is five characters; `B2(b)(ii)` nine).
const REST: usize = 10;

/// A Law and its subdivision: the number (1-93) then letters, digits and bracketed letters, such
/// as `27B1(a)`. `Copy`, so a rectification option or obligation carries its Law by value.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Law {
    number: u8,
    /// The subdivision's characters, zero-padded: a shorter citation sorts first (27B < 27B1).
    rest: [u8; REST],
}

impl Law {
    /// The Law cited by `text`, written in the code (e.g. `Law::new("27B1(a)")`).
    ///
    /// # Panics
    /// When `text` is not a citation: a citation written in the code is a constant, and the
    /// tests of each rule exercise it. Text from outside is read with [`str::parse`].
    pub const fn new(text: &str) -> Law {
        match Law::parse(text) {
            Ok(law) => law,
            Err(_) => panic!("not a Law citation"),
        }
    }

    /// Reads a citation: a number from 1 to 93, then at most ten characters among letters,
    /// digits and brackets.
    pub const fn parse(text: &str) -> Result<Law, LawParseError> {
        let bytes = text.as_bytes();
        let mut i = 0;
        let mut number: u32 = 0;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            number = number * 10 + (bytes[i] - b'0') as u32;
            if number > 93 {
                return Err(LawParseError);
            }
            i += 1;
        }
        if i == 0 || number == 0 || bytes.len() - i > REST {
            return Err(LawParseError);
        }
        let mut rest = [0u8; REST];
        let mut k = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if !(b.is_ascii_alphanumeric() || b == b'(' || b == b')') {
                return Err(LawParseError);
            }
            rest[k] = b;
            k += 1;
            i += 1;
        }
        Ok(Law { number: number as u8, rest })
    }

    /// The Law's number (`27` for `27B1(a)`).
    pub const fn number(self) -> u8 {
        self.number
    }

    /// Whether this citation is `law` or one of its subdivisions (`64A2` is within `64A` and
    /// `64`; `64B` is not within `64A`).
    pub fn is_within(self, law: Law) -> bool {
        let len = law.rest.iter().position(|&b| b == 0).unwrap_or(REST);
        self.number == law.number && self.rest[..len] == law.rest[..len]
    }
}

impl fmt::Display for Law {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number)?;
        for &b in self.rest.iter().take_while(|&&b| b != 0) {
            write!(f, "{}", b as char)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Law {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Law({self})")
    }
}

/// Text that is not a Law citation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a Law citation (a number from 1 to 93, then letters, digits and brackets, e.g. 27B1(a))")]
pub struct LawParseError;

impl FromStr for Law {
    type Err = LawParseError;

    fn from_str(s: &str) -> Result<Law, LawParseError> {
        Law::parse(s.trim())
    }
}

/// Compares with a citation as written, so `law == "27B1(a)"` reads as the Law book does.
impl PartialEq<str> for Law {
    fn eq(&self, other: &str) -> bool {
        Law::parse(other) == Ok(*self)
    }
}

impl PartialEq<&str> for Law {
    fn eq(&self, other: &&str) -> bool {
        *self == **other
    }
}

impl Serialize for Law {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Law {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Law, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn laws_are_ordered_by_number_then_subdivision_and_shown_as_written() {
        let mut laws: Vec<Law> = ["64A2", "9B1", "27B1(a)", "27B", "10C1", "27A1", "64A", "16"].iter().map(|t| t.parse().unwrap()).collect();
        laws.sort();
        let shown: Vec<String> = laws.iter().map(|l| l.to_string()).collect();
        assert_eq!(shown, ["9B1", "10C1", "16", "27A1", "27B", "27B1(a)", "64A", "64A2"]);
        assert_eq!(Law::new("45C4(b)").number(), 45);
        assert_eq!(Law::new("57C1"), "57C1");
        assert_ne!(Law::new("57C1"), "57C");
    }

    #[test]
    fn a_subdivision_is_within_its_law() {
        assert!(Law::new("64A2").is_within(Law::new("64A")));
        assert!(Law::new("64A2").is_within(Law::new("64")));
        assert!(!Law::new("64B1").is_within(Law::new("64A")));
        assert!(!Law::new("6").is_within(Law::new("64")));
    }

    #[test]
    fn text_that_is_not_a_citation_is_refused() {
        for bad in ["", "B1", "0", "94A", "27 B", "27B1(a)(ii)(x)", "27-B"] {
            assert_eq!(bad.parse::<Law>(), Err(LawParseError), "{bad:?}");
        }
        assert_eq!(serde_json::to_string(&Law::new("27B1(a)")).unwrap(), "\"27B1(a)\"");
        assert_eq!(serde_json::from_str::<Law>("\"64A2\"").unwrap(), Law::new("64A2"));
        assert!(serde_json::from_str::<Law>("\"law\"").is_err());
    }
}
