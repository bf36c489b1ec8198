//! Dealing (Law 6): uniform random deals from a seedable CSPRNG, and the deal number, a bijection
//! between deals and the integers `0 .. DEAL_COUNT` so that one number names one deal.
//!
//! The idea of naming a deal by its rank among all deals comes from Hans van Staveren's Big Deal;
//! the ordering here is Tenace's own (see [`DealNumber`]), so Tenace's numbers are not Big Deal's.

use std::fmt;
use std::str::FromStr;

use rand_core::RngCore;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use crate::deal::Deal;
use crate::hand::Hand;
use crate::ParseError;

/// The number of distinct deals: 52! / (13!)^4 = 53,644,737,765,488,792,839,237,440,000
/// (about 5.36e28, just under 2^96).
pub const DEAL_COUNT: u128 = 53_644_737_765_488_792_839_237_440_000;
const _: () = assert!(DEAL_COUNT < 1u128 << 96, "a deal number fits in 96 bits");

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
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "String", into = "String"))]
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

/// Deals a uniformly random deal: a Fisher-Yates shuffle of the first 39 positions of the pack
/// (the 13 cards left over are West's).
///
/// The 39 draws (ranges 52, 51, ..., 14) are taken three at a time from one 32-bit random word
/// with the batched ranged-integer method of Brackett-Rozinsky and Lemire, "Batched Ranged Random
/// Integer Generation" (Software: Practice and Experience, 2025): multiply the word successively by
/// each range, take the high halves as the draws, and reject the rare words whose final low half
/// falls under `(2^32 - product) mod product`; every triple of draws is then exactly equally
/// likely. Thirteen short, independent multiplication chains keep the processor busy. With a
/// cryptographic generator (ChaCha) this meets Law 6's "wholly random expectations".
pub fn random_deal<R: RngCore + ?Sized>(rng: &mut R) -> Deal {
    let mut words = [0u32; 13];
    for pair in words.chunks_mut(2) {
        let w = rng.next_u64();
        pair[0] = w as u32;
        if let Some(second) = pair.get_mut(1) {
            *second = (w >> 32) as u32;
        }
    }
    let mut pack: [u8; 52] = std::array::from_fn(|i| i as u8);
    let mut bits = [0u64; 3];
    for (t, &word) in words.iter().enumerate() {
        let first = 3 * t;
        let ranges = [52 - first as u32, 51 - first as u32, 50 - first as u32];
        let draws = draw_three(word, ranges, rng);
        for (k, d) in draws.iter().enumerate() {
            let i = first + k;
            let j = i + *d as usize;
            let card = pack[j];
            pack[j] = pack[i];
            bits[i / 13] |= CARD_BIT[card as usize];
        }
    }
    let west = Hand::FULL.bits() & !(bits[0] | bits[1] | bits[2]);
    Deal::new([Hand::from_bits(bits[0]), Hand::from_bits(bits[1]), Hand::from_bits(bits[2]), Hand::from_bits(west)])
}

/// Three uniform draws in `0..ranges[k]` from one 32-bit word (redrawing on the rare rejection).
#[inline(always)]
fn draw_three<R: RngCore + ?Sized>(mut word: u32, ranges: [u32; 3], rng: &mut R) -> [u32; 3] {
    let product = ranges[0] * ranges[1] * ranges[2];
    loop {
        let mut low = word;
        let mut draws = [0u32; 3];
        for (d, r) in draws.iter_mut().zip(ranges) {
            let m = low as u64 * r as u64;
            *d = (m >> 32) as u32;
            low = m as u32;
        }
        if low >= product || low >= product.wrapping_neg() % product {
            return draws;
        }
        word = rng.next_u32();
    }
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
    }

    #[test]
    fn draw_three_is_exactly_uniform_over_all_words() {
        // For small ranges every 32-bit word can be enumerated in blocks: count how often each
        // triple occurs over a full period of the low bits, using ranges 3 x 2 x 2 on the top
        // 2^16 words scaled up; an exact check of the method's bookkeeping.
        struct Fixed(u32);
        impl rand_core::RngCore for Fixed {
            fn next_u32(&mut self) -> u32 {
                self.0 = self.0.wrapping_add(0x9E37_79B9);
                self.0
            }
            fn next_u64(&mut self) -> u64 {
                self.next_u32() as u64
            }
            fn fill_bytes(&mut self, dst: &mut [u8]) {
                for b in dst {
                    *b = self.next_u32() as u8
                }
            }
        }
        let mut rng = Fixed(1);
        let ranges = [5u32, 3, 7];
        let mut counts = [0u32; 105];
        let step = 1u32 << 12;
        let mut w = 0u32;
        loop {
            let d = draw_three(w, ranges, &mut rng);
            assert!(d[0] < 5 && d[1] < 3 && d[2] < 7);
            counts[(d[0] * 21 + d[1] * 7 + d[2]) as usize] += 1;
            match w.checked_add(step) {
                Some(n) => w = n,
                None => break,
            }
        }
        // 2^20 words over 105 outcomes: each within 1 of the mean (plus rejected-word redraws).
        let (min, max) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
        assert!(max - min <= 2, "counts spread {min}..{max}");
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
