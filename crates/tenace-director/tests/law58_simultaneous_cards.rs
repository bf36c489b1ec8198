//! Law 58B: two or more cards led or played at once from one hand.

mod common;

use common::*;
use tenace_core::Seat;
use tenace_director::{Choice, FaceEvent};

#[test]
fn law_58b1_only_one_face_visible_that_card_is_played() {
    let mut t = north_declares();
    t.apply(FaceEvent::SimultaneousCards { seat: Seat::East, visible: vec![card("HA")] }).unwrap();
    assert_eq!(t.play().unwrap().tricks()[0].cards, vec![card("HA")]);
    assert!(t.penalty_cards().is_empty());
    assert!(t.notes().iter().any(|n| n.law == "58B1"));
}

#[test]
fn law_58b2_a_defender_designates_the_card_and_the_other_is_a_penalty_card() {
    let mut t = north_declares();
    t.apply(FaceEvent::SimultaneousCards { seat: Seat::East, visible: vec![card("HA"), card("HK")] }).unwrap();
    let offered = options(&t);
    assert_eq!(
        offered,
        vec![(player(Seat::East), Choice::Designate(card("HK")), "58B2".to_string()), (player(Seat::East), Choice::Designate(card("HA")), "58B2".to_string()),]
    );
    refused(&mut t, FaceEvent::Choose { by: player(Seat::North), choice: Choice::Designate(card("HK")) }, "58B2");
    choose(&mut t, player(Seat::East), Choice::Designate(card("HK"))).unwrap();
    assert_eq!(t.play().unwrap().tricks()[0].cards, vec![card("HK")]);
    assert_eq!(t.penalty_cards(), &[(Seat::East, card("HA"))]);
}

#[test]
fn law_58b2_declarers_other_card_is_picked_up() {
    let mut t = north_declares();
    play(&mut t, "SQ S7 S4");
    t.apply(FaceEvent::SimultaneousCards { seat: Seat::North, visible: vec![card("SA"), card("SK")] }).unwrap();
    choose(&mut t, player(Seat::North), Choice::Designate(card("SA"))).unwrap();
    assert!(t.penalty_cards().is_empty());
    assert!(t.play().unwrap().remaining(Seat::North).contains(card("SK")));
}

#[test]
fn law_58b_cards_not_held_are_refused() {
    let mut t = north_declares();
    refused(&mut t, FaceEvent::SimultaneousCards { seat: Seat::East, visible: vec![card("SA"), card("HA")] }, "45A");
}

#[test]
fn law_50c_a_single_low_card_dropped_is_a_minor_penalty_card_no_lower_card_of_its_suit_before_it() {
    let mut t = north_declares();
    // East leads the HA and the H2 shows too: HA designated, the H2 a minor penalty card (50B).
    t.apply(FaceEvent::SimultaneousCards { seat: Seat::East, visible: vec![card("HA"), card("H2")] }).unwrap();
    choose(&mut t, player(Seat::East), Choice::Designate(card("HA"))).unwrap();
    assert!(t.penalty_cards().is_empty());
    assert_eq!(t.minor_penalty_cards(), &[(Seat::East, card("H2"))]);
    play(&mut t, "H6 H7 H4");
    // East won and leads again: not the H3 before the H2 (50C), but the HK (an honour) or the H2.
    let legal = t.legal_cards();
    assert!(!legal.contains(card("H3")));
    assert!(legal.contains(card("HK")) && legal.contains(card("H2")) && legal.contains(card("SQ")));
    assert_eq!(t.check_card(Seat::East, card("H3")).unwrap_err().law(), "50C");
    // Played anyway, the H3 is recorded: a failure to play the penalty card (Law 52, see
    // tests/law52_penalty_card_not_played.rs).
    let mut other = t.clone();
    other.apply(FaceEvent::Play { seat: Seat::East, card: card("H3") }).unwrap();
    assert!(other.rectification().is_some());
    play(&mut t, "H2");
    assert!(t.minor_penalty_cards().is_empty());
}

#[test]
fn law_51a_two_penalty_cards_that_may_be_played_declarer_designates_which() {
    let mut t = north_declares();
    // East leads three cards at once: the HA designated, SQ and SJ major penalty cards.
    t.apply(FaceEvent::SimultaneousCards { seat: Seat::East, visible: vec![card("HA"), card("SQ"), card("SJ")] }).unwrap();
    choose(&mut t, player(Seat::East), Choice::Designate(card("HA"))).unwrap();
    assert_eq!(t.penalty_cards().len(), 2);
    play(&mut t, "H6 H7 H4");
    // East is on lead with two penalty cards he may lead: declarer designates one.
    let offered = options(&t);
    assert_eq!(offered.len(), 2, "{offered:?}");
    assert!(offered.iter().all(|o| o.0 == player(Seat::North) && o.2 == "51A"));
    choose(&mut t, player(Seat::North), Choice::Designate(card("SJ"))).unwrap();
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("SJ")]);
    assert_eq!(t.check_card(Seat::East, card("SQ")).unwrap_err().law(), "51A", "Law 52 if played anyway");
    play(&mut t, "SJ");
    assert_eq!(t.penalty_cards(), &[(Seat::East, card("SQ"))]);
}

#[test]
fn law_49_a_defenders_card_exposed_is_a_penalty_card_law_48a_declarers_is_not() {
    let mut t = north_declares();
    play(&mut t, "SQ S7 S4 SA");
    // West drops the C4 face up: a single low card, inadvertent: minor (50B).
    t.apply(FaceEvent::ExposedInPlay { seat: Seat::West, cards: vec![card("C4")], deliberate: false }).unwrap();
    assert_eq!(t.minor_penalty_cards(), &[(Seat::West, card("C4"))]);
    // East names the HA as held: an honour: major.
    t.apply(FaceEvent::ExposedInPlay { seat: Seat::East, cards: vec![card("HA")], deliberate: true }).unwrap();
    assert!(t.penalty_cards().contains(&(Seat::East, card("HA"))));
    // Declarer's exposed card is never a penalty card (48A).
    t.apply(FaceEvent::ExposedInPlay { seat: Seat::North, cards: vec![card("SK")], deliberate: false }).unwrap();
    assert!(!t.penalty_cards().iter().any(|(s, _)| *s == Seat::North));
    assert!(t.notes().iter().any(|n| n.law == "48A"));
    refused(&mut t, FaceEvent::ExposedInPlay { seat: Seat::East, cards: vec![card("HA")], deliberate: true }, "24");
}
