//! The replay of a finished board, as hand viewers show it: the auction with its alerts and
//! explanations, then the play card by card, each card with the double-dummy value of every
//! card its hand could have played ([`tenace_dds::analyse_play`]), so that the cards that cost a
//! trick stand out; and the same board as a PBN or LIN record to take away.
//!
//! Only a board that is over is replayed: everything about it is then public to those who may
//! see the deal at all (who that is, Law 16, the club decides: `tenace-server`'s `sight.rs`).

use serde::Serialize;
use tenace_core::{Board, Card, Seat, Vulnerability};
use tenace_dds::PlayStep;
use tenace_formats::{AuctionEnd, AuctionRecord, GameRecord, PlayEnd, PlayRecord, RecordedCall, RecordedCard, RecordedContract};
use tenace_table::{Ending, Table, TableEvent};

use crate::room::{FinishedBoard, Outcome};
use crate::view::FieldResult;
use crate::OnlineError;

/// A call as the replay shows it: every explanation is public once the board is over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayCall {
    pub seat: Seat,
    pub call: tenace_core::Call,
    pub alert: bool,
    pub explanation: Option<String>,
}

/// The claim (or concession) that ended the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReplayClaim {
    pub seat: Seat,
    /// The tricks the claimer's side claimed of those remaining (Law 68A).
    pub tricks: u8,
    pub statement: String,
}

/// A finished board, ready to step through.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardReplay {
    pub table: String,
    /// The table's name as the lobby shows it.
    pub name: String,
    pub set_id: String,
    pub board: u32,
    pub dealer: Seat,
    pub vulnerability: Vulnerability,
    /// The deal in PBN notation, North first.
    pub deal: String,
    /// Who played it, North, East, South, West, when the club knows.
    pub players: Option<[String; 4]>,
    pub auction: Vec<ReplayCall>,
    /// "4SX", "Pass", or `None` for a board skipped before the auction ended.
    pub contract: Option<String>,
    pub declarer: Option<Seat>,
    /// Declarer's tricks (`None` when passed out or skipped) and North-South's score (Law 77;
    /// `None` when skipped).
    pub tricks: Option<u8>,
    pub score_ns: Option<i32>,
    /// "played", "claim", "ruling", "passed_out", "skipped".
    pub ending: String,
    pub claim: Option<ReplayClaim>,
    /// One step per card played, and one for the position a claim left: every legal card's
    /// value in declarer's final tricks.
    pub play: Vec<PlayStep>,
    #[serde(skip)]
    record: GameRecord,
}

/// Replays `finished`, board of table `table` (named `name`) of the set `set_id`, analysing every
/// card double dummy (about a tenth of a second a board in a release build; run it off any
/// table's task).
pub fn replay(table: &str, name: &str, set_id: &str, finished: &FinishedBoard, players: Option<[String; 4]>) -> Result<BoardReplay, OnlineError> {
    let board = &finished.board;
    let t = Table::replay(board.clone(), finished.events.iter().cloned())?;
    let auction: Vec<ReplayCall> =
        t.auction().calls().iter().map(|c| ReplayCall { seat: c.seat, call: c.call, alert: c.alert, explanation: c.explanation.clone() }).collect();
    let contract = t.final_contract();
    let declarer = t.declarer();
    let cards: Vec<Card> = t.play().map(|p| p.tricks().iter().flat_map(|tr| tr.cards.iter().copied()).collect()).unwrap_or_default();
    let play = match (contract, declarer) {
        (Some(fc), Some(d)) => tenace_dds::analyse_play(&board.deal, fc.contract.strain(), d, &cards).map_err(|e| OnlineError::Replay(e.to_string()))?,
        _ => Vec::new(),
    };
    // The result as the field sees it; a board skipped after its auction keeps its contract.
    let result = FieldResult::of(table, &finished.outcome);
    let claim = match &finished.outcome {
        Outcome::Played { result } if result.ending == Ending::Claim => finished.events.iter().rev().find_map(|e| match e {
            TableEvent::Claim { seat, tricks, statement } => Some(ReplayClaim { seat: *seat, tricks: *tricks, statement: statement.clone() }),
            _ => None,
        }),
        _ => None,
    };
    let mut replay = BoardReplay {
        table: table.to_string(),
        name: name.to_string(),
        set_id: set_id.to_string(),
        board: board.number.get(),
        dealer: board.dealer,
        vulnerability: board.vulnerability,
        deal: board.deal.to_pbn(Seat::North),
        players,
        auction,
        contract: result.contract.or_else(|| contract.map(|fc| fc.contract.to_string())),
        declarer,
        tricks: result.tricks,
        score_ns: result.score_ns,
        ending: crate::view::ending(&finished.outcome),
        claim,
        play,
        record: GameRecord::default(),
    };
    replay.record = game_record(&replay, board, &t);
    Ok(replay)
}

impl BoardReplay {
    /// The board as a record for PBN or LIN (`tenace_formats::Format::write`).
    pub fn record(&self) -> &GameRecord {
        &self.record
    }
}

/// The record of the board: players, auction (explanations become PBN notes, LIN `an`), the
/// play in PBN columns from the opening leader, the result, and the claim that ended it.
fn game_record(r: &BoardReplay, board: &Board, t: &Table) -> GameRecord {
    let mut g = GameRecord::from_board(board);
    g.event = Some(r.name.clone());
    g.site = Some("Tenace".to_string());
    if let Some(players) = &r.players {
        for seat in Seat::ALL {
            g.players.set(seat, Some(players[seat.index()].clone()));
        }
    }
    let mut auction = AuctionRecord::new(board.dealer);
    auction.calls = r.auction.iter().map(|c| RecordedCall { alert: c.alert, explanation: c.explanation.clone(), ..RecordedCall::new(c.call) }).collect();
    auction.end = if t.auction().is_ended() { AuctionEnd::None } else { AuctionEnd::Stop };
    g.auction = Some(auction);
    let result = t.result();
    g.declarer = r.declarer;
    g.contract = match (result, t.final_contract()) {
        (Some(res), _) => Some(res.contract.map_or(RecordedContract::PassedOut, |fc| RecordedContract::Contract(fc.contract))),
        (None, Some(fc)) => Some(RecordedContract::Contract(fc.contract)),
        (None, None) => None,
    };
    g.result = result.filter(|res| res.contract.is_some()).map(|res| res.declarer_tricks);
    if let Some(play) = t.play() {
        let leader = play.tricks().first().map_or(play.declarer().after(1), |tr| tr.leader);
        let mut record = PlayRecord::new(leader);
        for trick in play.tricks() {
            let mut row: [RecordedCard; 4] = Default::default();
            for (k, card) in trick.cards.iter().enumerate() {
                let seat = trick.leader.after(k);
                row[(seat.index() + 4 - leader.index()) % 4] = RecordedCard::new(*card);
            }
            record.tricks.push(row);
        }
        let complete = record.known_cards() == 52;
        if !complete {
            record.end = PlayEnd::Stop;
        }
        if result.is_some_and(|res| matches!(res.ending, Ending::Claim | Ending::Ruling)) {
            g.claim = g.result;
        }
        g.play = Some(record);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::{Action, Actor, Occupant, Room, RoomEvent, RoomOptions};
    use tenace_formats::Format;

    /// Board 1 of a seeded set played by four robots (a claim may end it).
    fn robots_board(seed: u64) -> (Room, FinishedBoard) {
        let options = RoomOptions { name: "t".into(), set_seed: seed, boards: 2, kibitzers_see_all: false, first: 1 };
        let mut room = Room::new(options);
        for seat in Seat::ALL {
            room.apply(&RoomEvent::Sat { seat, occupant: Occupant::Robot }).expect("a free seat");
        }
        for _ in 0..300 {
            if room.board_over() {
                break;
            }
            let (seat, action) = room.robot_action(1.0).expect("a robot acts");
            room.act(&Actor { name: "Robot".into(), seat: Some(seat) }, action).expect("a robot's action is legal");
        }
        room.act(&Actor { name: "Robot".into(), seat: Some(Seat::North) }, Action::NextBoard).expect("next board");
        let finished = FinishedBoard::clone(&room.finished()[0]);
        (room, finished)
    }

    #[test]
    fn a_replay_steps_through_every_card_and_exports_the_same_board() {
        for seed in [3, 8] {
            let (_, finished) = robots_board(seed);
            let r = replay("t1", "Robots", "set", &finished, Some(["Ann".into(), "Bob".into(), "Cy".into(), "Di".into()])).expect("replays");
            let t = Table::replay(finished.board.clone(), finished.events.clone()).expect("stored events replay");
            let played = t.play().map_or(0, |p| p.tricks().iter().map(|tr| tr.cards.len()).sum::<usize>());
            if r.contract.as_deref() == Some("Pass") {
                assert!(r.play.is_empty());
                continue;
            }
            assert_eq!(r.play.iter().filter(|s| s.played.is_some()).count(), played);
            assert_eq!(r.play.len(), played + usize::from(played < 52), "a step per card, and the position a claim left");
            // Each step's cards are the hand's legal cards, and the card played is one of them.
            for s in &r.play {
                if let Some(card) = s.played {
                    assert!(s.cost(card).is_some(), "{card} is a legal card of {:?}", s.to_play);
                }
            }
            for format in [Format::Pbn, Format::Lin] {
                let text = format.write(std::slice::from_ref(r.record()));
                let back = format.parse(&text).expect("Tenace reads what it writes");
                let g = &back[0];
                assert_eq!(g.deal, Some(finished.board.deal), "{format:?}");
                assert_eq!(g.declarer, r.declarer, "{format:?}");
                assert_eq!(g.final_contract().map(|c| c.to_string()), r.contract.clone(), "{format:?}");
                assert_eq!(g.players.get(Seat::East), Some("Bob"), "{format:?}");
                let trump = g.contract.and_then(RecordedContract::trump);
                let cards: Vec<Card> = g.play.as_ref().map(|p| p.in_order(trump).into_iter().filter_map(|(_, c)| c.card).collect()).unwrap_or_default();
                assert_eq!(cards.len(), played, "{format:?}: every card in the order played");
                assert_eq!(g.auction.as_ref().map(|a| a.final_calls().len()), Some(r.auction.len()), "{format:?}");
            }
        }
    }

    #[test]
    fn a_skipped_board_replays_what_was_played() {
        let options = RoomOptions { name: "t".into(), set_seed: 5, boards: 2, kibitzers_see_all: false, first: 1 };
        let board = options.board(1);
        let finished = FinishedBoard { board, events: Vec::new(), outcome: Outcome::Skipped, claim_check: None };
        let r = replay("t", "n", "s", &finished, None).expect("replays");
        assert_eq!(r.ending, "skipped");
        assert!(r.play.is_empty() && r.auction.is_empty() && r.contract.is_none());
        let text = Format::Pbn.write(std::slice::from_ref(r.record()));
        assert!(Format::Pbn.parse(&text).is_ok(), "{text}");
    }
}
