//! Law 51B: two or more penalty cards and the holder's partner to lead: declarer's options
//! (51B1 for cards of one suit, 51B2 for cards in more than one suit).

mod common;

use common::*;
use tenace_core::{Seat, Suit};
use tenace_director::{Choice, FaceEvent, FaceTable, Irregularity, Law, Requirement};

/// 1NT by North; before East's opening lead West drops `cards` face up (major penalty cards).
fn west_exposes(cards: &[&str]) -> FaceTable {
    let mut t = north_declares();
    let cards = cards.iter().map(|c| card(c)).collect();
    t.apply(FaceEvent::ExposedInPlay { seat: Seat::West, cards, deliberate: true }).unwrap();
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(Irregularity::PenaltyCardLead { holder: Seat::West, leader: Seat::East })));
    t
}

#[test]
fn law_51b2b_declarer_prohibits_two_suits_every_penalty_card_in_them_is_picked_up() {
    let mut t = west_exposes(&["HT", "DT"]);
    let n = player(Seat::North);
    assert_eq!(
        options(&t),
        vec![
            (n, Choice::RequireLead(Suit::Hearts), "51B2(a)".to_string()),
            (n, Choice::ProhibitLead(Suit::Hearts), "51B2(b)".to_string()),
            (n, Choice::RequireLead(Suit::Diamonds), "51B2(a)".to_string()),
            (n, Choice::ProhibitLead(Suit::Diamonds), "51B2(b)".to_string()),
            (n, Choice::NoProhibition, "51B2(c)".to_string()),
        ]
    );
    choose(&mut t, n, Choice::ProhibitLead(Suit::Hearts)).unwrap();
    // One or more suits: declarer may prohibit diamonds too.
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(Irregularity::FurtherProhibition { holder: Seat::West, leader: Seat::East })));
    assert_eq!(options(&t), vec![(n, Choice::ProhibitLead(Suit::Diamonds), "51B2(b)".to_string()), (n, Choice::NoProhibition, "51B2(b)".to_string()),]);
    refused(&mut t, FaceEvent::Choose { by: player(Seat::East), choice: Choice::ProhibitLead(Suit::Diamonds) }, "51B2(b)");
    refused(&mut t, FaceEvent::Choose { by: n, choice: Choice::RequireLead(Suit::Diamonds) }, "51B2(b)");
    choose(&mut t, n, Choice::ProhibitLead(Suit::Diamonds)).unwrap();
    assert!(t.penalty_cards().is_empty());
    assert!(t.legal_cards().iter().all(|c| c.suit() == Suit::Spades || c.suit() == Suit::Clubs));
    assert_eq!(t.legal_cards().len(), 5);
    // Leading a prohibited suit anyway is a revoke (61A).
    t.apply(FaceEvent::Play { seat: Seat::East, card: card("DQ") }).unwrap();
    let r = &t.play().unwrap().revokes()[0];
    assert_eq!(r.required, Some(Requirement::NoLead { suit: Suit::Diamonds, law: Law::new("51B2(b)") }));
}

#[test]
fn law_51b2b_declarer_may_stop_after_one_suit_the_others_remain_penalty_cards() {
    let mut t = west_exposes(&["HT", "DT"]);
    let n = player(Seat::North);
    choose(&mut t, n, Choice::ProhibitLead(Suit::Diamonds)).unwrap();
    choose(&mut t, n, Choice::NoProhibition).unwrap();
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("HT"))]);
    assert!(t.legal_cards().iter().all(|c| c.suit() != Suit::Diamonds));
    assert!(t.legal_cards().contains(card("HA")));
}

#[test]
fn law_51b2a_declarer_requires_one_suit_51b1a_its_cards_are_picked_up_the_others_remain() {
    let mut t = west_exposes(&["HT", "DT"]);
    choose(&mut t, player(Seat::North), Choice::RequireLead(Suit::Diamonds)).unwrap();
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("HT"))]);
    assert!(t.legal_cards().iter().all(|c| c.suit() == Suit::Diamonds));
}

#[test]
fn law_51b1_two_penalty_cards_in_one_suit() {
    let mut t = west_exposes(&["HT", "H8"]);
    let n = player(Seat::North);
    assert_eq!(
        options(&t),
        vec![
            (n, Choice::RequireLead(Suit::Hearts), "51B1(a)".to_string()),
            (n, Choice::ProhibitLead(Suit::Hearts), "51B1(b)".to_string()),
            (n, Choice::NoProhibition, "50D2(b)".to_string()),
        ]
    );
    choose(&mut t, n, Choice::ProhibitLead(Suit::Hearts)).unwrap();
    assert!(t.rectification().is_none());
    assert!(t.penalty_cards().is_empty());
}
