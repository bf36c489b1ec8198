//! Why the engine refuses an event. Every refusal names the Law; a refused event changes nothing.

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
    NotAnOption { law: String, choice: Choice },
    #[error("Law {law}: the choice belongs to {expected}, not {by}")]
    WrongChooser { law: String, by: Chooser, expected: Chooser },
    #[error("Law {law}: {seat:?} must pass at this turn")]
    MustPass { seat: Seat, law: String },
    #[error("Law {law}: {seat:?} must repeat the call made out of rotation ({call})")]
    MustRepeat { seat: Seat, call: Call, law: String },
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
    #[error("Law 79A: the board is over")]
    BoardOver,
    #[error("Law 68D1: play has ceased for {claimer:?}'s claim; it must be agreed, disputed or ruled on first")]
    ClaimPending { claimer: Seat },
    #[error("Law 68: there is no claim awaiting an answer")]
    NoClaim,
    #[error("Law 69A: only an opponent of the claimer ({claimer:?}), not dummy, agrees to or disputes a claim; {seat:?} cannot")]
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
    MustComply { seat: Seat, law: String },
    #[error("Law {law}: {seat:?}'s {card}, played prematurely, is his play")]
    MustPlayCommitted { seat: Seat, card: Card, law: String },
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
    pub fn law(&self) -> String {
        use DirectorError::*;
        match self {
            Table(e) => e.law().to_string(),
            RectificationPending { .. } => "9B2".into(),
            NoRectification => "10C1".into(),
            NotAnOption { law, .. } | WrongChooser { law, .. } | MustPass { law, .. } | MustRepeat { law, .. } => law.clone(),
            CorrectionNotLegal { .. } => "27B".into(),
            CorrectionMustBeBidOrPass { .. } => "27B3".into(),
            LeadProhibited { .. } => "26B".into(),
            AuctionPeriodOver => "17D1".into(),
            PenaltyCardMustBePlayed { .. } => "50D1".into(),
            NoRevokeToCorrect { .. } => "62A".into(),
            NothingExposed { .. } => "24".into(),
            LeadRequired { .. } => "50D2(a)".into(),
            NoCallToCorrect { .. } => "25A1".into(),
            PartnerHasCalled { .. } => "25A4".into(),
            BoardOver => "79A".into(),
            ClaimPending { .. } => "68D1".into(),
            NoClaim => "68".into(),
            NotAnOpponent { .. } => "69A".into(),
            TooManyTricks { .. } => "68A".into(),
            DummyClaims => "43A1(c)".into(),
            NoAgreedClaim => "69B/71".into(),
            BadAdjustment { .. } => "12C".into(),
            MustComply { law, .. } => law.clone(),
            MustPlayCommitted { law, .. } => law.clone(),
            MinorPenaltyCard { .. } => "50C".into(),
            DesignatedPenaltyCard { .. } => "51A".into(),
            NotAQuittedTrick { .. } => "67".into(),
            CorrectEarlierRevoke { .. } => "62C3".into(),
            NoUnnamedDummyCard => "45D1".into(),
            NoDesignationToChange => "45C4(b)".into(),
            NoSuchCall { .. } => "26B".into(),
            NothingToForfeit => "11A".into(),
            NoChoiceToCancel => "10B".into(),
            NoLeadToWarn => "43B2(a)".into(),
            NoRevokeDummyAsked => "43B2(b)".into(),
            NoDefenderIrregularity => "43B3".into(),
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
            DirectorError::NotAnOption { law: "27A1".into(), choice: Choice::Rectify },
            DirectorError::WrongChooser { law: "29A".into(), by: Chooser::Director, expected: Chooser::Player(Seat::South) },
            DirectorError::MustPass { seat: Seat::West, law: "27B2".into() },
            DirectorError::MustRepeat { seat: Seat::East, call: Call::Double, law: "32A1".into() },
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
            DirectorError::MustComply { seat: Seat::East, law: "57A1".into() },
            DirectorError::MustPlayCommitted { seat: Seat::East, card, law: "57D".into() },
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
            DirectorError::WrongChooser { law: "29A".into(), by: Chooser::Director, expected: Chooser::Player(Seat::South) }.to_string(),
            "Law 29A: the choice belongs to South, not the Director"
        );
    }
}
