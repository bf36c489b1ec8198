//! Law 52: a defender leads or plays another card when required to play a penalty card.

mod common;

use common::*;
use tenace_core::Seat;
use tenace_director::{Choice, Event, FaceTable, Irregularity};

/// 1NT by North; East wins the HA and West leads the S6 out of turn, retracted (56B): a major
/// penalty card. East leads the SQ, dummy the ST: West must play the S6 (50D1).
fn west_must_play_the_s6() -> FaceTable {
    let mut t = table();
    auction(&mut t, "1NT P P P");
    play(&mut t, "HA H6 H8 H4");
    t.apply(Event::Play { seat: Seat::West, card: card("S6") }).unwrap();
    choose(&mut t, player(Seat::North), Choice::Refuse).unwrap();
    choose(&mut t, player(Seat::North), Choice::NoProhibition).unwrap();
    play(&mut t, "SQ ST");
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("S6")]);
    t
}

#[test]
fn law_52b1a_declarer_accepts_the_other_card_the_penalty_card_remains() {
    let mut t = west_must_play_the_s6();
    t.apply(Event::Play { seat: Seat::West, card: card("S5") }).unwrap();
    let n = player(Seat::North);
    assert!(matches!(
        t.rectification().map(|r| &r.irregularity),
        Some(Irregularity::PenaltyCardNotPlayed { holder: Seat::West, .. })
    ));
    assert_eq!(options(&t), vec![(n, Choice::Accept, "52B1(a)".to_string()), (n, Choice::Refuse, "52B2".to_string())]);
    refused(&mut t, Event::Choose { by: player(Seat::East), choice: Choice::Accept }, "52B1(a)");
    refused(&mut t, Event::Choose { by: n, choice: Choice::NoProhibition }, "52B1(a)");
    choose(&mut t, n, Choice::Accept).unwrap();
    assert_eq!(t.play().unwrap().tricks()[1].card_of(Seat::West), Some(card("S5")));
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("S6"))]);
}

#[test]
fn law_52b1b_declarer_who_plays_thereafter_must_accept() {
    let mut t = west_must_play_the_s6();
    t.apply(Event::Play { seat: Seat::West, card: card("S5") }).unwrap();
    t.apply(Event::Play { seat: Seat::North, card: card("SA") }).unwrap();
    assert!(t.rectification().is_none());
    let trick = &t.play().unwrap().tricks()[1];
    assert_eq!(trick.cards, vec![card("SQ"), card("ST"), card("S5"), card("SA")]);
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("S6"))]);
    assert!(t.notes().iter().any(|n| n.law == "52B1(b)"));
}

#[test]
fn law_52b2_not_accepted_the_penalty_card_is_substituted_the_other_becomes_a_penalty_card() {
    let mut t = west_must_play_the_s6();
    t.apply(Event::Play { seat: Seat::West, card: card("S5") }).unwrap();
    choose(&mut t, player(Seat::North), Choice::Refuse).unwrap();
    assert_eq!(t.play().unwrap().tricks()[1].card_of(Seat::West), Some(card("S6")));
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("S5"))]);
    assert_eq!(t.to_play(), Some(Seat::North));
}
