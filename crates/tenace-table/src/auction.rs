//! The auction (Laws 17-22): calls in rotation from the dealer, sufficient bids, doubles and
//! redoubles, the end of the auction and the contract with its declarer.

use serde::{Deserialize, Serialize};
use tenace_core::{rules, Bid, Call, Contract, Penalty, Seat};

use crate::LawError;

/// One call as made at the table, with the caller's own alert and explanation if any
/// (Law 20F; online, the caller alerts and explains their own calls).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuctionCall {
    pub seat: Seat,
    pub call: Call,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub alert: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
}

/// The auction of one board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    dealer: Seat,
    calls: Vec<AuctionCall>,
}

/// The contract reached and who plays it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalContract {
    pub contract: Contract,
    pub declarer: Seat,
}

impl Auction {
    /// Law 17B: the dealer makes the first call.
    pub fn new(dealer: Seat) -> Auction {
        Auction { dealer, calls: Vec::new() }
    }

    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    pub fn calls(&self) -> &[AuctionCall] {
        &self.calls
    }

    /// Law 22: the auction ends after three passes following a bid, or four passes.
    pub fn is_ended(&self) -> bool {
        rules::auction_is_over(self.calls.iter().map(|c| c.call))
    }

    /// Law 22B: all four players passed.
    pub fn is_passed_out(&self) -> bool {
        self.is_ended() && self.last_bid().is_none()
    }

    /// Law 17C: whose turn it is to call, or `None` once the auction has ended.
    pub fn to_call(&self) -> Option<Seat> {
        if self.is_ended() {
            None
        } else {
            Some(self.dealer.after(self.calls.len()))
        }
    }

    /// The calls made, each with its caller.
    fn made(&self) -> impl DoubleEndedIterator<Item = (Seat, Call)> + Clone + '_ {
        self.calls.iter().map(|c| (c.seat, c.call))
    }

    /// The last bid and who made it.
    pub fn last_bid(&self) -> Option<(Seat, Bid)> {
        last_bid(self.made())
    }

    /// Whether `seat` may make `call` now (Laws 17C, 18, 19, 22).
    pub fn check(&self, seat: Seat, call: Call) -> Result<(), LawError> {
        let expected = self.to_call().ok_or(LawError::AuctionEnded)?;
        if seat != expected {
            return Err(LawError::CallOutOfRotation { seat, expected });
        }
        check_admissible(self.made(), seat, call)
    }

    /// Every call the player to act may make, pass first, then double/redouble, then bids upward.
    pub fn legal_calls(&self) -> Vec<Call> {
        let Some(seat) = self.to_call() else { return Vec::new() };
        let mut calls = vec![Call::Pass];
        for c in [Call::Double, Call::Redouble] {
            if self.check(seat, c).is_ok() {
                calls.push(c);
            }
        }
        let first = match self.last_bid() {
            Some((_, b)) => b.next(),
            None => Bid::from_index(0),
        };
        let mut bid = first;
        while let Some(b) = bid {
            calls.push(Call::Bid(b));
            bid = b.next();
        }
        calls
    }

    /// Records a call after checking it.
    pub fn make(&mut self, call: AuctionCall) -> Result<(), LawError> {
        self.check(call.seat, call.call)?;
        self.calls.push(call);
        Ok(())
    }

    /// Removes the last call (an undo agreed online; face to face see Law 25). Returns it.
    pub fn take_back(&mut self) -> Option<AuctionCall> {
        self.calls.pop()
    }

    /// Law 22A: the last bid becomes the contract, doubled or redoubled if that call was not
    /// superseded (Law 19C, 19D). The declarer is the player of the declaring side who first named
    /// the strain of the contract. `None` while the auction lasts or when passed out.
    pub fn final_contract(&self) -> Option<FinalContract> {
        let (contract, declarer) = rules::auction_result(self.dealer, self.calls.iter().map(|c| c.call))??;
        Some(FinalContract { contract, declarer })
    }
}

/// The last bid of `calls` (in order, each with its caller) and who made it.
pub fn last_bid(calls: impl DoubleEndedIterator<Item = (Seat, Call)>) -> Option<(Seat, Bid)> {
    calls.rev().find_map(|(seat, call)| match call {
        Call::Bid(b) => Some((seat, b)),
        _ => None,
    })
}

/// The double or redouble standing on the last bid of `calls`, with who made it.
pub fn standing_penalty(calls: impl DoubleEndedIterator<Item = (Seat, Call)>) -> Option<(Seat, Penalty)> {
    for (seat, call) in calls.rev() {
        match call {
            Call::Bid(_) => return None,
            Call::Double => return Some((seat, Penalty::Doubled)),
            Call::Redouble => return Some((seat, Penalty::Redoubled)),
            Call::Pass => {}
        }
    }
    None
}

/// Laws 18, 19: may `seat` make `call` after `calls` (rotation aside)? The one check of
/// sufficiency and of doubles and redoubles, for this table and the face-to-face one.
pub fn check_admissible<I>(calls: I, seat: Seat, call: Call) -> Result<(), LawError>
where
    I: DoubleEndedIterator<Item = (Seat, Call)> + Clone,
{
    match call {
        Call::Pass => Ok(()),
        Call::Bid(bid) => match last_bid(calls) {
            Some((_, last)) if bid <= last => Err(LawError::InsufficientBid { bid, last }),
            _ => Ok(()),
        },
        // Law 19A1: the last preceding bid, by an opponent, nothing but passes since.
        Call::Double => match (last_bid(calls.clone()), standing_penalty(calls)) {
            (Some((bidder, _)), None) if bidder.side() != seat.side() => Ok(()),
            _ => Err(LawError::InadmissibleDouble { seat }),
        },
        // Law 19B1: the last preceding double, by an opponent, nothing but passes since.
        Call::Redouble => match standing_penalty(calls) {
            Some((doubler, Penalty::Doubled)) if doubler.side() != seat.side() => Ok(()),
            _ => Err(LawError::InadmissibleRedouble { seat }),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenace_core::Strain;

    fn auction(dealer: Seat, calls: &str) -> Result<Auction, LawError> {
        let mut a = Auction::new(dealer);
        for word in calls.split_whitespace() {
            let seat = a.to_call().ok_or(LawError::AuctionEnded)?;
            a.make(AuctionCall { seat, call: word.parse().unwrap(), alert: false, explanation: None })?;
        }
        Ok(a)
    }

    #[test]
    fn law_17_dealer_calls_first_then_clockwise() {
        let a = auction(Seat::South, "").unwrap();
        assert_eq!(a.to_call(), Some(Seat::South));
        let a = auction(Seat::South, "1C").unwrap();
        assert_eq!(a.to_call(), Some(Seat::West));
        let e = a.check(Seat::North, Call::Pass).unwrap_err();
        assert_eq!(e.to_string(), "Law 17C: it is West's turn to call, not North's");
    }

    #[test]
    fn law_18_sufficient_and_insufficient_bids() {
        let a = auction(Seat::North, "1NT").unwrap();
        assert!(a.check(Seat::East, "2C".parse().unwrap()).is_ok());
        let e = a.check(Seat::East, "1S".parse().unwrap()).unwrap_err();
        assert_eq!(e.law(), "18D");
        let e = a.check(Seat::East, "1NT".parse().unwrap()).unwrap_err();
        assert_eq!(e.to_string(), "Law 18D: 1NT is insufficient; it does not supersede 1NT");
    }

    #[test]
    fn law_19a1_double_only_an_opponents_last_bid() {
        assert_eq!(auction(Seat::North, "X").unwrap_err().law(), "19A1");
        assert_eq!(auction(Seat::North, "1C P X").unwrap_err().law(), "19A1");
        assert!(auction(Seat::North, "1C X").is_ok());
        assert!(auction(Seat::North, "1C P P X").is_ok());
        assert_eq!(auction(Seat::North, "1C X X").unwrap_err().law(), "19A1");
    }

    #[test]
    fn law_19b1_redouble_only_an_opponents_double() {
        assert!(auction(Seat::North, "1C X XX").is_ok());
        assert!(auction(Seat::North, "1C X P P XX").is_ok());
        assert_eq!(auction(Seat::North, "1C XX").unwrap_err().law(), "19B1");
        assert_eq!(auction(Seat::North, "1C X P XX").unwrap_err().law(), "19B1");
        assert_eq!(auction(Seat::North, "1C X XX XX").unwrap_err().law(), "19B1");
    }

    #[test]
    fn law_19c_double_superseded_by_a_bid() {
        let a = auction(Seat::North, "1C X 1H P P P").unwrap();
        let fc = a.final_contract().unwrap();
        assert_eq!(fc.contract.to_string(), "1H");
        assert_eq!(fc.declarer, Seat::South);
    }

    #[test]
    fn law_22a_three_passes_end_the_auction() {
        let a = auction(Seat::East, "1S P P P").unwrap();
        assert!(a.is_ended());
        assert_eq!(a.to_call(), None);
        assert_eq!(a.check(Seat::East, Call::Pass).unwrap_err().law(), "22");
        let fc = a.final_contract().unwrap();
        assert_eq!(fc.declarer, Seat::East);
        let a = auction(Seat::East, "P P P 1S P P").unwrap();
        assert!(!a.is_ended());
    }

    #[test]
    fn law_22b_four_passes_pass_the_board_out() {
        let a = auction(Seat::West, "P P P P").unwrap();
        assert!(a.is_passed_out());
        assert_eq!(a.final_contract(), None);
        assert!(a.legal_calls().is_empty());
    }

    #[test]
    fn declarer_is_first_of_the_side_to_name_the_strain() {
        // North opens 1H, South raises to 4H: North declares. East's spades do not matter.
        let a = auction(Seat::North, "1H 1S 2H P 4H X XX P P P").unwrap();
        let fc = a.final_contract().unwrap();
        assert_eq!(fc.contract.to_string(), "4HXX");
        assert_eq!(fc.declarer, Seat::North);
        // A strain first named by partner: South bid 2S first, North ends in 4S -> South declares.
        let a = auction(Seat::North, "1H P 2S P 4S P P P").unwrap();
        assert_eq!(a.final_contract().unwrap().declarer, Seat::South);
        // The opponents naming the strain first does not make them declarer.
        let a = auction(Seat::North, "1D 1NT P P 2NT P 3NT P P P").unwrap();
        let fc = a.final_contract().unwrap();
        assert_eq!((fc.contract.strain(), fc.declarer), (Strain::NoTrump, Seat::North));
        let _ = fc;
    }

    #[test]
    fn legal_calls_list() {
        let a = auction(Seat::North, "").unwrap();
        assert_eq!(a.legal_calls().len(), 36);
        let a = auction(Seat::North, "7NT").unwrap();
        assert_eq!(a.legal_calls(), vec![Call::Pass, Call::Double]);
        let a = auction(Seat::North, "7NT X").unwrap();
        assert_eq!(a.legal_calls(), vec![Call::Pass, Call::Redouble]);
    }
}
