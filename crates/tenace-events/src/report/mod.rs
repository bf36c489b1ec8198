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

/// The unit a method's totals are in (`MP`, `IMPs`, `VP`, `Points`).
pub fn unit(method: crate::Method) -> &'static str {
    match method {
        crate::Method::Matchpoints => "MP",
        crate::Method::Vp => "VP",
        crate::Method::TotalPoints => "Points",
        _ => "IMPs",
    }
}

/// The rankings as plain text, one table per field: what `tenace event score` prints and the
/// scorer's page of a club night shows.
pub fn ranking_text(scores: &crate::Scores) -> String {
    let mut text = String::new();
    for r in &scores.rankings {
        text.push_str(&format!("{}\n{:>6} {:>4}  {:<40} {:>9} {:>7} {:>6}\n", r.title, "Rank", "No.", "Name", unit(scores.method), "%", "Boards"));
        for s in &r.standings {
            let pct = s.percentage.map(|p| format!("{p:.2}")).unwrap_or_default();
            text.push_str(&format!("{:>6} {:>4}  {:<40} {:>9.2} {:>7} {:>6}\n", s.rank, s.number, s.name, s.total, pct, s.boards));
        }
    }
    text
}
