//! Law 43B2 and 43B3: the consequences of dummy's acts after he has violated a limitation of Law
//! 43A2 (exchanged hands with declarer, left his seat to watch declarer's play, looked at a
//! defender's cards). 1NT by North on the common deal: South is dummy, East leads.

mod common;

use common::*;
use tenace_core::{Seat, Side};
use tenace_director::{Choice, FaceEvent, FaceTable, Irregularity};

/// East leads the HA, dummy follows with the H6, West the H8, and declarer (North, holding the
/// Q54 of hearts) discards the C7: declarer's revoke, not yet established.
fn declarer_revokes() -> FaceTable {
    let mut t = north_declares();
    play(&mut t, "HA H6 H8");
    t.apply(FaceEvent::Play { seat: Seat::North, card: card("C7") }).unwrap();
    assert_eq!(t.play().unwrap().revokes().len(), 1);
    t
}

#[test]
fn law_43b2a_dummy_warns_declarer_either_defender_chooses_the_hand_he_leads_from() {
    let mut t = north_declares();
    // Before the opening lead, and when a defender is to lead, there is nothing to warn about.
    refused(&mut t, FaceEvent::DummyWarnedWrongHand, "43B2(a)");
    play(&mut t, "C2 C3 C4");
    refused(&mut t, FaceEvent::DummyWarnedWrongHand, "43B2(a)");
    play(&mut t, "CA");
    assert_eq!(t.to_play(), Some(Seat::North), "declarer won trick 1 in his own hand");
    // Dummy, having looked at a defender's hand, warns declarer not to lead from dummy.
    t.apply(FaceEvent::DummyWarnedWrongHand).unwrap();
    assert_eq!(t.rectification().unwrap().irregularity, Irregularity::DummyWarnedWrongHand { declarer: Seat::North, leader: Seat::North });
    let (e, w) = (player(Seat::East), player(Seat::West));
    assert_eq!(
        options(&t),
        vec![
            (e, Choice::LeadFrom(Seat::North), "43B2(a)".to_string()),
            (e, Choice::LeadFrom(Seat::South), "43B2(a)".to_string()),
            (w, Choice::LeadFrom(Seat::North), "43B2(a)".to_string()),
            (w, Choice::LeadFrom(Seat::South), "43B2(a)".to_string()),
        ]
    );
    // The choice is the defenders', not declarer's.
    refused(&mut t, FaceEvent::Choose { by: player(Seat::North), choice: Choice::LeadFrom(Seat::North) }, "43B2(a)");
    // Either defender may choose (here West, the second one offered): declarer leads from dummy.
    choose(&mut t, w, Choice::LeadFrom(Seat::South)).unwrap();
    assert!(t.rectification().is_none());
    assert_eq!(t.play().unwrap().tricks()[1].leader, Seat::South);
    assert_eq!(t.to_play(), Some(Seat::South));
    play(&mut t, "DA");
    assert_eq!(t.to_play(), Some(Seat::West));
    assert!(note_laws(&t).contains(&"43B2(a)".to_string()));
    play_out(&mut t);
    assert!(t.result().is_some());
}

#[test]
fn law_43b2a_a_defender_may_keep_declarer_in_the_hand_due_to_lead() {
    let mut t = north_declares();
    play(&mut t, "C2 C3 C4 CA");
    t.apply(FaceEvent::DummyWarnedWrongHand).unwrap();
    // A lead from the wrong hand is no longer the matter: no Law 55 after the defenders' choice.
    choose(&mut t, player(Seat::West), Choice::LeadFrom(Seat::North)).unwrap();
    assert_eq!(t.to_play(), Some(Seat::North));
    play(&mut t, "SA");
    assert!(t.rectification().is_none());
    // Mid-trick, dummy has nothing to warn about.
    refused(&mut t, FaceEvent::DummyWarnedWrongHand, "43B2(a)");
}

#[test]
fn law_43b2b_dummy_asks_first_the_revoke_is_corrected_and_law_64_applies_as_if_established() {
    let mut t = declarer_revokes();
    // The substitute must be a correct card (44C).
    refused(&mut t, FaceEvent::DummyAskedRevoke { card: card("C8") }, "44C");
    t.apply(FaceEvent::DummyAskedRevoke { card: card("H4") }).unwrap();
    let p = t.play().unwrap();
    assert_eq!(p.tricks()[0].cards, vec![card("HA"), card("H6"), card("H8"), card("H4")]);
    assert!(p.remaining(Seat::North).contains(card("C7")), "the revoke card goes back to declarer's hand");
    let r = &p.revokes()[0];
    assert!(r.established && r.dummy_asked && r.offender == Seat::North && r.card == card("C7"), "{r:?}");
    assert!(note_laws(&t).contains(&"43B2(b)".to_string()));
    assert!(!note_laws(&t).contains(&"62B2".to_string()), "not 'without further rectification'");
    // Not twice.
    refused(&mut t, FaceEvent::DummyAskedRevoke { card: card("H5") }, "43B2(b)");
    play_out(&mut t);
    // East won the revoke trick; North-South won later tricks: one trick is transferred (64A2).
    let raw = t.play().unwrap().tricks_won(Side::NorthSouth);
    assert!(raw > 0);
    assert_eq!(t.result().unwrap().declarer_tricks, raw - 1);
    assert!(note_laws(&t).contains(&"64A2".to_string()), "{:?}", t.notes());

    // The same revoke corrected in the ordinary way (Law 62B2) costs nothing.
    let mut plain = declarer_revokes();
    plain.apply(FaceEvent::CorrectRevoke { seat: Seat::North, card: card("H4") }).unwrap();
    play_out(&mut plain);
    assert_eq!(plain.result().unwrap().declarer_tricks, plain.play().unwrap().tricks_won(Side::NorthSouth));
}

#[test]
fn law_43b2b_refused_when_declarers_last_card_from_his_own_hand_was_not_a_revoke() {
    // No card from declarer's hand yet (West's revoke is a defender's).
    let mut t = north_declares();
    play(&mut t, "HA H6");
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("C4") }).unwrap();
    refused(&mut t, FaceEvent::DummyAskedRevoke { card: card("H8") }, "43B2(b)");
    // Dummy's revoke is not a play from declarer's hand; declarer's own H4 followed suit.
    let mut t = north_declares();
    play(&mut t, "HA");
    t.apply(FaceEvent::Play { seat: Seat::South, card: card("C3") }).unwrap();
    play(&mut t, "H8 H4");
    refused(&mut t, FaceEvent::DummyAskedRevoke { card: card("H9") }, "43B2(b)");
    // An established revoke can no longer be corrected (63B).
    let mut t = declarer_revokes();
    play(&mut t, "HK");
    play(&mut t, "H9 H7");
    let north = t.to_play().unwrap();
    assert_eq!(north, Seat::North);
    play(&mut t, "H5");
    assert!(t.play().unwrap().revokes()[0].established);
    refused(&mut t, FaceEvent::DummyAskedRevoke { card: card("H5") }, "43B2(b)");
}

#[test]
fn law_43b3_dummy_draws_attention_to_a_defenders_lead_out_of_turn_play_continues() {
    let mut t = north_declares();
    // Nothing pending: refused.
    refused(&mut t, FaceEvent::DummyDrewAttention, "43B3");
    play(&mut t, "HA H6 H8 H4");
    assert_eq!(t.to_play(), Some(Seat::East));
    // West leads out of turn; dummy, having watched declarer's play, draws attention to it.
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S6") }).unwrap();
    t.apply(FaceEvent::DummyDrewAttention).unwrap();
    // No rectification: the lead stands as though it had been in turn; no penalty card.
    assert!(t.rectification().is_none());
    assert!(t.penalty_cards().is_empty());
    assert_eq!(t.play().unwrap().tricks()[1].leader, Seat::West);
    assert_eq!(t.to_play(), Some(Seat::North));
    play_out(&mut t);
    // The Law 12 hand-off: the Director considers adjusting only the defenders' score.
    let review: Vec<String> = t.hand_off().review.iter().map(|n| n.law.to_string()).collect();
    assert_eq!(review, vec!["43B3".to_string()]);
}

#[test]
fn law_43b3_a_defenders_premature_play_stands_without_penalty_card() {
    let mut t = north_declares();
    play(&mut t, "SQ S7 S4 SA CA");
    // West plays before his partner East.
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("C4") }).unwrap();
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::PrematurePlay { .. }));
    t.apply(FaceEvent::DummyDrewAttention).unwrap();
    assert!(t.rectification().is_none());
    assert!(t.penalty_cards().is_empty());
    // East plays freely; West's C4 is his card to the trick.
    assert_eq!(t.to_play(), Some(Seat::East));
    play(&mut t, "C2 C3");
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("C4")]);
    assert_eq!(t.check_card(Seat::West, card("C5")).unwrap_err().law(), "43B3");
    play(&mut t, "C4");
    assert!(note_laws(&t).contains(&"43B3".to_string()));
}

#[test]
fn law_43b3_refused_for_the_declaring_sides_irregularity() {
    // Declarer leads from the wrong hand (Law 55): not a defender's irregularity.
    let mut t = north_declares();
    play(&mut t, "C2 C3 C4 CA");
    t.apply(FaceEvent::Play { seat: Seat::South, card: card("DA") }).unwrap();
    refused(&mut t, FaceEvent::DummyDrewAttention, "43B3");
    // An irregularity of the auction is not one in the play.
    let mut t = table();
    auction(&mut t, "1H");
    say(&mut t, Seat::East, "1D").unwrap();
    refused(&mut t, FaceEvent::DummyDrewAttention, "43B3");
    assert_eq!(options(&t)[0].0, player(Seat::South));
}
