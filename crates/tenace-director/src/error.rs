//! Why the engine refuses an event. Every refusal names the Law; a refused event changes nothing.

use crate::law::Law;
use tenace_core::{Call, Card, Seat, Suit};
use tenace_table::LawError;

use crate::rectification::{Choice, Chooser};

/// An event the Laws (or the Director's procedure) do not allow in the current state.
/// `Display` starts with `Law NN`; [`DirectorError::law`] gives the citation alone.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DirectorError {
    /// A rule of the regular procedure (rotation, following suit...), as `tenace-table` states it.
    #[error("{0}")]
    Table(LawError),
    #[error("Law 9B2: no player may act until the Director has explained the rectification ({pending})")]
    RectificationPending { pending: String },
    #[error("Law 10C1: there is no rectification awaiting a choice")]
    NoRectification,
    #[error("Law {law}: {choice:?} is not among the options the Director explained")]
    NotAnOption { law: Law, choice: Choice },
    #[error("Law {law}: the choice belongs to {expected}, not {by}")]
    WrongChooser { law: Law, by: Chooser, expected: Chooser },
    #[error("Law {law}: {seat:?} must pass at this turn")]
    MustPass { seat: Seat, law: Law },
    #[error("Law {law}: {seat:?} must repeat the call made out of rotation ({call})")]
    MustRepeat { seat: Seat, call: Call, law: Law },
    #[error("Law 27B: the insufficient bid must be corrected by a legal call; {call} is not one")]
    CorrectionNotLegal { call: Call },
    #[error("Law 27B3: the double or redouble was cancelled; {seat:?} must replace it with a sufficient bid or a pass")]
    CorrectionMustBeBidOrPass { seat: Seat },
    #[error("Law 26B: declarer has prohibited {seat:?} from leading {}", suit_name(*suit))]
    LeadProhibited { seat: Seat, suit: Suit, card: Card },
    #[error("Law 50D1: {seat:?} must play the penalty card {card} at the first legal opportunity")]
    PenaltyCardMustBePlayed { seat: Seat, card: Card },
    #[error("Law 62A: {seat:?} has no revoke that can still be corrected (it must be the last card played and not established, Law 63)")]
    NoRevokeToCorrect { seat: Seat },
    #[error("Law 50D2(a): declarer has required {seat:?} to lead {}", suit_name(*suit))]
    LeadRequired { seat: Seat, suit: Suit },
    #[error("Law 24: no card of {seat:?}'s that was not already exposed")]
    NothingExposed { seat: Seat },
    #[error("Law 17D1: the auction period has ended with the opening lead; no call may be made or changed")]
    AuctionPeriodOver,
    #[error("Law 25A1: {seat:?} has made no call that could be corrected")]
    NoCallToCorrect { seat: Seat },
    #[error("Law 25A4: {seat:?}'s partner has called since; the call can no longer be changed")]
    PartnerHasCalled { seat: Seat },
    #[error("Law 16B: there is no call number {number} in the auction ({calls} calls so far)")]
    CallNotInAuction { number: usize, calls: usize },
    #[error("Law 25: {seat:?} has just made the call {call}; saying it again changes nothing (it is {turn:?}'s turn)")]
    SameCallAgain { seat: Seat, call: Call, turn: Seat },
    #[error("Law 79A: the board is over")]
    BoardOver,
    #[error("Law 68D1: play has ceased for {claimer:?}'s claim; it must be agreed, disputed or ruled on first")]
    ClaimPending { claimer: Seat },
    #[error("Law 68: there is no claim awaiting an answer")]
    NoClaim,
    #[error("Law 69A: only an opponent of the claimer ({claimer:?}) agrees to a claim (any other player may doubt it, Law 68D2); {seat:?} cannot")]
    NotAnOpponent { seat: Seat, claimer: Seat },
    #[error("Law 68A: a claim is of the remaining tricks; {tricks} is more than the {remaining} left")]
    TooManyTricks { tricks: u8, remaining: u8 },
    #[error("Law 43A1(c): dummy takes no part in the play and does not claim")]
    DummyClaims,
    #[error("Law 69B/71: there is no agreed claim or concession to review (only an agreed claim can be, once)")]
    NoAgreedClaim,
    #[error("Law 12C: the adjusted score cannot be scored: {message}")]
    BadAdjustment { message: String },
    #[error("Law {law}: {seat:?} must comply with declarer's option (he is able to)")]
    MustComply { seat: Seat, law: Law },
    #[error("Law {law}: {seat:?}'s {card}, played prematurely, is his play")]
    MustPlayCommitted { seat: Seat, card: Card, law: Law },
    #[error("Law 50C: {seat:?} may not play another card below an honour of the suit of his minor penalty card {card} before it")]
    MinorPenaltyCard { seat: Seat, card: Card },
    #[error("Law 51A: declarer designated the penalty card {card} for {seat:?} to play")]
    DesignatedPenaltyCard { seat: Seat, card: Card },
    #[error("Law 45D1: dummy's last card can no longer be withdrawn, or declarer named that very card")]
    NoUnnamedDummyCard,
    #[error(
        "Law 45C4(b): declarer has played from his hand or dummy since dummy's last card, or named that very card; the designation can no longer be changed"
    )]
    NoDesignationToChange,
    #[error("Law 62C3: both sides revoked on this trick; {seat:?}'s revoke, earlier in rotation, is corrected first")]
    CorrectEarlierRevoke { seat: Seat },
    #[error("Law 67: trick {trick} is not a quitted trick; only a completed trick can be found defective")]
    NotAQuittedTrick { trick: u8 },
    #[error("Law 26B: {seat:?} has no call {call} in the legal auction whose suits could be specified")]
    NoSuchCall { seat: Seat, call: Call },
    #[error("Law 11A: no pending rectification gives the non-offending side an option that forfeiture could resolve")]
    NothingToForfeit,
    #[error("Law 10B: the last event is not a player's choice of a rectification; there is nothing to cancel")]
    NoChoiceToCancel,
    #[error("Law 43B2(a): the declaring side is not about to lead to a trick; there is no lead from the wrong hand to warn against")]
    NoLeadToWarn,
    #[error("Law 43B2(b): declarer's most recent card from his own hand is not a revoke that can still be corrected")]
    NoRevokeDummyAsked,
    #[error("Law 43B3: no rectification of a defender's irregularity in the play is pending that play could continue without")]
    NoDefenderIrregularity,
}

fn suit_name(s: Suit) -> &'static str {
    match s {
        Suit::Clubs => "clubs",
        Suit::Diamonds => "diamonds",
        Suit::Hearts => "hearts",
        Suit::Spades => "spades",
    }
}

impl From<LawError> for DirectorError {
    fn from(e: LawError) -> DirectorError {
        DirectorError::Table(e)
    }
}

impl DirectorError {
    /// The Law (and subsection) that refuses the event, e.g. `"27B3"`.
    pub fn law(&self) -> Law {
        use DirectorError::*;
        match self {
            Table(e) => Law::new(e.law()),
            RectificationPending { .. } => Law::new("9B2"),
            NoRectification => Law::new("10C1"),
            NotAnOption { law, .. } | WrongChooser { law, .. } | MustPass { law, .. } | MustRepeat { law, .. } => *law,
            CorrectionNotLegal { .. } => Law::new("27B"),
            CorrectionMustBeBidOrPass { .. } => Law::new("27B3"),
            LeadProhibited { .. } => Law::new("26B"),
            AuctionPeriodOver => Law::new("17D1"),
            PenaltyCardMustBePlayed { .. } => Law::new("50D1"),
            NoRevokeToCorrect { .. } => Law::new("62A"),
            NothingExposed { .. } => Law::new("24"),
            LeadRequired { .. } => Law::new("50D2(a)"),
            NoCallToCorrect { .. } => Law::new("25A1"),
            PartnerHasCalled { .. } => Law::new("25A4"),
            SameCallAgain { .. } => Law::new("25"),
            CallNotInAuction { .. } => Law::new("16B"),
            BoardOver => Law::new("79A"),
            ClaimPending { .. } => Law::new("68D1"),
            NoClaim => Law::new("68"),
            NotAnOpponent { .. } => Law::new("69A"),
            TooManyTricks { .. } => Law::new("68A"),
            DummyClaims => Law::new("43A1(c)"),
            // Displayed as "Law 69B/71": a review under either Law.
            NoAgreedClaim => Law::new("69B"),
            BadAdjustment { .. } => Law::new("12C"),
            MustComply { law, .. } => *law,
            MustPlayCommitted { law, .. } => *law,
            MinorPenaltyCard { .. } => Law::new("50C"),
            DesignatedPenaltyCard { .. } => Law::new("51A"),
            NotAQuittedTrick { .. } => Law::new("67"),
            CorrectEarlierRevoke { .. } => Law::new("62C3"),
            NoUnnamedDummyCard => Law::new("45D1"),
            NoDesignationToChange => Law::new("45C4(b)"),
            NoSuchCall { .. } => Law::new("26B"),
            NothingToForfeit => Law::new("11A"),
            NoChoiceToCancel => Law::new("10B"),
            NoLeadToWarn => Law::new("43B2(a)"),
            NoRevokeDummyAsked => Law::new("43B2(b)"),
            NoDefenderIrregularity => Law::new("43B3"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rectification::{Choice, Chooser};

    #[test]
    fn display_starts_with_the_law() {
        let card: Card = "S6".parse().unwrap();
        let errors = [
            DirectorError::Table(LawError::AuctionEnded),
            DirectorError::RectificationPending { pending: "x".into() },
            DirectorError::NoRectification,
            DirectorError::SameCallAgain { seat: Seat::North, call: Call::Pass, turn: Seat::East },
            DirectorError::CallNotInAuction { number: 9, calls: 7 },
            DirectorError::NotAnOption { law: Law::new("27A1"), choice: Choice::Rectify },
            DirectorError::WrongChooser { law: Law::new("29A"), by: Chooser::Director, expected: Chooser::Player(Seat::South) },
            DirectorError::MustPass { seat: Seat::West, law: Law::new("27B2") },
            DirectorError::MustRepeat { seat: Seat::East, call: Call::Double, law: Law::new("32A1") },
            DirectorError::CorrectionNotLegal { call: Call::Redouble },
            DirectorError::CorrectionMustBeBidOrPass { seat: Seat::East },
            DirectorError::LeadProhibited { seat: Seat::West, suit: Suit::Hearts, card },
            DirectorError::PenaltyCardMustBePlayed { seat: Seat::West, card },
            DirectorError::AuctionPeriodOver,
            DirectorError::NoRevokeToCorrect { seat: Seat::West },
            DirectorError::NothingExposed { seat: Seat::West },
            DirectorError::LeadRequired { seat: Seat::West, suit: Suit::Clubs },
            DirectorError::NoCallToCorrect { seat: Seat::West },
            DirectorError::PartnerHasCalled { seat: Seat::North },
            DirectorError::BoardOver,
            DirectorError::ClaimPending { claimer: Seat::South },
            DirectorError::NoClaim,
            DirectorError::NotAnOpponent { seat: Seat::North, claimer: Seat::South },
            DirectorError::TooManyTricks { tricks: 9, remaining: 8 },
            DirectorError::DummyClaims,
            DirectorError::NoAgreedClaim,
            DirectorError::BadAdjustment { message: "x".into() },
            DirectorError::MustComply { seat: Seat::East, law: Law::new("57A1") },
            DirectorError::MustPlayCommitted { seat: Seat::East, card, law: Law::new("57D") },
            DirectorError::MinorPenaltyCard { seat: Seat::East, card },
            DirectorError::DesignatedPenaltyCard { seat: Seat::East, card },
            DirectorError::NotAQuittedTrick { trick: 14 },
            DirectorError::CorrectEarlierRevoke { seat: Seat::South },
            DirectorError::NoUnnamedDummyCard,
            DirectorError::NoDesignationToChange,
            DirectorError::NoSuchCall { seat: Seat::East, call: Call::Pass },
            DirectorError::NothingToForfeit,
            DirectorError::NoChoiceToCancel,
            DirectorError::NoLeadToWarn,
            DirectorError::NoRevokeDummyAsked,
            DirectorError::NoDefenderIrregularity,
        ];
        for e in errors {
            assert!(e.to_string().starts_with(&format!("Law {}", e.law())), "{e}");
        }
        assert_eq!(
            DirectorError::WrongChooser { law: Law::new("29A"), by: Chooser::Director, expected: Chooser::Player(Seat::South) }.to_string(),
            "Law 29A: the choice belongs to South, not the Director"
        );
    }
}
