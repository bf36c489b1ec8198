//! Law 45C4(b), 47C, 47D: declarer corrects an unintended designation of a card from dummy
//! until he next plays a card from either hand; an opponent who has played in turn since may
//! withdraw his card.

mod common;

use common::*;
use tenace_core::Seat;
use tenace_director::{Choice, FaceEvent, FaceTable, Irregularity};

/// 1NT by North (South dummy); East leads the SQ, declarer says "seven" meaning the S8.
fn declarer_says_seven() -> FaceTable {
    let mut t = north_declares();
    play(&mut t, "SQ S7");
    t
}

#[test]
fn law_45c4b_unintended_designation_corrected_47d_the_opponent_may_change_his_card() {
    let mut t = declarer_says_seven();
    play(&mut t, "S4");
    t.apply(FaceEvent::ChangeOfDesignation { card: card("S8") }).unwrap();
    let p = t.play().unwrap();
    assert_eq!(p.tricks()[0].cards, vec![card("SQ"), card("S8")]);
    assert!(p.remaining(Seat::South).contains(card("S7")), "47C: back to dummy's hand");
    assert!(t.notes().iter().any(|n| n.law == "45C4(b)"));
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(Irregularity::CardAfterChange { offender: Seat::South, seat: Seat::West, .. })));
    let w = player(Seat::West);
    assert_eq!(options(&t), vec![(w, Choice::KeepCard, "45C4(b)".to_string()), (w, Choice::WithdrawCard, "45C4(b)".to_string())]);
    refused(&mut t, FaceEvent::Choose { by: player(Seat::North), choice: Choice::WithdrawCard }, "45C4(b)");
    refused(&mut t, FaceEvent::Choose { by: w, choice: Choice::NoProhibition }, "45C4(b)");
    choose(&mut t, w, Choice::WithdrawCard).unwrap();
    assert!(t.penalty_cards().is_empty(), "no rectification (47D, Law 16C1)");
    play(&mut t, "S5 SA");
    assert_eq!(t.play().unwrap().tricks()[0].cards, vec![card("SQ"), card("S8"), card("S5"), card("SA")]);
}

#[test]
fn law_45c4b_no_change_once_declarer_has_played_again_from_either_hand() {
    let mut t = declarer_says_seven();
    refused(&mut t, FaceEvent::ChangeOfDesignation { card: card("S7") }, "45C4(b)");
    refused(&mut t, FaceEvent::ChangeOfDesignation { card: card("SA") }, "45A");
    play(&mut t, "S4 SA");
    refused(&mut t, FaceEvent::ChangeOfDesignation { card: card("S8") }, "45C4(b)");
}

#[test]
fn law_45c4b_an_opponents_card_that_was_not_legal_before_the_change_stands() {
    let mut t = declarer_says_seven();
    // West revokes (he holds spades).
    play(&mut t, "C4");
    t.apply(FaceEvent::ChangeOfDesignation { card: card("S8") }).unwrap();
    assert!(t.rectification().is_none());
    let p = t.play().unwrap();
    assert_eq!(p.tricks()[0].cards, vec![card("SQ"), card("S8"), card("C4")]);
    assert_eq!(p.revokes().len(), 1);
    assert_eq!(t.to_play(), Some(Seat::North));
}
