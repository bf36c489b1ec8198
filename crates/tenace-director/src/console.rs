//! The Director's command language, shared by `tenace rule` (the terminal) and the Director's
//! desk in the browser (tenace-server): one line of text names what happened at the table
//! (`N 1H`, `E HK`, `choose 2`, `claim S 3 draw trumps`…) and becomes an [`FaceEvent`]; the state is
//! rendered as text ([`show`], [`after`]) or as a [`Desk`] for a web page. Pure: no I/O.

use serde::Serialize;
use tenace_core::{Call, Card, Seat, Strain, Suit};

use crate::{Chooser, FaceEvent, FaceTable, Spoken};

pub const HELP: &str = "\
Commands (seats N E S W; calls 1C..7NT, P or Pass, X, XX; cards SA, HT, D2...):
  N 1NT            North calls 1NT (in rotation or not: irregular calls are recorded)
  W 8S             a bid above seven (Law 38)
  E HK             a card played from East's hand (declarer names dummy's cards, Law 45B)
  choose K         apply option K of the rectification the Director has explained
  expose S SK HQ   Law 24: cards of South's exposed during the auction (add `led` for a
                   premature lead); in the play, Laws 48-50 (add `led` for a deliberate
                   exposure)
  both E HA HK     Law 58B: East led or played HA and HK at once (the faces seen); one
                   seen: it is played; more: East designates one
  correct S H5     Law 62: South's revoke is corrected by substituting H5
  unintended N 1H  Law 25A: North's last call was unintended; 1H replaces it
  defective 3 E [HK ...]
                   Law 67: trick 3 is defective because of East: with no cards, East did
                   not play to it (the card recorded for him goes back to his hand);
                   otherwise East also played HK ... besides his recorded card
  unnamed SQ       Law 45D: dummy placed a card declarer had not named; declarer named SQ
  redesignate SQ   Law 45C4(b): declarer's designation of dummy's last card was a slip of
                   the tongue, corrected before he played again from either hand: SQ is
                   played instead (47C); opponents who played since may change (47D)
  specified E 2C [H S]
                   Laws 26B, 29C: East's 2C in the legal auction specified hearts and
                   spades (artificial; none named: no suit); the Law 26B options leave out
                   exactly the suits East specified
  forfeit          Law 11A: the non-offending side acted before summoning the Director; its
                   right to rectification is forfeited (the pending irregularity stands as
                   waived, noted for a Law 12 review)
  warned           Law 43B2(a): dummy, after violating 43A2, warned declarer not to lead
                   from the wrong hand; either defender chooses the hand declarer leads from
  asked H5         Law 43B2(b): dummy, after violating 43A2, was first to ask declarer if
                   his last card from his own hand was a revoke; it was: H5 is substituted
                   and Law 64 applies as if the revoke had been established
  attention        Law 43B3: dummy, after violating 43A2, was first to draw attention to
                   the defenders' pending irregularity: no immediate rectification, play
                   continues as though none occurred (noted for a Law 12 review)
  cancel           Law 10B: the Director cancels the choice a player just made without his
                   instructions; the rectification is offered again
  claim S 3 [statement]
                   Law 68: South claims 3 of the remaining tricks (0 concedes them all); a
                   statement like `draw trumps, then SA SK` commits him to that order (70D)
  agree W, dispute W
                   Law 69A/68D2: an opponent of the claimer agrees or disputes (the Director
                   is then offered the Law 70 ruling, with the claimer's worst normal line)
  review E         Law 69B/71: an agreed claim comes back to the Director
  adjust 60% 4S N, 40% 3NT S
                   Law 12C1: each outcome that could well have happened scored with
                   declarer's double-dummy tricks, weighted (equal weights when none are
                   given), as the scorer takes it
  ui 7 North's long pause before passing
                   Law 16B: unauthorized information before call 7 (1 is the dealer's
                   first): the robots are polled on that hand without it (their call, the
                   calls the hand fits) and the Director is asked whether the call taken
                   was demonstrably suggested over an alternative
  explained 3 transfer to hearts / natural
                   Laws 20F, 21B, 40B, 75: call 3 was explained as a transfer to hearts
                   (the agreement, when known, after /): the Laws' questions in order
  award 60% 4S N, 40% 3NT S
                   Law 12C: the Director awards that weighted score; it replaces the
                   table result for the scorer (stored in the ruling's log)
  ruling           the written ruling for the players: facts, Laws, decision
  show             the board: hands, auction, play, obligations, the rectification
  events           the event log as JSON lines
  help, quit";

/// Law 68: `seat` claims `tricks` of the remaining tricks with `statement`; the cards the
/// statement names, in order, and whether it mentions trumps are what it commits him to (Law
/// 70C, 70D).
pub fn claim(seat: Seat, tricks: u8, statement: String) -> FaceEvent {
    let order = statement.split_whitespace().filter_map(|w| card(w.trim_matches(|c: char| !c.is_alphanumeric())).ok()).collect();
    let mentions_trumps = statement.to_ascii_lowercase().contains("trump");
    FaceEvent::Claim { seat, tricks, statement, order, mentions_trumps }
}

/// What a line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// An event for the table.
    Apply(FaceEvent),
    /// Text to print (help, the board, the event log).
    Print(String),
    Quit,
}

/// A seat by letter or name.
pub fn seat(word: &str) -> Result<Seat, String> {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Seat::from_char(c.to_ascii_uppercase()),
        _ => word.parse().ok(),
    }
    .ok_or_else(|| format!("{word:?} is not a seat (N, E, S or W)"))
}

/// A card such as `SA`, `HT`, `D2`.
pub fn card(word: &str) -> Result<Card, String> {
    word.to_ascii_uppercase().parse().map_err(|_| format!("{word:?} is not a card (e.g. SA, HT, D2)"))
}

/// A suit by letter or name (`S`, `hearts`).
pub fn suit(word: &str) -> Result<Suit, String> {
    match word.to_ascii_lowercase().as_str() {
        "s" | "spade" | "spades" => Ok(Suit::Spades),
        "h" | "heart" | "hearts" => Ok(Suit::Hearts),
        "d" | "diamond" | "diamonds" => Ok(Suit::Diamonds),
        "c" | "club" | "clubs" => Ok(Suit::Clubs),
        _ => Err(format!("{word:?} is not a suit (S, H, D or C)")),
    }
}

/// A call, a bid above seven (Law 38), or `None` when `word` is not a call at all.
pub fn spoken(word: &str) -> Option<Spoken> {
    let upper = word.to_ascii_uppercase();
    let upper = match upper.as_str() {
        "P" | "PASS" => "Pass".to_string(),
        "D" | "DBL" => "X".to_string(),
        "R" | "RDBL" => "XX".to_string(),
        _ => upper,
    };
    if let Ok(call) = upper.parse::<Call>() {
        return Some(Spoken::Call(call));
    }
    let level = upper.chars().next()?.to_digit(10)? as u8;
    let strain: Strain = upper[1..].parse().ok()?;
    (level > 7).then_some(Spoken::BidAboveSeven { level, strain })
}

/// Reads one line of the command language in the state of `table`.
pub fn command(table: &FaceTable, line: &str) -> Result<Command, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.is_empty() {
        return Err("an empty command; type `help`".into());
    }
    let verb = words[0].to_ascii_lowercase();
    match verb.as_str() {
        "quit" | "exit" => return Ok(Command::Quit),
        "help" => return Ok(Command::Print(HELP.to_string())),
        "show" => return Ok(Command::Print(show(table))),
        "ruling" => return Ok(Command::Print(ruling_text(table))),
        "events" => {
            let lines: Vec<String> = table.events().iter().filter_map(|e| serde_json::to_string(e).ok()).collect();
            return Ok(Command::Print(if lines.is_empty() { "(no events)".into() } else { lines.join("\n") }));
        }
        "choose" => {
            let rect = table.rectification().ok_or("Law 10C1: there is no rectification awaiting a choice")?;
            let k: usize = words
                .get(1)
                .and_then(|w| w.parse().ok())
                .filter(|k| (1..=rect.options.len()).contains(k))
                .ok_or_else(|| format!("choose an option by its number, 1 to {}", rect.options.len()))?;
            let option = &rect.options[k - 1];
            return Ok(Command::Apply(FaceEvent::Choose { by: option.chooser, choice: option.choice }));
        }
        "expose" => {
            let seat = seat(words.get(1).ok_or("expose SEAT CARD... [led]")?)?;
            let prematurely_led = words.last().is_some_and(|w| w.eq_ignore_ascii_case("led"));
            let cards = words[2..].iter().filter(|w| !w.eq_ignore_ascii_case("led")).map(|w| card(w)).collect::<Result<Vec<_>, _>>()?;
            if cards.is_empty() {
                return Err("name the exposed cards: expose S SK HQ".into());
            }
            if table.play().is_some() {
                // Laws 48-50 in the play period; `led` there means a deliberate exposure.
                return Ok(Command::Apply(FaceEvent::ExposedInPlay { seat, cards, deliberate: prematurely_led }));
            }
            return Ok(Command::Apply(FaceEvent::CardsExposed { seat, cards, prematurely_led }));
        }
        "both" => {
            let seat = seat(words.get(1).ok_or("both SEAT CARD CARD...")?)?;
            let visible = words[2..].iter().map(|w| card(w)).collect::<Result<Vec<_>, _>>()?;
            return Ok(Command::Apply(FaceEvent::SimultaneousCards { seat, visible }));
        }
        "correct" => {
            let [_, s, c] = words[..] else { return Err("correct SEAT CARD".into()) };
            return Ok(Command::Apply(FaceEvent::CorrectRevoke { seat: seat(s)?, card: card(c)? }));
        }
        "claim" => {
            let seat = seat(words.get(1).ok_or("claim SEAT TRICKS [statement]")?)?;
            let tricks: u8 = words.get(2).and_then(|w| w.parse().ok()).ok_or("claim SEAT TRICKS [statement]: TRICKS is a number of the remaining tricks")?;
            let statement = words[3.min(words.len())..].join(" ");
            return Ok(Command::Apply(claim(seat, tricks, statement)));
        }
        "agree" | "dispute" => {
            let seat = seat(words.get(1).ok_or("agree SEAT / dispute SEAT")?)?;
            return Ok(Command::Apply(FaceEvent::AnswerClaim { seat, agree: verb == "agree" }));
        }
        "review" => {
            let seat = seat(words.get(1).ok_or("review SEAT")?)?;
            return Ok(Command::Apply(FaceEvent::ReviewClaim { seat }));
        }
        "defective" => {
            let trick: u8 =
                words.get(1).and_then(|w| w.parse().ok()).filter(|t| (1..=13).contains(t)).ok_or("defective TRICK SEAT [CARD...]: TRICK is 1 to 13")?;
            let seat = seat(words.get(2).ok_or("defective TRICK SEAT [CARD...]")?)?;
            let extra = words[3..].iter().map(|w| card(w)).collect::<Result<Vec<_>, _>>()?;
            return Ok(Command::Apply(FaceEvent::DefectiveTrick { trick, seat, extra }));
        }
        "unnamed" => {
            let [_, c] = words[..] else { return Err("unnamed CARD (the card declarer named)".into()) };
            return Ok(Command::Apply(FaceEvent::DummyCardNotNamed { named: card(c)? }));
        }
        "redesignate" => {
            let [_, c] = words[..] else { return Err("redesignate CARD (the card declarer meant)".into()) };
            return Ok(Command::Apply(FaceEvent::ChangeOfDesignation { card: card(c)? }));
        }
        "specified" => {
            let usage = "specified SEAT CALL [SUIT...] (suits S H D C; none for no suit)";
            let seat = seat(words.get(1).ok_or(usage)?)?;
            let word = words.get(2).ok_or(usage)?;
            let Some(Spoken::Call(call)) = spoken(word) else { return Err(format!("{word:?} is not a call")) };
            let suits = words[3..].iter().filter(|w| !w.eq_ignore_ascii_case("none")).map(|w| suit(w)).collect::<Result<Vec<_>, _>>()?;
            return Ok(Command::Apply(FaceEvent::SuitsSpecified { seat, call, suits }));
        }
        "adjust" | "award" => {
            let likely = outcomes(&words[1..].join(" "))?;
            let proposal = crate::adjust::propose(table.board(), &likely).map_err(|e| e.to_string())?;
            if verb == "award" {
                return Ok(Command::Apply(FaceEvent::AdjustedScore { outcome: proposal.outcome.label() }));
            }
            return Ok(Command::Print(proposal.text()));
        }
        "ui" => {
            let usage = "ui CALL-NUMBER WHAT (e.g. ui 7 North's long pause before passing)";
            let call: usize = words.get(1).and_then(|w| w.parse().ok()).ok_or(usage)?;
            let source = words[2.min(words.len())..].join(" ");
            if source.is_empty() {
                return Err(format!("say what the information was; {usage}"));
            }
            return Ok(Command::Apply(FaceEvent::UnauthorizedInformation { call, source }));
        }
        "explained" => {
            // explained 3 transfer to hearts / agreement natural
            let usage = "explained CALL-NUMBER EXPLANATION [/ AGREEMENT] (e.g. explained 3 transfer to hearts / natural)";
            let call: usize = words.get(1).and_then(|w| w.parse().ok()).ok_or(usage)?;
            let rest = words[2.min(words.len())..].join(" ");
            let (explanation, agreement) = match rest.split_once('/') {
                Some((e, a)) => (e.trim().to_string(), Some(a.trim().to_string()).filter(|a| !a.is_empty())),
                None => (rest.trim().to_string(), None),
            };
            if explanation.is_empty() {
                return Err(format!("say what the explanation was; {usage}"));
            }
            return Ok(Command::Apply(FaceEvent::Explanation { call, explanation, agreement }));
        }
        "forfeit" => return Ok(Command::Apply(FaceEvent::RightForfeited)),
        "cancel" => return Ok(Command::Apply(FaceEvent::CancelChoice)),
        "warned" => return Ok(Command::Apply(FaceEvent::DummyWarnedWrongHand)),
        "attention" => return Ok(Command::Apply(FaceEvent::DummyDrewAttention)),
        "asked" => {
            let [_, c] = words[..] else { return Err("asked CARD (the correct card declarer substitutes)".into()) };
            return Ok(Command::Apply(FaceEvent::DummyAskedRevoke { card: card(c)? }));
        }
        "unintended" => {
            let [_, s, c] = words[..] else { return Err("unintended SEAT CALL".into()) };
            let Some(Spoken::Call(intended)) = spoken(c) else { return Err(format!("{c:?} is not a call")) };
            return Ok(Command::Apply(FaceEvent::UnintendedCall { seat: seat(s)?, intended }));
        }
        _ => {}
    }
    let [s, what] = words[..] else { return Err(format!("unknown command {line:?}{} (type `help`)", did_you_mean(words[0]))) };
    let seat = seat(s).map_err(|_| format!("{s:?} is neither a command nor a seat (N, E, S or W){} (type `help`)", did_you_mean(s)))?;
    if let Some(call) = spoken(what) {
        return Ok(Command::Apply(FaceEvent::Call { seat, call }));
    }
    let card = card(what).map_err(|_| format!("{what:?} is neither a call nor a card"))?;
    Ok(Command::Apply(FaceEvent::Play { seat, card }))
}

/// The outcomes of `adjust`: `[P%] CONTRACT SEAT`, separated by commas (`60% 4S N, 40% 3NT S`).
fn outcomes(text: &str) -> Result<Vec<crate::adjust::Likely>, String> {
    let usage = "adjust [P%] CONTRACT SEAT, ... (e.g. adjust 60% 4S N, 40% 3NT S)";
    text.split(',')
        .map(|part| {
            let words: Vec<&str> = part.split_whitespace().collect();
            let (percent, rest) = match words.first().and_then(|w| w.strip_suffix('%')) {
                Some(p) => (Some(p.parse::<f64>().map_err(|_| format!("{p:?}% is not a weight; {usage}"))?), &words[1..]),
                None => (None, &words[..]),
            };
            let [contract, declarer] = rest else { return Err(format!("{part:?} is not an outcome; {usage}")) };
            let contract = contract.to_ascii_uppercase().parse().map_err(|_| format!("{contract:?} is not a contract (e.g. 4S, 3NT, 4SX); {usage}"))?;
            Ok(crate::adjust::Likely { contract, declarer: seat(declarer)?, percent })
        })
        .collect()
}

/// The command words, for suggestions.
const VERBS: &[&str] = &[
    "quit",
    "exit",
    "help",
    "show",
    "events",
    "choose",
    "expose",
    "both",
    "correct",
    "claim",
    "agree",
    "dispute",
    "review",
    "defective",
    "unnamed",
    "redesignate",
    "specified",
    "forfeit",
    "cancel",
    "warned",
    "attention",
    "asked",
    "unintended",
];

/// `; did you mean "choose"?` when `word` is within two typing mistakes of a command word.
fn did_you_mean(word: &str) -> String {
    let word = word.to_ascii_lowercase();
    VERBS.iter().map(|v| (edit_distance(&word, v), *v)).filter(|(d, _)| *d <= 2).min().map(|(_, v)| format!("; did you mean `{v}`?")).unwrap_or_default()
}

/// Levenshtein's edit distance (insertions, deletions, substitutions), by the usual dynamic
/// programme over one row.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1).min(row[j] + 1).min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// One line of the terminal session on `table`, as `tenace rule` answers it: `None` for `quit`,
/// blank lines and `#` comments give `Some("")`; otherwise the reply — what [`after`] says of an
/// accepted event, `refused: Law …` (the table unchanged), `error: …` for a line that is not a
/// command, or the text asked for. Shared by `tenace rule` and the Director's transcript tests.
pub fn respond(table: &mut FaceTable, line: &str) -> Option<String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Some(String::new());
    }
    Some(match command(table, line) {
        Ok(Command::Quit) => return None,
        Ok(Command::Print(text)) => text,
        Ok(Command::Apply(event)) => {
            let notes_before = table.notes().len();
            match table.apply(event) {
                Ok(()) => after(table, notes_before),
                Err(e) => format!("refused: {e}"),
            }
        }
        Err(message) => format!("error: {message}"),
    })
}

/// What the Director needs to know after an accepted event: a rectification to explain, or whose
/// turn it is, or the result.
pub fn after(table: &FaceTable, notes_before: usize) -> String {
    let mut out = String::new();
    for note in table.notes().iter().skip(notes_before) {
        out.push_str(&format!("note (Law {}): {}\n", note.law, note.text));
    }
    out.push_str(&status(table));
    out
}

pub fn status(table: &FaceTable) -> String {
    let mut out = String::new();
    if let Some(rect) = table.rectification() {
        out.push_str(&format!("Irregularity: {}\n", rect.irregularity.summary()));
        for (i, o) in rect.options.iter().enumerate() {
            let who = match o.chooser {
                Chooser::Director => "Director".to_string(),
                Chooser::Player(s) => s.name().to_string(),
            };
            out.push_str(&format!("  {}. [{who}, Law {}] {}\n", i + 1, o.law, o.description));
        }
        out.push_str("choose K to apply an option");
        return out;
    }
    for o in table.obligations() {
        out.push_str(&format!("obligation (Law {}): {}\n", o.law(), crate::rectification::describe(&serde_json::to_value(o).unwrap_or_default())));
    }
    for (s, c) in table.penalty_cards() {
        out.push_str(&format!("major penalty card (Law 50): {} {c}\n", s.name()));
    }
    if let Some(result) = table.result() {
        let contract = match result.contract {
            Some(fc) => format!("{} by {}, {} tricks", fc.contract, fc.declarer.name(), result.declarer_tricks),
            None => "passed out".to_string(),
        };
        out.push_str(&format!("Board over: {contract}; North-South score {}", result.score_ns));
        if let Some(play) = table.play() {
            for (revoke, tricks, law) in play.revoke_adjustment() {
                out.push_str(&format!("\nrevoke by {} at trick {}: {tricks} trick(s) transferred (Law {law})", revoke.offender.name(), revoke.trick + 1));
            }
        }
        out.push_str(&scorer(table));
        return out;
    }
    if let Some(seat) = table.to_call() {
        let legal: Vec<String> = table.legal_calls().iter().map(|c| c.to_string()).collect();
        if legal.len() <= 8 {
            out.push_str(&format!("{} to call (may call: {})", seat.name(), legal.join(" ")));
        } else {
            out.push_str(&format!("{} to call", seat.name()));
        }
    } else if let Some(claim) = table.pending_claim() {
        out.push_str(&format!(
            "{} claims {} of the {} remaining tricks; awaiting the opponents' agreement (agree/dispute)",
            claim.claimer.name(),
            claim.tricks,
            claim.remaining
        ));
    } else if let Some(seat) = table.to_play() {
        let legal: Vec<String> = table.legal_cards().iter().map(|c| c.to_string()).collect();
        out.push_str(&format!("{} to play (legal: {})", seat.name(), legal.join(" ")));
    }
    out
}

/// Law 12: what goes to the scorer (the result obtained at the table), and the matters in which
/// the Director must still judge whether to adjust the score.
fn scorer(table: &FaceTable) -> String {
    let hand_off = table.hand_off();
    let mut out = String::new();
    match &hand_off.outcome {
        Some(tenace_events::Outcome::Played(played)) => out.push_str(&format!("\nfor the scorer: {played}")),
        Some(adjusted) => out.push_str(&format!("\nfor the scorer: {} (adjusted score, Law 12C)", adjusted.label())),
        None => {}
    }
    for note in &hand_off.review {
        out.push_str(&format!("\nconsider an adjusted score (Law 12A1, Law {}): {}", note.law, note.text));
    }
    out
}

/// The cards `seat` holds now: as dealt during the auction, what is left of them in the play.
fn held(table: &FaceTable, seat: Seat) -> tenace_core::Hand {
    match table.play() {
        Some(play) => play.remaining(seat),
        None => table.board().deal.hand(seat),
    }
}

/// The written ruling the Director gives the players: the facts (the board, the auction, the
/// play so far or the result, what was recorded), the Laws applied, and the decision (the score
/// for the scorer, and what the Director must still decide). Built from the ruling's events, so
/// it reads the same after a restart.
pub fn ruling_text(table: &FaceTable) -> String {
    let board = table.board();
    let mut out = format!("RULING — board {}, dealer {}, vulnerable: {}\n\nFacts\n", board.number, board.dealer.name(), board.vulnerability);
    for line in auction_and_contract(table) {
        out.push_str(&format!("- {line}\n"));
    }
    if let Some(play) = table.play() {
        out.push_str(&format!("- Tricks played: {}\n", play.completed_tricks()));
    }
    for note in table.notes() {
        out.push_str(&format!("- {} (Law {})\n", note.text, note.law));
    }
    let mut laws: Vec<String> = Vec::new();
    for note in table.notes() {
        let law = note.law.to_string();
        if !laws.contains(&law) {
            laws.push(law);
        }
    }
    out.push_str(&format!("\nLaws\n- {}\n", if laws.is_empty() { "none applied".to_string() } else { laws.join(", ") }));
    let hand_off = table.hand_off();
    out.push_str("\nDecision\n");
    match &hand_off.outcome {
        Some(tenace_events::Outcome::Played(played)) => out.push_str(&format!("- The result obtained at the table stands: {played}.\n")),
        Some(adjusted) => out.push_str(&format!("- Adjusted score (Law 12C): {}.\n", adjusted.label())),
        None => out.push_str("- The board is not over: play continues as ruled above.\n"),
    }
    let decided = matches!(hand_off.outcome, Some(ref o) if o.played().is_none());
    for note in &hand_off.review {
        let how = if decided { "Considered in the adjusted score" } else { "Still for the Director to decide (Law 12A1)" };
        out.push_str(&format!("- {how}: {} (Law {})\n", note.text, note.law));
    }
    out.push_str("\nA player may appeal against this ruling (Law 92); the score is corrected within the correction period (Law 79C).");
    out
}

/// `Auction: N 1H, E Pass, ...` and `Contract: 4S by North`, each when there is one: for the
/// board and the written ruling.
fn auction_and_contract(table: &FaceTable) -> Vec<String> {
    let mut lines = Vec::new();
    if !table.calls().is_empty() {
        let calls: Vec<String> = table.calls().iter().map(|c| format!("{} {}", c.seat.letter(), c.call)).collect();
        lines.push(format!("Auction: {}", calls.join(", ")));
    }
    if let Some(fc) = table.final_contract() {
        lines.push(format!("Contract: {} by {}", fc.contract, fc.declarer.name()));
    }
    lines
}

/// The whole board: hands, auction, tricks, and the status line.
pub fn show(table: &FaceTable) -> String {
    let board = table.board();
    let mut out = format!("Board {}, dealer {}, vulnerable: {}\n", board.number, board.dealer.name(), board.vulnerability);
    for s in Seat::ALL {
        out.push_str(&format!("  {:<6} {}\n", s.name(), held(table, s)));
    }
    for line in auction_and_contract(table) {
        out.push_str(&format!("{line}\n"));
    }
    if let Some(play) = table.play() {
        for (i, t) in play.tricks().iter().enumerate() {
            let cards: Vec<String> = t.cards.iter().enumerate().map(|(k, c)| format!("{} {c}", t.player(k).letter())).collect();
            out.push_str(&format!("Trick {}: {}\n", i + 1, cards.join(", ")));
        }
    }
    out.push_str(&status(table));
    out
}

/// The Director's desk as a web page draws it: the board, the hands as they stand, the auction,
/// the tricks, the rectification with its numbered options, the obligations, and what is awaited.
/// Cards and calls are written as in the command language (`SA`, `1NT`), seats by letter.
#[derive(Clone, Debug, Serialize)]
pub struct Desk {
    pub board: u32,
    pub dealer: char,
    pub vulnerability: String,
    /// Each seat's cards still held (N, E, S, W), highest suit and rank first.
    pub hands: Vec<DeskHand>,
    pub auction: Vec<DeskCall>,
    /// The contract and declarer once the auction has ended (`4S`, `N`).
    pub contract: Option<String>,
    pub declarer: Option<char>,
    /// The tricks played so far, each in the order of play.
    pub tricks: Vec<Vec<DeskCard>>,
    pub to_call: Option<char>,
    pub to_play: Option<char>,
    /// The legal calls of the player to call, or the legal cards of the hand to play.
    pub legal: Vec<String>,
    pub rectification: Option<DeskRectification>,
    /// Obligations, penalty cards and lead restrictions in force, each with its Law.
    pub obligations: Vec<String>,
    /// The board's result once it is over (with any revoke adjustment).
    pub result: Option<String>,
    pub notes: Vec<DeskNote>,
    /// The one-paragraph status the terminal prints (what is awaited).
    pub status: String,
    pub events: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct DeskHand {
    pub seat: char,
    pub cards: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct DeskCall {
    pub seat: char,
    pub call: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct DeskCard {
    pub seat: char,
    pub card: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct DeskRectification {
    pub irregularity: String,
    pub options: Vec<DeskOption>,
}

/// Option `number` (as in `choose number`).
#[derive(Clone, Debug, Serialize)]
pub struct DeskOption {
    pub number: usize,
    pub chooser: String,
    pub law: String,
    pub description: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct DeskNote {
    pub law: String,
    pub text: String,
}

/// The desk for `table`.
pub fn desk(table: &FaceTable) -> Desk {
    let board = table.board();
    let hands = Seat::ALL.into_iter().map(|s| DeskHand { seat: s.letter(), cards: held(table, s).iter().rev().map(|c| c.to_string()).collect() }).collect();
    let rectification = table.rectification().map(|rect| DeskRectification {
        irregularity: rect.irregularity.summary(),
        options: rect
            .options
            .iter()
            .enumerate()
            .map(|(i, o)| DeskOption {
                number: i + 1,
                chooser: match o.chooser {
                    Chooser::Director => "Director".to_string(),
                    Chooser::Player(s) => s.name().to_string(),
                },
                law: o.law.to_string(),
                description: o.description.clone(),
            })
            .collect(),
    });
    let mut obligations: Vec<String> = table
        .obligations()
        .iter()
        .map(|o| format!("Law {}: {}", o.law(), crate::rectification::describe(&serde_json::to_value(o).unwrap_or_default())))
        .collect();
    obligations.extend(table.penalty_cards().iter().map(|(s, c)| format!("Law 50: major penalty card {} {c}", s.name())));
    obligations.extend(table.minor_penalty_cards().iter().map(|(s, c)| format!("Law 50: minor penalty card {} {c}", s.name())));
    obligations
        .extend(table.lead_restrictions().iter().map(|r| format!("Law 26B: {}", crate::rectification::describe(&serde_json::to_value(r).unwrap_or_default()))));
    let legal = if table.to_call().is_some() {
        table.legal_calls().iter().map(|c| c.to_string()).collect()
    } else if table.to_play().is_some() {
        table.legal_cards().iter().rev().map(|c| c.to_string()).collect()
    } else {
        Vec::new()
    };
    let fc = table.final_contract();
    let status = status(table);
    Desk {
        board: board.number.get(),
        dealer: board.dealer.letter(),
        vulnerability: board.vulnerability.to_string(),
        hands,
        auction: table.calls().iter().map(|c| DeskCall { seat: c.seat.letter(), call: c.call.to_string() }).collect(),
        contract: fc.map(|fc| fc.contract.to_string()),
        declarer: fc.map(|fc| fc.declarer.letter()),
        tricks: table
            .play()
            .map(|p| {
                p.tricks()
                    .iter()
                    .map(|t| t.cards.iter().enumerate().map(|(k, c)| DeskCard { seat: t.player(k).letter(), card: c.to_string() }).collect())
                    .collect()
            })
            .unwrap_or_default(),
        to_call: table.to_call().map(|s| s.letter()),
        to_play: table.to_play().map(|s| s.letter()),
        legal,
        rectification,
        obligations,
        result: table.result().map(|_| status.clone()),
        notes: table.notes().iter().map(|n| DeskNote { law: n.law.to_string(), text: n.text.clone() }).collect(),
        status,
        events: table.events().len(),
    }
}
