//! Law 70 (and 69B, 71): the tricks a claimer's side wins by the worst "normal" line of play
//! for it — the number a Director needs when a claim is contested, when acquiescence is
//! withdrawn, or when a concession may be cancelled.
//!
//! Law 70A: "any doubtful point as to a claim shall be resolved against the claimer"; the
//! opponents are assumed to find the best defence, and the claimer's side may play any *normal*
//! line — "careless or inferior for the class of player involved, but not irrational" (footnote
//! to Law 70). The Laws leave "normal" to the Director's judgement; this module makes it
//! mechanical, with these documented decisions:
//!
//! - **The statement is followed** (70D1: no successful line not embraced by the statement):
//!   when the claimer named the order of his plays (`order`), each named card is played at its
//!   hand's turn to lead.
//! - **Leads**: otherwise the claimer's side may lead any suit it holds, from the top (cashing
//!   winners carelessly in any order, not underleading them — an underlead would be irrational).
//! - **Following suit**: the cheapest card that beats the card winning so far (lowest when it
//!   cannot win, or when partner is already winning), or carelessly the highest card (e.g.
//!   overtaking partner's winner and blocking a suit).
//! - **Discards and ruffs**: the lowest card of any suit (a low ruff, or a discard from any suit).
//! - **Outstanding trumps (70C)**: when the claimer did not mention an outstanding trump, the
//!   lines above already include cashing side winners while an opponent still holds a trump.
//!   When he did mention trumps (`mentions_trumps`), his side draws trumps first: while an
//!   opponent holds a trump, a hand of the claimer's side that holds a trump leads its top trump.
//! - **The opponents** may play any legal card (best defence).
//!
//! The result is the minimum, over all those lines and every defence, of the tricks the claimer's
//! side wins among the remaining tricks (the trick in progress included).
//!
//! The search is a branch and bound over every line (all players minimise the claimer's
//! tricks), deepened from a lower bound one trick at a time, with a memo of bounds keyed by
//! relative ranks. From seven tricks left two threads search each step, sharing the memo: the
//! second takes the cards of the first two tricks in the reverse order, so the two divide the
//! proof and whichever finds the answer first gives it (the answer is the same either way).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use rustc_hash::FxHashMap;
use tenace_core::{rules, Card, Hand, Rank, Seat, Side, Suit};

/// A claim position: the cards each hand still holds, the trick in progress (its leader and the
/// cards already played to it), the trump suit, and the claimer's side.
#[derive(Clone, Debug)]
pub struct ClaimPosition {
    pub hands: [Hand; 4],
    pub leader: Seat,
    pub trick: Vec<Card>,
    pub trump: Option<Suit>,
    pub claimer_side: Side,
}

/// What the claimer's statement commits him to (Law 68C): the order of his plays, if he gave
/// one, and whether he mentioned the opponents' trumps.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Statement {
    pub order: Vec<Card>,
    pub mentions_trumps: bool,
}

/// How many cards the search may try (all its threads together) before it gives up: the number
/// of normal lines grows exponentially with the tricks left. On the project's 2-core machine
/// (`cargo bench -p tenace-director --bench claim` measures it) the whole deals measured there
/// (48, claimed at trick one) take at most about one and a half seconds and use a fraction of it.
pub const SEARCH_BUDGET: u64 = 50_000_000;

/// Law 70: the tricks the claimer's side wins among the remaining tricks by its worst normal
/// line against the best defence (see the module documentation for "normal"); `None` when the
/// position is too large to search within [`SEARCH_BUDGET`] (the Director then judges alone).
pub fn normal_line_tricks(position: &ClaimPosition, statement: &Statement) -> Option<u8> {
    search_with(position, statement, Settings::FAST)
}

/// How the search runs; the tests compare the settings' answers.
#[derive(Clone, Copy, Debug)]
struct Settings {
    /// Use the lower bound, the relative-rank key and the memo's refinements (off only in the
    /// tests' reference search).
    shortcuts: bool,
    /// From how many tricks left the search runs on two threads (below, a thread costs more
    /// than it saves).
    threads_from: u8,
    /// Positions with at most this many cards out are searched again rather than kept in the
    /// memo: they are the most numerous and the cheapest to search.
    memo_above_cards: usize,
}

impl Settings {
    const FAST: Settings = Settings { shortcuts: true, threads_from: 7, memo_above_cards: 8 };
    /// The tests' reference: every line searched, the memo keyed by the exact cards.
    #[cfg(test)]
    const PLAIN: Settings = Settings { shortcuts: false, threads_from: 14, memo_above_cards: 0 };
}

/// The search under `settings`.
fn search_with(position: &ClaimPosition, statement: &Statement, settings: Settings) -> Option<u8> {
    let shortcuts = settings.shortcuts;
    let shared = Shared::new();
    let left = (position.hands.iter().map(|h| h.len()).max().unwrap_or(0)) as u8;
    let new_search = |reverse| Search {
        trump: position.trump,
        side: position.claimer_side,
        statement,
        shared: &shared,
        nodes: 0,
        aborted: false,
        reverse,
        depth: 0,
        tricks: Default::default(),
        shortcuts,
        memo_above_cards: settings.memo_above_cards,
    };
    if !shortcuts {
        let (mut hands, mut trick) = (position.hands, position.trick.clone());
        let mut search = new_search(false);
        let tricks = search.min_tricks(&mut hands, position.leader, &mut trick, left + 1, 0);
        search.flush_nodes();
        return (!search.aborted).then_some(tricks);
    }
    let mut floor = if position.trick.is_empty() { new_search(false).lower_bound(&position.hands, position.leader) } else { 0 };
    // Small positions are searched at once; larger ones by as many threads as the machine has
    // cores (at most two), sharing one memo.
    let threads = if left >= settings.threads_from { std::thread::available_parallelism().map_or(1, |n| n.get().min(2)) } else { 1 };
    // Iterative deepening from below: can the claimer's side be held to `floor` tricks? If not,
    // the search proves a higher lower bound, and asks again; the memo's bounds carry over.
    loop {
        let limit = floor + 1;
        shared.stop.store(false, Ordering::Relaxed);
        let iteration = |reverse| {
            let (mut hands, mut trick) = (position.hands, position.trick.clone());
            let mut search = new_search(reverse);
            let tricks = search.min_tricks(&mut hands, position.leader, &mut trick, limit, floor);
            search.flush_nodes();
            // The first thread to finish answers for both; the other stops.
            (!search.aborted && !shared.stop.swap(true, Ordering::Relaxed)).then_some(tricks)
        };
        let tricks = if threads == 1 {
            iteration(false)
        } else {
            std::thread::scope(|scope| {
                let second = scope.spawn(|| iteration(true));
                let first = iteration(false);
                first.or(second.join().unwrap_or(None))
            })
        };
        let tricks = tricks?;
        if tricks < limit || tricks > left {
            return Some(tricks.min(left));
        }
        floor = tricks;
    }
}

/// The memo's mark of an exact value (values are at most 13).
const EXACT: u8 = 0x80;

/// How many locks the memo is split under, so that two threads seldom wait on each other.
const SHARDS: usize = 64;

/// One part of the memo under its own lock, alone on its cache lines (two threads taking
/// neighbouring locks would otherwise pull the same line back and forth).
#[repr(align(128))]
struct Shard(Mutex<FxHashMap<[u64; 2], u8>>);

/// What the threads of one search share: the memo, the cards tried, and the signal to stop.
struct Shared {
    /// Between tricks: the cards still out and the leader ([`Search::key`], in two words) → a
    /// lower bound of the fewest tricks the claimer's side wins from there, with [`EXACT`] set
    /// when it is exact. Kept small (24 bytes an entry): the search waits on this table.
    memo: Vec<Shard>,
    /// Cards tried so far by all threads; past [`SEARCH_BUDGET`] the search gives up.
    nodes: AtomicU64,
    /// Set when a thread has answered this iteration (or the budget is spent).
    stop: AtomicBool,
}

impl Shared {
    fn new() -> Shared {
        Shared { memo: (0..SHARDS).map(|_| Shard(Mutex::new(FxHashMap::default()))).collect(), nodes: AtomicU64::new(0), stop: AtomicBool::new(false) }
    }

    fn shard(&self, key: &[u64; 2]) -> std::sync::MutexGuard<'_, FxHashMap<[u64; 2], u8>> {
        let mixed = (key[0] ^ key[1].rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let shard = &self.memo[(mixed >> 58) as usize % SHARDS];
        // A thread never panics holding the lock; if one did, its map is still a set of bounds.
        shard.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn get(&self, key: &[u64; 2]) -> u8 {
        self.shard(key).get(key).copied().unwrap_or(0)
    }

    /// Stores a bound: an exact value is kept over any lower bound, else the higher bound.
    fn put(&self, key: [u64; 2], value: u8) {
        let mut shard = self.shard(&key);
        let entry = shard.entry(key).or_insert(0);
        if *entry & EXACT == 0 && (value & EXACT != 0 || value > *entry) {
            *entry = value;
        }
    }
}

/// How many cards a thread tries between looks at the shared count and the stop signal.
const NODES_PER_CHECK: u64 = 4096;

struct Search<'a> {
    trump: Option<Suit>,
    side: Side,
    statement: &'a Statement,
    shared: &'a Shared,
    /// Cards tried by this thread since it last added them to the shared count.
    nodes: u64,
    /// The search stopped (budget spent, or the other thread answered): what it returns then is
    /// no bound and is not stored.
    aborted: bool,
    /// Try the cards of the first two tricks in the reverse order (the second thread, which so
    /// starts where the first thread ends and finds the first thread's results in the memo).
    reverse: bool,
    /// Tricks begun below the search's first trick on the way here.
    depth: u8,
    /// A trick's cards for each depth, reused.
    tricks: [Vec<Card>; 14],
    /// Use the lower bound and the relative-rank key (off only in the tests' reference).
    shortcuts: bool,
    /// See [`Settings::memo_above_cards`].
    memo_above_cards: usize,
}

impl Search<'_> {
    /// Adds this thread's cards tried to the shared count; the search is aborted when the
    /// budget is spent or the other thread has answered.
    fn flush_nodes(&mut self) {
        let total = self.shared.nodes.fetch_add(self.nodes, Ordering::Relaxed) + self.nodes;
        self.nodes = 0;
        if total > SEARCH_BUDGET || self.shared.stop.load(Ordering::Relaxed) {
            self.aborted = true;
        }
    }

    /// Branch and bound: the fewest tricks the claimer's side can be held to from here, exact
    /// when below `limit`; otherwise some value at least `limit` (that line is already no better
    /// than one found). `floor` is a lower bound of the value from this trick's start (see
    /// [`Search::lower_bound`]): a line reaching it ends the search of this trick.
    fn min_tricks(&mut self, hands: &mut [Hand; 4], leader: Seat, trick: &mut Vec<Card>, limit: u8, floor: u8) -> u8 {
        if trick.len() == 4 {
            let winner = rules::trick_winner(leader, trick, self.trump).unwrap_or(leader);
            let won = u8::from(winner.side() == self.side);
            if won >= limit {
                return won;
            }
            let played = std::mem::take(trick);
            let rest = self.between_tricks(hands, winner, limit - won);
            *trick = played;
            return won + rest;
        }
        // A trick the claimer's side is sure to win, and the master trumps its hands keep after
        // it, may already reach the limit.
        if self.shortcuts && !trick.is_empty() && self.sure_to_win(hands, leader, trick) {
            let after = self.master_trumps(hands, |seat| (trick.len()..4).any(|i| leader.after(i) == seat));
            if 1 + after >= limit {
                return 1 + after;
            }
        }
        let seat = leader.after(trick.len());
        let mut best = limit;
        let mut moves = self.moves(hands, seat, trick);
        if self.reverse && self.depth <= 1 {
            moves.reverse();
        }
        for &card in moves.as_slice() {
            self.nodes += 1;
            if self.nodes >= NODES_PER_CHECK {
                self.flush_nodes();
            }
            if self.aborted {
                return 0;
            }
            hands[seat.index()].remove(card);
            trick.push(card);
            let value = self.min_tricks(hands, leader, trick, best, floor);
            trick.pop();
            hands[seat.index()].insert(card);
            best = best.min(value);
            if best <= floor {
                break;
            }
        }
        best
    }

    fn between_tricks(&mut self, hands: &mut [Hand; 4], leader: Seat, limit: u8) -> u8 {
        let out = hands.iter().fold(Hand::EMPTY, |a, h| a.union(*h));
        if out.is_empty() {
            return 0;
        }
        // The bound first: it costs less than a look in the memo, which misses the cache.
        let bound = self.lower_bound(hands, leader);
        if bound >= limit {
            return bound;
        }
        let memo = out.len() > self.memo_above_cards;
        let key = if memo { (self.key(hands, out) << 2) | leader.index() as u128 } else { 0 };
        let key = [key as u64, (key >> 64) as u64];
        let stored = if memo { self.shared.get(&key) } else { 0 };
        let (lower, exact) = (stored & !EXACT, stored & EXACT != 0);
        if exact || lower >= limit {
            return lower;
        }
        let floor = bound.max(lower);
        // The trick's cards live in a vector kept for each depth (no allocation per trick).
        let mut trick = std::mem::take(&mut self.tricks[usize::from(self.depth)]);
        trick.clear();
        self.depth += 1;
        let v = self.min_tricks(hands, leader, &mut trick, limit, floor);
        self.depth -= 1;
        self.tricks[usize::from(self.depth)] = trick;
        if memo && !self.aborted {
            self.shared.put(key, if v < limit { v | EXACT } else { v.max(lower) });
        }
        v
    }

    /// A lower bound of the tricks the claimer's side wins from a position between tricks
    /// (`leader` to lead), whatever anyone plays; the larger of two:
    /// - a trump wins the trick it is played to unless an opponent plays a higher trump to it
    ///   (partner's higher trump wins for the side), every card is played by the end, and a
    ///   trick holds one card of each hand — so the claimer's side wins at least as many tricks
    ///   as either of its hands holds trumps, less those the opponents' higher trumps can beat
    ///   one by one ([`Search::master_trumps`]);
    /// - when a hand of the claimer's side is on lead and the top card of every suit it holds is
    ///   a winner (higher than the opponents' cards of the suit, and no opponent void in the suit
    ///   holds a trump), whatever it leads wins the trick: at least one. (Not with a stated
    ///   order, whose next card may be a small one.)
    fn lower_bound(&self, hands: &[Hand; 4], leader: Seat) -> u8 {
        if !self.shortcuts {
            return 0;
        }
        let theirs = |suit: Suit| Seat::ALL.iter().filter(|s| s.side() != self.side).fold(0u16, |a, s| a | hands[s.index()].suit(suit));
        let masters = self.master_trumps(hands, |_| false);
        if masters > 0 || leader.side() != self.side || !self.statement.order.is_empty() {
            return masters;
        }
        let hand = hands[leader.index()];
        let ruffers = |suit: Suit| {
            Seat::ALL
                .iter()
                .any(|s| s.side() != self.side && hands[s.index()].suit(suit) == 0 && self.trump.is_some_and(|t| t != suit && hands[s.index()].suit(t) != 0))
        };
        let all_winners = Suit::ALL.iter().filter(|&&suit| hand.suit(suit) != 0).all(|&suit| {
            let top = 1u16 << (15 - hand.suit(suit).leading_zeros());
            theirs(suit) < top && !ruffers(suit)
        });
        u8::from(all_winners && !hand.is_empty())
    }

    /// The most tricks either hand of the claimer's side is sure to win with its trumps (see
    /// [`Search::lower_bound`]), one fewer for a hand that is still to play to the trick in
    /// progress (`to_play`). A trump wins the trick it is played to (or partner's higher trump
    /// does) unless an opponent plays a higher trump to the same trick; each opponent's trump
    /// beats at most one, in its own trick, and every card is played by the end. So a hand wins
    /// at least as many tricks as it holds trumps, less the most of them the opponents' higher
    /// trumps can be matched against (all its trumps above theirs, when they hold none higher).
    fn master_trumps(&self, hands: &[Hand; 4], to_play: impl Fn(Seat) -> bool) -> u8 {
        let Some(trump) = self.trump else { return 0 };
        let theirs = Seat::ALL.iter().filter(|s| s.side() != self.side).fold(0u16, |a, s| a | hands[s.index()].suit(trump));
        Seat::ALL
            .iter()
            .filter(|s| s.side() == self.side)
            .map(|s| {
                let mine = hands[s.index()].suit(trump);
                let sure = mine.count_ones() - beaten(mine, theirs);
                (sure as u8).saturating_sub(u8::from(to_play(*s)))
            })
            .max()
            .unwrap_or(0)
    }

    /// In a trick begun but not finished, the card winning so far is the claimer's side's and no
    /// opponent still to play can beat it (by following higher or by trumping).
    fn sure_to_win(&self, hands: &[Hand; 4], leader: Seat, trick: &[Card]) -> bool {
        let Some(w) = rules::winning_card(trick, self.trump) else { return false };
        if leader.after(w).side() != self.side {
            return false;
        }
        let best = trick[w];
        let led = trick[0].suit();
        let above = |holding: u16| holding & !below_or_at(1 << best.rank().index()) != 0;
        (trick.len()..4).map(|i| leader.after(i)).filter(|s| s.side() != self.side).all(|seat| {
            let hand = hands[seat.index()];
            if hand.suit(led) != 0 {
                !(best.suit() == led && above(hand.suit(led)))
            } else {
                match self.trump {
                    Some(t) if hand.suit(t) != 0 => best.suit() == t && !above(hand.suit(t)),
                    _ => true,
                }
            }
        })
    }

    /// The memo's key for the cards still out: who holds each of them, suit by suit in rank
    /// order, which is all that matters to who wins a trick and to every normal play (the
    /// cards' relative ranks, as double-dummy solvers key their positions). When the statement
    /// names cards, those are played by name and the key is the exact cards instead.
    fn key(&self, hands: &[Hand; 4], out: Hand) -> u128 {
        if !self.statement.order.is_empty() || !self.shortcuts {
            // Every card still out is with the hand it was dealt to: the set says who holds it.
            return u128::from(out.bits());
        }
        let mut key: u128 = 0;
        for suit in Suit::ALL {
            // The owner's index in two bits: East or West sets the low bit, South or West the
            // high one.
            let held = hands.map(|h| u32::from(h.suit(suit)));
            let (low, high) = (held[1] | held[3], held[2] | held[3]);
            // From the lowest card up (any fixed order makes the key).
            let mut rest = out.suit(suit);
            while rest != 0 {
                let rank = rest.trailing_zeros();
                let owner = ((low >> rank) & 1) | (((high >> rank) & 1) << 1);
                key = (key << 2) | u128::from(owner);
                rest &= rest - 1;
            }
            key = (key << 4) | u128::from(out.suit(suit).count_ones());
        }
        key
    }

    /// The cards `seat` may consider: every legal card for an opponent (one of each run of
    /// equivalent cards, high cards first: they win tricks, which finds low results early), the
    /// normal plays for the claimer's side (those that lose tricks first).
    fn moves(&self, hands: &[Hand; 4], seat: Seat, trick: &[Card]) -> Moves {
        let hand = hands[seat.index()];
        let legal = rules::legal_cards(hand, trick.first().map(|c| c.suit()));
        let mut moves = Moves::default();
        if seat.side() != self.side {
            representatives(legal, hands, trick, &mut moves);
            return moves;
        }
        if trick.is_empty() {
            if let Some(next) = self.statement.order.iter().find(|c| hands.iter().any(|h| h.contains(**c))) {
                if hand.contains(*next) {
                    moves.push(*next);
                    return moves;
                }
            }
            if let Some(trump) = self.trump.filter(|_| self.statement.mentions_trumps) {
                let theirs = hands.iter().enumerate().filter(|(i, _)| Seat::ALL[*i].side() != self.side);
                let outstanding = theirs.map(|(_, h)| h.suit_len(trump)).sum::<usize>() > 0;
                if outstanding && hand.suit_len(trump) > 0 {
                    moves.extend(hand.cards_in(trump).iter().next_back());
                    return moves;
                }
            }
            for suit in Suit::ALL {
                moves.extend(hand.cards_in(suit).iter().next_back());
            }
            return moves;
        }
        let led = trick[0].suit();
        let winning = rules::winning_card(trick, self.trump).unwrap_or(0);
        let partner_winning = (trick.len() - winning).is_multiple_of(2);
        let best = trick[winning];
        if hand.suit_len(led) > 0 {
            let cards = hand.cards_in(led);
            let beats = |c: &Card| best.suit() == led && c.rank() > best.rank();
            let cheap = if partner_winning { None } else { cards.iter().find(beats) };
            moves.extend(cheap.or(cards.iter().next()));
            moves.extend(cards.iter().next_back());
        } else {
            // Void in the suit led: ruff low enough to win when partner is not winning (throwing
            // a winning ruff away would be irrational), otherwise the lowest card of any suit.
            let ruff = self.trump.filter(|_| !partner_winning).and_then(|t| hand.cards_in(t).iter().find(|c| best.suit() != t || c.rank() > best.rank()));
            match ruff {
                Some(card) => moves.push(card),
                None => {
                    for suit in Suit::ALL {
                        moves.extend(hand.cards_in(suit).iter().next());
                    }
                }
            }
        }
        moves
    }
}

/// The most cards of `mine` that cards of `theirs` can beat, each of theirs beating one lower
/// card of mine (a maximum matching: their cards from the lowest, each against the lowest of mine
/// it beats and not yet matched).
fn beaten(mine: u16, theirs: u16) -> u32 {
    let mut left = mine;
    let mut count = 0;
    let mut rest = theirs;
    while rest != 0 {
        let card = rest & rest.wrapping_neg();
        rest &= !card;
        let below = left & (card - 1);
        if below != 0 {
            left &= !(below & below.wrapping_neg());
            count += 1;
        }
    }
    count
}

/// The rank bits at or below the highest bit of `holding` (none when it is empty).
fn below_or_at(holding: u16) -> u16 {
    if holding == 0 {
        0
    } else {
        u16::MAX >> holding.leading_zeros()
    }
}

/// The cards to try at one turn (at most a hand's thirteen), kept without allocating.
#[derive(Clone, Copy)]
struct Moves {
    cards: [Card; 13],
    len: usize,
}

impl Default for Moves {
    fn default() -> Moves {
        Moves { cards: [Card::new(Suit::Clubs, Rank::Two); 13], len: 0 }
    }
}

impl Moves {
    /// Adds `card` unless it is already there.
    fn push(&mut self, card: Card) {
        if !self.as_slice().contains(&card) {
            self.cards[self.len] = card;
            self.len += 1;
        }
    }

    /// Adds `card`, known not to be there yet (a representative of a run: one per run).
    fn push_new(&mut self, card: Card) {
        self.cards[self.len] = card;
        self.len += 1;
    }

    fn extend(&mut self, cards: impl IntoIterator<Item = Card>) {
        for card in cards {
            self.push(card);
        }
    }

    fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len]
    }

    fn reverse(&mut self) {
        self.cards[..self.len].reverse();
    }
}

/// One card of each run of cards that are equivalent for the play: adjacent in rank among the
/// cards still out (the ones already played to this trick count as out); highest first.
fn representatives(legal: Hand, hands: &[Hand; 4], trick: &[Card], moves: &mut Moves) {
    for suit in Suit::ALL.iter().rev() {
        let mut out = hands.iter().fold(0u16, |a, h| a | h.suit(*suit));
        for c in trick.iter().filter(|c| c.suit() == *suit) {
            out |= 1 << c.rank().index();
        }
        let mut rest = legal.suit(*suit);
        while rest != 0 {
            let top = 1u16 << (15 - rest.leading_zeros());
            moves.push_new(Card::new(*suit, Rank::ALL[top.trailing_zeros() as usize]));
            // Skip the rest of the run: while the next card still out below is ours too.
            rest &= !top;
            let mut card = top;
            loop {
                let lower = out & (card - 1);
                if lower == 0 {
                    break;
                }
                let next = 1u16 << (15 - lower.leading_zeros());
                if rest & next == 0 {
                    break;
                }
                rest &= !next;
                card = next;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hands in PBN order North, East, South, West.
    fn position(hands: &str, leader: Seat, trump: Option<Suit>) -> ClaimPosition {
        let h: Vec<Hand> = hands.split(' ').map(|h| h.parse().unwrap()).collect();
        ClaimPosition { hands: [h[0], h[1], h[2], h[3]], leader, trick: Vec::new(), trump, claimer_side: Side::NorthSouth }
    }

    fn cards(s: &str) -> Vec<Card> {
        s.split(' ').map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn top_winners_are_won_in_any_order_and_lost_without_the_lead() {
        let hands = "AKQ... 543... .432.. ..432.";
        assert_eq!(normal_line_tricks(&position(hands, Seat::North, None), &Statement::default()), Some(3));
        assert_eq!(normal_line_tricks(&position(hands, Seat::East, None), &Statement::default()), Some(3));
        // West on lead runs the diamonds.
        assert_eq!(normal_line_tricks(&position(hands, Seat::West, None), &Statement::default()), Some(0));
    }

    #[test]
    fn law_70c_an_unmentioned_outstanding_trump_scores_a_mentioned_one_is_drawn() {
        // Spades are trumps; South leads. East holds the last trump: cashing hearts first lets East
        // ruff; drawing the trump first wins all four.
        let p = position("...5432 2..765. A.AKQ.. ...9876", Seat::South, Some(Suit::Spades));
        assert_eq!(normal_line_tricks(&p, &Statement { order: vec![], mentions_trumps: true }), Some(4));
        assert_eq!(normal_line_tricks(&p, &Statement::default()), Some(3));
    }

    #[test]
    fn law_70d1_the_stated_order_is_followed_and_no_unstated_line_is_credited() {
        // South leads, no trumps; West holds the spade ace and two diamonds. Cashing the hearts
        // first wins two; giving up the spade first loses everything to West's diamonds.
        let p = position("...432 ...765 2.AK.. A..32.", Seat::South, None);
        let stated = Statement { order: cards("HA HK"), mentions_trumps: false };
        assert_eq!(normal_line_tricks(&p, &stated), Some(2));
        // Without a stated order, leading the spade first is a careless but normal line (70A).
        assert_eq!(normal_line_tricks(&p, &Statement::default()), Some(0));
    }

    #[test]
    fn a_winning_ruff_is_not_thrown_away() {
        // Hearts are trumps; West leads a club and South, void, ruffs rather than discarding.
        let p = position("...432 ...765 .A.AK. ..QJ.AT", Seat::West, Some(Suit::Hearts));
        let t = normal_line_tricks(&p, &Statement::default()).unwrap();
        assert!(t >= 1, "{t}");
    }

    #[test]
    fn the_trick_in_progress_counts() {
        // West has led the club ace; North, East and South still to play; West then takes the rest.
        let mut p = position("...5432 ...9876 ..5432. QJ..T.", Seat::West, None);
        p.trick = cards("CA");
        assert_eq!(normal_line_tricks(&p, &Statement::default()), Some(0));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
        /// The shortcuts (the master-trump lower bound, positions keyed by relative ranks), the
        /// second thread and the memo's limits never change the answer: the same tricks as the
        /// plain search, on random positions of up to seven tricks, every strain, any leader,
        /// with and without trumps mentioned.
        #[test]
        fn the_shortcuts_threads_and_memo_give_the_plain_search_s_answer(seed in 0u64..u64::MAX, tricks in 1usize..8, strain in 0usize..5, leader in 0usize..4, trumps in proptest::bool::ANY) {
            use rand_chacha::rand_core::{RngCore, SeedableRng};
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let deal = tenace_core::random_deal(&mut rng);
            let hands = Seat::ALL.map(|seat| {
                let mut cards: Vec<Card> = deal.hand(seat).iter().collect();
                for k in (1..cards.len()).rev() {
                    cards.swap(k, rng.next_u32() as usize % (k + 1));
                }
                cards.into_iter().take(tricks).fold(Hand::EMPTY, |h, c| h.with(c))
            });
            let trump = tenace_core::Strain::ALL[strain].trump();
            let p = ClaimPosition { hands, leader: Seat::ALL[leader], trick: Vec::new(), trump, claimer_side: Side::NorthSouth };
            let statement = Statement { order: vec![], mentions_trumps: trumps };
            let plain = search_with(&p, &statement, Settings::PLAIN);
            proptest::prop_assert_eq!(search_with(&p, &statement, Settings::FAST), plain);
            // Two threads and every position remembered, on these small positions too.
            let busy = Settings { shortcuts: true, threads_from: 0, memo_above_cards: 0 };
            proptest::prop_assert_eq!(search_with(&p, &statement, busy), plain);
        }
    }
}
