//! The vocabulary of contract bridge as the Laws of Duplicate Bridge define it: the pack (Law 1),
//! boards (Law 2), deals and dealing (Law 6), calls (Law 18), contracts (Law 22), the scoring
//! table (Law 77) and the IMP scale (Law 78B).
//!
//! Pure data and functions: no I/O, no clocks. Randomness only where a caller hands in a
//! generator ([`dealing::random_deal`]). Serde support is the `serde` feature.
//!
//! ```
//! use tenace_core::{Board, BoardNumber, Contract, Deal, Seat, Side, Suit};
//!
//! // A deal in PBN form (North's hand first), on board 5: North deals, North-South vulnerable
//! // (Law 2).
//! let deal = Deal::from_pbn("N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 654.T87.T98.T654")?;
//! let board = Board::numbered(BoardNumber::new(5)?, deal);
//! assert_eq!(board.dealer, Seat::North);
//! assert!(board.vulnerability.is_vulnerable(Side::NorthSouth));
//! assert_eq!(board.deal.hands[Seat::North.index()].hcp(), 16);
//! assert_eq!(board.deal.hands[Seat::South.index()].suit_len(Suit::Clubs), 4);
//!
//! // Law 77: 3NT making ten tricks, vulnerable.
//! let contract: Contract = "3NT".parse()?;
//! assert_eq!(contract.score(10, true)?, 630);
//! # Ok::<(), tenace_core::ParseError>(())
//! ```

pub mod board;
pub mod call;
pub mod card;
pub mod contract;
pub mod deal;
pub mod dealing;
pub mod hand;
pub mod imps;
pub mod rules;
pub mod seat;

pub use board::{Board, BoardNumber, Vulnerability};
pub use call::{Bid, Call};
pub use card::{Card, Rank, Strain, Suit};
pub use contract::{Contract, Penalty};
pub use deal::{Deal, DealError};
pub use dealing::{random_deal, DealNumber, DEAL_COUNT};
pub use hand::Hand;
pub use imps::imps;
pub use seat::{Seat, Side};

/// A piece of text that does not say what it should: names the problem in words a player reads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ParseError {
    message: String,
}

impl ParseError {
    pub fn new(message: impl Into<String>) -> ParseError {
        ParseError { message: message.into() }
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}
