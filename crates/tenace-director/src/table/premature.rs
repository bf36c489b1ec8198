//! Law 57: a defender's premature lead or play — leading to the next trick before his partner
//! has played to the current one, or playing before his partner in rotation. The card becomes a
//! major penalty card (57A) and declarer picks how the offender's partner plays to the trick:
//! his highest or lowest card of the suit led, a card of another suit, or not a card of another
//! suit (57A1-4); a partner who cannot comply plays any otherwise legal card (57B, 59). When
//! declarer has played from both hands to the trick there is no rectification (57C1): the card
//! stands — played at the offender's turn, or led to the next trick, where it is a lead out of
//! turn (Laws 53-56) unless the offender wins the trick. A card from dummy alone is not enough:
//! with only dummy's card on the trick, 57A applies.

use crate::law::Law;
use tenace_core::{rules, Card, Seat, Suit};

use super::{option, FaceTable};
use crate::error::DirectorError;
use crate::play::Requirement;
use crate::rectification::{Choice, Chooser, Irregularity, RectOption};

impl FaceTable {
    /// Recognises a premature lead or play by `seat` (Law 57); `Ok(true)` when it has been dealt
    /// with (a rectification opened, or the card committed under 57C1).
    pub(super) fn premature(&mut self, seat: Seat, card: Card) -> Result<bool, DirectorError> {
        let (Some(play), Some(fc)) = (self.play.as_ref(), self.final_contract()) else { return Ok(false) };
        let (Some(expected), Some(trick)) = (play.to_play(), play.current_trick()) else { return Ok(false) };
        let defender = seat.side() != fc.declarer.side();
        if !defender || seat == expected || trick.cards.is_empty() {
            return Ok(false);
        }
        // A lead to the next trick is premature whenever partner has still to play to this
        // one, whoever's turn it is (South and West still to play, East leads: 57A); a play
        // out of turn is 57A only at partner's turn (at declarer's or dummy's it is 57D).
        let lead = trick.card_of(seat).is_some();
        let partner_to_play = trick.card_of(seat.partner()).is_none();
        if (lead && !partner_to_play) || (!lead && expected != seat.partner()) {
            return Ok(false);
        }
        if !play.remaining(seat).contains(card) {
            return Err(tenace_table::LawError::CardNotHeld { seat, card }.into());
        }
        let both_hands_played = trick.card_of(play.dummy()).is_some() && trick.card_of(fc.declarer).is_some();
        if both_hands_played {
            self.play_duties.committed = Some((seat, card, lead));
            self.play_duties.committed_law = None;
            let what = if lead { "led to the next trick" } else { "played to this trick at his turn" };
            self.note(Law::new("57C1"), format!("Declarer has played from both hands: {seat:?}'s {card} is not rectified; it is {what}."));
            return Ok(true);
        }
        let suit_led = trick.cards[0].suit();
        let d = Chooser::Player(fc.declarer);
        let partner = seat.partner();
        let mut options: Vec<RectOption> = vec![
            option(d, Choice::PlayHighest, Law::new("57A1"), format!("{partner:?} plays his highest {}.", word(suit_led))),
            option(d, Choice::PlayLowest, Law::new("57A2"), format!("{partner:?} plays his lowest {}.", word(suit_led))),
        ];
        for s in Suit::ALL.into_iter().rev().filter(|s| *s != suit_led) {
            options.push(option(d, Choice::RequireSuit(s), Law::new("57A3"), format!("{partner:?} plays a {} (if unable to follow suit).", singular(s))));
        }
        for s in Suit::ALL.into_iter().rev().filter(|s| *s != suit_led) {
            options.push(option(d, Choice::ForbidSuit(s), Law::new("57A4"), format!("{partner:?} may not play a {}.", singular(s))));
        }
        options.push(option(
            Chooser::Director,
            Choice::NoRectification,
            Law::new("57C2"),
            format!(
                "Dummy had of his own volition prematurely selected a card, or illegally suggested one: {seat:?} is not \
                 subject to rectification; the {card} stands ({}).",
                if lead { "his lead to the next trick" } else { "played at his turn" }
            ),
        ));
        self.play_duties.penalty_cards.push((seat, card));
        self.note(Law::new("57A"), format!("{seat:?}'s premature {card} is a major penalty card (Law 50)."));
        self.open(Irregularity::PrematurePlay { offender: seat, card, lead }, options);
        Ok(true)
    }

    /// Law 57C3 and 57D: a play (not a lead) to the current trick before the player's turn, by
    /// declarer from either hand, or by a defender at his RHO's (declarer's or dummy's) turn.
    /// Declarer's card, if legal, is a played card and may not be withdrawn: it is played at its
    /// turn (57C3; an illegal one is withdrawn without rectification, 47B, 48A). A defender's
    /// card that can legally be played to the trick must be played at his proper turn; otherwise
    /// it becomes a major penalty card (57D; Law 16 is the Director's). `Ok(true)` when dealt with.
    pub(super) fn premature_not_lead(&mut self, seat: Seat, card: Card) -> Result<bool, DirectorError> {
        let (Some(play), Some(fc)) = (self.play.as_ref(), self.final_contract()) else { return Ok(false) };
        let (Some(expected), Some(trick)) = (play.to_play(), play.current_trick()) else { return Ok(false) };
        if seat == expected || trick.cards.is_empty() || trick.card_of(seat).is_some() || self.play_duties.committed.is_some() {
            return Ok(false);
        }
        let hand = play.remaining(seat);
        if !hand.contains(card) {
            return Err(tenace_table::LawError::CardNotHeld { seat, card }.into());
        }
        let led = trick.cards[0].suit();
        let legal = !rules::fails_to_follow(hand, Some(led), card);
        if seat.side() == fc.declarer.side() {
            if legal {
                self.play_duties.committed = Some((seat, card, false));
                self.play_duties.committed_law = Some(Law::new("57C3"));
                self.note(Law::new("57C3"), format!("Declarer's premature {card} from {seat:?} is a played card: it is played at its turn."));
            } else {
                self.note(
                    Law::new("57C3"),
                    format!("Declarer's premature {card} from {seat:?} is not a legal play: it is withdrawn without rectification (47B, 48A)."),
                );
            }
            return Ok(true);
        }
        if expected != seat.rho() {
            return Ok(false);
        }
        if legal {
            self.play_duties.committed = Some((seat, card, false));
            self.play_duties.committed_law = Some(Law::new("57D"));
            self.note(Law::new("57D"), format!("{seat:?} played the {card} at his RHO's turn: it must be played at his proper turn (Law 16 may apply)."));
        } else {
            if !self.play_duties.penalty_cards.contains(&(seat, card)) {
                self.play_duties.penalty_cards.push((seat, card));
            }
            self.note(
                Law::new("57D"),
                format!("{seat:?} played the {card} at his RHO's turn; it cannot legally be played to the trick: a major penalty card (Law 50)."),
            );
        }
        Ok(true)
    }

    /// Declarer's choice under Law 57A: it binds the offender's partner's play to this trick.
    /// The Director's 57C2 judgement instead lifts the rectification: the card stands as under
    /// 57C1 and is no penalty card.
    pub(super) fn rule_on_premature(&mut self, offender: Seat, card: Card, lead: bool, choice: Choice) {
        if choice == Choice::NoRectification {
            self.play_duties.penalty_cards.retain(|pc| *pc != (offender, card));
            self.play_duties.committed = Some((offender, card, lead));
            self.play_duties.committed_law = Some(Law::new("57C2"));
            self.note(Law::new("57C2"), format!("Dummy prompted {offender:?}'s premature {card}: no rectification; it stands."));
            return;
        }
        let trick = self.play.as_ref().map_or(0, |p| p.tricks().len() - 1);
        self.play_duties.play_restriction = Some((offender.partner(), choice, trick));
    }

    /// Law 57C1: the card `seat` committed prematurely, when it is now his turn to play it.
    pub(super) fn committed_card(&self, seat: Seat) -> Option<Card> {
        let trick = self.play.as_ref()?.current_trick()?;
        let (s, c, lead) = self.play_duties.committed?;
        let its_turn = if lead { trick.cards.is_empty() && trick.leader == s } else { !trick.cards.is_empty() };
        (s == seat && its_turn).then_some(c)
    }

    /// Law 57A at `seat`'s play to the trick: the card declarer's option requires. Whether he
    /// is able to comply (57B, 59) is the caller's question.
    pub(super) fn restriction_check(&self, seat: Seat, card: Card) -> Result<(), DirectorError> {
        match self.required_57a(seat) {
            Some(q) if !q.allows(card) => Err(DirectorError::MustComply { seat, law: q.law() }),
            _ => Ok(()),
        }
    }

    /// Law 57A: what declarer's option requires of `seat`'s play to the current trick, if any
    /// (57A1/57A2 bind only a player who can follow suit, 57A3/57A4 only one who cannot).
    pub(super) fn required_57a(&self, seat: Seat) -> Option<Requirement> {
        let play = self.play.as_ref()?;
        let trick = play.current_trick()?;
        let (s, choice, index) = self.play_duties.play_restriction?;
        if s != seat || index != play.tricks().len() - 1 || trick.cards.is_empty() {
            return None;
        }
        let hand = play.remaining(seat);
        let led = trick.cards[0].suit();
        let follows = hand.suit_len(led) > 0;
        let law = Law::new(law_of(choice));
        match choice {
            Choice::PlayHighest if follows => hand.cards_in(led).iter().next_back().map(|card| Requirement::Card { card, law }),
            Choice::PlayLowest if follows => hand.cards_in(led).iter().next().map(|card| Requirement::Card { card, law }),
            Choice::RequireSuit(suit) if !follows => Some(Requirement::Suit { suit, law }),
            Choice::ForbidSuit(suit) if !follows => Some(Requirement::NoSuit { suit, law }),
            _ => None,
        }
    }

    /// After a card is played: a card committed under 57C1 that was led prematurely becomes a
    /// lead out of turn when its owner did not win the trick (Laws 53-56).
    pub(super) fn after_premature(&mut self, seat: Seat, card: Card) -> Result<(), DirectorError> {
        if self.play_duties.play_restriction.is_some_and(|(s, _, _)| s == seat) {
            self.play_duties.play_restriction = None;
        }
        let Some((owner, committed, lead)) = self.play_duties.committed else { return Ok(()) };
        if owner == seat && committed == card {
            self.play_duties.committed = None;
            self.play_duties.committed_law = None;
            return Ok(());
        }
        let Some(play) = self.play.as_ref() else { return Ok(()) };
        let Some(trick) = play.current_trick() else {
            self.play_duties.committed = None;
            self.play_duties.committed_law = None;
            return Ok(());
        };
        if lead && trick.cards.is_empty() && trick.leader != owner {
            self.play_duties.committed = None;
            self.play_duties.committed_law = None;
            return self.on_play(owner, committed);
        }
        Ok(())
    }
}

fn law_of(choice: Choice) -> &'static str {
    match choice {
        Choice::PlayHighest => "57A1",
        Choice::PlayLowest => "57A2",
        Choice::RequireSuit(_) => "57A3",
        _ => "57A4",
    }
}

fn word(s: Suit) -> &'static str {
    ["club", "diamond", "heart", "spade"][s.index()]
}

fn singular(s: Suit) -> &'static str {
    word(s)
}
