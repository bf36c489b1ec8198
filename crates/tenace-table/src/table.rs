//! One board at one table: the auction, then the play, claims and the agreed result, as a pure
//! fold over events. `apply` either records an event or refuses it with the Law; a refused event
//! leaves the table exactly as it was.

use serde::{Deserialize, Serialize};
use tenace_core::{Board, Call, Card, Contract, Hand, Seat, Side};

use crate::auction::{Auction, AuctionCall, FinalContract};
use crate::play::Play;
use crate::LawError;

/// Something that happens at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TableEvent {
    /// A call by `seat`, with its own alert and explanation (Law 20F).
    Call {
        seat: Seat,
        call: Call,
        #[serde(default)]
        alert: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        explanation: Option<String>,
    },
    /// A card played from `seat`'s hand (for dummy's hand, declarer plays it: Law 45B).
    Play { seat: Seat, card: Card },
    /// Law 68: `seat` claims that their side will win `tricks` of the remaining tricks (and so
    /// concedes the rest, Law 68B1; a concession of everything is a claim of 0).
    Claim {
        seat: Seat,
        tricks: u8,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        statement: String,
    },
    /// An opponent of the claimer assents (Law 69A).
    AcceptClaim { seat: Seat },
    /// A player doubts the claim (Law 68D2); it stays suspended until play resumes or the Director rules.
    DoubtClaim { seat: Seat },
    /// Law 68D2(b): all four concur to play on; the claim is void.
    ResumePlay,
    /// Law 70: the Director adjudicates a doubted claim: declarer's side's total tricks.
    DirectorRuling { declarer_tricks: u8 },
}

/// A claim or concession awaiting agreement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingClaim {
    pub claimer: Seat,
    pub tricks: u8,
    pub statement: String,
    pub accepted_by: Vec<Seat>,
    pub doubted_by: Vec<Seat>,
}

/// How the tricks came to be agreed (Law 79A).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// Law 22B: four passes; no play.
    PassedOut,
    /// All thirteen tricks played.
    Played,
    /// Law 69: a claim or concession agreed.
    Claim,
    /// Law 70: the Director ruled on a contested claim.
    Ruling,
}

/// The agreed outcome of the board: contract, declarer, tricks and the Law 77 score.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardResult {
    /// `None` when passed out.
    pub contract: Option<FinalContract>,
    /// Tricks won by declarer (0 when passed out).
    pub declarer_tricks: u8,
    pub ending: Ending,
    /// North-South's score (Law 77): positive when North-South score points.
    pub score_ns: i32,
}

impl BoardResult {
    /// Declarer's result relative to the contract: `+1` an overtrick, `-2` two down.
    pub fn relative(&self) -> Option<i32> {
        self.contract.map(|fc| self.declarer_tricks as i32 - fc.contract.tricks_needed() as i32)
    }
}

/// The state of one board at one table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    board: Board,
    auction: Auction,
    play: Option<Play>,
    claim: Option<PendingClaim>,
    result: Option<BoardResult>,
    events: Vec<TableEvent>,
}

impl Table {
    /// A table ready for the auction of `board`. The deal must be complete (Law 6).
    pub fn new(board: Board) -> Result<Table, LawError> {
        board.deal.validate().map_err(|e| LawError::NotADeal(e.to_string().trim_start_matches("Law 6: ").to_string()))?;
        Ok(Table { auction: Auction::new(board.dealer), board, play: None, claim: None, result: None, events: Vec::new() })
    }

    /// Rebuilds a table from its event log, stopping at the first refused event.
    pub fn replay(board: Board, events: impl IntoIterator<Item = TableEvent>) -> Result<Table, LawError> {
        let mut table = Table::new(board)?;
        for e in events {
            table.apply(e)?;
        }
        Ok(table)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn auction(&self) -> &Auction {
        &self.auction
    }

    pub fn play(&self) -> Option<&Play> {
        self.play.as_ref()
    }

    pub fn pending_claim(&self) -> Option<&PendingClaim> {
        self.claim.as_ref()
    }

    pub fn result(&self) -> Option<&BoardResult> {
        self.result.as_ref()
    }

    pub fn events(&self) -> &[TableEvent] {
        &self.events
    }

    /// The contract and declarer once the auction has ended with a bid.
    pub fn final_contract(&self) -> Option<FinalContract> {
        self.auction.final_contract()
    }

    pub fn contract(&self) -> Option<Contract> {
        self.final_contract().map(|f| f.contract)
    }

    pub fn declarer(&self) -> Option<Seat> {
        self.final_contract().map(|f| f.declarer)
    }

    pub fn dummy(&self) -> Option<Seat> {
        self.declarer().map(|d| d.partner())
    }

    /// The hand whose call or card is awaited, `None` when nobody is to act (board over or claim pending).
    pub fn to_act(&self) -> Option<Seat> {
        if self.result.is_some() || self.claim.is_some() {
            return None;
        }
        match &self.play {
            Some(p) => p.to_play(),
            None => self.auction.to_call(),
        }
    }

    /// The player who acts for a hand: declarer for dummy's hand once play has begun (Law 45B).
    pub fn player_for(&self, hand: Seat) -> Seat {
        match (self.play.is_some(), self.dummy()) {
            (true, Some(dummy)) if hand == dummy => dummy.partner(),
            _ => hand,
        }
    }

    /// Calls the player to act may make.
    pub fn legal_calls(&self) -> Vec<Call> {
        if self.result.is_some() {
            return Vec::new();
        }
        self.auction.legal_calls()
    }

    /// Cards the hand to play may play (Law 44C).
    pub fn legal_cards(&self) -> Hand {
        match (&self.play, &self.claim, &self.result) {
            (Some(p), None, None) => p.legal_cards(),
            _ => Hand::EMPTY,
        }
    }

    /// Applies one event, or refuses it naming the Law; a refusal changes nothing.
    pub fn apply(&mut self, event: TableEvent) -> Result<(), LawError> {
        if self.result.is_some() {
            return Err(match (&event, self.play.is_none()) {
                (TableEvent::Call { .. }, _) => LawError::AuctionEnded,
                (_, true) => LawError::PassedOut,
                _ => LawError::BoardOver,
            });
        }
        match &event {
            TableEvent::Call { seat, call, alert, explanation } => {
                if self.play.is_some() {
                    return Err(LawError::AuctionEnded);
                }
                self.auction.make(AuctionCall { seat: *seat, call: *call, alert: *alert, explanation: explanation.clone() })?;
                if self.auction.is_ended() {
                    self.begin_play();
                }
            }
            TableEvent::Play { seat, card } => {
                if self.claim.is_some() {
                    return Err(LawError::ClaimPending);
                }
                let play = self.play.as_mut().ok_or(LawError::AuctionNotEnded)?;
                play.play(*seat, *card)?;
                if play.is_ended() {
                    let tricks = play.tricks_won(play.declarer().side());
                    self.finish(tricks, Ending::Played);
                }
            }
            TableEvent::Claim { seat, tricks, statement } => self.claim(*seat, *tricks, statement)?,
            TableEvent::AcceptClaim { seat } => self.accept_claim(*seat)?,
            TableEvent::DoubtClaim { seat } => self.doubt_claim(*seat)?,
            TableEvent::ResumePlay => {
                let claim = self.claim.as_ref().ok_or(LawError::NoClaim)?;
                if claim.doubted_by.is_empty() {
                    return Err(LawError::ClaimNotDoubted);
                }
                self.claim = None;
            }
            TableEvent::DirectorRuling { declarer_tricks } => {
                let claim = self.claim.as_ref().ok_or(LawError::NoClaim)?;
                if claim.doubted_by.is_empty() {
                    return Err(LawError::ClaimNotDoubted);
                }
                let play = self.play.as_ref().ok_or(LawError::NoClaim)?;
                let won = play.tricks_won(play.declarer().side());
                let max = won + 13 - play.completed_tricks() as u8;
                if !(won..=max).contains(declarer_tricks) {
                    return Err(LawError::RulingOutOfRange { tricks: *declarer_tricks, won, max });
                }
                self.finish(*declarer_tricks, Ending::Ruling);
            }
        }
        self.events.push(event);
        Ok(())
    }

    /// Applies an event on behalf of the player `player` (the person at that seat): a player
    /// makes only their own calls, claims and responses; declarer plays dummy's cards and dummy
    /// plays none (Law 45B). Then as [`Table::apply`].
    pub fn apply_as(&mut self, player: Seat, event: TableEvent) -> Result<(), LawError> {
        let acting_for = match &event {
            TableEvent::Call { seat, .. } | TableEvent::Claim { seat, .. } | TableEvent::AcceptClaim { seat } | TableEvent::DoubtClaim { seat } => *seat,
            TableEvent::Play { seat, .. } => {
                if self.play.is_some() && Some(player) == self.dummy() {
                    return Err(LawError::DummyMayNotPlay { dummy: player });
                }
                if self.player_for(*seat) != player {
                    let expected = self.to_act().unwrap_or(*seat);
                    return Err(LawError::PlayOutOfTurn { seat: player, expected });
                }
                player
            }
            TableEvent::ResumePlay | TableEvent::DirectorRuling { .. } => player,
        };
        if acting_for != player {
            return Err(match &event {
                TableEvent::Call { .. } => LawError::CallOutOfRotation { seat: player, expected: self.to_act().unwrap_or(acting_for) },
                _ => LawError::NotYourAction { player, seat: acting_for },
            });
        }
        self.apply(event)
    }

    /// Removes the last event (an undo the opponents consented to, OKb). Returns it.
    pub fn undo(&mut self) -> Option<TableEvent> {
        let mut events = std::mem::take(&mut self.events);
        let last = events.pop();
        // Replaying a prefix of an accepted log cannot fail.
        let rebuilt = Table::replay(self.board.clone(), events);
        match rebuilt {
            Ok(t) => {
                *self = t;
                last
            }
            Err(_) => None,
        }
    }

    fn begin_play(&mut self) {
        match self.auction.final_contract() {
            Some(fc) => self.play = Some(Play::new(&self.board.deal, fc.declarer, fc.contract.strain().trump())),
            None => self.result = Some(BoardResult { contract: None, declarer_tricks: 0, ending: Ending::PassedOut, score_ns: 0 }),
        }
    }

    fn claim(&mut self, seat: Seat, tricks: u8, statement: &str) -> Result<(), LawError> {
        let play = self.play.as_ref().ok_or(LawError::AuctionNotEnded)?;
        if self.claim.is_some() {
            return Err(LawError::ClaimPending);
        }
        if seat == play.dummy() {
            return Err(LawError::DummyMayNotClaim { seat });
        }
        let remaining = 13 - play.completed_tricks() as u8;
        if tricks > remaining {
            return Err(LawError::ClaimTooMany { claimed: tricks, remaining });
        }
        self.claim = Some(PendingClaim { claimer: seat, tricks, statement: statement.to_string(), accepted_by: Vec::new(), doubted_by: Vec::new() });
        Ok(())
    }

    /// The players whose assent agrees a claim: the claimer's opponents who are not dummy.
    fn claim_acceptors(&self, claimer: Seat) -> Vec<Seat> {
        let dummy = self.dummy();
        [claimer.lho(), claimer.rho()].into_iter().filter(|s| Some(*s) != dummy).collect()
    }

    fn accept_claim(&mut self, seat: Seat) -> Result<(), LawError> {
        let claimer = self.claim.as_ref().ok_or(LawError::NoClaim)?.claimer;
        let acceptors = self.claim_acceptors(claimer);
        if !acceptors.contains(&seat) {
            return Err(LawError::NotAnOpponentOfClaimer { seat });
        }
        let claim = self.claim.as_mut().ok_or(LawError::NoClaim)?;
        if !claim.accepted_by.contains(&seat) {
            claim.accepted_by.push(seat);
        }
        if claim.doubted_by.is_empty() && acceptors.iter().all(|s| claim.accepted_by.contains(s)) {
            let claim = claim.clone();
            let play = self.play.as_ref().ok_or(LawError::NoClaim)?;
            let declarer_side = play.declarer().side();
            let remaining = 13 - play.completed_tricks() as u8;
            let for_declarer = if claim.claimer.side() == declarer_side { claim.tricks } else { remaining - claim.tricks };
            let total = play.tricks_won(declarer_side) + for_declarer;
            self.claim = None;
            self.finish(total, Ending::Claim);
        }
        Ok(())
    }

    fn doubt_claim(&mut self, seat: Seat) -> Result<(), LawError> {
        let claim = self.claim.as_mut().ok_or(LawError::NoClaim)?;
        // Law 68B2: a defender may object to partner's concession; otherwise the claimer's side
        // does not doubt its own claim. Dummy may doubt an opponent's claim (Law 68D2).
        if seat == claim.claimer || (seat == claim.claimer.partner() && claim.tricks != 0) {
            return Err(LawError::CannotDoubtOwnClaim { seat });
        }
        if !claim.doubted_by.contains(&seat) {
            claim.doubted_by.push(seat);
        }
        Ok(())
    }

    fn finish(&mut self, declarer_tricks: u8, ending: Ending) {
        let Some(fc) = self.final_contract() else { return };
        let vulnerable = self.board.vulnerability.is_vulnerable(fc.declarer.side());
        let score = fc.contract.score(declarer_tricks, vulnerable).unwrap_or(0);
        let score_ns = if fc.declarer.side() == Side::NorthSouth { score } else { -score };
        self.result = Some(BoardResult { contract: Some(fc), declarer_tricks, ending, score_ns });
    }
}
