//! Deals that replay the auction: the other three hands dealt at random and kept when each
//! fits what its calls showed ([`inferred`]) and would have made every one of its calls, bid
//! by these rules and valued as by one of the Director's panel ([`crate::PEERS`]). The
//! simulations of the bidding (`slam.rs`, `judgement.rs`) decide on these deals.

use std::hash::{Hash, Hasher};
use std::time::Instant;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenace_core::{Call, Card, Hand, Seat};

use crate::bidding;
use crate::meaning::{inferred, meaning, meanings_at, Ctx, Eval, Meaning};

/// Random deals tried for one decision before giving up.
const ATTEMPTS: usize = 40_000;
/// Deals solved for one decision.
pub(crate) const DEALS: usize = 24;
/// The fewest deals a decision is made on: with fewer, the rules' call stands.
pub(crate) const LEAST_DEALS: usize = 12;
/// The wall-clock limit of one decision's dealing and solving, as a multiple of the robots'
/// budget for a card (3 s at the default 1 s).
const WALL_FACTOR: f64 = 3.0;

/// The least budget a card (milliseconds) with which the robots simulate their calls: with
/// less, the time could not deal and solve [`LEAST_DEALS`] deals, and the one deal begun
/// before the limit is checked would be spent for nothing (the club's tests run robots at 5 ms).
const LEAST_BUDGET_MS: f64 = 100.0;

/// The wall-clock limit of one decision of robots whose budget is `budget_ms` a card; `None`
/// below [`LEAST_BUDGET_MS`] (the rules alone, no simulation; 0 is the rules' setting).
pub(crate) fn wall(budget_ms: f64) -> Option<std::time::Duration> {
    (budget_ms >= LEAST_BUDGET_MS).then(|| std::time::Duration::from_secs_f64(budget_ms * WALL_FACTOR / 1000.0))
}

/// Do the IMPs a call gains on each deal, `gains`, say to make it: at least `least_gain` a deal
/// on average, and `least_t` standard errors clear of nothing (any spread at all)?
pub(crate) fn gains_clearly(gains: &[f64], least_gain: f64, least_t: f64) -> bool {
    let n = gains.len() as f64;
    if n < 2.0 {
        return false;
    }
    let mean = gains.iter().sum::<f64>() / n;
    let spread = (gains.iter().map(|g| (g - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let clear = if spread == 0.0 { mean > 0.0 } else { mean / (spread / n.sqrt()) >= least_t };
    mean >= least_gain && clear
}

/// The mean of `gains` (0 for none).
pub(crate) fn mean(gains: &[f64]) -> f64 {
    gains.iter().sum::<f64>() / gains.len().max(1) as f64
}

/// A source of deals for the player to call at `ctx`, holding `hand`: seeded from the hand and
/// the auction, so that the same decision deals the same samples.
pub(crate) struct Dealer<'c, 'a> {
    ctx: &'c Ctx<'a>,
    hand: Hand,
    others: Vec<Seat>,
    shown: Vec<Meaning>,
    unseen: Vec<Card>,
    rng: ChaCha8Rng,
    tried: usize,
}

impl<'c, 'a> Dealer<'c, 'a> {
    pub fn new(ctx: &'c Ctx<'a>, hand: Hand) -> Dealer<'c, 'a> {
        let me = ctx.me();
        let others: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| s != me).collect();
        let shown = others.iter().map(|&s| inferred(ctx, s)).collect();
        let unseen = Hand::FULL.difference(hand).iter().collect();
        Dealer { ctx, hand, others, shown, unseen, rng: ChaCha8Rng::seed_from_u64(seed(ctx, hand)), tried: 0 }
    }

    /// The next deal that replays the auction (the four hands in `Seat::ALL` order), or `None`
    /// once [`ATTEMPTS`] random deals were tried or `deadline` has passed.
    pub fn next_deal(&mut self, deadline: Instant) -> Option<[Hand; 4]> {
        while self.tried < ATTEMPTS {
            self.tried += 1;
            if self.tried.is_multiple_of(256) && Instant::now() >= deadline {
                return None;
            }
            let mut cards = self.unseen.clone();
            cards.shuffle(&mut self.rng);
            let mut hands = [Hand::EMPTY; 4];
            hands[self.ctx.me().index()] = self.hand;
            for (k, &seat) in self.others.iter().enumerate() {
                hands[seat.index()] = cards[13 * k..13 * (k + 1)].iter().copied().collect();
            }
            let fits = self.others.iter().zip(&self.shown).all(|(s, m)| m.fits(&Eval::of(hands[s.index()])));
            if fits && self.others.iter().all(|&s| replays(self.ctx, s, hands[s.index()])) {
                return Some(hands);
            }
        }
        None
    }
}

/// Would `seat`, holding `hand`, have made each of its calls in the auction so far, bid by
/// these rules and valued as by one of the panel?
fn replays(ctx: &Ctx<'_>, seat: Seat, hand: Hand) -> bool {
    ctx.made().filter(|&(_, s, _)| s == seat).all(|(i, _, call)| bidding::a_peer_would_make(&ctx.before(i), hand, call))
}

/// The decision's seed: the same hand in the same auction deals the same samples.
fn seed(ctx: &Ctx<'_>, hand: Hand) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    hand.to_string().hash(&mut h);
    for c in ctx.calls {
        c.to_string().hash(&mut h);
    }
    h.finish()
}

/// The rest of the auction after `calls` when all four players bid by these rules with
/// `hands` (no simulation: `bidding::choose`, always legal): the contract and declarer, `None`
/// when passed out (or, never in practice, when the auction runs past 60 calls). The meanings
/// are read once and extended call by call, as [`meanings_at`] reads them.
pub(crate) fn roll_out(ctx: &Ctx<'_>, calls: &mut Vec<Call>, hands: &[Hand; 4]) -> Option<(tenace_core::Contract, Seat)> {
    let mut shown = meanings_at(ctx.dealer, ctx.vul, calls);
    while calls.len() < 60 {
        if let Some(result) = tenace_core::rules::auction_result(ctx.dealer, calls.iter().copied()) {
            return result;
        }
        let now = Ctx::new(ctx.dealer, calls, &shown).at(ctx.vul);
        let call = bidding::choose(&now, hands[now.me().index()]);
        let m = meaning(&now, call);
        shown.push(m);
        calls.push(call);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A gain must be large enough on average and clear of the deals' spread.
    #[test]
    fn a_gain_must_be_large_and_clear() {
        assert!(gains_clearly(&[1.0; 12], 0.5, 1.0), "the same gain on every deal");
        assert!(!gains_clearly(&[0.25; 12], 0.5, 1.0), "too small");
        let noisy: Vec<f64> = (0..12).map(|i| if i % 2 == 0 { 10.0 } else { -9.0 }).collect();
        assert!(!gains_clearly(&noisy, 0.5, 1.0), "0.5 a deal with a spread of 10: not clear");
        assert!(gains_clearly(&noisy, 0.5, 0.1));
        assert!(!gains_clearly(&[], 0.0, 0.0) && !gains_clearly(&[5.0], 0.0, 0.0), "no spread measured");
        assert!(wall(0.0).is_none() && wall(-1.0).is_none() && wall(5.0).is_none(), "no simulation on a small budget");
        assert_eq!(wall(1000.0), Some(std::time::Duration::from_secs(3)));
    }
}
