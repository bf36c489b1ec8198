//! Par: the result when both sides bid perfectly with the double-dummy table known — the
//! contract where neither side can profitably bid on, a sacrifice doubled when it pays.
//!
//! Computed by backward induction over the 35 bids: `W[b][X]` is side X's value after X bids `b`
//! and the opponents either pass (and double if `b` fails) or overbid at any higher level, each
//! side choosing its best. The dealer's side has the first chance to bid, which matters only when
//! both sides can make the same contract.

use std::fmt;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};
use tenace_core::{Bid, Contract, Penalty, Seat, Side, Vulnerability};

use crate::DdTable;

/// One par contract: the contract, who can declare it, and the result.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct ParContract {
    pub contract: Contract,
    /// The declarers who achieve the par score (one or both of a side).
    pub declarers: Vec<Seat>,
    /// Tricks over (positive) or under (negative) the contract.
    pub result: i8,
}

impl fmt::Display for ParContract {
    /// `4S-N`, `3NT-NS`, `5DX-EW`: the contract, then the declarer seat(s).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seats: String = self.declarers.iter().map(|s| s.letter()).collect();
        write!(f, "{}-{}", self.contract, seats)
    }
}

/// The par score (North-South's view) and the par contracts.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Par {
    pub score: i32,
    pub contracts: Vec<ParContract>,
}

const SIDES: [Side; 2] = [Side::NorthSouth, Side::EastWest];

/// The score side `x` gets for bidding `bid`: made undoubled, or doubled when it fails. Uses the
/// side's better declarer.
fn outcome(table: &DdTable, vul: Vulnerability, bid: Bid, side: Side) -> i32 {
    let tricks = side.seats().iter().map(|s| table.get(*s, bid.strain())).max().unwrap_or(0);
    declarer_score(bid, tricks, vul.is_vulnerable(side))
}

fn declarer_score(bid: Bid, tricks: u8, vulnerable: bool) -> i32 {
    let made = tricks >= bid.level() + 6;
    let penalty = if made { Penalty::Undoubled } else { Penalty::Doubled };
    Contract::new(bid, penalty).score(tricks, vulnerable).unwrap_or(0)
}

/// Par for a deal's double-dummy table, vulnerability and dealer.
pub fn par(table: &DdTable, vul: Vulnerability, dealer: Seat) -> Par {
    let bids: Vec<Bid> = Bid::all().collect();
    // w[b][x]: side x's value having bid b. over[b][y]: y's best value overbidding b (None: no bid above).
    let mut w = [[0i32; 2]; 35];
    let mut best_above: [Option<i32>; 2] = [None, None];
    let mut over = [[None::<i32>; 2]; 35];
    for b in (0..35).rev() {
        over[b] = best_above;
        for x in 0..2 {
            let pass = outcome(table, vul, bids[b], SIDES[x]);
            let y = 1 - x;
            w[b][x] = match over[b][y] {
                Some(v) => pass.min(-v),
                None => pass,
            };
        }
        for x in 0..2 {
            best_above[x] = Some(best_above[x].map_or(w[b][x], |v| v.max(w[b][x])));
        }
    }
    let open = |x: usize| best_above[x].unwrap_or(i32::MIN);
    // Seats 1-4 in turn: dealer's side, other side, dealer's side, other side; four passes score 0.
    let d = dealer.side() as usize;
    let o = 1 - d;
    let g4 = open(o).max(0);
    let f3 = open(d).max(-g4);
    let g2 = open(o).max(-f3);
    let f1 = open(d).max(-g2);
    let score_ns = if d == 0 { f1 } else { -f1 };
    if score_ns == 0 && f1 == 0 && open(d) < 0 && open(o) < 0 {
        return Par { score: 0, contracts: Vec::new() };
    }
    let mut contracts = Vec::new();
    for (x, side) in SIDES.iter().enumerate() {
        let value = if x == 0 { score_ns } else { -score_ns };
        let mut strains_done = [false; 5];
        for (b, bid) in bids.iter().enumerate() {
            let s = bid.strain().index();
            if strains_done[s] {
                continue;
            }
            let pass = outcome(table, vul, *bid, *side);
            if pass != value || w[b][x] != value {
                continue;
            }
            // DDS's convention: a par contract is one the opponents let stand — none of their
            // contracts above it (made, or doubled if it fails) scores as well for them. This picks,
            // in each strain, the lowest level that shuts out every profitable sacrifice.
            let y = SIDES[1 - x];
            if bids[b + 1..].iter().any(|c| outcome(table, vul, *c, y) >= -value) {
                continue;
            }
            strains_done[s] = true;
            let vulnerable = vul.is_vulnerable(*side);
            let declarers: Vec<Seat> =
                side.seats().into_iter().filter(|seat| declarer_score(*bid, table.get(*seat, bid.strain()), vulnerable) == value).collect();
            let tricks = table.get(declarers[0], bid.strain());
            let penalty = if tricks >= bid.level() + 6 { Penalty::Undoubled } else { Penalty::Doubled };
            contracts.push(ParContract { contract: Contract::new(*bid, penalty), declarers, result: tricks as i8 - (bid.level() as i8 + 6) });
        }
    }
    Par { score: score_ns, contracts }
}
