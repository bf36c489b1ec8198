//! Duplicate events (Laws 2, 6, 8, 12, 78, 79, 86-88): the same deals are played at many tables
//! and every result is compared with the others.
//!
//! - [`event`]: the event as data — boards, contestants, movement, results — and its JSON file.
//! - [`result`]: a table's result: played (Law 77), assigned or weighted (Law 12C1), artificial
//!   (Law 12C2), non-balancing.
//! - [`matchpoints`], [`imps`], [`vp`]: the scoring methods of Law 78 and PBN 2.1.
//! - [`scoring`]: travellers, totals and rankings of a whole event.
//! - [`movement`]: Mitchell, Howell, team matches, round robin, Swiss; the Law 8 validator.
//! - [`dealing`]: boards dealt from the OS generator or a published seed (Law 6).
//! - [`report`]: PBN 2.1 score tables, JSON and HTML.
//! - [`import`]: results from table terminals' files (Bridgemate's `ReceivedData` as CSV).
//!
//! Pure logic: the only I/O is reading and writing files when asked to.
//!
//! ```
//! use tenace_core::Seat;
//! use tenace_events::{score, Event, Kind, Line, Method, Outcome, Played, TableResult};
//!
//! let mut event = Event::new("Club night", Kind::Pairs, Method::Matchpoints, 1).unwrap();
//! for (ns, ew, tricks) in [(1, 4, 10), (2, 5, 10), (3, 6, 9)] {
//!     let played = Played::new("4S".parse().unwrap(), Seat::North, tricks);
//!     event.enter(TableResult::new(1, Line::One(ns), Line::One(ew), Outcome::Played(played))).unwrap();
//! }
//! let scores = score(&event).unwrap();
//! // 420, 420, -50: the 420s tie each other and beat -50 (3 of a top of 4).
//! assert_eq!(scores.boards[0].rows[0].ns_value, Some(3.0));
//! // One field: East-West pair 6 (a top, 100%) wins; pairs 1 and 2 (75%) share second place.
//! let ranking = &scores.rankings[0].standings;
//! assert_eq!((ranking[0].number, ranking[0].rank.as_str()), (6, "1"));
//! assert_eq!((ranking[1].rank.as_str(), ranking[2].rank.as_str()), ("2-3", "2-3"));
//! ```

pub mod adjusted;
pub mod dealing;
mod error;
pub mod event;
pub mod import;
pub mod imps;
pub mod matchpoints;
pub mod movement;
pub mod report;
pub mod result;
pub mod scoring;
pub mod vp;

pub use adjusted::Artificial;
pub use error::EventError;
pub use event::{Contestant, Event, EventBoard, Kind, Method, ROBOTS};
pub use matchpoints::{Factoring, MpScale};
pub use movement::{Movement, Slot};
pub use result::{Line, Outcome, Played, TableResult, Weighted};
pub use scoring::{score, score_with, Scores};
