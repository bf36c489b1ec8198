//! The one error type of the crate: a problem in a file, with where it is.

/// A problem in a file: its 1-based line and column (both 0 when the problem is not at a place
/// in the text, such as a file that cannot be read) and a message naming the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe())]
pub struct FormatError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl FormatError {
    pub fn new(line: usize, column: usize, message: impl Into<String>) -> FormatError {
        FormatError { line, column, message: message.into() }
    }

    /// A problem with no place in the text (I/O, unknown extension).
    pub fn general(message: impl Into<String>) -> FormatError {
        FormatError { line: 0, column: 0, message: message.into() }
    }
}

impl FormatError {
    /// `line 12, column 8: <message>`, or the bare message when there is no place.
    fn describe(&self) -> String {
        if self.line == 0 {
            self.message.clone()
        } else {
            format!("line {}, column {}: {}", self.line, self.column, self.message)
        }
    }
}

/// A place in the text, 1-based.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pos {
    pub line: usize,
    pub column: usize,
}

impl Pos {
    pub fn error(self, message: impl Into<String>) -> FormatError {
        FormatError::new(self.line, self.column, message)
    }

    /// The place `n` characters further on the same line.
    pub fn right(self, n: usize) -> Pos {
        Pos { line: self.line, column: self.column + n }
    }
}
