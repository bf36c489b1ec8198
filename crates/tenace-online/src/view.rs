//! What one viewer may see of a room: the security core of online play. Every message a client
//! receives about a table is a [`TableView`] built here for that client's seat (or kibitzer's
//! choice), or a patch between two such views (tenace-server's `patch`), so an unseen card can
//! only reach a client through a bug in this one file.
//!
//! A seat sees: its own hand; dummy's hand once the opening lead is faced (Law 41D); the
//! claimer's hand while a claim of the opponents is pending (Law 68B, shown to the opponents);
//! every played card; its own calls' explanations and the opponents' (never partner's: Law 20F
//! online self-alerting); questions it asked or must answer; public chat and its own private
//! lines. A kibitzer sees as the seat they watch, or all four hands when the table allows it
//! (Law 76B1). Once the board is over, everything about it is public (the hand record).

use serde::{Deserialize, Serialize};
use tenace_core::{Call, Card, Hand, Seat, Suit, Vulnerability};

use crate::room::{Audience, ChatLine, Outcome, Room};

/// Who is looking.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Viewer {
    Seat {
        seat: Seat,
    },
    Kibitzer {
        watching: Option<Seat>,
    },
    /// Sees only what the whole club may see of a board in progress: the auction without
    /// explanations, the played cards and a faced dummy; no hidden hand, no kibitzers' talk.
    /// A person who held a seat during this board and left it watches this way until the board
    /// is over (Law 16: a player may not learn the other hands of a board they are playing).
    Public,
}

/// Another table's result on the same board of the same set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FieldResult {
    pub table: String,
    /// North-South's score; `None` for a skipped board (Average).
    pub score_ns: Option<i32>,
    pub contract: Option<String>,
    pub declarer: Option<Seat>,
    pub tricks: Option<u8>,
    /// The opening lead, when the board was played (results stored before it was kept have none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lead: Option<Card>,
    /// Who played it, North, East, South, West (a person's name or "Robot"); results stored
    /// before names were kept have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<[String; 4]>,
}

impl FieldResult {
    /// This room's result on its current board, as the other tables see it.
    pub fn of(table: &str, outcome: &Outcome) -> FieldResult {
        match outcome {
            Outcome::Skipped => {
                FieldResult { table: table.to_string(), score_ns: None, contract: None, declarer: None, tricks: None, lead: None, players: None }
            }
            Outcome::Played { result } => FieldResult {
                table: table.to_string(),
                score_ns: Some(result.score_ns),
                contract: Some(result.contract.map(|c| c.contract.to_string()).unwrap_or_else(|| "Pass".into())),
                declarer: result.contract.map(|c| c.declarer),
                tricks: result.contract.map(|_| result.declarer_tricks),
                lead: None,
                players: None,
            },
        }
    }

    /// The same result with its opening lead.
    pub fn with_lead(mut self, lead: Option<Card>) -> FieldResult {
        self.lead = lead;
        self
    }

    /// The same result with who played it (North, East, South, West).
    pub fn with_players(mut self, players: [String; 4]) -> FieldResult {
        self.players = Some(players);
        self
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    /// Account name, "Robot", or `None` for an empty seat.
    pub name: Option<String>,
    pub robot: bool,
    /// Cards still held, when this viewer may see them.
    pub cards: Option<Vec<Card>>,
    pub card_count: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CallView {
    pub seat: Seat,
    pub call: Call,
    /// Shown only to those who may see the caller's explanations.
    pub alert: bool,
    pub explanation: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayedCard {
    pub seat: Seat,
    pub card: Card,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrickView {
    pub leader: Seat,
    pub cards: Vec<PlayedCard>,
    pub winner: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClaimView {
    pub claimer: Seat,
    pub tricks: u8,
    pub statement: String,
    /// Opponents whose answer is awaited.
    pub awaiting: Vec<Seat>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RequestView {
    pub by: Seat,
    pub awaiting: Vec<Seat>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct QuestionView {
    pub by: Seat,
    pub call: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// Every result on this board, this table's included.
    pub results: Vec<FieldResult>,
    /// North-South's matchpoint percentage at this table (50 for a skipped board).
    pub mp_percent_ns: f64,
    /// North-South's IMPs per comparison (cross-IMPs / comparisons, PBN `Cross2`).
    pub imps_ns: f64,
    /// Each row's North-South matchpoint percentage and IMPs per comparison, in the order of
    /// `results` (none for a skipped board): every table's standing on the board.
    #[serde(default)]
    pub rows: Vec<Option<(f64, f64)>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResultView {
    /// "4SX", "Pass", or "Skipped".
    pub contract: String,
    pub declarer: Option<Seat>,
    pub tricks: Option<u8>,
    /// North-South's score (Law 77); `None` when skipped.
    pub score_ns: Option<i32>,
    /// "played", "claim", "ruling", "passed_out", "skipped".
    pub ending: String,
    /// A claim that ended the board, checked double-dummy: (claimed, possible).
    pub claim_check: Option<(u8, u8)>,
    pub comparison: Option<Comparison>,
    /// The deal in PBN notation, North first.
    pub deal: String,
    /// Double-dummy tricks and par: filled in by the server once computed (off the table's task).
    #[serde(default)]
    pub hand_record: Option<HandRecord>,
    /// No other result yet, but one is coming (the server's robots are playing the board for
    /// the comparison): set by the server.
    #[serde(default)]
    pub comparison_pending: bool,
}

/// The hand record's analysis of a board: what each declarer makes in each strain
/// double-dummy, and par (`tenace solve --json` has the same shape).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandRecord {
    /// `tricks["N"]["NT"]`: declarer's tricks; seats N, E, S, W; strains NT, S, H, D, C.
    pub tricks: std::collections::BTreeMap<String, std::collections::BTreeMap<String, u8>>,
    pub par_score: i32,
    /// Like `4S-N`, `3NT-NS`, `5DX-EW`.
    pub par_contracts: Vec<String>,
}

/// The double-dummy table and par of `board` (about a second of solver time).
pub fn hand_record(board: &tenace_core::Board) -> Option<HandRecord> {
    use tenace_core::Strain;
    let table = tenace_dds::dd_table(&board.deal).ok()?;
    let par = tenace_dds::par(&table, board.vulnerability, board.dealer);
    let strains = [("NT", Strain::NoTrump), ("S", Strain::Spades), ("H", Strain::Hearts), ("D", Strain::Diamonds), ("C", Strain::Clubs)];
    let tricks = Seat::ALL.iter().map(|&s| (s.letter().to_string(), strains.iter().map(|(n, st)| (n.to_string(), table.get(s, *st))).collect())).collect();
    Some(HandRecord { tricks, par_score: par.score, par_contracts: par.contracts.iter().map(|c| c.to_string()).collect() })
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardSummary {
    pub board: u32,
    pub contract: String,
    pub declarer: Option<Seat>,
    pub tricks: Option<u8>,
    pub score_ns: Option<i32>,
    /// North-South's matchpoint percentage and IMPs per comparison on the board, when other
    /// tables have played it (filled in by the server, which has the field).
    #[serde(default)]
    pub mp_percent_ns: Option<f64>,
    #[serde(default)]
    pub imps_ns: Option<f64>,
}

/// Everything one viewer may know about a room, sent after every change.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableView {
    pub table: String,
    pub name: String,
    pub set_id: String,
    pub viewer: Viewer,
    pub board: u32,
    pub boards: u32,
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    pub seats: Vec<SeatView>,
    /// "auction", "play", "claim", "over".
    pub phase: String,
    pub auction: Vec<CallView>,
    pub contract: Option<String>,
    pub declarer: Option<Seat>,
    /// The hand whose call or card is awaited.
    pub to_act: Option<Seat>,
    /// True when this viewer acts now (for `to_act`, which may be dummy's hand for declarer).
    pub your_turn: bool,
    /// The calls this viewer may make now (empty unless it is their turn to call).
    pub legal_calls: Vec<Call>,
    /// The cards this viewer may play now (empty unless they are to play).
    pub legal_cards: Vec<Card>,
    pub tricks: Vec<TrickView>,
    pub tricks_ns: u8,
    pub tricks_ew: u8,
    pub claim: Option<ClaimView>,
    pub undo: Option<RequestView>,
    pub skip: Option<RequestView>,
    pub questions: Vec<QuestionView>,
    pub chat: Vec<ChatLine>,
    /// What became of the latest requests at the table (claims, undo, skip): everyone's to read.
    pub news: Vec<crate::room::NewsLine>,
    pub result: Option<ResultView>,
    pub history: Vec<BoardSummary>,
    /// The tournament this table belongs to (filled in by the club): its players may call the
    /// Director.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<String>,
}

/// How many chat lines a view carries (the newest).
pub const CHAT_LINES: usize = 50;

impl Room {
    /// May `viewer` see the cards of `hand` now?
    pub fn sees_hand(&self, viewer: Viewer, hand: Seat) -> bool {
        if self.board_over() {
            return true;
        }
        let seat = match viewer {
            Viewer::Kibitzer { .. } if self.options().kibitzers_see_all => return true,
            Viewer::Kibitzer { watching: None } | Viewer::Public => None,
            Viewer::Kibitzer { watching: Some(w) } => Some(w),
            Viewer::Seat { seat } => Some(seat),
        };
        let table = self.table();
        let dummy_faced = table.play().is_some_and(|p| p.opening_lead_made()) && table.dummy() == Some(hand);
        let claim_shown = table.pending_claim().is_some_and(|c| c.claimer == hand && seat.is_some_and(|s| s.side() != hand.side()));
        seat == Some(hand) || dummy_faced || claim_shown
    }

    /// May `viewer` see the alerts and explanations of `caller`'s calls? (Law 20F: the caller's
    /// opponents, never partner.)
    pub fn sees_explanations(&self, viewer: Viewer, caller: Seat) -> bool {
        if self.board_over() {
            return true;
        }
        match viewer {
            Viewer::Kibitzer { .. } if self.options().kibitzers_see_all => true,
            Viewer::Kibitzer { watching: None } | Viewer::Public => false,
            Viewer::Kibitzer { watching: Some(s) } | Viewer::Seat { seat: s } => s == caller || s.side() != caller.side(),
        }
    }

    /// A private line belongs to the two persons who exchanged it: it is shown to a seat only
    /// while the person who sent or received it sits there (a newcomer in the seat reads none
    /// of it). Lines stored before the recipient's name was recorded go by seat.
    fn sees_chat(&self, viewer: Viewer, line: &ChatLine) -> bool {
        match (&line.audience, viewer) {
            (Audience::All, _) => true,
            (Audience::Kibitzers, v) => matches!(v, Viewer::Kibitzer { .. }),
            (Audience::Private { from, to }, Viewer::Seat { seat }) => {
                let here = self.occupant(seat).map(|o| o.display());
                let sender = seat == *from && here.as_deref() == Some(line.from.as_str());
                let receiver = seat == *to && line.to_name.as_ref().is_none_or(|n| here.as_ref() == Some(n));
                sender || receiver
            }
            (Audience::Private { .. }, Viewer::Kibitzer { .. } | Viewer::Public) => false,
        }
    }

    /// The view of this room for `viewer`, with `table_id` and the other tables' results on
    /// this board (`field`, for the comparison shown once the board is over).
    pub fn view(&self, table_id: &str, viewer: Viewer, field: &[FieldResult]) -> TableView {
        let table = self.table();
        let board = table.board();
        let play = table.play();
        let seats = Seat::ALL
            .iter()
            .map(|&s| {
                let held = match play {
                    Some(p) => p.remaining(s),
                    None => board.deal.hand(s),
                };
                let occupant = self.occupant(s);
                SeatView {
                    seat: s,
                    name: occupant.map(|o| o.display()),
                    robot: occupant.is_some_and(|o| o.is_robot()),
                    cards: self.sees_hand(viewer, s).then(|| sorted(held)),
                    card_count: held.len(),
                }
            })
            .collect();
        let auction = table
            .auction()
            .calls()
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let shown = self.sees_explanations(viewer, c.seat);
                let explanation = self.answer(i).map(str::to_string).or_else(|| c.explanation.clone());
                CallView { seat: c.seat, call: c.call, alert: shown && c.alert, explanation: if shown { explanation } else { None } }
            })
            .collect();
        let me = match viewer {
            Viewer::Seat { seat } => Some(seat),
            Viewer::Kibitzer { .. } | Viewer::Public => None,
        };
        let your_turn = me.is_some() && self.player_to_act() == me && self.undo_request().is_none();
        let to_act = if self.board_over() { None } else { table.to_act() };
        let legal_calls = if your_turn && play.is_none() { table.legal_calls() } else { Vec::new() };
        let legal_cards = if your_turn && play.is_some() { sorted(table.legal_cards()) } else { Vec::new() };
        let trump = table.contract().and_then(|c| c.strain().trump());
        let tricks = play
            .map(|p| {
                p.tricks()
                    .iter()
                    .map(|t| TrickView {
                        leader: t.leader,
                        cards: t.cards.iter().enumerate().map(|(i, &card)| PlayedCard { seat: t.player(i), card }).collect(),
                        winner: t.winner(trump),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let claim = table.pending_claim().map(|c| ClaimView {
            claimer: c.claimer,
            tricks: c.tricks,
            statement: c.statement.clone(),
            awaiting: [c.claimer.lho(), c.claimer.rho()].into_iter().filter(|s| Some(*s) != table.dummy() && !c.accepted_by.contains(s)).collect(),
        });
        let questions = self
            .questions()
            .iter()
            .filter(|q| {
                let caller = table.auction().calls().get(q.call).map(|c| c.seat);
                self.board_over() || me == Some(q.by) || (me.is_some() && me == caller)
            })
            .map(|q| QuestionView { by: q.by, call: q.call })
            .collect();
        let chat: Vec<ChatLine> = self.chat().iter().filter(|l| self.sees_chat(viewer, l)).cloned().collect();
        let chat = chat[chat.len().saturating_sub(CHAT_LINES)..].to_vec();
        let phase = if self.board_over() {
            "over"
        } else if table.pending_claim().is_some() {
            "claim"
        } else if play.is_some() {
            "play"
        } else {
            "auction"
        };
        TableView {
            table: table_id.to_string(),
            name: self.options().name.clone(),
            set_id: self.options().set_id(),
            viewer,
            board: self.board_number(),
            boards: self.options().boards,
            dealer: board.dealer,
            vulnerability: board.vulnerability,
            seats,
            phase: phase.to_string(),
            auction,
            contract: table.contract().map(|c| c.to_string()),
            declarer: table.declarer(),
            to_act,
            your_turn: your_turn && to_act.is_some(),
            legal_calls,
            legal_cards,
            tricks,
            tricks_ns: play.map(|p| p.tricks_won(tenace_core::Side::NorthSouth)).unwrap_or(0),
            tricks_ew: play.map(|p| p.tricks_won(tenace_core::Side::EastWest)).unwrap_or(0),
            claim,
            undo: self.undo_request().map(|r| RequestView { by: r.by, awaiting: r.awaiting.clone() }),
            skip: self.skip_request().map(|r| RequestView { by: r.by, awaiting: r.awaiting.clone() }),
            questions,
            chat,
            news: self.news().to_vec(),
            result: self.outcome().map(|o| self.result_view(table_id, &o, field)),
            history: self.finished().iter().map(|f| summary(f.board.number.get(), &f.outcome)).collect(),
            tournament: None,
        }
    }

    fn result_view(&self, table_id: &str, outcome: &Outcome, field: &[FieldResult]) -> ResultView {
        let s = summary(self.board_number(), outcome);
        let ending = ending(outcome);
        let claim_check = match outcome {
            Outcome::Played { result } if result.ending == tenace_table::Ending::Claim => self.current_claim_check(),
            _ => None,
        };
        let mine = self.field_result(table_id).unwrap_or_else(|| FieldResult::of(table_id, outcome));
        let others: Vec<FieldResult> = field.iter().filter(|f| f.table != table_id).cloned().collect();
        let comparison = (!others.is_empty()).then(|| compare(&mine, &others));
        ResultView {
            contract: s.contract,
            declarer: s.declarer,
            tricks: s.tricks,
            score_ns: s.score_ns,
            ending,
            claim_check,
            comparison,
            deal: self.table().board().deal.to_pbn(Seat::North),
            hand_record: None,
            comparison_pending: false,
        }
    }
}

/// How a board ended, as views and replays name it: "played", "claim", "ruling", "passed_out"
/// (tenace-table's `Ending` in its serialized name), or "skipped".
pub(crate) fn ending(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Skipped => "skipped".to_string(),
        Outcome::Played { result } => serde_json::to_value(result.ending).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default(),
    }
}

fn summary(board: u32, outcome: &Outcome) -> BoardSummary {
    let f = FieldResult::of("", outcome);
    BoardSummary {
        board,
        contract: f.contract.unwrap_or_else(|| "Skipped".into()),
        declarer: f.declarer,
        tricks: f.tricks,
        score_ns: f.score_ns,
        mp_percent_ns: None,
        imps_ns: None,
    }
}

/// This table's result against the others: matchpoints over the scored results (a skipped
/// board scores 50%, Law 12C2) and cross-IMPs per comparison (0 when skipped).
pub fn compare(mine: &FieldResult, others: &[FieldResult]) -> Comparison {
    let mut results = vec![mine.clone()];
    results.extend(others.iter().cloned());
    let scored: Vec<i32> = results.iter().filter_map(|r| r.score_ns).collect();
    // Each scored row's matchpoint percentage and cross-IMPs per comparison, by tenace-events.
    let values: Vec<(f64, f64)> = if scored.len() < 2 {
        scored.iter().map(|_| (50.0, 0.0)).collect()
    } else {
        let mp = tenace_events::matchpoints::matchpoints(&scored);
        let entries: Vec<Vec<(f64, i32)>> = scored.iter().map(|&s| vec![(1.0, s)]).collect();
        let imps = tenace_events::imps::cross2(&entries);
        mp.iter().zip(imps).map(|(&m, i)| (tenace_events::matchpoints::percentage(m, scored.len()), i)).collect()
    };
    let mut next = values.iter();
    let rows: Vec<Option<(f64, f64)>> = results.iter().map(|r| r.score_ns.and_then(|_| next.next().copied())).collect();
    // `mine` is the first row; a skipped board scores 50% and 0 IMPs (Law 12C2).
    let (mp_percent_ns, imps_ns) = rows[0].unwrap_or((50.0, 0.0));
    Comparison { results, mp_percent_ns, imps_ns, rows }
}

/// Cards of a hand, spades first, high to low (as a hand is held).
pub fn sorted(hand: Hand) -> Vec<Card> {
    let mut v: Vec<Card> = Vec::with_capacity(hand.len());
    for suit in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs] {
        v.extend(hand.cards_in(suit).iter().rev());
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(table: &str, score: Option<i32>) -> FieldResult {
        FieldResult {
            table: table.into(),
            score_ns: score,
            contract: score.map(|_| "4S".into()),
            declarer: score.map(|_| Seat::South),
            tricks: None,
            lead: None,
            players: None,
        }
    }

    /// Law 78A (matchpoints) and cross-IMPs for every row of a board's comparison, the skipped
    /// row left out; this table's row is the first.
    #[test]
    fn every_row_of_a_comparison_has_its_matchpoints_and_imps() {
        let c = compare(&row("a", Some(420)), &[row("b", Some(-50)), row("c", None), row("d", Some(420))]);
        assert_eq!(c.rows.len(), 4);
        assert_eq!(c.rows[2], None, "a skipped board has no standing");
        let (a, b, d) = (c.rows[0].unwrap(), c.rows[1].unwrap(), c.rows[3].unwrap());
        // 420 beats -50 and ties 420: 3 of 4 matchpoints, 75 %; -50 has none.
        assert_eq!((a.0, b.0, d.0), (75.0, 0.0, 75.0));
        assert!(a.1 > 0.0 && b.1 < 0.0 && (a.1 - d.1).abs() < 1e-9, "{c:?}");
        assert_eq!((c.mp_percent_ns, c.imps_ns), a, "this table's row is the headline");
        // Alone on the board with one other table, a skipped board scores average.
        let skipped = compare(&row("a", None), &[row("b", Some(100))]);
        assert_eq!((skipped.mp_percent_ns, skipped.imps_ns), (50.0, 0.0));
    }
}
