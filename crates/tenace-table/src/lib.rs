//! The Laws' procedure at one table, as a pure state machine: the auction (Laws 17-22), the play
//! (Laws 41, 44-45), claims and concessions (Laws 68-70) and the tricks agreed (Law 79A).
//!
//! [`Table::apply`] takes an [`TableEvent`] and either records it or refuses it with a [`LawError`]
//! naming the Law; a refused event leaves the table unchanged. No I/O, clocks or randomness.
//!
//! This is the online (OKb) ruleset: irregularities are prevented, not rectified.

pub mod auction;
mod error;
pub mod play;
mod table;

pub use auction::{Auction, AuctionCall, FinalContract};
pub use error::LawError;
pub use play::{Play, Trick};
pub use table::{BoardResult, Ending, PendingClaim, Table, TableEvent};
