//! Law 12: the board goes to the scorer with the table result and the matters left to the
//! Director's judgement; an adjusted score he awards must be one the event can score.

mod common;

use common::*;
use tenace_core::{Contract, Seat, Vulnerability};
use tenace_director::{Choice, Chooser};
use tenace_events::{Artificial, Outcome, Played, Weighted};

#[test]
fn law_12_a_played_board_hands_its_result_to_the_scorer() {
    let mut t = table();
    assert_eq!(t.hand_off().outcome, None, "not before the board is over");
    auction(&mut t, "1NT P P P");
    play_out(&mut t);
    let hand_off = t.hand_off();
    let Some(Outcome::Played(played)) = hand_off.outcome.clone() else { panic!("{hand_off:?}") };
    assert_eq!(played.declarer, Some(Seat::North));
    assert_eq!(played.ns_score(1, Vulnerability::None).unwrap(), t.result().unwrap().score_ns);
    assert!(hand_off.review.is_empty(), "{:?}", hand_off.review);
}

#[test]
fn law_12a1_law_27d_leaves_the_director_a_matter_to_review() {
    let mut t = table();
    auction(&mut t, "1NT");
    // East bids 1S over 1NT: insufficient; South does not accept; East corrects with 2S.
    say(&mut t, Seat::East, "1S").unwrap();
    choose(&mut t, player(Seat::South), Choice::Refuse).unwrap();
    say(&mut t, Seat::East, "2S").unwrap();
    choose(&mut t, Chooser::Director, Choice::LowestSufficientSameDenomination).unwrap();
    auction(&mut t, "P P P");
    play_out(&mut t);
    let review: Vec<String> = t.hand_off().review.iter().map(|n| n.law.to_string()).collect();
    // Law 27D: the Director awards an adjusted score if the outcome could well have been
    // different without the assistance of the infraction — his judgement, handed to him.
    assert_eq!(review, vec!["27D".to_string()]);
}

#[test]
fn law_12c_adjusted_scores_are_checked_before_they_reach_the_event() {
    let mut t = north_declares();
    play_out(&mut t);
    let artificial = Outcome::Artificial { ns: Artificial::AverageMinus, ew: Artificial::AveragePlus };
    assert_eq!(t.adjusted_score(artificial.clone()).unwrap(), artificial);
    let assigned = Outcome::Assigned(vec![
        Weighted { weight: 0.5, played: Played::new("3NT".parse::<Contract>().unwrap(), Seat::North, 9) },
        Weighted { weight: 0.5, played: Played::new("3NT".parse::<Contract>().unwrap(), Seat::North, 8) },
    ]);
    assert!(t.adjusted_score(assigned).is_ok());
    let impossible = Outcome::Assigned(vec![Weighted { weight: 1.0, played: Played::new("3NT".parse().unwrap(), Seat::North, 14) }]);
    let e = t.adjusted_score(impossible).unwrap_err();
    assert_eq!(e.law(), "12C", "{e}");
    // The table result is untouched.
    assert!(matches!(t.hand_off().outcome, Some(Outcome::Played(_))));
}
