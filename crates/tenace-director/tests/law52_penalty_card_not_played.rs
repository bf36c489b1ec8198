//! Law 52: a defender leads or plays another card when required to play a penalty card.

mod common;

use common::*;
use tenace_core::Seat;
use tenace_director::{Choice, FaceEvent, FaceTable, Irregularity};

#[test]
fn law_52b1a_declarer_accepts_the_other_card_the_penalty_card_remains() {
    let mut t = west_must_play_the_s6();
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S5") }).unwrap();
    let n = player(Seat::North);
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(Irregularity::PenaltyCardNotPlayed { holder: Seat::West, .. })));
    assert_eq!(options(&t), vec![(n, Choice::Accept, "52B1(a)".to_string()), (n, Choice::Refuse, "52B2".to_string())]);
    refused(&mut t, FaceEvent::Choose { by: player(Seat::East), choice: Choice::Accept }, "52B1(a)");
    refused(&mut t, FaceEvent::Choose { by: n, choice: Choice::NoProhibition }, "52B1(a)");
    choose(&mut t, n, Choice::Accept).unwrap();
    assert_eq!(t.play().unwrap().tricks()[1].card_of(Seat::West), Some(card("S5")));
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("S6"))]);
}

#[test]
fn law_52b1b_declarer_who_plays_thereafter_must_accept() {
    let mut t = west_must_play_the_s6();
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S5") }).unwrap();
    t.apply(FaceEvent::Play { seat: Seat::North, card: card("SA") }).unwrap();
    assert!(t.rectification().is_none());
    let trick = &t.play().unwrap().tricks()[1];
    assert_eq!(trick.cards, vec![card("SQ"), card("ST"), card("S5"), card("SA")]);
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("S6"))]);
    assert!(t.notes().iter().any(|n| n.law == "52B1(b)"));
}

#[test]
fn law_52b2_not_accepted_the_penalty_card_is_substituted_the_other_becomes_a_penalty_card() {
    let mut t = west_must_play_the_s6();
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S5") }).unwrap();
    choose(&mut t, player(Seat::North), Choice::Refuse).unwrap();
    assert_eq!(t.play().unwrap().tricks()[1].card_of(Seat::West), Some(card("S6")));
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("S5"))]);
    assert_eq!(t.to_play(), Some(Seat::North));
}

/// 1NT by North; East leads the HA and the H2 shows too: the H2 is a minor penalty card (50B).
/// East wins and is on lead again.
fn east_has_a_minor_h2() -> FaceTable {
    let mut t = north_declares();
    t.apply(FaceEvent::SimultaneousCards { seat: Seat::East, visible: vec![card("HA"), card("H2")] }).unwrap();
    choose(&mut t, player(Seat::East), Choice::Designate(card("HA"))).unwrap();
    play(&mut t, "H6 H7 H4");
    assert_eq!(t.minor_penalty_cards(), &[(Seat::East, card("H2"))]);
    t
}

#[test]
fn law_52b2_a_lower_card_before_a_minor_penalty_card_the_penalty_card_is_substituted() {
    let mut t = east_has_a_minor_h2();
    // Law 50C: not the H3 before the H2. Led anyway, it is recorded, not refused (Law 52).
    t.apply(FaceEvent::Play { seat: Seat::East, card: card("H3") }).unwrap();
    let n = player(Seat::North);
    assert!(matches!(
        t.rectification().map(|r| &r.irregularity),
        Some(Irregularity::PenaltyCardNotPlayed { holder: Seat::East, played, penalty }) if *played == card("H3") && *penalty == card("H2")
    ));
    assert_eq!(options(&t), vec![(n, Choice::Accept, "52B1(a)".to_string()), (n, Choice::Refuse, "52B2".to_string())]);
    choose(&mut t, n, Choice::Refuse).unwrap();
    // The H2 is led instead; the H3, illegally led, becomes a major penalty card.
    assert_eq!(t.play().unwrap().tricks()[1].cards, vec![card("H2")]);
    assert!(t.minor_penalty_cards().is_empty());
    assert_eq!(t.penalty_cards(), &[(Seat::East, card("H3"))]);
}

#[test]
fn law_61a_52b1_a_lower_card_before_a_minor_penalty_card_accepted_is_a_revoke_without_adjustment() {
    let mut t = east_has_a_minor_h2();
    t.apply(FaceEvent::Play { seat: Seat::East, card: card("H3") }).unwrap();
    choose(&mut t, player(Seat::North), Choice::Accept).unwrap();
    assert_eq!(t.play().unwrap().tricks()[1].cards, vec![card("H3")]);
    // The H2 remains a (minor) penalty card; the failure is a revoke (61A) that Law 64B3 does
    // not adjust.
    assert_eq!(t.minor_penalty_cards(), &[(Seat::East, card("H2"))]);
    let revoke = t.play().unwrap().revokes().last().cloned().expect("a revoke");
    assert_eq!(revoke.required.map(|r| r.law().to_string()), Some("50C".to_string()));
    // An honour may still be played instead (50C): the HK is no failure.
    let mut t = east_has_a_minor_h2();
    t.apply(FaceEvent::Play { seat: Seat::East, card: card("HK") }).unwrap();
    assert!(t.rectification().is_none());
}

#[test]
fn law_52b1b_the_holders_card_ends_the_trick_and_declarers_lead_from_the_other_hand_accepts_it() {
    // Issue 19, item 3: declarer's lead from his hand (the holder's right-hand opponent) to the
    // next trick was refused ("Law 9B2"); only a card of the holder's left-hand opponent counted.
    let mut t = common::table();
    auction(&mut t, "1NT P P P");
    // East leads the D4, dummy's DA wins.
    play(&mut t, "D4 DA D8 D2");
    // East deliberately shows the SQ: a major penalty card (Law 49).
    t.apply(FaceEvent::ExposedInPlay { seat: Seat::East, cards: vec![card("SQ")], deliberate: true }).unwrap();
    assert_eq!(t.penalty_cards(), &[(Seat::East, card("SQ"))]);
    // Dummy leads the S7, West S4, North SK; East, last to play, must play the SQ but plays the S9.
    play(&mut t, "S7 S4 SK");
    t.apply(FaceEvent::Play { seat: Seat::East, card: card("S9") }).unwrap();
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(Irregularity::PenaltyCardNotPlayed { holder: Seat::East, .. })));
    // North won the trick and leads the SA from his hand: he has accepted the S9 (52B1(b)).
    t.apply(FaceEvent::Play { seat: Seat::North, card: card("SA") }).unwrap();
    assert!(t.rectification().is_none());
    assert!(t.notes().iter().any(|n| n.law == "52B1(b)"));
    assert_eq!(t.play().unwrap().tricks()[1].cards, vec![card("S7"), card("S4"), card("SK"), card("S9")]);
    assert_eq!(t.play().unwrap().tricks()[2].cards, vec![card("SA")]);
    assert_eq!(t.penalty_cards(), &[(Seat::East, card("SQ"))]);
}
