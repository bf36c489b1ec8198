//! Reports of a scored event: PBN 2.1 score tables ([`pbn`]), a static HTML page ([`html`]) and
//! JSON (`serde_json` of [`crate::Scores`]).

pub mod html;
pub mod pbn;

/// Formats a score value: integers plainly, others with two decimals.
pub fn number(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        format!("{v:.2}")
    }
}
