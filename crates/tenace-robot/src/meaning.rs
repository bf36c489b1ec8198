//! What each call means in the robots' system (docs/robot-system.md): the one source of truth
//! for three things — the explanation a robot gives of its own call, the answer to an
//! opponent's question ([`crate::explain_call`]) and the robots' picture of partner's hand
//! ([`inferred`]). The bidding module picks, in each situation, the first candidate call whose
//! meaning the hand fits.

use tenace_core::{Bid, Call, Hand, Rank, Seat, Strain, Suit, Vulnerability};

/// The hand as the system counts it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Eval {
    /// High-card points (Milton Work 4-3-2-1).
    pub hcp: u32,
    /// "Points": HCP plus one length point for every card beyond four in a suit.
    pub pts: u32,
    /// Suit lengths, indexed by [`Suit::index`] (clubs first).
    pub len: [u8; 4],
    /// 4-3-3-3, 4-4-3-2 or 5-3-3-2.
    pub balanced: bool,
    pub aces: u32,
}

impl Eval {
    pub fn of(hand: Hand) -> Eval {
        let len = Suit::ALL.map(|s| hand.suit_len(s) as u8);
        let hcp = hand.hcp();
        let length_pts: u32 = len.iter().map(|&l| u32::from(l.saturating_sub(4))).sum();
        let mut sorted = len;
        sorted.sort_unstable();
        let balanced = matches!(sorted, [3, 3, 3, 4] | [2, 3, 4, 4] | [2, 3, 3, 5]);
        let aces = Suit::ALL.iter().filter(|&&s| hand.contains(tenace_core::Card::new(s, Rank::Ace))).count() as u32;
        Eval { hcp, pts: hcp + length_pts, len, balanced, aces }
    }

    pub fn len(&self, suit: Suit) -> u8 {
        self.len[suit.index()]
    }

    /// Support points with `trump` as trumps: the points plus the short side suits (dummy
    /// points, after Goren): with four trumps or more a void 5, a singleton 3, a doubleton 1;
    /// with fewer, 3, 2 and 1.
    pub fn support_pts(&self, trump: Suit) -> u32 {
        let four = self.len(trump) >= 4;
        let short: u32 = Suit::ALL
            .iter()
            .filter(|&&s| s != trump)
            .map(|&s| match (self.len(s), four) {
                (0, true) => 5,
                (0, false) | (1, true) => 3,
                (1, false) => 2,
                (2, _) => 1,
                _ => 0,
            })
            .sum();
        self.pts + short
    }
}

/// What a call shows: ranges of HCP and points, suit lengths, and whether the call is
/// artificial (alertable) or forcing. `text` is the explanation given to the opponents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Meaning {
    pub hcp: (u32, u32),
    pub pts: (u32, u32),
    pub min_len: [u8; 4],
    pub max_len: [u8; 4],
    pub balanced: bool,
    pub artificial: bool,
    pub forcing: bool,
    /// The points are support points in this suit ([`Eval::support_pts`]): a raise.
    pub support: Option<Suit>,
    pub text: String,
}

impl Meaning {
    pub fn new(text: impl Into<String>) -> Meaning {
        Meaning {
            hcp: (0, 40),
            pts: (0, 60),
            min_len: [0; 4],
            max_len: [13; 4],
            balanced: false,
            artificial: false,
            forcing: false,
            support: None,
            text: text.into(),
        }
    }

    pub fn hcp(mut self, lo: u32, hi: u32) -> Meaning {
        self.hcp = (lo, hi);
        self
    }

    pub fn pts(mut self, lo: u32, hi: u32) -> Meaning {
        self.pts = (lo, hi);
        self
    }

    pub fn min(mut self, suit: Suit, n: u8) -> Meaning {
        self.min_len[suit.index()] = n;
        self
    }

    pub fn max(mut self, suit: Suit, n: u8) -> Meaning {
        self.max_len[suit.index()] = n;
        self
    }

    pub fn exactly(self, suit: Suit, n: u8) -> Meaning {
        self.min(suit, n).max(suit, n)
    }

    pub fn balanced(mut self) -> Meaning {
        self.balanced = true;
        self
    }

    /// An artificial call: alerted (it says nothing about the suit named, or more than its
    /// natural sense).
    pub fn alert(mut self) -> Meaning {
        self.artificial = true;
        self
    }

    pub fn forcing(mut self) -> Meaning {
        self.forcing = true;
        self
    }

    /// The points are counted as support points for `trump` (a raise).
    pub fn support(mut self, trump: Suit) -> Meaning {
        self.support = Some(trump);
        self
    }

    /// Does the hand fit this description?
    pub fn fits(&self, e: &Eval) -> bool {
        (self.hcp.0..=self.hcp.1).contains(&e.hcp)
            && (self.pts.0..=self.pts.1).contains(&self.support.map_or(e.pts, |t| e.support_pts(t)))
            && (!self.balanced || e.balanced)
            && Suit::ALL.iter().all(|s| {
                let l = e.len(*s);
                l >= self.min_len[s.index()] && l <= self.max_len[s.index()]
            })
    }
}

/// Plural suit names, as a player says them.
pub(crate) fn suit_name(s: Suit) -> &'static str {
    match s {
        Suit::Clubs => "clubs",
        Suit::Diamonds => "diamonds",
        Suit::Hearts => "hearts",
        Suit::Spades => "spades",
    }
}

/// A card of the suit: "spade king".
fn card_name(s: Suit, rank: &str) -> String {
    format!("{} {rank}", &suit_name(s)[..suit_name(s).len() - 1])
}

pub(crate) fn is_major(s: Suit) -> bool {
    matches!(s, Suit::Hearts | Suit::Spades)
}

/// A bid as a call; `Pass` if the level is out of range (never happens for the levels used).
pub(crate) fn bid(level: u8, strain: Strain) -> Call {
    Bid::new(level, strain).map(Call::Bid).unwrap_or(Call::Pass)
}

pub(crate) fn suit_bid(level: u8, suit: Suit) -> Call {
    bid(level, Strain::from_suit(suit))
}

/// The auction so far, seen from the player about to call (`calls` are the calls before the
/// call considered).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Ctx<'a> {
    pub dealer: Seat,
    pub calls: &'a [Call],
    /// The meaning of each call in `calls` (see [`meanings_at`]); may be shorter in tests.
    pub shown: &'a [Meaning],
    /// The board's vulnerability: a vulnerable side bids game with a point less (the game
    /// bonus is 500, not 300, at IMPs).
    pub vul: Vulnerability,
}

/// The situations the system names, each with its own table of calls.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Situation {
    /// No bid yet: the player may open.
    Opening,
    /// Partner opened; this player has only passed; the opponents have only passed
    /// (`contested` false) or, after a one-of-a-suit opening, made one overcall or double.
    Response { opening: Bid, contested: bool },
    /// This player opened and partner made one bid (the opponents may have competed).
    OpenerRebid { opening: Bid, response: Bid },
    /// An opponent opened; this side has only passed.
    Overcall { theirs: Bid },
    /// Partner made the side's first non-pass call after the opponents opened (overcall,
    /// 1NT overcall or double); right-hand opponent passed; this player has only passed.
    Advance { partner: Call, theirs: Bid },
    /// Everything else: the general rules (fits, game and slam, competition, RKCB).
    Other,
}

impl<'a> Ctx<'a> {
    pub fn new(dealer: Seat, calls: &'a [Call], shown: &'a [Meaning]) -> Ctx<'a> {
        Ctx { dealer, calls, shown, vul: Vulnerability::None }
    }

    /// The same context on a board of vulnerability `vul`.
    pub fn at(mut self, vul: Vulnerability) -> Ctx<'a> {
        self.vul = vul;
        self
    }

    /// The points between the hands for game: 25, or 24 when the caller's side is vulnerable.
    pub fn game_points(&self) -> u32 {
        if self.vul.is_vulnerable(self.me().side()) {
            24
        } else {
            25
        }
    }

    /// Have the opponents of the player to call only passed?
    pub fn opponents_silent(&self) -> bool {
        let me = self.me();
        self.made().all(|(_, s, c)| s.side() == me.side() || c == Call::Pass)
    }

    /// Partner's call just made, right-hand opponent having passed since: its index and the
    /// call.
    pub fn partners_call(&self) -> Option<(usize, Call)> {
        let n = self.calls.len();
        (n >= 2 && self.calls[n - 1] == Call::Pass).then(|| (n - 2, self.calls[n - 2]))
    }

    /// The auction as it stood before call `i`.
    pub fn before(&self, i: usize) -> Ctx<'a> {
        let i = i.min(self.calls.len());
        Ctx { calls: &self.calls[..i], shown: &self.shown[..i.min(self.shown.len())], ..*self }
    }

    /// Who makes the call considered.
    pub fn me(&self) -> Seat {
        self.dealer.after(self.calls.len())
    }

    pub fn seat(&self, i: usize) -> Seat {
        self.dealer.after(i)
    }

    /// The calls with their callers.
    pub fn made(&self) -> impl DoubleEndedIterator<Item = (usize, Seat, Call)> + '_ {
        self.calls.iter().enumerate().map(move |(i, &c)| (i, self.seat(i), c))
    }

    /// The opening bid (first bid of the auction), its index and who made it.
    pub fn opening(&self) -> Option<(usize, Seat, Bid)> {
        self.made().find_map(|(i, s, c)| match c {
            Call::Bid(b) => Some((i, s, b)),
            _ => None,
        })
    }

    pub fn last_bid(&self) -> Option<(Seat, Bid)> {
        self.made().rev().find_map(|(_, s, c)| match c {
            Call::Bid(b) => Some((s, b)),
            _ => None,
        })
    }

    /// The last bid made by the opponents of `me`.
    pub fn their_last_bid(&self) -> Option<Bid> {
        let me = self.me();
        self.made().rev().find_map(|(_, s, c)| match c {
            Call::Bid(b) if s.side() != me.side() => Some(b),
            _ => None,
        })
    }

    /// Calls by `seat` from index `from` on.
    pub fn calls_of(&self, seat: Seat, from: usize) -> Vec<Call> {
        self.made().filter(|&(i, s, _)| s == seat && i >= from).map(|(_, _, c)| c).collect()
    }

    /// Partner's last call, if any.
    pub fn partner_last(&self) -> Option<Call> {
        let p = self.me().partner();
        self.made().rev().find(|&(_, s, _)| s == p).map(|(_, _, c)| c)
    }

    /// Suits bid (naturally or not) by `seat`.
    pub fn suits_bid_by(&self, seat: Seat) -> Vec<Suit> {
        self.made()
            .filter_map(|(_, s, c)| match c {
                Call::Bid(b) if s == seat => b.strain().trump(),
                _ => None,
            })
            .collect()
    }

    /// Law 18, 19: may `me` make `call` now?
    pub fn is_legal(&self, call: Call) -> bool {
        let me = self.me();
        let last = self.last_bid();
        // The double or redouble standing on the last bid, with who made it.
        let mut standing: Option<(Seat, Call)> = None;
        for (_, s, c) in self.made().rev() {
            match c {
                Call::Bid(_) => break,
                Call::Double | Call::Redouble => {
                    standing = Some((s, c));
                    break;
                }
                Call::Pass => {}
            }
        }
        match call {
            Call::Pass => true,
            Call::Bid(b) => last.is_none_or(|(_, l)| b > l),
            Call::Double => matches!(last, Some((s, _)) if s.side() != me.side()) && standing.is_none(),
            Call::Redouble => matches!(standing, Some((s, Call::Double)) if s.side() != me.side()),
        }
    }

    /// The level of the lowest legal bid in `strain`, if any.
    pub fn cheapest_level(&self, strain: Strain) -> Option<u8> {
        match self.cheapest(strain)? {
            Call::Bid(b) => Some(b.level()),
            _ => None,
        }
    }

    /// The lowest legal bid in `strain`, if any.
    pub fn cheapest(&self, strain: Strain) -> Option<Call> {
        (1..=7).map(|l| bid(l, strain)).find(|&c| c != Call::Pass && self.is_legal(c))
    }

    pub fn situation(&self) -> Situation {
        let Some((open_i, opener, opening)) = self.opening() else { return Situation::Opening };
        let me = self.me();
        let partner = me.partner();
        let opps_silent = self.opponents_silent();
        let mine = self.calls_of(me, 0);
        let i_passed_only = mine.iter().all(|&c| c == Call::Pass);
        let opp_actions = self.made().filter(|&(_, s, c)| s.side() != me.side() && c != Call::Pass).count();
        if opener == partner && opps_silent && i_passed_only {
            return Situation::Response { opening, contested: false };
        }
        let one_of_a_suit = opening.level() == 1 && opening.strain() != Strain::NoTrump;
        if opener == partner && i_passed_only && one_of_a_suit && opp_actions == 1 {
            return Situation::Response { opening, contested: true };
        }
        if opener == me && mine.len() == 1 {
            if let [Call::Bid(response)] = self.calls_of(partner, open_i)[..] {
                return Situation::OpenerRebid { opening, response };
            }
        }
        if opener.side() != me.side() {
            let partner_calls = self.calls_of(partner, 0);
            let partner_acts: Vec<Call> = partner_calls.iter().copied().filter(|&c| c != Call::Pass).collect();
            let theirs = self.their_last_bid().unwrap_or(opening);
            if i_passed_only && partner_acts.is_empty() {
                return Situation::Overcall { theirs };
            }
            let rho_passed = self.calls.last() == Some(&Call::Pass);
            if i_passed_only && partner_acts.len() == 1 && rho_passed && partner_calls.last() == partner_acts.first() {
                return Situation::Advance { partner: partner_acts[0], theirs };
            }
        }
        Situation::Other
    }
}

/// The meaning of every call of the auction, in one pass from the dealer's first call: each
/// call is read with the meanings of the calls before it (so the robots' picture of a hand
/// always comes from the same rules as the explanations).
pub(crate) fn meanings_at(dealer: Seat, vul: Vulnerability, calls: &[Call]) -> Vec<Meaning> {
    let mut shown: Vec<Meaning> = Vec::with_capacity(calls.len());
    for (i, &call) in calls.iter().enumerate() {
        let m = meaning(&Ctx::new(dealer, &calls[..i], &shown[..i]).at(vul), call);
        shown.push(m);
    }
    shown
}

/// The meaning of the call at `index` of the auction.
pub(crate) fn meaning_at(dealer: Seat, vul: Vulnerability, calls: &[Call], index: usize) -> Meaning {
    if index >= calls.len() {
        return Meaning::new("no such call");
    }
    meanings_at(dealer, vul, &calls[..=index]).pop().unwrap_or_else(|| Meaning::new("no such call"))
}

/// What `call` would mean if made now.
pub(crate) fn meaning(ctx: &Ctx<'_>, call: Call) -> Meaning {
    if let (Some(s), Call::Double) = (lead_directing_double_of(ctx), call) {
        return Meaning::new(format!("lead-directing: 5+ {}, two of the top three honours", suit_name(s))).min(s, 5);
    }
    match ctx.situation() {
        Situation::Opening => opening(call),
        Situation::Response { opening, contested } => match opening.strain().trump() {
            Some(s) if opening.level() == 1 => response_to_one_of_a_suit(s, negative_double_over(ctx, contested), contested, call),
            Some(Suit::Clubs) if opening.level() == 2 => response_to_two_clubs(call),
            None if opening.level() == 1 => response_to_one_notrump(call),
            None if opening.level() == 2 => response_to_two_notrump(call),
            Some(s) => response_to_preempt(opening, s, call),
            None => other(ctx, call),
        },
        Situation::OpenerRebid { opening, response } => rebid(ctx, opening, response, call),
        Situation::Overcall { theirs } => overcall(ctx, theirs, call),
        Situation::Advance { partner, theirs } => advance(ctx, partner, theirs, call),
        Situation::Other => other(ctx, call),
    }
}

/// A double now is lead-directing when right-hand opponent's bid just made was artificial
/// (Stayman, a transfer, a strong 2C, an RKCB answer, a cue bid...): it asks for a lead of the
/// suit named. Gives that suit.
pub(crate) fn lead_directing_double_of(ctx: &Ctx<'_>) -> Option<Suit> {
    let n = ctx.calls.len();
    let Call::Bid(b) = *ctx.calls.last()? else { return None };
    let artificial = ctx.shown.get(n - 1).is_some_and(|m| m.artificial);
    (artificial && ctx.seat(n - 1) == ctx.me().rho()).then(|| b.strain().trump()).flatten()
}

/// The range of hands `seat` has shown in the auction: the intersection of the meanings of
/// all its calls.
pub(crate) fn inferred(ctx: &Ctx<'_>, seat: Seat) -> Meaning {
    let mut m = Meaning::new("");
    for (i, c) in ctx.shown.iter().enumerate() {
        if ctx.seat(i) != seat {
            continue;
        }
        m.hcp = (m.hcp.0.max(c.hcp.0), m.hcp.1.min(c.hcp.1));
        m.pts = (m.pts.0.max(c.pts.0), m.pts.1.min(c.pts.1));
        for s in 0..4 {
            m.min_len[s] = m.min_len[s].max(c.min_len[s]);
            m.max_len[s] = m.max_len[s].min(c.max_len[s]);
        }
        m.balanced |= c.balanced;
        m.support = c.support.or(m.support);
    }
    // A balanced hand (4-3-3-3, 4-4-3-2, 5-3-3-2) holds two to five cards in every suit: with
    // six cards opposite partner's 1NT there is an eight-card fit.
    if m.balanced {
        for s in 0..4 {
            m.min_len[s] = m.min_len[s].max(2);
            m.max_len[s] = m.max_len[s].min(5).max(m.min_len[s]);
        }
    }
    // A hand that bid inconsistently: trust the latest minimum.
    if m.hcp.0 > m.hcp.1 {
        m.hcp.1 = m.hcp.0;
    }
    if m.pts.0 > m.pts.1 {
        m.pts.1 = m.pts.0;
    }
    // Points are at least HCP and at most HCP plus a few length points (one for a balanced
    // hand); HCP are at most points.
    m.pts.0 = m.pts.0.max(m.hcp.0);
    let extra = if m.balanced { 1 } else { 5 };
    m.pts.1 = m.pts.1.min(m.hcp.1 + extra).max(m.pts.0);
    m.hcp.1 = m.hcp.1.min(m.pts.1);
    m
}

// ---------------------------------------------------------------------------------------------
// Openings

/// Opening bids (first bid of the auction, any seat).
pub(crate) fn opening(call: Call) -> Meaning {
    let Call::Bid(b) = call else {
        return match call {
            Call::Pass => Meaning::new("no opening bid: fewer than 12 points").pts(0, 13).hcp(0, 14),
            _ => Meaning::new("not available: no bid to double"),
        };
    };
    match (b.level(), b.strain().trump()) {
        (1, None) => Meaning::new("15-17 HCP, balanced").hcp(15, 17).balanced(),
        (2, None) => Meaning::new("20-21 HCP, balanced").hcp(20, 21).balanced(),
        (3, None) => Meaning::new("not in system: natural, to play").hcp(16, 40),
        (2, Some(Suit::Clubs)) => Meaning::new("strong two clubs: 22+ HCP, any shape; artificial, forcing").hcp(22, 40).alert().forcing(),
        (1, Some(s)) if is_major(s) => Meaning::new(format!("12-21 points, 5+ {}", suit_name(s))).hcp(11, 21).pts(12, 60).min(s, 5),
        (1, Some(s)) => Meaning::new(format!("12-21 points, 3+ {}, no 5-card major (better minor)", suit_name(s)))
            .hcp(11, 21)
            .pts(12, 60)
            .min(s, 3)
            .max(Suit::Hearts, 4)
            .max(Suit::Spades, 4),
        (2, Some(s)) => Meaning::new(format!("weak two: 5-10 HCP, six {}", suit_name(s))).hcp(5, 10).exactly(s, 6),
        (3, Some(s)) => Meaning::new(format!("preempt: 5-10 HCP, seven {}", suit_name(s))).hcp(5, 10).exactly(s, 7),
        (4, Some(s)) => Meaning::new(format!("preempt: 5-10 HCP, eight or more {}", suit_name(s))).hcp(5, 10).min(s, 8),
        (_, Some(s)) => Meaning::new(format!("not in system: natural, long {}", suit_name(s))).min(s, 7),
        (_, None) => Meaning::new("not in system: natural, to play"),
    }
}

// ---------------------------------------------------------------------------------------------
// Responses

/// Responses to 1C, 1D, 1H, 1S with the opponents silent (`contested` false).
///
/// After an overcall the same table applies as far as the bids are still available; a pass
/// then only says that no bid fits. Over a suit overcall up to 2S (`negative_over`) a double
/// is negative ([`negative_double`]) and a new major at the one level shows five cards; over
/// a double or a no-trump overcall a double is for penalties.
pub(crate) fn response_to_one_of_a_suit(opened: Suit, negative_over: Option<Bid>, contested: bool, call: Call) -> Meaning {
    let Call::Bid(b) = call else {
        return match call {
            Call::Pass if contested => Meaning::new("no suitable bid"),
            Call::Pass => Meaning::new("0-5 points").pts(0, 5),
            Call::Double => match negative_over {
                Some(theirs) => negative_double(opened, theirs),
                None => Meaning::new("penalty: 10+ points").pts(10, 60),
            },
            _ => Meaning::new("not in system"),
        };
    };
    let mut m = response_to_a_suit_bid(opened, contested, b);
    // Over their suit overcall a four-card major that the negative double cannot show (1D
    // (2C): the double shows both majors) is no bar to 2NT or 3NT.
    if negative_over.is_some() && b.strain() == Strain::NoTrump && b.level() >= 2 {
        m.max_len[Suit::Hearts.index()] = 13;
        m.max_len[Suit::Spades.index()] = 13;
    }
    if contested && b.strain() == Strain::NoTrump && b.level() <= 3 {
        m.text.push_str(", a stopper in their suit");
    }
    if let (Some(theirs), 1, Some(s)) = (negative_over, b.level(), b.strain().trump()) {
        // A one-level major shows five cards when the double would show four of it; when the
        // double shows both majors (1m (1D)), it shows four, as uncontested.
        if is_major(s) && !negative_double_shows_both_majors(opened, theirs) {
            m = Meaning::new(format!("new suit: 6+ points, 5+ {}; forcing", suit_name(s))).pts(6, 60).min(s, 5).forcing();
        }
    }
    m
}

/// The overcall over partner's one of a suit, when a double of it now is negative: right-hand
/// opponent's suit bid up to 2S was the opponents' only action.
pub(crate) fn negative_double_over(ctx: &Ctx<'_>, contested: bool) -> Option<Bid> {
    let (seat, theirs) = ctx.last_bid()?;
    let up_to_2s = theirs <= Bid::new(2, Strain::Spades).ok()?;
    (contested && seat == ctx.me().rho() && theirs.strain().trump().is_some() && up_to_2s).then_some(theirs)
}

/// Does the negative double of `theirs` over partner's `opened` show both majors (neither
/// side has bid one)?
pub(crate) fn negative_double_shows_both_majors(opened: Suit, theirs: Bid) -> bool {
    !is_major(opened) && theirs.strain().trump().is_some_and(|t| !is_major(t))
}

/// Responder's negative double of the overcall `theirs` over partner's one of `opened`: 6+
/// points (8+ over a two-level overcall) and four cards in each major neither side has bid;
/// with no such major, four cards in each of the two suits left.
pub(crate) fn negative_double(opened: Suit, theirs: Bid) -> Meaning {
    let their_suit = theirs.strain().trump();
    let unbid: Vec<Suit> = Suit::DESCENDING.into_iter().filter(|&s| s != opened && Some(s) != their_suit).collect();
    let majors: Vec<Suit> = unbid.iter().copied().filter(|&s| is_major(s)).collect();
    let shown = if majors.is_empty() { unbid } else { majors };
    let lo = if theirs.level() == 1 { 6 } else { 8 };
    let names: Vec<&str> = shown.iter().map(|&s| suit_name(s)).collect();
    let mut m = Meaning::new(format!("negative: {lo}+ points, 4+ {}", names.join(" and 4+ "))).pts(lo, 60);
    for s in shown {
        m = m.min(s, 4);
    }
    m
}

fn response_to_a_suit_bid(opened: Suit, contested: bool, b: Bid) -> Meaning {
    let major = is_major(opened);
    let name = suit_name(opened);
    match (b.level(), b.strain().trump()) {
        (2, Some(s)) if s == opened && major => Meaning::new(format!("simple raise: 6-9 points, 3+ {name}")).pts(6, 9).min(s, 3).support(s),
        (3, Some(s)) if s == opened && major => Meaning::new(format!("limit raise: 10-12 points, 3+ {name}")).pts(10, 12).min(s, 3).support(s),
        (4, Some(s)) if s == opened && major => Meaning::new(format!("game raise: 13+ points, 3+ {name}")).pts(13, 60).min(s, 3).support(s),
        (2, Some(s)) if s == opened => {
            Meaning::new(format!("raise: 6-9 points, 5+ {name}, no 4-card major")).pts(6, 9).min(s, 5).max(Suit::Hearts, 3).max(Suit::Spades, 3)
        }
        (3, Some(s)) if s == opened => {
            Meaning::new(format!("limit raise: 10-12 points, 5+ {name}, no 4-card major")).pts(10, 12).min(s, 5).max(Suit::Hearts, 3).max(Suit::Spades, 3)
        }
        (1, Some(s)) => Meaning::new(format!("new suit: 6+ points, 4+ {}; forcing", suit_name(s))).pts(6, 60).min(s, 4).forcing(),
        (2, Some(s)) if s < opened => {
            let need = if s == Suit::Hearts { 5 } else { 4 };
            Meaning::new(format!("two over one: 10+ points, {need}+ {}; forcing", suit_name(s))).pts(10, 60).min(s, need).forcing()
        }
        (1, None) => {
            let m = Meaning::new(if major { "6-10 HCP, no fit" } else { "6-10 HCP, no 4-card major" }).hcp(6, 10).pts(6, 12);
            if major {
                m.max(opened, 2)
            } else {
                m.max(Suit::Hearts, 3).max(Suit::Spades, 3)
            }
        }
        (2, None) => Meaning::new("11-12 HCP, balanced, invitational").hcp(11, 12).balanced().max(Suit::Hearts, 3).max(Suit::Spades, 3),
        (3, None) => Meaning::new("13-15 HCP, balanced, to play").hcp(13, 15).balanced().max(Suit::Hearts, 3).max(Suit::Spades, 3),
        (2, Some(s)) if contested => Meaning::new(format!("free bid: 8+ points, 5+ {}", suit_name(s))).min(s, 5).pts(8, 60),
        (_, Some(s)) => Meaning::new(format!("not in system: natural, 6+ {}", suit_name(s))).min(s, 6).pts(10, 60),
        (_, None) => Meaning::new("not in system: natural, to play"),
    }
}

/// Partner's negative double of the overcall on my opening, right-hand opponent passing (my
/// only call so far was the opening): my suit, the overcall, and what the double showed.
pub(crate) fn partner_doubled_negatively(ctx: &Ctx<'_>) -> Option<(Suit, Bid, Meaning)> {
    let (i, Call::Double) = ctx.partners_call()? else { return None };
    let shown = ctx.shown.get(i).filter(|m| m.text.starts_with("negative"))?;
    let (_, opener, opening) = ctx.opening()?;
    let theirs = ctx.their_last_bid()?;
    (opener == ctx.me()).then(|| Some((opening.strain().trump()?, theirs, shown.clone()))).flatten()
}

/// Opener's answer to partner's negative double: a suit the double showed (the cheapest bid
/// 12-15 points, a jump 16-18, game 19+), no trump with a stopper in their suit (the cheapest
/// 12-14 HCP, a jump 18-19), a penalty pass with five cards in their suit, a rebid of the
/// opened suit (the cheapest 12-15 points, a jump 16-18 with six), or another suit.
pub(crate) fn answer_to_negative_double(ctx: &Ctx<'_>, opened: Suit, theirs: Bid, shown: &Meaning, call: Call) -> Meaning {
    let their = theirs.strain().trump().unwrap_or(Suit::Clubs);
    let Call::Bid(b) = call else {
        return match call {
            Call::Pass => Meaning::new(format!("penalty pass: 5+ {}", suit_name(their))).min(their, 5),
            _ => general(ctx, call),
        };
    };
    let Some(cheapest) = ctx.cheapest_level(b.strain()) else { return general(ctx, call) };
    let jump = b.level() == cheapest + 1;
    match b.strain().trump() {
        Some(s) if shown.min_len[s.index()] >= 4 => {
            let name = suit_name(s);
            if b.level() == game_level(b.strain()) && b.level() > cheapest {
                Meaning::new(format!("4+ {name}, 19+ points; game, to play")).pts(19, 60).min(s, 4)
            } else if jump {
                Meaning::new(format!("4+ {name}, 16-18 points")).pts(16, 18).min(s, 4)
            } else if b.level() == cheapest {
                Meaning::new(format!("4+ {name}, 12-15 points")).pts(12, 15).min(s, 4)
            } else {
                general(ctx, call)
            }
        }
        Some(s) if s == opened => {
            let name = suit_name(s);
            if jump {
                Meaning::new(format!("6+ {name}, 16-18 points")).pts(16, 18).min(s, 6)
            } else if b.level() == cheapest {
                Meaning::new(format!("5+ {name}, 12-15 points")).pts(12, 15).min(s, 5)
            } else {
                general(ctx, call)
            }
        }
        Some(s) if s != their && b.level() == cheapest => {
            Meaning::new(format!("new suit: 4+ {}, 12-18 points", suit_name(s))).pts(12, 18).min(s, 4).max(opened, 5)
        }
        None if b.level() == cheapest => Meaning::new("12-14 HCP, balanced, a stopper in their suit").hcp(12, 14).balanced(),
        None if jump || (b.level() == 3 && cheapest == 2) => Meaning::new("18-19 HCP, balanced, a stopper in their suit").hcp(18, 19).balanced(),
        _ => general(ctx, call),
    }
}

/// Advances of partner's 1NT overcall: no Stayman or transfers there, so 2NT and 3NT do not
/// deny a four-card major (a 9-count with four hearts passed, explained as 0-7 HCP).
fn advance_of_one_notrump(call: Call) -> Meaning {
    match call {
        Call::Bid(b) if b.level() == 2 && b.strain() == Strain::NoTrump => Meaning::new("8-9 HCP, invitational").hcp(8, 9),
        Call::Bid(b) if b.level() == 3 && b.strain() == Strain::NoTrump => Meaning::new("10-15 HCP, to play").hcp(10, 15),
        _ => response_to_one_notrump(call),
    }
}

/// Responses to a 1NT opening: Stayman and Jacoby transfers.
pub(crate) fn response_to_one_notrump(call: Call) -> Meaning {
    let Call::Bid(b) = call else {
        return Meaning::new("0-7 HCP").hcp(0, 7);
    };
    match (b.level(), b.strain().trump()) {
        (2, Some(Suit::Clubs)) => Meaning::new("Stayman: asks for a 4-card major; 8+ HCP").hcp(8, 40).alert().forcing(),
        (2, Some(Suit::Diamonds)) => Meaning::new("Jacoby transfer: 5+ hearts").min(Suit::Hearts, 5).alert().forcing(),
        (2, Some(Suit::Hearts)) => Meaning::new("Jacoby transfer: 5+ spades").min(Suit::Spades, 5).alert().forcing(),
        (2, None) => Meaning::new("8-9 HCP, invitational, no 4-card major").hcp(8, 9).max(Suit::Hearts, 3).max(Suit::Spades, 3),
        (3, None) => Meaning::new("10-15 HCP, to play, no 4-card major").hcp(10, 15).max(Suit::Hearts, 3).max(Suit::Spades, 3),
        (4, None) => Meaning::new("quantitative: 16-17 HCP, invites 6NT").hcp(16, 17).max(Suit::Hearts, 3).max(Suit::Spades, 3),
        (6, None) => Meaning::new("18+ HCP, to play").hcp(18, 40),
        (_, Some(s)) => Meaning::new(format!("not in system: natural, 6+ {}", suit_name(s))).min(s, 6),
        (_, None) => Meaning::new("not in system: natural, to play"),
    }
}

/// Responses to the strong 2C opening.
pub(crate) fn response_to_two_clubs(call: Call) -> Meaning {
    let Call::Bid(b) = call else {
        return Meaning::new("not in system (2C is forcing)");
    };
    match (b.level(), b.strain().trump()) {
        (2, Some(Suit::Diamonds)) => Meaning::new("waiting: artificial, says nothing about diamonds").alert(),
        (2, None) => Meaning::new("positive: 8+ HCP, balanced").hcp(8, 40).balanced(),
        (_, Some(s)) => Meaning::new(format!("positive: 8+ HCP, 5+ {}", suit_name(s))).hcp(8, 40).min(s, 5),
        (_, None) => Meaning::new("positive: 8+ HCP, natural").hcp(8, 40),
    }
}

/// Responses to the 2NT opening.
pub(crate) fn response_to_two_notrump(call: Call) -> Meaning {
    let Call::Bid(b) = call else {
        return Meaning::new("0-4 HCP").hcp(0, 4);
    };
    match (b.level(), b.strain().trump()) {
        (3, None) => Meaning::new("5-10 HCP, to play").hcp(5, 10),
        (6, None) => Meaning::new("11-15 HCP, to play").hcp(11, 15),
        (4, Some(s)) if is_major(s) => Meaning::new(format!("6+ {}, to play", suit_name(s))).min(s, 6).hcp(4, 40),
        // No transfers over 2NT: a five-card major asks opener to choose the game.
        (3, Some(s)) if is_major(s) => {
            Meaning::new(format!("5+ {}, 5-10 HCP, game forcing: choose 4{} or 3NT", suit_name(s), s.letter())).min(s, 5).hcp(5, 10).forcing()
        }
        (_, Some(s)) => Meaning::new(format!("not in system: natural, 5+ {}", suit_name(s))).min(s, 5),
        (_, None) => Meaning::new("not in system: natural, to play"),
    }
}

/// Responses to weak twos and preempts.
pub(crate) fn response_to_preempt(opening: Bid, opened: Suit, call: Call) -> Meaning {
    let Call::Bid(b) = call else {
        return Meaning::new("no interest in game");
    };
    let name = suit_name(opened);
    match b.strain().trump() {
        Some(s) if s == opened && b.level() == opening.level() + 1 && b.level() < 4 => {
            Meaning::new(format!("raise: 3+ {name}, to play (preemptive)")).min(s, 3).pts(6, 15)
        }
        Some(s) if s == opened => Meaning::new(format!("to play: game values, 2+ {name}")).min(s, 2).pts(16, 60),
        None if b.level() == 3 => Meaning::new("to play: 16+ HCP, balanced").hcp(16, 40).balanced(),
        Some(s) => Meaning::new(format!("natural, 5+ {}, 16+ points; forcing", suit_name(s))).min(s, 5).pts(16, 60).forcing(),
        None => Meaning::new("natural, to play"),
    }
}

// ---------------------------------------------------------------------------------------------
// Opener's rebid

/// Opener's second call after partner's response, the opponents silent.
pub(crate) fn rebid(ctx: &Ctx<'_>, opening: Bid, response: Bid, call: Call) -> Meaning {
    match opening.strain().trump() {
        None if opening.level() == 1 => rebid_after_one_notrump(response, call),
        Some(Suit::Clubs) if opening.level() == 2 => rebid_after_two_clubs(response, call),
        Some(opened) if opening.level() == 1 => {
            // Whether a bid jumps depends on what the opponents bid since the response.
            let cheapest = match call {
                Call::Bid(b) => ctx.cheapest_level(b.strain()),
                _ => None,
            };
            rebid_after_one_of_a_suit(opened, response, call, cheapest)
        }
        _ => other(ctx, call),
    }
}

fn rebid_after_one_notrump(response: Bid, call: Call) -> Meaning {
    let r = (response.level(), response.strain());
    match (r, call) {
        ((2, Strain::Clubs), Call::Bid(b)) if b.level() == 2 => match b.strain() {
            Strain::Diamonds => Meaning::new("answer to Stayman: no 4-card major").max(Suit::Hearts, 3).max(Suit::Spades, 3).alert(),
            Strain::Hearts => Meaning::new("answer to Stayman: 4+ hearts").min(Suit::Hearts, 4),
            Strain::Spades => Meaning::new("answer to Stayman: 4+ spades, fewer than 4 hearts").min(Suit::Spades, 4).max(Suit::Hearts, 3),
            _ => Meaning::new("not in system"),
        },
        ((2, Strain::Diamonds), Call::Bid(b)) if b.level() == 2 && b.strain() == Strain::Hearts => {
            Meaning::new("completes the transfer: 2+ hearts").min(Suit::Hearts, 2)
        }
        ((2, Strain::Hearts), Call::Bid(b)) if b.level() == 2 && b.strain() == Strain::Spades => {
            Meaning::new("completes the transfer: 2+ spades").min(Suit::Spades, 2)
        }
        ((2, Strain::NoTrump), Call::Bid(b)) if b.level() == 3 && b.strain() == Strain::NoTrump => {
            Meaning::new("accepts the invitation: 16-17 HCP").hcp(16, 17)
        }
        ((2, Strain::NoTrump), Call::Pass) => Meaning::new("declines the invitation: 15 HCP").hcp(15, 15),
        ((4, Strain::NoTrump), Call::Bid(b)) if b.level() == 6 && b.strain() == Strain::NoTrump => {
            Meaning::new("accepts the slam invitation: 17 HCP").hcp(17, 17)
        }
        ((4, Strain::NoTrump), Call::Pass) => Meaning::new("declines the slam invitation: 15-16 HCP").hcp(15, 16),
        (_, Call::Pass) => Meaning::new("nothing more to say"),
        (_, Call::Bid(b)) => natural(b),
        _ => Meaning::new("not in system"),
    }
}

fn rebid_after_two_clubs(response: Bid, call: Call) -> Meaning {
    let Call::Bid(b) = call else {
        return Meaning::new("not in system (2C is game forcing)");
    };
    if let Some(s) = response.strain().trump() {
        if response.level() > 1 && s != Suit::Diamonds && b.strain() == Strain::from_suit(s) {
            return Meaning::new(format!("support: 3+ {}", suit_name(s))).min(s, 3);
        }
    }
    match (b.level(), b.strain().trump()) {
        (2, None) => Meaning::new("22-24 HCP, balanced").hcp(22, 24).balanced(),
        (3, None) => Meaning::new("25-27 HCP, balanced").hcp(25, 27).balanced(),
        (_, Some(s)) => Meaning::new(format!("natural: 5+ {}, 22+ HCP", suit_name(s))).min(s, 5).hcp(22, 40),
        (_, None) => Meaning::new("natural, 22+ HCP").hcp(22, 40),
    }
}

/// Opener's rebid `call` after one of `opened` and partner's `response`; `cheapest` is the
/// cheapest level still open in the call's strain when it was made (what makes a bid a jump).
fn rebid_after_one_of_a_suit(opened: Suit, response: Bid, call: Call, cheapest: Option<u8>) -> Meaning {
    let name = suit_name(opened);
    let Call::Bid(b) = call else {
        return match response.strain().trump() {
            Some(s) if s == opened && response.level() == 2 => Meaning::new("minimum: 12-16 points").pts(12, 16),
            Some(s) if s == opened && response.level() == 3 => Meaning::new("declines the invitation: 12-14 points").pts(12, 14),
            None if response.level() == 1 => Meaning::new("minimum, balanced: 12-14 HCP").hcp(12, 14).balanced(),
            None if response.level() == 2 => Meaning::new("declines the invitation: 11-12 HCP").hcp(11, 12),
            _ => Meaning::new("nothing more to say"),
        };
    };
    let partner_suit = response.strain().trump().filter(|&s| s != opened);
    let (level, strain) = (b.level(), b.strain().trump());
    // Partner raised our suit.
    if response.strain() == Strain::from_suit(opened) {
        return match (response.level(), level, strain) {
            (2, 3, Some(s)) if s == opened => Meaning::new(format!("invitational: 17-18 points, 5+ {name}")).pts(17, 18),
            (2, 4, Some(s)) if s == opened && is_major(s) => Meaning::new("to play: 19+ points").pts(19, 60),
            (2, 3, None) => Meaning::new("to play: 18-21 HCP").hcp(18, 21),
            (3, 4, Some(s)) if s == opened => Meaning::new("accepts the invitation: 15+ points").pts(15, 60),
            (3, 3, None) => Meaning::new("accepts the invitation: 15+ HCP").hcp(15, 40),
            (4, 4, None) => rkcb(opened),
            _ => natural(b),
        };
    }
    match (level, strain) {
        // Raises of partner's new suit.
        (2, Some(s)) if Some(s) == partner_suit && response.level() == 1 => {
            Meaning::new(format!("raise: 12-15 points, 4+ {}", suit_name(s))).pts(12, 15).min(s, 4)
        }
        (3, Some(s)) if Some(s) == partner_suit && response.level() == 1 => {
            Meaning::new(format!("jump raise: 16-18 points, 4+ {}", suit_name(s))).pts(16, 18).min(s, 4)
        }
        (4, Some(s)) if Some(s) == partner_suit && response.level() == 1 && is_major(s) => {
            Meaning::new(format!("to play: 19-21 points, 4+ {}", suit_name(s))).pts(19, 21).min(s, 4)
        }
        (3, Some(s)) if Some(s) == partner_suit && response.level() == 2 => {
            let need = if is_major(s) { 3 } else { 4 };
            Meaning::new(format!("support: {need}+ {}", suit_name(s))).min(s, need)
        }
        // Rebids of our own suit.
        // Three of the suit opened when two was taken by the opponents: competitive.
        (3, Some(s)) if s == opened && response.level() == 1 && cheapest == Some(3) => {
            Meaning::new(format!("competitive: 12-15 points, 6+ {name}")).pts(12, 15).min(s, 6)
        }
        // A minor may be rebid with five (a 5-3-3-2 too strong or too weak for 1NT, or a
        // second suit too high to bid).
        (2, Some(s)) if s == opened && response.level() == 1 => {
            let need = if is_major(s) { 6 } else { 5 };
            Meaning::new(format!("minimum: 12-15 points, {need}+ {name}")).pts(12, 15).min(s, need)
        }
        // A major's jump rebid invites (16-18); with more, game (4 of it).
        (3, Some(s)) if s == opened && response.level() == 1 && is_major(s) => {
            Meaning::new(format!("16-18 points, 6+ {name}; invitational")).pts(16, 18).min(s, 6)
        }
        (4, Some(s)) if s == opened && response.level() == 1 && is_major(s) => Meaning::new(format!("to play: 19+ points, 6+ {name}")).pts(19, 60).min(s, 6),
        (3, Some(s)) if s == opened && response.level() == 1 => Meaning::new(format!("16+ points, 6+ {name}; invitational")).pts(16, 60).min(s, 6),
        // After a two-over-one, the fallback rebid of the suit: five cards are enough.
        (2, Some(s)) if s == opened && response.level() == 2 => Meaning::new(format!("5+ {name}")).min(s, 5),
        (_, Some(s)) if s == opened => Meaning::new(format!("6+ {name}")).min(s, 6),
        // No trump rebids.
        (1, None) => Meaning::new("12-14 HCP, balanced").hcp(12, 14).balanced(),
        (2, None) if response.level() == 1 => Meaning::new("18-19 HCP, balanced").hcp(18, 19).balanced(),
        (2, None) => Meaning::new("12-14 HCP, balanced").hcp(12, 14).balanced(),
        (3, None) if response.level() == 2 && response.strain() == Strain::NoTrump => Meaning::new("accepts the invitation: 13+ HCP").hcp(13, 40),
        (3, None) => Meaning::new("18-19 HCP, balanced").hcp(18, 19).balanced(),
        // New suits.
        (1, Some(s)) => Meaning::new(format!("new suit: 4+ {}, 12-18 points", suit_name(s))).min(s, 4).pts(12, 18),
        (2, Some(s)) if s > opened => {
            Meaning::new(format!("reverse: 17+ points, 4+ {}, longer {name}; forcing", suit_name(s))).min(s, 4).min(opened, 5).pts(17, 60).forcing()
        }
        (2, Some(s)) => Meaning::new(format!("new suit: 4+ {}, 12-18 points", suit_name(s))).min(s, 4).pts(12, 18),
        // A jump in a new suit after a one-level response (two of it was still available).
        (3, Some(s)) if s != opened && Some(s) != partner_suit && response.level() == 1 && cheapest == Some(2) => {
            Meaning::new(format!("jump shift: 19+ points, 4+ {}; game forcing", suit_name(s))).pts(19, 60).min(s, 4).forcing()
        }
        _ => natural(b),
    }
}

// ---------------------------------------------------------------------------------------------
// Competition

/// The first action of a side after the opponents opened.
pub(crate) fn overcall(ctx: &Ctx<'_>, theirs: Bid, call: Call) -> Meaning {
    if let Some(m) = two_suited_overcall(ctx, theirs, call) {
        return m;
    }
    if balancing(ctx) {
        if let Some(m) = balancing_call(ctx, theirs, call) {
            return m;
        }
    }
    match call {
        Call::Pass => Meaning::new("no suitable overcall or double"),
        Call::Double if theirs.strain() == Strain::NoTrump => Meaning::new("penalty: 15+ HCP").hcp(15, 40),
        Call::Double => {
            let their = theirs.strain().trump().unwrap_or(Suit::Clubs);
            // Either shape: the double is also the start of every strong hand (17+) that no
            // overcall describes.
            Meaning::new(format!("takeout: 12+ points, short in {} with support for the other suits, or 17+ points", suit_name(their))).pts(12, 60)
        }
        Call::Redouble => Meaning::new("not in system"),
        Call::Bid(b) => match b.strain().trump() {
            None if b.level() == 1 => Meaning::new("15-18 HCP, balanced, stopper in their suit").hcp(15, 18).balanced(),
            Some(s) => {
                let cheapest = ctx.cheapest(b.strain()) == Some(call);
                if cheapest && b.level() == 1 {
                    Meaning::new(format!("overcall: 8-16 HCP, 5+ {}", suit_name(s))).hcp(8, 16).min(s, 5)
                } else if cheapest && b.level() == 2 {
                    Meaning::new(format!("overcall: 10-16 HCP, 5+ {}", suit_name(s))).hcp(10, 16).min(s, 5)
                } else if cheapest && b.level() == 3 && theirs.level() >= 2 {
                    Meaning::new(format!("overcall: 12-17 HCP, 6+ {}", suit_name(s))).hcp(12, 17).min(s, 6)
                } else {
                    Meaning::new(format!("not in system: natural, 6+ {}", suit_name(s))).min(s, 6)
                }
            }
            None => Meaning::new("not in system: natural, to play"),
        },
    }
}

/// In the pass-out seat after their opening one of a suit (`1x Pass Pass`): the balancing
/// seat, where actions show about three points less (partner may hold the values).
pub(crate) fn balancing(ctx: &Ctx<'_>) -> bool {
    let n = ctx.calls.len();
    let Some((i, _, opening)) = ctx.opening() else { return false };
    n >= 3 && i == n - 3 && ctx.calls[n - 2] == Call::Pass && ctx.calls[n - 1] == Call::Pass && opening.level() == 1 && opening.strain() != Strain::NoTrump
}

/// Balancing actions: a takeout double with 9+ points (or 15+ of any shape), 1NT 11-14 HCP,
/// a suit 6-16 HCP at the one level and 8-16 HCP at the two level.
fn balancing_call(ctx: &Ctx<'_>, theirs: Bid, call: Call) -> Option<Meaning> {
    let their = theirs.strain().trump()?;
    Some(match call {
        Call::Double => {
            Meaning::new(format!("takeout (balancing): 9+ points, short in {} with support for the other suits, or 15+ points", suit_name(their))).pts(9, 60)
        }
        Call::Bid(b) if b.level() == 1 && b.strain() == Strain::NoTrump => {
            Meaning::new("balancing: 11-14 HCP, balanced, stopper in their suit").hcp(11, 14).balanced()
        }
        Call::Bid(b) if ctx.cheapest(b.strain()) == Some(call) && b.level() <= 2 => {
            let s = b.strain().trump()?;
            let lo = if b.level() == 1 { 6 } else { 8 };
            Meaning::new(format!("balancing overcall: {lo}-16 HCP, 5+ {}", suit_name(s))).hcp(lo, 16).min(s, 5)
        }
        _ => return None,
    })
}

/// The suits of a two-suited overcall of their opening one of a suit: a Michaels cue bid
/// (two of their suit: both majors over a minor, the other major and a minor over a major)
/// or the Unusual 2NT (the two lowest unbid suits: both minors over a major). The second
/// value is true when one suit is an unnamed minor (Michaels over a major).
pub(crate) fn two_suited_suits(opening: Bid, call: Call) -> Option<(Vec<Suit>, bool)> {
    let Call::Bid(b) = call else { return None };
    if opening == Bid::new(1, Strain::NoTrump).ok()? {
        return (b == Bid::new(2, Strain::Clubs).ok()?).then(|| (vec![Suit::Spades, Suit::Hearts], false));
    }
    let their = opening.strain().trump().filter(|_| opening.level() == 1)?;
    use Suit::*;
    match (b.level(), b.strain().trump()) {
        (2, Some(s)) if s == their && !is_major(their) => Some((vec![Spades, Hearts], false)),
        (2, Some(s)) if s == their => Some((vec![if their == Hearts { Spades } else { Hearts }], true)),
        (2, None) => Some((Suit::ALL.into_iter().filter(|&s| s != their).take(2).collect(), false)),
        _ => None,
    }
}

/// Michaels or the Unusual 2NT, when `call` is one now: the opponents opened one of a suit and
/// made no other bid.
fn two_suited_overcall(ctx: &Ctx<'_>, theirs: Bid, call: Call) -> Option<Meaning> {
    let (_, _, opening) = ctx.opening()?;
    if opening != theirs || ctx.made().filter(|(_, _, c)| matches!(c, Call::Bid(_))).count() != 1 {
        return None;
    }
    let (suits, minor) = two_suited_suits(opening, call)?;
    let landy = opening.strain() == Strain::NoTrump;
    let least = if landy { 4 } else { 5 };
    let names: Vec<String> = suits.iter().map(|&s| format!("{least}+ {}", suit_name(s))).collect();
    let name = match call {
        _ if landy => "Landy",
        Call::Bid(b) if b.strain() == Strain::NoTrump => "Unusual 2NT",
        _ => "Michaels",
    };
    let shape = match () {
        _ if minor => format!("{} and a five-card minor", names[0]),
        _ if landy => format!("{} (nine or more cards in the majors)", names.join(" and ")),
        _ => names.join(" and "),
    };
    let mut m = Meaning::new(format!("{name}: {shape}, 8-16 HCP")).hcp(8, 16).alert();
    for s in suits {
        m = m.min(s, least);
    }
    Some(m)
}

/// Does `m` describe a two-suited overcall (Michaels, the Unusual 2NT, Landy)?
pub(crate) fn is_two_suiter(m: &Meaning) -> bool {
    ["Michaels", "Unusual", "Landy"].iter().any(|n| m.text.starts_with(n))
}

/// Partner's first action was a two-suited overcall ([`two_suited_suits`]): its suits and
/// whether one is an unnamed minor.
pub(crate) fn partner_two_suiter(ctx: &Ctx<'_>) -> Option<(Vec<Suit>, bool)> {
    let partner = ctx.me().partner();
    let (i, _, call) = ctx.made().find(|&(_, s, c)| s == partner && c != Call::Pass)?;
    let m = ctx.shown.get(i)?;
    if !is_two_suiter(m) {
        return None;
    }
    two_suited_suits(ctx.opening()?.2, call)
}

/// Advancing partner's two-suited overcall: a preference (the cheapest bid in a suit shown),
/// a jump (invitational), game, or, opposite Michaels over a major without three cards in it,
/// 2NT asking for partner's minor.
fn advance_two_suiter(ctx: &Ctx<'_>, suits: &[Suit], call: Call) -> Option<Meaning> {
    let Call::Bid(b) = call else { return None };
    if b == Bid::new(2, Strain::NoTrump).ok()? {
        return Some(Meaning::new("asks for partner's minor").alert().forcing().max(suits[0], 2));
    }
    let s = b.strain().trump().filter(|s| suits.contains(s))?;
    let cheapest = ctx.cheapest_level(b.strain())?;
    let name = suit_name(s);
    Some(if b.level() == game_level(b.strain()) && b.level() > cheapest {
        let lo = if is_major(s) { 11 } else { 13 };
        Meaning::new(format!("to play: {lo}+ points, 4+ {name}; game")).pts(lo, 60).min(s, 4)
    } else if b.level() == cheapest + 1 {
        Meaning::new(format!("invitational: 9-11 points, 4+ {name}")).pts(9, 11).min(s, 4)
    } else if b.level() == cheapest {
        Meaning::new(format!("preference: {name}"))
    } else {
        return None;
    })
}

/// Right-hand opponent doubled partner's two-suiter, and I have only passed.
pub(crate) fn two_suiter_doubled(ctx: &Ctx<'_>) -> bool {
    let n = ctx.calls.len();
    let me = ctx.me();
    n >= 2 && ctx.calls[n - 1] == Call::Double && ctx.calls_of(me, 0).iter().all(|&c| c == Call::Pass) && partner_two_suiter(ctx).is_some()
}

/// Is a double now responsive? Partner doubled their opening one of a suit for takeout (their
/// only action besides passes), right-hand opponent raised it to the two or three level, and
/// I have only passed. Gives their suit.
pub(crate) fn responsive_double_over(ctx: &Ctx<'_>) -> Option<Suit> {
    let me = ctx.me();
    let (_, opener, opening) = ctx.opening()?;
    let their = opening.strain().trump().filter(|_| opening.level() == 1 && opener.side() != me.side())?;
    let (last_seat, last) = ctx.last_bid()?;
    let partner_doubled = ctx.calls_of(me.partner(), 0).iter().filter(|&&c| c != Call::Pass).eq([Call::Double].iter());
    let raised = last_seat == me.rho() && last.strain() == opening.strain() && (2..=3).contains(&last.level());
    let bids = ctx.made().filter(|(_, _, c)| matches!(c, Call::Bid(_))).count();
    let i_passed = ctx.calls_of(me, 0).iter().all(|&c| c == Call::Pass);
    (partner_doubled && raised && bids == 2 && i_passed && ctx.calls.last() == Some(&Call::Bid(last))).then_some(their)
}

/// The responsive double: 8+ points and four cards in both majors over their minor, in both
/// minors over their major.
fn responsive_double(their: Suit) -> Meaning {
    let suits = if is_major(their) { [Suit::Clubs, Suit::Diamonds] } else { [Suit::Hearts, Suit::Spades] };
    Meaning::new(format!("responsive: 8+ points, 4+ {} and 4+ {}", suit_name(suits[1]), suit_name(suits[0]))).pts(8, 60).min(suits[0], 4).min(suits[1], 4)
}

/// Partner's responsive double, right-hand opponent passing: the suits it showed.
pub(crate) fn partner_doubled_responsively(ctx: &Ctx<'_>) -> Option<[Suit; 2]> {
    let (i, Call::Double) = ctx.partners_call()? else { return None };
    let m = ctx.shown.get(i).filter(|m| m.text.starts_with("responsive"))?;
    let shown: Vec<Suit> = Suit::DESCENDING.into_iter().filter(|s| m.min_len[s.index()] >= 4).collect();
    (shown.len() == 2).then(|| [shown[0], shown[1]])
}

/// The doubler's answer to partner's responsive double: the cheapest bid in a shown suit
/// ("3+ ..., 12-16 points"), a jump with 17+ points and four cards.
fn answer_to_responsive(ctx: &Ctx<'_>, shown: [Suit; 2], call: Call) -> Option<Meaning> {
    let Call::Bid(b) = call else { return None };
    let s = b.strain().trump().filter(|s| shown.contains(s))?;
    let cheapest = ctx.cheapest_level(b.strain())?;
    let name = suit_name(s);
    if b.level() == cheapest {
        Some(Meaning::new(format!("3+ {name}, 12-16 points")).pts(12, 16).min(s, 3))
    } else if b.level() == cheapest + 1 {
        Some(Meaning::new(format!("4+ {name}, 17+ points")).pts(17, 60).min(s, 4))
    } else {
        None
    }
}

/// After my Michaels over a major, partner's 2NT asked for my minor (right-hand opponent
/// passed).
pub(crate) fn partner_asked_for_my_minor(ctx: &Ctx<'_>) -> bool {
    ctx.partners_call().is_some_and(|(i, c)| c == bid(2, Strain::NoTrump) && ctx.shown.get(i).is_some_and(|m| m.text.starts_with("asks for partner's minor")))
}

/// The first call of the overcaller's (or doubler's) partner.
pub(crate) fn advance(ctx: &Ctx<'_>, partner: Call, theirs: Bid, call: Call) -> Meaning {
    if let Some((suits, _)) = partner_two_suiter(ctx) {
        if let Some(m) = advance_two_suiter(ctx, &suits, call) {
            return m;
        }
    }
    let their = theirs.strain().trump();
    match partner {
        Call::Double if their.is_some() => match call {
            Call::Pass => {
                let s = their.unwrap_or(Suit::Clubs);
                Meaning::new(format!("penalty pass: 8+ HCP, 5+ {}", suit_name(s))).hcp(8, 40).min(s, 5)
            }
            Call::Bid(b) => {
                let cheapest = ctx.cheapest(b.strain()) == Some(call);
                match b.strain().trump() {
                    // No room for a jump below game at the three level: the cheapest bid covers
                    // the invitational hands too.
                    Some(s) if cheapest && b.level() >= 3 => Meaning::new(format!("0-11 points, 4+ {}", suit_name(s))).pts(0, 11).min(s, 4),
                    Some(s) if cheapest => Meaning::new(format!("0-8 points, 4+ {}", suit_name(s))).pts(0, 8).min(s, 4),
                    Some(s) if b.level() == 4 && is_major(s) => Meaning::new(format!("to play: 12+ points, 4+ {}", suit_name(s))).pts(12, 60).min(s, 4),
                    Some(s) if b.level() == 5 => Meaning::new(format!("to play: 13+ points, 5+ {}", suit_name(s))).pts(13, 60).min(s, 5),
                    Some(s) => Meaning::new(format!("jump: 9-11 points, 4+ {}", suit_name(s))).pts(9, 11).min(s, 4),
                    None if b.level() <= 2 && cheapest => Meaning::new("6-10 HCP, stopper in their suit").hcp(6, 10),
                    None => Meaning::new("to play: 11+ HCP, stopper in their suit").hcp(11, 40),
                }
            }
            _ => other(ctx, call),
        },
        Call::Bid(p) if p.strain() == Strain::NoTrump && p.level() == 1 => advance_of_one_notrump(call),
        Call::Bid(p) => {
            let Some(ps) = p.strain().trump() else { return other(ctx, call) };
            match call {
                Call::Pass => Meaning::new("no fit or too weak to act"),
                Call::Bid(b) if b.strain() == p.strain() => {
                    if b.level() >= 4 || (b.level() == 5 && !is_major(ps)) {
                        Meaning::new(format!("to play: 13+ points, 3+ {}", suit_name(ps))).pts(13, 60).min(ps, 3)
                    } else if b.level() == p.level() + 1 {
                        Meaning::new(format!("raise: 6-9 points, 3+ {}", suit_name(ps))).pts(6, 9).min(ps, 3)
                    } else {
                        Meaning::new(format!("jump raise: 10-12 points, 3+ {}", suit_name(ps))).pts(10, 12).min(ps, 3)
                    }
                }
                Call::Bid(b) if b.strain() == Strain::NoTrump => {
                    let cheapest = ctx.cheapest_level(Strain::NoTrump).unwrap_or(b.level());
                    match (b.level(), cheapest) {
                        (l, c) if l == c => Meaning::new("natural: 8-11 HCP, stopper in their suit").hcp(8, 11),
                        (2, 1) => Meaning::new("natural: 12-14 HCP, stopper in their suit; invitational").hcp(12, 14),
                        (3, 1) => Meaning::new("to play: 15+ HCP, stopper in their suit").hcp(15, 40),
                        (3, _) => Meaning::new("to play: 12+ HCP, stopper in their suit").hcp(12, 40),
                        _ => Meaning::new("natural, to play"),
                    }
                }
                Call::Bid(b) => match b.strain().trump() {
                    Some(s) => Meaning::new(format!("new suit: 10+ points, 5+ {}", suit_name(s))).pts(10, 60).min(s, 5),
                    None => Meaning::new("natural"),
                },
                _ => other(ctx, call),
            }
        }
        _ => other(ctx, call),
    }
}

// ---------------------------------------------------------------------------------------------
// General rules

/// Roman Key Card Blackwood, 1430 (docs/robot-system.md, "Slam"): 4NT asks for the five
/// keycards (the four aces and the king of `trump`).
fn rkcb(trump: Suit) -> Meaning {
    Meaning::new(format!("RKCB for {}: asks for keycards (the four aces and the {})", suit_name(trump), card_name(trump, "king"))).alert().forcing()
}

/// The suit a 4NT by the player to call asks keycards for: the last suit both partners bid
/// naturally; else partner's last natural suit; else the player's own. Artificial bids
/// (Stayman, transfers, cue bids) name no suit here.
pub(crate) fn rkcb_trump(ctx: &Ctx<'_>) -> Option<Suit> {
    let me = ctx.me();
    let natural_suits = |seat: Seat| -> Vec<Suit> {
        ctx.made()
            .filter(|&(i, s, _)| s == seat && !ctx.shown.get(i).is_some_and(|m| m.artificial))
            .filter_map(|(_, _, c)| match c {
                Call::Bid(b) => b.strain().trump(),
                _ => None,
            })
            .collect()
    };
    let mine = natural_suits(me);
    let partners = natural_suits(me.partner());
    let both = ctx.made().rev().find_map(|(_, s, c)| match c {
        Call::Bid(b) if s.side() == me.side() => b.strain().trump().filter(|t| mine.contains(t) && partners.contains(t)),
        _ => None,
    });
    both.or_else(|| partners.last().copied()).or_else(|| mine.last().copied())
}

/// Is 4NT now RKCB? Yes when our side has a suit to ask about and partner's last bid was not
/// in no trump (then 4NT is quantitative).
pub(crate) fn four_nt_asks_keycards(ctx: &Ctx<'_>) -> bool {
    let partner = ctx.me().partner();
    let partner_last_bid = ctx.made().rev().find_map(|(_, s, c)| match c {
        Call::Bid(b) if s == partner => Some(b),
        _ => None,
    });
    partner_last_bid.is_none_or(|b| b.strain() != Strain::NoTrump) && rkcb_trump(ctx).is_some()
}

/// The RKCB 4NT at `i` (made with the meaning "RKCB ..."), with its trump suit.
fn rkcb_at(ctx: &Ctx<'_>, i: usize) -> Option<Suit> {
    let is_4nt = ctx.calls.get(i) == Some(&bid(4, Strain::NoTrump));
    if !is_4nt || !ctx.shown.get(i).is_some_and(|m| m.text.starts_with("RKCB")) {
        return None;
    }
    rkcb_trump(&ctx.before(i))
}

/// Has `seat` asked for keycards (RKCB) in this auction?
pub(crate) fn asked_keycards(ctx: &Ctx<'_>, seat: Seat) -> bool {
    ctx.made().any(|(i, s, _)| s == seat && rkcb_at(ctx, i).is_some())
}

/// Partner just asked for keycards (right-hand opponent passed): the trump suit.
pub(crate) fn partner_asked_for_keycards(ctx: &Ctx<'_>) -> Option<Suit> {
    rkcb_at(ctx, ctx.partners_call()?.0)
}

/// I asked for keycards and partner answered, the opponents passing: the trump suit and
/// partner's answer.
pub(crate) fn keycards_answered(ctx: &Ctx<'_>) -> Option<(Suit, Bid)> {
    let (i, Call::Bid(answer)) = ctx.partners_call()? else { return None };
    let (asked, _) = ctx.before(i).partners_call()?;
    Some((rkcb_at(ctx, asked)?, answer))
}

/// After partner's answer 5C or 5D, the asker's queen ask: the cheapest bid of the five level
/// in a suit other than the trump suit.
fn queen_ask(ctx: &Ctx<'_>, b: Bid) -> Option<Suit> {
    let (trump, answer) = keycards_answered(ctx)?;
    if ![Strain::Clubs, Strain::Diamonds].contains(&answer.strain()) || b.level() != 5 {
        return None;
    }
    let ask = Suit::ALL.into_iter().filter(|&s| s != trump).map(|s| suit_bid(5, s)).find(|&c| ctx.is_legal(c))?;
    (ask == Call::Bid(b)).then_some(trump)
}

/// Partner just asked for the trump queen (right-hand opponent passed): the trump suit.
pub(crate) fn partner_asked_for_queen(ctx: &Ctx<'_>) -> Option<Suit> {
    let (i, Call::Bid(b)) = ctx.partners_call()? else { return None };
    queen_ask(&ctx.before(i), b)
}

/// I asked for the trump queen and partner answered, the opponents passing: the trump suit
/// and whether partner holds the queen.
pub(crate) fn queen_answered(ctx: &Ctx<'_>) -> Option<(Suit, bool)> {
    let (i, Call::Bid(answer)) = ctx.partners_call()? else { return None };
    let asked = ctx.before(i);
    let trump = partner_asked_for_queen(&asked)?;
    Some((trump, queen_shown(&asked, trump, answer)))
}

/// Does the answer `answer` to a queen ask (made now, in `ctx`) show the trump queen? Without
/// it: the cheapest bid in the trump suit; with it: six of the trump suit when five was
/// possible, else 5NT.
fn queen_shown(ctx: &Ctx<'_>, trump: Suit, answer: Bid) -> bool {
    let five = suit_bid(5, trump);
    if ctx.is_legal(five) {
        Call::Bid(answer) != five
    } else {
        answer.strain() == Strain::NoTrump
    }
}

/// The meaning of the RKCB answers and of the queen ask and its answers, when `b` is one.
fn slam_convention(ctx: &Ctx<'_>, b: Bid) -> Option<Meaning> {
    if let Some(trump) = partner_asked_for_keycards(ctx) {
        let q = card_name(trump, "queen");
        return Some(
            match (b.level(), b.strain()) {
                (5, Strain::Clubs) => Meaning::new("RKCB answer: 1 or 4 keycards"),
                (5, Strain::Diamonds) => Meaning::new("RKCB answer: 0 or 3 keycards"),
                (5, Strain::Hearts) => Meaning::new(format!("RKCB answer: 2 keycards without the {q}")),
                (5, Strain::Spades) => Meaning::new(format!("RKCB answer: 2 keycards with the {q}")),
                _ => return None,
            }
            .alert(),
        );
    }
    if let Some(trump) = queen_ask(ctx, b) {
        return Some(Meaning::new(format!("queen ask: do you hold the {}?", card_name(trump, "queen"))).alert().forcing());
    }
    if let Some(trump) = partner_asked_for_queen(ctx) {
        let q = card_name(trump, "queen");
        let answers = (b.strain() == Strain::from_suit(trump) && b.level() <= 6) || b == Bid::new(5, Strain::NoTrump).ok()?;
        if answers {
            let text = if queen_shown(ctx, trump, b) { format!("holds the {q}") } else { format!("no {q}") };
            return Some(Meaning::new(text).alert());
        }
    }
    None
}

/// A plain natural bid.
fn natural(b: Bid) -> Meaning {
    match b.strain().trump() {
        Some(s) => Meaning::new(format!("natural: 4+ {}", suit_name(s))).min(s, 4),
        None => Meaning::new("natural, to play"),
    }
}

/// Calls outside the named situations: RKCB and its answers, support, game and slam bids,
/// penalty doubles.
pub(crate) fn other(ctx: &Ctx<'_>, call: Call) -> Meaning {
    match partner_doubled_negatively(ctx) {
        Some((opened, theirs, shown)) if call != Call::Double && call != Call::Redouble => answer_to_negative_double(ctx, opened, theirs, &shown, call),
        _ => general(ctx, call),
    }
}

/// The general rules' meanings (docs/robot-system.md, "General rules").
fn general(ctx: &Ctx<'_>, call: Call) -> Meaning {
    if let (Some(their), Call::Double) = (responsive_double_over(ctx), call) {
        return responsive_double(their);
    }
    if let Some(m) = partner_doubled_responsively(ctx).and_then(|shown| answer_to_responsive(ctx, shown, call)) {
        return m;
    }
    if let (Some((suits, _)), true) = (partner_two_suiter(ctx), two_suiter_doubled(ctx)) {
        if let Some(m) = advance_two_suiter(ctx, &suits, call) {
            return m;
        }
    }
    if let (true, Call::Bid(b)) = (partner_asked_for_my_minor(ctx), call) {
        if let Some(s) = b.strain().trump().filter(|&s| !is_major(s) && b.level() == 3) {
            return Meaning::new(format!("Michaels: my minor is {}, 5+", suit_name(s))).min(s, 5).alert();
        }
    }
    match call {
        Call::Pass => Meaning::new("nothing more to say"),
        Call::Double => Meaning::new("penalty"),
        Call::Redouble => Meaning::new("strength: 10+ points").pts(10, 60),
        Call::Bid(b) => {
            if let Some(m) = slam_convention(ctx, b) {
                return m;
            }
            if b.level() == 4 && b.strain() == Strain::NoTrump {
                return match rkcb_trump(ctx).filter(|_| four_nt_asks_keycards(ctx)) {
                    Some(trump) => rkcb(trump),
                    None => Meaning::new("quantitative: invites 6NT"),
                };
            }
            if let Some((s, fit)) = game_choice_after_our_1nt(ctx, b) {
                let p = inferred(ctx, ctx.me().partner());
                let values = ctx.game_points().saturating_sub(max_pts(&p));
                return if fit == 4 {
                    // After Stayman: four spades.
                    Meaning::new("4 spades (not hearts: Stayman), game values: opener bids 4S with four spades").pts(values, 60).min(s, 4).max(Suit::Hearts, 3)
                } else {
                    Meaning::new(format!("exactly 5 {}, game values: opener chooses 3NT or 4{}", suit_name(s), s.letter())).pts(values, 60).exactly(s, 5)
                };
            }
            if let (true, Some(s)) = (major_for_choice_of_game(ctx, b), b.strain().trump()) {
                let p = inferred(ctx, ctx.me().partner());
                return Meaning::new(format!("5+ {}, game forcing: choose 4{} or 3NT", suit_name(s), s.letter()))
                    .min(s, 5)
                    .pts(ctx.game_points().saturating_sub(max_pts(&p)), 60)
                    .forcing();
            }
            let me = ctx.me();
            let partner_suits = ctx.suits_bid_by(me.partner());
            let my_suits = ctx.suits_bid_by(me);
            let game = game_level(b.strain());
            let p = inferred(ctx, me.partner());
            let target = if b.level() >= 6 {
                "slam, to play"
            } else if b.level() >= game {
                "game, to play"
            } else {
                ""
            };
            let mut m = match b.strain().trump() {
                // A suit partner bid, or showed five cards of (a transfer, a two-suiter).
                Some(s) if partner_suits.contains(&s) || p.min_len[s.index()] >= 5 => {
                    // A fit is eight cards between the hands: two are support for partner's six.
                    let need = 8u8.saturating_sub(p.min_len[s.index()]).clamp(2, 3);
                    Meaning::new(format!("support for {}: {need}+ cards", suit_name(s))).min(s, need).support(s)
                }
                // My own suit again, below game and not supported: a long suit (the general rules
                // rebid a six-card suit, docs/robot-system.md rules 2 and 11).
                Some(s) if my_suits.contains(&s) && b.level() < game => Meaning::new(format!("natural: 6+ {}", suit_name(s))).min(s, 6),
                Some(s) => Meaning::new(format!("natural: 4+ {}", suit_name(s))).min(s, 4),
                None => Meaning::new("natural"),
            };
            let related = b.strain().trump().is_none_or(|s| partner_suits.contains(&s) || my_suits.contains(&s));
            let after_partner = ctx.last_bid().is_some_and(|(s, _)| s == me.partner());
            if !target.is_empty() {
                m.text = format!("{}; {target}", m.text);
                if b.level() < 6 && after_partner {
                    // Game by the general rule: 25+ between the hands, or an invitation accepted.
                    m.pts.0 = ctx.game_points().saturating_sub(max_pts(&p));
                }
            } else if after_partner && related && b.level() >= 2 && b.level() + 1 == game {
                // An invitation by the general rule: game is possible but not sure.
                let lo = ctx.game_points().saturating_sub(max_pts(&p));
                let hi = (ctx.game_points() - 1).saturating_sub(p.pts.0).max(lo);
                m.text = format!("{}; invitational ({lo}-{hi} points)", m.text);
                m.pts = (lo, hi);
            }
            m
        }
    }
}

/// Is `b` three of a major after partner's no-trump bid showed a balanced hand? It shows five
/// cards and game values, and asks partner to choose: four of the major with three cards,
/// else 3NT (so that a 5-3 major fit is not lost in no trump).
pub(crate) fn major_for_choice_of_game(ctx: &Ctx<'_>, b: Bid) -> bool {
    let me = ctx.me();
    let partner_nt = matches!(ctx.partner_last(), Some(Call::Bid(p)) if p.strain() == Strain::NoTrump && p.level() <= 2);
    b.level() == 3 && b.strain().trump().is_some_and(is_major) && partner_nt && ctx.opponents_silent() && inferred(ctx, me.partner()).balanced
}

/// Is `b` responder's 3NT after partner's 1NT and one round of our conventions, the opponents
/// silent? After a transfer to a major and its completion it shows exactly five cards in the
/// major (with six responder bids four); after Stayman answered 2H it shows four spades (with
/// four hearts responder would have raised). Either way opener chooses the game: four of the
/// major with three cards (the transfer) or four spades (Stayman), else a pass. Gives the
/// major and the cards opener needs in it for the fit (3 after a transfer, 4 after Stayman).
pub(crate) fn game_choice_after_our_1nt(ctx: &Ctx<'_>, b: Bid) -> Option<(Suit, u8)> {
    if b.level() != 3 || b.strain() != Strain::NoTrump || !ctx.opponents_silent() {
        return None;
    }
    let me = ctx.me();
    let ours: Vec<(usize, Seat, Bid)> = ctx
        .made()
        .filter_map(|(i, s, c)| match c {
            Call::Bid(b) => Some((i, s, b)),
            _ => None,
        })
        .collect();
    let [(_, opener, open), (ask_i, asker, ask), (_, answerer, answer)] = ours[..] else { return None };
    if opener != me.partner() || asker != me || answerer != opener || open != Bid::new(1, Strain::NoTrump).ok()? {
        return None;
    }
    let asked = &ctx.shown.get(ask_i)?.text;
    match (ask.strain(), answer.strain()) {
        (Strain::Diamonds, Strain::Hearts) if asked.starts_with("Jacoby transfer") => Some((Suit::Hearts, 3)),
        (Strain::Hearts, Strain::Spades) if asked.starts_with("Jacoby transfer") => Some((Suit::Spades, 3)),
        (Strain::Clubs, Strain::Hearts) if asked.starts_with("Stayman") => Some((Suit::Spades, 4)),
        _ => None,
    }
}

/// Partner's last call was 3NT offering a choice of game ([`game_choice_after_our_1nt`]),
/// right-hand opponent passed: the major partner offers, and how many cards in it make the
/// fit (three after a transfer, four after Stayman).
pub(crate) fn partner_offers_a_major(ctx: &Ctx<'_>) -> Option<(Suit, u8)> {
    let (i, Call::Bid(b)) = ctx.partners_call()? else { return None };
    // The meanings of the calls before partner's must be known (tests may give fewer).
    ctx.shown.get(..i)?;
    game_choice_after_our_1nt(&ctx.before(i), b)
}

/// The level of game in a strain: 3NT, 4 of a major, 5 of a minor.
pub(crate) fn game_level(strain: Strain) -> u8 {
    match strain {
        Strain::NoTrump => 3,
        Strain::Hearts | Strain::Spades => 4,
        _ => 5,
    }
}

/// The most points a shown range is counted as: an unlimited range (a forcing or competitive
/// bid) counts as at most 8 above its minimum.
pub(crate) fn max_pts(m: &Meaning) -> u32 {
    m.pts.1.min(m.pts.0 + 8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calls(s: &str) -> Vec<Call> {
        s.split_whitespace().filter_map(|w| w.parse().ok()).collect()
    }

    #[test]
    fn support_points_count_short_side_suits() {
        let e = Eval::of("A842.KJ73.4.Q962".parse().expect("hand"));
        assert_eq!((e.pts, e.support_pts(Suit::Hearts)), (10, 13), "four trumps: a singleton is 3");
        let e = Eval::of("A8432.KJ7..Q9652".parse().expect("hand"));
        assert_eq!(e.support_pts(Suit::Hearts) - e.pts, 3, "three trumps: a void is 3");
        assert_eq!(e.support_pts(Suit::Spades) - e.pts, 5, "five trumps: a void is 5");
        let e = Eval::of("AK2.Q84.J3.T9652".parse().expect("hand"));
        assert_eq!(e.support_pts(Suit::Hearts) - e.pts, 1, "a doubleton is 1");
    }

    #[test]
    fn balanced_shapes() {
        let e = Eval::of("AKQ2.K32.432.432".parse().expect("hand"));
        assert!(e.balanced);
        assert_eq!(e.hcp, 12);
        let e = Eval::of("AKQ32.K32.432.43".parse().expect("hand"));
        assert!(e.balanced);
        assert_eq!(e.pts, 13);
        let e = Eval::of("AKQ32.K32.5432.4".parse().expect("hand"));
        assert!(!e.balanced);
        let e = Eval::of("AKQ2.K3.5432.432".parse().expect("hand"));
        assert!(e.balanced);
        let e = Eval::of("AKQ.K3.65432.432".parse().expect("hand"));
        assert!(e.balanced);
        let e = Eval::of("AKQ2.K3.65432.43".parse().expect("hand"));
        assert!(!e.balanced);
    }

    #[test]
    fn situations() {
        let a = calls("1H P");
        assert_eq!(Ctx::new(Seat::North, &a, &[]).situation(), Situation::Response { opening: "1H".parse().expect("bid"), contested: false });
        let a = calls("1H 1S");
        assert_eq!(Ctx::new(Seat::North, &a, &[]).situation(), Situation::Response { opening: "1H".parse().expect("bid"), contested: true });
        let a = calls("1H");
        assert!(matches!(Ctx::new(Seat::North, &a, &[]).situation(), Situation::Overcall { .. }));
        let a = calls("1H P 1S P");
        assert!(matches!(Ctx::new(Seat::North, &a, &[]).situation(), Situation::OpenerRebid { .. }));
        let a = calls("1H 1S P");
        assert!(matches!(Ctx::new(Seat::North, &a, &[]).situation(), Situation::Advance { .. }));
    }

    #[test]
    fn a_vulnerable_side_bids_game_with_a_point_less() {
        let a = calls("1H P");
        // North (the dealer) is to call after 1H P: South's turn is next; the caller is seat 2.
        let ctx = Ctx::new(Seat::North, &a, &[]);
        assert_eq!(ctx.me(), Seat::South);
        assert_eq!(ctx.at(Vulnerability::NorthSouth).game_points(), 24);
        assert_eq!(ctx.at(Vulnerability::EastWest).game_points(), 25);
        assert_eq!(ctx.at(Vulnerability::None).game_points(), 25);
    }

    #[test]
    fn inference_of_partner() {
        let a = calls("1NT P 2C P 2H P");
        let shown = meanings_at(Seat::North, Vulnerability::None, &a);
        let m = inferred(&Ctx::new(Seat::North, &a, &shown), Seat::North);
        assert_eq!(m.hcp, (15, 17));
        assert_eq!(m.min_len[Suit::Hearts.index()], 4);
    }
}
