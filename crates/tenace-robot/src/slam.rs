//! Slam by simulation (docs/robot-system.md, "Slam by simulation"): where the rules stop in
//! game (they bid it, or pass partner's), and the ranges shown leave slam possible, the robot
//! deals the other three hands as the auction describes them — each hand makes every call it
//! made when bid by these rules, valued as by one of the Director's panel ([`crate::PEERS`]) —
//! solves each deal double dummy in the game's strain, and bids slam when six gains on
//! average at IMPs, clearly (by two standard errors). The rules read partner's wide ranges at
//! their minimum, which is safe for game and too timid for slam; the deals carry what the
//! calls not made say, too.
//!
//! Only the robot's own call is reconsidered (`choose_call`), never a call replayed for a
//! sample (`bidding::choose_valued`): so a simulation never starts another.

use tenace_core::{imps, rules, Bid, Call, Contract, Hand, Penalty, Seat, Strain};
use tenace_dds::{solve, Position};

use crate::deals::{self, Dealer, DEALS, LEAST_DEALS};
use crate::meaning::{self, asked_keycards, bid, four_nt_asks_keycards, game_level, inferred, max_pts, rkcb_trump, Ctx, Eval};

/// Slam is bid when it gains at least this many IMPs a deal on average...
const LEAST_GAIN: f64 = 1.0;
/// ...and the gain is this many standard errors clear of nothing.
const LEAST_T: f64 = 2.0;
/// The simulation runs only when my points and partner's most reach this.
const LEAST_MAX_POINTS: u32 = 31;

/// The rules chose `call`; bid slam instead when the deals say so, within the wall-clock limit
/// of a budget of `budget_ms` a card ([`deals::wall`]; no simulation on a budget under 100 ms).
pub(crate) fn reconsider(ctx: &Ctx<'_>, hand: Hand, call: Call, budget_ms: f64) -> Call {
    let Some(wall) = deals::wall(budget_ms) else { return call };
    let Some(game) = game_reached(ctx, call) else { return call };
    let me = ctx.me();
    if asked_keycards(ctx, me) || asked_keycards(ctx, me.partner()) {
        return call;
    }
    let e = Eval::of(hand);
    let p = inferred(ctx, me.partner());
    if e.pts + max_pts(&p) < LEAST_MAX_POINTS {
        return call;
    }
    // The game's declarer plays the slam too (the strain is the same).
    let mut finished = ctx.calls.to_vec();
    finished.push(call);
    while rules::auction_result(ctx.dealer, finished.iter().copied()).is_none() {
        finished.push(Call::Pass);
    }
    let Some(Some((_, declarer))) = rules::auction_result(ctx.dealer, finished.iter().copied()) else { return call };
    let Some(gains) = slam_gains(ctx, hand, game, declarer, wall) else { return call };
    if !deals::gains_clearly(&gains, LEAST_GAIN, LEAST_T) {
        return call;
    }
    slam_call(ctx, game.strain()).unwrap_or(call)
}

/// The game our side plays if `call` is made and the others pass: the game bid `call` makes,
/// or partner's game bid when `call` passes it (the opponents not having doubled it).
fn game_reached(ctx: &Ctx<'_>, call: Call) -> Option<Bid> {
    let is_game = |b: Bid| b.level() >= game_level(b.strain()) && b.level() < 6;
    match call {
        Call::Bid(b) if is_game(b) => Some(b),
        Call::Pass => match (ctx.partners_call(), ctx.last_bid()) {
            (Some((_, Call::Bid(b))), Some((seat, last))) if seat == ctx.me().partner() && last == b && is_game(b) => Some(b),
            _ => None,
        },
        _ => None,
    }
}

/// The slam call in `strain`: RKCB when 4NT asks for keycards in that suit here (the answers
/// then stop at five with two keycards missing; in the situations with their own tables, such
/// as a response to an opening, 4NT means something else), else six.
fn slam_call(ctx: &Ctx<'_>, strain: Strain) -> Option<Call> {
    let rkcb = bid(4, Strain::NoTrump);
    let asks = four_nt_asks_keycards(ctx) && rkcb_trump(ctx).map(Strain::from_suit) == Some(strain) && meaning::meaning(ctx, rkcb).text.starts_with("RKCB");
    if strain != Strain::NoTrump && ctx.is_legal(rkcb) && asks {
        return Some(rkcb);
    }
    let six = bid(6, strain);
    ctx.is_legal(six).then_some(six)
}

/// For each deal that replays the auction, the IMPs six in the game's strain gains over the
/// game (negative when it loses); `None` when too few deals were found in time.
fn slam_gains(ctx: &Ctx<'_>, hand: Hand, game: Bid, declarer: Seat, wall: std::time::Duration) -> Option<Vec<f64>> {
    let deadline = std::time::Instant::now() + wall;
    let vulnerable = ctx.vul.is_vulnerable(declarer.side());
    let slam = Contract::new(Bid::new(6, game.strain()).ok()?, Penalty::Undoubled);
    let game = Contract::new(game, Penalty::Undoubled);
    let mut dealer = Dealer::new(ctx, hand);
    let mut gains = Vec::with_capacity(DEALS);
    while gains.len() < DEALS {
        let Some(hands) = dealer.next_deal(deadline) else { break };
        let Ok(position) = Position::from_hands(hands, game.strain(), declarer.lho(), Vec::new()) else { continue };
        let tricks = 13 - solve(&position);
        let score = |c: Contract| c.score(tricks, vulnerable).unwrap_or(0);
        gains.push(f64::from(imps(score(slam) - score(game))));
        if std::time::Instant::now() >= deadline {
            break;
        }
    }
    (gains.len() >= LEAST_DEALS).then_some(gains)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hand {
        s.parse().unwrap()
    }

    fn c(s: &str) -> Call {
        s.parse().unwrap()
    }

    /// The game the rules stop in: a game bid of mine, or partner's game bid that I pass;
    /// nothing below game, nothing at slam, nothing of the opponents'.
    #[test]
    fn the_game_reached_is_a_game_bid_or_partners_game_passed() {
        let calls = [c("1H"), c("Pass"), c("3H"), c("Pass")];
        let shown = meaning::meanings_at(Seat::North, tenace_core::Vulnerability::None, &calls);
        let ctx = Ctx::new(Seat::North, &calls, &shown);
        assert_eq!(game_reached(&ctx, c("4H")), Some("4H".parse().unwrap()));
        assert_eq!(game_reached(&ctx, c("Pass")), None, "partner's 3H is not game");
        assert_eq!(game_reached(&ctx, c("6H")), None);
        let calls = [c("1H"), c("Pass"), c("4H"), c("Pass")];
        let shown = meaning::meanings_at(Seat::North, tenace_core::Vulnerability::None, &calls);
        let ctx = Ctx::new(Seat::North, &calls, &shown);
        assert_eq!(game_reached(&ctx, c("Pass")), Some("4H".parse().unwrap()));
        let calls = [c("1H"), c("4S"), c("Pass"), c("Pass")];
        let shown = meaning::meanings_at(Seat::North, tenace_core::Vulnerability::None, &calls);
        let ctx = Ctx::new(Seat::North, &calls, &shown);
        assert_eq!(game_reached(&ctx, c("Pass")), None, "their game");
    }

    /// A hand too weak for slam opposite anything partner showed is not simulated: the rules'
    /// call stands.
    #[test]
    fn a_weak_hand_keeps_the_rules_call() {
        let calls = [c("1S"), c("Pass")];
        let shown = meaning::meanings_at(Seat::North, tenace_core::Vulnerability::None, &calls);
        let ctx = Ctx::new(Seat::North, &calls, &shown);
        let hand = h("KJ52.Q73.842.T63");
        assert_eq!(reconsider(&ctx, hand, c("4S"), 1000.0), c("4S"));
        assert_eq!(reconsider(&ctx, h("K432.A432.KQ3.A2"), c("4S"), 0.0), c("4S"), "no budget, no simulation");
    }
}
