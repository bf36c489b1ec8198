//! Robot players for Tenace. They bid a compact, documented natural system
//! (docs/robot-system.md) and play the cards by Monte Carlo double dummy with the Tenace solver.
//!
//! - [`choose_call`]: the robot's call, with its alert and its own explanation; deals that
//!   replay the auction (`deals.rs`) may change the level or strain of an uncontested contract
//!   (`judgement.rs`) and make a game a slam (`slam.rs`).
//! - [`explain_call`]: what any call of an auction shows in the robots' system, from the
//!   auction alone (to answer the opponents' questions).
//! - [`choose_card`]: the robot's card.
//! - [`eval`]: how good they are, double dummy (`tenace robot eval`).
//!
//! Robots never panic and never make an irregular call or play: when in doubt they pass or play
//! the lowest legal card.

mod bidding;
mod deals;
pub mod eval;
mod heuristic;
mod judgement;
mod meaning;
mod play;
mod signals;
mod slam;

use tenace_core::{Call, Card, Contract, Hand, Seat, Vulnerability};

/// What a robot knows when it is its turn to call.
#[derive(Clone, Debug)]
pub struct BiddingView<'a> {
    pub seat: Seat,
    pub hand: Hand,
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    /// The calls so far, the dealer's first.
    pub calls: &'a [Call],
}

/// A robot's call, whether it alerts it (artificial calls) and its explanation of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RobotCall {
    pub call: Call,
    pub alert: bool,
    pub explanation: String,
}

/// The robot's call. Always legal (Laws 18-19): a sufficient bid, a double only of an
/// opponent's undoubled bid, a redouble only of an opponent's double; Pass when in doubt.
pub fn choose_call(view: &BiddingView<'_>) -> RobotCall {
    choose_call_within(view, CARD_BUDGET_MS)
}

/// [`choose_call`] for robots whose time budget is `budget_ms` a card ([`choose_card_within`]):
/// game and slam by simulation (`judgement.rs`, `slam.rs`) may each take three times that; a
/// budget under 100 ms bids by the rules alone (0 also plays by them).
pub fn choose_call_within(view: &BiddingView<'_>, budget_ms: f64) -> RobotCall {
    let shown = meaning::meanings_at(view.dealer, view.vulnerability, view.calls);
    let ctx = meaning::Ctx::new(view.dealer, view.calls, &shown).at(view.vulnerability);
    let call = if ctx.me() == view.seat {
        let by_rules = bidding::choose(&ctx, view.hand);
        let judged = judgement::reconsider(&ctx, view.hand, by_rules, budget_ms);
        slam::reconsider(&ctx, view.hand, judged, budget_ms)
    } else {
        Call::Pass
    };
    let call = if ctx.is_legal(call) { call } else { Call::Pass };
    let m = meaning::meaning(&ctx, call);
    RobotCall { call, alert: m.artificial, explanation: m.text }
}

/// One call a player could make at a turn, as the robots see it: what it would show in their
/// system, whether the hand fits that, whether it is the robot's own choice, and the share of
/// the panel of [`PEERS`] that chooses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Polled {
    pub call: Call,
    pub meaning: String,
    pub fits: bool,
    pub robot: bool,
    /// Percent of the panel's weight (0 when no peer chooses it).
    pub share: u32,
}

/// The panel of peers polled for the Director (Law 16B1(b)): the robot valuing the hand from
/// two points below its count to two above, weighted 1-2-4-2-1 (ten in all); in [`poll`] the
/// middle is the robot's own call (its simulations included), the others bid by the rules.
/// Players of one class, playing one system, differ most in how they value a hand, so the
/// panel's spread of calls stands for theirs; the weights give the robot's own valuation the
/// largest share.
pub const PEERS: [(i32, u32); 5] = [(-2, 1), (-1, 2), (0, 4), (1, 2), (2, 1)];

/// A poll of the robots for the Director (Law 16B1(b): a logical alternative is a call a
/// significant proportion of the player's peers would seriously consider): every legal call at
/// `view`'s turn that the hand fits in the robots' system or that a peer of the panel
/// ([`PEERS`]) chooses, with each call's share of the panel, in the order of the auction's
/// calls (Pass, bids upward, Double, Redouble). The robots play one system: the Director still
/// judges what the player's peers, in the player's system, would consider.
pub fn poll(view: &BiddingView<'_>) -> Vec<Polled> {
    let shown = meaning::meanings_at(view.dealer, view.vulnerability, view.calls);
    let ctx = meaning::Ctx::new(view.dealer, view.calls, &shown).at(view.vulnerability);
    let chosen = choose_call(view).call;
    let peer_call = |adjust: i32| {
        let call = if ctx.me() == view.seat { bidding::choose_valued(&ctx, view.hand, adjust) } else { Call::Pass };
        if ctx.is_legal(call) {
            call
        } else {
            Call::Pass
        }
    };
    // The panel's middle is the robot itself, its simulations included.
    let panel: Vec<(Call, u32)> = PEERS.iter().map(|&(adjust, weight)| (if adjust == 0 { chosen } else { peer_call(adjust) }, weight)).collect();
    let total: u32 = PEERS.iter().map(|p| p.1).sum();
    let eval = meaning::Eval::of(view.hand);
    let candidates = std::iter::once(Call::Pass).chain(tenace_core::Bid::all().map(Call::Bid)).chain([Call::Double, Call::Redouble]);
    candidates
        .filter(|c| ctx.is_legal(*c))
        .map(|call| {
            let m = meaning::meaning(&ctx, call);
            let share = panel.iter().filter(|(c, _)| *c == call).map(|(_, w)| w).sum::<u32>() * 100 / total;
            Polled { call, fits: m.fits(&eval), robot: call == chosen, meaning: m.text, share }
        })
        .filter(|p| p.fits || p.robot || p.share > 0)
        .collect()
}

/// What the call at `index` of the auction shows in the robots' system, e.g. "15-17 HCP,
/// balanced" for a 1NT opening. Computed from the auction only.
pub fn explain_call(dealer: Seat, vulnerability: Vulnerability, calls: &[Call], index: usize) -> String {
    meaning::meaning_at(dealer, vulnerability, calls, index).text
}

/// The auction of the board being played, which every player heard (calls are public; the
/// robots read them with their own system's meanings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuctionHeard {
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    /// The calls, the dealer's first.
    pub calls: Vec<Call>,
}

/// What a robot sees when it is its turn to play.
#[derive(Clone, Debug)]
pub struct PlayView {
    pub declarer: Seat,
    pub contract: Contract,
    /// The hand to play (dummy's seat when declarer plays from dummy).
    pub to_play: Seat,
    /// Remaining cards of the hands this robot may see, in `Seat::ALL` order (N, E, S, W).
    pub hands: [Option<Hand>; 4],
    /// Every card played so far, in order, with who played it.
    pub played: Vec<(Seat, Card)>,
    /// The auction, when known: the robot then deals its samples to fit what each player
    /// showed, and weighs its cards by the contract's score (vulnerability included).
    pub auction: Option<AuctionHeard>,
}

/// The robot's card: always legal (Law 44C, follow suit when able); deterministic for a given
/// `seed`.
pub fn choose_card(view: &PlayView, seed: u64) -> Card {
    play::choose_card(view, seed)
}

/// The robots' default time budget per card, in milliseconds.
pub const CARD_BUDGET_MS: f64 = play::BUDGET_MS;

/// [`choose_card`] with a time budget per card, in milliseconds.
pub fn choose_card_within(view: &PlayView, seed: u64, budget_ms: f64) -> Card {
    play::choose_card_within(view, seed, budget_ms)
}
