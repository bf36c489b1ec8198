//! Choosing a call. In each situation of [`crate::meaning::Situation`] the robot walks a list
//! of candidate calls in priority order and makes the first one that is legal and whose
//! meaning ([`crate::meaning::meaning`]) its hand fits; a few candidates carry an extra
//! condition that only orders otherwise-equal choices (which suit to open with 5-5, ...).
//! Outside the named situations the general rules of [`general`] apply: find a fit, estimate
//! the partnership's points from partner's calls, bid game with 25+, slam (via RKCB) with
//! 33+, compete on a fit, otherwise pass.

use tenace_core::{Call, Hand, Rank, Strain, Suit};

use crate::meaning::{self, asked_keycards, bid, four_nt_asks_keycards, game_level, inferred, is_major, max_pts, rkcb_trump, suit_bid, Ctx, Eval, Situation};

/// The call the robot makes now: always legal (Pass when in doubt).
pub(crate) fn choose(ctx: &Ctx<'_>, hand: Hand) -> Call {
    choose_valued(ctx, hand, 0)
}

/// Would one of the Director's panel ([`crate::PEERS`]: these rules valuing `hand` up to two
/// points up or down) make `call` here? How a sampled hand is checked against the calls it made.
pub(crate) fn a_peer_would_make(ctx: &Ctx<'_>, hand: Hand, call: Call) -> bool {
    crate::PEERS.iter().any(|&(adjust, _)| choose_valued(ctx, hand, adjust) == call)
}

/// The call of a robot that values the hand `adjust` points above (below, when negative) its
/// count: the high-card points and the points both move, so every range in the system is met
/// as by a hand that much stronger (a player's upgrade or downgrade).
pub(crate) fn choose_valued(ctx: &Ctx<'_>, hand: Hand, adjust: i32) -> Call {
    let mut e = Eval::of(hand);
    e.hcp = e.hcp.saturating_add_signed(adjust);
    e.pts = e.pts.saturating_add_signed(adjust);
    // A lead-directing double of their artificial bid, with a suit worth leading.
    if let Some(s) = meaning::lead_directing_double_of(ctx) {
        let tops = [Rank::Ace, Rank::King, Rank::Queen].iter().filter(|&&r| hand.contains(tenace_core::Card::new(s, r))).count();
        if e.len(s) >= 5 && tops >= 2 && ctx.is_legal(Call::Double) {
            return Call::Double;
        }
    }
    let call = match ctx.situation() {
        Situation::Opening => opening(ctx, &e),
        Situation::Response { opening, contested } => match opening.strain().trump() {
            Some(s) if opening.level() == 1 => response_to_one_of_a_suit(ctx, hand, &e, s, contested),
            Some(Suit::Clubs) if opening.level() == 2 => response_to_two_clubs(ctx, &e),
            None if opening.level() == 1 => response_to_one_notrump(ctx, &e),
            None if opening.level() == 2 => response_to_two_notrump(ctx, &e),
            Some(s) => response_to_preempt(ctx, &e, s, opening.level()),
            None => general(ctx, hand, &e),
        },
        Situation::OpenerRebid { opening, response } => rebid(ctx, hand, &e, opening, response),
        Situation::Overcall { theirs } => overcall(ctx, hand, &e, theirs),
        Situation::Advance { partner, theirs } => advance(ctx, hand, &e, partner, theirs),
        Situation::Other => general(ctx, hand, &e),
    };
    if ctx.is_legal(call) {
        call
    } else {
        Call::Pass
    }
}

/// The first candidate that is legal, whose extra condition holds and whose meaning fits.
/// A double of an artificial bid is lead-directing, chosen before any table (`choose_valued`),
/// so no table offers it.
fn pick(ctx: &Ctx<'_>, e: &Eval, candidates: &[(Call, bool)]) -> Option<Call> {
    let lead_directing = meaning::lead_directing_double_of(ctx).is_some();
    candidates
        .iter()
        .find(|(c, extra)| *extra && ctx.is_legal(*c) && !(lead_directing && *c == Call::Double) && meaning::meaning(ctx, *c).fits(e))
        .map(|(c, _)| *c)
}

/// Suits from longest to shortest; ties go to the higher-ranking suit.
fn by_length(e: &Eval) -> [Suit; 4] {
    let mut suits = Suit::DESCENDING;
    suits.sort_by_key(|s| std::cmp::Reverse(e.len(*s)));
    suits
}

/// `suits` from the one where I hold most cards, a major first on a tie.
fn longer_first(e: &Eval, suits: &[Suit]) -> Vec<Suit> {
    let mut ordered = suits.to_vec();
    ordered.sort_by_key(|&s| (std::cmp::Reverse(e.len(s)), !is_major(s)));
    ordered
}

/// Is `s` a longest suit of the hand?
fn longest(e: &Eval, s: Suit) -> bool {
    Suit::ALL.iter().all(|t| e.len(*t) <= e.len(s))
}

/// A stopper for no trump: the ace, the king with one other card, or the queen with two.
fn stopper(hand: Hand, s: Suit) -> bool {
    let has = |r: Rank| hand.contains(tenace_core::Card::new(s, r));
    let n = hand.suit_len(s);
    has(Rank::Ace) || (has(Rank::King) && n >= 2) || (has(Rank::Queen) && n >= 3)
}

/// The cheapest bid in `strain` if it is at most `max_level`.
fn cheapest_up_to(ctx: &Ctx<'_>, strain: Strain, max_level: u8) -> Option<Call> {
    ctx.cheapest(strain).filter(|c| matches!(c, Call::Bid(b) if b.level() <= max_level))
}

/// Opening bids: 2C, 2NT, 1NT, one of a suit, preempts, weak twos.
fn opening(ctx: &Ctx<'_>, e: &Eval) -> Call {
    use Suit::*;
    let l = |s: Suit| e.len(s);
    let mut c = vec![
        (bid(2, Strain::Clubs), true),
        (bid(2, Strain::NoTrump), true),
        (bid(1, Strain::NoTrump), true),
        (suit_bid(1, Spades), l(Spades) >= l(Hearts)),
        (suit_bid(1, Hearts), true),
        (suit_bid(1, Diamonds), l(Diamonds) > l(Clubs) || (l(Diamonds) == l(Clubs) && l(Diamonds) >= 4)),
        (suit_bid(1, Clubs), true),
    ];
    for level in [4, 3, 2] {
        for s in Suit::DESCENDING {
            if level == 2 && s == Clubs {
                continue;
            }
            c.push((suit_bid(level, s), longest(e, s)));
        }
    }
    c.push((Call::Pass, true));
    pick(ctx, e, &c).unwrap_or(Call::Pass)
}

/// Responses to one of a suit: raises, new suits (1-level 6+, two over one 10+), 1NT 6-10,
/// 2NT 11-12, 3NT 13-15 (after an overcall, no trump only with a stopper in their suit).
fn response_to_one_of_a_suit(ctx: &Ctx<'_>, hand: Hand, e: &Eval, opened: Suit, contested: bool) -> Call {
    use Suit::*;
    let l = |s: Suit| e.len(s);
    let their_suit = if contested { ctx.their_last_bid().and_then(|b| b.strain().trump()) } else { None };
    let stopped = their_suit.is_none_or(|t| stopper(hand, t));
    // Uncontested, a pass shows 0-5 points; after an overcall it is what is left when no bid fits.
    let mut c = vec![(Call::Pass, !contested)];
    // With slam values (17+ support points) a new suit first, the game raise only when no
    // new suit fits.
    let slam_try = is_major(opened) && !contested && e.support_pts(opened) >= 17;
    if is_major(opened) {
        c.extend([(suit_bid(4, opened), !slam_try), (suit_bid(3, opened), true), (suit_bid(2, opened), true)]);
    }
    // Over a suit overcall up to 2S a double is negative (four cards in the unbid major);
    // with both majors, when it shows them both, no major first.
    let negative_over = meaning::negative_double_over(ctx, contested);
    let negative_for_both = negative_over.is_some_and(|t| meaning::negative_double_shows_both_majors(opened, t));
    let one_major = !(negative_for_both && l(Hearts) >= 4 && l(Spades) >= 4);
    if opened < Spades {
        c.push((suit_bid(1, Spades), one_major && (opened == Hearts || l(Spades) > l(Hearts) || l(Hearts) < 4 || l(Spades) >= 5)));
    }
    if opened < Hearts {
        c.push((suit_bid(1, Hearts), one_major));
    }
    if opened < Spades {
        c.push((suit_bid(1, Spades), one_major));
    }
    if opened == Clubs {
        c.push((suit_bid(1, Diamonds), true));
    }
    let negative = negative_over.is_some();
    if negative {
        c.push((Call::Double, true));
    }
    if !is_major(opened) {
        c.extend([(suit_bid(3, opened), true), (suit_bid(2, opened), true)]);
    }
    c.extend([(bid(3, Strain::NoTrump), stopped), (bid(2, Strain::NoTrump), stopped)]);
    for s in by_length(e) {
        if s < opened {
            c.push((suit_bid(2, s), true));
        }
    }
    if slam_try {
        c.push((suit_bid(4, opened), true));
    }
    c.push((bid(1, Strain::NoTrump), stopped));
    if contested {
        // Free bids of a five-card suit at the two level, then a penalty double with length in
        // their suit (any double of a 1NT overcall).
        for s in by_length(e) {
            if s != opened {
                c.push((suit_bid(2, s), true));
            }
        }
        let their = ctx.their_last_bid().map(|b| b.strain().trump());
        let length_in_theirs = match their {
            Some(Some(t)) => e.len(t) >= 4,
            _ => true,
        };
        c.push((Call::Double, length_in_theirs && !negative));
    }
    if let Some(call) = pick(ctx, e, &c) {
        return call;
    }
    if contested {
        return Call::Pass;
    }
    // Nothing fits exactly: no trump by strength.
    match e.hcp {
        0..=5 => Call::Pass,
        6..=10 => bid(1, Strain::NoTrump),
        11..=12 => bid(2, Strain::NoTrump),
        _ => bid(3, Strain::NoTrump),
    }
}

/// Responses to 1NT: Jacoby transfers, Stayman, no trump raises by strength.
fn response_to_one_notrump(ctx: &Ctx<'_>, e: &Eval) -> Call {
    use Suit::*;
    let l = |s: Suit| e.len(s);
    let c = [
        (suit_bid(2, Hearts), l(Spades) >= 5 && l(Spades) >= l(Hearts)),
        (suit_bid(2, Diamonds), l(Hearts) >= 5),
        (suit_bid(2, Clubs), l(Hearts) == 4 || l(Spades) == 4),
        (Call::Pass, true),
        (bid(2, Strain::NoTrump), true),
        (bid(3, Strain::NoTrump), true),
        (bid(4, Strain::NoTrump), true),
        (bid(6, Strain::NoTrump), true),
    ];
    pick(ctx, e, &c).unwrap_or(if e.hcp >= 10 { bid(3, Strain::NoTrump) } else { Call::Pass })
}

/// Responses to 2C: positive with 8+ HCP and a five-card suit or balanced, else 2D waiting.
fn response_to_two_clubs(ctx: &Ctx<'_>, e: &Eval) -> Call {
    let mut c = Vec::new();
    for s in by_length(e) {
        if let Some(call) = cheapest_up_to(ctx, Strain::from_suit(s), 3) {
            if s != Suit::Diamonds || call != suit_bid(2, Suit::Diamonds) {
                c.push((call, true));
            }
        }
    }
    c.push((bid(2, Strain::NoTrump), true));
    c.push((suit_bid(2, Suit::Diamonds), true));
    pick(ctx, e, &c).unwrap_or(suit_bid(2, Suit::Diamonds))
}

/// Responses to 2NT: 3NT, 6NT, or four of a six-card major.
fn response_to_two_notrump(ctx: &Ctx<'_>, e: &Eval) -> Call {
    let c = [
        (Call::Pass, true),
        (suit_bid(4, Suit::Spades), true),
        (suit_bid(4, Suit::Hearts), true),
        (suit_bid(3, Suit::Spades), e.len(Suit::Spades) >= e.len(Suit::Hearts)),
        (suit_bid(3, Suit::Hearts), true),
        (bid(3, Strain::NoTrump), true),
        (bid(6, Strain::NoTrump), true),
    ];
    pick(ctx, e, &c).unwrap_or(if e.hcp >= 11 { bid(6, Strain::NoTrump) } else { Call::Pass })
}

/// Responses to weak twos and preempts: game with 16+, 3NT balanced, a preemptive raise.
fn response_to_preempt(ctx: &Ctx<'_>, e: &Eval, opened: Suit, level: u8) -> Call {
    let mut c = Vec::new();
    if is_major(opened) {
        c.push((suit_bid(4, opened), true));
    } else {
        c.push((bid(3, Strain::NoTrump), true));
        c.push((suit_bid(5, opened), true));
    }
    // A strong hand without a fit: a new five-card suit, forcing (16+ points), below game in
    // partner's suit; opener raises it with three cards, else bids 3NT or rebids his suit.
    for s in by_length(e) {
        if s != opened {
            if let Some(call) = cheapest_up_to(ctx, Strain::from_suit(s), if is_major(opened) { 3 } else { 4 }) {
                c.push((call, e.len(opened) <= 1));
            }
        }
    }
    if level < 3 {
        c.push((suit_bid(level + 1, opened), true));
    }
    pick(ctx, e, &c).unwrap_or(Call::Pass)
}

/// Opener's rebid: answers to Stayman and transfers over 1NT; after 2C a natural description;
/// after one of a suit: raise partner, rebid the suit, no trump by strength, new suits.
fn rebid(ctx: &Ctx<'_>, hand: Hand, e: &Eval, opening: tenace_core::Bid, response: tenace_core::Bid) -> Call {
    use Suit::*;
    let nt = |l: u8| bid(l, Strain::NoTrump);
    match opening.strain().trump() {
        None if opening.level() == 1 => {
            // Each response has its own answers: after 2NT only 3NT or a pass (a 15-count once
            // went on to 6NT, read as "natural" here).
            let c: Vec<(Call, bool)> = match (response.level(), response.strain()) {
                (2, Strain::Clubs) => vec![(suit_bid(2, Hearts), true), (suit_bid(2, Spades), true), (suit_bid(2, Diamonds), true)],
                (2, Strain::Diamonds) => vec![(suit_bid(2, Hearts), true)],
                (2, Strain::Hearts) => vec![(suit_bid(2, Spades), true)],
                (2, Strain::NoTrump) => vec![(nt(3), true), (Call::Pass, true)],
                (4, Strain::NoTrump) => vec![(nt(6), true), (Call::Pass, true)],
                _ => return Call::Pass,
            };
            pick(ctx, e, &c).unwrap_or(Call::Pass)
        }
        Some(Clubs) if opening.level() == 2 => {
            let mut c = Vec::new();
            if let Some(s) = response.strain().trump().filter(|&s| s != Diamonds || response.level() > 2) {
                if let Some(call) = ctx.cheapest(Strain::from_suit(s)) {
                    c.push((call, true));
                }
            }
            c.push((nt(2), true));
            c.push((nt(3), true));
            for s in by_length(e) {
                if let Some(call) = cheapest_up_to(ctx, Strain::from_suit(s), 4) {
                    c.push((call, true));
                }
            }
            pick(ctx, e, &c).or_else(|| cheapest_up_to(ctx, Strain::NoTrump, 3)).unwrap_or_else(|| general(ctx, hand, e))
        }
        Some(opened) if opening.level() == 1 => rebid_after_one_of_a_suit(ctx, hand, e, opened, response),
        _ => general(ctx, hand, e),
    }
}

fn rebid_after_one_of_a_suit(ctx: &Ctx<'_>, hand: Hand, e: &Eval, opened: Suit, response: tenace_core::Bid) -> Call {
    let nt = |l: u8| bid(l, Strain::NoTrump);
    let raise = |l: u8| suit_bid(l, opened);
    let l = |s: Suit| e.len(s);
    if response.strain() == Strain::from_suit(opened) {
        let c: Vec<(Call, bool)> = match response.level() {
            2 if is_major(opened) => vec![(raise(4), true), (raise(3), true), (Call::Pass, true)],
            2 => vec![(nt(3), true), (raise(3), true), (Call::Pass, true)],
            3 if is_major(opened) => vec![(raise(4), true), (Call::Pass, true)],
            3 => vec![(nt(3), true), (Call::Pass, true)],
            4 => vec![(nt(4), e.pts >= 20), (Call::Pass, true)],
            _ => vec![(Call::Pass, true)],
        };
        return pick(ctx, e, &c).unwrap_or(Call::Pass);
    }
    let mut c: Vec<(Call, bool)> = Vec::new();
    match (response.level(), response.strain().trump()) {
        (1, Some(p)) => {
            if is_major(p) {
                c.push((suit_bid(4, p), true));
            }
            if is_major(opened) {
                c.push((raise(4), true));
            }
            c.extend([(suit_bid(3, p), true), (suit_bid(2, p), true)]);
            for s in Suit::DESCENDING {
                if s > p {
                    c.push((suit_bid(1, s), true));
                }
            }
            // Six cards to rebid the suit before a new suit (a minor's rebid shows five: below).
            c.extend([(nt(1), true), (nt(2), true), (raise(3), true), (raise(2), l(opened) >= 6)]);
            for s in by_length(e) {
                if s != opened && s != p {
                    c.push((suit_bid(2, s), true));
                }
            }
            c.push((raise(2), true));
        }
        (2, Some(p)) => {
            c.push((suit_bid(3, p), true));
            c.push((raise(2), l(opened) >= 6));
            c.extend([(nt(2), true), (nt(3), true)]);
            for s in by_length(e) {
                if s != opened && s != p {
                    c.push((suit_bid(2, s), true));
                }
            }
            c.push((raise(2), true));
        }
        (1, None) => {
            if is_major(opened) {
                c.push((raise(4), true));
            }
            c.extend([(raise(3), true), (raise(2), true), (nt(2), true)]);
            for s in by_length(e) {
                if s != opened {
                    c.push((suit_bid(2, s), l(s) >= 4));
                }
            }
            c.push((Call::Pass, true));
        }
        (2, None) => {
            c.extend([(nt(3), true), (Call::Pass, true)]);
        }
        (3, None) => c.push((Call::Pass, true)),
        _ => return general(ctx, hand, e),
    }
    // A strong hand with a second suit: the jump shift (after a one-level response).
    if response.level() == 1 {
        for s in by_length(e) {
            if s != opened && Some(s) != response.strain().trump() && l(s) >= 4 {
                c.push((suit_bid(3, s), true));
            }
        }
    }
    if let Some(call) = pick(ctx, e, &c) {
        return call;
    }
    // Nothing describes the hand: rebid the suit, else the cheapest no trump; over an
    // opponent's bid, a minimum without a six-card suit passes.
    let contested = ctx.last_bid().is_some_and(|(seat, _)| seat.side() != ctx.me().side());
    if contested && e.pts <= 15 && l(opened) < 6 {
        return Call::Pass;
    }
    if response.strain() == Strain::NoTrump {
        return ctx.cheapest(Strain::from_suit(opened)).filter(|_| l(opened) >= 6).unwrap_or(Call::Pass);
    }
    cheapest_up_to(ctx, Strain::from_suit(opened), 3).or_else(|| cheapest_up_to(ctx, Strain::NoTrump, 3)).unwrap_or(Call::Pass)
}

/// Overcalls: 1NT 15-18 balanced with a stopper, a five-card suit at the one or two level,
/// takeout double (short in their suit or 17+), otherwise pass.
fn overcall(ctx: &Ctx<'_>, hand: Hand, e: &Eval, theirs: tenace_core::Bid) -> Call {
    let their_suits: Vec<Suit> = [ctx.me().lho(), ctx.me().rho()].iter().flat_map(|&s| ctx.suits_bid_by(s)).collect();
    let their = theirs.strain().trump();
    let two_suited = |call: Call| meaning::is_two_suiter(&meaning::meaning(ctx, call));
    let mut c: Vec<(Call, bool)> = Vec::new();
    if theirs.level() == 1 {
        c.push((bid(1, Strain::NoTrump), their.is_none_or(|s| stopper(hand, s))));
    }
    if their.is_none() {
        c.push((Call::Double, true));
        // Landy: both majors, nine cards or more.
        let landy = suit_bid(2, Suit::Clubs);
        c.push((landy, e.len(Suit::Spades) + e.len(Suit::Hearts) >= 9 && two_suited(landy)));
    }
    let support_for_others = their.is_some_and(|t| e.len(t) <= 2 && Suit::ALL.iter().all(|&s| s == t || e.len(s) >= 3));
    let strong = if meaning::balancing(ctx) { 15 } else { 17 };
    c.push((Call::Double, theirs.level() <= 3 && e.hcp >= strong));
    // Two-suiters: Michaels (over a major, with a five-card minor too), then the Unusual 2NT.
    if let Some(t) = their.filter(|_| theirs.level() == 1) {
        let five_card_minor = e.len(Suit::Clubs) >= 5 || e.len(Suit::Diamonds) >= 5;
        c.push((suit_bid(2, t), (!is_major(t) || five_card_minor) && two_suited(suit_bid(2, t))));
        c.push((bid(2, Strain::NoTrump), two_suited(bid(2, Strain::NoTrump))));
    }
    // Over a preempt: a six-card suit at the three level (no trump there was measured and
    // not kept: docs/robot-system.md).
    let preempt = theirs.level() >= 2 && ctx.opening().is_some_and(|(_, s, o)| o == theirs && s.side() != ctx.me().side());
    let highest = if preempt { 3 } else { 2 };
    for s in by_length(e) {
        if their_suits.contains(&s) {
            continue;
        }
        if let Some(call) = cheapest_up_to(ctx, Strain::from_suit(s), highest) {
            c.push((call, !two_suited(call)));
        }
    }
    c.push((Call::Double, theirs.level() <= 3 && support_for_others));
    pick(ctx, e, &c).unwrap_or(Call::Pass)
}

/// Advances: answering partner's takeout double, raising or bidding over partner's overcall,
/// no trump bids over partner's 1NT overcall.
fn advance(ctx: &Ctx<'_>, hand: Hand, e: &Eval, partner: Call, theirs: tenace_core::Bid) -> Call {
    if let Some((suits, minor)) = meaning::partner_two_suiter(ctx) {
        return advance_two_suiter(ctx, e, &suits, minor);
    }
    let their = theirs.strain().trump();
    let mut c: Vec<(Call, bool)> = Vec::new();
    match partner {
        Call::Double if their.is_some() => {
            let t = their.unwrap_or(Suit::Clubs);
            c.push((Call::Pass, theirs.level() <= 2));
            let suits: Vec<Suit> = by_length(e).into_iter().filter(|&s| s != t).collect();
            for &s in &suits {
                if is_major(s) {
                    c.push((suit_bid(4, s), true));
                }
            }
            for &s in &suits {
                if let Some(Call::Bid(b)) = ctx.cheapest(Strain::from_suit(s)) {
                    if b.level() < 3 {
                        c.push((suit_bid(b.level() + 1, s), true));
                    }
                }
            }
            let four_card_major = suits.iter().any(|&s| is_major(s) && e.len(s) >= 4);
            if let Some(call) = cheapest_up_to(ctx, Strain::NoTrump, 2) {
                c.push((call, stopper(hand, t) && !four_card_major));
            }
            // 3NT to play, over a three-level preempt too.
            if cheapest_up_to(ctx, Strain::NoTrump, 3).is_some() {
                c.push((bid(3, Strain::NoTrump), stopper(hand, t) && !four_card_major));
            }
            // Five of a minor to play, when it is a jump (the cheapest bid shows 0-8 points).
            for &s in &suits {
                if !is_major(s) && ctx.cheapest(Strain::from_suit(s)).is_some_and(|call| call != suit_bid(5, s)) {
                    c.push((suit_bid(5, s), true));
                }
            }
            // Prefer a major when the lengths tie.
            let ordered = longer_first(e, &suits);
            for &s in &ordered {
                if let Some(call) = ctx.cheapest(Strain::from_suit(s)) {
                    c.push((call, true));
                }
            }
            if let Some(call) = pick(ctx, e, &c) {
                return call;
            }
            // Never pass a takeout double for lack of a fitting meaning: bid the longest suit.
            ordered.iter().find_map(|&s| ctx.cheapest(Strain::from_suit(s))).unwrap_or(Call::Pass)
        }
        Call::Bid(p) if p.strain() == Strain::NoTrump && p.level() == 1 => {
            let c = [(Call::Pass, true), (bid(2, Strain::NoTrump), true), (bid(3, Strain::NoTrump), true)];
            pick(ctx, e, &c).unwrap_or(if e.hcp >= 10 { bid(3, Strain::NoTrump) } else { Call::Pass })
        }
        Call::Bid(p) if p.strain().trump().is_some() => {
            let ps = p.strain().trump().unwrap_or(Suit::Clubs);
            let game = if is_major(ps) { 4 } else { 5 };
            c.push((suit_bid(game, ps), true));
            if p.level() + 2 < game {
                c.push((suit_bid(p.level() + 2, ps), true));
            }
            c.push((suit_bid(p.level() + 1, ps), true));
            for s in by_length(e) {
                if s != ps && Some(s) != their {
                    if let Some(call) = cheapest_up_to(ctx, Strain::from_suit(s), 2) {
                        c.push((call, true));
                    }
                }
            }
            // No trump by strength: the cheapest 8-11 HCP, a jump 12-14 (12+ when 3NT is the
            // jump), 3NT 15+ over a one-level overcall.
            let stopped = their.is_none_or(|t| stopper(hand, t));
            if let Some(Call::Bid(nt)) = cheapest_up_to(ctx, Strain::NoTrump, 2) {
                for level in (nt.level()..=3).rev() {
                    c.push((bid(level, Strain::NoTrump), stopped));
                }
            }
            pick(ctx, e, &c).unwrap_or(Call::Pass)
        }
        _ => general(ctx, hand, e),
    }
}

/// Advancing partner's Michaels or Unusual 2NT: game, an invitational jump or a preference in
/// the shown suit where I hold more cards (a major on a tie); opposite Michaels over a major
/// with fewer than three cards in it, 2NT asks for partner's minor.
fn advance_two_suiter(ctx: &Ctx<'_>, e: &Eval, suits: &[Suit], minor: bool) -> Call {
    if minor && e.len(suits[0]) < 3 {
        return bid(2, Strain::NoTrump);
    }
    let ordered = longer_first(e, suits);
    let mut c: Vec<(Call, bool)> = Vec::new();
    for &s in &ordered {
        if let Some(Call::Bid(b)) = ctx.cheapest(Strain::from_suit(s)) {
            let game = game_level(Strain::from_suit(s));
            c.push((suit_bid(game, s), b.level() < game));
            c.push((suit_bid(b.level() + 1, s), b.level() + 1 < game));
        }
    }
    for &s in &ordered {
        if let Some(call) = ctx.cheapest(Strain::from_suit(s)) {
            c.push((call, true));
        }
    }
    // Never pass partner's two-suiter for lack of a fitting meaning: the preference.
    pick(ctx, e, &c).or_else(|| ordered.iter().find_map(|&s| ctx.cheapest(Strain::from_suit(s)))).unwrap_or(Call::Pass)
}

/// After my Michaels over a major, partner's 2NT asks for my minor: three of it.
fn my_minor(ctx: &Ctx<'_>, e: &Eval) -> Call {
    let minor = if e.len(Suit::Diamonds) > e.len(Suit::Clubs) { Suit::Diamonds } else { Suit::Clubs };
    cheapest_up_to(ctx, Strain::from_suit(minor), 3).unwrap_or(Call::Pass)
}

/// Keycards for `trump`: the four aces and the trump king.
fn keycards(hand: Hand, e: &Eval, trump: Suit) -> u8 {
    e.aces as u8 + u8::from(hand.contains(tenace_core::Card::new(trump, Rank::King)))
}

fn holds_queen(hand: Hand, trump: Suit) -> bool {
    hand.contains(tenace_core::Card::new(trump, Rank::Queen))
}

/// The answer to RKCB 1430: 5C 1 or 4 keycards, 5D 0 or 3, 5H 2 without the trump queen, 5S 2
/// with it.
fn keycard_answer(hand: Hand, e: &Eval, trump: Suit) -> Call {
    match keycards(hand, e, trump) {
        1 | 4 => suit_bid(5, Suit::Clubs),
        0 | 3 => suit_bid(5, Suit::Diamonds),
        _ if holds_queen(hand, trump) => suit_bid(5, Suit::Spades),
        _ => suit_bid(5, Suit::Hearts),
    }
}

/// The answer to the queen ask: without the queen the cheapest bid in the trump suit; with it
/// six of the trump suit when five was possible, else 5NT.
fn queen_answer(ctx: &Ctx<'_>, hand: Hand, trump: Suit) -> Call {
    let five = suit_bid(5, trump);
    match (ctx.is_legal(five), holds_queen(hand, trump)) {
        (true, false) => five,
        (true, true) | (false, false) => suit_bid(6, trump),
        (false, true) => bid(5, Strain::NoTrump),
    }
}

/// The asker places the contract after partner's keycard answer (or asks for the queen).
/// The answers 5C and 5D each stand for two counts: the lower one unless it would leave the
/// side with at most two keycards (a slam try on 33+ points rarely lacks three).
fn after_keycards(ctx: &Ctx<'_>, hand: Hand, e: &Eval, trump: Suit, answer: tenace_core::Bid, c_min: u32) -> Call {
    let mine = keycards(hand, e, trump);
    let (low, high) = match answer.strain() {
        Strain::Clubs => (1, 4),
        Strain::Diamonds => (0, 3),
        _ => (2, 2),
    };
    let partners = if mine + high <= 5 && mine + low <= 2 { high } else { low };
    let missing = 5u8.saturating_sub(mine + partners);
    let fit = e.len(trump) + inferred(ctx, ctx.me().partner()).min_len[trump.index()];
    let queen = match answer.strain() {
        _ if holds_queen(hand, trump) || fit >= 10 => Some(true),
        Strain::Hearts => Some(false),
        Strain::Spades => Some(true),
        _ => None,
    };
    let legal_or_pass = |c: Call| if ctx.is_legal(c) { c } else { Call::Pass };
    let five = suit_bid(5, trump);
    let six = suit_bid(6, trump);
    if missing >= 2 || (missing == 1 && queen == Some(false)) {
        return if ctx.is_legal(five) || answer.strain() == Strain::from_suit(trump) { legal_or_pass(five) } else { six };
    }
    if missing == 1 {
        return six;
    }
    if queen.is_none() {
        if let Some(ask) = Suit::ALL.into_iter().filter(|&s| s != trump).map(|s| suit_bid(5, s)).find(|&c| ctx.is_legal(c)) {
            return ask;
        }
    }
    grand_or_small(ctx, trump, queen == Some(true), c_min)
}

/// Every keycard is ours: seven with the trump queen and 37+ points, else six.
fn grand_or_small(ctx: &Ctx<'_>, trump: Suit, queen: bool, c_min: u32) -> Call {
    let call = if queen && c_min >= 37 { suit_bid(7, trump) } else { suit_bid(6, trump) };
    if ctx.is_legal(call) {
        call
    } else {
        Call::Pass
    }
}

/// Opener's answer to partner's negative double (meanings in
/// [`meaning::answer_to_negative_double`]): a suit the double showed, no trump with a stopper,
/// a penalty pass with five cards in their suit, the opened suit, another suit; never a pass
/// for lack of a fitting meaning.
fn answer_negative_double(ctx: &Ctx<'_>, hand: Hand, e: &Eval, opened: Suit, theirs: tenace_core::Bid, shown: &meaning::Meaning) -> Call {
    let their = theirs.strain().trump().unwrap_or(Suit::Clubs);
    let stopped = stopper(hand, their);
    let mut c: Vec<(Call, bool)> = Vec::new();
    for s in Suit::DESCENDING {
        if shown.min_len[s.index()] >= 4 {
            if let Some(Call::Bid(b)) = ctx.cheapest(Strain::from_suit(s)) {
                if is_major(s) {
                    c.push((suit_bid(4, s), b.level() < 4));
                }
                c.push((suit_bid(b.level() + 1, s), b.level() < 3));
                c.push((Call::Bid(b), true));
            }
        }
    }
    if let Some(Call::Bid(nt)) = ctx.cheapest(Strain::NoTrump) {
        c.push((bid(nt.level() + 1, Strain::NoTrump), stopped && nt.level() < 3));
        c.push((Call::Bid(nt), stopped && nt.level() < 3));
    }
    c.push((Call::Pass, theirs.level() <= 2));
    if let Some(Call::Bid(b)) = ctx.cheapest(Strain::from_suit(opened)) {
        c.push((suit_bid(b.level() + 1, opened), b.level() < 3));
        c.push((Call::Bid(b), b.level() <= 3));
    }
    for s in by_length(e) {
        if s != opened && s != their {
            if let Some(call) = cheapest_up_to(ctx, Strain::from_suit(s), 2) {
                c.push((call, true));
            }
        }
    }
    pick(ctx, e, &c).or_else(|| cheapest_up_to(ctx, Strain::from_suit(opened), 3)).unwrap_or(Call::Pass)
}

/// The general rules for every other situation (docs/robot-system.md, "General rules").
pub(crate) fn general(ctx: &Ctx<'_>, hand: Hand, e: &Eval) -> Call {
    let me = ctx.me();
    let partner = me.partner();
    if let Some(trump) = meaning::partner_asked_for_keycards(ctx) {
        return keycard_answer(hand, e, trump);
    }
    if let Some(trump) = meaning::partner_asked_for_queen(ctx) {
        return queen_answer(ctx, hand, trump);
    }
    // Right-hand opponent doubled partner's two-suiter: advance as over a pass.
    if let (Some((suits, minor)), true) = (meaning::partner_two_suiter(ctx), meaning::two_suiter_doubled(ctx)) {
        return advance_two_suiter(ctx, e, &suits, minor);
    }
    // The responsive double, and the doubler's answer to it.
    if meaning::responsive_double_over(ctx).is_some() && meaning::meaning(ctx, Call::Double).fits(e) && ctx.is_legal(Call::Double) {
        return Call::Double;
    }
    if let Some(shown) = meaning::partner_doubled_responsively(ctx) {
        let ordered = longer_first(e, &shown);
        let mut c: Vec<(Call, bool)> = Vec::new();
        for &s in &ordered {
            if let Some(Call::Bid(b)) = ctx.cheapest(Strain::from_suit(s)) {
                c.push((suit_bid(b.level() + 1, s), b.level() < 4));
            }
        }
        for &s in &ordered {
            if let Some(call) = ctx.cheapest(Strain::from_suit(s)) {
                c.push((call, true));
            }
        }
        // Never a pass for lack of a fitting meaning (that would leave their contract doubled).
        return pick(ctx, e, &c).or_else(|| ctx.cheapest(Strain::from_suit(ordered[0]))).unwrap_or(Call::Pass);
    }
    if meaning::partner_asked_for_my_minor(ctx) {
        return my_minor(ctx, e);
    }
    if let Some((opened, theirs, shown)) = meaning::partner_doubled_negatively(ctx) {
        return answer_negative_double(ctx, hand, e, opened, theirs, &shown);
    }
    // Partner's 3NT offered a major after our 1NT: four of it with the fit, else pass.
    if let Some((s, fit)) = meaning::partner_offers_a_major(ctx) {
        return if e.len(s) >= fit { suit_bid(4, s) } else { Call::Pass };
    }
    let p = inferred(ctx, partner);
    let partner_acted = ctx.calls_of(partner, 0).iter().any(|&c| c != Call::Pass);
    // Partner's takeout double, its side's only action, counts three cards in each suit the
    // opponents have not bid when looking for a fit: its "or 17+ points" leaves the shape
    // open, but most takeout doubles have it.
    // (Read only then: the general rules also run for every sampled hand of the card play.)
    let takeout_only = {
        let mut acts = ctx.made().filter(|&(_, s, c)| s.side() == me.side() && c != Call::Pass);
        let first = acts.next();
        acts.next().is_none() && first.is_some_and(|(i, _, c)| c == Call::Double && ctx.shown.get(i).is_some_and(|m| m.text.starts_with("takeout")))
    };
    let theirs_bid: Vec<Suit> = if takeout_only { ctx.suits_bid_by(me.lho()).into_iter().chain(ctx.suits_bid_by(me.rho())).collect() } else { Vec::new() };
    let partner_min = |s: Suit| if takeout_only && !theirs_bid.contains(&s) { p.min_len[s.index()].max(3) } else { p.min_len[s.index()] };
    // Best fit: eight or more cards between the hands, majors first.
    let mut fit: Option<(Suit, u8)> = None;
    for s in Suit::DESCENDING {
        let total = e.len(s) + partner_min(s);
        if total >= 8 && partner_acted {
            let better = match fit {
                None => true,
                Some((f, t)) => (is_major(s) && !is_major(f)) || (is_major(s) == is_major(f) && total > t),
            };
            if better {
                fit = Some((s, total));
            }
        }
    }
    // Partner's bid in a suit I bid supports it: that is our fit, whatever its length was
    // read as (a raise after a takeout double promises four).
    if let Some(Call::Bid(b)) = ctx.partner_last() {
        if let Some(s) = b.strain().trump().filter(|s| ctx.suits_bid_by(me).contains(s) && e.len(*s) >= 3) {
            if fit.is_none_or(|(f, _)| f == s || !is_major(f)) {
                fit = Some((s, (e.len(s) + p.min_len[s.index()]).max(8)));
            }
        }
    }
    // No fit shown, an unbalanced hand and a long suit of my own (six cards in a major, seven in
    // a minor) that partner may hold two of: that suit is our strain, as if partner held two.
    if fit.is_none() && partner_acted && !e.balanced {
        let long = |s: Suit| e.len(s) >= if is_major(s) { 6 } else { 7 } && p.max_len[s.index()] >= 2;
        if let Some(s) = Suit::DESCENDING.into_iter().find(|&s| long(s)) {
            fit = Some((s, e.len(s) + 2));
        }
    }
    let strain = match fit {
        Some((s, _)) if is_major(s) => Strain::from_suit(s),
        Some((s, _)) if !(e.balanced || p.balanced) => Strain::from_suit(s),
        _ => Strain::NoTrump,
    };
    // With a fit in a suit partner bid (four cards or more shown), my short side suits count
    // (support points) unless mine is the long trump hand (six or more).
    let mine = match strain.trump() {
        Some(t) if fit.is_some_and(|(f, _)| f == t) && p.min_len[t.index()] >= 4 && e.len(t) < 6 => e.support_pts(t),
        _ => e.pts,
    };
    let c_min = mine + p.pts.0;
    let c_max = mine + max_pts(&p);
    // Partner at the middle of the range shown.
    let p_mid = (p.pts.0 + max_pts(&p)).div_ceil(2);
    let Some((last_seat, last)) = ctx.last_bid() else { return Call::Pass };
    let ours = last_seat.side() == me.side();

    // RKCB: the asker places the contract; the answerer then passes.
    if let Some((trump, answer)) = meaning::keycards_answered(ctx) {
        return after_keycards(ctx, hand, e, trump, answer, c_min);
    }
    if let Some((trump, queen)) = meaning::queen_answered(ctx) {
        return grand_or_small(ctx, trump, queen, c_min);
    }
    if asked_keycards(ctx, partner) || asked_keycards(ctx, me) {
        return Call::Pass;
    }

    if !partner_acted {
        return Call::Pass;
    }
    // Slam: 33 with partner at the minimum, or at the middle of a narrow range (four points
    // or less: 1NT, 2NT, a rebid of 18-19...), where the middle is what partner holds.
    let narrow = max_pts(&p) <= p.pts.0 + 4;
    if c_min >= 33 || (narrow && mine + p_mid >= 33) {
        let rkcb = bid(4, Strain::NoTrump);
        if strain != Strain::NoTrump && ctx.is_legal(rkcb) && four_nt_asks_keycards(ctx) && rkcb_trump(ctx).map(Strain::from_suit) == Some(strain) {
            return rkcb;
        }
        let call = bid(if c_min >= 37 { 7 } else { 6 }, strain);
        if ctx.is_legal(call) {
            return call;
        }
    }
    // Partner's forcing new suit, no fit found: an unbalanced hand with a six-card suit and at
    // most two cards in partner's suit rebids its suit before any no trump game (a preempter
    // bid 3NT with a spade void and seven diamonds).
    if strain == Strain::NoTrump && ours {
        if let Some(call) = long_suit_rebid(ctx, e, true) {
            return call;
        }
    }
    let game = bid(game_level(strain), strain);
    // Game values, no fit found, partner balanced: show a five-card major for the choice of game.
    let game_points = ctx.game_points();
    if strain == Strain::NoTrump && c_min >= game_points && ours {
        for s in [Suit::Spades, Suit::Hearts] {
            let call = suit_bid(3, s);
            if e.len(s) >= 5 && p.max_len[s.index()] >= 3 && ctx.is_legal(call) && major_for_choice_of_game_bid(ctx, call) {
                return call;
            }
        }
    }
    // Partner's 3NT with a major fit found: four of the major.
    if strain.trump().is_some_and(is_major) && last_seat == partner && Call::Bid(last) == bid(3, Strain::NoTrump) && ctx.is_legal(game) {
        return game;
    }
    // Game.
    if c_min >= game_points && ctx.is_legal(game) && !(ours && last.level() >= game_level(last.strain())) {
        if strain == Strain::NoTrump {
            if let Some(call) = game_without_their_suit_stopped(ctx, hand, e) {
                return call;
            }
        }
        return game;
    }
    if !ours {
        return compete(ctx, e, fit, c_min, last);
    }
    // Partner invited (one level below game in a strain we have bid, or 2NT): accept when
    // the middle of partner's range brings the total to 25.
    if let Some(Call::Bid(b)) = ctx.partner_last() {
        let my_strain = b.strain() == Strain::NoTrump || ctx.suits_bid_by(me).iter().any(|&s| Strain::from_suit(s) == b.strain());
        if b.level() + 1 == game_level(b.strain()) && my_strain && e.pts + p_mid >= game_points {
            // Game in our best strain (a major fit before no trump), else in partner's.
            for accept in [game, bid(game_level(b.strain()), b.strain())] {
                if ctx.is_legal(accept) {
                    return accept;
                }
            }
        }
    }
    // Invite.
    let invite = bid(game_level(strain) - 1, strain);
    if c_max >= game_points && c_min < game_points && ctx.is_legal(invite) && last_seat == partner && last.level() + 1 < game_level(last.strain()) {
        return invite;
    }
    // No room left to invite in our strain (2NT passed): game when the middle of partner's
    // range brings the total to game, as if partner had accepted an invitation.
    if c_max >= game_points
        && c_min < game_points
        && !ctx.is_legal(invite)
        && last_seat == partner
        && last.level() < game_level(last.strain())
        && mine + p_mid >= game_points
        && ctx.is_legal(game)
    {
        if strain == Strain::NoTrump {
            if let Some(call) = game_without_their_suit_stopped(ctx, hand, e) {
                return call;
            }
        }
        return game;
    }
    forced(ctx, e)
}

/// No trump game values, but a suit the opponents bid is stopped neither in my hand nor by
/// partner's no trump bid made after it: game in my five-card major (partner may hold three),
/// else five of my six-card minor; `None` keeps 3NT.
fn game_without_their_suit_stopped(ctx: &Ctx<'_>, hand: Hand, e: &Eval) -> Option<Call> {
    let me = ctx.me();
    let mut theirs: Vec<(usize, Suit)> = Vec::new();
    for (i, s, c) in ctx.made() {
        if let (true, Call::Bid(b)) = (s.side() != me.side(), c) {
            if let Some(t) = b.strain().trump().filter(|_| !ctx.shown.get(i).is_some_and(|m| m.artificial)) {
                theirs.push((i, t));
            }
        }
    }
    let partner_nt_after = |i: usize| ctx.made().any(|(j, s, c)| j > i && s == me.partner() && matches!(c, Call::Bid(b) if b.strain() == Strain::NoTrump));
    let open = theirs.iter().any(|&(i, t)| !stopper(hand, t) && !partner_nt_after(i));
    if !open {
        return None;
    }
    let p = inferred(ctx, me.partner());
    for s in [Suit::Spades, Suit::Hearts] {
        if e.len(s) >= 5 && p.max_len[s.index()] >= 3 && ctx.is_legal(suit_bid(4, s)) {
            return Some(suit_bid(4, s));
        }
    }
    for s in [Suit::Diamonds, Suit::Clubs] {
        if e.len(s) >= 6 && ctx.is_legal(suit_bid(5, s)) {
            return Some(suit_bid(5, s));
        }
    }
    None
}

fn major_for_choice_of_game_bid(ctx: &Ctx<'_>, call: Call) -> bool {
    matches!(call, Call::Bid(b) if meaning::major_for_choice_of_game(ctx, b))
}

/// Partner's last call was forcing (and right-hand opponent passed): bid rather than pass.
fn forced(ctx: &Ctx<'_>, e: &Eval) -> Call {
    let Some((pb, _)) = partners_forcing_bid(ctx, false) else { return Call::Pass };
    if let Some(s) = pb.strain().trump() {
        if e.len(s) >= 3 {
            if let Some(call) = cheapest_up_to(ctx, Strain::from_suit(s), 4) {
                return call;
            }
        }
    }
    if let Some(call) = long_suit_rebid(ctx, e, false) {
        return call;
    }
    if let Some(call) = cheapest_up_to(ctx, Strain::NoTrump, 3) {
        return call;
    }
    cheapest_up_to(ctx, Strain::from_suit(by_length(e)[0]), 5).unwrap_or(Call::Pass)
}

/// Partner's last call, when it was a forcing bid and right-hand opponent passed (or doubled,
/// when `or_doubled`): the bid, and whether it was artificial.
fn partners_forcing_bid(ctx: &Ctx<'_>, or_doubled: bool) -> Option<(tenace_core::Bid, bool)> {
    let n = ctx.calls.len();
    if n < 2 || !(ctx.calls[n - 1] == Call::Pass || (or_doubled && ctx.calls[n - 1] == Call::Double)) {
        return None;
    }
    let Call::Bid(pb) = ctx.calls[n - 2] else { return None };
    let m = ctx.shown.get(n - 2).filter(|m| m.forcing)?;
    Some((pb, m.artificial))
}

/// After partner's forcing bid (right-hand opponent passed, or doubled when `or_doubled`), an
/// unbalanced hand with a six-card suit of its own and at most two cards in partner's suit
/// rebids its suit, up to the four level, rather than bid no trump (it bid 3NT with a void in
/// partner's suit and seven diamonds, and after its own weak two with six hearts and five
/// spades).
fn long_suit_rebid(ctx: &Ctx<'_>, e: &Eval, or_doubled: bool) -> Option<Call> {
    let (pb, artificial) = partners_forcing_bid(ctx, or_doubled)?;
    if artificial {
        return None;
    }
    let theirs = pb.strain().trump()?;
    let longest = by_length(e)[0];
    if e.balanced || e.len(longest) < 6 || longest == theirs || e.len(theirs) > 2 || !ctx.suits_bid_by(ctx.me()).contains(&longest) {
        return None;
    }
    cheapest_up_to(ctx, Strain::from_suit(longest), 4)
}

/// The opponents hold the last bid: compete on a fit to the level of the total trumps
/// (law of total tricks), double for penalties with strength and length in their suit.
fn compete(ctx: &Ctx<'_>, e: &Eval, fit: Option<(Suit, u8)>, c_min: u32, last: tenace_core::Bid) -> Call {
    if let Some((s, total)) = fit {
        if let Some(Call::Bid(b)) = ctx.cheapest(Strain::from_suit(s)) {
            if u32::from(b.level()) + 6 <= u32::from(total) && b.level() <= 3 && c_min >= 18 {
                return Call::Bid(b);
            }
        }
    }
    let long_in_theirs = last.strain().trump().is_none_or(|t| e.len(t) >= 4);
    if last.level() >= 2 && c_min >= 23 && long_in_theirs && fit.is_none() && ctx.is_legal(Call::Double) && meaning::lead_directing_double_of(ctx).is_none() {
        return Call::Double;
    }
    Call::Pass
}
