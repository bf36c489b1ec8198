//! Laws 53, 55, 56: leads out of turn after the opening lead.

mod common;

use common::*;
use tenace_core::Seat;
use tenace_director::{Choice, Event, FaceTable, Irregularity};

/// 1NT by North (South dummy); East wins the first trick with the HA and is to lead.
fn east_on_lead() -> FaceTable {
    let mut t = table();
    auction(&mut t, "1NT P P P");
    play(&mut t, "HA H6 H8 H4");
    assert_eq!(t.to_play(), Some(Seat::East));
    t
}

#[test]
fn law_56b_defenders_lead_out_of_turn_retracted_major_penalty_card() {
    let mut t = east_on_lead();
    t.apply(Event::Play { seat: Seat::West, card: card("S6") }).unwrap();
    assert!(matches!(
        t.rectification().unwrap().irregularity,
        Irregularity::LeadOutOfTurn { offender: Seat::West, turn_of: Seat::East, .. }
    ));
    let n = player(Seat::North);
    assert_eq!(options(&t), vec![(n, Choice::Accept, "56A".to_string()), (n, Choice::Refuse, "56B".to_string())]);
    refused(&mut t, Event::Choose { by: player(Seat::South), choice: Choice::Refuse }, "56B");
    choose(&mut t, n, Choice::Refuse).unwrap();
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("S6"))]);
    // Law 50D2(b): declarer leaves the lead free; the penalty card stays.
    choose(&mut t, n, Choice::NoProhibition).unwrap();
    assert_eq!(t.to_play(), Some(Seat::East));
    play(&mut t, "SQ ST");
    refused(&mut t, Event::Play { seat: Seat::West, card: card("S5") }, "50D1");
    play(&mut t, "S6");
}

#[test]
fn law_56a_defenders_lead_out_of_turn_accepted() {
    let mut t = east_on_lead();
    t.apply(Event::Play { seat: Seat::West, card: card("S6") }).unwrap();
    choose(&mut t, player(Seat::North), Choice::Accept).unwrap();
    assert_eq!(t.play().unwrap().tricks()[1].leader, Seat::West);
    assert_eq!(t.to_play(), Some(Seat::North));
    play_out(&mut t);
    assert!(t.result().is_some());
}

#[test]
fn law_53a_play_from_the_next_hand_accepts_a_lead_out_of_turn() {
    let mut t = east_on_lead();
    t.apply(Event::Play { seat: Seat::West, card: card("S6") }).unwrap();
    t.apply(Event::Play { seat: Seat::North, card: card("SA") }).unwrap();
    assert!(t.rectification().is_none());
    assert_eq!(t.play().unwrap().tricks()[1].cards.len(), 2);
    assert_eq!(t.to_play(), Some(Seat::East));
}

#[test]
fn law_55b1_declarers_lead_at_a_defenders_turn_retracted_no_further_rectification() {
    let mut t = east_on_lead();
    t.apply(Event::Play { seat: Seat::North, card: card("SA") }).unwrap();
    // The defender next in turn (East) decides (55A).
    let e = player(Seat::East);
    assert_eq!(options(&t), vec![(e, Choice::Accept, "55A".to_string()), (e, Choice::Refuse, "55B1".to_string())]);
    choose(&mut t, e, Choice::Refuse).unwrap();
    assert!(t.penalty_cards().is_empty());
    assert_eq!(t.to_play(), Some(Seat::East));
    assert!(t.play().unwrap().remaining(Seat::North).contains(card("SA")));
}

#[test]
fn law_55b2_declarer_leads_from_the_wrong_hand() {
    let mut t = table();
    auction(&mut t, "1NT P P P");
    play(&mut t, "C2 C3 C4 CA");
    assert_eq!(t.to_play(), Some(Seat::North));
    // Declarer leads from dummy instead of his own hand.
    t.apply(Event::Play { seat: Seat::South, card: card("DA") }).unwrap();
    assert_eq!(options(&t)[1], (player(Seat::West), Choice::Refuse, "55B2".to_string()));
    choose(&mut t, player(Seat::West), Choice::Accept).unwrap();
    assert_eq!(t.play().unwrap().tricks()[1].leader, Seat::South);
    assert_eq!(t.to_play(), Some(Seat::West));
}
