//! One board at a face-to-face table, as a pure fold over events: irregular calls are recorded
//! and open a [`Rectification`]; the right chooser picks an option; the choice is applied and the
//! resulting obligations are enforced for the rest of the auction and play.

use crate::law::Law;
use tenace_core::{Board, Call, Card, Hand, Seat, Side, Suit};
use tenace_table::{BoardResult, Ending, FinalContract, LawError};

use crate::play::FacePlay as Play;

mod after_revoke;
mod claims;
mod defective;
mod dummy;
mod misinformation;
mod premature;
mod statements;
mod unauthorized;

use crate::auction::{self, MadeCall};
use crate::error::DirectorError;
use crate::rectification::*;

/// A follow-up the engine waits for: a call whose nature decides the rectification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// Law 27B: the offender must correct the withdrawn insufficient bid; after 27B3/27B4 only a
    /// sufficient bid or a pass (`bid_or_pass`).
    InsufficientCorrection { offender: Seat, withdrawn: tenace_core::Bid, bid_or_pass: bool },
    /// Laws 31A, 32A: what the offender's RHO calls decides (pass: repeat; otherwise: any call).
    AwaitRho { offender: Seat, withdrawn: Call, law: Law },
    /// The offender's next call replaces a cancelled call; the Director judges it (Law 23A).
    Replacement { offender: Seat, withdrawn: Call, law: Law },
}

/// Law 62C: the cards played after a revoke that was corrected, taken back and waiting, in
/// rotation, for each player's decision to keep or withdraw his.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AfterRevoke {
    pub revoker: Seat,
    /// The cards played after the revoke, in order (player, card).
    pub cards: Vec<(Seat, Card)>,
    /// 62C2: a non-offender has withdrawn his card, so the offending side's next card may be too.
    pub non_offender_withdrew: bool,
    /// The player who withdrew his card and must play again before the next decision.
    pub waiting: Option<Seat>,
    /// Law 45C4(b): opponents' cards that were not legal plays before the change of
    /// designation; they may not be withdrawn.
    pub stand: Vec<(Seat, Card)>,
    /// `"58B3"` when the cards follow a card changed under Law 58B (via 67A2): only the
    /// offender's opponents may withdraw theirs; otherwise Law 62C.
    pub law: Law,
    /// Law 62C3: the other side's revoke card on the same trick, to be withdrawn and corrected.
    pub correct: Option<(Seat, Card)>,
}

/// What the auction has left owed (Laws 16C, 23-32, 24): the obligations on calls, the follow-ups
/// the engine waits for, the statements of specified suits and the cards exposed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct AuctionObligations {
    /// Pass at the next turn, pass throughout, repeat the call (Laws 23, 25-32).
    obligations: Vec<Obligation>,
    /// Calls the engine waits for to decide a rectification.
    pending: Vec<Pending>,
    /// One-turn obligations and the index of the call that fulfilled them (restored if Law 25A
    /// replaces that call).
    fulfilled: Vec<(usize, Obligation)>,
    /// Laws 26B, 29C: the Director's statements of the suits a call of the legal auction
    /// specified (index in `calls`, the seat and call there, the suits).
    specified: Vec<(usize, Seat, Call, Vec<Suit>)>,
    /// Law 24: cards exposed during the auction (player, card, whether a premature lead), face up
    /// until the auction ends.
    exposed: Vec<(Seat, Card, bool)>,
}

/// What the play owes (Laws 26B, 50-52, 54-57, 60B): lead restrictions, penalty cards and
/// declarer's choices about them, and premature plays that stand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct PlayObligations {
    /// Law 26B lead restrictions and the Law 50D2/51B requirements on a lead.
    restrictions: Vec<LeadRestriction>,
    /// Major penalty cards (Law 50) still held: the player and the card.
    penalty_cards: Vec<(Seat, Card)>,
    /// Minor penalty cards (Law 50B/50C) still held: the player and the card.
    minor_penalty_cards: Vec<(Seat, Card)>,
    /// Law 50D2: the trick for which declarer has chosen, and a lead he required (leader, suit).
    penalty_decided: Option<usize>,
    required_lead: Option<(Seat, Suit)>,
    /// Law 51A: the penalty card declarer designated (holder, card, trick index).
    designated: Option<(Seat, Card, usize)>,
    /// Law 57A: declarer's option for the offender's partner's play to the trick (seat, option,
    /// trick index).
    play_restriction: Option<(Seat, Choice, usize)>,
    /// Law 57C1: a premature card that stands unrectified (seat, card, led to the next trick).
    committed: Option<(Seat, Card, bool)>,
    /// The Law under which the committed card stands (57C1 when absent; 57C3, 57D).
    committed_law: Option<Law>,
    /// Law 60B: the trick at which declarer was required to retract a lead from the wrong hand
    /// (55B2) and has still to lead from the correct one.
    declarer_retracted: Option<usize>,
}

/// What awaits a decision before the board goes on: the rectification the Director has explained,
/// the Law 62C decisions after a corrected revoke, a claim (Laws 68-71).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Awaiting {
    rectification: Option<Rectification>,
    /// Law 62C: cards played after a corrected revoke, awaiting their players' decisions.
    after_revoke: Option<AfterRevoke>,
    /// Law 68: a claim awaiting the opponents' agreement (play has ceased, 68D1).
    claim: Option<ClaimMade>,
    /// An agreed claim, kept for a review under Law 69B or 71 (once).
    agreed_claim: Option<ClaimMade>,
}

/// The state of one board at a face-to-face table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaceTable {
    board: Board,
    calls: Vec<MadeCall>,
    /// What the auction left owed: obligations, follow-ups, cards exposed.
    auction: AuctionObligations,
    play: Option<Play>,
    /// Law 54A: declarer spread his hand after a faced opening lead out of turn; this is the new
    /// declarer (the presumed dummy).
    declarer_override: Option<Seat>,
    /// What the play owes: lead restrictions, penalty cards, declarer's options.
    play_duties: PlayObligations,
    /// What awaits a decision: a rectification, Law 62C decisions, a claim.
    awaiting: Awaiting,
    result: Option<BoardResult>,
    /// Law 12C: the Director's adjusted score, as the scorer writes it (checked when awarded).
    pub(crate) adjusted: Option<String>,
    notes: Vec<Note>,
    events: Vec<FaceEvent>,
}

fn suit_word(s: Suit) -> &'static str {
    ["clubs", "diamonds", "hearts", "spades"][s.index()]
}

/// Law 47E1: the Director's finding that an opponent told the player it was his turn to lead:
/// the lead is retracted without rectification (and may not be accepted).
fn misinformed(seat: Seat, card: Card) -> RectOption {
    option(
        Chooser::Director,
        Choice::NoRectification,
        Law::new("47E1"),
        format!("An opponent mistakenly told {seat:?} it was his lead: the {card} is retracted without rectification (Law 16C)."),
    )
}

/// Law 61A (second part), 64B3: a penalty card that had to be played (Law 50D1, 51A; 50C for a
/// minor penalty card, before a lower card of its suit) and was not, the other card being
/// accepted under Law 52B1.
fn penalty_requirement(card: Card, minor: bool) -> crate::play::Requirement {
    crate::play::Requirement::Card { card, law: Law::new(if minor { "50C" } else { "50D1" }) }
}

fn option(chooser: Chooser, choice: Choice, law: Law, description: impl Into<String>) -> RectOption {
    RectOption { chooser, choice, law, description: description.into() }
}

impl FaceTable {
    /// A table ready for the auction of `board`; the deal must be complete (Law 6).
    pub fn new(board: Board) -> Result<FaceTable, DirectorError> {
        board.deal.validate().map_err(|e| LawError::NotADeal(e.to_string().trim_start_matches("Law 6: ").to_string()))?;
        Ok(FaceTable {
            board,
            calls: Vec::new(),
            auction: AuctionObligations::default(),
            play_duties: PlayObligations::default(),
            awaiting: Awaiting::default(),
            play: None,
            declarer_override: None,
            result: None,
            adjusted: None,
            notes: Vec::new(),
            events: Vec::new(),
        })
    }

    /// Rebuilds a table from its event log, stopping at the first refused event.
    pub fn replay(board: Board, events: impl IntoIterator<Item = FaceEvent>) -> Result<FaceTable, DirectorError> {
        let mut t = FaceTable::new(board)?;
        for e in events {
            t.apply(e)?;
        }
        Ok(t)
    }

    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The legal auction: the calls that stand.
    pub fn calls(&self) -> &[MadeCall] {
        &self.calls
    }
    pub fn obligations(&self) -> &[Obligation] {
        &self.auction.obligations
    }
    pub fn pending(&self) -> &[Pending] {
        &self.auction.pending
    }
    pub fn lead_restrictions(&self) -> &[LeadRestriction] {
        &self.play_duties.restrictions
    }
    pub fn rectification(&self) -> Option<&Rectification> {
        self.awaiting.rectification.as_ref()
    }
    pub fn play(&self) -> Option<&Play> {
        self.play.as_ref()
    }
    pub fn result(&self) -> Option<&BoardResult> {
        self.result.as_ref()
    }
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }
    pub fn events(&self) -> &[FaceEvent] {
        &self.events
    }
    /// The contract and its declarer (after Law 54A, the presumed dummy).
    pub fn final_contract(&self) -> Option<FinalContract> {
        let mut fc = auction::final_contract(&self.calls)?;
        if let Some(d) = self.declarer_override {
            fc.declarer = d;
        }
        Some(fc)
    }

    /// Major penalty cards on the table (Law 50): the player and the card.
    pub fn penalty_cards(&self) -> &[(Seat, Card)] {
        &self.play_duties.penalty_cards
    }

    /// Cards exposed during the auction (Law 24): player, card, whether prematurely led.
    pub fn exposed_cards(&self) -> &[(Seat, Card, bool)] {
        &self.auction.exposed
    }

    /// Whose call is awaited, `None` outside the auction or while a rectification is pending.
    pub fn to_call(&self) -> Option<Seat> {
        if self.awaiting.rectification.is_some() || self.play.is_some() || self.result.is_some() {
            return None;
        }
        auction::to_call(self.board.dealer, &self.calls)
    }

    /// Whose hand plays next, `None` outside the play or while a rectification or a claim is
    /// pending.
    pub fn to_play(&self) -> Option<Seat> {
        if self.awaiting.rectification.is_some() || self.result.is_some() || self.awaiting.claim.is_some() {
            return None;
        }
        self.play.as_ref().and_then(|p| p.to_play())
    }

    /// Whether `seat` may make `call` now, with the obligations of earlier rectifications;
    /// a refusal names the Law.
    pub fn check_call(&self, seat: Seat, call: Call) -> Result<(), DirectorError> {
        if let Some(r) = &self.awaiting.rectification {
            return Err(DirectorError::RectificationPending { pending: r.irregularity.summary() });
        }
        if self.result.is_some() || self.play.is_some() {
            return Err(LawError::AuctionEnded.into());
        }
        let expected = auction::to_call(self.board.dealer, &self.calls).ok_or(LawError::AuctionEnded)?;
        if seat != expected {
            return Err(LawError::CallOutOfRotation { seat, expected }.into());
        }
        for o in self.auction.obligations.iter().filter(|o| o.seat() == seat) {
            match o {
                Obligation::PassAtNextTurn { law, .. } | Obligation::PassThroughout { law, .. } if call != Call::Pass => {
                    return Err(DirectorError::MustPass { seat, law: *law });
                }
                // A duty to pass prevails over a duty to repeat a bid, double or redouble.
                Obligation::RepeatCall { call: repeat, law, .. }
                    if call != *repeat
                        && auction::check_admissible(&self.calls, seat, *repeat).is_ok()
                        && (*repeat == Call::Pass || self.must_pass(seat).is_none()) =>
                {
                    return Err(DirectorError::MustRepeat { seat, call: *repeat, law: *law });
                }
                _ => {}
            }
        }
        let correcting =
            self.auction.pending.iter().any(|p| matches!(p, Pending::InsufficientCorrection { offender, bid_or_pass: true, .. } if *offender == seat));
        if correcting && matches!(call, Call::Double | Call::Redouble) {
            return Err(DirectorError::CorrectionMustBeBidOrPass { seat });
        }
        auction::check_admissible(&self.calls, seat, call)?;
        Ok(())
    }

    /// Every call the player to call may make, obligations included.
    pub fn legal_calls(&self) -> Vec<Call> {
        let Some(seat) = self.to_call() else { return Vec::new() };
        auction::all_calls().filter(|c| self.check_call(seat, *c).is_ok()).collect()
    }

    /// Whether the hand `seat` may play `card` now, with any Law 26B prohibition.
    pub fn check_card(&self, seat: Seat, card: Card) -> Result<(), DirectorError> {
        // Law 57C1: a premature card that stands is the only card.
        if let Some(committed) = self.committed_card(seat) {
            if card != committed {
                let law = self.play_duties.committed_law.unwrap_or_else(|| Law::new("57C1"));
                return Err(DirectorError::MustPlayCommitted { seat, card: committed, law });
            }
            // The ruling (57C1, 57C3, 57D) fixes the card: other duties wait (cf. 60A3).
            if self.result.is_some() {
                return Err(DirectorError::BoardOver);
            }
            self.claim_error()?;
            self.pending_error()?;
            let play = self.play.as_ref().ok_or(LawError::AuctionNotEnded)?;
            play.check_physical(seat, card)?;
            return Ok(());
        }
        self.check_card_other_than_57a(seat, card)?;
        // Law 57A, unless the player is unable to comply with declarer's option (57B, 59): then
        // any otherwise legal card.
        if let Err(e) = self.restriction_check(seat, card) {
            let legal = self.play.as_ref().map_or(Hand::EMPTY, |p| p.legal_cards());
            let able = legal.iter().any(|c| self.check_card_other_than_57a(seat, c).is_ok() && self.restriction_check(seat, c).is_ok());
            if able {
                return Err(e);
            }
        }
        Ok(())
    }

    fn check_card_other_than_57a(&self, seat: Seat, card: Card) -> Result<(), DirectorError> {
        if self.result.is_some() {
            return Err(DirectorError::BoardOver);
        }
        self.claim_error()?;
        if let Some(r) = &self.awaiting.rectification {
            return Err(DirectorError::RectificationPending { pending: r.irregularity.summary() });
        }
        let play = self.play.as_ref().ok_or(LawError::AuctionNotEnded)?;
        play.check(seat, card)?;
        // Law 50D2(a): a lead declarer required (it prevails over an earlier prohibition).
        let leading = play.current_trick().is_some_and(|t| t.cards.is_empty());
        let required = self
            .play_duties
            .required_lead
            .filter(|(leader, suit)| *leader == seat && leading && play.remaining(seat).suit_len(*suit) > 0)
            .map(|(_, suit)| suit);
        if let Some(suit) = required {
            if card.suit() != suit {
                return Err(DirectorError::LeadRequired { seat, suit });
            }
        }
        // Laws 26B, 50D2(a), 51B: the suits prohibited, unless he holds nothing else (59).
        let mut prohibited = self.prohibited_suits(play, seat);
        let hand = play.remaining(seat);
        if required.is_some() || hand.iter().all(|c| prohibited.contains(&c.suit())) {
            prohibited.clear();
        }
        if prohibited.contains(&card.suit()) {
            return Err(DirectorError::LeadProhibited { seat, suit: card.suit(), card });
        }
        // Law 50D1 (51 for several: the offender picks which): a penalty card that may be played
        // must be.
        let legal = play.legal_cards();
        let due: Vec<Card> = self
            .play_duties
            .penalty_cards
            .iter()
            .filter(|(s, c)| {
                *s == seat
                    && legal.contains(*c)
                    && !prohibited.contains(&c.suit())
                    && match required {
                        Some(r) => c.suit() == r,
                        None => true,
                    }
            })
            .map(|(_, c)| *c)
            .collect();
        if !due.is_empty() && !due.contains(&card) {
            return Err(DirectorError::PenaltyCardMustBePlayed { seat, card: due[0] });
        }
        // Law 51A: the penalty card declarer designated.
        if let Some((s, designated, t)) = self.play_duties.designated {
            // (Unless a later 26B prohibition or 50D2 requirement rules the designated card out.)
            let playable = legal.contains(designated) && !prohibited.contains(&designated.suit()) && required.is_none_or(|r| designated.suit() == r);
            if s == seat && t == play.tricks().len() - 1 && designated != card && playable {
                return Err(DirectorError::DesignatedPenaltyCard { seat, card: designated });
            }
        }
        // Law 50C: no other card of a minor penalty card's suit below an honour until it is played
        // (a penalty card itself excepted: a major one, which 50D1 requires, or another minor one).
        let major = self.play_duties.penalty_cards.contains(&(seat, card)) || self.play_duties.minor_penalty_cards.contains(&(seat, card));
        if let Some((_, minor)) = self
            .play_duties
            .minor_penalty_cards
            .iter()
            .find(|(s, c)| *s == seat && *c != card && c.suit() == card.suit() && card.rank() < tenace_core::Rank::Ten && !major)
        {
            return Err(DirectorError::MinorPenaltyCard { seat, card: *minor });
        }
        Ok(())
    }

    /// Minor penalty cards on the table (Law 50C): the player and the card.
    pub fn minor_penalty_cards(&self) -> &[(Seat, Card)] {
        &self.play_duties.minor_penalty_cards
    }

    /// The cards the hand to play may play (Law 44C), less a suit prohibited under Law 26B (unless
    /// the leader holds nothing else).
    pub fn legal_cards(&self) -> Hand {
        let Some(seat) = self.to_play() else { return Hand::EMPTY };
        let Some(play) = &self.play else { return Hand::EMPTY };
        if let Some(card) = self.committed_card(seat) {
            // Law 57C1: the card stands even if it fails to follow suit (a revoke, 61A).
            return Hand::EMPTY.with(card);
        }
        play.legal_cards().iter().filter(|c| self.check_card(seat, *c).is_ok()).collect()
    }

    /// Law 61A, second part: the requirement `seat` is able to comply with and that the refusal
    /// `e` of [`Self::check_card`] says he broke.
    fn broken_requirement(&self, seat: Seat, e: &DirectorError) -> Option<crate::play::Requirement> {
        use crate::play::Requirement;
        match e {
            DirectorError::LeadRequired { suit, .. } => Some(Requirement::Lead { suit: *suit, law: Law::new("50D2(a)") }),
            DirectorError::LeadProhibited { suit, .. } => {
                let restriction = self.play_duties.restrictions.iter().find(|r| r.offender.partner() == seat && r.state == RestrictionState::Prohibited(*suit));
                let law = match restriction {
                    Some(r) if r.law.is_within(Law::new("50D2")) || r.law.is_within(Law::new("51B")) => r.law,
                    _ => Law::new("26B"),
                };
                Some(Requirement::NoLead { suit: *suit, law })
            }
            DirectorError::MustComply { .. } => self.required_57a(seat),
            _ => None,
        }
    }

    /// The suits `seat` may not lead now (Laws 26B, 50D2(a); 51B2(b): one or more).
    fn prohibited_suits(&self, play: &Play, seat: Seat) -> Vec<Suit> {
        let Some(trick) = play.current_trick() else { return Vec::new() };
        if !trick.cards.is_empty() || trick.leader != seat {
            return Vec::new();
        }
        self.play_duties
            .restrictions
            .iter()
            .filter_map(|r| match r.state {
                RestrictionState::Prohibited(s) if r.offender.partner() == seat => Some(s),
                _ => None,
            })
            .collect()
    }

    /// Applies one event, or refuses it naming the Law; a refusal changes nothing.
    pub fn apply(&mut self, event: FaceEvent) -> Result<(), DirectorError> {
        let mut next = self.clone();
        match &event {
            FaceEvent::Call { seat, call } => next.on_call(*seat, *call)?,
            FaceEvent::Play { seat, card } => next.on_play(*seat, *card)?,
            FaceEvent::Choose { by, choice } => next.on_choose(*by, *choice)?,
            FaceEvent::UnintendedCall { seat, intended } => next.on_unintended(*seat, *intended)?,
            FaceEvent::CorrectRevoke { seat, card } => next.on_correct_revoke(*seat, *card)?,
            FaceEvent::SimultaneousCards { seat, visible } => next.on_simultaneous(*seat, visible)?,
            FaceEvent::ExposedInPlay { seat, cards, deliberate } => next.on_exposed_in_play(*seat, cards, *deliberate)?,
            FaceEvent::CardsExposed { seat, cards, prematurely_led } => next.on_cards_exposed(*seat, cards, *prematurely_led)?,
            FaceEvent::Claim { seat, tricks, statement, order, mentions_trumps } => next.on_claim(*seat, *tricks, statement, order, *mentions_trumps)?,
            FaceEvent::AnswerClaim { seat, agree } => next.on_answer_claim(*seat, *agree)?,
            FaceEvent::ReviewClaim { seat } => next.on_review_claim(*seat)?,
            FaceEvent::DefectiveTrick { trick, seat, extra } => next.on_defective_trick(*trick, *seat, extra)?,
            FaceEvent::DummyCardNotNamed { named } => next.on_dummy_card_not_named(*named)?,
            FaceEvent::ChangeOfDesignation { card } => next.on_change_of_designation(*card)?,
            FaceEvent::SuitsSpecified { seat, call, suits } => next.on_suits_specified(*seat, *call, suits)?,
            FaceEvent::RightForfeited => next.on_right_forfeited()?,
            FaceEvent::AdjustedScore { outcome } => next.on_adjusted_score(outcome)?,
            FaceEvent::UnauthorizedInformation { call, source } => next.on_unauthorized(*call, source)?,
            FaceEvent::Explanation { call, explanation, agreement } => next.on_misinformation(*call, explanation, agreement.as_deref())?,
            FaceEvent::CancelChoice => next.on_cancel_choice()?,
            FaceEvent::DummyWarnedWrongHand => next.on_dummy_warned_wrong_hand()?,
            FaceEvent::DummyAskedRevoke { card } => next.on_dummy_asked_revoke(*card)?,
            FaceEvent::DummyDrewAttention => next.on_dummy_drew_attention()?,
        }
        next.tidy();
        next.settle();
        next.events.push(event);
        *self = next;
        Ok(())
    }

    /// Cards a ruling took out of a hand (Law 67 placed them in a trick) are no longer penalty,
    /// committed or designated cards.
    fn tidy(&mut self) {
        let Some(play) = &self.play else { return };
        let held = |s: Seat, c: Card| play.remaining(s).contains(c);
        self.play_duties.penalty_cards.retain(|(s, c)| held(*s, *c));
        self.play_duties.minor_penalty_cards.retain(|(s, c)| held(*s, *c));
        if self.play_duties.committed.is_some_and(|(s, c, _)| !held(s, c)) {
            self.play_duties.committed = None;
            self.play_duties.committed_law = None;
        }
        if self.play_duties.designated.is_some_and(|(s, c, _)| !held(s, c)) {
            self.play_duties.designated = None;
        }
    }

    fn pending_error(&self) -> Result<(), DirectorError> {
        match &self.awaiting.rectification {
            Some(r) => Err(DirectorError::RectificationPending { pending: r.irregularity.summary() }),
            None => Ok(()),
        }
    }

    fn must_pass(&self, seat: Seat) -> Option<Law> {
        self.auction.obligations.iter().find_map(|o| match o {
            Obligation::PassAtNextTurn { seat: s, law } | Obligation::PassThroughout { seat: s, law } if *s == seat => Some(*law),
            _ => None,
        })
    }

    pub(crate) fn note(&mut self, law: Law, text: impl Into<String>) {
        self.notes.push(Note { law, text: text.into() });
    }

    fn open(&mut self, irregularity: Irregularity, options: Vec<RectOption>) {
        self.awaiting.rectification = Some(Rectification { irregularity, options });
    }

    fn add_restriction(&mut self, offender: Seat, law: Law) {
        if !self.play_duties.restrictions.iter().any(|r| r.offender == offender && r.state == RestrictionState::Waiting) {
            self.play_duties.restrictions.push(LeadRestriction { offender, law, state: RestrictionState::Waiting });
        }
    }

    fn add_obligation(&mut self, o: Obligation) {
        if !self.auction.obligations.contains(&o) {
            self.auction.obligations.push(o);
        }
    }

    // ---- calls ----------------------------------------------------------------------------

    fn on_call(&mut self, seat: Seat, spoken: Spoken) -> Result<(), DirectorError> {
        self.claim_error()?;
        if self.result.is_some() && self.play.is_some() {
            return Err(DirectorError::BoardOver);
        }
        if self.awaiting.rectification.is_some() {
            return self.call_during_rectification(seat, spoken);
        }
        if let Some(play) = &self.play {
            if play.opening_lead_made() {
                return Err(DirectorError::AuctionPeriodOver);
            }
        }
        if self.play.is_some() || self.result.is_some() {
            // Law 39: the auction is over (the clarification period, or a passed-out board
            // whose hands are not yet back in the board).
            self.open(
                Irregularity::CallAfterFinalPass { offender: seat, call: spoken },
                vec![option(
                    Chooser::Director,
                    Choice::Rectify,
                    Law::new("39A"),
                    "The call is cancelled (Law 39A); Law 26B may apply to a defender's bid, double or redouble (39C).",
                )],
            );
            return Ok(());
        }
        let Some(mut turn) = auction::to_call(self.board.dealer, &self.calls) else {
            return Err(LawError::AuctionEnded.into());
        };
        let call = match spoken {
            Spoken::BidAboveSeven { level, strain } => {
                self.open(
                    Irregularity::BidAboveSeven { offender: seat, level, strain, turn_of: turn },
                    vec![option(
                        Chooser::Director,
                        Choice::Rectify,
                        Law::new("38"),
                        "No contract above seven may be played (38A): the bid is cancelled with any later call (38B), a \
                         pass is substituted if it was the offender's turn, and each member of the offending side must \
                         pass throughout (38C); Law 26B lead restrictions may apply (38D).",
                    )],
                );
                return Ok(());
            }
            Spoken::Call(c) => c,
        };
        if seat != turn && turn == seat.rho() {
            // Law 28A: a call at RHO's turn when RHO must pass is in rotation; RHO's pass is
            // taken as made.
            if self.must_pass(turn).is_some() {
                self.record(turn, Call::Pass);
                if auction::is_over(&self.calls) {
                    self.open(
                        Irregularity::CallAfterFinalPass { offender: seat, call: spoken },
                        vec![option(Chooser::Director, Choice::Rectify, Law::new("39A"), "The call is cancelled (Law 39A).")],
                    );
                    return Ok(());
                }
                turn = seat;
            }
        }
        if seat != turn {
            return self.out_of_rotation(seat, call, turn);
        }
        // In rotation.
        let correcting = self.auction.pending.iter().position(|p| matches!(p, Pending::InsufficientCorrection { offender, .. } if *offender == seat));
        if let Some(i) = correcting {
            return self.correct_insufficient(i, seat, call);
        }
        let admissible = auction::check_admissible(&self.calls, seat, call);
        if matches!(call, Call::Double | Call::Redouble) && admissible.is_err() {
            self.open_inadmissible(seat, call, turn);
            return Ok(());
        }
        if call != Call::Pass {
            if let Some(l) = self.must_pass(seat) {
                self.open(
                    Irregularity::ViolatesObligationToPass { offender: seat, call },
                    vec![option(
                        Chooser::Director,
                        Choice::Rectify,
                        Law::new("37B"),
                        format!(
                            "{seat:?} was required to pass (Law {l}): the call is cancelled, a pass is substituted and \
                             each member of the offending side must pass throughout (37B); Law 26B may apply."
                        ),
                    )],
                );
                return Ok(());
            }
        }
        if let Some(Obligation::RepeatCall { call: repeat, law, .. }) =
            self.auction.obligations.iter().find(|o| matches!(o, Obligation::RepeatCall { seat: s, .. } if *s == seat))
        {
            if call != *repeat && auction::check_admissible(&self.calls, seat, *repeat).is_ok() && (*repeat == Call::Pass || self.must_pass(seat).is_none()) {
                return Err(DirectorError::MustRepeat { seat, call: *repeat, law: *law });
            }
        }
        if let (Call::Bid(bid), Err(_)) = (call, admissible) {
            let lho = Chooser::Player(seat.lho());
            self.open(
                Irregularity::InsufficientBid { offender: seat, bid },
                vec![
                    option(lho, Choice::Accept, Law::new("27A1"), format!("{:?} accepts {bid}: it is treated as legal.", seat.lho())),
                    option(
                        lho,
                        Choice::Refuse,
                        Law::new("27B"),
                        format!(
                            "{bid} is not accepted: {seat:?} must correct it with a legal call (27B1: lowest sufficient \
                             bid in the same denomination or a comparable call, no further rectification; otherwise \
                             27B2/27B3: partner must pass throughout, Law 26B may apply)."
                        ),
                    ),
                ],
            );
            return Ok(());
        }
        self.record(seat, call);
        Ok(())
    }

    /// A call made before the Director has ruled. Where the Laws give it a meaning (the LHO's
    /// call accepts, or the call by the player whose turn it was cancels) it is applied;
    /// otherwise it is refused (Law 9B2).
    fn call_during_rectification(&mut self, seat: Seat, spoken: Spoken) -> Result<(), DirectorError> {
        let Some(rect) = self.awaiting.rectification.clone() else { return Ok(()) };
        let refuse = Err(DirectorError::RectificationPending { pending: rect.irregularity.summary() });
        match rect.irregularity {
            // Law 27A1: the insufficient bid is accepted if the LHO calls.
            Irregularity::InsufficientBid { offender, bid } | Irregularity::InsufficientSubstitute { offender, bid, .. } if seat == offender.lho() => {
                self.awaiting.rectification = None;
                self.auction.pending.retain(|p| !matches!(p, Pending::InsufficientCorrection { offender: o, .. } if *o == offender));
                self.note(Law::new("27A1"), format!("{seat:?} called over {bid}, accepting it."));
                self.record(offender, Call::Bid(bid));
                self.on_call(seat, spoken)
            }
            // Law 27C: the offender replaces his insufficient bid before the LHO has chosen: the
            // substitution, if legal, stands unless the LHO accepts the insufficient bid.
            Irregularity::InsufficientBid { offender, bid } if seat == offender => {
                let Spoken::Call(substitute) = spoken else { return refuse };
                let insufficient = matches!(substitute, Call::Bid(_));
                if auction::check_admissible(&self.calls, seat, substitute).is_err() && !insufficient {
                    return Err(DirectorError::CorrectionNotLegal { call: substitute });
                }
                let lho = Chooser::Player(seat.lho());
                self.open(
                    Irregularity::PrematureReplacement { offender, bid, substitute },
                    vec![
                        option(lho, Choice::Accept, Law::new("27A1"), format!("{:?} accepts {bid}; {substitute} is withdrawn (Law 16C).", seat.lho())),
                        option(
                            lho,
                            Choice::Refuse,
                            Law::new("27C"),
                            format!("{substitute} stands as the correction of {bid}; the Director applies Law 27B to it."),
                        ),
                    ],
                );
                Ok(())
            }
            // Law 29A: the LHO elects to call, forfeiting rectification.
            Irregularity::OutOfRotation { offender, call, .. } if seat == offender.lho() => {
                self.awaiting.rectification = None;
                self.note(Law::new("29A"), format!("{seat:?} called over {call} out of rotation, accepting it."));
                self.record(offender, call);
                self.on_call(seat, spoken)
            }
            // Law 28B: the player whose turn it was (an opponent) calls: the call out of rotation
            // is cancelled without rectification (Law 16C2 aside).
            Irregularity::OutOfRotation { offender, call, turn_of } if seat == turn_of && turn_of.side() != offender.side() => {
                self.awaiting.rectification = None;
                self.note(
                    Law::new("28B"),
                    format!("{seat:?} called at his turn: {offender:?}'s {call} is cancelled without rectification (Law 16C2 applies)."),
                );
                self.on_call(seat, spoken)
            }
            // Law 36A: the inadmissible call and the LHO's are cancelled; no rectification.
            Irregularity::InadmissibleDouble { offender, call, .. } if seat == offender.lho() => {
                self.awaiting.rectification = None;
                self.note(Law::new("36A"), format!("{seat:?} called before rectification: {call} and {spoken} are cancelled; no Law 26B restriction."));
                Ok(())
            }
            // Law 37A: the LHO calls before rectification: the inadmissible call and later calls stand.
            Irregularity::ViolatesObligationToPass { offender, call } if seat == offender.lho() => {
                self.awaiting.rectification = None;
                self.note(Law::new("37A"), format!("{seat:?} called before rectification: {call} stands; no Law 26B restriction."));
                self.record(offender, call);
                self.on_call(seat, spoken)
            }
            // Law 38B/38D: the bid above seven is cancelled with the LHO's call; no Law 26B.
            Irregularity::BidAboveSeven { offender, turn_of, .. } if seat == offender.lho() => {
                self.awaiting.rectification = None;
                self.note(Law::new("38D"), format!("{seat:?} called before rectification: {spoken} is cancelled too; no recourse to Law 26B."));
                self.rectify_above_seven(offender, turn_of, false);
                Ok(())
            }
            _ => refuse,
        }
    }

    fn rectify_above_seven(&mut self, offender: Seat, turn_of: Seat, restriction: bool) {
        self.auction.pending.retain(|p| !matches!(p, Pending::InsufficientCorrection { offender: o, .. } if *o == offender));
        if turn_of == offender {
            self.record(offender, Call::Pass);
        }
        for s in [offender, offender.partner()] {
            self.add_obligation(Obligation::PassThroughout { seat: s, law: Law::new("38C") });
        }
        if restriction {
            self.add_restriction(offender, Law::new("38D"));
        }
    }

    fn open_inadmissible(&mut self, seat: Seat, call: Call, turn: Seat) {
        let text = if seat == turn {
            "The call is cancelled (36B1); the offender substitutes a legal call and partner must pass throughout \
             (36B2); Law 26B may apply (36B3)."
        } else {
            "The call is cancelled and the auction reverts to the player whose turn it was; the offender may make any \
             legal call at his turn and partner must pass throughout; Law 26B may apply (36B4)."
        };
        let l = if seat == turn { "36B" } else { "36B4" };
        self.open(
            Irregularity::InadmissibleDouble { offender: seat, call, turn_of: turn },
            vec![option(Chooser::Director, Choice::Rectify, Law::new(l), text)],
        );
    }

    fn out_of_rotation(&mut self, seat: Seat, call: Call, turn: Seat) -> Result<(), DirectorError> {
        // Laws 30B2, 31C, 32C: a call at LHO's turn by a player who has just called is a change of call.
        if turn == seat.lho() && self.calls.last().is_some_and(|c| c.seat == seat) {
            let original = self.calls.last().map_or(Call::Pass, |c| c.call);
            if original == call {
                return Err(DirectorError::SameCallAgain { seat, call, turn });
            }
            let lho = Chooser::Player(seat.lho());
            let mut options = vec![option(
                Chooser::Director,
                Choice::Unintended,
                Law::new("25A"),
                format!("The Director judges {original} unintended: {call} replaces it; no lead restrictions (25A1)."),
            )];
            let mut without = self.calls.clone();
            without.pop();
            if auction::check_admissible(&without, seat, call).is_ok() {
                options.push(option(
                    lho,
                    Choice::Accept,
                    Law::new("25B1"),
                    format!("{:?} accepts {call}: {original} is withdrawn; Law 26 may apply.", seat.lho()),
                ));
            }
            options.push(option(lho, Choice::Refuse, Law::new("25B2"), format!("{call} is cancelled; {original} stands (Law 16C applies).")));
            self.open(Irregularity::ChangeOfCall { offender: seat, original, substitute: call }, options);
            return Ok(());
        }
        if matches!(call, Call::Double | Call::Redouble) && auction::check_admissible(&self.calls, seat, call).is_err() {
            // Law 32: an inadmissible double or redouble may never be accepted; Law 36 applies.
            self.open_inadmissible(seat, call, turn);
            return Ok(());
        }
        let lho = Chooser::Player(seat.lho());
        let position = if turn == seat.rho() {
            "RHO"
        } else if turn == seat.partner() {
            "partner"
        } else {
            "LHO"
        };
        let (l, consequence) = match (call, position) {
            (Call::Pass, "RHO") => (
                "30A",
                "the offender must pass when next it is his turn to call (if the Director judges the pass artificial, \
                 Law 30C: Law 31 applies)"
                    .to_string(),
            ),
            (Call::Pass, _) => (
                "30B1",
                "partner may make any legal call (16C2); if the offender's next call is not comparable, partner must pass \
                 at his next turn and Law 26B may apply (if the Director judges the pass artificial, Law 30C: Law 31 \
                 applies)"
                    .to_string(),
            ),
            (Call::Bid(_), "RHO") => (
                "31A",
                "if RHO passes the offender must repeat the bid (31A1); if RHO bids, doubles or redoubles the offender may \
                 make any legal call and, unless it is comparable, partner must pass at his next turn, Law 26B may apply \
                 (31A2)"
                    .to_string(),
            ),
            (Call::Bid(_), _) => (
                "31B",
                "partner may make any legal call (16C2); the offender may make any legal call and, unless it is comparable, \
                 partner must pass at his next turn, Law 26B may apply"
                    .to_string(),
            ),
            (_, "RHO") => (
                "32A",
                "if RHO passes the offender must repeat the call (32A1); otherwise any legal call and, unless comparable, \
                 partner must pass at his next turn, Law 26B may apply (32A2)"
                    .to_string(),
            ),
            (_, _) => (
                "32B",
                "partner may make any legal call (16C2); the offender may make any legal call and, unless comparable, \
                 partner must pass at his next turn, Law 26B may apply"
                    .to_string(),
            ),
        };
        self.open(
            Irregularity::OutOfRotation { offender: seat, call, turn_of: turn },
            vec![
                option(lho, Choice::Accept, Law::new("29A"), format!("{:?} accepts {call}: the auction continues from {:?}.", seat.lho(), seat.lho())),
                option(lho, Choice::Refuse, Law::new(l), format!("{call} is cancelled (29B), the auction reverts to {turn:?}; {consequence}.")),
            ],
        );
        Ok(())
    }

    fn correct_insufficient(&mut self, index: usize, seat: Seat, call: Call) -> Result<(), DirectorError> {
        let Pending::InsufficientCorrection { withdrawn, bid_or_pass, .. } = self.auction.pending[index].clone() else {
            return Ok(());
        };
        if call != Call::Pass {
            if let Some(law) = self.must_pass(seat) {
                return Err(DirectorError::MustPass { seat, law });
            }
        }
        let admissible = auction::check_admissible(&self.calls, seat, call);
        if let (Call::Bid(bid), Err(_)) = (call, &admissible) {
            // Law 27B4: another insufficient bid.
            let lho = Chooser::Player(seat.lho());
            self.open(
                Irregularity::InsufficientSubstitute { offender: seat, bid, withdrawn },
                vec![
                    option(lho, Choice::Accept, Law::new("27B4"), format!("{:?} accepts the substituted {bid} (27A1).", seat.lho())),
                    option(
                        lho,
                        Choice::Refuse,
                        Law::new("27B4"),
                        format!("{bid} is cancelled; ruled as 27B3: {seat:?} must substitute a sufficient bid or pass and partner must pass throughout; Law 26B may apply."),
                    ),
                ],
            );
            return Ok(());
        }
        if admissible.is_err() {
            return Err(DirectorError::CorrectionNotLegal { call });
        }
        if bid_or_pass && matches!(call, Call::Double | Call::Redouble) {
            return Err(DirectorError::CorrectionMustBeBidOrPass { seat });
        }
        self.auction.pending.remove(index);
        self.record(seat, call);
        if bid_or_pass {
            // Law 27B3/B4: partner's obligation is already in force; no judgement to make.
            return Ok(());
        }
        let d = Chooser::Director;
        let mut options = Vec::new();
        if let Call::Bid(b) = call {
            if Some(b) == auction::lowest_sufficient(&self.calls[..self.calls.len() - 1], withdrawn.strain()) {
                options.push(option(
                    d,
                    Choice::LowestSufficientSameDenomination,
                    Law::new("27B1(a)"),
                    format!("{b} is the lowest sufficient bid specifying the same denomination(s) as {withdrawn}: no further rectification (see 27D)."),
                ));
            }
        }
        options.push(option(
            d,
            Choice::Comparable,
            Law::new("27B1(b)"),
            format!("{call} is comparable to {withdrawn} (Law 23A): no further rectification (see 27D)."),
        ));
        let (l, text) = match call {
            Call::Double | Call::Redouble => (
                "27B3",
                format!("{call} is not comparable: it is cancelled; {seat:?} must substitute a sufficient bid or pass and partner must pass throughout; Law 26B may apply."),
            ),
            _ => ("27B2", format!("{call} is not comparable: partner must pass whenever it is his turn to call; Law 26B may apply.")),
        };
        options.push(option(d, Choice::NotComparable, Law::new(l), text));
        self.open(Irregularity::InsufficientBidCorrected { offender: seat, withdrawn, correction: call }, options);
        Ok(())
    }

    /// Adds a call to the legal auction and settles the obligations and follow-ups it touches.
    fn record(&mut self, seat: Seat, call: Call) {
        self.calls.push(MadeCall { seat, call });
        if let Some(i) = auction::missed_turn(self.board.dealer, &self.calls) {
            // Law 17D3 (34): the auction reverts to the player who missed his turn.
            let cancelled = self.calls.split_off(i);
            let missed = self.calls.last().map_or(self.board.dealer, |c| c.seat.lho());
            self.note(Law::new("17D3"), format!("{} pass(es) cancelled: the auction reverts to {missed:?}, who missed his turn (Law 16C).", cancelled.len()));
            return;
        }
        let index = self.calls.len() - 1;
        let (done, kept): (Vec<Obligation>, Vec<Obligation>) = std::mem::take(&mut self.auction.obligations)
            .into_iter()
            .partition(|o| o.seat() == seat && matches!(o, Obligation::PassAtNextTurn { .. } | Obligation::RepeatCall { .. }));
        self.auction.obligations = kept;
        self.auction.fulfilled.extend(done.into_iter().map(|o| (index, o)));
        let mut follow = Vec::new();
        self.auction.pending.retain(|p| match p {
            Pending::AwaitRho { offender, .. } if offender.rho() == seat => {
                follow.push(p.clone());
                false
            }
            Pending::Replacement { offender, .. } if *offender == seat => {
                follow.push(p.clone());
                false
            }
            _ => true,
        });
        for p in follow {
            match p {
                Pending::AwaitRho { offender, withdrawn, law } if call == Call::Pass => {
                    let l = if law == "31A" { "31A1" } else { "32A1" };
                    self.auction.obligations.retain(|o| !matches!(o, Obligation::RepeatCall { seat: s, .. } if *s == offender));
                    self.add_obligation(Obligation::RepeatCall { seat: offender, call: withdrawn, law: Law::new(l) });
                }
                Pending::AwaitRho { offender, withdrawn, law } => {
                    let l = if law == "31A" { "31A2" } else { "32A2" };
                    self.auction.pending.push(Pending::Replacement { offender, withdrawn, law: Law::new(l) });
                }
                Pending::Replacement { offender, withdrawn, law } => {
                    if self.awaiting.rectification.is_none() {
                        self.open_replacement(offender, withdrawn, call, law);
                    }
                }
                Pending::InsufficientCorrection { .. } => {}
            }
        }
    }

    fn open_replacement(&mut self, offender: Seat, withdrawn: Call, replacement: Call, l: Law) {
        let d = Chooser::Director;
        let not = if l == "25B1" {
            format!("{replacement} is not comparable to {withdrawn}: Law 26B lead restrictions may apply.")
        } else {
            format!("{replacement} is not comparable to {withdrawn}: partner must pass when next it is his turn to call; Laws 16C and 26B may apply.")
        };
        let comparable_law = match l.to_string().as_str() {
            "30B1" => Law::new("30B1(b)(i)"),
            "25B1" => Law::new("26A"),
            other => Law::new(&format!("{other}(a)")),
        };
        let not_law = match l.to_string().as_str() {
            "30B1" => Law::new("30B1(b)(ii)"),
            "25B1" => Law::new("26B"),
            other => Law::new(&format!("{other}(b)")),
        };
        self.open(
            Irregularity::Replacement { offender, withdrawn, replacement, law: l },
            vec![
                option(
                    d,
                    Choice::Comparable,
                    comparable_law,
                    format!("{replacement} is comparable to {withdrawn} (Law 23A): no further rectification (see 23C)."),
                ),
                option(d, Choice::NotComparable, not_law, not),
            ],
        );
    }

    // ---- choices ----------------------------------------------------------------------------

    /// A choice among the options of the rectification the Director explained (Law 10C1): the
    /// option is checked (offered, and to this chooser), then applied by the handler of its Law
    /// family.
    fn on_choose(&mut self, by: Chooser, choice: Choice) -> Result<(), DirectorError> {
        let rect = self.awaiting.rectification.clone().ok_or(DirectorError::NoRectification)?;
        // The same choice may be offered to several choosers (Law 43B2(a): either defender).
        let chosen = rect.options.iter().find(|o| o.choice == choice && o.chooser == by).or_else(|| rect.options.iter().find(|o| o.choice == choice));
        let Some(chosen) = chosen else {
            let l = rect.options.first().map_or_else(|| Law::new("10C1"), |o| o.law);
            return Err(DirectorError::NotAnOption { law: l, choice });
        };
        if chosen.chooser != by {
            return Err(DirectorError::WrongChooser { law: chosen.law, by, expected: chosen.chooser });
        }
        let l = chosen.law;
        self.awaiting.rectification = None;
        use Irregularity as I;
        match rect.irregularity {
            // Laws 68-71.
            I::ContestedClaim { .. } | I::ClaimReviewed { .. } => self.rule_on_claim(&rect.irregularity, choice, l),
            // Law 67.
            I::DefectiveTrick { .. } | I::DefectiveTrickDesignation { .. } => self.rule_on_defective(&rect.irregularity, choice, l),
            // Laws 62C, 58B3.
            I::CardAfterRevoke { revoker, seat, card } | I::CardAfterChange { offender: revoker, seat, card } => {
                self.rule_on_card_after_revoke(revoker, seat, card, choice, l)
            }
            // Law 58.
            I::SimultaneousCards { offender, visible } => self.designate(offender, &visible, choice),
            // Law 57.
            I::PrematurePlay { offender, card, lead } => {
                self.rule_on_premature(offender, card, lead, choice);
                Ok(())
            }
            // Law 43B2(a).
            I::DummyWarnedWrongHand { .. } => self.lead_from_chosen_hand(by, choice),
            // Laws 47E1, 53-56.
            I::PlayOrProperLead { .. } | I::LeadOutOfTurn { .. } | I::OpeningLeadOutOfTurn { .. } => {
                self.choose_on_lead_out_of_turn(rect.irregularity, choice, l)
            }
            // Laws 50-52.
            I::PenaltyCardsDesignation { .. } | I::PenaltyCardNotPlayed { .. } | I::PenaltyCardLead { .. } | I::FurtherProhibition { .. } => {
                self.choose_on_penalty_cards(rect.irregularity, choice, l)
            }
            // Laws 25-39 and 26B.
            irregularity => self.choose_in_auction(irregularity, choice, l),
        }
    }

    /// Laws 25-39 (calls) and 26B (the lead restriction the auction left): the option chosen.
    fn choose_in_auction(&mut self, irregularity: Irregularity, choice: Choice, l: Law) -> Result<(), DirectorError> {
        match irregularity {
            Irregularity::InsufficientBid { offender, bid } => match choice {
                Choice::Accept => self.record(offender, Call::Bid(bid)),
                _ => self.auction.pending.push(Pending::InsufficientCorrection { offender, withdrawn: bid, bid_or_pass: false }),
            },
            Irregularity::PrematureReplacement { offender, bid, substitute } => match choice {
                Choice::Accept => {
                    self.note(Law::new("16C"), format!("{offender:?}'s withdrawn {substitute} is unauthorized information for his side."));
                    self.record(offender, Call::Bid(bid));
                }
                _ => {
                    self.auction.pending.push(Pending::InsufficientCorrection { offender, withdrawn: bid, bid_or_pass: false });
                    self.on_call(offender, Spoken::Call(substitute))?;
                }
            },
            Irregularity::InsufficientSubstitute { offender, bid, withdrawn } => match choice {
                Choice::Accept => {
                    self.auction.pending.retain(|p| !matches!(p, Pending::InsufficientCorrection { offender: o, .. } if *o == offender));
                    self.record(offender, Call::Bid(bid));
                }
                _ => self.b3(offender, Law::new("27B4"), withdrawn),
            },
            Irregularity::InsufficientBidCorrected { offender, withdrawn, correction } => match choice {
                Choice::NotComparable => {
                    if matches!(correction, Call::Double | Call::Redouble) {
                        self.calls.pop();
                        self.b3(offender, Law::new("27B3"), withdrawn);
                    } else {
                        self.add_obligation(Obligation::PassThroughout { seat: offender.partner(), law: Law::new("27B2") });
                        self.add_restriction(offender, Law::new("27B2"));
                        self.note(Law::new("16C"), format!("Information from the withdrawn {withdrawn} is unauthorized for {:?}'s side.", offender.side()));
                    }
                }
                _ => self.note(Law::new("27D"),
                    format!("{withdrawn} corrected by {correction} ({l}): at the end of play the Director may adjust if the non-offending side was damaged."),
                ),
            },
            Irregularity::OutOfRotation { offender, call, turn_of } => match choice {
                Choice::Accept => self.record(offender, call),
                _ => {
                    self.note(Law::new("16C2"), format!("The cancelled {call} is unauthorized information for {:?}'s side.", offender.side()));
                    // A second cancelled call by the same offender supersedes the first's follow-up.
                    self.auction.pending.retain(|p| {
                        !matches!(p, Pending::AwaitRho { offender: o, .. } | Pending::Replacement { offender: o, .. } if *o == offender)
                    });
                    if call == Call::Pass {
                        // Law 30C: whether the pass was artificial (or passed an artificial call)
                        // is the Director's to judge; then Law 31 applies instead of Law 30.
                        let d = Chooser::Director;
                        let (natural, artificial) = if turn_of == offender.rho() { ("30A", "31A") } else { ("30B1", "31B") };
                        self.open(
                            Irregularity::PassOutOfRotationCancelled { offender, turn_of },
                            vec![
                                option(d, Choice::Natural, Law::new(natural), format!("The pass was natural: Law {natural} applies.")),
                                option(d, Choice::Artificial, Law::new("30C"), format!("The pass was artificial or passed an artificial call: Law {artificial} applies.")),
                            ],
                        );
                    } else {
                        self.follow_cancelled(offender, call, l);
                    }
                }
            },
            Irregularity::PassOutOfRotationCancelled { offender, turn_of } => {
                let rho = turn_of == offender.rho();
                let which = match (choice, rho) {
                    (Choice::Natural, true) => "30A",
                    (Choice::Natural, false) => "30B1",
                    (_, true) => "31A",
                    (_, false) => "31B",
                };
                self.follow_cancelled(offender, Call::Pass, Law::new(which));
            }
            Irregularity::Replacement { offender, withdrawn, replacement, law: which } => match choice {
                Choice::NotComparable => {
                    if which != "25B1" {
                        self.add_obligation(Obligation::PassAtNextTurn { seat: offender.partner(), law: l });
                    }
                    self.add_restriction(offender, l);
                }
                _ => self.note(Law::new("23C"), format!("{replacement} replaced {withdrawn} as a comparable call: the Director may adjust at the end of play if the non-offending side was damaged.")),
            },
            Irregularity::ChangeOfCall { offender, original, substitute } => match choice {
                Choice::Unintended => {
                    self.calls.pop();
                    self.note(Law::new("25A"), format!("{original} was unintended; {substitute} replaces it."));
                    self.on_call(offender, Spoken::Call(substitute))?;
                }
                Choice::Accept => {
                    self.calls.pop();
                    self.record(offender, substitute);
                    if self.awaiting.rectification.is_none() {
                        self.open_replacement(offender, original, substitute, Law::new("25B1"));
                    }
                }
                _ => self.note(Law::new("16C"), format!("The cancelled {substitute} is unauthorized information for {:?}'s side.", offender.side())),
            },
            Irregularity::CallOverUnintended { lho, call } => match choice {
                Choice::KeepCall => self.record(lho, call),
                _ => self.note(Law::new("25A6"), format!("{lho:?} withdrew {call}: authorized for {:?}'s side, unauthorized for the opponents.", lho.side())),
            },
            Irregularity::InadmissibleDouble { offender, call, .. } => {
                self.note(Law::new("36B1"), format!("{offender:?}'s {call} is cancelled (Law 16C applies)."));
                self.add_obligation(Obligation::PassThroughout { seat: offender.partner(), law: l });
                self.add_restriction(offender, l);
            }
            Irregularity::ViolatesObligationToPass { offender, .. } => {
                self.record(offender, Call::Pass);
                for s in [offender, offender.partner()] {
                    self.add_obligation(Obligation::PassThroughout { seat: s, law: Law::new("37B2") });
                }
                self.add_restriction(offender, Law::new("37B2"));
            }
            Irregularity::BidAboveSeven { offender, turn_of, .. } => self.rectify_above_seven(offender, turn_of, true),
            Irregularity::CallAfterFinalPass { offender, call } => {
                let defender = self.final_contract().is_some_and(|fc| fc.declarer.side() != offender.side());
                if defender && call != Spoken::Call(Call::Pass) {
                    self.add_restriction(offender, Law::new("39C"));
                } else {
                    self.note(Law::new("39B"), format!("{call} after the final pass is cancelled; no further rectification."));
                }
            }
            Irregularity::LeadRestriction { offender, .. } => {
                let state = match choice {
                    Choice::ProhibitLead(s) => RestrictionState::Prohibited(s),
                    _ => RestrictionState::Spent,
                };
                if let Some(r) = self.play_duties.restrictions.iter_mut().find(|r| r.offender == offender && r.state == RestrictionState::Waiting) {
                    r.state = state;
                }
            }
            // Not an auction irregularity: `on_choose` sends it elsewhere.
            _ => {}
        }
        Ok(())
    }

    /// Laws 47E1 and 53-56: a lead out of turn (or a play to it) — accepted, or the lead
    /// retracted with its consequences.
    fn choose_on_lead_out_of_turn(&mut self, irregularity: Irregularity, choice: Choice, l: Law) -> Result<(), DirectorError> {
        match irregularity {
            Irregularity::PlayOrProperLead { offender, led, player, card } => {
                if choice == Choice::Accept {
                    self.note(Law::new("53A"), format!("{player:?}'s {card} is a play to {offender:?}'s lead out of turn, which is accepted."));
                    self.accept_lead(offender, led)?;
                } else {
                    self.note(Law::new("53B"), format!("{player:?}'s {card} is his proper lead; {offender:?}'s {led} is withdrawn (47F1; Law 16C applies)."));
                }
                return self.on_play(player, card);
            }
            Irregularity::LeadOutOfTurn { offender, card, .. } | Irregularity::OpeningLeadOutOfTurn { offender, card } if choice == Choice::NoRectification => {
                self.note(
                    Law::new("47E1"),
                    format!("{offender:?} was told by an opponent that it was his lead: the {card} is retracted without rectification (Law 16C)."),
                );
            }
            Irregularity::OpeningLeadOutOfTurn { offender, card } => match choice {
                Choice::Accept => self.accept_opening_lead(offender, card, false)?,
                Choice::Rectify => {
                    self.note(Law::new("54C"), format!("Declarer could have seen dummy's cards: {offender:?}'s {card} is accepted."));
                    self.accept_opening_lead(offender, card, false)?;
                }
                Choice::SpreadHand => self.accept_opening_lead(offender, card, true)?,
                _ => {
                    self.play_duties.penalty_cards.push((offender, card));
                    self.note(Law::new("54D"), format!("{offender:?}'s {card} is a major penalty card (Law 50)."));
                }
            },
            Irregularity::LeadOutOfTurn { offender, card, turn_of } => match choice {
                Choice::Accept => self.accept_lead(offender, card)?,
                _ => {
                    let defender = self.final_contract().is_some_and(|fc| fc.declarer.side() != offender.side());
                    let last_trick = self.play.as_ref().is_some_and(|p| p.completed_tricks() == 12);
                    if defender && !last_trick {
                        self.play_duties.penalty_cards.push((offender, card));
                        self.note(Law::new("56B"), format!("{offender:?}'s {card} is a major penalty card (Law 50); {turn_of:?} leads."));
                    } else {
                        if l == "55B2" {
                            self.play_duties.declarer_retracted = self.play.as_ref().map(|p| p.tricks().len() - 1);
                        }
                        self.note(l, format!("{offender:?}'s {card} is withdrawn; {turn_of:?} leads."));
                    }
                }
            },
            // Not a lead out of turn: `on_choose` sends it elsewhere.
            _ => {}
        }
        Ok(())
    }

    /// Laws 50-52: what declarer chooses about a defender's penalty cards — the lead he requires
    /// or prohibits, the card designated among several, a penalty card not played.
    fn choose_on_penalty_cards(&mut self, irregularity: Irregularity, choice: Choice, l: Law) -> Result<(), DirectorError> {
        match irregularity {
            Irregularity::PenaltyCardsDesignation { holder, .. } => {
                if let Choice::Designate(card) = choice {
                    let index = self.play.as_ref().map_or(0, |p| p.tricks().len() - 1);
                    self.play_duties.designated = Some((holder, card, index));
                }
            }
            Irregularity::PenaltyCardNotPlayed { holder, played, penalty } => {
                if choice == Choice::Accept {
                    self.note(
                        Law::new("52B1(a)"),
                        format!("Declarer accepts {holder:?}'s {played}; the {penalty} remains a penalty card (a revoke, 61A; no trick adjustment, 64B3)."),
                    );
                    return self.put_card_with(
                        holder,
                        played,
                        Some(penalty_requirement(penalty, self.play_duties.minor_penalty_cards.contains(&(holder, penalty)))),
                    );
                }
                self.play_duties.minor_penalty_cards.retain(|pc| *pc != (holder, played));
                if !self.play_duties.penalty_cards.contains(&(holder, played)) {
                    self.play_duties.penalty_cards.push((holder, played));
                }
                self.note(Law::new("52B2"), format!("{holder:?} plays the penalty card {penalty}; the {played} becomes a major penalty card."));
                return self.put_card(holder, penalty);
            }
            Irregularity::PenaltyCardLead { holder, leader } | Irregularity::FurtherProhibition { holder, leader } => {
                self.play_duties.penalty_decided = self.play.as_ref().map(|p| p.tricks().len() - 1);
                match choice {
                    Choice::RequireLead(suit) | Choice::ProhibitLead(suit) => {
                        self.play_duties.penalty_cards.retain(|(p, c)| !(*p == holder && c.suit() == suit));
                        if let Choice::RequireLead(_) = choice {
                            self.play_duties.required_lead = Some((leader, suit));
                        } else {
                            self.play_duties.restrictions.push(LeadRestriction { offender: holder, law: l, state: RestrictionState::Prohibited(suit) });
                        }
                        self.note(l, format!("{holder:?}'s penalty card(s) in {} are picked up (Law 50E2: unauthorized for {leader:?}).", suit_word(suit)));
                        // 51B2(b): declarer may prohibit one or more of the penalty cards' suits.
                        if l == "51B2(b)" {
                            self.offer_further_prohibition(holder, leader);
                        }
                    }
                    _ if matches!(irregularity, Irregularity::FurtherProhibition { .. }) => {
                        self.note(Law::new("51B2(b)"), format!("Declarer prohibits no further suit; {holder:?}'s other penalty card(s) remain."));
                    }
                    _ => self.note(Law::new("50D2(b)"), format!("{leader:?} may lead any card; {holder:?}'s penalty card(s) remain.")),
                }
            }
            // Not a penalty-card decision: `on_choose` sends it elsewhere.
            _ => {}
        }
        Ok(())
    }

    /// Law 51B2(b): after declarer has prohibited one of the suits of `holder`'s penalty cards,
    /// he may prohibit another, while any remain.
    fn offer_further_prohibition(&mut self, holder: Seat, leader: Seat) {
        let Some(declarer) = self.final_contract().map(|fc| fc.declarer) else { return };
        let suits: Vec<Suit> =
            Suit::DESCENDING.into_iter().filter(|s| self.play_duties.penalty_cards.iter().any(|(p, c)| *p == holder && c.suit() == *s)).collect();
        if suits.is_empty() {
            return;
        }
        let d = Chooser::Player(declarer);
        let mut options: Vec<RectOption> = suits
            .iter()
            .map(|s| {
                option(
                    d,
                    Choice::ProhibitLead(*s),
                    Law::new("51B2(b)"),
                    format!("{leader:?} may not lead {} either while he retains the lead; {holder:?}'s penalty card(s) in it are picked up.", suit_word(*s)),
                )
            })
            .collect();
        options.push(option(
            d,
            Choice::NoProhibition,
            Law::new("51B2(b)"),
            format!("No further suit is prohibited; {holder:?}'s other penalty card(s) remain."),
        ));
        self.open(Irregularity::FurtherProhibition { holder, leader }, options);
    }

    /// Law 24D/24E at the end of the auction: the declaring side picks its exposed cards up; a
    /// defender's become penalty cards: major unless a single card below honour rank not led
    /// (Law 50B; minor penalty cards are recorded, their Law 50C restrictions are not yet enforced).
    fn dispose_exposed(&mut self, declaring: Side) {
        for seat in Seat::ALL {
            let cards: Vec<(Card, bool)> = self.auction.exposed.iter().filter(|(s, _, _)| *s == seat).map(|(_, c, l)| (*c, *l)).collect();
            if cards.is_empty() {
                continue;
            }
            if seat.side() == declaring {
                self.note(Law::new("24D"), format!("{seat:?} picks up the exposed card(s)."));
                continue;
            }
            let minor = cards.len() == 1 && !cards[0].1 && cards[0].0.rank() < tenace_core::Rank::Ten;
            if minor {
                self.play_duties.minor_penalty_cards.push((seat, cards[0].0));
                self.note(Law::new("24E"), format!("{seat:?}'s {} is a minor penalty card (Law 50C).", cards[0].0));
            } else {
                for (c, _) in cards {
                    self.play_duties.penalty_cards.push((seat, c));
                }
                self.note(Law::new("24E"), format!("{seat:?}'s exposed card(s) are major penalty cards (Law 50D)."));
            }
        }
        self.auction.exposed.clear();
    }

    /// What follows a cancelled call out of rotation (Laws 30-32), by the Law that applies.
    fn follow_cancelled(&mut self, offender: Seat, call: Call, l: Law) {
        match l.to_string().as_str() {
            "30A" => self.add_obligation(Obligation::PassAtNextTurn { seat: offender, law: Law::new("30A") }),
            "31A" | "32A" => self.auction.pending.push(Pending::AwaitRho { offender, withdrawn: call, law: l }),
            _ => self.auction.pending.push(Pending::Replacement { offender, withdrawn: call, law: l }),
        }
    }

    /// Law 27B3 (and 27B4 ruled as 27B3): the offender must substitute a sufficient bid or pass,
    /// partner must pass throughout, Law 26B may apply.
    fn b3(&mut self, offender: Seat, l: Law, withdrawn: tenace_core::Bid) {
        self.add_obligation(Obligation::PassThroughout { seat: offender.partner(), law: l });
        self.add_restriction(offender, l);
        self.auction.pending.retain(|p| !matches!(p, Pending::InsufficientCorrection { offender: o, .. } if *o == offender));
        self.auction.pending.push(Pending::InsufficientCorrection { offender, withdrawn, bid_or_pass: true });
    }

    // ---- Law 25A ------------------------------------------------------------------------------

    fn on_unintended(&mut self, seat: Seat, intended: Call) -> Result<(), DirectorError> {
        self.pending_error()?;
        if self.play.as_ref().is_some_and(|p| p.opening_lead_made()) || (self.result.is_some() && self.play.is_some()) {
            return Err(DirectorError::AuctionPeriodOver);
        }
        let i = self.calls.iter().rposition(|c| c.seat == seat).ok_or(DirectorError::NoCallToCorrect { seat })?;
        if self.calls[i + 1..].iter().any(|c| c.seat == seat.partner() || c.seat == seat) {
            return Err(DirectorError::PartnerHasCalled { seat });
        }
        let original = self.calls[i].call;
        let after: Vec<MadeCall> = self.calls.split_off(i);
        // One-turn obligations the replaced calls fulfilled are owed again.
        let (restored, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.auction.fulfilled).into_iter().partition(|(k, _)| *k >= i);
        self.auction.fulfilled = kept;
        for (_, o) in restored {
            self.add_obligation(o);
        }
        self.play = None;
        self.result = None;
        self.note(Law::new("25A"), format!("{seat:?}'s {original} was unintended; {intended} replaces it (no Law 26 lead restrictions)."));
        self.on_call(seat, Spoken::Call(intended))?;
        if let Some(over) = after.get(1).copied() {
            if self.awaiting.rectification.is_some() {
                self.note(Law::new("25A6"), format!("{:?}'s {} over the unintended call is withdrawn.", over.seat, over.call));
                return Ok(());
            }
            let lho = Chooser::Player(over.seat);
            let mut options = Vec::new();
            if self.check_call(over.seat, over.call).is_ok() {
                options.push(option(lho, Choice::KeepCall, Law::new("25A6"), format!("{:?} keeps {}.", over.seat, over.call)));
            }
            options.push(option(
                lho,
                Choice::WithdrawCall,
                Law::new("25A6"),
                format!("{:?} withdraws {} (authorized for his side, unauthorized for the opponents).", over.seat, over.call),
            ));
            self.open(Irregularity::CallOverUnintended { lho: over.seat, call: over.call }, options);
        }
        Ok(())
    }

    // ---- play ---------------------------------------------------------------------------------

    fn on_play(&mut self, seat: Seat, card: Card) -> Result<(), DirectorError> {
        self.claim_error()?;
        if let Some(Rectification { irregularity: Irregularity::OpeningLeadOutOfTurn { offender, card: led }, .. }) = self.awaiting.rectification.clone() {
            // Law 53A/54B: a play from the hand next in rotation (declarer's) accepts the lead.
            if seat == offender.lho() && self.result.is_none() {
                self.awaiting.rectification = None;
                self.note(Law::new("53A"), format!("{seat:?} played to {offender:?}'s opening lead out of turn, accepting it."));
                self.accept_opening_lead(offender, led, false)?;
                return self.on_play(seat, card);
            }
        }
        if let (Some(play), None, None) = (&self.play, &self.awaiting.rectification, &self.result) {
            let declarer = self.final_contract().map(|fc| fc.declarer);
            if let (Some(declarer), Some(expected)) = (declarer, play.to_play()) {
                // Law 54E: a player of the declaring side attempts the opening lead: Law 24
                // applies, and as he is declarer or dummy the card goes back to his hand (24D).
                if !play.opening_lead_made() && seat.side() == declarer.side() {
                    if !play.remaining(seat).contains(card) {
                        return Err(LawError::CardNotHeld { seat, card }.into());
                    }
                    self.note(Law::new("54E"),
                        format!("{seat:?} of the declaring side attempted the opening lead: the {card} is picked up and returned to his hand (24D); it is unauthorized information for his side (16C)."),
                    );
                    return Ok(());
                }
                // Law 54: the opening lead faced by the wrong defender.
                if !play.opening_lead_made() && seat != expected && seat.side() != declarer.side() {
                    if !play.remaining(seat).contains(card) {
                        return Err(LawError::CardNotHeld { seat, card }.into());
                    }
                    let d = Chooser::Player(declarer);
                    self.open(
                        Irregularity::OpeningLeadOutOfTurn { offender: seat, card },
                        vec![
                            option(
                                d,
                                Choice::Accept,
                                Law::new("54B"),
                                format!("Declarer accepts the {card} (53A); dummy is spread and declarer plays second (54B1)."),
                            ),
                            option(
                                d,
                                Choice::SpreadHand,
                                Law::new("54A"),
                                format!("Declarer spreads his hand and becomes dummy; {:?} becomes declarer.", declarer.partner()),
                            ),
                            option(
                                d,
                                Choice::Refuse,
                                Law::new("54D"),
                                format!("{seat:?} retracts the {card}, which becomes a major penalty card (Law 50D); {expected:?} leads."),
                            ),
                            option(
                                Chooser::Director,
                                Choice::Rectify,
                                Law::new("54C"),
                                format!("Declarer could have seen dummy's cards: he must accept the {card}; {declarer:?} declares."),
                            ),
                            misinformed(seat, card),
                        ],
                    );
                    return Ok(());
                }
            }
        }
        if let Some(Rectification { irregularity: Irregularity::PenaltyCardNotPlayed { holder, played, penalty }, .. }) = self.awaiting.rectification.clone() {
            // Law 52B1(b): declarer must accept once he has played thereafter from either hand:
            // to the same trick, or a lead to the next one when the holder's card ended the trick.
            let declaring = self.final_contract().is_some_and(|fc| fc.declarer.side() == seat.side());
            if declaring {
                self.awaiting.rectification = None;
                self.note(Law::new("52B1(b)"), format!("Declarer played after {holder:?}'s {played}, accepting it; the penalty card remains."));
                self.put_card_with(holder, played, Some(penalty_requirement(penalty, self.play_duties.minor_penalty_cards.contains(&(holder, penalty)))))?;
                return self.on_play(seat, card);
            }
        }
        if let Some(Rectification { irregularity: Irregularity::LeadOutOfTurn { offender, card: led, turn_of }, .. }) = self.awaiting.rectification.clone() {
            let can_accept = self.awaiting.rectification.as_ref().is_some_and(|r| r.options.iter().any(|o| o.choice == Choice::Accept));
            // Law 53B: the opponent whose turn it was to lead may make his proper lead.
            let proper = seat == turn_of && seat.side() != offender.side();
            if seat == offender.lho() && can_accept && proper {
                // The next hand was also the proper leader: a play to the irregular lead (53A) or
                // his proper lead (53B) — the Director judges which.
                if !self.play.as_ref().is_some_and(|p| p.remaining(seat).contains(card)) {
                    return Err(LawError::CardNotHeld { seat, card }.into());
                }
                let d = Chooser::Director;
                self.open(
                    Irregularity::PlayOrProperLead { offender, led, player: seat, card },
                    vec![
                        option(d, Choice::Accept, Law::new("53A"), format!("{seat:?}'s {card} was played to the {led}: the lead out of turn is accepted.")),
                        option(d, Choice::Refuse, Law::new("53B"), format!("{seat:?}'s {card} is his proper lead; the {led} is withdrawn (Law 16C applies).")),
                    ],
                );
                return Ok(());
            }
            // Law 53A: a play from the hand next in rotation to the irregular lead accepts it.
            if seat == offender.lho() && can_accept {
                self.awaiting.rectification = None;
                self.note(Law::new("53A"), format!("{seat:?} played to {offender:?}'s lead out of turn, accepting it."));
                self.accept_lead(offender, led)?;
                return self.on_play(seat, card);
            }
            if proper {
                self.awaiting.rectification = None;
                self.note(Law::new("53B"), format!("{seat:?} makes his proper lead; {offender:?}'s {led} is withdrawn (47F1; Law 16C applies)."));
                return self.on_play(seat, card);
            }
            // Law 53C: declarer led out of turn and the defender on the irregular lead's right
            // plays: the lead stands and Law 57 applies.
            let declaring = self.final_contract().is_some_and(|fc| fc.declarer.side() == offender.side());
            if declaring && seat == offender.rho() && can_accept {
                self.awaiting.rectification = None;
                self.note(
                    Law::new("53C"),
                    format!("{seat:?} played to {offender:?}'s lead out of turn from the wrong side: the lead stands and Law 57 applies."),
                );
                self.accept_lead(offender, led)?;
                return self.on_play(seat, card);
            }
        }
        // Law 60B: a defender plays before declarer, required to retract a lead from the wrong
        // hand, has led from the correct one: the card becomes a major penalty card.
        if let (Some(play), None, Some(fc)) = (&self.play, &self.awaiting.rectification, self.final_contract()) {
            let index = play.tricks().len() - 1;
            let unled = play.current_trick().is_some_and(|t| t.cards.is_empty());
            if self.play_duties.declarer_retracted == Some(index) && unled && seat.side() != fc.declarer.side() {
                if !play.remaining(seat).contains(card) {
                    return Err(LawError::CardNotHeld { seat, card }.into());
                }
                if !self.play_duties.penalty_cards.contains(&(seat, card)) {
                    self.play_duties.penalty_cards.push((seat, card));
                }
                self.note(Law::new("60B"), format!("{seat:?} played the {card} before declarer led from the correct hand: a major penalty card (Law 50)."));
                return Ok(());
            }
        }
        if let (Some(play), None, None) = (&self.play, &self.awaiting.rectification, &self.result) {
            let declarer = self.final_contract().map(|fc| fc.declarer);
            let leading = play.current_trick().is_some_and(|t| t.cards.is_empty());
            if let (Some(declarer), Some(expected), true) = (declarer, play.to_play(), leading) {
                if play.opening_lead_made() && seat != expected {
                    if !play.remaining(seat).contains(card) {
                        return Err(LawError::CardNotHeld { seat, card }.into());
                    }
                    let last_trick = play.completed_tricks() == 12;
                    let mut options = Vec::new();
                    if seat.side() != declarer.side() {
                        // Law 56: a defender's lead out of turn; declarer's option.
                        let d = Chooser::Player(declarer);
                        if !last_trick {
                            options.push(option(d, Choice::Accept, Law::new("56A"), format!("Declarer accepts the {card} as the lead (53A).")));
                        }
                        options.push(option(
                            d,
                            Choice::Refuse,
                            Law::new("56B"),
                            format!("{seat:?} retracts the {card}, which becomes a major penalty card (50D); {expected:?} leads."),
                        ));
                    } else {
                        // Law 55: declarer led from his hand or dummy's; the defender next in turn decides (55A).
                        let next = Chooser::Player(seat.lho());
                        if !last_trick {
                            options.push(option(next, Choice::Accept, Law::new("55A"), format!("The defenders accept the {card} as the lead (53A).")));
                        }
                        if expected.side() != declarer.side() {
                            options.push(option(
                                next,
                                Choice::Refuse,
                                Law::new("55B1"),
                                format!("The {card} is restored to the hand; {expected:?} leads; no further rectification."),
                            ));
                        } else {
                            options.push(option(
                                next,
                                Choice::Refuse,
                                Law::new("55B2"),
                                format!("The {card} is withdrawn; declarer must lead from the correct hand ({expected:?})."),
                            ));
                        }
                    }
                    options.push(misinformed(seat, card));
                    self.open(Irregularity::LeadOutOfTurn { offender: seat, card, turn_of: expected }, options);
                    return Ok(());
                }
            }
        }
        if self.awaiting.rectification.is_none() && (self.premature(seat, card)? || self.premature_not_lead(seat, card)?) {
            return Ok(());
        }
        match self.check_card(seat, card) {
            // Law 61A: a failure to follow suit is a revoke: recorded, established when the
            // offending side plays to a later trick (63A1), adjusted after play (64).
            Ok(()) | Err(DirectorError::Table(LawError::MustFollowSuit { .. })) => {}
            // Law 61A, second part: failing, when able, to lead or play a card or suit required
            // by Law or by declarer's option in rectification (26B, 50D2(a), 51B, 57A) is a revoke
            // too: the card is played and the revoke recorded (Laws 62-64 apply).
            Err(e @ (DirectorError::LeadRequired { .. } | DirectorError::LeadProhibited { .. } | DirectorError::MustComply { .. }))
                if self.awaiting.rectification.is_none() =>
            {
                let Some(required) = self.broken_requirement(seat, &e) else { return Err(e) };
                self.note(
                    Law::new("61A"),
                    format!("{seat:?}'s {card} fails to comply with Law {} although he was able to: a revoke (Laws 62-64 apply).", required.law()),
                );
                return self.put_card_with(seat, card, Some(required));
            }
            // Law 52B: a defender leads or plays another card when required to play a penalty
            // card: declarer accepts it (52B1) or has the penalty card substituted (52B2).
            // Law 50C with 52: a lower card of a minor penalty card's suit played before it is a
            // failure to play the penalty card (when it could itself be played now).
            Err(
                ref e @ (DirectorError::PenaltyCardMustBePlayed { card: penalty, .. }
                | DirectorError::DesignatedPenaltyCard { card: penalty, .. }
                | DirectorError::MinorPenaltyCard { card: penalty, .. }),
            ) if self.awaiting.rectification.is_none() && (!matches!(e, DirectorError::MinorPenaltyCard { .. }) || self.check_card(seat, penalty).is_ok()) => {
                let declarer = self.final_contract().map(|fc| fc.declarer).ok_or(LawError::AuctionNotEnded)?;
                let d = Chooser::Player(declarer);
                self.open(
                    Irregularity::PenaltyCardNotPlayed { holder: seat, played: card, penalty },
                    vec![
                        option(d, Choice::Accept, Law::new("52B1(a)"), format!("Declarer accepts the {card}; the {penalty} remains a penalty card (52B1(c)).")),
                        option(
                            d,
                            Choice::Refuse,
                            Law::new("52B2"),
                            format!("{seat:?} plays the penalty card {penalty} instead; the {card} becomes a major penalty card."),
                        ),
                    ],
                );
                return Ok(());
            }
            Err(e) => return Err(e),
        }
        self.put_card(seat, card)
    }

    /// Plays `card` from `seat`'s hand (checked by the caller) and settles the penalty cards,
    /// a required lead and a premature card it concerns.
    fn put_card(&mut self, seat: Seat, card: Card) -> Result<(), DirectorError> {
        self.put_card_with(seat, card, None)
    }

    /// [`Self::put_card`], recording a revoke under the second part of Law 61A when the card
    /// failed to comply with `required`.
    fn put_card_with(&mut self, seat: Seat, card: Card, required: Option<crate::play::Requirement>) -> Result<(), DirectorError> {
        if let Some(play) = self.play.as_mut() {
            let index = play.tricks().len() - 1;
            play.play(seat, card)?;
            if let Some(required) = required {
                play.add_requirement_revoke(seat, card, index, required);
            }
        }
        self.play_duties.penalty_cards.retain(|pc| *pc != (seat, card));
        self.play_duties.minor_penalty_cards.retain(|pc| *pc != (seat, card));
        self.play_duties.required_lead = None;
        self.after_premature(seat, card)
    }

    /// Law 24: cards exposed during the auction.
    fn on_cards_exposed(&mut self, seat: Seat, cards: &[Card], led: bool) -> Result<(), DirectorError> {
        self.pending_error()?;
        if self.play.is_some() || self.result.is_some() {
            return Err(LawError::AuctionEnded.into());
        }
        let hand = self.board.deal.hand(seat);
        if let Some(card) = cards.iter().find(|c| !hand.contains(**c)) {
            return Err(LawError::CardNotHeld { seat, card: *card }.into());
        }
        let mut fresh: Vec<Card> = Vec::new();
        for c in cards {
            if !fresh.contains(c) && !self.auction.exposed.iter().any(|(s, e, _)| *s == seat && e == c) {
                fresh.push(*c);
            }
        }
        if fresh.is_empty() {
            return Err(DirectorError::NothingExposed { seat });
        }
        let honour = fresh.iter().any(|c| c.rank() >= tenace_core::Rank::Ten);
        let (l, consequence) = if fresh.len() >= 2 {
            ("24C", "two or more cards: partner must pass when next it is his turn to call")
        } else if honour || led {
            ("24B", "an honour or a premature lead: partner must pass when next it is his turn to call")
        } else {
            ("24A", "a single low card, not led: no further rectification")
        };
        if l != "24A" {
            self.add_obligation(Obligation::PassAtNextTurn { seat: seat.partner(), law: Law::new(l) });
        }
        for c in fresh {
            self.auction.exposed.push((seat, c, led));
        }
        self.note(Law::new(l), format!("{seat:?}'s exposed card(s) stay face up until the auction ends; {consequence} (see 24D/24E)."));
        Ok(())
    }

    /// Law 62D1: a revoke on trick twelve, even established, is corrected while the hands are
    /// still at the table: the offender's card to trick twelve and his last card (`card`, which
    /// must follow suit to trick twelve) change places; tricks twelve and thirteen are
    /// re-scored. Law 62D2 (a defender's partner had still to play): Law 16C, noted.
    fn correct_trick_twelve(&mut self, seat: Seat, card: Card) -> Result<(), DirectorError> {
        let play = self.play.as_ref().ok_or(LawError::AuctionNotEnded)?;
        let revoke = play.revokes().iter().find(|r| r.offender == seat && r.trick == 11 && !r.required.as_ref().is_some_and(|q| q.is_penalty_card())).cloned();
        let Some(revoke) = revoke else { return Err(DirectorError::NoRevokeToCorrect { seat }) };
        let (twelve, thirteen) = (&play.tricks()[11], &play.tricks()[12]);
        match &revoke.required {
            Some(q) if thirteen.card_of(seat) != Some(card) || !q.allows(card) => {
                return Err(DirectorError::MustComply { seat, law: q.law() });
            }
            None if thirteen.card_of(seat) != Some(card) || card.suit() != revoke.suit_led => {
                return Err(LawError::MustFollowSuit { seat, led: revoke.suit_led }.into());
            }
            _ => {}
        }
        let mut replayed = Play::new(&self.board.deal, play.dummy(), play.tricks()[0].leader, play.trump());
        for (i, trick) in play.tricks().iter().enumerate() {
            replayed.set_leader(trick.leader);
            for (k, c) in trick.cards.iter().enumerate() {
                let who = trick.player(k);
                let c = match (i, who == seat) {
                    (11, true) => card,
                    (12, true) => revoke.card,
                    _ => *c,
                };
                replayed.play(who, c)?;
            }
        }
        replayed.keep_revokes(play);
        replayed.inherit_owners(play);
        let position = |s: Seat| (s.index() + 4 - twelve.leader.index()) % 4;
        let partner_after = position(seat.partner()) > position(seat);
        self.play = Some(replayed);
        self.result = None;
        self.note(Law::new("62D1"), format!("{seat:?}'s revoke on trick twelve ({}) is corrected with the {card}.", revoke.card));
        let defender = self.final_contract().is_some_and(|fc| fc.declarer.side() != seat.side());
        if defender && partner_after {
            self.note(Law::new("62D2"), format!("{:?} played to trick twelve after the revoke: Law 16C applies.", seat.partner()));
        }
        Ok(())
    }

    /// Laws 48-50: cards exposed in the play period. Declarer's (and dummy's) never become
    /// penalty cards (48A); a defender's do (49): a single card below an honour exposed
    /// inadvertently is a minor penalty card, any other a major one (50B).
    fn on_exposed_in_play(&mut self, seat: Seat, cards: &[Card], deliberate: bool) -> Result<(), DirectorError> {
        self.pending_error()?;
        self.claim_error()?;
        if self.result.is_some() {
            return Err(DirectorError::BoardOver);
        }
        let play = self.play.as_ref().ok_or(LawError::AuctionNotEnded)?;
        if let Some(card) = cards.iter().find(|c| !play.remaining(seat).contains(**c)) {
            return Err(LawError::CardNotHeld { seat, card: *card }.into());
        }
        let fresh: Vec<Card> = cards
            .iter()
            .copied()
            .filter(|c| !self.play_duties.penalty_cards.contains(&(seat, *c)) && !self.play_duties.minor_penalty_cards.contains(&(seat, *c)))
            .collect();
        if fresh.is_empty() {
            return Err(DirectorError::NothingExposed { seat });
        }
        let declaring = self.final_contract().is_some_and(|fc| fc.declarer.side() == seat.side());
        if declaring {
            self.note(Law::new("48A"), format!("{seat:?}'s exposed card(s) are not penalty cards; declarer need not play them."));
            return Ok(());
        }
        let minor = !deliberate && matches!(fresh[..], [c] if c.rank() < tenace_core::Rank::Ten);
        for c in &fresh {
            if minor {
                self.play_duties.minor_penalty_cards.push((seat, *c));
            } else {
                self.play_duties.penalty_cards.push((seat, *c));
            }
        }
        let kind = if minor { "a minor penalty card (50B, 50C)" } else { "major penalty card(s) (50B, 50D)" };
        let shown: Vec<String> = fresh.iter().map(|c| c.to_string()).collect();
        self.note(Law::new("49"), format!("{seat:?}'s {} exposed: {kind}.", shown.join(", ")));
        Ok(())
    }

    /// Law 58B: several cards led or played at once from `seat`'s hand, `visible` of them seen.
    fn on_simultaneous(&mut self, seat: Seat, visible: &[Card]) -> Result<(), DirectorError> {
        self.pending_error()?;
        self.claim_error()?;
        let play = self.play.as_ref().ok_or(LawError::AuctionNotEnded)?;
        if let Some(card) = visible.iter().find(|c| !play.remaining(seat).contains(**c)) {
            return Err(LawError::CardNotHeld { seat, card: *card }.into());
        }
        let mut cards: Vec<Card> = visible.to_vec();
        cards.sort();
        cards.dedup();
        match cards[..] {
            [] => Err(DirectorError::NothingExposed { seat }),
            // 58B1: only one face visible: that card is played; the others are picked up (47F).
            [card] => {
                self.note(Law::new("58B1"), format!("Only the {card} of {seat:?}'s cards was visible: it is played."));
                self.on_play(seat, card)
            }
            _ => {
                let options = cards
                    .iter()
                    .map(|c| option(Chooser::Player(seat), Choice::Designate(*c), Law::new("58B2"), format!("{seat:?} designates the {c} as his play.")))
                    .collect();
                self.open(Irregularity::SimultaneousCards { offender: seat, visible: cards }, options);
                Ok(())
            }
        }
    }

    /// Law 58B2: the designated card is played; a defender's other visible cards become penalty
    /// cards (Law 50), declarer's are picked up.
    fn designate(&mut self, offender: Seat, visible: &[Card], choice: Choice) -> Result<(), DirectorError> {
        let Choice::Designate(card) = choice else { return Ok(()) };
        let defender = self.final_contract().is_some_and(|fc| fc.declarer.side() != offender.side());
        self.on_play(offender, card)?;
        let others: Vec<Card> = visible.iter().copied().filter(|c| *c != card).collect();
        // Law 50B: a single card below an honour exposed inadvertently is a minor penalty card.
        let minor = matches!(others[..], [c] if c.rank() < tenace_core::Rank::Ten);
        if defender {
            for c in &others {
                if minor {
                    self.play_duties.minor_penalty_cards.push((offender, *c));
                } else {
                    self.play_duties.penalty_cards.push((offender, *c));
                }
            }
        }
        let rest: Vec<String> = others.iter().map(|c| c.to_string()).collect();
        let fate = match (defender, minor) {
            (false, _) => "picked up (47F)",
            (true, true) => "a minor penalty card (Law 50B, 50C)",
            (true, false) => "major penalty card(s) (Law 50B, 50D)",
        };
        self.note(Law::new("58B2"), format!("{offender:?} plays the {card}; {} are {fate}.", rest.join(", ")));
        Ok(())
    }

    /// Law 62: correcting a revoke before it is established. The revoke card and every card
    /// played after it are taken back and `card` substituted (62B); the later cards then wait for
    /// their players' decisions (62C, [`AfterRevoke`]).
    fn on_correct_revoke(&mut self, seat: Seat, card: Card) -> Result<(), DirectorError> {
        self.pending_error()?;
        if self.result.as_ref().is_some_and(|r| r.ending == Ending::Played) {
            return self.correct_trick_twelve(seat, card);
        }
        if self.result.is_some() {
            return Err(DirectorError::BoardOver);
        }
        let play = self.play.as_ref().ok_or(LawError::AuctionNotEnded)?;
        // A penalty card not played whose replacement declarer accepted is not corrected (Law 52B1).
        let stands = |r: &&crate::play::Revoke| {
            !r.defective
                && !r.required.as_ref().is_some_and(|q| q.is_penalty_card())
                && play.tricks().get(r.trick).and_then(|t| t.card_of(r.offender)) == Some(r.card)
        };
        let revoke = play.revokes().iter().rev().filter(stands).find(|r| r.offender == seat);
        let Some(revoke) = revoke.cloned().filter(|_| self.awaiting.after_revoke.is_none()) else {
            return Err(DirectorError::NoRevokeToCorrect { seat });
        };
        // Law 62C3: both sides revoked on this trick and only one side has played to the next:
        // both revokes are corrected (the established one too), in rotation.
        let other = play.revokes().iter().filter(stands).find(|r| r.trick == revoke.trick && r.offender.side() != seat.side()).cloned();
        let one_side_on_next = play.tricks().get(revoke.trick + 1).is_none_or(|t| t.cards.len() <= 1);
        let both = other.filter(|_| one_side_on_next);
        if revoke.established && both.is_none() {
            return Err(DirectorError::NoRevokeToCorrect { seat });
        }
        if let Some(other) = &both {
            let leader = play.tricks()[revoke.trick].leader;
            let position = |s: Seat| (s.index() + 4 - leader.index()) % 4;
            if position(other.offender) < position(seat) {
                return Err(DirectorError::CorrectEarlierRevoke { seat: other.offender });
            }
        }
        let mut corrected = play.clone();
        let mut later = Vec::new();
        loop {
            match corrected.take_back() {
                Some((s, c)) if s == seat && c == revoke.card => break,
                Some(played) => later.push(played),
                None => return Err(DirectorError::NoRevokeToCorrect { seat }),
            }
        }
        later.reverse();
        corrected.check(seat, card)?;
        // Law 61A second part: the substitute must comply with the requirement broken (62B).
        if let Some(q) = revoke.required.as_ref().filter(|q| !q.allows(card)) {
            return Err(DirectorError::MustComply { seat, law: q.law() });
        }
        corrected.play(seat, card)?;
        let defender = self.final_contract().is_some_and(|fc| fc.declarer.side() != seat.side());
        self.play = Some(corrected);
        if defender {
            self.play_duties.penalty_cards.push((seat, revoke.card));
            self.note(Law::new("62B1"), format!("{seat:?}'s revoke card {} is withdrawn and becomes a major penalty card.", revoke.card));
        } else {
            self.note(Law::new("62B2"), format!("{seat:?}'s revoke card {} is replaced without further rectification.", revoke.card));
        }
        if !later.is_empty() {
            let l = Law::new(if both.is_some() { "62C3" } else { "62C" });
            let shown: Vec<String> = later.iter().map(|(s, c)| format!("{s:?}'s {c}")).collect();
            self.note(l, format!("Cards played after the revoke are taken back for their players' decisions: {}.", shown.join(", ")));
            self.awaiting.after_revoke = Some(AfterRevoke {
                revoker: seat,
                cards: later,
                non_offender_withdrew: false,
                waiting: None,
                law: l,
                correct: both.map(|r| (r.offender, r.card)),
                stand: Vec::new(),
            });
        }
        Ok(())
    }

    /// Law 53A: a lead out of turn after the opening lead stands.
    fn accept_lead(&mut self, offender: Seat, card: Card) -> Result<(), DirectorError> {
        let play = self.play.as_mut().ok_or(LawError::AuctionNotEnded)?;
        play.set_leader(offender);
        play.play(offender, card)?;
        Ok(())
    }

    /// Law 54A/54B: the opening lead out of turn by `offender` stands. With `spread`, declarer
    /// becomes dummy and the presumed dummy declares (the lead is then from declarer's left).
    fn accept_opening_lead(&mut self, offender: Seat, card: Card, spread: bool) -> Result<(), DirectorError> {
        let fc = self.final_contract().ok_or(LawError::AuctionNotEnded)?;
        let trump = fc.contract.strain().trump();
        // After 54A the presumed dummy declares and the old declarer's hand is dummy.
        let nominal = if spread { fc.declarer.partner() } else { fc.declarer };
        if spread {
            self.declarer_override = Some(fc.declarer.partner());
        }
        let mut play = Play::new(&self.board.deal, nominal.partner(), offender, trump);
        play.play(offender, card)?;
        self.play = Some(play);
        Ok(())
    }

    /// Ends the board with declarer's side winning `tricks` before the revoke adjustment
    /// (Law 64), which is applied here, and scores it (Law 77).
    fn finish(&mut self, tricks: u8, ending: Ending) {
        if let Some(play) = self.play.as_mut() {
            play.record_claimed_tricks(tricks);
        }
        let (Some(fc), Some(play)) = (self.final_contract(), self.play.as_ref()) else { return };
        let mut tricks = tricks;
        let mut notes = Vec::new();
        for (r, count, l) in play.revoke_adjustment() {
            if r.offender.side() == fc.declarer.side() {
                tricks = tricks.saturating_sub(count);
            } else {
                tricks = (tricks + count).min(13);
            }
            notes.push(Note {
                law: Law::new(l),
                text: format!("{:?}'s revoke on trick {} ({}): {count} trick(s) transferred.", r.offender, r.trick + 1, r.card),
            });
        }
        self.notes.extend(notes);
        let vulnerable = self.board.vulnerability.is_vulnerable(fc.declarer.side());
        let score = fc.contract.score(tricks, vulnerable).unwrap_or(0);
        let score_ns = if fc.declarer.side() == Side::NorthSouth { score } else { -score };
        self.result = Some(BoardResult { contract: Some(fc), declarer_tricks: tricks, ending, score_ns });
    }

    /// After every event: start the play when the auction has ended, keep Law 26B current,
    /// finish the board after thirteen tricks.
    fn settle(&mut self) {
        if self.awaiting.rectification.is_some() || self.result.is_some() {
            return;
        }
        if self.play.is_none() {
            if !auction::is_over(&self.calls) {
                return;
            }
            match self.final_contract() {
                Some(fc) => {
                    self.auction.obligations.clear();
                    self.auction.pending.clear();
                    self.dispose_exposed(fc.declarer.side());
                    for r in self.play_duties.restrictions.iter_mut() {
                        if r.offender.side() == fc.declarer.side() {
                            r.state = RestrictionState::Spent;
                        }
                    }
                    self.play = Some(Play::new(&self.board.deal, fc.declarer.partner(), fc.declarer.lho(), fc.contract.strain().trump()));
                }
                None => {
                    self.result = Some(BoardResult { contract: None, declarer_tricks: 0, ending: Ending::PassedOut, score_ns: 0 });
                    return;
                }
            }
        }
        if self.advance_after_revoke() {
            return;
        }
        let Some(play) = &self.play else { return };
        if play.is_ended() {
            let tricks = self.final_contract().map_or(0, |fc| play.tricks_won(fc.declarer.side()));
            self.finish(tricks, Ending::Played);
            return;
        }
        let Some(trick) = play.current_trick() else { return };
        // Law 51A: two or more penalty cards that may legally be played: declarer designates.
        if let (Some(seat), Some(fc)) = (play.to_play(), self.final_contract()) {
            let index = play.tricks().len() - 1;
            let due: Vec<Card> = self
                .play_duties
                .penalty_cards
                .iter()
                .filter(|(s, c)| *s == seat && self.check_card_other_than_57a(seat, *c).is_ok())
                .map(|(_, c)| *c)
                .collect();
            let decided = self.play_duties.designated.is_some_and(|(s, _, t)| s == seat && t == index);
            if due.len() >= 2 && !decided && seat.side() != fc.declarer.side() {
                let d = Chooser::Player(fc.declarer);
                let options = due.iter().map(|c| option(d, Choice::Designate(*c), Law::new("51A"), format!("{seat:?} plays the penalty card {c}."))).collect();
                self.open(Irregularity::PenaltyCardsDesignation { holder: seat, cards: due }, options);
                return;
            }
        }
        if !trick.cards.is_empty() {
            return;
        }
        let leader = trick.leader;
        let Some(declarer) = self.final_contract().map(|fc| fc.declarer) else { return };
        let mut open = None;
        for r in self.play_duties.restrictions.iter_mut() {
            match r.state {
                RestrictionState::Prohibited(_) if r.offender.partner() != leader => r.state = RestrictionState::Spent,
                RestrictionState::Waiting if r.offender.partner() == leader && open.is_none() => open = Some(r.offender),
                _ => {}
            }
        }
        if let Some(offender) = open {
            let options = self.lead_restriction_options(offender, leader, declarer);
            self.open(Irregularity::LeadRestriction { offender, leader }, options);
            return;
        }
        // Law 50D2: the leader's partner (a defender) has a major penalty card.
        let trick_index = play.tricks().len() - 1;
        let holder = leader.partner();
        let suits: Vec<Suit> =
            Suit::DESCENDING.into_iter().filter(|s| self.play_duties.penalty_cards.iter().any(|(p, c)| *p == holder && c.suit() == *s)).collect();
        if leader.side() != declarer.side() && !suits.is_empty() && self.play_duties.penalty_decided != Some(trick_index) {
            let d = Chooser::Player(declarer);
            let several = self.play_duties.penalty_cards.iter().filter(|(p, _)| *p == holder).count() > 1;
            // Law 50D2 for one penalty card; 51B1 for two or more in one suit; 51B2 for
            // penalty cards in more than one suit.
            let (require, prohibit, none) = match (suits.len() > 1, several) {
                (true, _) => (Law::new("51B2(a)"), Law::new("51B2(b)"), Law::new("51B2(c)")),
                (false, true) => (Law::new("51B1(a)"), Law::new("51B1(b)"), Law::new("50D2(b)")),
                (false, false) => (Law::new("50D2(a)"), Law::new("50D2(a)"), Law::new("50D2(b)")),
            };
            let mut options = Vec::new();
            for s in suits {
                options.push(option(
                    d,
                    Choice::RequireLead(s),
                    require,
                    format!("{leader:?} must lead {}; {holder:?}'s penalty card(s) in it are picked up.", suit_word(s)),
                ));
                options.push(option(
                    d,
                    Choice::ProhibitLead(s),
                    prohibit,
                    format!("{leader:?} may not lead {} while he retains the lead; {holder:?}'s penalty card(s) in it are picked up.", suit_word(s)),
                ));
            }
            options.push(option(d, Choice::NoProhibition, none, format!("No requirement: {leader:?} may lead any card; the penalty card(s) stay.")));
            self.open(Irregularity::PenaltyCardLead { holder, leader }, options);
        }
    }
}
