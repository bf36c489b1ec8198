//! Law 45D: dummy places in the played position a card declarer did not name.

mod common;

use common::*;
use tenace_core::Seat;
use tenace_director::{Choice, FaceEvent, FaceTable, Irregularity};

/// 1NT by North (South dummy); East leads the SQ, dummy puts the S7 (declarer named the S8),
/// West plays the S4 and declarer the SA.
fn dummy_misplays() -> FaceTable {
    let mut t = north_declares();
    play(&mut t, "SQ S7 S4 SA");
    t
}

#[test]
fn law_45d1_the_card_is_withdrawn_defender_then_declarer_may_change_their_cards() {
    let mut t = dummy_misplays();
    t.apply(FaceEvent::DummyCardNotNamed { named: card("S8") }).unwrap();
    assert_eq!(t.play().unwrap().tricks()[0].cards, vec![card("SQ"), card("S8")]);
    assert!(t.play().unwrap().remaining(Seat::South).contains(card("S7")));
    let w = player(Seat::West);
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(Irregularity::CardAfterChange { offender: Seat::South, seat: Seat::West, .. })));
    assert_eq!(options(&t), vec![(w, Choice::KeepCard, "45D1".to_string()), (w, Choice::WithdrawCard, "45D1".to_string())]);
    refused(&mut t, FaceEvent::Choose { by: player(Seat::North), choice: Choice::WithdrawCard }, "45D1");
    choose(&mut t, w, Choice::WithdrawCard).unwrap();
    assert!(t.penalty_cards().is_empty(), "no rectification for the defender's change");
    play(&mut t, "S5");
    // Declarer's RHO changed his play: declarer may withdraw his card too.
    let n = player(Seat::North);
    assert_eq!(options(&t), vec![(n, Choice::KeepCard, "45D1".to_string()), (n, Choice::WithdrawCard, "45D1".to_string())]);
    choose(&mut t, n, Choice::WithdrawCard).unwrap();
    play(&mut t, "S2");
    assert_eq!(t.play().unwrap().tricks()[0].cards, vec![card("SQ"), card("S8"), card("S5"), card("S2")]);
    assert_eq!(t.to_play(), Some(Seat::East));
}

#[test]
fn law_45d1_declarers_card_stands_when_the_defender_keeps_his() {
    let mut t = dummy_misplays();
    t.apply(FaceEvent::DummyCardNotNamed { named: card("S8") }).unwrap();
    choose(&mut t, player(Seat::West), Choice::KeepCard).unwrap();
    assert!(t.rectification().is_none());
    assert_eq!(t.play().unwrap().tricks()[0].cards, vec![card("SQ"), card("S8"), card("S4"), card("SA")]);
    refused(&mut t, FaceEvent::DummyCardNotNamed { named: card("S8") }, "45D1");
}

#[test]
fn law_45d2_too_late_the_card_stands() {
    let mut t = dummy_misplays();
    // Each side has played to the next trick.
    play(&mut t, "CA C2");
    let before = t.play().unwrap().clone();
    t.apply(FaceEvent::DummyCardNotNamed { named: card("S8") }).unwrap();
    assert_eq!(t.play().unwrap(), &before);
    assert!(t.notes().iter().any(|n| n.law == "45D2"));
    refused(&mut t, FaceEvent::DummyCardNotNamed { named: card("SA") }, "45A");
}
