//! Dealing (Law 6): uniform random deals from a seedable CSPRNG, and the deal number, a bijection
//! between deals and the integers `0 .. DEAL_COUNT` so that one number names one deal.
//!
//! The idea of naming a deal by its rank among all deals comes from Hans van Staveren's Big Deal;
//! the ordering here is Tenace's own (see [`DealNumber`]), so Tenace's numbers are not Big Deal's.

use std::fmt;
use std::str::FromStr;

use rand_core::RngCore;
use serde::{Deserialize, Serialize};

use crate::deal::Deal;
use crate::hand::Hand;
use crate::ParseError;

/// The number of distinct deals: 52! / (13!)^4 = 53,644,737,765,488,792,839,237,440,000
/// (about 5.36e28, just under 2^96).
pub const DEAL_COUNT: u128 = 53_644_737_765_488_792_839_237_440_000;

/// Binomial coefficients C(n, k) for n, k <= 52.
static BINOMIAL: [[u128; 53]; 53] = binomials();

const fn binomials() -> [[u128; 53]; 53] {
    let mut t = [[0u128; 53]; 53];
    let mut n = 0;
    while n < 53 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
}

/// The number of ways to give `left[i]` more cards to seat `i`: a multinomial coefficient.
fn completions(left: [usize; 4]) -> u128 {
    let n: usize = left.iter().sum();
    BINOMIAL[n][left[0]] * BINOMIAL[n - left[0]][left[1]] * BINOMIAL[n - left[0] - left[1]][left[2]]
}

/// A deal's rank among all deals, in `0 .. DEAL_COUNT`.
///
/// Order: a deal is read as the sequence of owners (N=0, E=1, S=2, W=3) of the cards from the
/// club two up to the spade ace, and deals are ordered lexicographically by that sequence. Deal 0
/// gives North the clubs and the diamond two...; the last deal gives West the lowest 13 cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct DealNumber(u128);

impl DealNumber {
    pub fn new(n: u128) -> Result<DealNumber, ParseError> {
        if n < DEAL_COUNT {
            Ok(DealNumber(n))
        } else {
            Err(ParseError::new(format!("deal number {n} is out of range (there are {DEAL_COUNT} deals)")))
        }
    }

    pub const fn value(self) -> u128 {
        self.0
    }

    /// Ranks a complete deal.
    pub fn of(deal: &Deal) -> Result<DealNumber, crate::deal::DealError> {
        deal.validate()?;
        let mut left = [13usize; 4];
        let mut rank = 0u128;
        for card in crate::card::Card::all() {
            let owner = deal.holder(card).map(|s| s.index()).unwrap_or(0);
            for lower in 0..owner {
                if left[lower] > 0 {
                    let mut l = left;
                    l[lower] -= 1;
                    rank += completions(l);
                }
            }
            left[owner] -= 1;
        }
        Ok(DealNumber(rank))
    }

    /// The deal with this number.
    pub fn deal(self) -> Deal {
        let mut left = [13usize; 4];
        let mut rest = self.0;
        let mut deal = Deal::default();
        for card in crate::card::Card::all() {
            let mut owner = 3;
            for seat in 0..4 {
                if left[seat] == 0 {
                    continue;
                }
                let mut l = left;
                l[seat] -= 1;
                let count = completions(l);
                if rest < count {
                    owner = seat;
                    break;
                }
                rest -= count;
            }
            left[owner] -= 1;
            deal.hands[owner].insert(card);
        }
        deal
    }

    /// The number as 24 hexadecimal digits (96 bits), the compact form for URLs and files.
    pub fn to_hex(self) -> String {
        format!("{:024x}", self.0)
    }
}

impl fmt::Display for DealNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for DealNumber {
    type Err = ParseError;

    /// Decimal, or hexadecimal with a `0x` prefix.
    fn from_str(s: &str) -> Result<DealNumber, ParseError> {
        let t = s.trim();
        let n = match t.strip_prefix("0x") {
            Some(hex) => u128::from_str_radix(hex, 16),
            None => t.parse::<u128>(),
        }
        .map_err(|_| ParseError::new(format!("not a deal number: {s:?}")))?;
        DealNumber::new(n)
    }
}

impl TryFrom<String> for DealNumber {
    type Error = ParseError;
    fn try_from(s: String) -> Result<DealNumber, ParseError> {
        s.parse()
    }
}

impl From<DealNumber> for String {
    fn from(n: DealNumber) -> String {
        n.to_string()
    }
}

/// The bit of each card index in a [`Hand`].
static CARD_BIT: [u64; 52] = card_bits();

const fn card_bits() -> [u64; 52] {
    let mut t = [0u64; 52];
    let mut i = 0;
    while i < 52 {
        t[i] = 1u64 << (16 * (i / 13) + i % 13);
        i += 1;
    }
    t
}

/// A shuffle places 39 cards (the last 13 are then West's): ranges 52, 51, ..., 14. They are drawn
/// in batches whose product of ranges fits in 64 bits, so one random word yields several draws.
const BATCH_COUNT: usize = 4;
static BATCHES: [(usize, u64); BATCH_COUNT] = batches();

const fn batches() -> [(usize, u64); BATCH_COUNT] {
    let mut out = [(0usize, 0u64); BATCH_COUNT];
    let mut b = 0;
    let mut range = 52u64;
    while range >= 14 {
        let mut product = 1u64;
        let mut len = 0;
        while range >= 14 {
            match product.checked_mul(range) {
                Some(p) => {
                    product = p;
                    range -= 1;
                    len += 1;
                }
                None => break,
            }
        }
        out[b] = (len, product);
        b += 1;
    }
    assert!(b == BATCH_COUNT, "BATCH_COUNT must match the number of batches");
    out
}

/// Deals a uniformly random deal: a Fisher-Yates shuffle of the first 39 positions.
///
/// Each batch of draws uses the batched ranged-integer method of Brackett-Rozinsky and Lemire,
/// "Batched Ranged Random Integer Generation" (Software: Practice and Experience, 2025): multiply
/// one 64-bit word successively by each range, take the high words as the draws, and reject the
/// rare words whose leftover low word falls under `(2^64 - product) mod product`; every sequence of
/// draws is then exactly equally likely. With a cryptographic generator (ChaCha) this meets Law 6's
/// "wholly random expectations".
pub fn random_deal<R: RngCore + ?Sized>(rng: &mut R) -> Deal {
    let mut pack: [u8; 52] = std::array::from_fn(|i| i as u8);
    let mut pos = 0usize;
    for &(len, product) in BATCHES.iter() {
        let mut draws = [0u8; 16];
        loop {
            let mut low = rng.next_u64();
            for (k, d) in draws.iter_mut().enumerate().take(len) {
                let m = (low as u128) * ((52 - pos - k) as u128);
                *d = (m >> 64) as u8;
                low = m as u64;
            }
            if low >= product || low >= product.wrapping_neg() % product {
                break;
            }
        }
        for (k, d) in draws.iter().enumerate().take(len) {
            pack.swap(pos + k, pos + k + *d as usize);
        }
        pos += len;
    }
    let mut bits = [0u64; 3];
    for (i, card) in pack[..39].iter().enumerate() {
        bits[i / 13] |= CARD_BIT[*card as usize];
    }
    let west = Hand::FULL.bits() & !(bits[0] | bits[1] | bits[2]);
    Deal::new([Hand::from_bits(bits[0]), Hand::from_bits(bits[1]), Hand::from_bits(bits[2]), Hand::from_bits(west)])
}

/// A uniformly random deal number, by rejection sampling of 96-bit words.
pub fn random_deal_number<R: RngCore + ?Sized>(rng: &mut R) -> DealNumber {
    loop {
        let n = ((rng.next_u32() as u128) << 64 | rng.next_u64() as u128) & ((1u128 << 96) - 1);
        if n < DEAL_COUNT {
            return DealNumber(n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::Seat;
    use proptest::prelude::*;
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn deal_count_is_the_multinomial() {
        assert_eq!(completions([13; 4]), DEAL_COUNT);
        assert!(DEAL_COUNT < 1u128 << 96);
    }

    #[test]
    fn batches_cover_39_draws() {
        assert_eq!(BATCHES.iter().map(|b| b.0).sum::<usize>(), 39);
    }

    #[test]
    fn first_and_last_deal_numbers() {
        let first = DealNumber(0).deal();
        first.validate().unwrap();
        assert_eq!(first.hand(Seat::North).to_string(), "...AKQJT98765432");
        let last = DealNumber(DEAL_COUNT - 1).deal();
        assert_eq!(last.hand(Seat::West).to_string(), "...AKQJT98765432");
        assert!(DealNumber::new(DEAL_COUNT).is_err());
    }

    #[test]
    fn random_deals_are_deals_and_spread_cards_evenly() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut north_count = [0u32; 52];
        let n = 20_000;
        for _ in 0..n {
            let d = random_deal(&mut rng);
            d.validate().unwrap();
            for c in d.hand(Seat::North).iter() {
                north_count[c.index() as usize] += 1;
            }
        }
        // Each card is North's with probability 1/4: 5000 expected, sd about 61.
        for (i, count) in north_count.iter().enumerate() {
            assert!((4700..5300).contains(count), "card {i} went North {count} times out of {n}");
        }
    }

    proptest! {
        #[test]
        fn deal_number_round_trip(n in 0u128..DEAL_COUNT) {
            let deal = DealNumber(n).deal();
            prop_assert!(deal.validate().is_ok());
            prop_assert_eq!(DealNumber::of(&deal).unwrap().value(), n);
        }

        #[test]
        fn random_deal_round_trips_through_its_number(seed in any::<u64>()) {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let deal = random_deal(&mut rng);
            let n = DealNumber::of(&deal).unwrap();
            prop_assert_eq!(n.deal(), deal);
            prop_assert_eq!(n.to_string().parse::<DealNumber>().unwrap(), n);
            prop_assert_eq!(format!("0x{}", n.to_hex()).parse::<DealNumber>().unwrap(), n);
        }
    }
}
