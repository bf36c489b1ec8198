//! The play (Laws 41, 44-45): the opening lead by declarer's left-hand opponent, following suit,
//! trick winners, the lead to the next trick, thirteen tricks.

use serde::{Deserialize, Serialize};
use tenace_core::{rules, Card, Deal, Hand, Seat, Side, Suit};

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

/// The play period of one board: the one trick engine of Tenace (Laws 41, 44-45, 67B).
///
/// Online, [`Play::play`] refuses a card that does not follow suit (the software prevents the
/// irregularity). At a face-to-face table a revoke happens and is rectified later, so
/// [`Play::record`] records such a card and reports it (the Director's `FacePlay` keeps the
/// revoke ledger on top of this type).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    declarer: Seat,
    trump: Option<Suit>,
    /// The cards each seat still holds.
    remaining: [Hand; 4],
    /// Completed tricks, then the trick in progress (if started) last.
    tricks: Vec<Trick>,
    /// Law 67B: quitted tricks whose cards were corrected keep the winner they had (trick index,
    /// winner).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    kept_winners: Vec<(usize, Seat)>,
}

impl Play {
    /// Law 41A: the defender on declarer's left makes the opening lead.
    pub fn new(deal: &Deal, declarer: Seat, trump: Option<Suit>) -> Play {
        Play::with_opening_leader(deal, declarer, declarer.lho(), trump)
    }

    /// The opening lead is from `leader` (declarer's left unless a lead out of turn was accepted,
    /// Laws 53-54).
    pub fn with_opening_leader(deal: &Deal, declarer: Seat, leader: Seat, trump: Option<Suit>) -> Play {
        Play { declarer, trump, remaining: deal.hands, tricks: vec![Trick::new(leader)], kept_winners: Vec::new() }
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

    /// Who won trick `i` (0-based), `None` while it is incomplete. A trick corrected under Law
    /// 67B keeps the winner it had as played.
    pub fn trick_winner(&self, i: usize) -> Option<Seat> {
        let trick = self.tricks.get(i).filter(|t| t.is_complete())?;
        match self.kept_winners.iter().find(|(t, _)| *t == i) {
            Some((_, winner)) => Some(*winner),
            None => trick.winner(self.trump),
        }
    }

    /// Tricks won so far by a side at the table (Law 79A), before any revoke adjustment.
    pub fn tricks_won(&self, side: Side) -> u8 {
        (0..self.tricks.len()).filter(|&i| self.trick_winner(i).is_some_and(|w| w.side() == side)).count() as u8
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

    /// The cards the hand to play may play (Law 44C, [`rules::legal_cards`]).
    pub fn legal_cards(&self) -> Hand {
        let Some(trick) = self.current_trick() else { return Hand::EMPTY };
        rules::legal_cards(self.remaining[trick.player(trick.cards.len()).index()], trick.suit_led())
    }

    /// Checks that the hand `seat` may play `card` now: in rotation, held, following suit.
    pub fn check(&self, seat: Seat, card: Card) -> Result<(), LawError> {
        self.check_turn_and_holding(seat, card)?;
        if !self.legal_cards().contains(card) {
            let led = self.current_trick().and_then(|t| t.suit_led()).unwrap_or(card.suit());
            return Err(LawError::MustFollowSuit { seat, led });
        }
        Ok(())
    }

    /// Checks rotation (Law 44B) and holding only: what a recorded revoke still has to satisfy.
    pub fn check_turn_and_holding(&self, seat: Seat, card: Card) -> Result<(), LawError> {
        let expected = self.to_play().ok_or(LawError::PlayEnded)?;
        if seat != expected {
            return Err(LawError::PlayOutOfTurn { seat, expected });
        }
        if !self.remaining[seat.index()].contains(card) {
            return Err(LawError::CardNotHeld { seat, card });
        }
        Ok(())
    }

    /// Plays a card from `seat`'s hand; completes the trick and opens the next one (Law 44G). A
    /// card that does not follow suit is refused (Law 44C).
    pub fn play(&mut self, seat: Seat, card: Card) -> Result<(), LawError> {
        self.check(seat, card)?;
        self.put(seat, card);
        Ok(())
    }

    /// Records a card as played at a face-to-face table: rotation and holding are checked, but a
    /// card that fails to follow suit is recorded, not refused. Returns the suit led when it
    /// failed to follow (a revoke, Law 61A).
    pub fn record(&mut self, seat: Seat, card: Card) -> Result<Option<Suit>, LawError> {
        self.check_turn_and_holding(seat, card)?;
        let led = self.current_trick().and_then(|t| t.suit_led());
        let revoke = rules::fails_to_follow(self.remaining[seat.index()], led, card);
        self.put(seat, card);
        Ok(led.filter(|_| revoke))
    }

    /// Moves a checked card from the hand to the trick; a fourth card opens the next trick, led
    /// by the winner (Law 44G).
    fn put(&mut self, seat: Seat, card: Card) {
        self.remaining[seat.index()].remove(card);
        let trump = self.trump;
        let Some(trick) = self.tricks.last_mut() else { return };
        trick.cards.push(card);
        if let Some(winner) = trick.winner(trump) {
            if self.tricks.len() < 13 {
                self.tricks.push(Trick::new(winner));
            }
        }
    }

    /// Law 53A: a lead out of turn accepted: the trick not yet begun is led by `leader`.
    pub fn set_leader(&mut self, leader: Seat) {
        if let Some(t) = self.tricks.last_mut().filter(|t| t.cards.is_empty()) {
            t.leader = leader;
        }
    }

    /// Takes back the last card played (an undo agreed online, Law 62B's withdrawal at the
    /// table). Returns it with its seat.
    pub fn take_back(&mut self) -> Option<(Seat, Card)> {
        if self.tricks.last().is_some_and(|t| t.cards.is_empty()) && self.tricks.len() > 1 {
            self.tricks.pop();
        }
        let index = self.tricks.len().checked_sub(1)?;
        self.kept_winners.retain(|(i, _)| *i != index);
        let trick = self.tricks.last_mut()?;
        let card = trick.cards.pop()?;
        let seat = trick.player(trick.cards.len());
        self.remaining[seat.index()].insert(card);
        Some((seat, card))
    }

    /// Law 67B: `seat`'s card in the quitted trick `trick` is replaced by `card` from his hand,
    /// and the card recorded goes back to his hand; the ownership of the trick does not change.
    /// Returns the card replaced.
    pub fn replace_card(&mut self, trick: usize, seat: Seat, card: Card) -> Result<Card, LawError> {
        let winner = self.trick_winner(trick);
        let held = self.remaining[seat.index()];
        let Some(t) = self.tricks.get_mut(trick).filter(|t| t.is_complete()) else { return Err(LawError::PlayEnded) };
        let position = (seat.index() + 4 - t.leader.index()) % 4;
        let old = t.cards[position];
        if old == card {
            return Ok(old);
        }
        if !held.contains(card) {
            return Err(LawError::CardNotHeld { seat, card });
        }
        t.cards[position] = card;
        self.remaining[seat.index()].insert(old);
        self.remaining[seat.index()].remove(card);
        if let Some(w) = winner {
            if !self.kept_winners.iter().any(|(i, _)| *i == trick) {
                self.kept_winners.push((trick, w));
            }
        }
        Ok(old)
    }

    /// After a play is rebuilt from `from` (a correction): the tricks whose ownership Law 67B
    /// fixed there keep it here.
    pub fn keep_winners_of(&mut self, from: &Play) {
        self.kept_winners = from.kept_winners.iter().copied().filter(|(i, _)| self.tricks.get(*i).is_some_and(|t| t.is_complete())).collect();
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

    const DEAL: &str = "N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 654.T87.T98.T654";

    #[test]
    fn law_44c_online_play_refuses_a_revoke_and_law_61a_recording_mode_records_it() {
        let deal = Deal::from_pbn(DEAL).unwrap();
        let mut online = Play::new(&deal, Seat::North, None);
        let mut face = online.clone();
        for play in [&mut online, &mut face] {
            play.play(Seat::East, c("HA")).unwrap();
            play.play(Seat::South, c("H6")).unwrap();
        }
        // West holds the HT87 and discards a club.
        assert_eq!(online.play(Seat::West, c("C4")).unwrap_err().law(), "44C");
        assert_eq!(face.record(Seat::West, c("C4")), Ok(Some(Suit::Hearts)));
        assert_eq!(face.record(Seat::North, c("H4")), Ok(None));
        assert_eq!(face.trick_winner(0), Some(Seat::East));
        // Rotation and holding are still checked in recording mode.
        assert_eq!(face.record(Seat::West, c("C5")).unwrap_err().law(), "44B");
        assert_eq!(face.record(Seat::East, c("SA")).unwrap_err().law(), "45A");
    }

    #[test]
    fn law_67b_a_corrected_trick_keeps_its_winner_and_take_back_restores_the_hand() {
        let deal = Deal::from_pbn(DEAL).unwrap();
        let mut play = Play::new(&deal, Seat::North, None);
        for (seat, card) in [(Seat::East, "HA"), (Seat::South, "H6"), (Seat::West, "H8"), (Seat::North, "H4")] {
            play.play(seat, c(card)).unwrap();
        }
        assert_eq!(play.tricks_won(Side::EastWest), 1);
        // North's H4 becomes the HQ, which would win the trick as played; East keeps it.
        assert_eq!(play.replace_card(0, Seat::North, c("HQ")), Ok(c("H4")));
        assert_eq!(play.trick_winner(0), Some(Seat::East));
        assert!(play.remaining(Seat::North).contains(c("H4")));
        assert_eq!(play.tricks_won(Side::EastWest), 1);
        assert_eq!(play.take_back(), Some((Seat::North, c("HQ"))));
        assert_eq!(play.tricks_won(Side::EastWest), 0);
        assert_eq!(play.to_play(), Some(Seat::North));
    }

    #[test]
    fn trick_card_of_seat() {
        let t = trick(Seat::South, "H2 H3");
        assert_eq!(t.card_of(Seat::West), Some(Card::new(Suit::Hearts, Rank::Three)));
        assert_eq!(t.card_of(Seat::North), None);
    }
}
