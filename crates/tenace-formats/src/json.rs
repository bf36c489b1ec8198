//! JSON: `serde_json` of a list of [`GameRecord`]s (see [`crate::record`] for the shape).

use crate::{FormatError, GameRecord};

/// Reads a JSON array of records (a single record object is accepted too).
pub fn parse(text: &str) -> Result<Vec<GameRecord>, FormatError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let err = |e: serde_json::Error| FormatError::new(e.line().max(1), e.column().max(1), format!("JSON: {e}"));
    if text.trim_start().starts_with('{') {
        return serde_json::from_str::<GameRecord>(text).map(|g| vec![g]).map_err(err);
    }
    serde_json::from_str(text).map_err(err)
}

/// Writes records as a pretty-printed JSON array.
pub fn write(games: &[GameRecord]) -> String {
    let mut s = serde_json::to_string_pretty(games).unwrap_or_else(|_| "[]".to_string());
    s.push('\n');
    s
}
