//! Dealing the boards of an event (Law 6): from the operating system's random generator, or from
//! a seed whose SHA-256 is published before the event and the seed itself after it, so anyone can
//! deal the boards again and check them.

use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;
use rand_core::{OsRng, TryRngCore};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tenace_core::{random_deal, Deal};

use crate::EventError;

/// How the boards of an event were dealt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "method")]
pub enum Dealing {
    /// ChaCha20 seeded from the operating system (Law 6A: a thorough shuffle); nothing to publish.
    Os,
    /// Board `n` is dealt by ChaCha20 seeded with `seed`, stream `n` — exactly what
    /// `tenace deal --seed SEED` deals. `commitment` (SHA-256 of the seed) is published before
    /// play; `seed` is kept secret until the event is over.
    PublishedSeed {
        commitment: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<u64>,
    },
    /// The boards were dealt elsewhere (by hand, or read from a file).
    External,
}

/// The deal of board `board` from `seed`: ChaCha20 seeded from the number, stream set to the
/// board number (the derivation of `tenace deal --seed`).
pub fn seeded_deal(seed: u64, board: u32) -> Deal {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    rng.set_stream(u64::from(board));
    random_deal(&mut rng)
}

/// A deal from a generator seeded by the operating system's CSPRNG.
pub fn secure_deals(boards: &[u32]) -> Vec<Deal> {
    let mut rng = ChaCha20Rng::from_os_rng();
    boards.iter().map(|_| random_deal(&mut rng)).collect()
}

/// A fresh secret seed from the operating system.
pub fn secret_seed() -> Result<u64, EventError> {
    OsRng.try_next_u64().map_err(|e| EventError::invalid(format!("the operating system's random generator failed: {e}")))
}

/// The commitment to publish before the event: SHA-256 of the seed written in decimal, as 64
/// lower-case hex digits.
pub fn commitment(seed: u64) -> String {
    commitment_prefix(seed, 64)
}

/// The first `chars` hex digits of the commitment to `seed` (a set's public id: computed for
/// every view, so without the 32 small strings of a `format!` per byte).
pub fn commitment_prefix(seed: u64, chars: usize) -> String {
    let digest = Sha256::digest(seed.to_string().as_bytes());
    let mut id = hex(&digest[..chars.div_ceil(2).min(digest.len())]);
    id.truncate(chars);
    id
}

/// Lower-case hex digits of `bytes`.
fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    bytes.iter().flat_map(|b| [DIGITS[usize::from(b >> 4)] as char, DIGITS[usize::from(b & 15)] as char]).collect()
}

/// Checks a revealed seed against the published commitment.
pub fn verify(seed: u64, published: &str) -> Result<(), EventError> {
    let actual = commitment(seed);
    if actual.eq_ignore_ascii_case(published.trim()) {
        Ok(())
    } else {
        Err(EventError::SeedMismatch { expected: published.trim().to_string(), actual })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn law_6_commitment_is_sha256_of_the_decimal_seed() {
        // SHA-256("42"), computed independently (e.g. `printf 42 | sha256sum`).
        assert_eq!(commitment(42), "73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049");
        verify(42, &commitment(42)).unwrap();
        assert_eq!(commitment_prefix(42, 12), "73475cb40a56");
        assert_eq!(commitment_prefix(42, 3), "734");
        let e = verify(43, &commitment(42)).unwrap_err();
        assert!(e.to_string().starts_with("Law 6:"), "{e}");
    }

    #[test]
    fn seeded_deals_depend_on_seed_and_board_only() {
        assert_eq!(seeded_deal(7, 3), seeded_deal(7, 3));
        assert_ne!(seeded_deal(7, 3), seeded_deal(7, 4));
        assert!(seeded_deal(7, 3).validate().is_ok());
        let d = secure_deals(&[1, 2]);
        assert_ne!(d[0], d[1]);
    }
}
