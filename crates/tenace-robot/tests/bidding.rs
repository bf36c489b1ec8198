//! The robots' bidding: every call legal under tenace-table's auction, auctions end, calls are
//! explained; and the system's named sequences (docs/robot-system.md).

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenace_core::{random_deal, Call, Deal, Hand, Seat, Vulnerability};
use tenace_robot::{choose_call, explain_call, BiddingView, RobotCall};
use tenace_table::{Auction, AuctionCall};

const VULS: [Vulnerability; 4] = [Vulnerability::None, Vulnerability::NorthSouth, Vulnerability::EastWest, Vulnerability::Both];

/// Four robots bid `deal`; every call is checked by tenace-table. Returns the calls made.
fn bid_out(deal: &Deal, dealer: Seat, vul: Vulnerability) -> Result<Vec<RobotCall>, String> {
    bid_out_within(deal, dealer, vul, tenace_robot::CARD_BUDGET_MS)
}

/// [`bid_out`] by robots of budget `budget_ms` (0: the rules alone, no simulation).
fn bid_out_within(deal: &Deal, dealer: Seat, vul: Vulnerability, budget_ms: f64) -> Result<Vec<RobotCall>, String> {
    let mut auction = Auction::new(dealer);
    let mut calls: Vec<Call> = Vec::new();
    let mut made = Vec::new();
    while let Some(seat) = auction.to_call() {
        if calls.len() > 60 {
            return Err(format!("auction too long: {calls:?}"));
        }
        let view = BiddingView { seat, hand: deal.hand(seat), dealer, vulnerability: vul, calls: &calls };
        let rc = tenace_robot::choose_call_within(&view, budget_ms);
        auction
            .make(AuctionCall { seat, call: rc.call, alert: rc.alert, explanation: Some(rc.explanation.clone()) })
            .map_err(|e| format!("illegal call {} after {calls:?}: {e}", rc.call))?;
        calls.push(rc.call);
        made.push(rc);
    }
    Ok(made)
}

fn hand(s: &str) -> Hand {
    s.parse().expect("hand")
}

fn calls(s: &str) -> Vec<Call> {
    s.split_whitespace().map(|w| w.parse().expect("call")).collect()
}

/// The call of the system's rules as `seat` after `auction` (dealer North): a robot with no
/// budget, so no simulation (the tests named "by simulation" use [`robot_simulating`]).
fn robot(seat: Seat, h: &str, auction: &str) -> RobotCall {
    let calls = calls(auction);
    tenace_robot::choose_call_within(&BiddingView { seat, hand: hand(h), dealer: Seat::North, vulnerability: Vulnerability::None, calls: &calls }, 0.0)
}

/// The robot's call as `seat` after `auction` (dealer North) at the default budget: the game
/// and slam simulations may change the rules' call.
fn robot_simulating(seat: Seat, h: &str, auction: &str) -> RobotCall {
    let calls = calls(auction);
    choose_call(&BiddingView { seat, hand: hand(h), dealer: Seat::North, vulnerability: Vulnerability::None, calls: &calls })
}

/// The robot as `seat` after `auction` (dealer North) makes `call`, its explanation saying `says`.
fn bids_saying(seat: Seat, h: &str, auction: &str, call: &str, says: &str) {
    let rc = robot(seat, h, auction);
    assert_eq!(rc.call.to_string(), call, "{h} after {auction}: {}", rc.explanation);
    assert!(rc.explanation.contains(says), "{h} after {auction}: {}", rc.explanation);
}

/// Four robots of budget `budget_ms` bid a random deal legally, the auction ends, and every
/// call's explanation is the answer to a question about it.
fn bid_legally(seed: u64, dealer: usize, vul: usize, budget_ms: f64) -> Result<(), TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deal = random_deal(&mut rng);
    let dealer = Seat::from_index(dealer);
    let made = bid_out_within(&deal, dealer, VULS[vul], budget_ms).map_err(TestCaseError::fail)?;
    prop_assert!(made.len() <= 40, "long auction: {:?}", made.iter().map(|c| c.call.to_string()).collect::<Vec<_>>());
    let calls: Vec<Call> = made.iter().map(|c| c.call).collect();
    for (i, rc) in made.iter().enumerate() {
        if matches!(rc.call, Call::Bid(_)) {
            prop_assert!(!rc.explanation.trim().is_empty(), "no explanation for {}", rc.call);
        }
        // One source of truth: the answer to a question is the robot's own explanation.
        prop_assert_eq!(&explain_call(dealer, VULS[vul], &calls, i), &rc.explanation);
    }
    Ok(())
}

proptest! {
    /// By the rules alone (no budget): many auctions.
    #[test]
    fn robots_bid_legally_and_the_auction_ends(seed in any::<u64>(), dealer in 0usize..4, vul in 0usize..4) {
        bid_legally(seed, dealer, vul, 0.0)?;
    }

    #[test]
    fn explain_call_never_panics(words in proptest::collection::vec(0usize..38, 0..20), index in 0usize..25) {
        // Any sequence of calls, legal or not.
        let all: Vec<Call> = std::iter::once(Call::Pass)
            .chain([Call::Double, Call::Redouble])
            .chain(tenace_core::Bid::all().map(Call::Bid))
            .collect();
        let calls: Vec<Call> = words.iter().map(|&w| all[w]).collect();
        let _ = explain_call(Seat::East, Vulnerability::Both, &calls, index);
        let view = BiddingView { seat: Seat::North, hand: hand("AKQ2.K32.432.432"), dealer: Seat::East, vulnerability: Vulnerability::None, calls: &calls };
        let _ = choose_call(&view);
    }
}

#[test]
fn one_notrump_with_sixteen_balanced() {
    let rc = robot(Seat::North, "AQ32.KJ2.K32.Q32", "");
    assert_eq!(rc.call.to_string(), "1NT");
    assert!(!rc.alert);
    assert_eq!(rc.explanation, "15-17 HCP, balanced");
    assert_eq!(explain_call(Seat::North, Vulnerability::None, &calls("1NT"), 0), "15-17 HCP, balanced");
}

#[test]
fn openings() {
    assert_eq!(robot(Seat::North, "AKQ2.AKJ2.AK2.K2", "").call.to_string(), "2C");
    assert!(robot(Seat::North, "AKQ2.AKJ2.AK2.K2", "").alert);
    assert_eq!(robot(Seat::North, "AKQ2.AK2.Q32.Q32", "").call.to_string(), "2NT");
    assert_eq!(robot(Seat::North, "AKJ32.K32.Q32.32", "").call.to_string(), "1S");
    assert_eq!(robot(Seat::North, "AKJ3.K32.Q32.432", "").call.to_string(), "1C");
    assert_eq!(robot(Seat::North, "AKJ3.K32.Q432.32", "").call.to_string(), "1D");
    let weak = robot(Seat::North, "32.KQJ932.432.32", "");
    assert_eq!(weak.call.to_string(), "2H");
    assert!(!weak.alert);
    assert!(weak.explanation.contains("weak two"));
    assert_eq!(robot(Seat::North, "2.KQJ9832.432.32", "").call.to_string(), "3H");
    assert_eq!(robot(Seat::North, "32.K932.Q432.432", "").call, Call::Pass);
}

#[test]
fn stayman_and_transfers_are_alerted() {
    let stayman = robot(Seat::South, "AQ32.K432.32.432", "1NT Pass");
    assert_eq!(stayman.call.to_string(), "2C");
    assert!(stayman.alert);
    assert!(stayman.explanation.contains("Stayman"));
    let transfer = robot(Seat::South, "32.QJ932.432.432", "1NT Pass");
    assert_eq!(transfer.call.to_string(), "2D");
    assert!(transfer.alert);
    assert!(transfer.explanation.contains("hearts"));
    let transfer = robot(Seat::South, "QJ932.32.432.432", "1NT Pass");
    assert_eq!(transfer.call.to_string(), "2H");
    assert!(transfer.alert);
    // Opener answers Stayman and completes transfers.
    assert_eq!(robot(Seat::North, "AQ32.KJ2.K32.Q32", "1NT Pass 2C Pass").call.to_string(), "2S");
    assert_eq!(robot(Seat::North, "AQ3.KJ2.K432.Q32", "1NT Pass 2C Pass").call.to_string(), "2D");
    assert!(robot(Seat::North, "AQ3.KJ2.K432.Q32", "1NT Pass 2C Pass").alert);
    assert_eq!(robot(Seat::North, "AQ3.KJ2.K432.Q32", "1NT Pass 2D Pass").call.to_string(), "2H");
    // Responder places the contract: 4-4 spade fit with game values.
    assert_eq!(robot(Seat::South, "KJ54.Q432.A2.432", "1NT Pass 2C Pass 2S Pass").call.to_string(), "4S");
    // No fit, invitational values.
    assert_eq!(robot(Seat::South, "KJ54.Q432.K2.432", "1NT Pass 2C Pass 2D Pass").call.to_string(), "2NT");
}

#[test]
fn two_clubs_and_waiting_two_diamonds() {
    let rc = robot(Seat::South, "32.J432.5432.432", "2C Pass");
    assert_eq!(rc.call.to_string(), "2D");
    assert!(rc.alert);
    assert!(rc.explanation.contains("waiting"));
    assert!(explain_call(Seat::North, Vulnerability::None, &calls("2C"), 0).contains("22+"));
}

#[test]
fn responses_to_one_of_a_suit() {
    // Simple raise, limit raise, game raise of a major.
    assert_eq!(robot(Seat::South, "K32.Q432.K432.32", "1S Pass").call.to_string(), "2S");
    assert_eq!(robot(Seat::South, "K32.A432.K432.32", "1S Pass").call.to_string(), "3S");
    assert_eq!(robot(Seat::South, "K432.A432.Q43.K2", "1S Pass").call.to_string(), "4S");
    // New suit at the one level, 1NT, two over one.
    assert_eq!(robot(Seat::South, "K432.Q2.K432.432", "1H Pass").call.to_string(), "1S");
    assert_eq!(robot(Seat::South, "K2.Q32.J5432.432", "1S Pass").call.to_string(), "1NT");
    assert_eq!(robot(Seat::South, "32.K2.AQ432.K432", "1S Pass").call.to_string(), "2D");
    assert!(robot(Seat::South, "32.K2.AQ432.K432", "1S Pass").explanation.contains("10+"));
    // Too weak: pass.
    assert_eq!(robot(Seat::South, "32.Q32.J5432.432", "1S Pass").call, Call::Pass);
}

#[test]
fn opener_rebids() {
    // 1H 1S: raise spades with four.
    assert_eq!(robot(Seat::North, "KJ32.AQ432.K2.32", "1H Pass 1S Pass").call.to_string(), "2S");
    // 12-14 balanced: 1NT.
    assert_eq!(robot(Seat::North, "K32.A32.Q432.K32", "1D Pass 1S Pass").call.to_string(), "1NT");
    // Six-card suit, minimum: rebid it.
    assert_eq!(robot(Seat::North, "2.AQJ432.K32.Q32", "1H Pass 1S Pass").call.to_string(), "2H");
    // Raised with a maximum: game.
    assert_eq!(robot(Seat::North, "AKQ32.AK2.K32.32", "1S Pass 2S Pass").call.to_string(), "4S");
}

#[test]
fn competition() {
    // A five-card suit overcall.
    assert_eq!(robot(Seat::East, "32.KQJ32.A32.432", "1C").call.to_string(), "1H");
    // A 1NT overcall.
    assert_eq!(robot(Seat::East, "AQ2.KQ32.K32.Q32", "1S").call.to_string(), "1NT");
    // A takeout double: short in their suit.
    let rc = robot(Seat::East, "2.KQ32.A432.K432", "1S");
    assert_eq!(rc.call, Call::Double);
    assert!(rc.explanation.contains("takeout"));
    // Answering partner's takeout double.
    assert_eq!(robot(Seat::West, "432.Q432.432.432", "1S X Pass").call.to_string(), "2H");
}

#[test]
fn rkcb_1430_after_1s_4s_keycards_then_six() {
    // A game raise opposite a big hand: ask for keycards (the four aces and the spade king).
    let rc = robot(Seat::North, "AKJ32.AK2.KQ2.32", "1S Pass 4S Pass");
    assert_eq!(rc.call.to_string(), "4NT");
    assert!(rc.alert);
    assert!(rc.explanation.starts_with("RKCB for spades"), "{}", rc.explanation);
    // One keycard (the diamond ace): 5C, "1 or 4".
    let rc = robot(Seat::South, "Q654.Q43.A32.432", "1S Pass 4S Pass 4NT Pass");
    assert_eq!(rc.call.to_string(), "5C");
    assert!(rc.alert && rc.explanation.contains("1 or 4 keycards"), "{}", rc.explanation);
    // Two keycards with the queen: 5S; without it: 5H.
    assert_eq!(robot(Seat::South, "Q654.A43.A32.432", "1S Pass 4S Pass 4NT Pass").call.to_string(), "5S");
    assert_eq!(robot(Seat::South, "9654.A43.A32.K32", "1S Pass 4S Pass 4NT Pass").call.to_string(), "5H");
    // Three keycards here and one there (not four: that would be six): one is missing, small slam.
    assert_eq!(robot(Seat::North, "AKJ32.AK2.KQ2.32", "1S Pass 4S Pass 4NT Pass 5C Pass").call.to_string(), "6S");
    // Two missing: stop at five.
    assert_eq!(robot(Seat::North, "AKJ32.KQ2.KQ2.K2", "1S Pass 4S Pass 4NT Pass 5C Pass").call.to_string(), "5S");
}

#[test]
fn rkcb_1430_queen_ask_after_1s_4s_4nt_5c() {
    // All five keycards between the hands, the queen unknown: ask for it with the next step.
    let rc = robot(Seat::North, "AKJ32.AK2.AQ2.32", "1S Pass 4S Pass 4NT Pass 5C Pass");
    assert_eq!(rc.call.to_string(), "5D");
    assert!(rc.alert && rc.explanation.contains("queen ask"), "{}", rc.explanation);
    // With the spade queen: six spades (five would deny it).
    let rc = robot(Seat::South, "Q654.Q43.K32.A32", "1S Pass 4S Pass 4NT Pass 5C Pass 5D Pass");
    assert_eq!(rc.call.to_string(), "6S");
    assert!(rc.explanation.contains("holds the spade queen"), "{}", rc.explanation);
    let rc = robot(Seat::South, "9654.Q43.K32.A32", "1S Pass 4S Pass 4NT Pass 5C Pass 5D Pass");
    assert_eq!(rc.call.to_string(), "5S");
    assert!(rc.explanation.contains("no spade queen"), "{}", rc.explanation);
    // The asker, told of the queen, bids the grand slam with 37+ points between the hands,
    // else six; told there is none, six.
    let grand = robot(Seat::North, "AKJ32.AKQ.AQ2.K2", "1S Pass 4S Pass 4NT Pass 5C Pass 5D Pass 6S Pass");
    assert_eq!(grand.call.to_string(), "7S");
    assert_eq!(robot(Seat::North, "AKJ32.AK2.AQ2.32", "1S Pass 4S Pass 4NT Pass 5C Pass 5D Pass 5S Pass").call.to_string(), "6S");
}

#[test]
fn contested_responses() {
    // A free bid of a long suit; a double of a 1NT overcall is for penalties with 10+ points.
    assert_eq!(robot(Seat::South, "KQ4.A98762.85.J5", "1D 1NT").call.to_string(), "2H");
    let rc = robot(Seat::South, "KQ4.A982.J85.J52", "1D 1NT");
    assert_eq!(rc.call, Call::Double);
    assert!(rc.explanation.contains("penalty"));
    // A free bid at the two level (without four hearts: with them, the negative double).
    let rc = robot(Seat::South, "92.K32.AJT74.J92", "1C 1S");
    assert_eq!(rc.call.to_string(), "2D");
    assert!(rc.explanation.contains("free bid"));
    // A raise still shows the same values.
    assert_eq!(robot(Seat::South, "K32.Q432.K432.32", "1S 2C").call.to_string(), "2S");
}

#[test]
fn one_club_one_diamond_one_spade_shows_four_when_the_double_shows_both_majors() {
    // 1C (1D): a double shows both majors, so 1S is a plain four-card suit (it was five, and
    // this hand passed with 12 HCP).
    bids_saying(Seat::South, "AJT9.K84.K86.J86", "1C 1D", "1S", "4+ spades");
    // Both majors: the negative double, not a major.
    bids_saying(Seat::South, "KQ32.AJ54.82.J43", "1C 1D", "X", "4+ spades and 4+ hearts");
    // 1D (1H): the double shows spades, so 1S still shows five.
    assert!(robot(Seat::South, "KJ532.92.Q43.J98", "1D 1H").explanation.contains("5+ spades"));
}

#[test]
fn one_heart_double_two_hearts_two_spades_with_five_spades() {
    // Their raise over partner's takeout double: with five spades and 9 HCP, compete in
    // spades, where the double's three-card support makes eight (it passed, as the double's
    // "or 17+ points" promises no shape).
    bids_saying(Seat::West, "J9832.KQ86.5.QJ4", "1H X 2H", "2S", "spades");
    // Without a suit of five, still a pass.
    assert_eq!(robot(Seat::West, "J983.KQ86.54.QJ4", "1H X 2H").call, Call::Pass);
}

#[test]
fn one_spade_two_diamonds_two_hearts_three_diamonds_three_notrump_when_no_room_to_invite() {
    // After a two-over-one raised, 11 HCP balanced with hearts stopped: no room is left for
    // the 2NT invitation, and the middle of opener's range makes game (it passed 3D).
    bids_saying(Seat::East, "Q2.KT74.AQT8.T62", "Pass Pass Pass 1S Pass 2D 2H 3D Pass", "3NT", "game");
}

#[test]
fn one_spade_two_clubs_two_spades_three_notrump_four_spades_with_six() {
    // Partner's 3NT, our fit in a major found (six spades opposite the two a 3NT may hold):
    // four of the major.
    assert_eq!(robot(Seat::North, "AKQJ65.T.Q653.42", "1S Pass 2C Pass 2S Pass 3NT Pass").call.to_string(), "4S");
    // Without the six-card suit, 3NT stands.
    assert_eq!(robot(Seat::North, "AKQJ6.T3.Q653.42", "1S Pass 2C Pass 2S Pass 3NT Pass").call, Call::Pass);
}

#[test]
fn one_club_one_notrump_pass_two_notrump_with_nine_and_four_hearts() {
    // Partner's 1NT overcall has no Stayman: 2NT invites with a four-card major too (it
    // passed, explained as 0-7 HCP).
    bids_saying(Seat::West, "J64.T943.AJ72.QJ", "1C 1NT Pass", "2NT", "8-9 HCP");
    bids_saying(Seat::West, "J64.K943.AJ72.QJ", "1C 1NT Pass", "3NT", "10-15 HCP");
}

#[test]
fn one_notrump_two_clubs_two_hearts_four_notrump_with_sixteen_and_the_fit() {
    // 16 HCP and four hearts opposite 15-17: partner's narrow range counts at its middle, so
    // the 33 points of a slam are there; RKCB, then six (it bid 4H, and 6H makes).
    bids_saying(Seat::South, "QT.K976.AK4.A754", "1NT Pass 2C Pass 2H Pass", "4NT", "RKCB for hearts");
    bids_saying(Seat::South, "QT.K976.AK4.A754", "1NT Pass 2C Pass 2H Pass 4NT Pass 5C Pass", "6H", "slam");
    // Two points fewer: game.
    assert_eq!(robot(Seat::South, "QT.K976.AK4.Q754", "1NT Pass 2C Pass 2H Pass").call.to_string(), "4H");
}

#[test]
fn one_heart_one_spade_with_twenty_and_heart_support_reaches_slam() {
    // 20 HCP and three hearts opposite 1H: a new suit first, not the game raise (13-16), and
    // the side reaches the slam the game raise left opener no room to find (6H makes).
    bids_saying(Seat::South, "AK85.962.AJ.AKJ7", "1H Pass", "1S", "forcing");
    let deal: Deal = "E:T62.AKQT8.K6.Q54 Q43.75.T9852.T86 AK85.962.AJ.AKJ7 J97.J43.Q743.932".parse().expect("deal");
    let made = bid_out(&deal, Seat::East, Vulnerability::EastWest).expect("legal auction");
    let last = made.iter().rev().find_map(|c| match c.call {
        Call::Bid(b) => Some(b),
        _ => None,
    });
    assert!(last.is_some_and(|b| b.level() >= 6), "{:?}", made.iter().map(|c| c.call.to_string()).collect::<Vec<_>>());
    // With 15 support points, the game raise.
    assert_eq!(robot(Seat::South, "AK85.962.Q2.KJ87", "1H Pass").call.to_string(), "4H");
}

#[test]
fn two_notrump_three_spades_opener_chooses_the_game() {
    // No transfers over 2NT: five spades and game values ask opener to choose (it bid 3NT
    // with five-five and a void).
    bids_saying(Seat::South, "J8652..A53.KJ832", "2NT Pass", "3S", "choose 4S or 3NT");
    // Opener: four spades with three, 3NT with two; then responder passes.
    assert_eq!(robot(Seat::North, "AKQ.AK74.KQ9.T64", "2NT Pass 3S Pass").call.to_string(), "4S");
    assert_eq!(robot(Seat::North, "AK.AK74.KQ95.T64", "2NT Pass 3S Pass").call.to_string(), "3NT");
    assert_eq!(robot(Seat::South, "J8652.Q2.A53.K83", "2NT Pass 3S Pass 3NT Pass").call, Call::Pass);
}

#[test]
fn one_diamond_two_clubs_three_notrump_with_four_hearts_and_clubs_stopped() {
    // 1D (2C): 15 HCP, balanced, four hearts but not four spades (the double shows both), A52
    // in clubs: 3NT (it passed, and the side missed its game).
    bids_saying(Seat::South, "532.KQ98.AQT.A52", "1D 2C", "3NT", "stopper");
    // Uncontested, 3NT still denies a four-card major.
    assert_ne!(robot(Seat::South, "532.KQ98.AQT.A52", "1D Pass").call.to_string(), "3NT");
}

#[test]
fn negative_double_1c_1s_x_shows_four_hearts_and_opener_answers() {
    // 1C (1S) X: four hearts, 6+ points (the old penalty double needed four spades).
    let rc = robot(Seat::South, "A.AK32.JT743.J92", "1C 1S");
    assert_eq!(rc.call, Call::Double);
    assert!(rc.explanation.starts_with("negative: 6+ points, 4+ hearts"), "{}", rc.explanation);
    assert_eq!(robot(Seat::South, "82.QJ32.K743.J92", "1C 1S").call, Call::Double);
    // With five hearts, 2H is still a bid of its own; with long spades, no negative double.
    assert_ne!(robot(Seat::South, "K9876.Q32.K43.92", "1C 1S").call, Call::Double);
    // 1D (1H) X: four spades; 1S shows five.
    let rc = robot(Seat::South, "KJ32.92.Q43.J982", "1D 1H");
    assert_eq!(rc.call, Call::Double);
    assert!(rc.explanation.contains("4+ spades"), "{}", rc.explanation);
    assert_eq!(robot(Seat::South, "KJ532.92.Q43.J98", "1D 1H").call.to_string(), "1S");
    // Opener answers: four hearts at the cheapest level with a minimum, a jump with 16-18.
    let rc = robot(Seat::North, "K2.Q954.A2.AJ982", "1C 1S X Pass");
    assert_eq!(rc.call.to_string(), "2H");
    assert!(rc.explanation.contains("4+ hearts, 12-15"), "{}", rc.explanation);
    assert_eq!(robot(Seat::North, "K2.AQ95.A2.QJ982", "1C 1S X Pass").call.to_string(), "3H");
    assert_eq!(robot(Seat::North, "K2.AQ95.A2.AJ982", "1C 1S X Pass").call.to_string(), "4H");
    // No hearts, a spade stopper, balanced minimum: 1NT; never a pass for lack of a bid.
    assert_eq!(robot(Seat::North, "KJ2.Q95.A2.Q9832", "1C 1S X Pass").call.to_string(), "1NT");
    assert_ne!(robot(Seat::North, "32.Q95.A2.AK9832", "1C 1S X Pass").call, Call::Pass);
}

#[test]
fn michaels_1c_2c_both_majors_and_1h_2h_spades_and_a_minor() {
    let rc = robot(Seat::East, "KQJ76.AJ876.2.32", "1C");
    assert_eq!(rc.call.to_string(), "2C");
    assert!(rc.alert && rc.explanation.starts_with("Michaels: 5+ spades and 5+ hearts"), "{}", rc.explanation);
    let rc = robot(Seat::East, "AQJ76.2.KJ876.32", "1H");
    assert_eq!(rc.call.to_string(), "2H");
    assert!(rc.explanation.contains("5+ spades and a five-card minor"), "{}", rc.explanation);
    // Five spades and four clubs: a simple overcall, not Michaels.
    assert_eq!(robot(Seat::East, "AQJ76.2.KJ87.432", "1H").call.to_string(), "1S");
    // Advancer: a preference with four spades, game with 11+ points and four.
    assert_eq!(robot(Seat::West, "8432.Q2.K5432.32", "1C 2C Pass").call.to_string(), "2S");
    assert_eq!(robot(Seat::West, "A432.Q2.KQ432.32", "1C 2C Pass").call.to_string(), "4S");
    // Opposite Michaels over a major without three spades: 2NT asks for the minor.
    let rc = robot(Seat::West, "32.8432.AQ2.K5432", "1H 2H Pass");
    assert_eq!(rc.call.to_string(), "2NT");
    assert!(rc.alert);
    let rc = robot(Seat::East, "AQJ76.2.KJ876.32", "1H 2H Pass 2NT Pass");
    assert_eq!(rc.call.to_string(), "3D");
    assert!(rc.explanation.contains("my minor is diamonds"), "{}", rc.explanation);
}

#[test]
fn unusual_2nt_1s_2nt_both_minors() {
    let rc = robot(Seat::East, "2.32.AQJ76.KJ876", "1S");
    assert_eq!(rc.call.to_string(), "2NT");
    assert!(rc.alert && rc.explanation.starts_with("Unusual 2NT: 5+ clubs and 5+ diamonds"), "{}", rc.explanation);
    // Over a minor: the two lowest unbid suits (1D 2NT: clubs and hearts).
    let rc = robot(Seat::East, "2.AQJ76.32.KJ876", "1D");
    assert_eq!(rc.call.to_string(), "2NT");
    assert!(rc.explanation.contains("5+ clubs and 5+ hearts"), "{}", rc.explanation);
    // Advancer: three of the longer minor.
    assert_eq!(robot(Seat::West, "8432.Q2.K5432.32", "1S 2NT Pass").call.to_string(), "3D");
}

#[test]
fn balancing_1h_pass_pass_acts_on_less() {
    // Nine points, short in hearts: passed in the direct seat, doubled in the pass-out seat.
    let h = "KJ32.2.Q432.K432";
    assert_eq!(robot(Seat::East, h, "1H").call, Call::Pass);
    let rc = robot(Seat::West, h, "1H Pass Pass");
    assert_eq!(rc.call, Call::Double);
    assert!(rc.explanation.contains("balancing"), "{}", rc.explanation);
    // 1NT shows 11-14 there (15-18 in the direct seat).
    let rc = robot(Seat::West, "KJ2.Q32.KJ32.Q32", "1H Pass Pass");
    assert_eq!(rc.call.to_string(), "1NT");
    assert!(rc.explanation.starts_with("balancing: 11-14 HCP"), "{}", rc.explanation);
    assert_eq!(robot(Seat::East, "KJ2.Q32.KJ32.Q32", "1H").call, Call::Pass);
    // A five-card suit with 6-7 HCP.
    assert_eq!(robot(Seat::West, "KJ932.32.Q32.432", "1H Pass Pass").call.to_string(), "1S");
}

#[test]
fn landy_1nt_2c_both_majors() {
    let rc = robot(Seat::East, "KJ32.QJ932.2.A32", "1NT");
    assert_eq!(rc.call.to_string(), "2C");
    assert!(rc.alert && rc.explanation.starts_with("Landy: 4+ spades and 4+ hearts"), "{}", rc.explanation);
    // Eight cards in the majors: no Landy.
    assert_ne!(robot(Seat::East, "KJ32.QJ93.2.A432", "1NT").call.to_string(), "2C");
    // Advancer: the major with more cards.
    assert_eq!(robot(Seat::West, "32.Q42.K5432.432", "1NT 2C Pass").call.to_string(), "2H");
}

#[test]
fn overcall_at_the_three_level_over_a_weak_two_2h_3d() {
    let rc = robot(Seat::East, "32.32.AKQ876.K32", "2H");
    assert_eq!(rc.call.to_string(), "3D");
    assert!(rc.explanation.starts_with("overcall: 12-17 HCP, 6+ diamonds"), "{}", rc.explanation);
    // Over their one-level opening the two level stays the limit for a simple overcall.
    assert_ne!(robot(Seat::East, "32.32.AKQ876.K32", "1S 2H").call.to_string(), "3D");
}

#[test]
fn responsive_double_1d_x_2d_x_both_majors() {
    let rc = robot(Seat::West, "KJ32.Q932.32.K32", "1D X 2D");
    assert_eq!(rc.call, Call::Double);
    assert!(rc.explanation.starts_with("responsive: 8+ points, 4+ spades and 4+ hearts"), "{}", rc.explanation);
    // The doubler picks the major with more cards at the cheapest level; never passes.
    let rc = robot(Seat::East, "AQ54.K32.2.QJ432", "1D X 2D X Pass");
    assert_eq!(rc.call.to_string(), "2S");
    assert!(rc.explanation.starts_with("3+ spades, 12-16 points"), "{}", rc.explanation);
    assert_ne!(robot(Seat::East, "Q54.K32.2.AKQJ32", "1D X 2D X Pass").call, Call::Pass);
}

#[test]
fn lead_directing_double_of_stayman_and_a_transfer() {
    let rc = robot(Seat::West, "32.K32.432.AKJ76", "1NT Pass 2C");
    assert_eq!(rc.call, Call::Double);
    assert!(rc.explanation.starts_with("lead-directing: 5+ clubs"), "{}", rc.explanation);
    // Five clubs without two of the top three honours: no double.
    assert_ne!(robot(Seat::West, "32.K32.A32.J9876", "1NT Pass 2C").call, Call::Double);
    let rc = robot(Seat::West, "32.K32.AQT76.432", "1NT Pass 2D");
    assert_eq!(rc.call, Call::Double);
    assert!(rc.explanation.contains("5+ diamonds"), "{}", rc.explanation);
}

#[test]
fn no_3nt_with_their_suit_unstopped_1nt_2d_2s() {
    // After 1NT 2D (transfer) 2S Pass Pass, game values, a singleton spade: four hearts, not 3NT.
    assert_eq!(robot(Seat::South, "8.Q9432.K7652.A5", "1NT Pass 2D 2S Pass Pass").call.to_string(), "4H");
    // With spades stopped, 3NT stays.
    assert_eq!(robot(Seat::South, "A8.Q9432.K765.52", "1NT Pass 2D 2S Pass Pass").call.to_string(), "3NT");
}

#[test]
fn advancing_an_overcall_in_no_trump_by_strength_1c_1s_pass() {
    // 13 HCP, two spades, clubs stopped: 2NT (it passed: no trump showed only 8-11).
    let rc = robot(Seat::West, "43.KQJ9.A82.KT42", "1C 1S Pass");
    assert_eq!(rc.call.to_string(), "2NT");
    assert!(rc.explanation.contains("12-14 HCP"), "{}", rc.explanation);
    assert_eq!(robot(Seat::West, "43.KQJ9.AQ2.KT42", "1C 1S Pass").call.to_string(), "3NT");
    assert_eq!(robot(Seat::West, "43.QJ92.A82.KT42", "1C 1S Pass").call.to_string(), "1NT");
}

#[test]
fn weak_twos_and_preempts_are_raised_with_values() {
    assert_eq!(robot(Seat::South, "AK2.A32.KQ32.432", "2H Pass").call.to_string(), "4H");
    assert_eq!(robot(Seat::South, "32.Q32.K5432.432", "2H Pass").call.to_string(), "3H");
    assert_eq!(robot(Seat::South, "32.Q2.K5432.5432", "2H Pass").call, Call::Pass);
}

#[test]
fn questions_are_answered_from_the_auction() {
    let a = calls("1NT Pass 2D Pass 2H Pass");
    assert_eq!(explain_call(Seat::North, Vulnerability::None, &a, 2), "Jacoby transfer: 5+ hearts");
    assert_eq!(explain_call(Seat::North, Vulnerability::None, &a, 4), "completes the transfer: 2+ hearts");
    assert_eq!(explain_call(Seat::North, Vulnerability::None, &a, 9), "no such call");
    let a = calls("1H Pass 1S Pass 2S");
    assert_eq!(explain_call(Seat::North, Vulnerability::None, &a, 4), "raise: 12-15 points, 4+ spades");
}

// Regression tests for the system's holes (issue 16), named after the auction.

#[test]
fn auction_1nt_pass_2nt_pass_opener_with_15_passes() {
    // It once bid 6NT: the answers to 2NT included 6NT read as "natural, to play".
    assert_eq!(robot(Seat::North, "KQ2.A32.Q432.KJ2", "1NT Pass 2NT Pass").call, Call::Pass);
    assert_eq!(robot(Seat::North, "KQ2.A32.Q432.AJ2", "1NT Pass 2NT Pass").call.to_string(), "3NT");
}

#[test]
fn auction_1c_1s_1nt_responder_with_five_spades_and_game_values_offers_a_choice() {
    // 3NT would lose a 5-3 spade fit: 3S shows five, forcing.
    let rc = robot(Seat::South, "KJ962.K.K654.KQ9", "1C Pass 1S Pass 1NT Pass");
    assert_eq!(rc.call.to_string(), "3S", "{rc:?}");
    assert!(rc.explanation.contains("5+ spades"), "{}", rc.explanation);
    // Opener chooses: four spades with three, 3NT with two.
    assert_eq!(robot(Seat::North, "Q83.Q82.AT2.A875", "1C Pass 1S Pass 1NT Pass 3S Pass").call.to_string(), "4S");
    assert_eq!(robot(Seat::North, "Q8.Q832.AT2.A875", "1C Pass 1S Pass 1NT Pass 3S Pass").call.to_string(), "3NT");
}

#[test]
fn auction_1h_strong_balanced_hand_without_a_fitting_overcall_doubles() {
    // 20 HCP with three hearts: too strong for 1NT (15-18), no five-card suit: double first.
    let rc = robot(Seat::East, "AK2.K43.AKQ2.J43", "1H");
    assert_eq!(rc.call, Call::Double, "{rc:?}");
    assert!(rc.explanation.contains("17+"), "{}", rc.explanation);
}

#[test]
fn auction_2h_pass_a_strong_hand_without_a_fit_bids_a_forcing_new_suit() {
    // 19 points, six spades, a singleton heart: it passed before (no forcing bid over a weak two).
    let rc = robot(Seat::South, "AKQJ84.2.AK3.932", "2H Pass");
    assert_eq!(rc.call.to_string(), "2S", "{rc:?}");
    assert!(rc.explanation.contains("forcing"), "{}", rc.explanation);
    // Opener raises with three spades (to game with this maximum: two doubletons are two
    // support points).
    assert_eq!(robot(Seat::North, "T72.KQT854.52.J4", "2H Pass 2S Pass").call.to_string(), "4S");
    assert_eq!(robot(Seat::North, "T72.QJT854.52.J4", "2H Pass 2S Pass").call.to_string(), "3S");
}

/// Law 16B1(b): the Director's poll. An 11-count opposite nothing: the panel of robot peers
/// (valuing it from 9 to 13) splits between passing and opening, each call with its share; the
/// robot's own call (the panel's middle) holds the largest share.
#[test]
fn law_16b1b_the_panel_of_peers_splits_on_a_borderline_opening() {
    // 11 HCP, 5 spades: 1S for those who count it as 12 or more, Pass for the others.
    let view = BiddingView { seat: Seat::North, hand: hand("KQ954.K32.Q54.J3"), dealer: Seat::North, vulnerability: Vulnerability::None, calls: &[] };
    let poll = tenace_robot::poll(&view);
    let share = |c: &str| poll.iter().find(|p| p.call == c.parse::<Call>().unwrap()).map_or(0, |p| p.share);
    assert!(share("P") > 0 && share("1S") > 0, "{poll:?}");
    assert_eq!(poll.iter().map(|p| p.share).sum::<u32>(), 100, "{poll:?}");
    let robot = poll.iter().find(|p| p.robot).expect("the robot's call is polled");
    assert!(poll.iter().all(|p| p.share <= robot.share), "{poll:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Every poll: the shares add up to the whole panel, every call polled is legal, the robot's
    /// own call is among them, and a hand valued as it is (the panel's middle) is the robot.
    #[test]
    fn every_poll_accounts_for_the_whole_panel(seed in 0u64..u64::MAX, prefix in 0usize..6) {
        let deal = random_deal(&mut ChaCha8Rng::seed_from_u64(seed));
        let made = bid_out(&deal, Seat::North, Vulnerability::None).map_err(TestCaseError::fail)?;
        let before: Vec<Call> = made.iter().take(prefix.min(made.len().saturating_sub(1))).map(|m| m.call).collect();
        let seat = Seat::North.after(before.len());
        let view = BiddingView { seat, hand: deal.hand(seat), dealer: Seat::North, vulnerability: Vulnerability::None, calls: &before };
        let poll = tenace_robot::poll(&view);
        prop_assert_eq!(poll.iter().map(|p| p.share).sum::<u32>(), 100);
        prop_assert_eq!(poll.iter().filter(|p| p.robot).count(), 1);
        prop_assert!(poll.iter().any(|p| p.robot && p.call == choose_call(&view).call && p.share > 0));
    }
}

#[test]
fn auction_pass_1h_pass_1s_pass_2h_support_with_two_cards_is_explained_as_two() {
    // Opener's 2H shows six hearts: responder's raise with a doubleton makes an eight-card fit,
    // and the explanation the opponents get says so (it said "3+ cards", Law 20F/75).
    let rc = robot(Seat::West, "KJ54.97.AQ98.Q73", "Pass 1H Pass 1S Pass 2H Pass");
    assert!(matches!(rc.call, Call::Bid(b) if b.strain() == tenace_core::Strain::Hearts), "{rc:?}");
    assert!(rc.explanation.starts_with("support for hearts: 2+ cards"), "{}", rc.explanation);
    // Over a five-card suit, support is still three.
    let a = calls("Pass 1H Pass 2D Pass 2S Pass 3H");
    assert!(
        explain_call(Seat::North, Vulnerability::None, &a, 7).starts_with("support for hearts: 3+ cards"),
        "{}",
        explain_call(Seat::North, Vulnerability::None, &a, 7)
    );
}

#[test]
fn auction_1c_1h_no_trump_needs_a_heart_stopper() {
    // 13 HCP, balanced, two small hearts: 3NT "13-15, to play" once left the hearts to the
    // overcaller. Without a stopper it bids its suit or doubles, never no trump.
    let rc = robot(Seat::South, "KQ7.42.Q62.AQT65", "1C 1H");
    assert!(!matches!(rc.call, Call::Bid(b) if b.strain() == tenace_core::Strain::NoTrump), "{rc:?}");
    // With the heart ace it bids 3NT, and says it holds a stopper.
    let rc = robot(Seat::South, "KQ7.A2.Q62.QJT65", "1C 1H");
    assert_eq!(rc.call.to_string(), "3NT", "{rc:?}");
    assert!(rc.explanation.contains("stopper in their suit"), "{}", rc.explanation);
}

#[test]
fn auction_1d_x_pass_1s_pass_3s_pass_accepting_the_raise_is_four_spades() {
    // Vulnerable, partner doubled and raised our spades; we accept: game is 4S, not 3NT (it bid
    // 3NT with J843 of spades and no diamond stopper).
    let auction = calls("Pass Pass 1D X Pass 1S Pass 3S Pass");
    let view = BiddingView { seat: Seat::South, hand: hand("J843.T96.KJ.T975"), dealer: Seat::East, vulnerability: Vulnerability::Both, calls: &auction };
    let rc = choose_call(&view);
    assert_eq!(rc.call.to_string(), "4S", "{rc:?}");
}

#[test]
fn auction_1s_pass_1nt_pass_opener_s_jump_rebid_invites_and_more_bids_game() {
    // 3S invites with 16-18 (it said "16+", and partner counted it as up to 24); with 19+ and
    // six spades opener bids the game.
    let rc = robot(Seat::North, "AKJ954.A2.K43.52", "1S Pass 1NT Pass");
    assert_eq!(rc.call.to_string(), "3S", "{rc:?}");
    assert!(rc.explanation.starts_with("16-18 points"), "{}", rc.explanation);
    let rc = robot(Seat::North, "AKQJ54.A2.KQ3.J2", "1S Pass 1NT Pass");
    assert_eq!(rc.call.to_string(), "4S", "{rc:?}");
    assert!(rc.explanation.starts_with("to play: 19+"), "{}", rc.explanation);
}

#[test]
fn auction_1nt_x_six_six_in_the_majors_bids_a_major_game_not_3nt() {
    // Partner's 1NT is balanced, so it holds two cards or more in each suit: six spades make an
    // eight-card fit. It bid 3NT (a balanced hand's suits were read as possibly void), down one
    // with eleven tricks in spades.
    let rc = robot(Seat::South, "KT9653.AT7632.7.", "1NT X");
    assert!(matches!(rc.call.to_string().as_str(), "4S" | "4H"), "{rc:?}");
}

#[test]
fn auction_1nt_2h_2s_3nt_opener_chooses_four_spades_with_three() {
    // Responder's 3NT after the transfer shows exactly five spades and game values; opener bids
    // 4S with three spades (it passed, and 3NT went down with ten tricks in spades), else passes.
    let auction = "1NT Pass 2H Pass 2S Pass 3NT Pass";
    let text = explain_call(Seat::North, Vulnerability::None, &calls(auction), 6);
    assert!(text.starts_with("exactly 5 spades, game values"), "{text}");
    assert_eq!(robot(Seat::North, "AK4.Q62.KJ73.Q95", auction).call.to_string(), "4S");
    assert_eq!(robot(Seat::North, "A4.KQ62.KJ73.Q95", auction).call, Call::Pass);
    // With six spades responder bids the game itself.
    assert_eq!(robot(Seat::South, "KQT962.83.A54.72", "1NT Pass 2H Pass 2S Pass").call.to_string(), "4S");
}

#[test]
fn auction_1nt_2c_2h_3nt_opener_with_four_spades_bids_four_spades() {
    // Stayman then 3NT over 2H shows four spades (with four hearts responder raises); opener
    // with both majors bids 4S.
    let auction = "1NT Pass 2C Pass 2H Pass 3NT Pass";
    assert_eq!(robot(Seat::North, "AK54.QJ62.K73.Q5", auction).call.to_string(), "4S");
    assert_eq!(robot(Seat::North, "A54.KQJ2.K73.Q95", auction).call, Call::Pass);
}

#[test]
fn auction_3d_3s_and_2h_3d_the_preempter_rebids_a_long_suit_not_3nt() {
    // Partner's new suit over our preempt is forcing; without three cards in it, an unbalanced
    // hand rebids its six- or seven-card suit (it bid 3NT with a spade void, and with six
    // hearts and five spades after its weak two).
    // (With seven diamonds that partner may hold two of, diamonds are the strain, and 25
    // points between the hands make it game.)
    assert_eq!(robot(Seat::North, ".KQJ9.QJ86542.98", "3D Pass 3S Pass").call.to_string(), "5D");
    assert_eq!(robot(Seat::North, "98752.KQ8542.62.", "2H Pass 3D Pass").call.to_string(), "3H");
    // With three cards in partner's suit it raises (to game, with 25 points between the hands).
    assert_eq!(robot(Seat::North, "92.KQ8542.Q63.J2", "2H Pass 3D Pass").call.to_string(), "5D");
}

#[test]
fn auction_1h_pass_a_raise_counts_support_points() {
    // Ten HCP and four hearts: a singleton makes it a game raise (13 support points), a
    // doubleton a limit raise (11).
    let rc = robot(Seat::South, "A842.KJ73.4.Q962", "1H Pass");
    assert_eq!(rc.call.to_string(), "4H", "{rc:?}");
    assert!(rc.explanation.starts_with("game raise"), "{}", rc.explanation);
    assert_eq!(robot(Seat::South, "A842.KJ73.43.Q96", "1H Pass").call.to_string(), "3H");
    // Opener reads the raise as support points: 4H is the end (no slam try on a minimum).
    assert_eq!(robot(Seat::North, "KQ5.AQT95.K82.73", "1H Pass 4H Pass").call, Call::Pass);
}

#[test]
fn advancing_a_takeout_double_of_a_preempt_3s_x_pass() {
    // A stopper in their suit and 17 HCP: 3NT, to play (it used to be offered only when 2NT
    // was still available, so this hand bid 4C, "0-8 points").
    let rc = robot(Seat::West, "AQ8.JT9.K4.AK952", "3S X Pass");
    assert_eq!(rc.call.to_string(), "3NT");
    assert!(rc.explanation.contains("11+ HCP"), "{}", rc.explanation);
    // No stopper, a strong hand and a long minor: five of it, a jump to play.
    let rc = robot(Seat::West, "32.K32.A2.AKQJ32", "3S X Pass");
    assert_eq!(rc.call.to_string(), "5C");
    assert!(rc.explanation.starts_with("to play: 13+ points"), "{}", rc.explanation);
    // A weak hand: the cheapest bid in its longest suit, which at the three level and above
    // covers the invitational hands too (no room for a jump below game).
    let rc = robot(Seat::West, "32.432.432.Q5432", "3S X Pass");
    assert_eq!(rc.call.to_string(), "4C");
    assert!(rc.explanation.contains("0-11 points"), "{}", rc.explanation);
    let rc = robot(Seat::West, "J73.AJ86.Q7.Q642", "2S X Pass");
    assert_eq!(rc.call.to_string(), "3H");
    assert!(rc.explanation.starts_with("0-11 points, 4+ hearts"), "{}", rc.explanation);
    // At the two level the cheapest bid is still 0-8.
    assert!(robot(Seat::West, "J73.8654.Q7.Q642", "1S X Pass").explanation.starts_with("0-8 points"));
}

#[test]
fn a_six_card_major_is_our_strain_without_a_fit_1c_1s_2c() {
    // Nine HCP, six spades and a singleton club opposite a minimum with six clubs: invite in
    // spades, where partner's two cards make the fit (it used to be 2NT).
    let rc = robot(Seat::South, "QT9872.T53.AK2.5", "1C Pass 1S Pass 2C Pass");
    assert_eq!(rc.call.to_string(), "3S", "{}", rc.explanation);
    assert!(rc.explanation.contains("invitational"), "{}", rc.explanation);
    // Partner accepts with a maximum and two spades.
    let rc = robot(Seat::North, "K3.AQ4.Q3.KJ9843", "1C Pass 1S Pass 2C Pass 3S Pass");
    assert_eq!(rc.call.to_string(), "4S", "{}", rc.explanation);
    // Balanced with five spades: no trump, as before.
    assert_eq!(robot(Seat::South, "QT987.T53.AK2.52", "1C Pass 1S Pass 2C Pass").call.to_string(), "2NT");
}

#[test]
fn opener_rebids_a_five_card_minor_1c_1s_2c() {
    // Five clubs, four hearts and a singleton spade: too weak to reverse, so 2C, which shows
    // five (it was explained as six, and partner counted on a sixth club).
    let rc = robot(Seat::North, "K.AKJ4.Q64.Q7543", "1C Pass 1S Pass");
    assert_eq!(rc.call.to_string(), "2C");
    assert!(rc.explanation.contains("5+ clubs"), "{}", rc.explanation);
    // Five diamonds and four clubs: the new suit comes first.
    assert_eq!(robot(Seat::North, "A2.32.AQJ54.K432", "1D Pass 1S Pass").call.to_string(), "2C");
    // A major's rebid still shows six.
    assert!(robot(Seat::North, "2.AQJ432.K32.Q32", "1H Pass 1S Pass").explanation.contains("6+ hearts"));
}

#[test]
fn jump_shift_1s_1nt_3h() {
    // 19 points with a second suit after a one-level response: a jump shift, game forcing (it
    // used to pass 1NT as "minimum, balanced").
    let rc = robot(Seat::North, "J9832.AQT7.AK.A6", "1S Pass 1NT Pass");
    assert_eq!(rc.call.to_string(), "3H");
    assert!(rc.explanation.starts_with("jump shift: 19+ points"), "{}", rc.explanation);
    assert_eq!(robot(Seat::North, "AQJ73.AQT96.Q.QJ", "1S Pass 1NT Pass").call.to_string(), "3H");
    // A minimum still bids its second suit at the two level.
    assert_eq!(robot(Seat::North, "K9832.AQT7.K2.96", "1S Pass 1NT Pass").call.to_string(), "2H");
}

#[test]
fn rebids_explained_as_held_1s_2d_2s_and_1nt_2h_2s_3nt_4s() {
    // After a two-over-one, opener's rebid of a five-card major shows five (it said six).
    let rc = robot(Seat::North, "A9864.9.Q4.AJT94", "1S Pass 2D Pass");
    assert_eq!(rc.call.to_string(), "2S");
    assert_eq!(rc.explanation, "5+ spades");
    // Opener's 4S over 3NT after a transfer is support (three cards), not "4+ spades".
    let rc = robot(Seat::North, "Q83.AQ6.A982.K63", "1NT Pass 2H Pass 2S Pass 3NT Pass");
    assert_eq!(rc.call.to_string(), "4S");
    assert!(rc.explanation.starts_with("support for spades: 3+ cards"), "{}", rc.explanation);
}

#[test]
fn opener_over_their_overcall_1c_1s_2d() {
    // A balanced minimum passes their 2D (it bid 3C, explained as "16+ points, 6+ clubs").
    assert_eq!(robot(Seat::North, "AK7.982.Q92.K942", "1C Pass 1S 2D").call, Call::Pass);
    // Six clubs compete at the three level, explained as such.
    let rc = robot(Seat::North, "A7.92.Q92.KQJ942", "1C Pass 1S 2D");
    assert_eq!(rc.call.to_string(), "3C");
    assert!(rc.explanation.starts_with("competitive: 12-15 points, 6+ clubs"), "{}", rc.explanation);
    // Only a club bid is: 3NT over their 2NT says nothing of clubs.
    let text = explain_call(Seat::North, Vulnerability::None, &calls("1C Pass 1S 2NT 3NT"), 4);
    assert!(!text.contains("clubs"), "{text}");
}

/// Slam by simulation: 16 HCP and four trumps opposite a one-spade opening. The rules raise to
/// game; the deals that replay the auction (opener's 12-21 points, the opponents' passes) make
/// slam worth bidding. 4NT is not RKCB in a response to an opening (the response table gives
/// it no meaning), so the robot bids the slam itself.
#[test]
fn one_spade_four_trumps_and_sixteen_bid_six_by_simulation() {
    assert_eq!(robot_simulating(Seat::South, "K432.A432.KQ3.A2", "1S Pass").call.to_string(), "6S");
}

/// Slam by simulation does not touch a hand with no slam in sight: 13 HCP opposite a 15-17
/// no trump stays in 3NT.
#[test]
fn one_notrump_three_notrump_with_thirteen_stays_in_game() {
    assert_eq!(robot_simulating(Seat::South, "K43.Q32.KJ43.A32", "1NT Pass").call.to_string(), "3NT");
}

/// Game by simulation: six spades and 13 HCP opposite a limit raise. The rules read the raise
/// at its minimum and pass; on the deals that replay 1S-3S, four spades gains.
#[test]
fn one_spade_three_spades_six_trumps_bids_game_by_simulation() {
    assert_eq!(robot_simulating(Seat::North, "AJT632.4.A5.K943", "1S Pass 3S Pass").call.to_string(), "4S");
}

/// Game by simulation stops in a misfit: five spades and six diamonds opposite partner's
/// hearts, a void. The rules bid 3NT; on the deals, three hearts is as high as the hand goes.
#[test]
fn one_spade_two_hearts_two_spades_three_hearts_passes_the_misfit_by_simulation() {
    assert_eq!(robot_simulating(Seat::East, "AKJ82..KJT975.54", "Pass 1S Pass 2H Pass 2S Pass 3H Pass").call.to_string(), "Pass");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    /// At the default budget, where the game and slam simulations may change calls: fewer
    /// auctions (each decision deals and solves for up to three seconds).
    #[test]
    fn robots_bid_legally_with_simulation(seed in any::<u64>(), dealer in 0usize..4, vul in 0usize..4) {
        bid_legally(seed, dealer, vul, tenace_robot::CARD_BUDGET_MS)?;
    }
}
