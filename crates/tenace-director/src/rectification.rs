//! The vocabulary of a ruling: events at the face-to-face table, the irregularity found, the
//! options the Laws give (who chooses, under which Law), and the obligations that follow.

use crate::law::Law;
use std::fmt;

use serde::{Deserialize, Serialize};
use tenace_core::{Bid, Call, Card, Seat, Strain, Suit};

/// What a player said at the table: a call, or a "bid" of more than seven (Law 38), which is
/// not a [`Call`] at all but still happens.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Spoken {
    Call(Call),
    /// A bid of more than seven odd tricks (Law 35C, 38).
    BidAboveSeven {
        level: u8,
        strain: Strain,
    },
}

impl From<Call> for Spoken {
    fn from(c: Call) -> Spoken {
        Spoken::Call(c)
    }
}

impl fmt::Display for Spoken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spoken::Call(c) => write!(f, "{c}"),
            Spoken::BidAboveSeven { level, strain } => write!(f, "{level}{strain}"),
        }
    }
}

/// Something that happens at the table. The state is a fold over these (the event log is the
/// truth); irregular calls are recorded, not refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FaceEvent {
    /// `seat` makes a call, in rotation or not, legal or not.
    Call { seat: Seat, call: Spoken },
    /// A card played from `seat`'s hand (declarer plays dummy's, Law 45B).
    Play { seat: Seat, card: Card },
    /// The player (or the Director, for a judgement the Laws give him) picks one of the options of
    /// the pending rectification.
    Choose { by: Chooser, choice: Choice },
    /// Law 24: the Director determines that during the auction, by `seat`'s own error, `cards` of
    /// his hand could have been seen by his partner (`prematurely_led`: as a lead).
    CardsExposed {
        seat: Seat,
        cards: Vec<Card>,
        #[serde(default)]
        prematurely_led: bool,
    },
    /// Law 62: attention is drawn to `seat`'s revoke before it is established and it is
    /// corrected: the revoke card (the last card played) is withdrawn and `card` substituted.
    CorrectRevoke { seat: Seat, card: Card },
    /// Law 25A: the Director judges that `seat`'s last call was unintended (a mechanical error or
    /// slip of the tongue) and lets `intended` replace it.
    UnintendedCall { seat: Seat, intended: Call },
    /// Law 68: `seat` claims that his side will win `tricks` of the remaining tricks (conceding
    /// the rest, 68B); play ceases (68D1). `order` and `mentions_trumps` record what the
    /// statement commits him to (68C), for a ruling under Law 70.
    Claim {
        seat: Seat,
        tricks: u8,
        #[serde(default)]
        statement: String,
        #[serde(default)]
        order: Vec<Card>,
        #[serde(default)]
        mentions_trumps: bool,
    },
    /// Laws 48-50, in the play period: `cards` of `seat`'s hand exposed other than in the normal
    /// course of play (dropped face up, or named as held); `deliberate` when exposed through a
    /// deliberate act (Law 50B: then major penalty cards even if low).
    ExposedInPlay {
        seat: Seat,
        cards: Vec<Card>,
        #[serde(default)]
        deliberate: bool,
    },
    /// Law 58B: `seat` leads or plays several cards at once; `visible` are those whose faces
    /// could be seen (58B1: only one visible — it is played).
    SimultaneousCards { seat: Seat, visible: Vec<Card> },
    /// Law 69A: an opponent of the claimer agrees to the claim, or disputes it (68D2: the
    /// Director is summoned).
    AnswerClaim { seat: Seat, agree: bool },
    /// Law 67: the Director finds that trick `trick` (1 to 13, a quitted trick) is defective
    /// because of `seat`. With `extra` empty, `seat` omitted to play to it: the card the record
    /// shows for him there was not played and is still in his hand. Otherwise he played the
    /// `extra` cards (still in his hand in the record) besides the recorded one.
    DefectiveTrick {
        trick: u8,
        seat: Seat,
        #[serde(default)]
        extra: Vec<Card>,
    },
    /// Law 45D: dummy placed in the played position a card declarer did not name; `named` is
    /// the card declarer named. It concerns dummy's most recent card.
    DummyCardNotNamed { named: Card },
    /// Law 45C4(b), 47C: the Director allows declarer to correct an unintended designation (a
    /// slip of the tongue, not a loss of concentration or a reconsideration) of dummy's most
    /// recent card before he has next played from either hand: `card` replaces it. An opponent
    /// who has since played in turn a card that was legal may withdraw it (47D, Law 16C1).
    ChangeOfDesignation { card: Card },
    /// After an agreed claim: a player of the side that agreed withdraws his acquiescence
    /// (Law 69B), or the conceding side asks the Director to cancel its concession (Law 71).
    ReviewClaim { seat: Seat },
    /// Laws 26B, 29C: the Director states which suits `seat`'s call `call` in the legal auction
    /// specified (its meaning, when artificial: e.g. a Stayman 2C specifies hearts and spades,
    /// not clubs; `suits` may be empty, e.g. for a relay). It replaces, for that call, the
    /// default reading "a bid specifies the suit it names". `call` is the most recent such call
    /// of `seat` that stands in the legal auction. The Law 26B options offered to declarer leave
    /// out exactly the suits the offender specified; a 26B option already on offer is
    /// recomputed.
    SuitsSpecified {
        seat: Seat,
        call: Call,
        #[serde(default)]
        suits: Vec<Suit>,
    },
    /// Law 11A: the Director rules that the non-offending side has forfeited its right to
    /// rectification of the pending irregularity (one of its members acted before summoning
    /// the Director, and the Director so rules). The rectification is resolved as the
    /// non-offenders' waiver (their option to accept the irregularity, or to prohibit or
    /// require nothing, or to keep their card), with an 11A note for the Director's Law 12
    /// review (11A: an adjusted score for a side that gained through an opponent's action in
    /// ignorance of the law; 11B: a procedural penalty may still be assessed).
    RightForfeited,
    /// Law 12C: the Director awards an adjusted score, written as the scorer writes it
    /// (tenace-events' outcome label: `60% 4S N -1 + 40% 3NT S =`, `A+/A-`, `adj 4S N =`); it
    /// replaces the result obtained at the table in the hand-off (Law 12). A later award
    /// replaces an earlier one.
    AdjustedScore { outcome: String },
    /// Law 16B: the Director records unauthorized information from partner (`source`: a
    /// hesitation, an alert, a remark) before call number `call` of the auction (1 for the
    /// dealer's first); the robots are polled on that hand for the logical alternatives, and the
    /// note (a Law 12 review) asks whether the call taken was demonstrably suggested.
    UnauthorizedInformation { call: usize, source: String },
    /// Laws 20F, 21B, 40B, 75: the Director records the explanation given of call number `call`
    /// (by the caller's partner) and, when known, the partnership's agreement; the note states
    /// the Laws' questions in order (misinformation or misbid, what the non-offenders may do now,
    /// damage) and the board joins the Law 12 review.
    Explanation {
        call: usize,
        explanation: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        agreement: Option<String>,
    },
    /// Law 10B: the Director cancels the enforcement or waiver of a rectification that a player
    /// made without his instructions: the last event, a player's choice, is undone and the
    /// rectification is offered again. (Allowing it is doing nothing.)
    CancelChoice,
    /// Law 43B2(a): the Director finds that dummy, after violating a limitation of Law 43A2
    /// (exchanging hands with declarer, leaving his seat to watch declarer's play, looking at a
    /// defender's cards), warned declarer not to lead from the wrong hand as the declaring side
    /// was about to lead to a trick. Either defender may choose the hand from which declarer
    /// leads: a rectification ([`Irregularity::DummyWarnedWrongHand`]) offers each defender
    /// [`Choice::LeadFrom`] declarer's hand or dummy's; the chosen hand leads next. Refused
    /// (`Law 43B2(a)`) unless the declaring side is to lead to a trick after the opening lead.
    DummyWarnedWrongHand,
    /// Law 43B2(b): dummy, after violating Law 43A2, was the first to ask declarer whether his
    /// most recent card from his own hand was a revoke, and it was (not yet established):
    /// declarer substitutes `card` (a correct card; the cards played after it are dealt with as
    /// in Law 62C) and Law 64 applies as if the revoke had been established — the revoke is kept
    /// on record ([`crate::play::Revoke::dummy_asked`]) and the tricks it costs are transferred
    /// at the end of play. Refused (`Law 43B2(b)`) when declarer's last card from his own hand
    /// was not an unestablished revoke.
    DummyAskedRevoke { card: Card },
    /// Law 43B3: dummy, after violating Law 43A2, was the first to draw attention to a
    /// defender's irregularity in the play: there is no immediate rectification and play
    /// continues as though no irregularity had occurred. The pending rectification (a lead out
    /// of turn, 54/56; a penalty card not played, 52; a premature play, 57) is resolved as the
    /// declaring side's acceptance (the lead or card stands; a premature card stands and is no
    /// penalty card), with a 43B3 note for the Director's Law 12 review: if the defending side
    /// gained through its irregularity he adjusts only its score; the declaring side keeps its
    /// table score. Refused (`Law 43B3`) when no such rectification is pending.
    DummyDrewAttention,
}

/// A claim or concession (Law 68) and the opponents who have agreed to it so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimMade {
    pub claimer: Seat,
    /// Of the remaining tricks (the one in progress included), those the claimer's side wins.
    pub tricks: u8,
    /// How many tricks remained when the claim was made.
    pub remaining: u8,
    pub statement: String,
    pub order: Vec<Card>,
    pub mentions_trumps: bool,
    pub agreed: Vec<Seat>,
}

/// Who makes a choice: a player, or the Director where the Laws leave a matter to his judgement
/// (e.g. whether a call is comparable, Law 23A).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chooser {
    Player(Seat),
    Director,
}

impl fmt::Display for Chooser {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chooser::Player(s) => f.write_str(s.name()),
            Chooser::Director => f.write_str("the Director"),
        }
    }
}

/// A choice among the options of a rectification.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    /// Accept the irregular call: it stands as if legal (Law 27A1, 29A, 25B1).
    Accept,
    /// Do not accept it: it is cancelled or withdrawn (Law 27B, 29B, 25B2).
    Refuse,
    /// Director: the correction of an insufficient bid is the lowest sufficient bid naming the same
    /// denomination(s), and the insufficient bid was not artificial (Law 27B1(a)).
    LowestSufficientSameDenomination,
    /// Director: the replacing call is comparable (Law 23A).
    Comparable,
    /// Director: the replacing call is not comparable (Law 23A).
    NotComparable,
    /// Director: the pass out of rotation was natural (Law 30 applies)...
    Natural,
    /// ...or artificial, or a pass of an artificial call (Law 30C: Law 31 applies).
    Artificial,
    /// Director: the call was unintended (Law 25A).
    Unintended,
    /// Director: apply the only rectification the Law gives (Laws 36B, 37B, 38, 39).
    Rectify,
    /// Law 54A: declarer spreads his hand and becomes dummy.
    SpreadHand,
    /// Law 25A6: the LHO keeps the call made over the replaced call...
    KeepCall,
    /// ...or withdraws it.
    WithdrawCall,
    /// Law 50D2(a): declarer requires the lead of this suit.
    RequireLead(Suit),
    /// Law 26B, 50D2(a): declarer prohibits the lead of this suit...
    ProhibitLead(Suit),
    /// ...or prohibits nothing.
    NoProhibition,
    /// Director (Laws 69B, 70, 71): the claimer's side wins this many of the remaining tricks.
    AwardTricks(u8),
    /// Law 68D2(b): all four players agree that play continues; the claim is void.
    PlayOn,
    /// Law 57A1: the offender's partner plays his highest card of the suit led...
    PlayHighest,
    /// ...57A2: his lowest card of the suit led...
    PlayLowest,
    /// ...57A3: a card of this other suit...
    RequireSuit(Suit),
    /// ...57A4: no card of this other suit.
    ForbidSuit(Suit),
    /// Law 58B2: the offender designates the card he proposes to play; Law 51A: declarer
    /// designates which penalty card is played; Law 67: the card supplied to, or left in, a
    /// defective trick.
    Designate(Card),
    /// Director, Law 45E via 67A2: the extra card(s) were contributed to the trick as a fifth
    /// card (a defender's become penalty cards, declarer's go back to his hand)...
    FifthCard,
    /// ...45E: the extra card was led to the next trick (Laws 53-56 apply)...
    FifthCardLed,
    /// ...58B via 67A2: the cards were played simultaneously; the offender designates one.
    Simultaneous,
    /// Director, Law 57C2: dummy had prompted the premature play (selected a card of his own
    /// volition before his RHO, or illegally suggested one); Law 47E1: an opponent told the
    /// player it was his lead. No rectification.
    NoRectification,
    /// Law 62C: the player keeps the card he played after the revoke...
    KeepCard,
    /// ...or withdraws it and plays again (62C1; 62C2: a defender's becomes a penalty card).
    WithdrawCard,
    /// Law 43B2(a): a defender chooses the hand (declarer's or dummy's) from which declarer leads.
    LeadFrom(Seat),
}

/// One option the Laws give: who chooses, the Law, and what it does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RectOption {
    pub chooser: Chooser,
    pub choice: Choice,
    pub law: Law,
    pub description: String,
}

/// The irregularity being rectified.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Irregularity {
    /// Law 27: an insufficient bid in rotation.
    InsufficientBid { offender: Seat, bid: Bid },
    /// Law 27C: the offender replaced his insufficient bid before the LHO chose.
    PrematureReplacement { offender: Seat, bid: Bid, substitute: Call },
    /// Law 27B4: an insufficient bid replaced by another insufficient bid.
    InsufficientSubstitute { offender: Seat, bid: Bid, withdrawn: Bid },
    /// Law 27B1-3: the correction of a withdrawn insufficient bid, for the Director to judge.
    InsufficientBidCorrected { offender: Seat, withdrawn: Bid, correction: Call },
    /// Laws 29-32: a call out of rotation, made when it was `turn_of`'s turn.
    OutOfRotation { offender: Seat, call: Call, turn_of: Seat },
    /// Law 30C: a cancelled pass out of rotation, for the Director to judge natural or artificial.
    PassOutOfRotationCancelled { offender: Seat, turn_of: Seat },
    /// Laws 30B1(b), 31A2, 31B2, 32A2, 32B2, 25B1: the call that replaces a cancelled or withdrawn
    /// call, for the Director to judge comparable or not.
    Replacement { offender: Seat, withdrawn: Call, replacement: Call, law: Law },
    /// Law 25B: a change of call (a call at LHO's turn by a player who has just called).
    ChangeOfCall { offender: Seat, original: Call, substitute: Call },
    /// Law 25A6: after an unintended call was replaced, the LHO's call made over it.
    CallOverUnintended { lho: Seat, call: Call },
    /// Law 36: an inadmissible double or redouble (Law 19), made when it was `turn_of`'s turn.
    InadmissibleDouble { offender: Seat, call: Call, turn_of: Seat },
    /// Law 37: a bid, double or redouble by a player required to pass.
    ViolatesObligationToPass { offender: Seat, call: Call },
    /// Law 38: a bid of more than seven, made when it was `turn_of`'s turn.
    BidAboveSeven { offender: Seat, level: u8, strain: Strain, turn_of: Seat },
    /// Law 39: a call after the final pass of the auction.
    CallAfterFinalPass { offender: Seat, call: Spoken },
    /// Law 54: the opening lead faced by the wrong defender.
    OpeningLeadOutOfTurn { offender: Seat, card: Card },
    /// Laws 55, 56: a lead out of turn after the opening lead, made when it was `turn_of`'s lead.
    LeadOutOfTurn { offender: Seat, card: Card, turn_of: Seat },
    /// Law 50D2 (51B): the leader's partner has a major penalty card; declarer's options.
    PenaltyCardLead { holder: Seat, leader: Seat },
    /// Law 51B2(b): declarer has prohibited the lead of one suit of `holder`'s penalty cards and
    /// may prohibit one or more of the other suits too.
    FurtherProhibition { holder: Seat, leader: Seat },
    /// Law 26B: at the offender's partner's first turn to lead, declarer's option.
    LeadRestriction { offender: Seat, leader: Seat },
    /// Law 51A: `holder` must play a penalty card and has several that may legally be played.
    PenaltyCardsDesignation { holder: Seat, cards: Vec<Card> },
    /// Law 58B2: several cards visible from one hand; the offender designates one.
    SimultaneousCards { offender: Seat, visible: Vec<Card> },
    /// Law 57: a defender's premature lead to the next trick (`lead`) or play before his partner.
    PrematurePlay { offender: Seat, card: Card, lead: bool },
    /// Law 67: trick `trick` (0-based index) is defective: `offender` omitted to play to it
    /// (`extra` empty) or played `extra` besides his recorded card; `timely`: found before a
    /// player of each side has played to the following trick (67A), otherwise 67B.
    DefectiveTrick { offender: Seat, trick: usize, extra: Vec<Card>, timely: bool },
    /// Laws 67A2, 58B2: the offender designates which of the `visible` cards he played to the
    /// defective trick `trick`.
    DefectiveTrickDesignation { offender: Seat, trick: usize, visible: Vec<Card> },
    /// Law 53A/53B: after `offender`'s lead out of turn (`led`), the player next in rotation, who
    /// was also the proper leader, played `card`: the Director judges whether it was a play to
    /// the irregular lead (53A) or his proper lead (53B).
    PlayOrProperLead { offender: Seat, led: Card, player: Seat, card: Card },
    /// Law 62C: after `revoker`'s revoke was corrected, `seat` played `card` after the revoke and
    /// may withdraw it (62C1, a non-offender; 62C2, the offending side after a non-offender has).
    CardAfterRevoke { revoker: Seat, seat: Seat, card: Card },
    /// Law 58B3 (`offender` changed his card to a trick, 58B2 via 67A2), 45D1 (dummy's card
    /// declarer had not named was replaced) or 45C4(b) (declarer changed an unintended
    /// designation of dummy's card): `seat` played `card` after it and may withdraw it without
    /// further rectification (47D).
    CardAfterChange { offender: Seat, seat: Seat, card: Card },
    /// Law 52B: `holder`, required to play the penalty card `penalty` (Laws 50, 51), led or
    /// played `played` instead.
    PenaltyCardNotPlayed { holder: Seat, played: Card, penalty: Card },
    /// Law 70: a claim disputed by `disputed_by`. `normal_line`: the tricks the claimer's side
    /// wins by its worst normal line ([`crate::claim`]), when the search could decide.
    ContestedClaim { claimer: Seat, tricks: u8, disputed_by: Seat, normal_line: Option<u8> },
    /// Law 69B (`by` on the side that agreed) or 71 (`by` on the conceding side): an agreed
    /// claim brought back to the Director.
    ClaimReviewed { claimer: Seat, tricks: u8, by: Seat, normal_line: Option<u8> },
    /// Law 43B2(a): dummy, after a Law 43A2 violation, warned declarer not to lead from the
    /// wrong hand; `leader` was the hand due to lead. Either defender chooses the hand.
    DummyWarnedWrongHand { declarer: Seat, leader: Seat },
}

/// A pending rectification: the irregularity and every option the Laws give.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rectification {
    pub irregularity: Irregularity,
    pub options: Vec<RectOption>,
}

/// A duty that follows from a rectification and that the legal-move generator enforces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Obligation {
    /// The player must pass when next it is his turn to call.
    PassAtNextTurn { seat: Seat, law: Law },
    /// The player must pass whenever it is his turn to call, for the rest of the auction.
    PassThroughout { seat: Seat, law: Law },
    /// Laws 31A1, 32A1: the offender must repeat the call made out of rotation.
    RepeatCall { seat: Seat, call: Call, law: Law },
}

impl Obligation {
    pub fn seat(&self) -> Seat {
        match self {
            Obligation::PassAtNextTurn { seat, .. } | Obligation::PassThroughout { seat, .. } | Obligation::RepeatCall { seat, .. } => *seat,
        }
    }

    pub fn law(&self) -> Law {
        match self {
            Obligation::PassAtNextTurn { law, .. } | Obligation::PassThroughout { law, .. } | Obligation::RepeatCall { law, .. } => *law,
        }
    }
}

/// Where a Law 26B lead restriction stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RestrictionState {
    /// Declarer's option waits for the offender's partner's first turn to lead.
    Waiting,
    /// The suit is prohibited for as long as the offender's partner retains the lead.
    Prohibited(Suit),
    /// Used up, declined, or void (the offender did not become a defender).
    Spent,
}

/// A Law 26B lead restriction earned by an offender's withdrawn call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeadRestriction {
    pub offender: Seat,
    /// The Law that made it apply (e.g. `27B2`).
    pub law: Law,
    pub state: RestrictionState,
}

/// A matter recorded for the Director's later assessment (e.g. Law 23C, 27D adjusted scores)
/// or for the players' information (Law 16C).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    pub law: Law,
    pub text: String,
}

impl Irregularity {
    /// One line naming the irregularity and its facts, for the Director and the players
    /// (`insufficient bid (offender=North, bid=1H)`; tricks numbered from 1).
    pub fn summary(&self) -> String {
        describe(&serde_json::to_value(self).unwrap_or_default())
    }
}

/// A compact one-line rendering of a serialized irregularity or obligation: its kind, then its
/// fields. A `trick` is an index into the play (0 for the first trick) and is shown numbered
/// from 1, as the Laws and the players count tricks.
pub fn describe(v: &serde_json::Value) -> String {
    let Some(map) = v.as_object() else { return v.to_string() };
    let kind = map.get("kind").and_then(|k| k.as_str()).unwrap_or("").replace('_', " ");
    let fields: Vec<String> = map
        .iter()
        .filter(|(k, _)| k.as_str() != "kind")
        .map(|(k, v)| {
            let value = match (k.as_str(), v.as_u64()) {
                ("trick", Some(index)) => (index + 1).to_string(),
                _ => v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string()),
            };
            format!("{}={value}", k.replace('_', " "))
        })
        .collect();
    format!("{kind} ({})", fields.join(", "))
}
