//! The play (Laws 41, 44-45): the opening lead by declarer's left-hand opponent, following suit,
//! trick winners, the lead to the next trick, thirteen tricks.

use serde::{Deserialize, Serialize};
use tenace_core::{Card, Deal, Hand, Seat, Side, Suit};

use crate::LawError;

/// A trick: the leader and the cards in the order played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trick {
    pub leader: Seat,
    pub cards: Vec<Card>,
}

impl Trick {
    pub fn new(leader: Seat) -> Trick {
        Trick { leader, cards: Vec::with_capacity(4) }
    }

    pub fn is_complete(&self) -> bool {
        self.cards.len() == 4
    }

    /// The suit led, once a card has been led.
    pub fn suit_led(&self) -> Option<Suit> {
        self.cards.first().map(|c| c.suit())
    }

    /// Who played the `i`th card.
    pub fn player(&self, i: usize) -> Seat {
        self.leader.after(i)
    }

    /// The card `seat` played to this trick, if any yet.
    pub fn card_of(&self, seat: Seat) -> Option<Card> {
        let i = (seat.index() + 4 - self.leader.index()) % 4;
        self.cards.get(i).copied()
    }

    /// Law 44E/44F: the highest trump wins, otherwise the highest card of the suit led. `None`
    /// until the trick is complete.
    pub fn winner(&self, trump: Option<Suit>) -> Option<Seat> {
        if !self.is_complete() {
            return None;
        }
        tenace_core::rules::trick_winner(self.leader, &self.cards, trump)
    }
}

/// The play period of one board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    declarer: Seat,
    trump: Option<Suit>,
    /// The cards each seat still holds.
    remaining: [Hand; 4],
    /// Completed tricks, then the trick in progress (if started) last.
    tricks: Vec<Trick>,
    won: [u8; 2],
}

impl Play {
    /// Law 41A: the defender on declarer's left makes the opening lead.
    pub fn new(deal: &Deal, declarer: Seat, trump: Option<Suit>) -> Play {
        Play { declarer, trump, remaining: deal.hands, tricks: vec![Trick::new(declarer.lho())], won: [0, 0] }
    }

    pub fn declarer(&self) -> Seat {
        self.declarer
    }

    pub fn dummy(&self) -> Seat {
        self.declarer.partner()
    }

    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// The cards a seat still holds.
    pub fn remaining(&self, seat: Seat) -> Hand {
        self.remaining[seat.index()]
    }

    /// All tricks, the one in progress last (it may be empty at the start of a trick).
    pub fn tricks(&self) -> &[Trick] {
        &self.tricks
    }

    /// The trick being played, `None` once all thirteen are done.
    pub fn current_trick(&self) -> Option<&Trick> {
        self.tricks.last().filter(|t| !t.is_complete())
    }

    /// Completed tricks.
    pub fn completed_tricks(&self) -> usize {
        self.tricks.iter().filter(|t| t.is_complete()).count()
    }

    /// Tricks won so far by a side (Law 79A).
    pub fn tricks_won(&self, side: Side) -> u8 {
        self.won[side as usize]
    }

    pub fn is_ended(&self) -> bool {
        self.completed_tricks() == 13
    }

    /// Has the opening lead been faced (Law 41C)? Dummy is then spread (Law 41D).
    pub fn opening_lead_made(&self) -> bool {
        !self.tricks[0].cards.is_empty()
    }

    /// Whose hand plays next (Law 44B, 44G), or `None` when play has ended.
    pub fn to_play(&self) -> Option<Seat> {
        self.current_trick().map(|t| t.player(t.cards.len()))
    }

    /// The cards the hand to play may play: Law 44C, follow suit if possible; otherwise any card
    /// (Law 44A, 44D).
    pub fn legal_cards(&self) -> Hand {
        let Some(trick) = self.current_trick() else { return Hand::EMPTY };
        let hand = self.remaining[trick.player(trick.cards.len()).index()];
        match trick.suit_led() {
            Some(led) if hand.suit_len(led) > 0 => hand.cards_in(led),
            _ => hand,
        }
    }

    /// Checks that the hand `seat` may play `card` now.
    pub fn check(&self, seat: Seat, card: Card) -> Result<(), LawError> {
        let expected = self.to_play().ok_or(LawError::PlayEnded)?;
        if seat != expected {
            return Err(LawError::PlayOutOfTurn { seat, expected });
        }
        let hand = self.remaining[seat.index()];
        if !hand.contains(card) {
            return Err(LawError::CardNotHeld { seat, card });
        }
        if !self.legal_cards().contains(card) {
            let led = self.current_trick().and_then(|t| t.suit_led()).unwrap_or(card.suit());
            return Err(LawError::MustFollowSuit { seat, led });
        }
        Ok(())
    }

    /// Plays a card from `seat`'s hand; completes the trick and opens the next one (Law 44G).
    pub fn play(&mut self, seat: Seat, card: Card) -> Result<(), LawError> {
        self.check(seat, card)?;
        self.remaining[seat.index()].remove(card);
        let trump = self.trump;
        let trick = self.tricks.last_mut().expect("a play always has a trick in progress");
        trick.cards.push(card);
        if let Some(winner) = trick.winner(trump) {
            self.won[winner.side() as usize] += 1;
            if self.tricks.len() < 13 {
                self.tricks.push(Trick::new(winner));
            }
        }
        Ok(())
    }

    /// Takes back the last card played (an undo agreed online). Returns it with its seat.
    pub fn take_back(&mut self) -> Option<(Seat, Card)> {
        if self.tricks.last().is_some_and(|t| t.cards.is_empty()) && self.tricks.len() > 1 {
            self.tricks.pop();
        }
        let trump = self.trump;
        let trick = self.tricks.last_mut()?;
        if let Some(winner) = trick.winner(trump) {
            self.won[winner.side() as usize] -= 1;
        }
        let card = trick.cards.pop()?;
        let seat = trick.player(trick.cards.len());
        self.remaining[seat.index()].insert(card);
        Some((seat, card))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenace_core::Rank;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn trick(leader: Seat, cards: &str) -> Trick {
        Trick { leader, cards: cards.split_whitespace().map(c).collect() }
    }

    #[test]
    fn law_44f_highest_card_of_suit_led_wins_without_trumps() {
        assert_eq!(trick(Seat::North, "H2 HA HK S3").winner(None), Some(Seat::East));
        assert_eq!(trick(Seat::North, "H2 SA C3 D4").winner(None), Some(Seat::North));
        // A spade discard does not win when spades are not trumps.
        assert_eq!(trick(Seat::West, "D5 SA DK D2").winner(Some(Suit::Hearts)), Some(Seat::East));
    }

    #[test]
    fn law_44e_highest_trump_wins() {
        assert_eq!(trick(Seat::North, "HA S2 HK HQ").winner(Some(Suit::Spades)), Some(Seat::East));
        assert_eq!(trick(Seat::North, "HA S2 S3 HQ").winner(Some(Suit::Spades)), Some(Seat::South));
        assert_eq!(trick(Seat::North, "S4 S2 S3 HQ").winner(Some(Suit::Spades)), Some(Seat::North));
        assert_eq!(trick(Seat::North, "S4 S2 S3").winner(Some(Suit::Spades)), None);
    }

    #[test]
    fn trick_card_of_seat() {
        let t = trick(Seat::South, "H2 H3");
        assert_eq!(t.card_of(Seat::West), Some(Card::new(Suit::Hearts, Rank::Three)));
        assert_eq!(t.card_of(Seat::North), None);
    }
}
