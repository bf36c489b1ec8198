//! A static HTML report: the rankings, then a traveller for every board with its hand diagram
//! (names, table and round when known), then every contestant's personal score card.
//! One file with inline CSS, readable in a browser and printable (`@media print`).

use std::collections::BTreeMap;
use std::fmt::Write;

use tenace_core::{Deal, Seat, Suit};

use crate::event::{Event, Method};
use crate::report::number;
use crate::scoring::Scores;

/// Escapes text for HTML.
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

const STYLE: &str = r#"
:root { --ink: #1d2330; --muted: #5b6474; --line: #d8dde6; --head: #eef2f7; --red: #c0262d; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); margin: 2rem auto; max-width: 62rem; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin: 0 0 .2rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 .6rem; border-bottom: 2px solid var(--ink); padding-bottom: .2rem; }
.meta { color: var(--muted); margin-bottom: 1.5rem; }
table { border-collapse: collapse; width: 100%; margin: .4rem 0 1rem; }
th, td { padding: .25rem .5rem; border-bottom: 1px solid var(--line); text-align: left; }
th { background: var(--head); font-weight: 600; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.adj td { font-style: italic; }
.board { break-inside: avoid; page-break-inside: avoid; margin-bottom: 2rem; }
.board-head { display: flex; gap: 2rem; align-items: flex-start; flex-wrap: wrap; }
.diagram { display: grid; grid-template-columns: repeat(3, 8.5rem); grid-template-rows: auto auto auto; gap: .2rem; font-variant-numeric: tabular-nums; }
.hand { white-space: nowrap; }
.north { grid-column: 2; grid-row: 1; } .west { grid-column: 1; grid-row: 2; }
.east { grid-column: 3; grid-row: 2; } .south { grid-column: 2; grid-row: 3; }
.info { grid-column: 2; grid-row: 2; font-size: .8rem; color: var(--muted); border: 1px solid var(--line); padding: .3rem; text-align: center; align-self: center; }
.suit-h, .suit-d { color: var(--red); }
.dd { font-size: .85rem; }
.dd table { width: auto; }
footer { color: var(--muted); font-size: .8rem; margin-top: 3rem; }
.who { color: var(--muted); font-size: .85rem; }
.card { break-inside: avoid; page-break-inside: avoid; }
.card h3 { font-size: 1rem; margin: 1rem 0 .2rem; }
@media print {
  body { margin: 0; max-width: none; font-size: 10.5pt; }
  h2 { break-after: avoid; page-break-after: avoid; }
  .rankings { break-after: page; page-break-after: always; }
  .cards { break-before: page; page-break-before: always; }
  th { background: none; border-bottom: 1.5px solid #000; }
  a { color: inherit; text-decoration: none; }
}
"#;

fn hand(deal: &Deal, seat: Seat) -> String {
    let h = deal.hand(seat);
    let mut out = String::new();
    for suit in Suit::DESCENDING {
        let text = h.suit_text(suit);
        let class = format!("suit-{}", suit.letter().to_ascii_lowercase());
        let _ = write!(out, "<div><span class=\"{class}\">{}</span> {}</div>", suit.symbol(), if text.is_empty() { "—".into() } else { text });
    }
    out
}

fn diagram(event: &Event, board: u32) -> String {
    let Some(b) = event.board(board) else { return String::new() };
    let info = format!("Board {board}<br>Dealer {}<br>{}", b.dealer, b.vulnerability.pbn().replace("None", "Love all").replace("All", "All vul"));
    let Some(deal) = &b.deal else { return format!("<div class=\"diagram\"><div class=\"info\">{info}</div></div>") };
    format!(
        "<div class=\"diagram\"><div class=\"hand north\">{}</div><div class=\"hand west\">{}</div><div class=\"info\">{info}</div><div class=\"hand east\">{}</div><div class=\"hand south\">{}</div></div>",
        hand(deal, Seat::North),
        hand(deal, Seat::West),
        hand(deal, Seat::East),
        hand(deal, Seat::South)
    )
}

/// The hand-record sheet of a night (issue 20, item 2): every board's four hands, with `extra`
/// beside each (its double-dummy table and par), two boards to a printed row, no results.
pub fn hand_record(event: &Event, extra: &BTreeMap<u32, String>) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{0} — hand record</title><style>{STYLE}{RECORD_STYLE}</style></head><body>\n<h1>{0}</h1><div class=\"meta\">Hand record{1}</div><div class=\"records\">",
        escape(&event.name),
        event.date.as_deref().map(|d| format!(" — {}", escape(d))).unwrap_or_default()
    );
    for b in &event.boards {
        let _ = write!(h, "<section class=\"record\" id=\"board-{}\">{}", b.number, diagram(event, b.number));
        if let Some(x) = extra.get(&b.number) {
            let _ = write!(h, "<div class=\"dd\">{x}</div>");
        }
        h.push_str("</section>\n");
    }
    h.push_str("</div><footer>Dealt and analysed by Tenace.</footer></body></html>\n");
    h
}

/// The hand-record sheet's layout: boards side by side on screen, two to a row on paper.
const RECORD_STYLE: &str = r#"
.records { display: grid; grid-template-columns: repeat(auto-fill, minmax(28rem, 1fr)); gap: 1rem 2rem; }
.record { display: flex; gap: 1rem; align-items: flex-start; break-inside: avoid; page-break-inside: avoid; border-bottom: 1px solid var(--line); padding-bottom: .6rem; }
@media print { .records { grid-template-columns: 1fr 1fr; gap: .4rem 1rem; } .record { font-size: 9pt; } }
"#;

/// Formats a column of figures alike: whole numbers when every figure is whole, otherwise two
/// decimals for all ("137.00" beside "140.83", never "137").
fn column(values: impl IntoIterator<Item = f64>) -> impl Fn(f64) -> String {
    let whole = values.into_iter().all(|v| (v - v.round()).abs() < 1e-9);
    move |v| if whole { format!("{}", v.round() as i64) } else { format!("{v:.2}") }
}

/// Renders the report. `extra` holds HTML per board (e.g. a double-dummy table and par) shown
/// beside the diagram; it is inserted as given.
pub fn render(event: &Event, scores: &Scores, extra: &BTreeMap<u32, String>) -> String {
    let mp = scores.method == Method::Matchpoints;
    let unit = match scores.method {
        Method::Matchpoints => "MP",
        Method::Vp => "VP",
        Method::TotalPoints => "Points",
        _ => "IMPs",
    };
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{}</title><style>{STYLE}</style></head><body>\n",
        escape(&event.name)
    );
    let _ = write!(h, "<h1>{}</h1><div class=\"meta\">", escape(&event.name));
    if let Some(d) = &event.date {
        let _ = write!(h, "{} · ", escape(d));
    }
    let _ = write!(h, "{} boards · {} · scored by {:?}", event.boards.len(), escape(scores.method.pbn()), scores.method);
    if mp {
        let _ = write!(h, " · top {}", number(scores.boards.first().and_then(|b| b.top).unwrap_or(0.0)));
    }
    h.push_str("</div>\n<section class=\"rankings\">");
    for r in &scores.rankings {
        let _ = write!(
            h,
            "<h2>Ranking — {}</h2><table><thead><tr><th class=\"n\">Rank</th><th class=\"n\">No.</th><th>Name</th><th class=\"n\">{unit}</th>",
            escape(&r.title)
        );
        if mp {
            h.push_str("<th class=\"n\">%</th>");
        }
        h.push_str("<th class=\"n\">Boards</th></tr></thead><tbody>");
        let total = column(r.standings.iter().map(|s| (s.total * 100.0).round() / 100.0));
        for s in &r.standings {
            let _ = write!(
                h,
                "<tr><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td><td class=\"n\">{}</td>",
                escape(&s.rank),
                s.number,
                escape(&s.name),
                total((s.total * 100.0).round() / 100.0)
            );
            if mp {
                let _ = write!(h, "<td class=\"n\">{}</td>", s.percentage.map(|p| format!("{p:.2}")).unwrap_or_default());
            }
            let _ = write!(h, "<td class=\"n\">{}</td></tr>", s.boards);
        }
        h.push_str("</tbody></table>");
    }
    if !scores.matches.is_empty() {
        h.push_str("<h2>Matches</h2><table><thead><tr><th>Home</th><th>Away</th><th class=\"n\">Boards</th><th class=\"n\">IMPs</th><th class=\"n\">VPs</th></tr></thead><tbody>");
        for m in &scores.matches {
            let _ = write!(
                h,
                "<tr><td>{} {}</td><td>{} {}</td><td class=\"n\">{}</td><td class=\"n\">{} – {}</td><td class=\"n\">{:.2} – {:.2}</td></tr>",
                m.home,
                escape(&event.name_of(m.home)),
                m.away,
                escape(&event.name_of(m.away)),
                m.boards,
                number(m.home_imps),
                number(m.away_imps),
                m.home_vp,
                m.away_vp
            );
        }
        h.push_str("</tbody></table>");
    }
    h.push_str("</section>\n");
    let mut numbers: Vec<u32> = event.boards.iter().map(|b| b.number).collect();
    numbers.extend(scores.boards.iter().map(|b| b.board).filter(|n| event.board(*n).is_none()));
    for bn in numbers {
        let _ = write!(h, "<section class=\"board\" id=\"board-{0}\"><h2>Board {0}</h2><div class=\"board-head\">{1}", bn, diagram(event, bn));
        if let Some(x) = extra.get(&bn) {
            let _ = write!(h, "<div class=\"dd\">{x}</div>");
        }
        h.push_str("</div>");
        let Some(b) = scores.boards.iter().find(|b| b.board == bn) else {
            h.push_str("<p class=\"meta\">No results yet.</p></section>\n");
            continue;
        };
        if let Some(d) = b.datum {
            let _ = write!(h, "<div class=\"meta\">Datum {d}</div>");
        }
        // The opening lead, when the results carry it (online tables do); the table and round,
        // when known.
        let leads = b.rows.iter().any(|r| r.lead.is_some());
        let placed = b.rows.iter().any(|r| r.table.is_some() || r.round.is_some());
        let _ = write!(
            h,
            "<table><thead><tr>{}<th>NS</th><th>EW</th><th>Result</th>{}<th class=\"n\">NS score</th><th class=\"n\">EW score</th><th class=\"n\">NS {unit}</th><th class=\"n\">EW {unit}</th>{}</tr></thead><tbody>",
            if placed { "<th class=\"n\">Table</th><th class=\"n\">Round</th>" } else { "" },
            if leads { "<th>Lead</th>" } else { "" },
            if mp { "<th class=\"n\">NS %</th><th class=\"n\">EW %</th>" } else { "" }
        );
        let round = |v: f64| (v * 100.0).round() / 100.0;
        let value = column(b.rows.iter().flat_map(|r| [r.ns_value, r.ew_value]).flatten().map(round));
        let opt = |v: Option<f64>| v.map(|v| value(round(v))).unwrap_or_default();
        let mut rows: Vec<_> = b.rows.iter().collect();
        rows.sort_by(|x, y| y.ns_points.unwrap_or(f64::MIN).total_cmp(&x.ns_points.unwrap_or(f64::MIN)));
        for r in rows {
            let adj = r.ns_artificial.is_some() || r.ew_artificial.is_some() || r.contract.is_none();
            let pts = |p: Option<f64>, a: Option<crate::Artificial>| match (p, a) {
                (_, Some(a)) => a.short().to_string(),
                (Some(p), None) if p > 0.0 => number(p),
                _ => String::new(),
            };
            let place = |v: Option<u32>| v.map(|x| x.to_string()).unwrap_or_default();
            let _ = write!(
                h,
                "<tr{}>{}<td>{}</td><td>{}</td><td>{}</td>{}<td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>",
                if adj { " class=\"adj\"" } else { "" },
                if placed { format!("<td class=\"n\">{}</td><td class=\"n\">{}</td>", place(r.table), place(r.round)) } else { String::new() },
                line_name(event, &r.ns),
                line_name(event, &r.ew),
                escape(&r.label),
                if leads { format!("<td>{}</td>", r.lead.map(|c| c.to_string()).unwrap_or_default()) } else { String::new() },
                pts(r.ns_points, r.ns_artificial),
                pts(r.ew_points.map(|p| -p), r.ew_artificial),
                opt(r.ns_value),
                opt(r.ew_value),
            );
            if mp {
                let _ = write!(
                    h,
                    "<td class=\"n\">{}</td><td class=\"n\">{}</td>",
                    r.ns_percent.map(|p| format!("{p:.1}")).unwrap_or_default(),
                    r.ew_percent.map(|p| format!("{p:.1}")).unwrap_or_default()
                );
            }
            h.push_str("</tr>");
        }
        h.push_str("</tbody></table></section>\n");
    }
    score_cards(&mut h, event, scores, unit);
    if let Some(crate::dealing::Dealing::PublishedSeed { commitment, seed }) = &event.dealing {
        let _ = write!(h, "<footer>Boards dealt from a published seed (Law 6): commitment SHA-256 <code>{}</code>", escape(commitment));
        if let Some(s) = seed {
            let _ = write!(h, ", seed <code>{s}</code> — deal again with <code>tenace deal --seed {s}</code>");
        }
        h.push_str(".</footer>");
    }
    h.push_str("<footer>Scored by Tenace.</footer></body></html>\n");
    h
}

/// A line of a traveller: its number(s) and, when the event names them, the name.
fn line_name(event: &Event, line: &crate::result::Line) -> String {
    let names: Vec<String> = line.members().into_iter().map(|n| event.name_of(n)).filter(|n| !n.is_empty()).collect();
    if names.is_empty() {
        line.to_string()
    } else {
        format!("{line} <span class=\"who\">{}</span>", escape(&names.join(" & ")))
    }
}

/// Every ranked contestant's personal score card, in ranking order: each board played, the
/// direction, the opponents, the result, the score and what it earned.
fn score_cards(h: &mut String, event: &Event, scores: &Scores, unit: &str) {
    if scores.method.is_team() {
        return;
    }
    h.push_str("<section class=\"cards\"><h2>Personal score cards</h2>\n");
    for ranking in &scores.rankings {
        for s in &ranking.standings {
            let lines = crate::scoring::score_card(scores, s.number);
            let _ = write!(
                h,
                "<div class=\"card\" id=\"card-{0}\"><h3>{0} {1}</h3><table><thead><tr><th class=\"n\">Board</th><th>Dir</th><th>Opponents</th><th>Result</th><th class=\"n\">Score</th><th class=\"n\">{unit}</th><th class=\"n\">%</th></tr></thead><tbody>",
                s.number,
                escape(&s.name)
            );
            let two = |v: Option<f64>| v.map(|x| format!("{x:.2}")).unwrap_or_default();
            for l in lines {
                let dir = if l.direction == tenace_core::Side::NorthSouth { "NS" } else { "EW" };
                let _ = write!(
                    h,
                    "<tr><td class=\"n\">{}</td><td>{dir}</td><td>{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
                    l.board,
                    line_name(event, &l.opponents),
                    escape(&l.label),
                    l.points.map(number).unwrap_or_default(),
                    two(l.value),
                    two(l.percent)
                );
            }
            h.push_str("</tbody></table></div>\n");
        }
    }
    h.push_str("</section>\n");
}
