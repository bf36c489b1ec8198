//! Reading and writing bridge records: PBN 2.1 ([`pbn`]), BBO's LIN ([`lin`]) and JSON
//! ([`json`]), all through one data model, [`GameRecord`].
//!
//! Every reader takes text and returns the records or a [`FormatError`] naming the line, the
//! column and the problem; no input makes a reader panic. [`read_file`] picks the format from the
//! file name and decodes the bytes (UTF-8, else Latin-1, the PBN character set).
//!
//! ```
//! let text = r#"[Event "Club night"]
//! [Board "1"]
//! [Dealer "N"]
//! [Vulnerable "None"]
//! [Deal "N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 654.T87.T98.T654"]
//! [Contract "3NT"]
//! [Declarer "N"]
//! [Result "9"]
//! "#;
//! let games = tenace_formats::pbn::parse(text)?;
//! assert_eq!(games.len(), 1);
//! assert_eq!(games[0].event.as_deref(), Some("Club night"));
//! assert!(games[0].deal.is_some());
//! // Written back as PBN 2.1, it reads the same.
//! let again = tenace_formats::pbn::parse(&tenace_formats::pbn::write(&games))?;
//! assert_eq!(again[0].deal, games[0].deal);
//! # Ok::<(), tenace_formats::FormatError>(())
//! ```

mod bridge;
pub mod diagnostic;
mod error;
pub mod json;
pub mod lin;
pub mod par;
pub mod pbn;
pub mod record;
mod text;

use std::path::Path;

pub use diagnostic::{Diagnostic, Outcome, Reading};
pub use error::FormatError;
pub use record::{
    AuctionEnd, AuctionRecord, CardIrregularity, Comment, GameRecord, LinCommand, Note, PlayEnd, PlayRecord, Players, RecordedCall, RecordedCard,
    RecordedContract, Tag,
};

/// The file formats this crate reads and writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Pbn,
    Lin,
    Json,
}

impl Format {
    /// The format a file name's extension names (`.pbn`, `.lin`, `.json`, in any case).
    pub fn from_path(path: impl AsRef<Path>) -> Option<Format> {
        let ext = path.as_ref().extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "pbn" => Some(Format::Pbn),
            "lin" => Some(Format::Lin),
            "json" => Some(Format::Json),
            _ => None,
        }
    }

    /// Reads all or nothing: every board, or the first problem.
    pub fn parse(self, text: &str) -> Result<Vec<GameRecord>, FormatError> {
        self.read(text)?.strict()
    }

    /// Reads leniently: every board that can be read and a diagnostic for each one not read
    /// whole. PBN and LIN are read board by board; JSON (Tenace's own format) is all or
    /// nothing, so its only error is the whole file's.
    pub fn read(self, text: &str) -> Result<Reading, FormatError> {
        Ok(match self {
            Format::Pbn => pbn::read(text),
            Format::Lin => lin::read(text),
            Format::Json => Reading { games: json::parse(text)?, diagnostics: Vec::new() },
        })
    }

    pub fn write(self, games: &[GameRecord]) -> String {
        match self {
            Format::Pbn => pbn::write(games),
            Format::Lin => lin::write(games),
            Format::Json => json::write(games),
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Pbn => "pbn",
            Format::Lin => "lin",
            Format::Json => "json",
        }
    }
}

/// Text from bytes: UTF-8 when valid, else Latin-1 (ISO 8859-1, PBN 2.1 §2.2), byte for char.
pub fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

fn format_of(path: &Path) -> Result<Format, FormatError> {
    Format::from_path(path).ok_or_else(|| FormatError::general(format!("{}: unknown file type (expected a .pbn, .lin or .json file)", path.display())))
}

/// Reads a file, choosing the format by its extension: every board, or the first problem.
pub fn read_file(path: impl AsRef<Path>) -> Result<Vec<GameRecord>, FormatError> {
    read_file_report(path)?.strict()
}

/// Reads a file leniently, choosing the format by its extension: every board that can be read,
/// and a diagnostic naming the file for each board not read whole. The error is for a file that
/// cannot be read at all (missing, unknown extension, broken JSON).
pub fn read_file_report(path: impl AsRef<Path>) -> Result<Reading, FormatError> {
    let path = path.as_ref();
    let format = format_of(path)?;
    let bytes = std::fs::read(path).map_err(|e| FormatError::general(format!("cannot read {}: {e}", path.display())))?;
    Ok(format.read(&decode(&bytes))?.in_file(&path.display().to_string()))
}

/// Writes records to a file (UTF-8), choosing the format by its extension.
pub fn write_file(path: impl AsRef<Path>, games: &[GameRecord]) -> Result<(), FormatError> {
    let path = path.as_ref();
    let format = format_of(path)?;
    std::fs::write(path, format.write(games)).map_err(|e| FormatError::general(format!("cannot write {}: {e}", path.display())))
}
