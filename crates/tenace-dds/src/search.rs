//! The search: alpha-beta on tricks, run as null-window tests ("can North-South take at least
//! `target` of the remaining tricks?").
//!
//! Ideas, all written afresh here, follow the published descriptions of double-dummy solvers:
//! Bo Haglund's DDS ("Search Algorithms for a Bridge Double Dummy Solver", 2010) and
//! M. Ginsberg's partition search (GIB, 1996/2001):
//! - a transposition table at trick boundaries holding lower and upper bounds on North-South's
//!   tricks. Its buckets are keyed by the leader and every suit length; an entry holds only the
//!   owners of the cards its result rested on ("relevant" cards, DDS's "winning ranks"), in
//!   *relative* ranks (after AK of a suit have gone, the Q is the top), so one entry serves
//!   every position that agrees on those owners;
//! - cheap bounds at a trick start, before the table is probed (DDS's quick and later tricks):
//!   the top winners the leader can cash at once (with the small cards of a suit once its top
//!   cards have drawn every other hand's cards, after drawing trumps in a suit contract, and
//!   followed by partner's winners when the leader can reach partner: partner's top card, a
//!   finesse of partner's top and third cards over the second hand, or "Kx opposite Ax") prove
//!   a lower bound for the side on lead, as does partner's safe ruff when one trick is needed;
//!   master trumps (above every opposing trump) prove a bound for either side; a side on lead
//!   that needs every trick fails when it cannot lead a suit it tops, when its suits cannot
//!   last (no trumps left) or when an opponent's guarded second trump sits over its top trump
//!   (or the opponents hold the second and third), and one that needs all but one fails when
//!   the opponents' top two trumps are split and one of them is guarded;
//! - second-hand quick tricks: the second hand's side wins the trick when it holds the best
//!   card of the suit led or can ruff, and in no trump the winner then cashes its top cards;
//! - rank equivalence: cards adjacent among those still in play (counting the trick on the table)
//!   are interchangeable, so only one card of each run is tried;
//! - small-card skipping (H. Kuijf's idea, as DDS uses it): once a run fails on cards all above
//!   it, the lower runs of its suit are not tried;
//! - move ordering by the card's place in the trick: leads first by the opponents' cards in the
//!   suit (a void counting as a whole hand), then cash a winner, lead towards partner's top
//!   card, give partner a ruff, otherwise low (sooner towards partner's second and third cards,
//!   later when underleading one's own top card); second hand low unless it can beat the lead;
//!   third hand high, or a sure winner over partner's card; fourth hand the cheapest winner.
//!   Ahead of these come the last lead that decided a search with as many tricks left (a killer
//!   move) and the lead a matching table entry remembers. A hand following suit with a single
//!   run has one move and skips the ordering. The weights were tuned by node counts on three
//!   separate sets of oracle deals.
//!
//! Cost per node: the hands' union per suit and the bucket key (all suit lengths) are kept up to
//! date as cards are played ([`Engine::play`]) rather than recomputed, each trick carries its
//! cards as a holding per suit, a move is one word that sorts by weight, a table entry is 32
//! bytes, the bucket scan tests an entry's owners before its bounds (few entries match, so that
//! branch is well predicted), an entry that decides a test moves to the front of the scan, and
//! a store merges into the entry its probe matched without scanning again.
//!
//! What a result rests on (the soundness rules for reusing a bound):
//! - a finished trick: the winning card, when another card of its suit was played to it;
//! - quick, sure and later tricks: the top cards counted, and of a suit counted for fewer
//!   tricks than its top cards only those needed (the suit lengths are in the key, so a suit
//!   only one hand holds, or length winners once the top cards have drawn the rest, need no
//!   more);
//! - small cards skipped: what the run tried rested on, which no card of the skipped runs is;
//! - a node where the side to play succeeds: what the successful card's subtree rested on; a node
//!   where every card fails: the union over all cards tried;
//! - a card standing for its run: the lowest card of the run is played, and if the result rests
//!   on another card of the run, the card played is added, fixing the whole run (a matching
//!   position must then hold the same run, so its cards are covered by the one tried).
//!
//! These rules were found the hard way: every one is needed for the oracle tests
//! (`tests/oracle.rs`, 1,005 deals solved by DDS) to pass.
//!
//! Seats are 0..4 (North, East, South, West); North-South are the even seats. Suits are 0..4
//! (clubs..spades); a holding is a `u16` with bit `r` for rank `r` (two = 0, ace = 12).

use rustc_hash::FxHashMap;

use crate::bits::{compress, expand};

/// No trump: the trump index used when there is none.
pub const NO_TRUMP: usize = 4;

/// The cards on the table in the trick being played.
#[derive(Copy, Clone, Debug, Default)]
pub struct TrickState {
    pub leader: u8,
    /// Cards played so far to this trick (0-3).
    pub count: u8,
    pub led: u8,
    pub win_seat: u8,
    pub win_suit: u8,
    pub win_rank: u8,
    /// The cards played so far to this trick, as a holding per suit.
    pub table: [u16; 4],
}

impl TrickState {
    pub fn new(leader: usize) -> TrickState {
        TrickState { leader: leader as u8, ..Default::default() }
    }

    /// Whose turn it is.
    #[inline(always)]
    pub fn to_play(self) -> usize {
        (self.leader as usize + self.count as usize) & 3
    }

    /// The state after `seat` plays `(suit, rank)`; `trump` decides who is winning.
    #[inline(always)]
    pub fn after_card(&self, suit: u8, rank: u8, trump: usize) -> TrickState {
        let mut t = *self;
        let seat = t.to_play() as u8;
        t.table[suit as usize] |= 1 << rank;
        if t.count == 0 {
            t.led = suit;
            t.win_seat = seat;
            t.win_suit = suit;
            t.win_rank = rank;
        } else {
            let beats = if suit == t.win_suit { rank > t.win_rank } else { suit as usize == trump };
            if beats {
                t.win_seat = seat;
                t.win_suit = suit;
                t.win_rank = rank;
            }
        }
        t.count += 1;
        t
    }
}

/// Who holds each card still out, by relative rank: for suit `s`, bits `16 * s ..` hold, in
/// rank order among the cards of the suit still out, which are East's or West's (`east_west`)
/// and which are South's or West's (`south_west`); together they name the hand.
#[derive(Copy, Clone, Default, PartialEq, Eq)]
struct Owners {
    east_west: u64,
    south_west: u64,
}

impl Owners {
    /// The owners of the places in `mask` only.
    #[inline(always)]
    fn masked(self, mask: u64) -> Owners {
        Owners { east_west: self.east_west & mask, south_west: self.south_west & mask }
    }
}

/// A transposition-table entry: bounds on North-South's tricks that hold for every position
/// with the same leader and suit lengths whose owner pattern (see [`Engine::owners`]) agrees
/// with `owners` on the places of `mask` (per suit, the top cards down to the lowest relevant
/// one; 16 bits per suit, as in [`Owners`]). 32 bytes.
#[derive(Copy, Clone)]
struct Entry {
    owners: Owners,
    mask: u64,
    lower: i8,
    upper: i8,
    /// The lead that last decided a search of a matching position (`NO_MOVE` if none).
    best: u8,
}

const NO_MOVE: u8 = 0xFF;

/// Where a trick-start position's result goes after a probe found no deciding bound: its bucket
/// key and owner pattern, the entry that matched without deciding (if any) and the lead it
/// remembered.
struct Slot {
    key: u64,
    owners: Owners,
    hint: u8,
    matched: usize,
    generation: u32,
}

#[inline(always)]
fn encode(suit: u8, rank: u8) -> u8 {
    suit << 4 | rank
}

/// A move with its ordering weight, packed in one word so that moves compare (and sort) by
/// weight: bits 0-3 the lowest card of a run of equivalent cards, which stands for the run;
/// bits 4-7 the run's top card; bits 8-9 the suit; bits 16-31 the weight, offset to be unsigned.
#[derive(Copy, Clone, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Move(u32);

impl Move {
    #[inline]
    fn new(suit: usize, rank: u8, top: u8, weight: i16) -> Move {
        Move(((weight as i32 + 0x8000) as u32) << 16 | (suit as u32) << 8 | (top as u32) << 4 | rank as u32)
    }

    #[inline(always)]
    fn suit(self) -> u8 {
        (self.0 >> 8) as u8 & 3
    }

    #[inline(always)]
    fn rank(self) -> u8 {
        self.0 as u8 & 15
    }

    #[inline(always)]
    fn top(self) -> u8 {
        (self.0 >> 4) as u8 & 15
    }
}

/// Ranks that decided a search, as a card set (suit `s` at bits `16 * s`, like `Hand`): a bound
/// found for a position holds for every position that agrees with it on who holds each card at
/// or above the lowest relevant rank of each suit, and on suit lengths.
pub type Relevant = u64;

/// The solver's working state for one strain: the hands still held and the transposition table.
pub struct Engine {
    /// `hands[seat][suit]`; changed only through [`Engine::play`] and [`Engine::unplay`], which
    /// keep `rem` and `lengths` up to date.
    hands: [[u16; 4]; 4],
    /// The cards of each suit still held by anyone.
    rem: [u16; 4],
    /// The length of suit `s` in `seat`'s hand in bits `4 * (4 * seat + s) ..`.
    lengths: u64,
    trump: usize,
    tt: FxHashMap<u64, Vec<Entry>>,
    entries: usize,
    /// Counts the clearings of `tt`, so that a [`Slot`] from before one is not used.
    generation: u32,
    /// The last lead that decided a search with this many tricks left (a "killer" move).
    killers: [u8; 14],
    pub nodes: u64,
    /// The wall-clock time at which the search gives up ([`Engine::stop_at`]), if any.
    deadline: Option<std::time::Instant>,
    /// The node count at which the clock is next read; `u64::MAX` with no deadline, 0 once
    /// stopped (every node then returns at once).
    check_at: u64,
    /// The deadline passed: every answer since is meaningless.
    stopped: bool,
}

/// Search nodes between two readings of the clock when a deadline is set: well under a
/// millisecond of search, and a clock reading is thousands of times cheaper than that.
const CLOCK_EVERY: u64 = 4096;

/// Above this many entries (32 bytes each) the table is cleared, which keeps the memory of two
/// solving threads under 256 MiB.
const TT_LIMIT: usize = 2_000_000;
/// At most this many entries are kept for one leader and set of suit lengths.
const BUCKET_LIMIT: usize = 1024;

/// In a suit of `len` cards packed by [`compress`](crate::bits::compress), the places of the top `k`.
#[inline(always)]
fn top_places(len: u32, k: u32) -> u32 {
    ((1u32 << len) - 1) ^ ((1u32 << (len - k)) - 1)
}

/// The highest card of `holding`, or none (0) when it is empty.
#[inline(always)]
fn highest(holding: u16) -> u16 {
    if holding == 0 {
        0
    } else {
        1 << (15 - holding.leading_zeros())
    }
}

/// The highest `k` cards of `rem`.
#[inline(always)]
fn top_cards(rem: u16, k: u8) -> u16 {
    let len = rem.count_ones();
    if k == 0 {
        return 0;
    }
    if k as u32 >= len {
        return rem;
    }
    // The lowest of the top `k` is the card with `len - k` cards of `rem` below it.
    let lowest = expand(1 << (len - k as u32), rem);
    rem & !(lowest - 1)
}

/// The top cards of the fewest suits whose cashing tricks reach `needed` (at most `cards` tricks
/// in all), if they do.
#[inline(always)]
fn cover(tricks: &[u32; 4], tops: &[u16; 4], needed: u32, cards: u32) -> Option<Relevant> {
    if needed > cards || tricks.iter().sum::<u32>() < needed {
        return None;
    }
    let mut order = [0usize, 1, 2, 3];
    // Cheapest first: the fewest top cards fixed per trick (a suit no one else holds fixes none).
    order.sort_unstable_by_key(|&s| (tops[s].count_ones() * 16).checked_div(tricks[s]).unwrap_or(u32::MAX));
    let (mut sum, mut rel) = (0, 0u64);
    for s in order {
        if sum >= needed {
            break;
        }
        // A suit of which only `k` tricks are still needed rests only on its top `k` cards,
        // unless its tricks come from length (which needs every top card to draw the others).
        let k = needed - sum;
        let top = if k < tops[s].count_ones() { top_cards(tops[s], k as u8) } else { tops[s] };
        sum += tricks[s];
        rel |= (top as u64) << (16 * s);
    }
    Some(rel)
}

#[inline(always)]
fn suit_bits(rel: Relevant, suit: usize) -> u16 {
    (rel >> (16 * suit)) as u16
}

#[inline(always)]
fn card_bit(suit: usize, rank: u8) -> Relevant {
    1u64 << (16 * suit + rank as usize)
}

impl Engine {
    pub fn new(hands: [[u16; 4]; 4], trump: usize) -> Engine {
        let mut rem = [0u16; 4];
        let mut lengths = 0u64;
        for (seat, hand) in hands.iter().enumerate() {
            for s in 0..4 {
                rem[s] |= hand[s];
                lengths |= (hand[s].count_ones() as u64) << (4 * (4 * seat + s));
            }
        }
        Engine {
            hands,
            rem,
            lengths,
            trump,
            tt: FxHashMap::default(),
            entries: 0,
            generation: 0,
            killers: [NO_MOVE; 14],
            nodes: 0,
            deadline: None,
            check_at: u64::MAX,
            stopped: false,
        }
    }

    /// Gives the search up once the clock passes `deadline`: the answers from then on are
    /// meaningless, and [`Engine::stopped`] says so. The clock is read every [`CLOCK_EVERY`]
    /// nodes, so an engine stops within a fraction of a millisecond of its deadline.
    pub fn stop_at(&mut self, deadline: std::time::Instant) {
        self.deadline = Some(deadline);
        self.check_at = self.nodes + CLOCK_EVERY;
    }

    /// Did the search give up at its deadline ([`Engine::stop_at`])?
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Reads the clock (called when `nodes` reaches `check_at`): true once the deadline has
    /// passed, and from then on.
    #[cold]
    #[inline(never)]
    fn out_of_time(&mut self) -> bool {
        if !self.stopped {
            match self.deadline {
                Some(deadline) if std::time::Instant::now() >= deadline => self.stopped = true,
                Some(_) => self.check_at = self.nodes + CLOCK_EVERY,
                None => self.check_at = u64::MAX,
            }
        }
        if self.stopped {
            self.check_at = 0;
        }
        self.stopped
    }

    /// The cards `seat` holds in each suit.
    pub fn hand(&self, seat: usize) -> [u16; 4] {
        self.hands[seat]
    }

    /// `seat` plays the card `(suit, rank)` from its hand.
    #[inline(always)]
    pub fn play(&mut self, seat: usize, suit: usize, rank: u8) {
        self.hands[seat][suit] &= !(1 << rank);
        self.rem[suit] &= !(1 << rank);
        self.lengths -= 1 << (4 * (4 * seat + suit));
    }

    /// Takes back [`Engine::play`].
    #[inline(always)]
    pub fn unplay(&mut self, seat: usize, suit: usize, rank: u8) {
        self.hands[seat][suit] |= 1 << rank;
        self.rem[suit] |= 1 << rank;
        self.lengths += 1 << (4 * (4 * seat + suit));
    }

    #[inline(always)]
    fn remaining(&self, suit: usize) -> u16 {
        self.rem[suit]
    }

    /// Cards left in each hand (all equal at a trick boundary).
    pub fn cards_left(&self, seat: usize) -> u32 {
        self.hands[seat].iter().map(|h| h.count_ones()).sum()
    }

    /// North-South's maximum number of the `n` remaining tricks from this trick state, by a
    /// sequence of null-window tests starting at `guess`.
    pub fn ns_tricks(&mut self, trick: &TrickState, n: u8, guess: u8) -> u8 {
        self.ns_tricks_relevant(trick, n, guess).0
    }

    /// [`Engine::ns_tricks`] with the cards the value rests on: those of the test that reached
    /// it and of the test that failed one trick above it.
    pub fn ns_tricks_relevant(&mut self, trick: &TrickState, n: u8, guess: u8) -> (u8, Relevant) {
        let (mut lo, mut hi) = (0i8, n as i8);
        let (mut lo_rel, mut hi_rel) = (0, 0);
        let mut t = (guess as i8).clamp(1, n.max(1) as i8);
        while lo < hi {
            t = t.clamp(lo + 1, hi);
            let (result, rel) = self.search(trick, n, t);
            if result {
                lo = t;
                lo_rel = rel;
                t += 1;
            } else {
                hi = t - 1;
                hi_rel = rel;
                t -= 1;
            }
        }
        (lo as u8, lo_rel | hi_rel)
    }

    /// Can North-South take at least `target` of the `n` remaining tricks (the trick in progress
    /// included)? Also gives the cards the answer rests on.
    fn search(&mut self, trick: &TrickState, n: u8, target: i8) -> (bool, Relevant) {
        #[cfg(target_arch = "x86_64")]
        if crate::bits::fast_cpu() {
            return self.search_as::<true>(trick, n, target);
        }
        self.search_as::<false>(trick, n, target)
    }

    /// [`Engine::search`] in the fast version (`FAST`: the CPU has been checked) or the portable
    /// one.
    #[inline(always)]
    fn search_as<const FAST: bool>(&mut self, trick: &TrickState, n: u8, target: i8) -> (bool, Relevant) {
        if trick.count == 0 {
            return self.trick_start::<FAST>(trick.leader as usize, n, target);
        }
        let (result, rel, _) = self.play_on::<FAST>(trick, n, target, NO_MOVE);
        (result, rel)
    }

    // The search is compiled twice (see crate::bits): once with the bit-manipulation
    // instructions of x86-64-v3 (popcnt, lzcnt, tzcnt, pext, pdep), entered when the CPU has
    // them, and once for any CPU. The two recursive functions exist in both versions (`_fast`,
    // `_portable`); everything they call is `#[inline(always)]`, so it is compiled into them with
    // their instructions (a helper left to the inliner was not inlined into the fast copy, and
    // the solver ran 30 % slower). `FAST` is true only below `search` after the CPU check.

    /// [`Engine::trick_start_body`] in the version chosen by `search`.
    #[inline(always)]
    #[allow(unsafe_code)] // enters the copy compiled for the CPU's instructions
    fn trick_start<const FAST: bool>(&mut self, leader: usize, n: u8, target: i8) -> (bool, Relevant) {
        #[cfg(target_arch = "x86_64")]
        if FAST {
            // SAFETY: `FAST` is set only after `fast_cpu()` found the instructions.
            return unsafe { self.trick_start_fast(leader, n, target) };
        }
        self.trick_start_portable(leader, n, target)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,sse3,ssse3,sse4.1,sse4.2")]
    #[allow(unsafe_code)] // callable only where the CPU has these instructions
    unsafe fn trick_start_fast(&mut self, leader: usize, n: u8, target: i8) -> (bool, Relevant) {
        self.trick_start_body::<true>(leader, n, target)
    }

    fn trick_start_portable(&mut self, leader: usize, n: u8, target: i8) -> (bool, Relevant) {
        self.trick_start_body::<false>(leader, n, target)
    }

    /// [`Engine::play_on_body`] in the version chosen by `search`.
    #[inline(always)]
    #[allow(unsafe_code)] // enters the copy compiled for the CPU's instructions
    fn play_on<const FAST: bool>(&mut self, trick: &TrickState, n: u8, target: i8, hint: u8) -> (bool, Relevant, u8) {
        #[cfg(target_arch = "x86_64")]
        if FAST {
            // SAFETY: `FAST` is set only after `fast_cpu()` found the instructions.
            return unsafe { self.play_on_fast(trick, n, target, hint) };
        }
        self.play_on_portable(trick, n, target, hint)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,sse3,ssse3,sse4.1,sse4.2")]
    #[allow(unsafe_code)] // callable only where the CPU has these instructions
    unsafe fn play_on_fast(&mut self, trick: &TrickState, n: u8, target: i8, hint: u8) -> (bool, Relevant, u8) {
        self.play_on_body::<true>(trick, n, target, hint)
    }

    fn play_on_portable(&mut self, trick: &TrickState, n: u8, target: i8, hint: u8) -> (bool, Relevant, u8) {
        self.play_on_body::<false>(trick, n, target, hint)
    }

    /// The search at the start of a trick, `leader` to lead, `n` tricks left.
    #[inline(always)]
    fn trick_start_body<const FAST: bool>(&mut self, leader: usize, n: u8, target: i8) -> (bool, Relevant) {
        self.nodes += 1;
        if self.nodes >= self.check_at && self.out_of_time() {
            return (false, 0);
        }
        if target <= 0 {
            return (true, 0);
        }
        if target > n as i8 {
            return (false, 0);
        }
        if n == 1 {
            return self.last_trick(leader, target);
        }
        if n == 2 {
            let (result, rel, _) = self.play_on::<FAST>(&TrickState::new(leader), n, target, NO_MOVE);
            return (result, rel);
        }
        // The cheap bounds come before the table; what they find is not stored (finding it
        // again costs less than a probe).
        if let Some((result, rel)) = self.cheap_bounds(leader, n, target) {
            return (result, rel);
        }
        let slot = match self.probe(leader, target) {
            Ok(found) => return found,
            Err(slot) => slot,
        };
        let hint = slot.hint;
        let (result, rel, best) = self.play_on::<FAST>(&TrickState::new(leader), n, target, hint);
        if result {
            self.store(&slot, rel, target, n as i8, best);
        } else {
            self.store(&slot, rel, 0, target - 1, best);
        }
        (result, rel)
    }

    /// The cheap tests at a trick start: quick tricks, sure trump tricks and later tricks. A
    /// result decides the test: it gives the answer and the cards it rests on.
    #[inline(always)]
    fn cheap_bounds(&self, leader: usize, n: u8, target: i8) -> Option<(bool, Relevant)> {
        let ns_leads = leader & 1 == 0;
        // The side on lead needs `target` tricks (North-South) or `n - target + 1` (East-West,
        // to hold North-South below the target).
        let needed = if ns_leads { target } else { n as i8 - target + 1 } as u32;
        if let Some(rel) = self.quick_tricks(leader, needed) {
            return Some((ns_leads, rel));
        }
        if needed == 1 {
            if let Some(rel) = self.partner_ruff(leader) {
                return Some((ns_leads, rel));
            }
        }
        // The opponents' master trumps: tricks they take whatever happens.
        if let Some(rel) = self.sure_trump_tricks(leader + 1, n as u32 + 1 - needed) {
            return Some((!ns_leads, rel));
        }
        // The side on lead's own master trumps.
        if let Some(rel) = self.sure_trump_tricks(leader, needed) {
            return Some((ns_leads, rel));
        }
        if needed == n as u32 {
            if let Some(rel) = self.cannot_take_all(leader, n as u32) {
                // North-South on lead fall short of all `n`; East-West on lead leave
                // North-South the one trick they need.
                return Some((!ns_leads, rel));
            }
        }
        if needed + 1 >= n as u32 {
            if let Some(rel) = self.defenders_trump_tricks(leader, n as u32 + 1 - needed) {
                return Some((!ns_leads, rel));
            }
        }
        None
    }

    /// Trump tricks the opponents of the side on lead are sure of though they do not hold all
    /// the master trumps (after DDS's later tricks): can they take `wanted` (one or two)? Gives
    /// the top trumps that rests on.
    /// - One: the side holds the top trump and an opponent holds the next one with another
    ///   trump beside it, either sitting over the top trump (playing after it to every trick, it
    ///   wins when the top trump is not played and plays low when it is) or with the third trump
    ///   in its side too.
    /// - Two: the opponents hold the top two trumps in different hands, and one of the two has
    ///   another trump to play when trumps are led.
    #[inline(always)]
    fn defenders_trump_tricks(&self, leader: usize, wanted: u32) -> Option<Relevant> {
        let t = self.trump;
        if t == NO_TRUMP || wanted > 2 {
            return None;
        }
        let rem = self.remaining(t);
        if rem.count_ones() < 2 {
            return None;
        }
        let holder = |card: u16| (0..4).find(|&h| self.hands[h][t] & card != 0).unwrap_or(leader);
        let (first, second) = (highest(rem), highest(rem & !highest(rem)));
        let (a, k) = (holder(first), holder(second));
        let ours = |h: usize| h & 1 == leader & 1;
        let len = |h: usize| self.hands[h][t].count_ones();
        let places = |count: u8| Some((top_cards(rem, count) as u64) << (16 * t));
        if wanted == 1 {
            if !ours(a) || ours(k) || len(k) < 2 {
                return None;
            }
            if a == (k + 3) & 3 {
                return places(2);
            }
            let third = highest(rem & !first & !second);
            if third != 0 && !ours(holder(third)) {
                return places(3);
            }
            return None;
        }
        if ours(a) || ours(k) || a == k || (len(a) < 2 && len(k) < 2) {
            return None;
        }
        places(2)
    }

    /// Quick tricks for the second hand's side (after DDS's second-hand quick tricks): can it
    /// take `needed` tricks? This trick, when the side is sure to win it, and in no trump the
    /// top winners the hand that wins it can then cash. Gives the cards that rests on, counting
    /// suits that fix no card (only the winner holds them) first.
    #[inline(always)]
    fn second_hand_tricks(&self, trick: &TrickState, seat: usize, needed: u32) -> Option<Relevant> {
        let led = trick.led as usize;
        let third = (seat + 1) & 3;
        let fourth = (seat + 2) & 3;
        if self.can_ruff(third, led) {
            return None;
        }
        if self.can_ruff(seat, led) || self.can_ruff(fourth, led) {
            // A ruff the third hand cannot overruff (it must follow or has no trumps).
            return (needed <= 1).then_some(0);
        }
        let ours = self.hands[seat][led] | self.hands[fourth][led];
        if ours == 0 {
            return None;
        }
        let best = 15 - ours.leading_zeros() as u8;
        if best < trick.win_rank || self.hands[third][led] >> best != 0 {
            return None;
        }
        let mut rel = card_bit(led, best);
        if needed <= 1 {
            return Some(rel);
        }
        if self.trump != NO_TRUMP {
            return None;
        }
        // No trump: the winner's hand leads next and cashes what it holds on top: first the
        // suits no one else holds, then the top card of each other suit.
        let winner = if self.hands[seat][led] & (1 << best) != 0 { seat } else { fourth };
        let own = &self.hands[winner];
        let mut tricks = 1;
        for s in (0..4).filter(|&s| s != led && own[s] != 0 && own[s] == self.remaining(s)) {
            tricks += own[s].count_ones();
        }
        if tricks >= needed {
            return Some(rel);
        }
        let rest = self.remaining(led) & !(1 << best);
        if rest != 0 {
            let next = 15 - rest.leading_zeros() as u8;
            if own[led] & (1 << next) != 0 {
                tricks += 1;
                rel |= card_bit(led, next);
                if tricks >= needed {
                    return Some(rel);
                }
            }
        }
        for s in (0..4).filter(|&s| s != led && own[s] != 0 && own[s] != self.remaining(s)) {
            let top = 15 - self.remaining(s).leading_zeros() as u8;
            if own[s] & (1 << top) != 0 {
                tricks += 1;
                rel |= card_bit(s, top);
                if tricks >= needed {
                    return Some(rel);
                }
            }
        }
        None
    }

    /// A trick for the side on lead from partner's ruff (after DDS's quick tricks): the leader
    /// leads a side suit partner is void in while holding trumps, and neither opponent can beat
    /// partner's ruff (each follows suit, has no trumps, or holds only lower trumps). Gives the
    /// cards that rests on: partner's best trump when it must beat an opponent's trump.
    #[inline(always)]
    fn partner_ruff(&self, leader: usize) -> Option<Relevant> {
        let t = self.trump;
        if t == NO_TRUMP {
            return None;
        }
        let partner = (leader + 2) & 3;
        let ruff = self.hands[partner][t];
        if ruff == 0 {
            return None;
        }
        let best = 15 - ruff.leading_zeros();
        for s in (0..4).filter(|&s| s != t && self.hands[leader][s] != 0 && self.hands[partner][s] == 0) {
            let mut compared = false;
            let beaten = [(leader + 1) & 3, (leader + 3) & 3].iter().any(|&o| {
                let trumps = self.hands[o][t];
                if self.hands[o][s] != 0 || trumps == 0 {
                    return false;
                }
                compared = true;
                trumps >> best != 0
            });
            if !beaten {
                return Some(if compared { card_bit(t, best as u8) } else { 0 });
            }
        }
        None
    }

    /// Later tricks (after DDS's "later tricks" and "zero quick tricks" tests): can it be shown
    /// that the side on lead cannot take all `n` remaining tricks? Only when no trumps are left
    /// to ruff with. A side that must take every trick always leads, and every suit it leads
    /// must be won by it, so
    /// - if every suit the leader holds is topped by an opponent, the opponents win this trick;
    /// - the side can only lead suits it tops, and a suit gives at most as many tricks as its
    ///   longer hand in the side holds cards in it (each trick led in it takes one card from
    ///   each of the side's hands that still holds the suit).
    ///
    /// Rests on the opponents' top cards (the suit lengths are in the bucket key).
    #[inline(always)]
    fn cannot_take_all(&self, leader: usize, n: u32) -> Option<Relevant> {
        if self.trump != NO_TRUMP && self.remaining(self.trump) != 0 {
            return None;
        }
        let partner = (leader + 2) & 3;
        let side = |seat: usize| seat & 1 == leader & 1;
        let (mut sum, mut opp_tops, mut lead_lost, mut lead_tops) = (0u32, 0u64, true, 0u64);
        for s in 0..4 {
            let rem = self.remaining(s);
            if rem == 0 {
                continue;
            }
            let top = 1u16 << (15 - rem.leading_zeros());
            let holder = (0..4).find(|&h| self.hands[h][s] & top != 0).unwrap_or(leader);
            let (mine, theirs) = (self.hands[leader][s].count_ones(), self.hands[partner][s].count_ones());
            if side(holder) {
                sum += mine.max(theirs);
                if self.hands[leader][s] != 0 {
                    lead_lost = false;
                }
            } else {
                // A suit only the top card's holder holds needs no card fixed: the lengths tell.
                if self.hands[holder][s] != rem {
                    opp_tops |= (top as u64) << (16 * s);
                }
                if self.hands[leader][s] != 0 {
                    lead_tops |= (top as u64) << (16 * s);
                }
            }
        }
        if lead_lost {
            return Some(lead_tops);
        }
        (sum < n).then_some(opp_tops)
    }

    /// The last trick: each hand has one card.
    #[inline(always)]
    fn last_trick(&self, leader: usize, target: i8) -> (bool, Relevant) {
        let mut t = TrickState::new(leader);
        for i in 0..4 {
            let seat = (leader + i) & 3;
            let s = (0..4).find(|&s| self.hands[seat][s] != 0).unwrap_or(0);
            let r = 15 - self.hands[seat][s].leading_zeros() as u8;
            t = t.after_card(s as u8, r, self.trump);
        }
        let ns = i8::from(t.win_seat & 1 == 0);
        (ns >= target, trick_relevant(&t))
    }

    /// The key of a trick-start position's bucket: the leader and the length of every suit in
    /// every hand but West's spades (which the others and the tricks left determine).
    #[inline(always)]
    fn key(&self, leader: usize) -> u64 {
        (self.lengths & ((1 << 60) - 1)) | (leader as u64) << 60
    }

    /// The owners of the cards still out, by relative rank (see [`Owners`]).
    #[inline(always)]
    fn owners(&self) -> Owners {
        let mut out = Owners::default();
        for s in 0..4 {
            let rem = self.remaining(s);
            out.east_west |= (compress(self.hands[1][s] | self.hands[3][s], rem) as u64) << (16 * s);
            out.south_west |= (compress(self.hands[2][s] | self.hands[3][s], rem) as u64) << (16 * s);
        }
        out
    }

    /// The cards of this position an entry's match depends on.
    #[inline(always)]
    fn entry_relevant(&self, mask: u64) -> Relevant {
        let mut rel = 0;
        for s in 0..4 {
            let places = (mask >> (16 * s)) as u16;
            rel |= (expand(places, self.remaining(s)) as u64) << (16 * s);
        }
        rel
    }

    /// A bound that decides the test, or else where to store the result of searching.
    #[inline(always)]
    fn probe(&mut self, leader: usize, target: i8) -> Result<(bool, Relevant), Slot> {
        let key = self.key(leader);
        let owners = self.owners();
        let mut slot = Slot { key, owners, hint: NO_MOVE, matched: usize::MAX, generation: self.generation };
        let Some(bucket) = self.tt.get_mut(&key) else { return Err(slot) };
        let len = bucket.len();
        // Few entries match, so the owner test comes first: its branch is well predicted. The
        // scan runs from the newest entry; an entry that decides a test moves to the front of
        // the scan, so entries that keep deciding are found early.
        for i in (0..len).rev() {
            let e = bucket[i];
            if (owners.east_west & e.mask) ^ e.owners.east_west | (owners.south_west & e.mask) ^ e.owners.south_west == 0 {
                if e.lower >= target || e.upper < target {
                    bucket.swap(i, len - 1);
                    return Ok((e.lower >= target, self.entry_relevant(e.mask)));
                }
                if slot.matched == usize::MAX {
                    slot.hint = e.best;
                    slot.matched = i;
                }
            }
        }
        Err(slot)
    }

    /// Stores bounds found for the position `slot` was probed for. The search below a trick
    /// start never stores into its bucket (a later trick has other suit lengths), so the entry
    /// the probe matched is still where it was, unless the table was cleared meanwhile.
    #[inline(always)]
    fn store(&mut self, slot: &Slot, rel: Relevant, lower: i8, upper: i8, best: u8) {
        if self.entries >= TT_LIMIT {
            self.tt.clear();
            self.entries = 0;
            self.generation += 1;
        }
        let mut mask = 0u64;
        for s in 0..4 {
            let r = suit_bits(rel, s);
            if r != 0 {
                let rem = self.remaining(s);
                let k = (rem >> r.trailing_zeros()).count_ones();
                mask |= (top_places(rem.count_ones(), k) as u64) << (16 * s);
            }
        }
        let masked = slot.owners.masked(mask);
        let bucket = self.tt.entry(slot.key).or_default();
        if slot.generation == self.generation && slot.matched < bucket.len() {
            let e = &mut bucket[slot.matched];
            if e.mask == mask && e.owners == masked {
                e.lower = e.lower.max(lower);
                e.upper = e.upper.min(upper);
                if best != NO_MOVE {
                    e.best = best;
                }
                return;
            }
        }
        if bucket.len() >= BUCKET_LIMIT {
            // The oldest entries (those that decided nothing for longest) go, a block at a
            // time so that the bucket is not shifted on every store.
            bucket.drain(..BUCKET_LIMIT / 8);
            self.entries -= BUCKET_LIMIT / 8;
        }
        bucket.push(Entry { owners: masked, mask, lower, upper, best });
        self.entries += 1;
    }

    /// Tries each card of the player to move, `hint` first if it is held; returns the result,
    /// the ranks it rested on and the card that decided it (`NO_MOVE` if every card was tried).
    #[inline(always)]
    fn play_on_body<const FAST: bool>(&mut self, trick: &TrickState, n: u8, target: i8, hint: u8) -> (bool, Relevant, u8) {
        let seat = trick.to_play();
        let maximizing = seat & 1 == 0;
        if trick.count == 1 {
            // The side of the second hand needs `target` tricks (North-South) or `n - target + 1`.
            let needed = if maximizing { target } else { n as i8 - target + 1 };
            if needed <= 1 || self.trump == NO_TRUMP {
                if let Some(rel) = self.second_hand_tricks(trick, seat, needed.max(0) as u32) {
                    return (maximizing, rel, NO_MOVE);
                }
            }
        }
        let mut moves = [Move::default(); 13];
        let count = self.moves(trick, seat, &mut moves);
        if hint != NO_MOVE {
            if let Some(i) = moves[..count].iter().position(|m| encode(m.suit(), m.rank()) == hint) {
                moves[..=i].rotate_right(1);
            } else if let Some(i) = moves[..count].iter().position(|m| m.suit() == hint >> 4) {
                moves[..=i].rotate_right(1);
            }
        }
        if trick.count == 0 && count > 1 {
            let killer = self.killers[n as usize];
            if killer != NO_MOVE {
                let (ks, kr) = (killer >> 4, killer & 15);
                if let Some(i) = moves[..count].iter().position(|m| m.suit() == ks && m.rank() <= kr && kr <= m.top()) {
                    moves[..=i].rotate_right(1);
                }
            }
        }
        let mut all_rel: Relevant = 0;
        // Small cards already answered, per suit: a run topped below `skip_below[suit]` gives the
        // result a smaller card of the suit gave (see below).
        let mut skip_below = [0u8; 4];
        for m in &moves[..count] {
            if m.top() < skip_below[m.suit() as usize] {
                continue;
            }
            let next = trick.after_card(m.suit(), m.rank(), self.trump);
            self.play(seat, m.suit() as usize, m.rank());
            let (result, rel) = if next.count == 4 {
                let winner = next.win_seat as usize;
                let won = (winner & 1 == 0) as i8;
                let (r, rel) = self.trick_start::<FAST>(winner, n - 1, target - won);
                (r, rel | trick_relevant(&next))
            } else {
                self.nodes += 1;
                let (r, rel, _) = self.play_on::<FAST>(&next, n, target, NO_MOVE);
                (r, rel)
            };
            self.unplay(seat, m.suit() as usize, m.rank());
            let rel = for_run(rel, m.suit() as usize, m.rank(), m.top());
            if result == maximizing {
                if trick.count == 0 {
                    self.killers[n as usize] = encode(m.suit(), m.rank());
                }
                return (result, rel, encode(m.suit(), m.rank()));
            }
            all_rel |= rel;
            let suit = m.suit() as usize;
            if skip_below[suit] == 0 {
                skip_below[suit] = skip_floor(rel, suit, m.top());
            }
        }
        (!maximizing, all_rel, NO_MOVE)
    }

    /// Can the leader's side cash `needed` tricks at once: the leader's own top winners, or,
    /// when the leader can reach partner's top card in a suit, the leader's winners followed by
    /// partner's? In a suit contract a side suit counts only as far as every opponent holding
    /// trumps can follow. Gives the top cards the proof rests on, using as few suits as it can.
    ///
    /// With an entry, the leader first cashes some of its winners, then leads the entry suit to
    /// partner's top card and partner cashes the rest. The two sets of winners are in different
    /// suits (one hand holds a suit's top card), and `needed` never exceeds the cards each hand
    /// holds, so partner can keep the winners it needs and discard other cards meanwhile.
    #[inline(always)]
    fn quick_tricks(&self, leader: usize, needed: u32) -> Option<Relevant> {
        // Every way of cashing starts from a top card the leader or partner holds.
        let side = |s: usize| self.hands[leader][s] | self.hands[(leader + 2) & 3][s];
        if (0..4).all(|s| side(s) >> (15 - self.remaining(s).leading_zeros().min(15)) == 0) {
            return None;
        }
        let (tricks, tops) = self.cashing(leader, 0);
        let cards = self.cards_left(leader);
        if let Some(rel) = cover(&tricks, &tops, needed, cards) {
            return Some(rel);
        }
        if self.trump != NO_TRUMP && tricks[self.trump] > 0 {
            // Draw trumps first: the leader's top trumps take `drawn` rounds, after which an
            // opponent who had no more trumps cannot ruff the side suits.
            let drawn = tricks[self.trump];
            let (mut side, side_tops) = self.cashing(leader, drawn);
            side[self.trump] = 0;
            let trump_rel = (tops[self.trump] as u64) << (16 * self.trump);
            if let Some(rel) = cover(&side, &side_tops, needed.saturating_sub(drawn), cards - drawn) {
                return Some(rel | trump_rel);
            }
        }
        let partner = (leader + 2) & 3;
        let (lho, rho) = ((leader + 1) & 3, (leader + 3) & 3);
        let mut partner_cashing = None;
        // An entry to partner: a suit the leader holds whose top card partner holds, which no
        // opponent can ruff; each such suit is tried in turn.
        for s in 0..4 {
            if self.hands[leader][s] == 0 || self.hands[partner][s] == 0 {
                continue;
            }
            let rem = self.remaining(s);
            let top = highest(rem);
            let second = highest(rem & !top);
            // Not `get_or_insert_with`: its closure would be compiled outside the search's fast
            // copy, without the CPU's bit instructions (7 % of the solver's time).
            let (p_tricks, p_tops) = match partner_cashing {
                Some(cashing) => cashing,
                None => {
                    let cashing = self.cashing(partner, 0);
                    partner_cashing = Some(cashing);
                    cashing
                }
            };
            let safe_twice = self.trump == NO_TRUMP || s == self.trump || !self.opponent_short(leader, s, 2);
            // The tricks the entry suit gives (partner is on lead after them) and its cards they
            // rest on.
            let (first, entry_cards) = if self.hands[partner][s] & top != 0 {
                if self.can_ruff(lho, s) || self.can_ruff(rho, s) {
                    continue;
                }
                let (mut first, mut cards_used) = (p_tricks[s], p_tops[s] | top);
                // A finesse: partner's top and third cards over the second hand's second card
                // take two tricks (the second hand plays before partner).
                let third = highest(rem & !top & !second);
                if first < 2 && third != 0 && self.hands[lho][s] & second != 0 && self.hands[partner][s] & third != 0 && safe_twice {
                    first = 2;
                    cards_used |= top | second | third;
                }
                (first, cards_used)
            } else {
                // "Ax opposite Kx": the leader cashes the top card, partner following small,
                // then leads to partner's second card. Both rounds must be safe from a ruff.
                // In no trump, with the leader's suit gone and the opponents' drawn by then,
                // partner's other cards of the suit are winners too.
                let (mine, theirs) = (self.hands[leader][s].count_ones(), self.hands[partner][s].count_ones());
                if second == 0 || self.hands[leader][s] & top == 0 || self.hands[partner][s] & second == 0 || mine < 2 || theirs < 2 || !safe_twice {
                    continue;
                }
                let drawn = self.hands[lho][s].count_ones() <= 2 && self.hands[rho][s].count_ones() <= 2;
                let first = if self.trump == NO_TRUMP && mine == 2 && drawn { theirs } else { 2 };
                (first, top | second)
            };
            let entry_rel = (entry_cards as u64) << (16 * s);
            if first >= needed {
                return (needed <= cards).then_some(entry_rel);
            }
            let mut both = [0u32; 4];
            let mut both_tops = [0u16; 4];
            for t in 0..4 {
                if t != s {
                    both[t] = tricks[t] + p_tricks[t];
                    both_tops[t] = tops[t] | p_tops[t];
                }
            }
            if let Some(rel) = cover(&both, &both_tops, needed - first, cards - first) {
                return Some(rel | entry_rel);
            }
        }
        None
    }

    /// Can `seat` ruff a lead of `suit`: a side suit of a trump contract in which it is void while
    /// it holds trumps?
    #[inline(always)]
    fn can_ruff(&self, seat: usize, suit: usize) -> bool {
        self.trump != NO_TRUMP && suit != self.trump && self.hands[seat][suit] == 0 && self.hands[seat][self.trump] != 0
    }

    /// Does an opponent of `seat` who holds trumps hold fewer than `rounds` cards of `suit`?
    #[inline(always)]
    fn opponent_short(&self, seat: usize, suit: usize, rounds: u32) -> bool {
        [(seat + 1) & 3, (seat + 3) & 3].iter().any(|&o| self.hands[o][suit].count_ones() < rounds && self.hands[o][self.trump] != 0)
    }

    /// The top winners `seat` can cash from its own hand, suit by suit: the tricks and the top
    /// cards they rest on. `drawn` rounds of trumps have been cashed first: an opponent with no
    /// more trumps than that cannot ruff.
    #[inline(always)]
    fn cashing(&self, seat: usize, drawn: u32) -> ([u32; 4], [u16; 4]) {
        let own = &self.hands[seat];
        let lho = &self.hands[(seat + 1) & 3];
        let rho = &self.hands[(seat + 3) & 3];
        let mut tricks = [0u32; 4];
        let mut tops = [0u16; 4];
        for s in 0..4 {
            let held = own[s];
            if held == 0 {
                continue;
            }
            let rem = self.remaining(s);
            let others = rem & !held;
            let top_run = if others == 0 {
                held.count_ones()
            } else {
                let highest_other = 15 - others.leading_zeros();
                (held >> (highest_other + 1)).count_ones()
            };
            if top_run == 0 {
                continue;
            }
            // Once the top cards have drawn every other hand's cards of the suit (partner's
            // too, so it cannot overtake), the rest of the hand's cards are winners as well;
            // that rests only on the top cards that draw them (the suit lengths tell the rest).
            let longest_other = [lho[s], rho[s], self.hands[(seat + 2) & 3][s]].map(|h| h.count_ones()).into_iter().max().unwrap_or(0);
            let (mut t, counted) = if longest_other <= top_run { (held.count_ones(), longest_other) } else { (top_run, top_run) };
            if self.trump != NO_TRUMP && s != self.trump {
                for opp in [lho, rho] {
                    if opp[self.trump].count_ones() > drawn {
                        t = t.min(opp[s].count_ones());
                    }
                }
            }
            if t > 0 {
                tricks[s] = t;
                tops[s] = top_cards(rem, counted as u8);
            }
        }
        (tricks, tops)
    }

    /// Is the side of `seat` sure of `wanted` tricks in a suit contract? Each trump that beats
    /// every opposing trump wins the trick it is played to, and one hand's such trumps go to
    /// different tricks. Gives the cards that rests on: the trumps down to the `wanted`-th of
    /// that hand (none when the opponents have no trumps: the suit lengths tell).
    #[inline(always)]
    fn sure_trump_tricks(&self, seat: usize, wanted: u32) -> Option<Relevant> {
        if self.trump == NO_TRUMP {
            return None;
        }
        let t = self.trump;
        let (a, b) = (seat & 1, (seat & 1) + 2);
        let opp = self.hands[(a + 1) & 3][t] | self.hands[(a + 3) & 3][t];
        let above = if opp == 0 { 0xFFFF } else { !((2u16 << (15 - opp.leading_zeros())) - 1) };
        let (mine, theirs) = (self.hands[a][t] & above, self.hands[b][t] & above);
        let best = if mine.count_ones() >= theirs.count_ones() { mine } else { theirs };
        if best.count_ones() < wanted {
            return None;
        }
        if opp == 0 {
            return Some(0);
        }
        let lowest = top_cards(best, wanted as u8).trailing_zeros();
        Some(((self.remaining(t) >> lowest << lowest) as u64) << (16 * t))
    }

    /// The cards worth trying, best first: one card per run of equivalent cards.
    /// Written into `out` (not returned) so that the caller reads the moves where they were
    /// stored; gives how many there are.
    #[inline(always)]
    fn moves(&self, trick: &TrickState, seat: usize, out: &mut [Move; 13]) -> usize {
        let mut count = 0;
        let hand = &self.hands[seat];
        // Cards on the table separate runs just as cards in hands do.
        let on_table = &trick.table;
        let partner_winning = trick.count > 0 && (trick.win_seat as usize) % 2 == seat % 2;
        let follow = trick.count > 0 && hand[trick.led as usize] != 0;
        if follow {
            // Following suit with a single run: nothing to order.
            let s = trick.led as usize;
            let (bottoms, tops) = runs(hand[s], self.remaining(s) | on_table[s]);
            if bottoms & (bottoms - 1) == 0 {
                let rank = bottoms.trailing_zeros() as u8;
                out[0] = Move::new(s, rank, tops.trailing_zeros() as u8, 0);
                return 1;
            }
        }
        // Whether the second hand's partner wins the trick anyway does not depend on the card.
        let fourth_wins = trick.count == 1 && follow && self.fourth_wins_anyway(trick, seat);
        for s in 0..4 {
            if hand[s] == 0 || (follow && s != trick.led as usize) {
                continue;
            }
            let present = self.remaining(s) | on_table[s];
            let (mut bottoms, mut tops) = runs(hand[s], present);
            let rem = self.remaining(s);
            let top_of_suit = 15 - rem.leading_zeros() as u8;
            let partner_top = self.hands[(seat + 2) & 3][s] & (1 << top_of_suit) != 0;
            let lead = if trick.count == 0 { self.lead_facts(seat, s, top_of_suit) } else { LeadFacts::default() };
            while bottoms != 0 {
                // The run's lowest card is played (see `runs`); it is weighed as its top card,
                // which acts the same in this trick.
                let rank = bottoms.trailing_zeros() as u8;
                let top = tops.trailing_zeros() as u8;
                bottoms &= bottoms - 1;
                tops &= tops - 1;
                let weight = if trick.count == 0 {
                    lead.weight(top, top_of_suit, partner_top)
                } else {
                    self.weight(trick, seat, s as u8, top, partner_winning, fourth_wins)
                };
                // Insertion, keeping `out` sorted by weight, highest first.
                let m = Move::new(s, rank, top, weight);
                let mut i = count;
                while i > 0 && out[i - 1] < m {
                    out[i] = out[i - 1];
                    i -= 1;
                }
                out[i] = m;
                count += 1;
            }
        }
        count
    }

    /// Will the partner of `seat`, the second hand, win the trick in progress whatever the third
    /// hand does?
    #[inline(always)]
    fn fourth_wins_anyway(&self, trick: &TrickState, seat: usize) -> bool {
        let led = trick.led as usize;
        let third = (seat + 1) & 3;
        let fourth = self.hands[(seat + 2) & 3][led];
        if fourth == 0 || self.can_ruff(third, led) {
            return false;
        }
        let best = 15 - fourth.leading_zeros() as u8;
        best > trick.win_rank && self.hands[third][led] >> best == 0
    }

    /// Could `seat` beat the card `(suit, rank)` leading a trick of the suit `led`?
    #[inline(always)]
    fn can_beat(&self, seat: usize, suit: u8, rank: u8, led: u8) -> bool {
        let hand = &self.hands[seat];
        let above = !((2u16 << rank) - 1);
        if hand[led as usize] != 0 {
            return suit == led && hand[led as usize] & above != 0;
        }
        if self.trump == NO_TRUMP || hand[self.trump] == 0 {
            return false;
        }
        suit as usize != self.trump || hand[self.trump] & above != 0
    }

    /// What the ordering of leads needs to know about suit `s`, worked out once per suit rather
    /// than once per run (it does not depend on the card led). Ordering only: it never changes
    /// a result.
    #[inline(always)]
    fn lead_facts(&self, seat: usize, s: usize, top_of_suit: u8) -> LeadFacts {
        let lho = (seat + 1) & 3;
        let rho = (seat + 3) & 3;
        let partner = (seat + 2) & 3;
        let ruffable = self.can_ruff(lho, s) || self.can_ruff(rho, s);
        let partner_ruffs = self.can_ruff(partner, s);
        // A void opponent counts as holding a whole hand: it discards or ruffs at will.
        let cards = self.cards_left(seat) as i16;
        let opponents: i16 = [lho, rho]
            .map(|o| match self.hands[o][s].count_ones() as i16 {
                0 => cards,
                len => len,
            })
            .iter()
            .sum();
        // The suit's top three cards (0: none).
        let rem = self.remaining(s);
        let top = 1u16 << top_of_suit;
        let second = highest(rem & !top);
        let third = highest(rem & !top & !second);
        let holds = |h: usize, card: u16| self.hands[h][s] & card != 0;
        let mut low_lead = 0;
        if holds(seat, top) {
            // Leading low from the top card (underleading it) comes later.
            low_lead -= 10;
        } else if holds(partner, second) && holds(partner, third) && !holds(partner, top) {
            // Towards partner's second and third cards: forces out the opponents' top card.
            low_lead += 20;
        }
        // In no trump, cashing the top card that sets up an opponent's guarded second card
        // comes later, and the opponents' length weighs more.
        let no_trump = self.trump == NO_TRUMP;
        let guarded_second = no_trump && [lho, rho].iter().any(|&o| holds(o, second) && self.hands[o][s].count_ones() > 1);
        let per_card = if no_trump { 16 } else { 12 };
        LeadFacts {
            ruffable,
            partner_ruffs,
            lho_holds_top: holds(lho, top),
            length_penalty: per_card * opponents,
            second,
            low_lead,
            cash: if guarded_second { 35 } else { 60 },
        }
    }

    /// The ordering weight of a card played to a trick already led: higher is tried first.
    /// `fourth_wins`: the second hand follows suit and its partner wins the trick anyway (see
    /// [`Engine::fourth_wins_anyway`]).
    #[inline(always)]
    fn weight(&self, trick: &TrickState, seat: usize, suit: u8, rank: u8, partner_winning: bool, fourth_wins: bool) -> i16 {
        let rank_w = rank as i16;
        let is_trump = suit as usize == self.trump;
        let beats = if suit == trick.win_suit { rank > trick.win_rank } else { is_trump };
        let next = (seat + 1) & 3;
        match trick.count {
            3 => {
                if beats && !partner_winning {
                    // Win as cheaply as possible.
                    80 - rank_w
                } else {
                    // Partner has it or nothing wins: the lowest card, trumps last.
                    -rank_w - if is_trump { 30 } else { 0 }
                }
            }
            2 => {
                if partner_winning {
                    let safe = !self.can_beat(next, trick.win_suit, trick.win_rank, trick.led);
                    if safe {
                        return 40 - rank_w - if is_trump && suit != trick.led { 40 } else { 0 };
                    }
                    if beats || (suit == trick.win_suit && !self.can_beat(next, suit, rank, trick.led)) {
                        // Overtake only with a sure winner; one the fourth hand can beat is
                        // the last resort.
                        return if self.can_beat(next, suit, rank, trick.led) { -30 - rank_w } else { 50 - rank_w };
                    }
                    return 20 - rank_w - if is_trump { 30 } else { 0 };
                }
                if beats {
                    if !self.can_beat(next, suit, rank, trick.led) {
                        70 - rank_w
                    } else {
                        // Third hand high: force out the fourth hand's winner.
                        30 + rank_w
                    }
                } else {
                    -rank_w - if is_trump { 30 } else { 0 }
                }
            }
            _ => {
                // Second hand. When partner, playing last, wins the trick anyway (its best card
                // of the suit beats the lead and everything the third hand holds, and the third
                // hand cannot ruff), following suit low comes first.
                if fourth_wins {
                    return -rank_w;
                }
                if beats {
                    let third = next;
                    if !self.can_beat(third, suit, rank, trick.led) {
                        60 - rank_w
                    } else {
                        // A card that beats the lead but not the third hand: tried before
                        // most low cards (it makes the third hand spend a high card).
                        45 - rank_w
                    }
                } else {
                    30 - rank_w - if is_trump { 30 } else { 0 }
                }
            }
        }
    }
}

/// Facts about a suit that order the leader's cards in it (see [`Engine::lead_facts`]).
#[derive(Copy, Clone, Default)]
struct LeadFacts {
    /// An opponent is void in the suit and holds trumps.
    ruffable: bool,
    /// Partner is void in the suit and holds trumps.
    partner_ruffs: bool,
    /// The second hand holds the suit's top card.
    lho_holds_top: bool,
    /// Against leading the suit: the opponents' cards in it (a void counting as a whole hand),
    /// each weighing more in no trump.
    length_penalty: i16,
    /// The suit's second card (0: none).
    second: u16,
    /// Added to the weight of leads that neither cash the top card nor lead towards partner's.
    low_lead: i16,
    /// The weight of cashing the suit's top card.
    cash: i16,
}

impl LeadFacts {
    /// The weight of leading the run topped by `rank`: cash a winner, or lead low towards
    /// partner's top card, or give partner a ruff; avoid leading into a ruff.
    #[inline(always)]
    fn weight(&self, rank: u8, top_of_suit: u8, partner_top: bool) -> i16 {
        let rank_w = rank as i16;
        let mut w = if rank == top_of_suit {
            self.cash
        } else if partner_top {
            55 - rank_w
        } else if self.partner_ruffs && !self.ruffable {
            50 - rank_w
        } else {
            // Otherwise low cards first; a suit whose top card the second hand holds (it must
            // play before partner) a little sooner.
            // The suit's second card (the king, with the ace out) a little sooner still.
            (if self.lho_holds_top { 15 } else { 0 }) - rank_w + self.low_lead + if 1 << rank == self.second { 5 } else { 0 }
        };
        // Suits where the opponents have the fewest cards, and so the fewest choices, first
        // (DDS weighs leads by the opponents' lengths the same way, more so in no trump); this
        // outweighs the rest.
        w -= self.length_penalty;
        if self.ruffable {
            w -= 50;
        }
        w
    }
}

/// The runs of `held` inside `present` (two held cards are in one run when no card of
/// `present` lies between them), as the set of each run's lowest card and the set of each run's
/// top card: the `i`-th lowest bit of one pairs with the `i`-th lowest of the other.
///
/// The search plays a run's *lowest* card for the whole run. A card's rank enters the
/// transposition table only when it wins a contested trick; had the top card stood for the run,
/// the lower cards of the run would look like small cards to the table, though they too beat
/// everything the trick's winner beat.
#[inline(always)]
pub fn runs(held: u16, present: u16) -> (u16, u16) {
    // Packed in rank order, a card starts its run when the next card down is not held, and
    // tops it when the next card up is not held.
    let packed = compress(held, present);
    (expand(packed & !(packed << 1), present), expand(packed & !(packed >> 1), present))
}

/// What a result found by playing the run `rank..=top` of `suit` (its lowest card played for the
/// whole run) rests on: `rel`, and the card played when `rel` holds another card of the run. The
/// run must then be the same in every position the result is used for, which fixes the owners
/// of the whole run.
#[inline(always)]
pub fn for_run(rel: Relevant, suit: usize, rank: u8, top: u8) -> Relevant {
    let above = ((2u64 << top) - 1) & !((2u64 << rank) - 1);
    if rel & (above << (16 * suit as u32)) != 0 {
        rel | card_bit(suit, rank)
    } else {
        rel
    }
}

/// Small-card skipping (Kuijf's idea, as DDS uses it): when a result found by playing the run
/// topped by `top` (`rel` from [`for_run`]) rests on no card of `suit` as low as the run, every
/// other run of the suit below the lowest card that did matter swaps places with it without
/// changing any card the proof looked at, so it gives the same result on the same cards. Gives
/// that lowest card (runs topped below it share the result), or 0 when nothing can be skipped.
#[inline(always)]
pub fn skip_floor(rel: Relevant, suit: usize, top: u8) -> u8 {
    let held = suit_bits(rel, suit);
    let low = if held == 0 { 16 } else { held.trailing_zeros() as u8 };
    if top < low {
        low
    } else {
        0
    }
}

/// The card of a finished trick whose rank decided it: the winner, when another card of its suit
/// was played to the trick (a card that wins only by being the one trump, or the one card of the
/// suit led, wins whatever its rank).
#[inline(always)]
pub fn trick_relevant(trick: &TrickState) -> Relevant {
    let suit = trick.win_suit as usize;
    if trick.table[suit] & !(1 << trick.win_rank) != 0 {
        card_bit(suit, trick.win_rank)
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_equivalent_cards() {
        // Held AKQ and 3 2 of a suit where J..4 are all still out: two runs (AKQ, 32).
        let held = 0b1_1100_0000_0011;
        assert_eq!(runs(held, 0x1FFF), (0b0_0100_0000_0001, 0b1_0000_0000_0010));
        // With the J..4 gone (not present), AKQ32 is one run.
        assert_eq!(runs(held, held), (1, 1 << 12));
    }
}
