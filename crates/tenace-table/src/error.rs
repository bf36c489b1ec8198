//! Why the Laws refuse an action. Every refusal is a value that names the Law it would break.

use tenace_core::{Bid, Card, Seat, Suit};

/// An action the Laws do not allow in the current state. `Display` starts with the Law, e.g.
/// `Law 44C: must follow suit (hearts were led)`; [`LawError::law`] gives the citation alone.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LawError {
    #[error("Law 17C: it is {expected:?}'s turn to call, not {seat:?}'s")]
    CallOutOfRotation { seat: Seat, expected: Seat },
    #[error("Law 18D: {bid} is insufficient; it does not supersede {last}")]
    InsufficientBid { bid: Bid, last: Bid },
    #[error("Law 19A1: {seat:?} may double only the last preceding bid, made by an opponent, with no call but pass since")]
    InadmissibleDouble { seat: Seat },
    #[error("Law 19B1: {seat:?} may redouble only the last preceding double, made by an opponent, with no call but pass since")]
    InadmissibleRedouble { seat: Seat },
    #[error("Law 22: the auction has ended; no further call is allowed (Law 39)")]
    AuctionEnded,
    #[error("Law 22B: the board was passed out; there is no play")]
    PassedOut,
    #[error("Law 41A: the auction has not ended; no card may be played yet")]
    AuctionNotEnded,
    #[error("Law 44B: it is {expected:?}'s turn to play, not {seat:?}'s")]
    PlayOutOfTurn { seat: Seat, expected: Seat },
    #[error("Law 45B: declarer, not dummy ({dummy:?}), plays dummy's cards")]
    DummyMayNotPlay { dummy: Seat },
    #[error("Law 45A: the {card} is not in {seat:?}'s hand")]
    CardNotHeld { seat: Seat, card: Card },
    #[error("Law 44C: {seat:?} must follow suit ({} led)", suit_plural(led))]
    MustFollowSuit { seat: Seat, led: Suit },
    #[error("Law 44: all thirteen tricks have been played")]
    PlayEnded,
    #[error("Law 68D: play is suspended while a claim or concession is pending")]
    ClaimPending,
    #[error("Law 68A: only declarer or a defender may claim or concede; {seat:?} is dummy")]
    DummyMayNotClaim { seat: Seat },
    #[error("Law 68: a claim refers to the {remaining} tricks still to play; {claimed} is too many")]
    ClaimTooMany { claimed: u8, remaining: u8 },
    #[error("Law 68: there is no claim or concession to respond to")]
    NoClaim,
    #[error("Law 69A: agreement comes from the claimer's opponents; {seat:?} is not one of them")]
    NotAnOpponentOfClaimer { seat: Seat },
    #[error("Law 68D2: {seat:?} cannot doubt their own side's claim (a defender's partner may object to a concession only: Law 68B2)")]
    CannotDoubtOwnClaim { seat: Seat },
    #[error("Law 68D2: the claim has not been doubted, so play cannot resume and the Director need not rule")]
    ClaimNotDoubted,
    #[error("Law 70: the Director may award declarer's side between {won} and {max} tricks, not {tricks}")]
    RulingOutOfRange { tricks: u8, won: u8, max: u8 },
    #[error("Law 79A: the board is over; the tricks are agreed")]
    BoardOver,
    #[error("Law 68: {player:?} may not claim, agree or doubt on behalf of {seat:?}")]
    NotYourAction { player: Seat, seat: Seat },
    #[error("Law 6: {0}")]
    NotADeal(String),
}

fn suit_plural(s: &Suit) -> &'static str {
    match s {
        Suit::Clubs => "clubs were",
        Suit::Diamonds => "diamonds were",
        Suit::Hearts => "hearts were",
        Suit::Spades => "spades were",
    }
}

impl LawError {
    /// The Law (and subsection) that refuses the action, e.g. `"44C"`.
    pub fn law(&self) -> &'static str {
        use LawError::*;
        match self {
            CallOutOfRotation { .. } => "17C",
            InsufficientBid { .. } => "18D",
            InadmissibleDouble { .. } => "19A1",
            InadmissibleRedouble { .. } => "19B1",
            AuctionEnded => "22",
            PassedOut => "22B",
            AuctionNotEnded => "41A",
            PlayOutOfTurn { .. } => "44B",
            DummyMayNotPlay { .. } => "45B",
            CardNotHeld { .. } => "45A",
            MustFollowSuit { .. } => "44C",
            PlayEnded => "44",
            ClaimPending => "68D",
            DummyMayNotClaim { .. } => "68A",
            ClaimTooMany { .. } => "68",
            NoClaim => "68",
            NotAnOpponentOfClaimer { .. } => "69A",
            CannotDoubtOwnClaim { .. } => "68D2",
            ClaimNotDoubted => "68D2",
            RulingOutOfRange { .. } => "70",
            BoardOver => "79A",
            NotYourAction { .. } => "68",
            NotADeal(_) => "6",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_starts_with_the_law() {
        let e = LawError::MustFollowSuit { seat: Seat::East, led: Suit::Hearts };
        assert_eq!(e.to_string(), "Law 44C: East must follow suit (hearts were led)");
        assert!(e.to_string().starts_with(&format!("Law {}", e.law())));
    }
}
