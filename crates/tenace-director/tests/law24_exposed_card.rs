//! Law 24: cards exposed (or led) during the auction.

mod common;

use common::*;
use tenace_core::{Call, Seat};
use tenace_director::{FaceEvent, Law, Obligation};

fn expose(t: &mut tenace_director::FaceTable, seat: Seat, cards: &str, led: bool) {
    let cards = cards.split_whitespace().map(card).collect();
    t.apply(FaceEvent::CardsExposed { seat, cards, prematurely_led: led }).unwrap();
}

#[test]
fn law_24a_single_low_card_no_rectification_24e_minor_penalty_card() {
    let mut t = table();
    auction(&mut t, "1NT");
    expose(&mut t, Seat::East, "C2", false);
    assert!(t.obligations().is_empty());
    assert_eq!(t.notes().last().unwrap().law, "24A");
    auction(&mut t, "P P P");
    // East defends: a minor penalty card (Law 50C).
    assert!(t.penalty_cards().is_empty());
    assert_eq!(t.minor_penalty_cards(), &[(Seat::East, card("C2"))]);
    assert_eq!(t.notes().last().unwrap().law, "24E");
    assert!(t.exposed_cards().is_empty());
}

#[test]
fn law_24b_honour_exposed_partner_passes_next_turn_24e_major_penalty_card() {
    let mut t = table();
    auction(&mut t, "1NT");
    expose(&mut t, Seat::East, "HA", false);
    assert_eq!(t.obligations(), &[Obligation::PassAtNextTurn { seat: Seat::West, law: Law::new("24B") }]);
    auction(&mut t, "P P");
    assert_eq!(t.legal_calls(), vec![Call::Pass]);
    assert_eq!(t.check_call(Seat::West, c("2C")).unwrap_err().law(), "24B");
    auction(&mut t, "P");
    assert_eq!(t.penalty_cards(), &[(Seat::East, card("HA"))]);
    // East is on lead: the major penalty card must be led (Law 50D1).
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("HA")]);
    assert_eq!(t.check_card(Seat::East, card("HK")).unwrap_err().law(), "50D1", "Law 52 if played anyway");
}

#[test]
fn law_24b_low_card_prematurely_led() {
    let mut t = table();
    auction(&mut t, "1NT");
    expose(&mut t, Seat::East, "C2", true);
    assert_eq!(t.obligations()[0].law(), "24B");
}

#[test]
fn law_24c_two_cards_exposed_partner_passes_next_turn() {
    let mut t = table();
    auction(&mut t, "1NT");
    expose(&mut t, Seat::East, "C2 D4", false);
    assert_eq!(t.obligations()[0].law(), "24C");
    auction(&mut t, "P P");
    say(&mut t, Seat::West, "P").unwrap();
    assert_eq!(t.penalty_cards().len(), 2);
    // East is on lead with two major penalty cards: declarer designates which is led (51A).
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(tenace_director::Irregularity::PenaltyCardsDesignation { holder: Seat::East, .. })));
}

#[test]
fn law_24d_offender_becomes_dummy_cards_returned() {
    let mut t = table();
    auction(&mut t, "1NT P");
    expose(&mut t, Seat::South, "DA", false);
    // Exposing a card South does not hold, or one already exposed, is refused.
    refused(&mut t, FaceEvent::CardsExposed { seat: Seat::South, cards: vec![card("SA")], prematurely_led: false }, "45A");
    refused(&mut t, FaceEvent::CardsExposed { seat: Seat::South, cards: vec![card("DA")], prematurely_led: false }, "24");
    auction(&mut t, "P P");
    assert_eq!(t.final_contract().unwrap().declarer, Seat::North);
    assert!(t.penalty_cards().is_empty());
    assert!(t.notes().iter().any(|n| n.law == "24D"));
}
