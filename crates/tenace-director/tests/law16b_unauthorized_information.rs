//! Law 16B: unauthorized information from partner. The Director records it before a call; the
//! robots, polled on that hand without it, give their call and the calls the hand fits; the note
//! asks whether the call taken was demonstrably suggested, and the board goes to the Director's
//! Law 12 review.

mod common;

use common::*;
use tenace_director::FaceEvent;

/// A hesitation before a raise: North opens 1S, East overcalls 2H, South raises to 2S, West
/// competes to 3H; North thinks for a long time and passes; South bids on with 3S.
#[test]
fn law_16b_a_hesitation_before_bidding_on_is_polled_and_reviewed() {
    let mut t = table();
    auction(&mut t, "1S 2H 2S 3H P P 3S");
    t.apply(FaceEvent::UnauthorizedInformation { call: 7, source: "North's long pause before passing".into() }).unwrap();
    let note = t.notes().iter().rev().find(|n| n.law == "16B").expect("a 16B note").text.clone();
    assert!(note.contains("before South's 3S (call 7)"), "{note}");
    // South's hand (T87.J96.AJ7.QJ93, 6 HCP) does not bid on for the robots: Pass, an
    // alternative to the 3S taken.
    assert!(note.contains("the robots call Pass") && note.contains("suggest 3S over Pass"), "{note}");
    // However the hand is valued, the panel passes.
    assert!(note.contains("calls Pass 100 %"), "{note}");
    assert!(t.hand_off().review.iter().any(|n| n.law == "16B"), "the Director is asked to consider an adjusted score (12A1)");
    // The record is in the event log, and replays.
    let again = tenace_director::FaceTable::replay(t.board().clone(), t.events().to_vec()).unwrap();
    assert_eq!(again.notes(), t.notes());
    // A call that is not in the auction is refused, naming the Law.
    let e = t.apply(FaceEvent::UnauthorizedInformation { call: 9, source: "a remark".into() }).unwrap_err();
    assert_eq!(e.law(), "16B");
}

/// A hesitation before a raise to game: North opens 1S, South raises to 2S, North tries for game
/// with 3S after a long pause; South, with a minimum raise (Q54.8432.J62.QJ5, 6 HCP), bids 4S.
/// The panel of robot peers, valuing South's hand two points either side, splits: Pass 70 %
/// (the robot's own call), 4S 30 % (those who count it as 7 or 8); the note asks whether the
/// pause demonstrably suggested 4S over Pass.
#[test]
fn law_16b_a_hesitation_before_a_raise_to_game_shows_the_panel_s_split() {
    let mut t = table_with("N:AKJ872.A5.K73.84 963.KQJ7.A54.T92 Q54.8432.J62.QJ5 T.T96.QT98.AK763");
    auction(&mut t, "1S P 2S P 3S P 4S");
    t.apply(FaceEvent::UnauthorizedInformation { call: 7, source: "North's long pause before 3S".into() }).unwrap();
    let note = t.notes().iter().rev().find(|n| n.law == "16B").expect("a 16B note").text.clone();
    assert!(note.contains("before South's 4S (call 7)"), "{note}");
    assert!(note.contains("the robots call Pass; a panel of robot peers valuing the hand from 2 points below to 2 above calls Pass 70 %, 4S 30 %"), "{note}");
    assert!(note.contains("suggest 4S over Pass"), "{note}");
}
