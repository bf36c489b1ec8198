//! Law 57: a defender's premature lead or play; declarer's four options for the partner's play,
//! the premature card a major penalty card, and no rectification once dummy has played (57C1).

mod common;

use common::*;
use tenace_core::{Seat, Suit};
use tenace_director::{Choice, Chooser, FaceEvent, Irregularity};

/// 1NT by North on the common deal: East leads.

#[test]
fn law_57a1_premature_play_before_partner_declarer_requires_the_highest_card() {
    let mut t = north_declares();
    // East leads SQ, dummy (South) S7, West S4, North SA: North on lead.
    play(&mut t, "SQ S7 S4 SA");
    play(&mut t, "CA");
    // West plays before his partner East.
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("C4") }).unwrap();
    let Some(Irregularity::PrematurePlay { offender, lead, .. }) = t.rectification().map(|r| r.irregularity.clone()) else { panic!("{:?}", t.rectification()) };
    assert_eq!((offender, lead), (Seat::West, false));
    let offered = options(&t);
    assert_eq!(offered.len(), 9, "highest, lowest, three suits required, three forbidden, 57C2: {offered:?}");
    assert!(offered[..8].iter().all(|o| o.0 == player(Seat::North)));
    assert_eq!(offered[8], (Chooser::Director, Choice::NoRectification, "57C2".to_string()));
    refused(&mut t, FaceEvent::Choose { by: player(Seat::East), choice: Choice::PlayHighest }, "57A1");
    choose(&mut t, player(Seat::North), Choice::PlayHighest).unwrap();
    assert_eq!(t.to_play(), Some(Seat::East));
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("CK")]);
    assert_eq!(t.check_card(Seat::East, card("C2")).unwrap_err().law(), "57A1", "a revoke if played anyway (61A)");
    play(&mut t, "CK C3");
    // West's C4 is a major penalty card, played at his first legal opportunity (50D1).
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("C4")]);
}

#[test]
fn law_57a_premature_lead_to_the_next_trick_partner_plays_his_lowest() {
    let mut t = table_with(SPADES_WEST);
    auction(&mut t, "1NT P P P");
    // East leads ST, dummy S5, West SA wins; West leads SK, North S3 — and before East plays,
    // West leads the SQ to the next trick.
    play(&mut t, "ST S5 SA S4 SK S3");
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("SQ") }).unwrap();
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(Irregularity::PrematurePlay { offender: Seat::West, lead: true, .. })));
    choose(&mut t, player(Seat::North), Choice::PlayLowest).unwrap();
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("S8")]);
    play(&mut t, "S8 S6");
    // West won with the SK and must lead his penalty card.
    assert_eq!(t.to_play(), Some(Seat::West));
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("SQ")]);
}

#[test]
fn law_57b_partner_unable_to_comply_plays_any_legal_card() {
    let mut t = north_declares();
    play(&mut t, "SQ S7 S4 SA");
    play(&mut t, "CA");
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("C4") }).unwrap();
    // East holds clubs, so a required heart cannot be complied with: he follows suit as usual.
    choose(&mut t, player(Seat::North), Choice::RequireSuit(Suit::Hearts)).unwrap();
    let legal: Vec<_> = t.legal_cards().iter().collect();
    assert_eq!(legal, vec![card("C2"), card("CK")]);
}

#[test]
fn law_57a_only_dummy_has_played_a_defender_playing_before_partner_is_rectified() {
    // 57C1 excuses a defender only when declarer has played from *both* hands (issue 19,
    // item 2: a card from dummy alone was taken as enough).
    let mut t = north_declares();
    // East leads D4, dummy's DA wins (North D2, West D8): dummy leads.
    play(&mut t, "D4 DA D8 D2");
    assert_eq!(t.to_play(), Some(Seat::South));
    play(&mut t, "C3");
    // East (fourth hand) plays before West (second hand); declarer has not played from hand.
    t.apply(FaceEvent::Play { seat: Seat::East, card: card("C2") }).unwrap();
    let Some(Irregularity::PrematurePlay { offender, lead, .. }) = t.rectification().map(|r| r.irregularity.clone()) else { panic!("{:?}", t.rectification()) };
    assert_eq!((offender, lead), (Seat::East, false));
    assert!(t.notes().iter().all(|n| n.law != "57C1"));
    assert_eq!(t.penalty_cards(), vec![(Seat::East, card("C2"))], "a major penalty card (57A)");
    choose(&mut t, player(Seat::North), Choice::PlayLowest).unwrap();
    assert_eq!(t.to_play(), Some(Seat::West));
}

#[test]
fn law_57a_a_defender_leads_to_the_next_trick_when_only_dummy_has_played() {
    let mut t = north_declares();
    // East leads D4, dummy's DA; West has not played: East leads the C2 to the next trick.
    play(&mut t, "D4 DA");
    t.apply(FaceEvent::Play { seat: Seat::East, card: card("C2") }).unwrap();
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(Irregularity::PrematurePlay { offender: Seat::East, lead: true, .. })));
    assert!(t.notes().iter().all(|n| n.law != "57C1"));
}

#[test]
fn law_57c1_a_premature_lead_by_a_player_who_does_not_win_is_a_lead_out_of_turn() {
    let mut t = north_declares();
    play(&mut t, "D4 DA D8 D2");
    // Dummy leads the C3, West C4, North C7; before East plays, West leads the H7.
    play(&mut t, "C3 C4 C7");
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("H7") }).unwrap();
    assert!(t.rectification().is_none(), "57C1: dummy has played");
    // East wins with the CK; West's H7 is now a lead out of turn (Law 56), declarer's option.
    play(&mut t, "CK");
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(Irregularity::LeadOutOfTurn { offender: Seat::West, turn_of: Seat::East, .. })));
}

#[test]
fn law_57c3_premature_play_by_declarer_is_a_played_card() {
    let mut t = north_declares();
    // East leads the SQ; declarer plays the SA from his hand before dummy has played.
    play(&mut t, "SQ");
    t.apply(FaceEvent::Play { seat: Seat::North, card: card("SA") }).unwrap();
    assert!(t.rectification().is_none());
    assert!(t.notes().iter().any(|n| n.law == "57C3"));
    assert_eq!(t.to_play(), Some(Seat::South));
    play(&mut t, "S7 S4");
    // It may not be withdrawn: at North's turn the SA is his only card.
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("SA")]);
    refused(&mut t, FaceEvent::Play { seat: Seat::North, card: card("S2") }, "57C3");
    play(&mut t, "SA");
    assert_eq!(t.play().unwrap().trick_winner(0), Some(Seat::North));
}

#[test]
fn law_57c3_an_illegal_premature_play_by_declarer_is_withdrawn() {
    let mut t = north_declares();
    play(&mut t, "SQ");
    let before = t.play().unwrap().clone();
    // A heart on the spade lead, holding spades: not a legal play (47B, 48A: no penalty card).
    t.apply(FaceEvent::Play { seat: Seat::North, card: card("H4") }).unwrap();
    assert_eq!(t.play().unwrap(), &before);
    assert!(t.penalty_cards().is_empty());
    play(&mut t, "S7 S4");
    assert!(t.legal_cards().contains(card("S2")));
}

#[test]
fn law_57d_defender_plays_at_his_rhos_turn_the_card_is_played_at_his_proper_turn() {
    let mut t = north_declares();
    play(&mut t, "SQ");
    // West plays the S4 at dummy's (his RHO's) turn.
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("S4") }).unwrap();
    assert!(t.rectification().is_none());
    assert!(t.penalty_cards().is_empty());
    assert!(t.notes().iter().any(|n| n.law == "57D"));
    play(&mut t, "S7");
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("S4")]);
    refused(&mut t, FaceEvent::Play { seat: Seat::West, card: card("S5") }, "57D");
    play(&mut t, "S4");
}

#[test]
fn law_57d_a_card_that_cannot_legally_be_played_becomes_a_major_penalty_card() {
    let mut t = north_declares();
    play(&mut t, "SQ");
    // West, holding spades, plays the C4 at dummy's turn.
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("C4") }).unwrap();
    assert_eq!(t.penalty_cards(), &[(Seat::West, card("C4"))]);
    assert_eq!(t.to_play(), Some(Seat::South));
    play(&mut t, "S7");
    // He follows suit as usual.
    assert!(t.legal_cards().iter().all(|c| c.suit() == Suit::Spades));
}

#[test]
fn law_57c2_dummy_prompted_the_premature_play_no_rectification() {
    let mut t = north_declares();
    play(&mut t, "SQ S7 S4 SA");
    play(&mut t, "CA");
    // West plays before East; the Director finds that dummy had suggested the play.
    t.apply(FaceEvent::Play { seat: Seat::West, card: card("C4") }).unwrap();
    refused(&mut t, FaceEvent::Choose { by: player(Seat::North), choice: Choice::NoRectification }, "57C2");
    choose(&mut t, Chooser::Director, Choice::NoRectification).unwrap();
    assert!(t.penalty_cards().is_empty());
    assert_eq!(t.to_play(), Some(Seat::East));
    // East plays freely; West's card is the C4 at his turn.
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("C2"), card("CK")]);
    play(&mut t, "C2 C3");
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("C4")]);
    refused(&mut t, FaceEvent::Play { seat: Seat::West, card: card("C5") }, "57C2");
}

#[test]
fn law_57a_a_premature_lead_while_declarers_hand_and_partner_have_still_to_play() {
    // Issue 19, item 4: refused as "Law 44B: it is South's turn", so it could not be recorded.
    let mut t = north_declares();
    // East leads SQ, dummy S7, West S4, North SA: North leads the CA, East plays the C2; before
    // South and West play, East leads the H2 to the next trick.
    play(&mut t, "SQ S7 S4 SA CA C2");
    assert_eq!(t.to_play(), Some(Seat::South));
    t.apply(FaceEvent::Play { seat: Seat::East, card: card("H2") }).unwrap();
    assert!(matches!(t.rectification().map(|r| &r.irregularity), Some(Irregularity::PrematurePlay { offender: Seat::East, lead: true, .. })));
    assert_eq!(t.penalty_cards(), vec![(Seat::East, card("H2"))], "a major penalty card (57A)");
    // Declarer requires West's lowest club; dummy plays first, then West.
    choose(&mut t, player(Seat::North), Choice::PlayLowest).unwrap();
    assert_eq!(t.to_play(), Some(Seat::South));
    play(&mut t, "C3");
    assert_eq!(t.to_play(), Some(Seat::West));
    assert_eq!(t.legal_cards().iter().collect::<Vec<_>>(), vec![card("C4")], "West's lowest club");
}
