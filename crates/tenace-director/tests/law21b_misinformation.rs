//! Laws 20F, 21B, 40B, 75: misinformation. The Director records the explanation and the
//! agreement; the engine states the Laws' questions in order and the board joins the Law 12
//! review, unless the explanation was the agreement (a misbid, 75C).

mod common;

use common::*;
use tenace_director::FaceEvent;

fn explained(explanation: &str, agreement: Option<&str>) -> FaceEvent {
    FaceEvent::Explanation { call: 3, explanation: explanation.into(), agreement: agreement.map(str::to_string) }
}

/// A misexplained transfer: 1NT - 2D explained as natural, the agreement a transfer. During the
/// auction West may change the call he made after it (21B1(a)); after it, too late to change a
/// call, the Director may adjust (21B3, 40B4).
#[test]
fn law_21b_a_misexplained_transfer_during_and_after_the_auction() {
    let mut t = table();
    auction(&mut t, "1NT P 2D P");
    t.apply(explained("natural, diamonds", Some("transfer to hearts"))).unwrap();
    let during = t.notes().last().unwrap().clone();
    assert_eq!(during.law, "21B");
    assert!(
        during.text.contains("misinformation (75B, 40B4)") && during.text.contains("West may change") && during.text.contains("21B1(a)"),
        "{}",
        during.text
    );
    assert!(t.hand_off().review.iter().any(|n| n.law == "21B"), "a Law 12 review");
    auction(&mut t, "2H P P P");
    t.apply(explained("natural, diamonds", Some("transfer to hearts"))).unwrap();
    let after = t.notes().last().unwrap().text.clone();
    assert!(after.contains("The auction is over") && after.contains("21B3") && after.contains("East-West have done better"), "{after}");
}

/// Law 75C: an explanation that is the agreement is no misinformation, whatever the hand: a
/// misbid, and no review.
#[test]
fn law_75c_the_agreement_explained_is_a_misbid_at_most() {
    let mut t = table();
    auction(&mut t, "1NT P 2D P");
    t.apply(explained("transfer to hearts", Some("Transfer to hearts"))).unwrap();
    assert_eq!(t.notes().last().unwrap().law, "75C");
    assert!(t.hand_off().review.is_empty());
    // Without the agreement, the Director is asked for it (21B1(b)'s presumption stated).
    t.apply(explained("natural", None)).unwrap();
    assert!(t.notes().last().unwrap().text.contains("What is the partnership's agreement"));
}
