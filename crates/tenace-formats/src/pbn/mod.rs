//! PBN 2.1 (Portable Bridge Notation): reading files in the import format and writing them in
//! the export layout.
//!
//! Reading (PBN 2.1 §2-§5): games are separated by semi-empty lines (§3); `%` in the first
//! column starts an escape line that is skipped (§2.4); tag pairs `[Name "value"]` with `\"`
//! and `\\` escapes (§3.2, §3.3) may span lines and share lines; `{...}` and `;...` comments
//! (§3.8) are kept; the auction (§3.5) and play (§3.6) sections with suffixes, `=n=` note
//! references, `$n` NAGs (§3.7), `*`/`+` markers and `^I ^S ^R ^L` irregularities (§3.9);
//! `Note` tags (§3.5.5, §3.6.5); `#` and `##` tag value inheritance (§4.8); a repeated tag is
//! ignored (§3.4); unknown tags and supplemental sections such as tables (§5) are kept verbatim.
//!
//! Writing follows the export format (§2.1, §3.4): `% PBN 2.1` first, one empty line between
//! games, the 15 mandatory tags in their fixed order (`?` when unknown), then the other plain
//! tags, the auction and play sections with their notes, then the supplemental sections. Two
//! departures, both so that a file read and written again keeps what it said: other tags keep
//! the order they were read in rather than being sorted, and lines end in LF.

mod read;
mod write;

use crate::{FormatError, GameRecord, Reading};

/// Reads every game of a PBN file, refusing the whole file at the first problem.
pub fn parse(text: &str) -> Result<Vec<GameRecord>, FormatError> {
    read::parse(text)
}

/// Reads every game that can be read, with a diagnostic for each game not read whole (see
/// [`crate::diagnostic`] and docs/formats.md for the repair rules).
pub fn read(text: &str) -> Reading {
    read::read(text)
}

/// Writes games as a PBN file.
pub fn write(games: &[GameRecord]) -> String {
    write::write(games)
}

/// The 15 tags of the mandatory tag set, in export order (PBN 2.1 §3.4).
pub(crate) const MANDATORY_TAGS: [&str; 15] =
    ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"];

/// The order tags are written in: the mandatory tags, the other plain tags, the auction and play
/// sections, the supplemental sections.
pub(crate) fn write_order(g: &GameRecord) -> Vec<&str> {
    MANDATORY_TAGS
        .iter()
        .copied()
        .chain(g.tags.iter().filter(|t| t.rows.is_empty()).map(|t| t.name.as_str()))
        .chain(g.auction.as_ref().map(|_| "Auction"))
        .chain(g.play.as_ref().map(|_| "Play"))
        .chain(g.tags.iter().filter(|t| !t.rows.is_empty()).map(|t| t.name.as_str()))
        .collect()
}

/// Puts free comments in the order they are written: the ones that follow no written tag first,
/// then tag by tag.
pub(crate) fn sort_comments(g: &mut GameRecord) {
    let order: Vec<String> = write_order(g).into_iter().map(str::to_string).collect();
    let rank = |c: &crate::Comment| match &c.after_tag {
        Some(t) => order.iter().position(|o| o == t).map_or(0, |i| i + 1),
        None => 0,
    };
    g.comments.sort_by_key(rank);
}
