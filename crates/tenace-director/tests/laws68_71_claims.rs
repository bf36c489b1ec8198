//! Laws 68-71 at the face-to-face table: claims agreed, disputed and ruled on with the worst
//! normal line (Law 70), play continued by all four (68D2(b)), acquiescence withdrawn (69B) and
//! concessions cancelled (71).

mod common;

use common::*;
use tenace_core::{Seat, Side};
use tenace_director::claim::{normal_line_tricks, ClaimPosition, Statement};
use tenace_director::{Choice, Chooser, FaceEvent, FaceTable, Irregularity};
use tenace_table::Ending;

/// 1NT by North; the lowest legal card is played until `left` tricks remain.
fn ending(left: usize) -> FaceTable {
    let mut t = north_declares();
    while t.play().unwrap().completed_tricks() < 13 - left {
        let seat = t.to_play().unwrap();
        let card = t.legal_cards().iter().next().unwrap();
        t.apply(FaceEvent::Play { seat, card }).unwrap();
    }
    t
}

fn claim(t: &mut FaceTable, seat: Seat, tricks: u8) {
    t.apply(FaceEvent::Claim { seat, tricks, statement: "the rest are mine".into(), order: vec![], mentions_trumps: false }).unwrap();
}

/// What the search says for North-South from the table's current position.
fn worst_normal_line(t: &FaceTable, side: Side) -> u8 {
    let play = t.play().unwrap();
    let trick = play.current_trick().unwrap();
    let position = ClaimPosition {
        hands: Seat::ALL.map(|s| play.remaining(s)),
        leader: trick.leader,
        trick: trick.cards.clone(),
        trump: play.trump(),
        claimer_side: side,
    };
    normal_line_tricks(&position, &Statement::default()).unwrap()
}

#[test]
fn law_69a_claim_agreed_by_both_defenders_ends_the_board() {
    let mut t = ending(3);
    let won = t.play().unwrap().tricks_won(Side::NorthSouth);
    claim(&mut t, Seat::North, 3);
    // Law 68D1: play ceases.
    assert_eq!(t.to_play(), None);
    let seat = t.play().unwrap().current_trick().unwrap().leader;
    let card = t.play().unwrap().remaining(seat).iter().next().unwrap();
    refused(&mut t, FaceEvent::Play { seat, card }, "68D1");
    // Dummy does not answer a claim (69A).
    refused(&mut t, FaceEvent::AnswerClaim { seat: Seat::South, agree: true }, "69A");
    t.apply(FaceEvent::AnswerClaim { seat: Seat::East, agree: true }).unwrap();
    assert!(t.result().is_none(), "West has not agreed yet");
    t.apply(FaceEvent::AnswerClaim { seat: Seat::West, agree: true }).unwrap();
    let r = t.result().unwrap();
    assert_eq!(r.ending, Ending::Claim);
    assert_eq!(r.declarer_tricks, won + 3);
}

#[test]
fn law_70_disputed_claim_the_director_awards_the_worst_normal_line() {
    let mut t = ending(4);
    let won = t.play().unwrap().tricks_won(Side::NorthSouth);
    let worst = worst_normal_line(&t, Side::NorthSouth);
    claim(&mut t, Seat::North, 4);
    t.apply(FaceEvent::AnswerClaim { seat: Seat::East, agree: false }).unwrap();
    let Some(Irregularity::ContestedClaim { normal_line, disputed_by, .. }) = t.rectification().map(|r| r.irregularity.clone()) else {
        panic!("a contested claim: {:?}", t.rectification())
    };
    assert_eq!(disputed_by, Seat::East);
    assert_eq!(normal_line, Some(worst));
    let offered = options(&t);
    for k in 0..=4 {
        assert!(offered.contains(&(Chooser::Director, Choice::AwardTricks(k), "70".to_string())), "{offered:?}");
    }
    assert!(offered.iter().any(|o| o.1 == Choice::PlayOn && o.2 == "68D2(b)"));
    // A player cannot rule; the Director can.
    refused(&mut t, FaceEvent::Choose { by: player(Seat::North), choice: Choice::AwardTricks(4) }, "70");
    choose(&mut t, Chooser::Director, Choice::AwardTricks(worst)).unwrap();
    let r = t.result().unwrap();
    assert_eq!(r.ending, Ending::Ruling);
    assert_eq!(r.declarer_tricks, won + worst);
}

#[test]
fn law_68d2b_all_four_agree_to_play_on_and_the_claim_is_void() {
    let mut t = ending(4);
    claim(&mut t, Seat::North, 4);
    t.apply(FaceEvent::AnswerClaim { seat: Seat::West, agree: false }).unwrap();
    choose(&mut t, Chooser::Director, Choice::PlayOn).unwrap();
    assert!(t.pending_claim().is_none());
    assert!(t.to_play().is_some());
    play_out(&mut t);
    assert_eq!(t.result().unwrap().ending, Ending::Played);
}

#[test]
fn law_69b_acquiescence_withdrawn_the_director_may_give_the_trick_back() {
    let mut t = ending(3);
    let won = t.play().unwrap().tricks_won(Side::NorthSouth);
    claim(&mut t, Seat::North, 3);
    t.apply(FaceEvent::AnswerClaim { seat: Seat::East, agree: true }).unwrap();
    t.apply(FaceEvent::AnswerClaim { seat: Seat::West, agree: true }).unwrap();
    t.apply(FaceEvent::ReviewClaim { seat: Seat::West }).unwrap();
    let offered = options(&t);
    assert_eq!(offered[0], (Chooser::Director, Choice::Refuse, "69B".to_string()));
    assert!(offered.contains(&(Chooser::Director, Choice::AwardTricks(2), "69B".to_string())));
    assert!(!offered.iter().any(|o| o.1 == Choice::AwardTricks(3)), "the agreed number is not a change");
    choose(&mut t, Chooser::Director, Choice::AwardTricks(2)).unwrap();
    assert_eq!(t.result().unwrap().declarer_tricks, won + 2);
    assert_eq!(t.result().unwrap().ending, Ending::Ruling);
    // Only once.
    refused(&mut t, FaceEvent::ReviewClaim { seat: Seat::East }, "69B");
}

#[test]
fn law_71_a_concession_of_tricks_that_could_not_be_lost_is_cancelled() {
    let mut t = ending(3);
    let won = t.play().unwrap().tricks_won(Side::NorthSouth);
    let worst = worst_normal_line(&t, Side::NorthSouth);
    // Declarer concedes everything.
    claim(&mut t, Seat::North, 0);
    t.apply(FaceEvent::AnswerClaim { seat: Seat::East, agree: true }).unwrap();
    t.apply(FaceEvent::AnswerClaim { seat: Seat::West, agree: true }).unwrap();
    assert_eq!(t.result().unwrap().declarer_tricks, won);
    t.apply(FaceEvent::ReviewClaim { seat: Seat::North }).unwrap();
    let rect = t.rectification().unwrap();
    assert!(matches!(rect.irregularity, Irregularity::ClaimReviewed { normal_line: Some(n), .. } if n == worst));
    let offered = options(&t);
    assert_eq!(offered[0], (Chooser::Director, Choice::Refuse, "71".to_string()));
    assert!(offered.contains(&(Chooser::Director, Choice::AwardTricks(3), "71".to_string())));
    // The concession stands if the Director so rules.
    choose(&mut t, Chooser::Director, Choice::Refuse).unwrap();
    assert_eq!(t.result().unwrap().declarer_tricks, won);
    assert_eq!(t.result().unwrap().ending, Ending::Claim);
}

#[test]
fn law_68_bad_claims_are_refused_and_change_nothing() {
    let mut t = ending(3);
    let too_many = FaceEvent::Claim { seat: Seat::North, tricks: 4, statement: String::new(), order: vec![], mentions_trumps: false };
    refused(&mut t, too_many, "68A");
    let by_dummy = FaceEvent::Claim { seat: Seat::South, tricks: 1, statement: String::new(), order: vec![], mentions_trumps: false };
    refused(&mut t, by_dummy, "43A1(c)");
    refused(&mut t, FaceEvent::AnswerClaim { seat: Seat::East, agree: true }, "68");
    refused(&mut t, FaceEvent::ReviewClaim { seat: Seat::East }, "69B");
    // A claim in the auction: the auction has not ended.
    let mut fresh = table();
    let early = FaceEvent::Claim { seat: Seat::North, tricks: 1, statement: String::new(), order: vec![], mentions_trumps: false };
    assert!(fresh.apply(early).is_err());
    assert!(fresh.events().is_empty());
}

#[test]
fn law_63a3_a_claim_establishes_a_revoke() {
    let mut t = north_declares();
    // West discards a club on the heart lead while holding hearts (as in the revoke tests).
    play(&mut t, "HA H6 C4");
    assert!(!t.play().unwrap().revokes()[0].established);
    claim(&mut t, Seat::North, 1);
    assert!(t.play().unwrap().revokes()[0].established);
}

#[test]
fn law_68b2_a_defenders_concession_objected_to_by_partner_has_not_occurred() {
    let mut t = ending(3);
    // East (a defender) concedes the rest; West objects at once.
    claim(&mut t, Seat::East, 0);
    t.apply(FaceEvent::AnswerClaim { seat: Seat::West, agree: false }).unwrap();
    assert!(t.pending_claim().is_none());
    assert!(t.rectification().is_none());
    assert!(t.to_play().is_some(), "play continues");
    assert!(t.notes().iter().any(|n| n.law == "68B2"));
}
