//! Law 61A, second part: failing, when able, to lead or play a card or suit required by Law or
//! specified by an opponent exercising an option in rectification is a revoke. The card is
//! recorded (not refused), Laws 62-64 apply as for a failure to follow suit; `legal_cards` still
//! lists only the cards that comply.

mod common;

use common::*;
use tenace_core::{Seat, Side, Suit};
use tenace_director::{Choice, FaceEvent, FaceTable, Law, Requirement};

/// Plays the lowest legal card until the board ends; declarer declines the Law 50D2 options.
fn play_to_the_end(t: &mut FaceTable) {
    loop {
        if let Some(r) = t.rectification() {
            let o = r.options.iter().find(|o| o.choice == Choice::NoProhibition).unwrap_or(&r.options[0]).clone();
            choose(t, o.chooser, o.choice).unwrap();
        } else if let Some(seat) = t.to_play() {
            let card = t.legal_cards().iter().next().expect("a legal card");
            t.apply(FaceEvent::Play { seat, card }).unwrap();
        } else {
            break;
        }
    }
    assert!(t.result().is_some());
}

/// East's insufficient 1C corrected by a non-comparable 3C (27B2); South declares 3NT and
/// prohibits West's heart lead (26B). West holds 654.T87.T98.T654.
fn west_may_not_lead_hearts() -> FaceTable {
    let mut t = table();
    auction(&mut t, "1H");
    corrected_not_comparable(&mut t, Seat::East, "1C", "3C");
    auction(&mut t, "3NT P P P");
    choose(&mut t, player(Seat::South), Choice::ProhibitLead(Suit::Hearts)).unwrap();
    assert!(!t.legal_cards().contains(card("HT")));
    t
}

#[test]
fn law_61a_leading_a_suit_prohibited_under_26b_is_a_revoke_and_64a2_adjusts_it() {
    let mut t = west_may_not_lead_hearts();
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("HT") }).unwrap();
    assert!(t.rectification().is_none());
    let r = t.play().unwrap().revokes()[0].clone();
    assert_eq!((r.offender, r.trick, r.card, r.established), (Seat::West, 0, card("HT"), false));
    assert_eq!(r.required, Some(Requirement::NoLead { suit: Suit::Hearts, law: Law::new("26B") }));
    assert_eq!(t.notes().last().unwrap().law, "61A");
    // Dummy (North), East wins with the HA and leads: established (63A1).
    play(&mut t, "H4 HA H6 HK");
    assert!(t.play().unwrap().revokes()[0].established);
    play_to_the_end(&mut t);
    let raw = t.play().unwrap().tricks_won(Side::NorthSouth);
    assert_eq!(t.result().unwrap().declarer_tricks, raw + 1);
    assert!(t.notes().iter().any(|n| n.law == "64A2"));
}

#[test]
fn law_61a_62b1_a_prohibited_lead_corrected_with_a_compliant_card_becomes_a_penalty_card() {
    let mut t = west_may_not_lead_hearts();
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("HT") }).unwrap();
    // The substitute must comply with the prohibition (62B: "a legal card").
    refused(&mut t, FaceEvent::CorrectRevoke { seat: Seat::West, card: card("H7") }, "26B");
    t.apply(FaceEvent::CorrectRevoke { seat: Seat::West, card: card("S6") }).unwrap();
    let p = t.play().unwrap();
    assert_eq!(p.tricks()[0].cards, vec![card("S6")]);
    assert!(p.revokes().is_empty());
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("HT"))]);
    assert!(t.notes().iter().any(|n| n.law == "62B1"));
}

/// 1NT by North; West's opening lead out of turn (S6) is retracted (54D) and declarer requires
/// East to lead spades (50D2(a)).
fn east_must_lead_spades() -> FaceTable {
    let mut t = north_declares();
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S6") }).unwrap();
    choose(&mut t, player(Seat::North), Choice::Refuse).unwrap();
    choose(&mut t, player(Seat::North), Choice::RequireLead(Suit::Spades)).unwrap();
    t
}

#[test]
fn law_61a_failure_to_lead_the_suit_required_under_50d2a_is_a_revoke_corrected_under_62b() {
    let mut t = east_must_lead_spades();
    assert!(t.legal_cards().iter().all(|c| c.suit() == Suit::Spades));
    t.apply(FaceEvent::Play { seat: Seat::East, card: card("HA") }).unwrap();
    let r = t.play().unwrap().revokes()[0].clone();
    assert_eq!(r.required, Some(Requirement::Lead { suit: Suit::Spades, law: Law::new("50D2(a)") }));
    assert_eq!(r.suit_led, Suit::Spades);
    refused(&mut t, FaceEvent::CorrectRevoke { seat: Seat::East, card: card("HK") }, "50D2(a)");
    t.apply(FaceEvent::CorrectRevoke { seat: Seat::East, card: card("SQ") }).unwrap();
    assert_eq!(t.play().unwrap().tricks()[0].cards, vec![card("SQ")]);
    assert_eq!(t.penalty_cards(), &[(Seat::East, card("HA"))]);
}

#[test]
fn law_61a_failure_to_play_the_highest_card_required_under_57a1_is_a_revoke() {
    let mut t = north_declares();
    play(&mut t, "SQ S7 S4 SA CA");
    // West plays before his partner East; declarer requires East's highest club (57A1).
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("C4") }).unwrap();
    choose(&mut t, player(Seat::North), Choice::PlayHighest).unwrap();
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("CK")]);
    t.apply(FaceEvent::Play { seat: Seat::East, card: card("C2") }).unwrap();
    let r = t.play().unwrap().revokes()[0].clone();
    assert_eq!((r.offender, r.trick, r.card), (Seat::East, 1, card("C2")));
    assert_eq!(r.required, Some(Requirement::Card { card: card("CK"), law: Law::new("57A1") }));
    // The restriction is spent; dummy plays, then West his penalty card (50D1).
    play(&mut t, "C3");
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("C4")]);
    play(&mut t, "C4");
    assert!(!t.play().unwrap().revokes()[0].established);
    play_to_the_end(&mut t);
    assert!(t.play().unwrap().revokes()[0].established);
    assert!(t.notes().iter().any(|n| n.law.is_within(Law::new("64"))));
}

#[test]
fn law_61a_64b3_a_penalty_card_not_played_accepted_under_52b1_is_a_revoke_without_adjustment() {
    let mut t = west_must_play_the_s6();
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S5") }).unwrap();
    choose(&mut t, player(Seat::North), Choice::Accept).unwrap();
    let r = t.play().unwrap().revokes()[0].clone();
    assert_eq!(r.required, Some(Requirement::Card { card: card("S6"), law: Law::new("50D1") }));
    // Declarer accepted the card (52B1): it is not corrected under Law 62.
    refused(&mut t, FaceEvent::CorrectRevoke { seat: Seat::West, card: card("S6") }, "62A");
    play_to_the_end(&mut t);
    assert!(t.play().unwrap().revokes()[0].established, "{:?}", t.play().unwrap().revokes());
    let raw = t.play().unwrap().tricks_won(Side::NorthSouth);
    assert_eq!(t.result().unwrap().declarer_tricks, raw);
    assert!(t.notes().iter().any(|n| n.law == "64B3"));
}
