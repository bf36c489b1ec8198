//! Every refusal of the event crate: a value with a message that names the board, table, round
//! or contestant concerned, and the Law where one applies. Nothing here panics on bad input.

use std::fmt;

/// Why an event, a result, a movement or a file was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum EventError {
    /// A board number that the event does not have (Law 2 numbers boards from 1).
    UnknownBoard { board: u32 },
    /// A contestant number that the event does not list.
    UnknownContestant { number: u32 },
    /// A pair or team met itself, or one number sits on both lines.
    SameContestantTwice { board: u32, number: u32 },
    /// Declarer cannot take more than 13 tricks (Law 77); a contract that does not parse (Law 18A).
    BadResult { board: u32, message: String },
    /// A weighted assigned score (Law 12C1c) whose weights are not positive or do not add up to 1.
    BadWeights { board: u32, total: f64 },
    /// The movement breaks a rule (Law 8): names the table, round and board.
    Movement { message: String },
    /// A generator was asked for something it cannot build.
    Generator { message: String },
    /// A dealing seed that does not match the commitment published before the event (Law 6).
    SeedMismatch { expected: String, actual: String },
    /// A file that could not be read or written, or text that does not parse.
    File { path: String, message: String },
    /// Anything else a user typed that does not make sense, said in words.
    Invalid { message: String },
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventError::UnknownBoard { board } => write!(f, "board {board} is not in this event"),
            EventError::UnknownContestant { number } => write!(f, "contestant {number} is not in this event"),
            EventError::SameContestantTwice { board, number } => {
                write!(f, "board {board}: contestant {number} cannot sit both North-South and East-West")
            }
            EventError::BadResult { board, message } => write!(f, "board {board}: {message}"),
            EventError::BadWeights { board, total } => write!(
                f,
                "board {board}: Law 12C1(c): the weights of an assigned adjusted score must be positive and add up to 100% (they add up to {:.2}%)",
                total * 100.0
            ),
            EventError::Movement { message } => write!(f, "Law 8: {message}"),
            EventError::Generator { message } => write!(f, "{message}"),
            EventError::SeedMismatch { expected, actual } => {
                write!(f, "Law 6: the seed does not match the published commitment (published {expected}, seed hashes to {actual})")
            }
            EventError::File { path, message } => write!(f, "{path}: {message}"),
            EventError::Invalid { message } => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for EventError {}

impl EventError {
    pub(crate) fn invalid(message: impl Into<String>) -> EventError {
        EventError::Invalid { message: message.into() }
    }
}
