//! Helpers shared by the scenario tests.
#![allow(dead_code)]

use tenace_core::{Board, BoardNumber, Call, Card, Deal, Seat};
use tenace_director::{Choice, Chooser, DirectorError, FaceEvent, FaceTable, Irregularity, Spoken};

/// Board 1: North deals, nobody vulnerable.
pub const DEAL: &str = "N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 654.T87.T98.T654";
/// West holds the top spades; East-West defending, West on lead against South wins the first four
/// tricks (for Law 26B "retains the lead").
pub const SPADES_WEST: &str = "N:J43.AKQ.AKQJ.A32 T98.J76.765.KQJ4 765.5432.432.765 AKQ2.T98.T98.T98";

pub fn table_with(deal: &str) -> FaceTable {
    FaceTable::new(Board::numbered(BoardNumber::new(1).unwrap(), Deal::from_pbn(deal).unwrap())).unwrap()
}

pub fn table() -> FaceTable {
    table_with(DEAL)
}

/// Board 1 after 1NT by North, passed out: East to lead, South dummy.
pub fn north_declares() -> FaceTable {
    let mut t = table();
    auction(&mut t, "1NT P P P");
    t
}

/// The Laws of the notes, in order.
pub fn note_laws(t: &FaceTable) -> Vec<String> {
    t.notes().iter().map(|n| n.law.to_string()).collect()
}

pub fn c(s: &str) -> Call {
    s.parse().unwrap()
}

pub fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// `seat` says `call` (in rotation or not).
pub fn say(t: &mut FaceTable, seat: Seat, call: &str) -> Result<(), DirectorError> {
    t.apply(FaceEvent::Call { seat, call: Spoken::Call(c(call)) })
}

/// Calls in rotation by whoever is to call.
pub fn auction(t: &mut FaceTable, calls: &str) {
    for w in calls.split_whitespace() {
        let seat = t.to_call().unwrap_or_else(|| panic!("nobody to call {w}: {:?}", t.rectification()));
        say(t, seat, w).unwrap();
        let opened = t.rectification().map(|r| &r.irregularity);
        assert!(opened.is_none() || matches!(opened, Some(Irregularity::LeadRestriction { .. })), "{w} by {seat:?} opened {opened:?}");
    }
}

pub fn choose(t: &mut FaceTable, by: Chooser, choice: Choice) -> Result<(), DirectorError> {
    t.apply(FaceEvent::Choose { by, choice })
}

/// Law 27B2: `offender`'s insufficient `bid` is not accepted by his LHO, and the Director judges
/// the `correction` not comparable (partner must pass throughout; Law 26B may apply).
pub fn corrected_not_comparable(t: &mut FaceTable, offender: Seat, bid: &str, correction: &str) {
    say(t, offender, bid).unwrap();
    choose(t, player(offender.lho()), Choice::Refuse).unwrap();
    say(t, offender, correction).unwrap();
    choose(t, Chooser::Director, Choice::NotComparable).unwrap();
}

/// 1NT by North; East wins the HA and West leads the S6 out of turn, retracted (56B): a major
/// penalty card. East leads the SQ, dummy the ST: West must play the S6 (50D1).
pub fn west_must_play_the_s6() -> FaceTable {
    let mut t = table();
    auction(&mut t, "1NT P P P");
    play(&mut t, "HA H6 H8 H4");
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S6") }).unwrap();
    choose(&mut t, player(Seat::North), Choice::Refuse).unwrap();
    choose(&mut t, player(Seat::North), Choice::NoProhibition).unwrap();
    play(&mut t, "SQ ST");
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("S6")]);
    t
}

pub fn player(s: Seat) -> Chooser {
    Chooser::Player(s)
}

/// The options on offer: (chooser, choice, law).
pub fn options(t: &FaceTable) -> Vec<(Chooser, Choice, String)> {
    t.rectification().expect("a rectification").options.iter().map(|o| (o.chooser, o.choice, o.law.to_string())).collect()
}

/// Plays cards in order, by whichever hand is to play.
pub fn play(t: &mut FaceTable, cards: &str) {
    for w in cards.split_whitespace() {
        let seat = t.to_play().expect("a hand to play");
        t.apply(FaceEvent::Play { seat, card: card(w) }).unwrap();
    }
}

/// Plays the lowest legal card until the board ends.
pub fn play_out(t: &mut FaceTable) {
    while let Some(seat) = t.to_play() {
        let card = t.legal_cards().iter().next().expect("a legal card");
        t.apply(FaceEvent::Play { seat, card }).unwrap();
    }
}

/// Asserts the event is refused with the Law given and that nothing changed.
pub fn refused(t: &mut FaceTable, event: FaceEvent, law: &str) {
    let before = t.clone();
    let e = t.apply(event).unwrap_err();
    assert_eq!(e.law(), law, "{e}");
    assert!(e.to_string().starts_with(&format!("Law {law}")), "{e}");
    assert_eq!(*t, before);
}
