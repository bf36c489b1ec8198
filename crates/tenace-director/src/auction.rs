//! The legal auction as it stands at a face-to-face table: the calls that stand, each with the
//! seat that made it. Unlike `tenace_table::Auction` the seats are explicit, because a call out
//! of rotation that is accepted (Law 29A) changes the rotation: the auction continues from the
//! offender's left.

use serde::{Deserialize, Serialize};
use tenace_core::{rules, Bid, Call, Contract, Penalty, Seat, Strain};
use tenace_table::{auction, FinalContract, LawError};

/// A call that stands in the legal auction.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MadeCall {
    pub seat: Seat,
    pub call: Call,
}

/// The calls, each with its caller, as `tenace_table::auction`'s rules take them.
fn made(calls: &[MadeCall]) -> impl DoubleEndedIterator<Item = (Seat, Call)> + Clone + '_ {
    calls.iter().map(|c| (c.seat, c.call))
}

/// The last bid and who made it.
pub fn last_bid(calls: &[MadeCall]) -> Option<(Seat, Bid)> {
    auction::last_bid(made(calls))
}

/// Law 22: has the auction ended?
pub fn is_over(calls: &[MadeCall]) -> bool {
    rules::auction_is_over(calls.iter().map(|c| c.call))
}

/// Law 17D3: the auction looks over (three passes after a call, or four passes) but a pass out
/// of rotation deprived a player of his turn. Returns the index from which the passes are
/// cancelled (the auction reverts to the player who missed his turn), `None` when the auction is
/// not over or every player had his turn.
pub fn missed_turn(dealer: Seat, calls: &[MadeCall]) -> Option<usize> {
    if !is_over(calls) {
        return None;
    }
    let passes = calls.iter().rev().take_while(|c| c.call == Call::Pass).count();
    let start = calls.len() - passes;
    let covered = if start == 0 {
        Seat::ALL.iter().all(|s| calls.iter().any(|c| c.seat == *s))
    } else {
        let caller = calls[start - 1].seat;
        let last_three = &calls[calls.len() - 3..];
        [caller.lho(), caller.partner(), caller.rho()].iter().all(|s| last_three.iter().any(|c| c.seat == *s))
    };
    if covered {
        return None;
    }
    (start..calls.len()).find(|&i| {
        let expected = if i == 0 { dealer } else { calls[i - 1].seat.lho() };
        calls[i].seat != expected
    })
}

/// Law 17B/17C: who calls next: the dealer first, then the player on the left of the last caller.
pub fn to_call(dealer: Seat, calls: &[MadeCall]) -> Option<Seat> {
    if is_over(calls) {
        return None;
    }
    Some(calls.last().map_or(dealer, |c| c.seat.lho()))
}

/// Laws 18, 19: is `call` by `seat` admissible over the legal auction (rotation aside)?
pub fn check_admissible(calls: &[MadeCall], seat: Seat, call: Call) -> Result<(), LawError> {
    auction::check_admissible(made(calls), seat, call)
}

/// The lowest sufficient bid in `strain` (Law 27B1(a)), if any.
pub fn lowest_sufficient(calls: &[MadeCall], strain: Strain) -> Option<Bid> {
    let last = last_bid(calls).map(|(_, b)| b);
    Bid::all().find(|b| b.strain() == strain && Some(*b) > last)
}

/// Every call, pass first, then double and redouble, then the 35 bids upward.
pub fn all_calls() -> impl Iterator<Item = Call> {
    [Call::Pass, Call::Double, Call::Redouble].into_iter().chain(Bid::all().map(Call::Bid))
}

/// Law 22A: the contract and declarer (the first of the declaring side to name the strain);
/// `None` while the auction lasts or when it was passed out.
pub fn final_contract(calls: &[MadeCall]) -> Option<FinalContract> {
    if !is_over(calls) {
        return None;
    }
    let (bidder, bid) = last_bid(calls)?;
    let penalty = auction::standing_penalty(made(calls)).map_or(Penalty::Undoubled, |(_, p)| p);
    let declarer =
        calls.iter().find(|c| c.seat.side() == bidder.side() && matches!(c.call, Call::Bid(b) if b.strain() == bid.strain())).map_or(bidder, |c| c.seat);
    Some(FinalContract { contract: Contract::new(bid, penalty), declarer })
}

/// The suits `seat` named in its bids in the legal auction ("specified in the legal auction",
/// Law 26B, read as the denominations named; the table uses `FaceTable::suits_specified`, which
/// adds the Director's statements of an artificial meaning, Laws 26B and 29C).
pub fn suits_named(calls: &[MadeCall], seat: Seat) -> Vec<tenace_core::Suit> {
    let mut suits = Vec::new();
    for c in calls.iter().filter(|c| c.seat == seat) {
        if let Call::Bid(b) = c.call {
            if let Some(s) = b.strain().trump() {
                if !suits.contains(&s) {
                    suits.push(s);
                }
            }
        }
    }
    suits
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calls(dealer: Seat, s: &str) -> Vec<MadeCall> {
        s.split_whitespace().enumerate().map(|(i, w)| MadeCall { seat: dealer.after(i), call: w.parse().unwrap() }).collect()
    }

    #[test]
    fn law_18_lowest_sufficient_bid() {
        let c = calls(Seat::North, "1NT");
        assert_eq!(lowest_sufficient(&c, Strain::Clubs).unwrap().to_string(), "2C");
        assert_eq!(lowest_sufficient(&c, Strain::NoTrump).unwrap().to_string(), "2NT");
        assert_eq!(lowest_sufficient(&calls(Seat::North, "7NT"), Strain::Clubs), None);
        assert_eq!(lowest_sufficient(&[], Strain::Spades).unwrap().to_string(), "1S");
    }

    #[test]
    fn law_22a_contract_with_explicit_seats() {
        // East's 1H accepted out of rotation (North never called): South then West...
        let c = vec![
            MadeCall { seat: Seat::East, call: "1H".parse().unwrap() },
            MadeCall { seat: Seat::South, call: Call::Double },
            MadeCall { seat: Seat::West, call: "2H".parse().unwrap() },
            MadeCall { seat: Seat::North, call: Call::Pass },
            MadeCall { seat: Seat::East, call: Call::Pass },
            MadeCall { seat: Seat::South, call: Call::Pass },
        ];
        assert!(is_over(&c));
        let fc = final_contract(&c).unwrap();
        assert_eq!((fc.contract.to_string(), fc.declarer), ("2H".to_string(), Seat::East));
        assert_eq!(to_call(Seat::North, &c[..1]), Some(Seat::South));
    }

    #[test]
    fn law_19_admissibility() {
        let c = calls(Seat::North, "1C P");
        assert!(check_admissible(&c, Seat::South, Call::Double).is_err());
        assert!(check_admissible(&c, Seat::West, Call::Double).is_ok());
        assert!(check_admissible(&c, Seat::West, Call::Redouble).is_err());
        assert_eq!(suits_named(&calls(Seat::North, "1C P 1NT P 2H"), Seat::North), vec![tenace_core::Suit::Clubs, tenace_core::Suit::Hearts]);
    }
}
