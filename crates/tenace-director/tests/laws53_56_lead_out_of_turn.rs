//! Laws 53, 55, 56: leads out of turn after the opening lead.

mod common;

use common::*;
use tenace_core::Seat;
use tenace_director::{Choice, Chooser, FaceEvent, FaceTable, Irregularity};

/// 1NT by North (South dummy); East wins the first trick with the HA and is to lead.
fn east_on_lead() -> FaceTable {
    let mut t = north_declares();
    play(&mut t, "HA H6 H8 H4");
    assert_eq!(t.to_play(), Some(Seat::East));
    t
}

#[test]
fn law_56b_defenders_lead_out_of_turn_retracted_major_penalty_card() {
    let mut t = east_on_lead();
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S6") }).unwrap();
    assert!(matches!(t.rectification().unwrap().irregularity, Irregularity::LeadOutOfTurn { offender: Seat::West, turn_of: Seat::East, .. }));
    let n = player(Seat::North);
    assert_eq!(
        options(&t),
        vec![(n, Choice::Accept, "56A".to_string()), (n, Choice::Refuse, "56B".to_string()), (Chooser::Director, Choice::NoRectification, "47E1".to_string()),]
    );
    refused(&mut t, FaceEvent::Choose { by: player(Seat::South), choice: Choice::Refuse }, "56B");
    choose(&mut t, n, Choice::Refuse).unwrap();
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("S6"))]);
    // Law 50D2(b): declarer leaves the lead free; the penalty card stays.
    choose(&mut t, n, Choice::NoProhibition).unwrap();
    assert_eq!(t.to_play(), Some(Seat::East));
    play(&mut t, "SQ ST");
    assert_eq!(t.check_card(Seat::West, card("S5")).unwrap_err().law(), "50D1", "Law 52 if played anyway");
    play(&mut t, "S6");
}

#[test]
fn law_56a_defenders_lead_out_of_turn_accepted() {
    let mut t = east_on_lead();
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S6") }).unwrap();
    choose(&mut t, player(Seat::North), Choice::Accept).unwrap();
    assert_eq!(t.play().unwrap().tricks()[1].leader, Seat::West);
    assert_eq!(t.to_play(), Some(Seat::North));
    play_out(&mut t);
    assert!(t.result().is_some());
}

#[test]
fn law_53a_play_from_the_next_hand_accepts_a_lead_out_of_turn() {
    let mut t = east_on_lead();
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S6") }).unwrap();
    t.apply(FaceEvent::Play { seat: Seat::North, card: card("SA") }).unwrap();
    assert!(t.rectification().is_none());
    assert_eq!(t.play().unwrap().tricks()[1].cards.len(), 2);
    assert_eq!(t.to_play(), Some(Seat::East));
}

#[test]
fn law_55b1_declarers_lead_at_a_defenders_turn_retracted_no_further_rectification() {
    let mut t = east_on_lead();
    t.apply(FaceEvent::Play { seat: Seat::North, card: card("SA") }).unwrap();
    // The defender next in turn (East) decides (55A).
    let e = player(Seat::East);
    assert_eq!(options(&t)[..2], [(e, Choice::Accept, "55A".to_string()), (e, Choice::Refuse, "55B1".to_string())]);
    choose(&mut t, e, Choice::Refuse).unwrap();
    assert!(t.penalty_cards().is_empty());
    assert_eq!(t.to_play(), Some(Seat::East));
    assert!(t.play().unwrap().remaining(Seat::North).contains(card("SA")));
}

#[test]
fn law_55b2_declarer_leads_from_the_wrong_hand() {
    let mut t = north_declares();
    play(&mut t, "C2 C3 C4 CA");
    assert_eq!(t.to_play(), Some(Seat::North));
    // Declarer leads from dummy instead of his own hand.
    t.apply(FaceEvent::Play { seat: Seat::South, card: card("DA") }).unwrap();
    assert_eq!(options(&t)[1], (player(Seat::West), Choice::Refuse, "55B2".to_string()));
    choose(&mut t, player(Seat::West), Choice::Accept).unwrap();
    assert_eq!(t.play().unwrap().tricks()[1].leader, Seat::South);
    assert_eq!(t.to_play(), Some(Seat::West));
}

#[test]
fn law_53b_the_proper_leader_on_the_irregular_leads_right_makes_his_lead() {
    let mut t = east_on_lead();
    // Declarer leads the DA from dummy (South) at East's turn; East, whose lead it was and who
    // sits on dummy's right, makes his proper lead: it stands, the DA goes back (53B).
    t.apply(FaceEvent::Play { seat: Seat::South, card: card("DA") }).unwrap();
    t.apply(FaceEvent::Play { seat: Seat::East, card: card("SQ") }).unwrap();
    assert!(t.rectification().is_none());
    let p = t.play().unwrap();
    assert_eq!((p.tricks()[1].leader, p.tricks()[1].cards.clone()), (Seat::East, vec![card("SQ")]));
    assert!(p.remaining(Seat::South).contains(card("DA")));
    assert!(t.notes().iter().any(|n| n.law == "53B"));
    assert_eq!(t.to_play(), Some(Seat::South));
}

#[test]
fn law_53b_next_hand_who_was_the_proper_leader_the_director_judges_play_or_lead() {
    let mut t = east_on_lead();
    // Declarer leads the SA from his hand at East's turn; East (next hand and proper leader)
    // puts a card on the table.
    t.apply(FaceEvent::Play { seat: Seat::North, card: card("SA") }).unwrap();
    t.apply(FaceEvent::Play { seat: Seat::East, card: card("SQ") }).unwrap();
    let d = Chooser::Director;
    assert_eq!(options(&t), vec![(d, Choice::Accept, "53A".to_string()), (d, Choice::Refuse, "53B".to_string())]);
    refused(&mut t, FaceEvent::Choose { by: player(Seat::East), choice: Choice::Refuse }, "53B");
    choose(&mut t, d, Choice::Refuse).unwrap();
    let p = t.play().unwrap();
    assert_eq!(p.tricks()[1].leader, Seat::East);
    assert_eq!(p.tricks()[1].cards, vec![card("SQ")]);
    assert!(p.remaining(Seat::North).contains(card("SA")));
}

#[test]
fn law_53a_next_hand_who_was_the_proper_leader_played_to_the_irregular_lead() {
    let mut t = east_on_lead();
    t.apply(FaceEvent::Play { seat: Seat::North, card: card("SA") }).unwrap();
    t.apply(FaceEvent::Play { seat: Seat::East, card: card("SQ") }).unwrap();
    choose(&mut t, Chooser::Director, Choice::Accept).unwrap();
    let p = t.play().unwrap();
    assert_eq!((p.tricks()[1].leader, p.tricks()[1].cards.clone()), (Seat::North, vec![card("SA"), card("SQ")]));
    assert_eq!(t.to_play(), Some(Seat::South));
}

#[test]
fn law_53c_defender_on_the_right_of_declarers_irregular_lead_plays_law_57_applies() {
    let mut t = east_on_lead();
    // Declarer leads the SA at East's turn; West (on declarer's right) plays the S4.
    t.apply(FaceEvent::Play { seat: Seat::North, card: card("SA") }).unwrap();
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S4") }).unwrap();
    let p = t.play().unwrap();
    assert_eq!(p.tricks()[1].cards, vec![card("SA")], "the lead stands");
    assert!(t.notes().iter().any(|n| n.law == "53C"));
    // West played before his partner: Law 57A, declarer's options; the S4 a major penalty card.
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(Irregularity::PrematurePlay { offender: Seat::West, lead: false, .. })));
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("S4"))]);
}

#[test]
fn law_60b_defender_plays_before_declarer_leads_from_the_correct_hand_major_penalty_card() {
    let mut t = north_declares();
    play(&mut t, "C2 C3 C4 CA");
    t.apply(FaceEvent::Play { seat: Seat::South, card: card("DA") }).unwrap();
    choose(&mut t, player(Seat::West), Choice::Refuse).unwrap();
    assert_eq!(t.to_play(), Some(Seat::North));
    // West plays before declarer has led from his hand.
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("D8") }).unwrap();
    assert!(t.rectification().is_none());
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("D8"))]);
    assert!(t.notes().iter().any(|n| n.law == "60B"));
    assert_eq!(t.to_play(), Some(Seat::North));
    refused(&mut t, FaceEvent::Play { seat: Seat::West, card: card("HA") }, "45A");
    // Declarer leads a diamond: West must play his penalty card (50D1).
    play(&mut t, "D2 D4 DJ");
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("D8")]);
}

#[test]
fn law_60a_a_lead_out_of_turn_accepted_by_a_play_is_treated_as_in_turn_and_60a3_the_penalty_card_remains() {
    let mut t = east_on_lead();
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S6") }).unwrap();
    choose(&mut t, player(Seat::North), Choice::Refuse).unwrap();
    choose(&mut t, player(Seat::North), Choice::NoProhibition).unwrap();
    // West leads again out of turn, the H7; declarer plays from his hand (next): accepted (53A,
    // 60A1) and treated as in turn (60A2).
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("H7") }).unwrap();
    t.apply(FaceEvent::Play { seat: Seat::North, card: card("H5") }).unwrap();
    assert_eq!(t.play().unwrap().tricks()[1].leader, Seat::West);
    play(&mut t, "H2 H9");
    // The S6 is still a major penalty card (60A3).
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("S6"))]);
}

#[test]
fn law_47e1_lead_out_of_turn_after_an_opponent_said_it_was_his_lead_retracted_without_rectification() {
    let mut t = east_on_lead();
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S6") }).unwrap();
    refused(&mut t, FaceEvent::Choose { by: player(Seat::North), choice: Choice::NoRectification }, "47E1");
    choose(&mut t, Chooser::Director, Choice::NoRectification).unwrap();
    assert!(t.penalty_cards().is_empty());
    assert!(t.play().unwrap().remaining(Seat::West).contains(card("S6")));
    assert_eq!(t.to_play(), Some(Seat::East));
    assert!(t.notes().iter().any(|n| n.law == "47E1"));
}
