//! Law 54 (with 53A): the opening lead faced out of turn by the wrong defender.

mod common;

use common::*;
use tenace_core::{Seat, Suit};
use tenace_director::{Choice, Chooser, FaceEvent, Irregularity};

/// 1NT by North: East should lead; West faces the S6 instead.
fn lead_out_of_turn() -> tenace_director::FaceTable {
    let mut t = north_declares();
    assert_eq!(t.to_play(), Some(Seat::East));
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S6") }).unwrap();
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::OpeningLeadOutOfTurn { offender: Seat::West, .. }));
    t
}

#[test]
fn law_54_options_offered_to_declarer() {
    let mut t = lead_out_of_turn();
    let n = player(Seat::North);
    assert_eq!(
        options(&t),
        vec![
            (n, Choice::Accept, "54B".to_string()),
            (n, Choice::SpreadHand, "54A".to_string()),
            (n, Choice::Refuse, "54D".to_string()),
            (Chooser::Director, Choice::Rectify, "54C".to_string()),
            (Chooser::Director, Choice::NoRectification, "47E1".to_string())
        ]
    );
    refused(&mut t, FaceEvent::Choose { by: player(Seat::East), choice: Choice::Accept }, "54B");
    refused(&mut t, FaceEvent::Choose { by: Chooser::Director, choice: Choice::SpreadHand }, "54A");
    refused(&mut t, FaceEvent::Play { seat: Seat::East, card: card("HA") }, "9B2");
    // A card the offender does not hold cannot be led.
    let mut t = north_declares();
    refused(&mut t, FaceEvent::Play { seat: Seat::West, card: card("SA") }, "45A");
}

#[test]
fn law_54b_declarer_accepts_the_lead_and_plays_second_from_his_hand() {
    let mut t = lead_out_of_turn();
    choose(&mut t, player(Seat::North), Choice::Accept).unwrap();
    assert_eq!(t.to_play(), Some(Seat::North));
    assert_eq!(t.play().unwrap().tricks()[0].leader, Seat::West);
    play_out(&mut t);
    let r = t.result().unwrap();
    assert_eq!(r.contract.unwrap().declarer, Seat::North);
}

#[test]
fn law_53a_play_from_the_next_hand_accepts_the_lead() {
    let mut t = lead_out_of_turn();
    t.apply(FaceEvent::Play { seat: Seat::North, card: card("SA") }).unwrap();
    assert!(t.rectification().is_none());
    assert_eq!(t.play().unwrap().tricks()[0].cards.len(), 2);
    assert_eq!(t.notes().last().unwrap().law, "53A");
    assert_eq!(t.to_play(), Some(Seat::East));
}

#[test]
fn law_54a_declarer_spreads_his_hand_and_becomes_dummy() {
    let mut t = lead_out_of_turn();
    choose(&mut t, player(Seat::North), Choice::SpreadHand).unwrap();
    assert_eq!(t.final_contract().unwrap().declarer, Seat::South);
    // The lead is now from the new declarer's left; the presumed declarer's hand (now dummy) plays next.
    assert_eq!(t.to_play(), Some(Seat::North));
    play_out(&mut t);
    assert_eq!(t.result().unwrap().contract.unwrap().declarer, Seat::South);
}

#[test]
fn law_54d_lead_retracted_becomes_a_major_penalty_card_played_at_first_legal_opportunity() {
    let mut t = lead_out_of_turn();
    choose(&mut t, player(Seat::North), Choice::Refuse).unwrap();
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("S6"))]);
    // Law 50D2: East, the partner of the penalty card's holder, is to lead: declarer chooses first.
    let n = player(Seat::North);
    assert_eq!(
        options(&t),
        vec![
            (n, Choice::RequireLead(Suit::Spades), "50D2(a)".to_string()),
            (n, Choice::ProhibitLead(Suit::Spades), "50D2(a)".to_string()),
            (n, Choice::NoProhibition, "50D2(b)".to_string())
        ]
    );
    choose(&mut t, n, Choice::NoProhibition).unwrap();
    assert_eq!(t.to_play(), Some(Seat::East));
    play(&mut t, "SQ ST");
    // Law 50D1: West must play the S6 now that spades are led.
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("S6")]);
    assert_eq!(t.check_card(Seat::West, card("S5")).unwrap_err().law(), "50D1", "Law 52 if played anyway");
    play(&mut t, "S6");
    assert!(t.penalty_cards().is_empty());
}

#[test]
fn law_50d2a_declarer_requires_the_lead_of_the_penalty_card_suit() {
    let mut t = lead_out_of_turn();
    choose(&mut t, player(Seat::North), Choice::Refuse).unwrap();
    choose(&mut t, player(Seat::North), Choice::RequireLead(Suit::Spades)).unwrap();
    // The penalty card is picked up; East must lead a spade.
    assert!(t.penalty_cards().is_empty());
    assert!(t.legal_cards().iter().all(|c| c.suit() == Suit::Spades));
    assert_eq!(t.check_card(Seat::East, card("HA")).unwrap_err().law(), "50D2(a)", "a revoke if led anyway (61A)");
    play(&mut t, "SQ ST");
    // West may now play any spade: the S6 is no longer a penalty card.
    assert_eq!(t.legal_cards().len(), 3);
}

#[test]
fn law_50d2a_declarer_prohibits_the_lead_of_the_penalty_card_suit() {
    let mut t = lead_out_of_turn();
    choose(&mut t, player(Seat::North), Choice::Refuse).unwrap();
    choose(&mut t, player(Seat::North), Choice::ProhibitLead(Suit::Spades)).unwrap();
    assert!(t.penalty_cards().is_empty());
    assert!(t.legal_cards().iter().all(|c| c.suit() != Suit::Spades));
    assert_eq!(t.check_card(Seat::East, card("SQ")).unwrap_err().law(), "26B", "a revoke if led anyway (61A)");
}

#[test]
fn law_54e_opening_lead_by_the_declaring_side_law_24d_the_card_goes_back() {
    let mut t = north_declares();
    // Dummy-to-be (South) faces a card as if leading: Law 24, and 24D for the declaring side.
    t.apply(FaceEvent::Play { seat: Seat::South, card: card("DA") }).unwrap();
    let p = t.play().unwrap();
    assert!(!p.opening_lead_made());
    assert!(p.remaining(Seat::South).contains(card("DA")));
    assert!(t.penalty_cards().is_empty() && t.rectification().is_none());
    assert!(t.notes().iter().any(|n| n.law == "54E"));
    assert_eq!(t.to_play(), Some(Seat::East));
    refused(&mut t, FaceEvent::Play { seat: Seat::North, card: card("HA") }, "45A");
}

#[test]
fn law_54c_declarer_who_could_have_seen_dummys_cards_must_accept_the_lead() {
    let mut t = lead_out_of_turn();
    refused(&mut t, FaceEvent::Choose { by: player(Seat::North), choice: Choice::Rectify }, "54C");
    // The Director finds that declarer could have seen dummy's cards.
    choose(&mut t, Chooser::Director, Choice::Rectify).unwrap();
    assert_eq!(t.final_contract().unwrap().declarer, Seat::North);
    let p = t.play().unwrap();
    assert_eq!((p.tricks()[0].leader, p.tricks()[0].cards.clone()), (Seat::West, vec![card("S6")]));
    assert_eq!(t.to_play(), Some(Seat::North));
    assert!(t.notes().iter().any(|n| n.law == "54C"));
}

#[test]
fn law_47e1_opening_lead_out_of_turn_after_misinformation_retracted_without_rectification() {
    let mut t = lead_out_of_turn();
    choose(&mut t, Chooser::Director, Choice::NoRectification).unwrap();
    assert!(t.penalty_cards().is_empty());
    assert!(!t.play().unwrap().opening_lead_made());
    assert_eq!(t.to_play(), Some(Seat::East));
}
