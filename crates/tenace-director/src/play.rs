//! The play at a face-to-face table. Like `tenace_table::Play` (Laws 41, 44-45), but a card that
//! fails to follow suit is recorded as a revoke (Law 61A) instead of being refused, the opening
//! leader can be set (an accepted lead out of turn, Laws 53-54), and established revokes are
//! adjusted at the end of play (Laws 63-64).

use crate::law::Law;
use serde::{Deserialize, Serialize};
use std::ops::Deref;

use tenace_core::{rules, Card, Deal, Seat, Side, Suit};
use tenace_table::{LawError, Play};

/// Law 61A, second part: a card or suit required by Law, or specified by an opponent exercising
/// an option in rectification, that the player failed to lead or play although able to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Requirement {
    /// Law 50D2(a), 51B: a lead of this suit was required.
    Lead { suit: Suit, law: Law },
    /// Laws 26B, 50D2(a), 51B: the lead of this suit was prohibited.
    NoLead { suit: Suit, law: Law },
    /// Laws 57A1, 57A2 (the highest or lowest card of the suit led); Laws 50D1, 51A (a penalty
    /// card, whose failure is dealt with by Law 52).
    Card { card: Card, law: Law },
    /// Law 57A3: a card of this suit was required.
    Suit { suit: Suit, law: Law },
    /// Law 57A4: a card of this suit was forbidden.
    NoSuit { suit: Suit, law: Law },
}

impl Requirement {
    /// The Law that required the card or suit.
    pub fn law(&self) -> Law {
        match self {
            Requirement::Lead { law, .. }
            | Requirement::NoLead { law, .. }
            | Requirement::Card { law, .. }
            | Requirement::Suit { law, .. }
            | Requirement::NoSuit { law, .. } => *law,
        }
    }

    /// The suit concerned (for Law 64B2, "a subsequent revoke in the same suit").
    pub fn suit(&self) -> Suit {
        match self {
            Requirement::Lead { suit, .. } | Requirement::NoLead { suit, .. } | Requirement::Suit { suit, .. } | Requirement::NoSuit { suit, .. } => *suit,
            Requirement::Card { card, .. } => card.suit(),
        }
    }

    /// Whether `card` complies.
    pub fn allows(&self, card: Card) -> bool {
        match self {
            Requirement::Lead { suit, .. } | Requirement::Suit { suit, .. } => card.suit() == *suit,
            Requirement::NoLead { suit, .. } | Requirement::NoSuit { suit, .. } => card.suit() != *suit,
            Requirement::Card { card: c, .. } => card == *c,
        }
    }

    /// Law 64B3: a failure to play a penalty card (Laws 50D1, 51A, dealt with by Law 52).
    pub fn is_penalty_card(&self) -> bool {
        matches!(self, Requirement::Card { law, .. } if law == "50D1" || law == "51A")
    }
}

/// A revoke (Law 61A): failure to follow suit when able, or (second part) failure to lead or
/// play, when able, a card or suit required by Law or by an opponent's option in rectification.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Revoke {
    pub offender: Seat,
    /// 0-based index of the trick on which it occurred.
    pub trick: usize,
    /// The suit led; for a revoke under the second part of Law 61A, the suit the requirement
    /// concerns ([`Requirement::suit`]).
    pub suit_led: Suit,
    pub card: Card,
    /// Law 63A1: the offender or his partner has played to a following trick.
    pub established: bool,
    /// Law 64B3: the card belonged to dummy.
    pub from_dummy: bool,
    /// Law 67B1: deemed to have revoked on a defective trick (one trick transferred as in
    /// Law 64A2, whoever won the trick).
    #[serde(default)]
    pub defective: bool,
    /// Law 61A, second part: what the player failed to comply with (`None`: he failed to follow
    /// suit, Law 44).
    #[serde(default)]
    pub required: Option<Requirement>,
    /// Law 43B2(b): declarer's revoke, corrected when dummy (after a Law 43A2 violation) was the
    /// first to ask about it; `card` went back to his hand, and Law 64 applies as if the revoke
    /// had been established (`established` is true).
    #[serde(default)]
    pub dummy_asked: bool,
}

impl Revoke {
    /// A failure to follow suit (Law 61A), not yet established.
    pub fn new(offender: Seat, trick: usize, suit_led: Suit, card: Card, from_dummy: bool) -> Revoke {
        Revoke { offender, trick, suit_led, card, established: false, from_dummy, defective: false, required: None, dummy_asked: false }
    }

    /// Law 61A, second part: the card failed to comply with `required`.
    fn requiring(mut self, required: Requirement) -> Revoke {
        self.required = Some(required);
        self
    }
}

/// The play period of one board at a face-to-face table: the trick engine [`Play`] (read through
/// `Deref`) in its recording mode, plus the ledger of revokes (Laws 61-64, 67). Every change goes
/// through this type, so the ledger follows the cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FacePlay {
    play: Play,
    revokes: Vec<Revoke>,
    /// The tricks not played that a claim or concession gave each side (North-South, East-West):
    /// they count as won or lost in play (Law 69A, 70), so a revoking side that is given one has
    /// won a trick after its revoke (Law 64A).
    unplayed_won: [u8; 2],
}

impl Deref for FacePlay {
    type Target = Play;

    fn deref(&self) -> &Play {
        &self.play
    }
}

impl FacePlay {
    /// Law 41A: the opening lead is from `leader` (declarer's left unless a lead out of turn was
    /// accepted).
    pub fn new(deal: &Deal, dummy: Seat, leader: Seat, trump: Option<Suit>) -> FacePlay {
        FacePlay { play: Play::with_opening_leader(deal, dummy.partner(), leader, trump), revokes: Vec::new(), unplayed_won: [0; 2] }
    }

    pub fn revokes(&self) -> &[Revoke] {
        &self.revokes
    }

    /// A claim or concession ended the play with declarer's side taking `declarer_tricks` in
    /// all: the tricks not played count as won by the side they were given to (Laws 69A, 70)
    /// when the revoke adjustment asks whether the offending side won a later trick (64A).
    pub fn record_claimed_tricks(&mut self, declarer_tricks: u8) {
        let side = self.play.declarer().side();
        let unplayed = 13u8.saturating_sub(self.play.completed_tricks() as u8);
        let declarers = declarer_tricks.saturating_sub(self.play.tricks_won(side)).min(unplayed);
        let mut won = [0u8; 2];
        won[side_index(side)] = declarers;
        won[side_index(side.other())] = unplayed - declarers;
        self.unplayed_won = won;
    }

    /// Law 63A3/63A4: a claim or concession made or agreed establishes every revoke.
    pub fn establish_revokes(&mut self) {
        for r in self.revokes.iter_mut() {
            r.established = true;
        }
    }

    /// Law 53A: a lead out of turn accepted: the trick not yet begun is led by `leader`.
    pub fn set_leader(&mut self, leader: Seat) {
        self.play.set_leader(leader);
    }

    /// Law 62B: the last card played is withdrawn (a revoke being corrected). Returns it with
    /// its hand; the revoke record goes with it.
    pub fn take_back(&mut self) -> Option<(Seat, Card)> {
        let (seat, card) = self.play.take_back()?;
        let index = self.play.tricks().len() - 1;
        self.revokes.retain(|r| !(r.trick == index && r.card == card));
        Some((seat, card))
    }

    /// Law 67B: `seat`'s card in the quitted trick `trick` is replaced by `card` from his hand,
    /// and his recorded card goes back to his hand; the ownership of the trick does not change.
    /// Returns the card replaced. Any revoke recorded for `seat` on that trick goes with it.
    pub fn place_card(&mut self, trick: usize, seat: Seat, card: Card) -> Result<Card, LawError> {
        let old = self.play.replace_card(trick, seat, card)?;
        if old != card {
            self.revokes.retain(|r| !(r.trick == trick && r.offender == seat));
        }
        Ok(old)
    }

    /// Records a revoke found by the Director (Law 67B1: deemed to have revoked).
    pub fn add_revoke(&mut self, revoke: Revoke) {
        self.revokes.retain(|r| !(r.trick == revoke.trick && r.offender == revoke.offender));
        self.revokes.push(revoke);
        self.revokes.sort_by_key(|r| r.trick);
    }

    /// Law 61A, second part: `seat`'s `card`, just played to trick `trick`, failed to comply
    /// with `required` although he was able to. Recorded as a revoke unless a failure to follow
    /// suit is already recorded for it; established under Law 63A1 like any other.
    pub fn add_requirement_revoke(&mut self, seat: Seat, card: Card, trick: usize, required: Requirement) {
        if self.revokes.iter().any(|r| r.trick == trick && r.offender == seat) {
            return;
        }
        let from_dummy = seat == self.dummy();
        self.revokes.push(Revoke::new(seat, trick, required.suit(), card, from_dummy).requiring(required));
        self.revokes.sort_by_key(|r| r.trick);
    }

    /// After the play is rebuilt from `from` (a correction): keeps the revokes the tricks alone
    /// cannot show — 67B1 deemed revokes, and Law 61A second-part revokes whose card still
    /// stands in its trick (their establishment recomputed, Law 63A1).
    pub fn keep_revokes(&mut self, from: &FacePlay) {
        for r in &from.revokes {
            if r.defective || r.dummy_asked {
                self.add_revoke(r.clone());
                continue;
            }
            let stands = self.tricks().get(r.trick).and_then(|t| t.card_of(r.offender)) == Some(r.card);
            let taken = self.revokes.iter().any(|x| x.trick == r.trick && x.offender == r.offender);
            if r.required.is_some() && stands && !taken {
                let mut kept = r.clone();
                kept.established = self.played_after(r.trick, r.offender);
                self.revokes.push(kept);
            }
        }
        self.revokes.sort_by_key(|r| r.trick);
    }

    /// Law 63A1: the offender or his partner has played to a trick after trick `trick`.
    fn played_after(&self, trick: usize, offender: Seat) -> bool {
        self.tricks()[trick + 1..].iter().any(|t| t.card_of(offender).is_some() || t.card_of(offender.partner()).is_some())
    }

    /// Laws 14B4, 67B2(b): a card restored to a hand is deemed to have belonged to it
    /// continuously, so a failure to have played it may be a revoke. Walks the tricks as they
    /// now stand from the deal and records every failure to follow suit not yet recorded
    /// (established under Law 63A1 when the offending side has played to a later trick).
    pub fn rescan_revokes(&mut self, deal: &Deal) {
        let mut held = deal.hands;
        for i in 0..self.tricks().len() {
            let trick = self.tricks()[i].clone();
            let Some(&led) = trick.cards.first() else { continue };
            for (k, card) in trick.cards.iter().enumerate() {
                let seat = trick.player(k);
                let failed = rules::fails_to_follow(held[seat.index()], Some(led.suit()), *card);
                if failed && !self.revokes.iter().any(|r| r.trick == i && r.offender == seat) {
                    let mut revoke = Revoke::new(seat, i, led.suit(), *card, seat == self.dummy());
                    revoke.established = self.played_after(i, seat);
                    self.revokes.push(revoke);
                }
                held[seat.index()].remove(*card);
            }
        }
        self.revokes.sort_by_key(|r| r.trick);
    }

    /// Keeps the tricks' ownership fixed under Law 67B from an earlier version of the play
    /// (rebuilt after a correction).
    pub fn inherit_owners(&mut self, from: &FacePlay) {
        self.play.keep_winners_of(&from.play);
    }

    /// Rotation and holding only: what a revoke still has to satisfy.
    pub fn check_physical(&self, seat: Seat, card: Card) -> Result<(), LawError> {
        self.play.check_turn_and_holding(seat, card)
    }

    /// Plays a card, recording a revoke when it fails to follow suit (Law 61A), and establishing
    /// earlier revokes when the offender or his partner plays to a later trick (Law 63A1).
    pub fn play(&mut self, seat: Seat, card: Card) -> Result<(), LawError> {
        self.play.check_turn_and_holding(seat, card)?;
        let index = self.tricks().len() - 1;
        for r in self.revokes.iter_mut() {
            if r.offender.side() == seat.side() && r.trick < index {
                r.established = true;
            }
        }
        if let Some(suit_led) = self.play.record(seat, card)? {
            let from_dummy = seat == self.dummy();
            self.revokes.push(Revoke::new(seat, index, suit_led, card, from_dummy));
        }
        Ok(())
    }

    /// Law 64: tricks to transfer after play for the established revokes, as (to side, count),
    /// with the Law applied to each revoke.
    pub fn revoke_adjustment(&self) -> Vec<(Revoke, u8, &'static str)> {
        let established: Vec<&Revoke> = self.revokes.iter().filter(|r| r.established).collect();
        // 64B7: both sides revoked and both revokes were established.
        let both = established.iter().any(|r| r.offender.side() == Side::NorthSouth) && established.iter().any(|r| r.offender.side() == Side::EastWest);
        let winner = |i: usize| self.trick_winner(i);
        let mut out = Vec::new();
        for (n, r) in established.iter().enumerate() {
            let side = r.offender.side();
            let (count, law) = if both {
                (0, "64B7")
            } else if established[..n].iter().any(|e| e.offender == r.offender && e.suit_led == r.suit_led) {
                (0, "64B2")
            } else if r.from_dummy || r.required.as_ref().is_some_and(|q| q.is_penalty_card()) {
                // 64B3: a card belonging to dummy, or a penalty card not played.
                (0, "64B3")
            } else if r.trick == 11 {
                (0, "64B6")
            } else {
                let later = (r.trick + 1..13).filter(|i| winner(*i).is_some_and(|w| w.side() == side)).count() as u8 + self.unplayed_won[side_index(side)];
                match winner(r.trick) {
                    // 67B1: deemed to have revoked: one trick, as in 64A2.
                    _ if r.defective && (winner(r.trick).is_some_and(|w| w.side() == side) || later > 0) => (1, "67B1"),
                    _ if r.defective => (0, "64B1"),
                    // 64A1: won by the offending player himself (a trick won in dummy is not
                    // won by declarer).
                    Some(w) if w == r.offender => (1 + later.min(1), "64A1"),
                    Some(w) if w.side() == side || later > 0 => (1, "64A2"),
                    _ => (0, "64B1"),
                }
            };
            out.push(((*r).clone(), count, law));
        }
        out
    }
}

fn side_index(side: Side) -> usize {
    match side {
        Side::NorthSouth => 0,
        Side::EastWest => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tenace_table::Trick;

    const DEAL: &str = "N:AK32.Q54.K32.A87 QJ9.AK32.Q654.K2 T87.J96.AJ7.QJ93 654.T87.T98.T654";

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// A finished play whose trick `i` is won by `winners[i]` (its leader, with the ace).
    /// (Built through the stored form, since no real deal gives any order of winners.)
    fn finished(winners: [Seat; 13], revokes: Vec<Revoke>) -> FacePlay {
        let tricks: Vec<Trick> = winners.iter().map(|w| Trick { leader: *w, cards: vec![c("SA"), c("S2"), c("S3"), c("S4")] }).collect();
        let mut play = serde_json::to_value(Play::new(&Deal::from_pbn(DEAL).unwrap(), Seat::North, None)).unwrap();
        play["tricks"] = serde_json::to_value(tricks).unwrap();
        FacePlay { play: serde_json::from_value(play).unwrap(), revokes, unplayed_won: [0; 2] }
    }

    fn revoke(offender: Seat, trick: usize) -> Revoke {
        Revoke {
            offender,
            trick,
            suit_led: Suit::Hearts,
            card: c("C2"),
            established: true,
            from_dummy: offender == Seat::South,
            defective: false,
            required: None,
            dummy_asked: false,
        }
    }

    #[test]
    fn law_64b1_offending_side_won_neither_the_revoke_trick_nor_a_later_one() {
        let p = finished(
            [
                Seat::East,
                Seat::East,
                Seat::North,
                Seat::North,
                Seat::North,
                Seat::North,
                Seat::North,
                Seat::North,
                Seat::North,
                Seat::North,
                Seat::North,
                Seat::North,
                Seat::North,
            ],
            vec![revoke(Seat::East, 2)],
        );
        assert_eq!(p.revoke_adjustment()[0].1, 0);
        assert_eq!(p.revoke_adjustment()[0].2, "64B1");
    }

    #[test]
    fn law_64b6_revoke_on_trick_twelve_not_adjusted_and_unestablished_revokes_ignored() {
        let p = finished([Seat::East; 13], vec![revoke(Seat::East, 11)]);
        assert_eq!(p.revoke_adjustment()[0].2, "64B6");
        let mut r = revoke(Seat::East, 3);
        r.established = false;
        assert!(finished([Seat::East; 13], vec![r]).revoke_adjustment().is_empty());
    }

    #[test]
    fn law_64a_footnote_trick_won_in_dummy_is_not_won_by_declarer() {
        // North (declarer) revokes on trick 4, won by dummy (South): 64A2, one trick.
        let mut w = [Seat::North; 13];
        w[3] = Seat::South;
        let p = finished(w, vec![revoke(Seat::North, 3)]);
        assert_eq!((p.revoke_adjustment()[0].1, p.revoke_adjustment()[0].2), (1, "64A2"));
        // Won by North himself, with later tricks: 64A1, two tricks.
        let p = finished([Seat::North; 13], vec![revoke(Seat::North, 3)]);
        assert_eq!((p.revoke_adjustment()[0].1, p.revoke_adjustment()[0].2), (2, "64A1"));
        // Won by North, no later trick for North-South: one trick.
        let mut w = [Seat::East; 13];
        w[3] = Seat::North;
        let p = finished(w, vec![revoke(Seat::North, 3)]);
        assert_eq!((p.revoke_adjustment()[0].1, p.revoke_adjustment()[0].2), (1, "64A1"));
    }

    #[test]
    fn law_64a2_with_69a_a_trick_given_by_a_claim_is_a_later_trick_won() {
        // East revokes on trick 3, won by North; East-West win nothing more in play, but a
        // claim after trick 5 gives them two of the eight tricks left: one trick is transferred.
        let mut w = [Seat::North; 13];
        w[2] = Seat::North;
        let mut p = finished(w, vec![revoke(Seat::East, 2)]);
        p.play = {
            let mut v = serde_json::to_value(&p.play).unwrap();
            let tricks = v["tricks"].as_array().unwrap()[..5].to_vec();
            v["tricks"] = serde_json::Value::Array(tricks);
            serde_json::from_value(v).unwrap()
        };
        assert_eq!((p.revoke_adjustment()[0].1, p.revoke_adjustment()[0].2), (0, "64B1"), "nothing won after the revoke in play");
        p.record_claimed_tricks(5 + 6);
        assert_eq!(p.unplayed_won, [6, 2]);
        assert_eq!((p.revoke_adjustment()[0].1, p.revoke_adjustment()[0].2), (1, "64A2"));
    }

    #[test]
    fn law_61a_failure_to_follow_suit_is_recorded_and_63a1_established_by_partner_playing_on() {
        let deal = Deal::from_pbn(DEAL).unwrap();
        let mut p = FacePlay::new(&deal, Seat::South, Seat::East, None);
        for (s, card) in [(Seat::East, "HA"), (Seat::South, "H6"), (Seat::West, "C4"), (Seat::North, "H4")] {
            p.play(s, c(card)).unwrap();
        }
        assert_eq!(p.revokes().len(), 1);
        assert!(!p.revokes()[0].established);
        assert_eq!(p.check(Seat::East, c("HK")), Ok(()));
        p.play(Seat::East, c("HK")).unwrap();
        assert!(p.revokes()[0].established);
        // Rotation and holding are still refused.
        assert_eq!(p.play(Seat::West, c("C5")).unwrap_err().law(), "44B");
        assert_eq!(p.play(Seat::South, c("SA")).unwrap_err().law(), "45A");
    }
}
