//! Card play by rule, used only when no sample of the unseen hands could be dealt: standard
//! opening leads, second hand low, third and fourth hand win as cheaply as possible, ruff the
//! opponents' winners, discard from the longest side suit.

use tenace_core::{rules, Card, Hand, Rank, Suit};

use crate::play::lowest;
use crate::PlayView;

/// The card chosen by rule, `None` if the hand has no legal card.
pub(crate) fn choose(view: &PlayView, hand: Hand, trick: &[Card], played: Hand) -> Option<Card> {
    let trump = view.contract.strain().trump();
    let Some(led) = trick.first().map(|c| c.suit()) else {
        return lead(hand, trump, played);
    };
    let me = view.to_play;
    let leader = me.after(4 - trick.len());
    let winning = rules::winning_card(trick, trump).unwrap_or(0);
    let winner_card = trick.get(winning).copied()?;
    let partner_winning = leader.after(winning).side() == me.side();
    let beats = |c: &Card| match (c.suit(), winner_card.suit()) {
        (a, b) if a == b => c.rank() > winner_card.rank(),
        (a, _) => Some(a) == trump,
    };
    let follow = hand.cards_in(led);
    if !follow.is_empty() {
        if partner_winning || trick.len() == 1 {
            return lowest(follow);
        }
        return follow.iter().find(|c| beats(c)).or_else(|| lowest(follow));
    }
    if !partner_winning {
        if let Some(t) = trump {
            if let Some(ruff) = hand.cards_in(t).iter().find(|c| beats(c)) {
                return Some(ruff);
            }
        }
    }
    discard(hand, trump)
}

/// Discard the lowest card of the longest suit that is not trumps.
fn discard(hand: Hand, trump: Option<Suit>) -> Option<Card> {
    let side = Suit::ALL.iter().copied().filter(|&s| Some(s) != trump && hand.suit_len(s) > 0).max_by_key(|&s| hand.suit_len(s));
    match side {
        Some(s) => lowest(hand.cards_in(s)),
        None => lowest(hand),
    }
}

/// A lead by the usual rules: top of a sequence (AK, KQ, QJ, JT), against a suit contract a
/// side-suit singleton, otherwise fourth best from the longest suit (not away from an ace
/// against a suit contract), top of a worthless suit.
fn lead(hand: Hand, trump: Option<Suit>, played: Hand) -> Option<Card> {
    let _ = played;
    let mut best: Option<(u32, Card)> = None;
    let has_trumps = trump.is_some_and(|t| hand.suit_len(t) > 0);
    for s in Suit::DESCENDING {
        let cards: Vec<Card> = hand.cards_in(s).iter().rev().collect();
        let Some(&top) = cards.first() else { continue };
        let n = cards.len() as u32;
        let is_trump = Some(s) == trump;
        let sequence = cards.len() >= 2 && top.rank() >= Rank::Ten && cards[1].rank().index() + 1 == top.rank().index();
        let (score, card) = if sequence {
            (30 + n, top)
        } else if trump.is_some() && !is_trump && n == 1 && has_trumps && top.rank() < Rank::Jack {
            (25, top)
        } else {
            let honour = top.rank() >= Rank::Jack;
            let fourth = cards.get(3).copied().unwrap_or(cards[cards.len() - 1]);
            let card = if honour { fourth } else { top };
            let away_from_ace = trump.is_some() && top.rank() == Rank::Ace;
            let score = if trump.is_some() { 10 + n } else { 10 + 3 * n };
            (if away_from_ace { score / 2 } else { score }, card)
        };
        // Keep trumps for ruffing unless nothing else is left.
        let score = if is_trump { score / 4 } else { score };
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, card));
        }
    }
    best.map(|(_, c)| c).or_else(|| lowest(hand))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Hand {
        s.parse().unwrap_or(Hand::EMPTY)
    }

    fn c(s: &str) -> Card {
        s.parse().unwrap_or(Card::new(Suit::Clubs, Rank::Two))
    }

    #[test]
    fn leads() {
        // Top of a sequence.
        assert_eq!(lead(h("KQJ4.T32.8765.32"), None, Hand::EMPTY), Some(c("SK")));
        // Fourth best from the longest suit at no trump.
        assert_eq!(lead(h("K9543.T32.876.32"), None, Hand::EMPTY), Some(c("S4")));
        // A singleton against a suit contract.
        assert_eq!(lead(h("8.T532.K9876.432"), Some(Suit::Clubs), Hand::EMPTY), Some(c("S8")));
    }
}
