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
    assert!(t.hand_off().review.iter().any(|n| n.law == "16B"), "the Director is asked to consider an adjusted score (12A1)");
    // The record is in the event log, and replays.
    let again = tenace_director::FaceTable::replay(t.board().clone(), t.events().to_vec()).unwrap();
    assert_eq!(again.notes(), t.notes());
    // A call that is not in the auction is refused, naming the Law.
    let e = t.apply(FaceEvent::UnauthorizedInformation { call: 9, source: "a remark".into() }).unwrap_err();
    assert_eq!(e.law(), "16B");
}
