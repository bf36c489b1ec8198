//! The rules every reader of a bridge record needs, tolerant of irregular records: when an
//! auction is over and what it reached (Laws 19, 22), which cards may be played to a trick (Law
//! 44C) and who wins it (Law 44E/44F). Written once here: the online table (`tenace-table`), the
//! Director's table, the file formats, the solver and the robots all use these.

use crate::call::Call;
use crate::card::{Card, Suit};
use crate::contract::{Contract, Penalty};
use crate::hand::Hand;
use crate::seat::Seat;

/// Law 22: the auction ends when three passes follow a bid, double or redouble (22A), or when all
/// four players pass at the start (22B).
pub fn auction_is_over<I>(calls: I) -> bool
where
    I: IntoIterator<Item = Call>,
    I::IntoIter: DoubleEndedIterator + ExactSizeIterator,
{
    let calls = calls.into_iter();
    let n = calls.len();
    let trailing_passes = calls.rev().take_while(|c| *c == Call::Pass).count();
    (trailing_passes >= 3 && trailing_passes < n) || (n >= 4 && trailing_passes == n)
}

/// What a finished auction reached, `None` while it lasts. `Some(None)` is a passed-out board
/// (Law 22B); otherwise the contract (Law 22A, doubled or redoubled unless superseded: Law 19C,
/// 19D) and declarer: the player of the declaring side who first named its strain.
pub fn auction_result<I>(dealer: Seat, calls: I) -> Option<Option<(Contract, Seat)>>
where
    I: IntoIterator<Item = Call>,
    I::IntoIter: DoubleEndedIterator + ExactSizeIterator + Clone,
{
    let calls = calls.into_iter();
    if !auction_is_over(calls.clone()) {
        return None;
    }
    let mut last = None;
    let mut penalty = Penalty::Undoubled;
    for (i, call) in calls.clone().enumerate() {
        match call {
            Call::Bid(b) => {
                last = Some((dealer.after(i), b));
                penalty = Penalty::Undoubled;
            }
            Call::Double => penalty = Penalty::Doubled,
            Call::Redouble => penalty = Penalty::Redoubled,
            Call::Pass => {}
        }
    }
    let Some((bidder, bid)) = last else { return Some(None) };
    let declarer = calls
        .enumerate()
        .map(|(i, c)| (dealer.after(i), c))
        .find(|(seat, c)| seat.side() == bidder.side() && matches!(c, Call::Bid(b) if b.strain() == bid.strain()))
        .map(|(seat, _)| seat)
        .unwrap_or(bidder);
    Some(Some((Contract::new(bid, penalty), declarer)))
}

/// Law 44C: the cards of `hand` that may be played to a trick whose suit led is `led` (`None`
/// for a lead): a card of the suit led when the hand holds one; otherwise any card (Law 44A,
/// 44D).
pub fn legal_cards(hand: Hand, led: Option<Suit>) -> Hand {
    match led {
        Some(led) if hand.suit_len(led) > 0 => hand.cards_in(led),
        _ => hand,
    }
}

/// Law 61A: playing `card` from `hand` to a trick whose suit led is `led` fails to follow suit
/// (a revoke), although the hand holds a card of the suit led. `card` is assumed held.
pub fn fails_to_follow(hand: Hand, led: Option<Suit>, card: Card) -> bool {
    !legal_cards(hand, led).contains(card)
}

/// Law 44E/44F: who is winning the trick led by `leader` with `cards` (in the order played):
/// the highest trump, otherwise the highest card of the suit led. `None` for an empty trick.
pub fn trick_winner(leader: Seat, cards: &[Card], trump: Option<Suit>) -> Option<Seat> {
    winning_card(cards, trump).map(|i| leader.after(i))
}

/// The index in `cards` (the first one led) of the card winning so far (Law 44E/44F).
pub fn winning_card(cards: &[Card], trump: Option<Suit>) -> Option<usize> {
    let led = cards.first()?.suit();
    // A trump outranks every card of the suit led, which outranks every discard.
    let strength = |card: &Card| match card.suit() {
        s if Some(s) == trump => 200 + card.rank().index(),
        s if s == led => 100 + card.rank().index(),
        _ => 0,
    };
    (0..cards.len()).max_by_key(|&i| strength(&cards[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn law_44c_follow_suit_when_able_otherwise_any_card() {
        let hand: Hand = "AK2.Q5..9876543".parse().unwrap();
        let card = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(legal_cards(hand, None), hand);
        assert_eq!(legal_cards(hand, Some(Suit::Spades)), hand.cards_in(Suit::Spades));
        // Void in the suit led: any card (Law 44D).
        assert_eq!(legal_cards(hand, Some(Suit::Diamonds)), hand);
        assert!(fails_to_follow(hand, Some(Suit::Hearts), card("SA")));
        assert!(!fails_to_follow(hand, Some(Suit::Hearts), card("H5")));
        assert!(!fails_to_follow(hand, Some(Suit::Diamonds), card("SA")));
        assert!(!fails_to_follow(hand, None, card("C3")));
    }

    fn calls(s: &str) -> Vec<Call> {
        s.split_whitespace().map(|w| w.parse().unwrap()).collect()
    }

    fn auction_is_over(calls: Vec<Call>) -> bool {
        super::auction_is_over(calls)
    }

    #[test]
    fn law_22_end_of_auction() {
        assert!(!auction_is_over(calls("P P P")));
        assert!(auction_is_over(calls("P P P P")));
        assert!(auction_is_over(calls("1C P P P")));
        assert!(!auction_is_over(calls("P P P 1C P P")));
        assert_eq!(auction_result(Seat::North, calls("P P P P")), Some(None));
        assert_eq!(auction_result(Seat::North, calls("1C")), None);
        let (c, d) = auction_result(Seat::East, calls("1H P 3H X P P XX P P P")).unwrap().unwrap();
        assert_eq!((c.to_string(), d), ("3HXX".to_string(), Seat::East));
    }

    #[test]
    fn law_44_trick_winner() {
        let cards: Vec<Card> = ["H2", "HA", "S3", "HK"].iter().map(|c| c.parse().unwrap()).collect();
        assert_eq!(trick_winner(Seat::North, &cards, None), Some(Seat::East));
        assert_eq!(trick_winner(Seat::North, &cards, Some(Suit::Spades)), Some(Seat::South));
        assert_eq!(trick_winner(Seat::North, &cards[..1], None), Some(Seat::North));
        assert_eq!(trick_winner(Seat::North, &[], None), None);
    }
}
