//! The robots' card play: every card legal under tenace-table's play, whole boards finish, the
//! choice is deterministic for a seed, and an obvious trick is taken.

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tenace_core::{random_deal, Bid, Call, Card, Contract, Deal, Hand, Penalty, Seat, Side, Strain, Vulnerability};
use tenace_robot::{choose_call, choose_card, choose_card_within, BiddingView, PlayView};

/// The robots think briefly in these tests (milliseconds of solver work per card): legality and
/// determinism do not depend on the budget.
const BUDGET_MS: f64 = 5.0;
use tenace_table::{Auction, AuctionCall, Play};

/// The robots bid the deal; a passed-out board is played in 3NT by South instead.
fn contract_of(deal: &Deal, dealer: Seat) -> (Contract, Seat) {
    let mut auction = Auction::new(dealer);
    let mut calls: Vec<Call> = Vec::new();
    while let Some(seat) = auction.to_call() {
        let view = BiddingView { seat, hand: deal.hand(seat), dealer, vulnerability: Vulnerability::None, calls: &calls };
        let rc = choose_call(&view);
        auction.make(AuctionCall { seat, call: rc.call, alert: rc.alert, explanation: None }).expect("legal call");
        calls.push(rc.call);
    }
    match auction.final_contract() {
        Some(fc) => (fc.contract, fc.declarer),
        None => (Contract::new(Bid::new(3, Strain::NoTrump).expect("3NT"), Penalty::Undoubled), Seat::South),
    }
}

/// What the robot playing `hand` sees: its own cards, and dummy's once the opening lead is
/// made; declarer plays dummy's cards and sees both.
fn view_for(play: &Play, contract: Contract, hand: Seat, played: &[(Seat, Card)]) -> PlayView {
    let declarer = play.declarer();
    let dummy = declarer.partner();
    let player = if hand == dummy { declarer } else { hand };
    let hands = Seat::ALL.map(|s| {
        let sees = s == player || s == hand || (s == dummy && play.opening_lead_made());
        sees.then(|| play.remaining(s))
    });
    PlayView { declarer, contract, to_play: hand, hands, played: played.to_vec(), auction: None }
}

/// Robots play a whole random board at every seat with a card budget of `budget_ms`; the board
/// as played.
fn play_a_board(seed: u64, dealer: usize, budget_ms: f64) -> Result<Play, TestCaseError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let deal = random_deal(&mut rng);
    let (contract, declarer) = contract_of(&deal, Seat::from_index(dealer));
    let mut play = Play::new(&deal, declarer, contract.strain().trump());
    let mut played = Vec::new();
    while let Some(hand) = play.to_play() {
        let view = view_for(&play, contract, hand, &played);
        let card = choose_card_within(&view, seed ^ played.len() as u64, budget_ms);
        play.play(hand, card).map_err(|e| TestCaseError::fail(format!("{hand:?} played {card}: {e}")))?;
        played.push((hand, card));
    }
    Ok(play)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    #[test]
    fn robots_play_a_whole_board_legally(seed in any::<u64>(), dealer in 0usize..4) {
        let play = play_a_board(seed, dealer, BUDGET_MS)?;
        prop_assert!(play.is_ended());
        prop_assert_eq!(play.tricks_won(Side::NorthSouth) + play.tricks_won(Side::EastWest), 13);
    }

    /// A budget of 0 plays by the rules alone, and still only legal cards (Law 44C).
    #[test]
    fn robots_without_a_budget_play_legally(seed in any::<u64>(), dealer in 0usize..4) {
        let play = play_a_board(seed, dealer, 0.0)?;
        prop_assert!(play.is_ended());
        prop_assert_eq!(play.tricks_won(Side::NorthSouth) + play.tricks_won(Side::EastWest), 13);
    }
}

fn c(s: &str) -> Card {
    s.parse().expect("card")
}

fn h(s: &str) -> Hand {
    s.parse().expect("hand")
}

/// East, fourth to play at trick 12 with the ace and five of hearts after South's king: taking
/// the ace wins this trick and the last; ducking loses both.
fn trick_twelve() -> PlayView {
    let finals: [(Seat, Hand); 4] = [(Seat::North, h("K.3..")), (Seat::East, h(".A5..")), (Seat::South, h("A.K..")), (Seat::West, h("...43"))];
    let kept = finals.iter().fold(Hand::EMPTY, |acc, (_, hand)| acc.union(*hand));
    let rest: Vec<Card> = Hand::FULL.difference(kept).iter().collect();
    // Eleven earlier tricks, each led by South (the history need not be realistic here: the
    // robot only needs consistent card counts).
    let order = [Seat::South, Seat::West, Seat::North, Seat::East];
    let mut played: Vec<(Seat, Card)> = Vec::new();
    for (i, card) in rest.iter().enumerate() {
        played.push((order[i % 4], *card));
    }
    played.push((Seat::South, c("HK")));
    played.push((Seat::West, c("C3")));
    played.push((Seat::North, c("H3")));
    let mut hands = [None; 4];
    hands[Seat::East.index()] = Some(h(".A5.."));
    hands[Seat::North.index()] = Some(h("K..."));
    PlayView {
        declarer: Seat::South,
        contract: Contract::new(Bid::new(3, Strain::NoTrump).expect("3NT"), Penalty::Undoubled),
        to_play: Seat::East,
        hands,
        played,
        auction: None,
    }
}

#[test]
fn takes_the_obvious_trick() {
    let view = trick_twelve();
    for seed in 0..5 {
        assert_eq!(choose_card(&view, seed), c("HA"));
    }
}

#[test]
fn follows_suit_and_is_deterministic() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let deal = random_deal(&mut rng);
    let contract = Contract::new(Bid::new(4, Strain::Spades).expect("4S"), Penalty::Undoubled);
    let mut play = Play::new(&deal, Seat::South, Some(tenace_core::Suit::Spades));
    let mut played = Vec::new();
    while let Some(hand) = play.to_play() {
        let view = view_for(&play, contract, hand, &played);
        let card = choose_card_within(&view, 7, BUDGET_MS);
        assert_eq!(choose_card_within(&view, 7, BUDGET_MS), card, "same seed, same card");
        assert!(play.legal_cards().contains(card), "{card} is not legal for {hand:?}");
        play.play(hand, card).expect("legal");
        played.push((hand, card));
        if played.len() >= 24 {
            break;
        }
    }
}

#[test]
fn never_panics_on_a_view_without_the_hand() {
    let view = PlayView {
        declarer: Seat::South,
        contract: Contract::new(Bid::new(1, Strain::Clubs).expect("1C"), Penalty::Undoubled),
        to_play: Seat::West,
        hands: [None; 4],
        played: Vec::new(),
        auction: None,
    };
    let _ = choose_card(&view, 1);
    // A card "played" twice: the trick in progress holds more cards than the distinct cards
    // played (found by `choose_card_never_panics`: an overflow in the tricks left).
    let twice = PlayView {
        played: vec![(Seat::West, c("S2")), (Seat::North, c("S2"))],
        hands: [None, None, None, Some(h("AQ.K2.J.T"))],
        to_play: Seat::West,
        ..view.clone()
    };
    let _ = choose_card_within(&twice, 1, BUDGET_MS);
    let mut bad = trick_twelve();
    bad.played.truncate(5);
    let card = choose_card(&bad, 1);
    assert!(h(".A5..").contains(card));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Any view at all, consistent or not: no panic, and a card of the robot's hand when it has
    /// one.
    #[test]
    fn choose_card_never_panics(
        bits in proptest::collection::vec(any::<u64>(), 4),
        seen in proptest::collection::vec(any::<bool>(), 4),
        played in proptest::collection::vec((0usize..4, 0u8..52), 0..30),
        to_play in 0usize..4,
        declarer in 0usize..4,
        level in 1u8..8,
        strain in 0usize..5,
    ) {
        let hands: [Option<Hand>; 4] = std::array::from_fn(|i| seen[i].then(|| Hand::from_bits(bits[i])));
        let played: Vec<(Seat, Card)> = played.iter().filter_map(|&(s, c)| Some((Seat::from_index(s), Card::from_index(c)?))).collect();
        let contract = Contract::new(Bid::new(level, Strain::ALL[strain]).expect("bid"), Penalty::Undoubled);
        let view = PlayView { declarer: Seat::from_index(declarer), contract, to_play: Seat::from_index(to_play), hands, played, auction: None };
        let card = choose_card_within(&view, 3, BUDGET_MS);
        if let Some(hand) = view.hands[to_play] {
            if !hand.is_empty() {
                prop_assert!(hand.contains(card));
            }
        }
    }
}

/// West, a defender, following to dummy's lead of a diamond at trick two with `west` (its
/// twelve cards), dummy (North) in view.
fn west_follows_dummys_diamond(west: &str) -> PlayView {
    let mut hands = [None; 4];
    hands[Seat::North.index()] = Some(h("72.AK3.K32.543"));
    hands[Seat::West.index()] = Some(h(west));
    PlayView {
        declarer: Seat::South,
        contract: Contract::new(Bid::new(3, Strain::NoTrump).expect("3NT"), Penalty::Undoubled),
        to_play: Seat::West,
        hands,
        played: vec![
            (Seat::West, c("S5")),
            (Seat::North, c("SA")),
            (Seat::East, c("S3")),
            (Seat::South, c("S4")),
            (Seat::North, c("DA")),
            (Seat::East, c("D9")),
            (Seat::South, c("D4")),
        ],
        auction: None,
    }
}

/// The defenders give count on declarer's (here dummy's) lead: high with an even number of
/// cards, low with an odd number (docs/robot-system.md, "Signals").
#[test]
fn a_defender_gives_count_on_dummys_lead() {
    for seed in 0..3 {
        assert_eq!(choose_card(&west_follows_dummys_diamond("JT9.T987.87.876"), seed), c("D8"), "two diamonds: high");
        assert_eq!(choose_card(&west_follows_dummys_diamond("JT.T987.876.876"), seed), c("D6"), "three diamonds: low");
    }
}
