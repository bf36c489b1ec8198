//! Law 67: a defective trick — a player omitted to play to a quitted trick, or played too many
//! cards to it. The Director finds it (`FaceEvent::DefectiveTrick`); what follows depends on whether
//! a player of each side has since played to the following trick.
//!
//! - 67A1 (in time), omission: the offender supplies a card he can legally play; the trick is
//!   completed with it (its winner may change: a lead already made to the next trick by the
//!   wrong hand, or with the card supplied, goes back to the hand, Law 47A).
//! - 67A2 (in time), too many cards: the Director judges between Law 45E (a fifth card: a
//!   defender's becomes a penalty card, declarer's goes back to his hand; or, deemed led, Laws
//!   53-56) and Law 58B (played simultaneously: the offender designates his card; a defender's
//!   other cards become penalty cards).
//! - 67B1 (late), omission: the offender places a card among his played cards — one of the suit
//!   led if he has one (a), otherwise any (b); the ownership of the trick does not change and he
//!   is deemed to have revoked: one trick transferred as in Law 64A2.
//! - 67B2 (late), too many cards: the extra cards go back to the hand, deemed held throughout
//!   (67B2(b): failing to have played one may be a revoke); the card faced stays — when the
//!   Director cannot tell which it was, the highest card the offender could legally have played
//!   (67B2(a)); the ownership of the trick does not change.
//!
//! In the record an omission shows as a card the offender did not in fact play (the engine keeps
//! four cards to a trick): the finding returns it to his hand. 67B3 (a card played but not
//! placed among the quitted tricks) cannot arise: the engine keeps every played card in its trick.
//! Dummy's cards are chosen by declarer (Law 45B).

use crate::law::Law;
use tenace_core::{rules, Card, Hand, Seat};
use tenace_table::{Ending, LawError};

use super::{option, AfterRevoke, FaceTable, Play};
use crate::error::DirectorError;
use crate::play::Revoke;
use crate::rectification::{Choice, Chooser, Irregularity, RectOption};

impl FaceTable {
    /// Law 67: the Director finds trick `number` (1-13) defective because of `seat`.
    pub(super) fn on_defective_trick(&mut self, number: u8, seat: Seat, extra: &[Card]) -> Result<(), DirectorError> {
        self.pending_error()?;
        self.claim_error()?;
        if self.result.as_ref().is_some_and(|r| r.ending != Ending::Played) {
            return Err(DirectorError::BoardOver);
        }
        let fc = self.final_contract().ok_or(LawError::AuctionNotEnded)?;
        let play = self.play.as_ref().ok_or(LawError::AuctionNotEnded)?;
        let index = (number as usize)
            .checked_sub(1)
            .filter(|i| play.tricks().get(*i).is_some_and(|t| t.is_complete()))
            .ok_or(DirectorError::NotAQuittedTrick { trick: number })?;
        let mut extra = extra.to_vec();
        extra.sort();
        extra.dedup();
        if let Some(card) = extra.iter().find(|c| !play.remaining(seat).contains(**c)) {
            return Err(LawError::CardNotHeld { seat, card: *card }.into());
        }
        let trick = &play.tricks()[index];
        let (Some(led), Some(recorded)) = (trick.suit_led(), trick.card_of(seat)) else {
            return Err(DirectorError::NotAQuittedTrick { trick: number });
        };
        // 67A: "before a player on each side has played to the following trick" — at most its lead.
        let timely = play.tricks().get(index + 1).map_or(0, |t| t.cards.len()) < 2;
        let own = Chooser::Player(if seat == play.dummy() { fc.declarer } else { seat });
        let defender = seat.side() != fc.declarer.side();
        let mut options: Vec<RectOption> = Vec::new();
        match (extra.is_empty(), timely) {
            (true, true) => {
                let hand = self.hand_at(index, seat);
                let legal = rules::legal_cards(hand, Some(led));
                for c in legal.iter().rev() {
                    options.push(option(own, Choice::Designate(c), Law::new("67A1"), format!("{seat:?} supplies the {c} to trick {number}.")));
                }
            }
            (true, false) => {
                let hand = play.remaining(seat).with(recorded);
                let (cards, l) = if hand.suit_len(led) > 0 { (hand.cards_in(led), Law::new("67B1(a)")) } else { (hand, Law::new("67B1(b)")) };
                for c in cards.iter().rev() {
                    options.push(option(
                        own,
                        Choice::Designate(c),
                        l,
                        format!(
                            "{seat:?} places the {c} among his played cards to trick {number} (the ownership of the trick does \
                             not change); he is deemed to have revoked: one trick transferred as in Law 64A2."
                        ),
                    ));
                }
            }
            (false, true) => {
                let fifth = Law::new(if defender { "45E1" } else { "45E2" });
                let fate = if defender { "become penalty cards (Law 50)" } else { "go back to the hand" };
                options.push(option(
                    Chooser::Director,
                    Choice::FifthCard,
                    fifth,
                    format!("67A2: the extra card(s) were contributed to trick {number} as a fifth card: they {fate}."),
                ));
                let next_unled = play.tricks().get(index + 1).is_some_and(|t| t.cards.is_empty());
                if extra.len() == 1 && next_unled {
                    let laws = if defender { "Law 53 or 56" } else { "Law 55" };
                    options.push(option(
                        Chooser::Director,
                        Choice::FifthCardLed,
                        fifth,
                        format!("67A2: the {} was led to the next trick: {laws} applies if it was out of turn.", extra[0]),
                    ));
                }
                options.push(option(
                    Chooser::Director,
                    Choice::Simultaneous,
                    Law::new("58B"),
                    format!("67A2: the cards were played simultaneously: {seat:?} designates his card (58B2)."),
                ));
            }
            (false, false) => {
                let shown: Vec<String> = extra.iter().map(|c| c.to_string()).collect();
                options.push(option(
                    Chooser::Director,
                    Choice::Designate(recorded),
                    Law::new("67B2(a)"),
                    format!(
                        "The {recorded} was the card faced: it stays; {} go(es) back to {seat:?}'s hand, deemed held \
                         throughout (67B2(b)).",
                        shown.join(", ")
                    ),
                ));
                let hand = self.hand_at(index, seat);
                let highest = std::iter::once(recorded)
                    .chain(extra.iter().copied())
                    .filter(|c| c.suit() == led || hand.suit_len(led) == 0)
                    .max_by_key(|c| (c.rank(), c.suit()));
                if let Some(h) = highest.filter(|h| *h != recorded) {
                    options.push(option(
                        Chooser::Director,
                        Choice::Designate(h),
                        Law::new("67B2(a)"),
                        format!(
                            "The Director cannot determine which card was faced: the {h}, the highest {seat:?} could \
                             legally have played, stays; the others go back to his hand."
                        ),
                    ));
                }
            }
        }
        if self.result.is_some() {
            self.reopen_result();
        }
        self.open(Irregularity::DefectiveTrick { offender: seat, trick: index, extra, timely }, options);
        Ok(())
    }

    /// Applies the option chosen on a defective trick.
    pub(super) fn rule_on_defective(&mut self, irregularity: &Irregularity, choice: Choice, law: Law) -> Result<(), DirectorError> {
        let fc = self.final_contract().ok_or(LawError::AuctionNotEnded)?;
        match (irregularity, choice) {
            (Irregularity::DefectiveTrick { offender, trick, extra, timely: true }, Choice::Designate(card)) if extra.is_empty() => {
                let n = trick + 1;
                self.note(Law::new("67A1"), format!("{offender:?} omitted to play to trick {n}: he supplies the {card}."));
                self.rebuild_with(*trick, *offender, card, false)?;
            }
            (Irregularity::DefectiveTrick { offender, trick, extra, timely: false }, Choice::Designate(card)) if extra.is_empty() => {
                let deal = self.board.deal;
                let play = self.play.as_mut().ok_or(LawError::AuctionNotEnded)?;
                let led = play.tricks().get(*trick).and_then(|t| t.suit_led()).ok_or(LawError::PlayEnded)?;
                play.place_card(*trick, *offender, card)?;
                play.add_revoke(Revoke {
                    offender: *offender,
                    trick: *trick,
                    suit_led: led,
                    card,
                    established: true,
                    from_dummy: *offender == play.dummy(),
                    defective: true,
                    required: None,
                    dummy_asked: false,
                });
                play.rescan_revokes(&deal);
                self.play_duties.penalty_cards.retain(|pc| *pc != (*offender, card));
                self.play_duties.minor_penalty_cards.retain(|pc| *pc != (*offender, card));
                self.note(
                    law,
                    format!(
                        "{offender:?} omitted to play to trick {}: the {card} is placed among his played cards; the trick's \
                         ownership stands; a deemed revoke (one trick transferred as in 64A2).",
                        trick + 1
                    ),
                );
            }
            (Irregularity::DefectiveTrick { offender, trick, extra, timely: false }, Choice::Designate(card)) => {
                let deal = self.board.deal;
                let play = self.play.as_mut().ok_or(LawError::AuctionNotEnded)?;
                let old = play.place_card(*trick, *offender, card)?;
                play.rescan_revokes(&deal);
                let back: Vec<String> = extra.iter().copied().chain(std::iter::once(old)).filter(|c| *c != card).map(|c| c.to_string()).collect();
                self.note(
                    Law::new("67B2"),
                    format!(
                        "{offender:?} played too many cards to trick {}: the {card} stays; {} restored to his hand, deemed held \
                         throughout (a failure to have played one may be a revoke); the trick's ownership stands.",
                        trick + 1,
                        back.join(", ")
                    ),
                );
            }
            (Irregularity::DefectiveTrick { offender, extra, .. }, Choice::FifthCard) => {
                let defender = offender.side() != fc.declarer.side();
                self.extra_cards_exposed(*offender, extra, defender, law);
            }
            (Irregularity::DefectiveTrick { offender, extra, .. }, Choice::FifthCardLed) => {
                let card = *extra.first().ok_or(DirectorError::NoRectification)?;
                self.note(law, format!("{offender:?}'s {card} was led to the next trick."));
                self.on_play(*offender, card)?;
            }
            (Irregularity::DefectiveTrick { offender, trick, extra, .. }, Choice::Simultaneous) => {
                let play = self.play.as_ref().ok_or(LawError::AuctionNotEnded)?;
                let recorded = play.tricks().get(*trick).and_then(|t| t.card_of(*offender)).ok_or(LawError::PlayEnded)?;
                let own = Chooser::Player(if *offender == play.dummy() { fc.declarer } else { *offender });
                let mut visible: Vec<Card> = std::iter::once(recorded).chain(extra.iter().copied()).collect();
                visible.sort();
                let options = visible
                    .iter()
                    .map(|c| {
                        option(own, Choice::Designate(*c), Law::new("58B2"), format!("{offender:?} designates the {c} as his card to trick {}.", trick + 1))
                    })
                    .collect();
                self.open(Irregularity::DefectiveTrickDesignation { offender: *offender, trick: *trick, visible }, options);
            }
            (Irregularity::DefectiveTrickDesignation { offender, trick, visible }, Choice::Designate(card)) => {
                let recorded = self.play.as_ref().and_then(|p| p.tricks().get(*trick)).and_then(|t| t.card_of(*offender));
                if recorded != Some(card) {
                    self.rebuild_with(*trick, *offender, card, true)?;
                }
                let others: Vec<Card> = visible.iter().copied().filter(|c| *c != card).collect();
                let defender = offender.side() != fc.declarer.side();
                self.note(Law::new("58B2"), format!("{offender:?} designates the {card} as his card to trick {}.", trick + 1));
                self.extra_cards_exposed(*offender, &others, defender, Law::new("58B2"));
            }
            _ => {}
        }
        Ok(())
    }

    /// A defender's extra cards become penalty cards (Law 50B: a single card below an honour,
    /// exposed inadvertently, is a minor one); declarer's go back to his hand.
    fn extra_cards_exposed(&mut self, offender: Seat, cards: &[Card], defender: bool, l: Law) {
        let shown: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
        if !defender {
            self.note(l, format!("{offender:?}'s {} go(es) back to the hand without further rectification.", shown.join(", ")));
            return;
        }
        let minor = matches!(cards, [c] if c.rank() < tenace_core::Rank::Ten);
        for c in cards {
            if minor {
                self.play_duties.minor_penalty_cards.push((offender, *c));
            } else {
                self.play_duties.penalty_cards.push((offender, *c));
            }
        }
        let kind = if minor { "a minor penalty card (50B, 50C)" } else { "major penalty card(s) (50B, 50D)" };
        self.note(l, format!("{offender:?}'s {}: {kind}.", shown.join(", ")));
    }

    /// The cards `seat` held when trick `index` began (per the record).
    fn hand_at(&self, index: usize, seat: Seat) -> Hand {
        let mut hand = self.board.deal.hand(seat);
        if let Some(play) = &self.play {
            for t in play.tricks().iter().take(index) {
                if let Some(c) = t.card_of(seat) {
                    hand.remove(c);
                }
            }
        }
        hand
    }

    /// Law 67A: the play rebuilt with `seat`'s card to trick `index` replaced by `card`; the
    /// trick's winner is that of the cards now in it. Cards already played after it are played
    /// again while they still fit (the hand to play holds them); the rest go back to the hands
    /// (Law 47A). With `offer` (Law 58B3) the cards played after `seat`'s are instead taken back
    /// and come up again in rotation, the offender's opponents may change theirs.
    pub(super) fn rebuild_with(&mut self, index: usize, seat: Seat, card: Card, offer: bool) -> Result<(), DirectorError> {
        let play = self.play.as_ref().ok_or(LawError::AuctionNotEnded)?;
        let first = play.tricks().first().map_or(seat, |t| t.leader);
        let mut rebuilt = Play::new(&self.board.deal, play.dummy(), first, play.trump());
        let mut dropped: Vec<(Seat, Card)> = Vec::new();
        let mut queued: Vec<(Seat, Card)> = Vec::new();
        // Whether the `k`th card of trick `i` was played after `seat`'s card to trick `index`.
        let after = |i: usize, k: usize, t: &tenace_table::Trick| i > index || (i == index && k > (seat.index() + 4 - t.leader.index()) % 4);
        for (i, t) in play.tricks().iter().enumerate() {
            // A leader set by an accepted lead out of turn is kept; otherwise the winner leads.
            let natural = i > 0 && play.trick_winner(i - 1) == Some(t.leader);
            if i <= index || !natural {
                rebuilt.set_leader(t.leader);
            }
            for (k, c) in t.cards.iter().enumerate() {
                let who = t.player(k);
                let c = if i == index && who == seat { card } else { *c };
                if offer && after(i, k, t) {
                    queued.push((who, c));
                } else if i <= index {
                    rebuilt.play(who, c)?;
                } else if !dropped.is_empty() || rebuilt.play(who, c).is_err() {
                    dropped.push((who, c));
                }
            }
        }
        rebuilt.keep_revokes(play);
        rebuilt.inherit_owners(play);
        self.play = Some(rebuilt);
        if !queued.is_empty() {
            self.awaiting.after_revoke = Some(AfterRevoke {
                revoker: seat,
                cards: queued,
                non_offender_withdrew: false,
                waiting: None,
                law: Law::new("58B3"),
                correct: None,
                stand: Vec::new(),
            });
        }
        for (who, c) in dropped {
            self.note(Law::new("47A"), format!("{who:?}'s {c}, played after the defective trick, goes back to the hand."));
        }
        Ok(())
    }

    /// The board was over and a ruling reopens it: the result is recomputed when play ends again.
    pub(super) fn reopen_result(&mut self) {
        self.result = None;
        self.notes.retain(|n| !n.text.ends_with("trick(s) transferred."));
    }
}
