//! Why an online table refuses an action. Online, irregularities are prevented, not rectified
//! (OKb laws): every refusal names the Law (2017 Laws) or the OKb procedure it follows.

use tenace_core::Seat;
use tenace_table::LawError;

/// A refused action. `Display` starts with the Law or procedure; [`OnlineError::law`] gives it alone.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OnlineError {
    /// The Laws of the game refuse it (a call out of rotation, an insufficient bid, a revoke...).
    #[error("{0}")]
    Law(#[from] LawError),
    #[error("Law 4: {seat:?} is taken by {by}")]
    SeatTaken { seat: Seat, by: String },
    #[error("Law 4: you already sit {seat:?}; leave that seat first")]
    AlreadySeated { seat: Seat },
    #[error("only a player seated at this table may do that; kibitzers watch (Law 76)")]
    NotSeated,
    #[error("Law 76B3: kibitzers may not talk to the players during the auction and play")]
    KibitzerMayNotTalk,
    #[error("Law 73B1: no private messages between partners during the auction and play")]
    PrivateToPartner,
    #[error("a chat message must have 1 to {max} characters")]
    ChatLength { max: usize },
    #[error("OKb undo: {0}")]
    Undo(&'static str),
    #[error("OKb skip (Law 16B1): {0}")]
    Skip(&'static str),
    #[error("Law 20F: {0}")]
    Explanation(&'static str),
    #[error("Law 68B: {0}")]
    Claim(&'static str),
    #[error("the board is still in progress; the next board starts when this one is over")]
    BoardInProgress,
    #[error("the last board of the set has been played")]
    SetFinished,
    #[error("a robot's seat cannot act through a person's connection")]
    RobotSeat,
    #[error("nobody sits {seat:?}; a private message goes to a person at the table")]
    EmptySeat { seat: Seat },
    /// Who may see a deal (docs/protocol.md, "Who may see a deal"): Law 16 (extraneous
    /// information), Law 76 (spectators), OKb.
    #[error("Law 16: {0}")]
    Sight(String),
    /// A finished board whose play the solver refuses (a stored log that is not a legal play).
    #[error("the board cannot be replayed: {0}")]
    Replay(String),
}

impl OnlineError {
    /// The Law or procedure cited, e.g. `"44C"`, `"OKb undo"`, or `""` when none applies.
    pub fn law(&self) -> String {
        use OnlineError::*;
        match self {
            Law(e) => e.law().to_string(),
            SeatTaken { .. } | AlreadySeated { .. } => "4".into(),
            NotSeated => "76".into(),
            KibitzerMayNotTalk => "76B3".into(),
            PrivateToPartner => "73B1".into(),
            Undo(_) => "OKb undo".into(),
            Skip(_) => "16B1".into(),
            Explanation(_) => "20F".into(),
            Claim(_) => "68B".into(),
            Sight(_) => "16".into(),
            ChatLength { .. } | BoardInProgress | SetFinished | RobotSeat | EmptySeat { .. } | Replay(_) => String::new(),
        }
    }
}
