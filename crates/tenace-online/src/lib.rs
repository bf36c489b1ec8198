//! An online duplicate table under the OKb laws for online bridge, adapted to the 2017 Laws:
//! irregularities are prevented (refused with the Law), and the online procedures — undo with
//! the opponents' consent, claims accepted or rejected, skip by agreement, self-alerts seen by
//! the opponents only, public and private chat, kibitzers — are events of a pure state machine.
//!
//! - [`room`]: [`Room`], the event fold; [`Action`] in, [`RoomEvent`]s out.
//! - [`view`]: [`TableView`], what one seat or kibitzer may see — the only way table state
//!   leaves this crate.
//! - [`robots`]: what a robot seat does next.
//!
//! No I/O: the server (`tenace-server`) stores events and carries views to browsers.

pub mod error;
pub mod replay;
pub mod robots;
pub mod room;
pub mod view;

pub use error::OnlineError;
pub use room::{Action, Actor, Audience, ChatLine, FinishedBoard, Occupant, Outcome, Room, RoomEvent, RoomOptions};
pub use view::{FieldResult, TableView, Viewer};
