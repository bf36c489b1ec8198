//! The Director's engine at a face-to-face table (Laws 9-10, 17D3, 23-39; in the play Laws 26B,
//! 50D, 53-56 and 61-64): a pure state machine in which irregular actions are recorded, not
//! refused. An irregularity opens a [`Rectification`] listing every option the Laws give, each with
//! the chooser (a player, or the Director where the Laws leave a matter to his judgement) and the
//! Law cited; the chosen option is applied, and the obligations that follow ("pass at the next
//! turn", "pass throughout", "repeat the call", the Law 26B lead restriction, major penalty cards)
//! are enforced by [`FaceTable::legal_calls`] and [`FaceTable::legal_cards`]. In the play a failure
//! to follow suit is recorded as a revoke ([`FacePlay`]), established under Law 63 and adjusted
//! under Law 64 when play ends.
//!
//! Like `tenace-table`, the state is a fold over serializable [`FaceEvent`]s ([`FaceTable::replay`]);
//! a refused event leaves the table unchanged and the error names the Law. No I/O, clocks or
//! randomness. See docs/laws-coverage.md for what is and is not covered.

pub mod adjust;
pub mod auction;
pub mod claim;
pub mod console;
mod error;
pub mod law;
pub mod play;
pub mod rectification;
pub mod score;
mod table;

pub use auction::MadeCall;
pub use error::DirectorError;
pub use law::Law;
pub use play::{FacePlay, Requirement, Revoke};
pub use rectification::{
    Choice, Chooser, ClaimMade, FaceEvent, Irregularity, LeadRestriction, Note, Obligation, RectOption, Rectification, RestrictionState, Spoken,
};
pub use score::HandOff;
pub use table::{FaceTable, Pending};
