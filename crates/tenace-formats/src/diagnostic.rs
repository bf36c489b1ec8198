//! Lenient reading: every board that can be read, and an exact report on the others.
//!
//! A file from the outside world often has one bad board among hundreds. The lenient readers
//! ([`crate::pbn::read`], [`crate::lin::read`], [`crate::read_file_report`]) give every board
//! they can and one [`Diagnostic`] per board they could not read whole: where (file, line,
//! column), which game of the file, what is wrong, the rule it breaks, and what the reader did
//! about it ([`Outcome`]). The strict readers ([`crate::pbn::parse`], [`crate::read_file`]) are
//! the same readers refusing the whole file at the first diagnostic.

use std::fmt;

use crate::FormatError;

/// What the reader did with a board it could not read as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The board is left out of the result.
    Skipped,
    /// The board is read without the part named in the message (its auction or its play); the
    /// rest of it is kept.
    PartRead,
    /// The board is read whole under a documented repair rule (docs/formats.md); nothing the
    /// file said is lost.
    Repaired,
}

impl Outcome {
    fn verb(self) -> &'static str {
        match self {
            Outcome::Skipped => "skipped",
            Outcome::PartRead => "read in part",
            Outcome::Repaired => "repaired",
        }
    }
}

/// One board the reader could not take as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The file, when reading one ([`crate::read_file_report`] fills it in).
    pub file: Option<String>,
    /// 1-based place of the problem; 0 when it has none.
    pub line: usize,
    pub column: usize,
    /// Which game of the file, 1-based, counting the ones skipped.
    pub game: usize,
    /// The board number, when the reader got that far.
    pub board: Option<u32>,
    pub outcome: Outcome,
    /// What is wrong, in words.
    pub message: String,
    /// The rule broken: `PBN 2.1 §3.4.11`, `LIN`, ...
    pub rule: String,
}

impl Diagnostic {
    /// Whether the board, or part of it, is missing from what was read.
    pub fn loses_data(&self) -> bool {
        self.outcome != Outcome::Repaired
    }

    /// The diagnostic as the error a strict reader gives.
    pub fn to_error(&self) -> FormatError {
        FormatError::new(self.line, self.column, self.message.clone())
    }
}

impl fmt::Display for Diagnostic {
    /// `file.pbn:12:8: game 3 (board 3) skipped: Deal: the SA appears twice [PBN 2.1 §3.4.11]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{file}:")?;
        }
        if self.line > 0 {
            write!(f, "{}:{}: ", self.line, self.column)?;
        } else if self.file.is_some() {
            write!(f, " ")?;
        }
        write!(f, "game {}", self.game)?;
        if let Some(b) = self.board {
            write!(f, " (board {b})")?;
        }
        write!(f, " {}: {} [{}]", self.outcome.verb(), self.message, self.rule)
    }
}

/// What a lenient reader gives: the boards read and a diagnostic for each one not read whole.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    pub games: Vec<crate::GameRecord>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Reading {
    /// Whether some board, or part of one, was left out.
    pub fn lost_data(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::loses_data)
    }

    /// All or nothing: the boards, or the first diagnostic as an error.
    pub fn strict(self) -> Result<Vec<crate::GameRecord>, FormatError> {
        match self.diagnostics.first() {
            Some(d) => Err(d.to_error()),
            None => Ok(self.games),
        }
    }

    /// Names the file in every diagnostic.
    pub fn in_file(mut self, file: &str) -> Reading {
        for d in &mut self.diagnostics {
            d.file = Some(file.to_string());
        }
        self
    }
}
