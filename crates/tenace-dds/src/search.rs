//! The search: alpha-beta on tricks, run as null-window tests ("can North-South take at least
//! `target` of the remaining tricks?").
//!
//! Ideas, all written afresh here, follow the published descriptions of double-dummy solvers,
//! chiefly Bo Haglund's DDS ("Search Algorithms for a Bridge Double Dummy Solver", 2010):
//! - a transposition table at trick boundaries, keyed by the *relative* ranks of the cards still
//!   out (a position after AK of a suit have gone is the same as one where Q is now the top), and
//!   holding lower and upper bounds on North-South's tricks;
//! - quick tricks: top winners the leader can cash at once prove a lower bound without search;
//! - rank equivalence: cards adjacent among those still in play (counting the trick on the table)
//!   are interchangeable, so only one of each run is tried;
//! - move ordering: cheap winners, ruffs and low cards first where they usually refute.
//!
//! Seats are 0..4 (North, East, South, West); North-South are the even seats. Suits are 0..4
//! (clubs..spades); a holding is a `u16` with bit `r` for rank `r` (two = 0, ace = 12).

use rustc_hash::FxHashMap;

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
    /// The cards played, as (suit, rank), in order from the leader.
    pub cards: [(u8, u8); 4],
}

impl TrickState {
    pub fn new(leader: usize) -> TrickState {
        TrickState { leader: leader as u8, ..Default::default() }
    }

    /// Whose turn it is.
    pub fn to_play(&self) -> usize {
        (self.leader as usize + self.count as usize) & 3
    }

    /// The state after `seat` plays `(suit, rank)`; `trump` decides who is winning.
    pub fn after_card(&self, suit: u8, rank: u8, trump: usize) -> TrickState {
        let mut t = *self;
        let seat = t.to_play() as u8;
        t.cards[t.count as usize] = (suit, rank);
        if t.count == 0 {
            t.led = suit;
            t.win_seat = seat;
            t.win_suit = suit;
            t.win_rank = rank;
        } else {
            let beats = if suit == t.win_suit {
                rank > t.win_rank
            } else {
                suit as usize == trump
            };
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

#[derive(Copy, Clone)]
struct Bounds {
    lower: i8,
    upper: i8,
    /// The suit of the lead that last decided a search of this position (`NO_MOVE` if none).
    best_suit: u8,
}

const NO_MOVE: u8 = 255;

/// A move with its ordering weight.
#[derive(Copy, Clone, Default)]
struct Move {
    suit: u8,
    rank: u8,
    weight: i16,
}

/// The solver's working state for one strain: the hands still held and the transposition table.
pub struct Engine {
    /// `hands[seat][suit]`.
    pub hands: [[u16; 4]; 4],
    trump: usize,
    tt: FxHashMap<u128, Bounds>,
    pub nodes: u64,
}

/// Above this many entries the table is cleared, which keeps memory well under 256 MiB.
const TT_LIMIT: usize = 3_000_000;

impl Engine {
    pub fn new(hands: [[u16; 4]; 4], trump: usize) -> Engine {
        Engine { hands, trump, tt: FxHashMap::default(), nodes: 0 }
    }

    fn remaining(&self, suit: usize) -> u16 {
        self.hands[0][suit] | self.hands[1][suit] | self.hands[2][suit] | self.hands[3][suit]
    }

    /// Cards left in each hand (all equal at a trick boundary).
    pub fn cards_left(&self, seat: usize) -> u32 {
        self.hands[seat].iter().map(|h| h.count_ones()).sum()
    }

    /// North-South's maximum number of the `n` remaining tricks from this trick state, by a
    /// sequence of null-window tests starting at `guess`.
    pub fn ns_tricks(&mut self, trick: &TrickState, n: u8, guess: u8) -> u8 {
        let (mut lo, mut hi) = (0i8, n as i8);
        let mut t = (guess as i8).clamp(1, n.max(1) as i8);
        while lo < hi {
            t = t.clamp(lo + 1, hi);
            if self.search(trick, n, t) {
                lo = t;
                t += 1;
            } else {
                hi = t - 1;
                t -= 1;
            }
        }
        lo as u8
    }

    /// Can North-South take at least `target` of the `n` remaining tricks (the trick in progress
    /// included)?
    pub fn search(&mut self, trick: &TrickState, n: u8, target: i8) -> bool {
        self.nodes += 1;
        if trick.count == 0 {
            return self.trick_start(trick.leader as usize, n, target);
        }
        self.play_on(trick, n, target)
    }

    fn trick_start(&mut self, leader: usize, n: u8, target: i8) -> bool {
        if target <= 0 {
            return true;
        }
        if target > n as i8 {
            return false;
        }
        if n == 1 {
            return self.last_trick(leader) >= target;
        }
        let key = self.key(leader);
        let known = self.tt.get(&key).copied();
        let mut hint = NO_MOVE;
        if let Some(b) = known {
            if b.lower >= target {
                return true;
            }
            if b.upper < target {
                return false;
            }
            hint = b.best_suit;
        }
        let quick = self.quick_tricks(leader) as i8;
        // Sure tricks of the side not on lead (top trumps), an upper bound for the leader's side.
        let later = self.sure_trump_tricks(leader % 2 + 1) as i8;
        let (ns_low, ns_high) = if leader % 2 == 0 { (quick, n as i8 - later) } else { (later, n as i8 - quick) };
        if ns_low >= target {
            self.store(key, ns_low, n as i8, NO_MOVE);
            return true;
        }
        if ns_high < target {
            self.store(key, 0, ns_high, NO_MOVE);
            return false;
        }
        let (result, best) = self.play_on_hint(&TrickState::new(leader), n, target, hint);
        if result {
            self.store(key, target, n as i8, best);
        } else {
            self.store(key, 0, target - 1, best);
        }
        result
    }

    /// North-South's tricks (0 or 1) from the last trick, `leader` to lead.
    fn last_trick(&self, leader: usize) -> i8 {
        let mut t = TrickState::new(leader);
        for i in 0..4 {
            let seat = (leader + i) & 3;
            let s = (0..4).find(|&s| self.hands[seat][s] != 0).unwrap_or(0);
            let r = 15 - self.hands[seat][s].leading_zeros() as u8;
            t = t.after_card(s as u8, r, self.trump);
        }
        i8::from(t.win_seat % 2 == 0)
    }

    /// Tricks the side of `seat` (0: North-South, 1: East-West, given as `seat % 2` or any seat of
    /// the side) is sure of in a trump contract: each trump that beats every opposing trump wins
    /// the trick it is played to, and one hand's such trumps go to different tricks.
    fn sure_trump_tricks(&self, seat: usize) -> u32 {
        if self.trump == NO_TRUMP {
            return 0;
        }
        let t = self.trump;
        let (a, b) = (seat & 1, (seat & 1) + 2);
        let opp = self.hands[(a + 1) & 3][t] | self.hands[(a + 3) & 3][t];
        let above = if opp == 0 { 0xFFFF } else { !((2u16 << (15 - opp.leading_zeros())) - 1) };
        (self.hands[a][t] & above).count_ones().max((self.hands[b][t] & above).count_ones())
    }

    fn store(&mut self, key: u128, lower: i8, upper: i8, best_suit: u8) {
        if self.tt.len() >= TT_LIMIT {
            self.tt.clear();
        }
        let e = self.tt.entry(key).or_insert(Bounds { lower: 0, upper: 13, best_suit: NO_MOVE });
        e.lower = e.lower.max(lower);
        e.upper = e.upper.min(upper);
        if best_suit != NO_MOVE {
            e.best_suit = best_suit;
        }
    }

    /// Tries each card of the player to move.
    fn play_on(&mut self, trick: &TrickState, n: u8, target: i8) -> bool {
        self.play_on_hint(trick, n, target, NO_MOVE).0
    }

    /// `play_on`, trying the suit `hint` first; also returns the suit of the card that decided.
    fn play_on_hint(&mut self, trick: &TrickState, n: u8, target: i8, hint: u8) -> (bool, u8) {
        let seat = trick.to_play();
        let maximizing = seat % 2 == 0;
        let (mut moves, count) = self.moves(trick, seat);
        if hint != NO_MOVE {
            // Stable move of the hinted suit's cards to the front.
            let mut ordered = [Move::default(); 13];
            let mut k = 0;
            for m in moves[..count].iter().filter(|m| m.suit == hint) {
                ordered[k] = *m;
                k += 1;
            }
            for m in moves[..count].iter().filter(|m| m.suit != hint) {
                ordered[k] = *m;
                k += 1;
            }
            moves = ordered;
        }
        for m in &moves[..count] {
            let next = trick.after_card(m.suit, m.rank, self.trump);
            self.hands[seat][m.suit as usize] &= !(1 << m.rank);
            let result = if next.count == 4 {
                let winner = next.win_seat as usize;
                let won = (winner % 2 == 0) as i8;
                self.trick_start(winner, n - 1, target - won)
            } else {
                self.search(&next, n, target)
            };
            self.hands[seat][m.suit as usize] |= 1 << m.rank;
            if result == maximizing {
                return (result, m.suit);
            }
        }
        (!maximizing, NO_MOVE)
    }

    /// The key of a trick-start position: the leader, then for each suit the number of cards
    /// still out and their owners from the top down. Ranks enter only relatively.
    fn key(&self, leader: usize) -> u128 {
        let mut k = leader as u128;
        for s in 0..4 {
            let rem = self.remaining(s);
            let odd = self.hands[1][s] | self.hands[3][s];
            let high = self.hands[2][s] | self.hands[3][s];
            k = (k << 4) | rem.count_ones() as u128;
            let mut m = rem;
            while m != 0 {
                let i = 15 - m.leading_zeros();
                k = (k << 2) | (((high >> i) & 1) << 1 | ((odd >> i) & 1)) as u128;
                m &= !(1 << i);
            }
        }
        k
    }

    /// Tricks the leader can cash at once from their own hand: in each suit, the run of top cards
    /// they hold. In a suit contract a side suit counts only as far as every opponent holding
    /// trumps can follow. A lower bound for the leader's side.
    fn quick_tricks(&self, leader: usize) -> u32 {
        let own = &self.hands[leader];
        let lho = &self.hands[(leader + 1) & 3];
        let rho = &self.hands[(leader + 3) & 3];
        let mut total = 0;
        for s in 0..4 {
            let held = own[s];
            if held == 0 {
                continue;
            }
            let rem = self.remaining(s);
            // Top cards of the suit held by the leader, from the ace of what remains down.
            let others = rem & !held;
            let top_run = if others == 0 {
                held.count_ones()
            } else {
                let highest_other = 15 - others.leading_zeros();
                (held >> (highest_other + 1)).count_ones()
            };
            let mut tricks = top_run;
            if self.trump != NO_TRUMP && s != self.trump {
                for opp in [lho, rho] {
                    if opp[self.trump] != 0 {
                        tricks = tricks.min(opp[s].count_ones());
                    }
                }
            }
            total += tricks;
        }
        let n = self.cards_left(leader);
        total.min(n)
    }

    /// The cards worth trying, best first: one card per run of equivalent cards.
    fn moves(&self, trick: &TrickState, seat: usize) -> ([Move; 13], usize) {
        let mut out = [Move::default(); 13];
        let mut count = 0;
        let hand = &self.hands[seat];
        // Cards on the table separate runs just as cards in hands do.
        let mut on_table = [0u16; 4];
        for &(s, r) in &trick.cards[..trick.count as usize] {
            on_table[s as usize] |= 1 << r;
        }
        let partner_winning = trick.count > 0 && (trick.win_seat as usize) % 2 == seat % 2;
        let follow = trick.count > 0 && hand[trick.led as usize] != 0;
        let last_to_play = trick.count == 3;
        for s in 0..4 {
            if hand[s] == 0 || (follow && s != trick.led as usize) {
                continue;
            }
            let present = self.remaining(s) | on_table[s];
            let reps = run_tops(hand[s], present);
            let rem = self.remaining(s);
            let top_of_suit = 15 - rem.leading_zeros() as u8;
            let partner_top = self.hands[(seat + 2) & 3][s] & (1 << top_of_suit) != 0;
            let mut m = reps;
            while m != 0 {
                let rank = m.trailing_zeros() as u8;
                m &= m - 1;
                let weight = self.weight(trick, seat, s as u8, rank, partner_winning, last_to_play, top_of_suit, partner_top);
                // Insertion, keeping `out` sorted by weight, highest first.
                let mut i = count;
                while i > 0 && out[i - 1].weight < weight {
                    out[i] = out[i - 1];
                    i -= 1;
                }
                out[i] = Move { suit: s as u8, rank, weight };
                count += 1;
            }
        }
        (out, count)
    }

    #[allow(clippy::too_many_arguments)]
    fn weight(
        &self,
        trick: &TrickState,
        seat: usize,
        suit: u8,
        rank: u8,
        partner_winning: bool,
        last_to_play: bool,
        top_of_suit: u8,
        partner_top: bool,
    ) -> i16 {
        let rank_w = rank as i16;
        if trick.count == 0 {
            // Leading: cash a winner, or lead low towards partner's top card; avoid leading
            // into a ruff.
            let lho = &self.hands[(seat + 1) & 3];
            let rho = &self.hands[(seat + 3) & 3];
            let ruffable = self.trump != NO_TRUMP
                && suit as usize != self.trump
                && ((lho[suit as usize] == 0 && lho[self.trump] != 0) || (rho[suit as usize] == 0 && rho[self.trump] != 0));
            let mut w = 0;
            if rank == top_of_suit {
                w += 60;
            } else if partner_top {
                w += 40 - rank_w;
            } else {
                w += 10 - rank_w;
            }
            if ruffable {
                w -= 50;
            }
            return w;
        }
        let beats = if suit == trick.win_suit {
            rank > trick.win_rank
        } else {
            suit as usize == self.trump
        };
        if partner_winning {
            // Partner has it: play low (a ruff of partner's winner last of all).
            let ruff_penalty = if suit != trick.led && suit as usize == self.trump { 40 } else { 0 };
            return 20 - rank_w - ruff_penalty;
        }
        if beats {
            // Win as cheaply as possible; a ruff is cheaper than a high card when last to play.
            let trump_w = if suit != trick.led { 5 } else { 0 };
            return if last_to_play { 80 - rank_w + trump_w } else { 50 - rank_w + trump_w };
        }
        // Cannot win: throw the lowest card, preferring not to waste trumps.
        let trump_penalty = if suit as usize == self.trump { 30 } else { 0 };
        -rank_w - trump_penalty
    }
}

/// The top card of each run of `held` inside `present`: two held cards are in one run when no
/// card of `present` lies between them.
pub fn run_tops(held: u16, present: u16) -> u16 {
    let mut tops = 0u16;
    let mut previous_held = false;
    let mut m = present;
    while m != 0 {
        let i = 15 - m.leading_zeros();
        let bit = 1u16 << i;
        let is_held = held & bit != 0;
        if is_held && !previous_held {
            tops |= bit;
        }
        previous_held = is_held;
        m &= !bit;
    }
    tops
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_of_equivalent_cards() {
        // Held AKQ and 3 2 of a suit where J..4 are all still out: two runs (AKQ, 32).
        let held = 0b1_1100_0000_0011;
        assert_eq!(run_tops(held, 0x1FFF), 0b1_0000_0000_0010);
        // With the J..4 gone (not present), AKQ32 is one run.
        assert_eq!(run_tops(held, held), 1 << 12);
    }
}
