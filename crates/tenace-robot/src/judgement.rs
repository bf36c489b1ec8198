//! Game by simulation (docs/robot-system.md, "Game by simulation"): where the rules place the
//! contract below slam in an auction the opponents have left to us — they pass partner's
//! partscore, raise, invite or bid game — and our points may or may not reach game, the robot
//! tries the other ways to end the auction there (pass, 3NT, game in a major or minor fit, the
//! cheapest bid in a fit) on deals that replay the auction ([`Dealer`]). On each deal every
//! call is followed by the rest of the auction bid by these rules with the deal's hands (so
//! partner answers an invitation with the hand partner holds), and the contract reached is
//! scored at its double-dummy tricks. The robot changes the rules' call only when another gains
//! on average at IMPs (half an IMP a deal, one standard error clear of nothing).
//!
//! Only the robot's own call is reconsidered (`choose_call`), never a call of the rest of the
//! auction nor one replayed for a sample: so a simulation never starts another.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use tenace_core::{imps, Call, Contract, Hand, Seat, Strain, Suit};
use tenace_dds::{solve, Position};

use crate::deals::{self, roll_out, Dealer, DEALS, LEAST_DEALS};
use crate::meaning::{self, asked_keycards, bid, inferred, max_pts, Ctx, Eval};

/// Another call replaces the rules' when it gains at least this many IMPs a deal on average...
const LEAST_GAIN: f64 = 0.5;
/// ...and the gain is this many standard errors clear of nothing (the deals are the same for
/// every call: a paired comparison).
const LEAST_T: f64 = 1.0;
/// The simulation runs when my points and partner's most reach this (game may be on)...
const LEAST_MAX_POINTS: u32 = 22;
/// ...and my points and partner's least do not reach this (slam is not: `slam.rs` judges).
const MOST_MIN_POINTS: u32 = 31;

/// The rules chose `call`; make another call that ends the auction better on the deals, within
/// the wall-clock limit of a budget of `budget_ms` a card ([`deals::wall`]; no simulation with
/// a budget under 100 ms).
pub(crate) fn reconsider(ctx: &Ctx<'_>, hand: Hand, call: Call, budget_ms: f64) -> Call {
    let Some(wall) = deals::wall(budget_ms) else { return call };
    let others = alternatives(ctx, hand, call);
    if others.is_empty() {
        return call;
    }
    let Some(gains) = gains(ctx, hand, call, &others, wall) else { return call };
    let clear = others.iter().zip(&gains).filter(|(_, g)| deals::gains_clearly(g, LEAST_GAIN, LEAST_T));
    clear.max_by(|a, b| deals::mean(a.1).total_cmp(&deals::mean(b.1))).map_or(call, |(&other, _)| other)
}

/// The calls tried against the rules' `call`, none when the decision is not one of level or
/// strain of our contract: the opponents have only passed, our side has bid, no keycards were
/// asked, the rules' call is a pass or a natural bid that does not force and does not go past
/// game, and the points leave game in doubt (or the strain of game).
fn alternatives(ctx: &Ctx<'_>, hand: Hand, call: Call) -> Vec<Call> {
    let me = ctx.me();
    let Some((_, last)) = ctx.last_bid() else { return Vec::new() };
    let we_bid = ctx.made().any(|(_, s, c)| s.side() == me.side() && matches!(c, Call::Bid(_)));
    if !ctx.opponents_silent() || !we_bid || last.level() >= 6 || asked_keycards(ctx, me) || asked_keycards(ctx, me.partner()) {
        return Vec::new();
    }
    let placing = match call {
        Call::Pass => true,
        Call::Bid(b) => {
            let m = meaning::meaning(ctx, call);
            !m.artificial && !m.forcing && b.level() <= meaning::game_level(b.strain())
        }
        _ => false,
    };
    if !placing {
        return Vec::new();
    }
    let e = Eval::of(hand);
    let p = inferred(ctx, me.partner());
    if e.pts + max_pts(&p) < LEAST_MAX_POINTS || e.pts + p.pts.0 >= MOST_MIN_POINTS {
        return Vec::new();
    }
    let fit = |s: Suit| e.len(s) + p.min_len[s.index()];
    let natural = |c: Call| ctx.is_legal(c) && !meaning::meaning(ctx, c).artificial;
    let partner_forces = ctx.partners_call().is_some_and(|(i, c)| c != Call::Pass && ctx.shown.get(i).is_some_and(|m| m.forcing));
    let mut tried = Vec::new();
    if !partner_forces && ctx.is_legal(Call::Pass) {
        tried.push(Call::Pass);
    }
    tried.push(bid(3, Strain::NoTrump));
    for s in Suit::ALL {
        let strain = Strain::from_suit(s);
        let game = meaning::game_level(strain);
        if fit(s) >= 8 + u8::from(game == 5) || e.len(s) >= 7 {
            tried.push(bid(game, strain));
        }
        if fit(s) >= 8 {
            if let Some(cheapest) = ctx.cheapest(strain) {
                tried.push(cheapest);
            }
        }
    }
    let mut seen = vec![call];
    tried.retain(|&c| {
        let keep = !seen.contains(&c) && (c == Call::Pass || natural(c)) && !matches!(c, Call::Bid(b) if b.level() > meaning::game_level(b.strain()));
        seen.push(c);
        keep
    });
    tried
}

/// For each call of `others`, the IMPs it gains over `call` on each deal that replays the
/// auction; `None` when too few deals were found in time.
fn gains(ctx: &Ctx<'_>, hand: Hand, call: Call, others: &[Call], wall: Duration) -> Option<Vec<Vec<f64>>> {
    let deadline = Instant::now() + wall;
    let me = ctx.me();
    let mut dealer = Dealer::new(ctx, hand);
    let mut gains = vec![Vec::with_capacity(DEALS); others.len()];
    let mut deals = 0;
    while deals < DEALS {
        let Some(hands) = dealer.next_deal(deadline) else { break };
        let mut tricks: HashMap<(Strain, Seat), u8> = HashMap::new();
        let mut score = |first: Call| -> i32 {
            let mut calls = ctx.calls.to_vec();
            calls.push(first);
            let Some((contract, declarer)) = roll_out(ctx, &mut calls, &hands) else { return 0 };
            let made = *tricks.entry((contract.strain(), declarer)).or_insert_with(|| declarer_tricks(&hands, contract, declarer));
            ours(me, contract, declarer, made, ctx)
        };
        let base = score(call);
        let scores: Vec<i32> = others.iter().map(|&c| score(c)).collect();
        for (g, s) in gains.iter_mut().zip(scores) {
            g.push(f64::from(imps(s - base)));
        }
        deals += 1;
        if Instant::now() >= deadline {
            break;
        }
    }
    (deals >= LEAST_DEALS).then_some(gains)
}

/// Declarer's double-dummy tricks in `contract`'s strain, the opening leader on lead.
fn declarer_tricks(hands: &[Hand; 4], contract: Contract, declarer: Seat) -> u8 {
    match Position::from_hands(*hands, contract.strain(), declarer.lho(), Vec::new()) {
        Ok(position) => 13 - solve(&position),
        Err(_) => 0,
    }
}

/// The score of `contract` by `declarer` making `made` tricks, for the side of `me`.
fn ours(me: Seat, contract: Contract, declarer: Seat, made: u8, ctx: &Ctx<'_>) -> i32 {
    let score = contract.score(made, ctx.vul.is_vulnerable(declarer.side())).unwrap_or(0);
    if declarer.side() == me.side() {
        score
    } else {
        -score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenace_core::Vulnerability;

    fn c(s: &str) -> Call {
        s.parse().unwrap()
    }

    fn alternatives_after(auction: &str, hand: &str, call: &str) -> Vec<String> {
        let calls: Vec<Call> = auction.split_whitespace().map(c).collect();
        let shown = meaning::meanings_at(Seat::North, Vulnerability::None, &calls);
        let ctx = Ctx::new(Seat::North, &calls, &shown);
        alternatives(&ctx, hand.parse().unwrap(), c(call)).iter().map(|c| c.to_string()).collect()
    }

    /// Opener passing a limit raise tries game in the fit and 3NT; passing is the rules' call.
    #[test]
    fn a_pass_of_partners_raise_tries_game() {
        let tried = alternatives_after("1S Pass 3S Pass", "AJT632.4.A5.K943", "Pass");
        assert!(tried.contains(&"4S".to_string()), "{tried:?}");
        assert!(tried.contains(&"3NT".to_string()), "{tried:?}");
        assert!(!tried.contains(&"Pass".to_string()), "{tried:?}");
    }

    /// A game bid over partner's invitation may be a pass instead.
    #[test]
    fn a_game_bid_may_be_a_pass() {
        let tried = alternatives_after("1NT Pass 2NT Pass", "AQ3.K84.QJ52.K73", "3NT");
        assert_eq!(tried.first().map(String::as_str), Some("Pass"), "{tried:?}");
    }

    /// Not judged here: a contested auction, an artificial call of the rules (Stayman), a
    /// forcing one, a hand with no game in sight.
    #[test]
    fn other_decisions_are_left_to_the_rules() {
        assert!(alternatives_after("1H 1S 2H Pass", "AQ3.K84.QJ52.K73", "Pass").is_empty(), "contested");
        assert!(alternatives_after("1NT Pass", "AQ32.K84.J52.873", "2C").is_empty(), "Stayman");
        assert!(alternatives_after("1S Pass", "A3.K84.QJ852.K73", "2D").is_empty(), "a new suit forces");
        assert!(alternatives_after("1H Pass 1S Pass 2H Pass", "J8432.Q4.J52.873", "Pass").is_empty(), "no game");
    }

    /// With no budget the rules' call stands, as with the cards.
    #[test]
    fn no_budget_no_simulation() {
        let calls = [c("1S"), c("Pass"), c("3S"), c("Pass")];
        let shown = meaning::meanings_at(Seat::North, Vulnerability::None, &calls);
        let ctx = Ctx::new(Seat::North, &calls, &shown);
        assert_eq!(reconsider(&ctx, "AJT632.4.A5.K943".parse().unwrap(), Call::Pass, 0.0), Call::Pass);
    }
}
