//! The defenders' signals (docs/robot-system.md, "Signals"): standard carding, disclosed like
//! the bidding system. A defender gives a signal only when choosing among cards the play's
//! samples find equal (the same average score), so a signal never costs what the samples can
//! see; every robot, declarer included, reads the defenders' signals when it deals its samples.
//!
//! - **Attitude** on the first round of a suit partner leads: a high spot card (below the ten)
//!   with the ace, king or queen of the suit, the lowest card without.
//! - **Count** on the first round of a suit declarer or dummy leads: high with an even number
//!   of cards, the lowest with an odd number.
//! - **Discards**: the first discard is the lowest card of a suit without the ace, king or
//!   queen (do not lead this); failing that, a high spot of a suit with one (lead this).
//! - **Suit preference** on a lead of a side suit partner has shown out of (a ruff): a high
//!   spot asks for the higher of the two other side suits, holding its ace or king; the lowest
//!   card denies that.
//!
//! Trumps carry no signal. A card is read **high** when it is the signaller's highest spot card
//! (below the ten) in the suit at that moment with a lower card beside it, **low** when it is
//! the lowest with a higher spot beside it; any other card says nothing.

use tenace_core::{Card, Hand, Rank, Seat, Suit};

/// What a defender's card means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Attitude,
    Count,
    Discard,
    SuitPreference,
}

/// A card a defender played where the rank carries a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Signal {
    pub seat: Seat,
    pub kind: Kind,
    pub card: Card,
    /// The cards the signaller had played before this one.
    pub before: Hand,
}

/// Where a trick stands when a card is played to it.
pub(crate) struct Moment<'a> {
    pub declarer: Seat,
    pub trump: Option<Suit>,
    /// Who led the trick.
    pub leader: Seat,
    /// The cards already played to the trick.
    pub trick: &'a [Card],
    /// The suits led to earlier tricks.
    pub rounds_led: [bool; 4],
    /// The defenders who have discarded before (by seat).
    pub discarded: [bool; 4],
    /// `void[seat][suit]`: the seat failed to follow to a lead of that suit.
    pub void: [[bool; 4]; 4],
}

impl Moment<'_> {
    /// What `seat` playing a card of `suit` would signal, if anything.
    pub fn kind(&self, seat: Seat, suit: Suit) -> Option<Kind> {
        if seat.side() == self.declarer.side() || Some(suit) == self.trump {
            return None;
        }
        match self.trick.first() {
            Some(led) if led.suit() == suit => match self.rounds_led[suit.index()] {
                true => None,
                false if self.leader == seat.partner() => Some(Kind::Attitude),
                false => Some(Kind::Count),
            },
            Some(_) => (!self.discarded[seat.index()]).then_some(Kind::Discard),
            None => {
                let trump = self.trump?;
                let partner = seat.partner().index();
                (self.void[partner][suit.index()] && !self.void[partner][trump.index()]).then_some(Kind::SuitPreference)
            }
        }
    }
}

/// Does the signaller, holding `holding` (the cards it held when it signalled), want to show
/// "high" with a signal of this kind in `suit`?
pub(crate) fn wants_high(kind: Kind, holding: Hand, suit: Suit, trump: Option<Suit>) -> bool {
    match kind {
        Kind::Attitude | Kind::Discard => top_honour(holding, suit, Rank::Queen),
        Kind::Count => holding.suit_len(suit).is_multiple_of(2),
        Kind::SuitPreference => higher_side_suit(suit, trump).is_some_and(|s| top_honour(holding, s, Rank::King)),
    }
}

/// Does `holding` hold a card of `suit` ranked `lowest` or higher?
fn top_honour(holding: Hand, suit: Suit, lowest: Rank) -> bool {
    holding.cards_in(suit).iter().any(|c| c.rank() >= lowest)
}

/// The higher-ranking of the two suits that are neither trumps nor `led`.
fn higher_side_suit(led: Suit, trump: Option<Suit>) -> Option<Suit> {
    let trump = trump?;
    Suit::DESCENDING.into_iter().find(|&s| s != led && s != trump)
}

/// Reads `card` as high (`Some(true)`), low (`Some(false)`) or neither, against the cards of its
/// suit the signaller held when it played it (`holding`, the card included).
pub(crate) fn read(card: Card, holding: Hand) -> Option<bool> {
    let suit = holding.cards_in(card.suit());
    let lower = suit.iter().any(|c| c.rank() < card.rank());
    let higher_spot = suit.iter().any(|c| c.rank() > card.rank() && c.rank() < Rank::Ten);
    match (lower, higher_spot) {
        (false, true) => Some(false),
        (true, false) if card.rank() < Rank::Ten => Some(true),
        _ => None,
    }
}

/// Is `signal` consistent with the signaller's hand in a sample (`original`: the cards it was
/// dealt)? A card that reads neither high nor low always is.
pub(crate) fn consistent(signal: &Signal, original: Hand, trump: Option<Suit>) -> bool {
    let holding = original.difference(signal.before);
    read(signal.card, holding).is_none_or(|high| high == wants_high(signal.kind, holding, signal.card.suit(), trump))
}

/// The signal to give with one of `tied` (cards the samples find equal, at least two), from
/// `hand` (the cards held now), at `moment`: `None` when no signal applies.
pub(crate) fn give(moment: &Moment<'_>, me: Seat, hand: Hand, tied: Hand) -> Option<Card> {
    let highest_spot = |cards: Hand| cards.iter().filter(|c| c.rank() < Rank::Ten).max_by_key(|c| c.rank());
    let lowest = crate::play::lowest(tied)?;
    if tied.len() < 2 {
        return None;
    }
    match moment.kind(me, lowest.suit())? {
        Kind::Discard => {
            // The lowest card of a suit I do not want led; else a high spot of one I do.
            let unwanted: Hand =
                tied.iter().filter(|c| moment.kind(me, c.suit()).is_some() && !wants_high(Kind::Discard, hand, c.suit(), moment.trump)).collect();
            if let Some(card) = crate::play::lowest(unwanted) {
                return Some(card);
            }
            Suit::ALL.into_iter().filter(|&s| moment.kind(me, s).is_some()).find_map(|s| highest_spot(tied.cards_in(s)))
        }
        kind => {
            let suit = lowest.suit();
            let ours = tied.cards_in(suit);
            match wants_high(kind, hand, suit, moment.trump) {
                true => highest_spot(ours).or(Some(lowest)),
                false => Some(lowest),
            }
        }
    }
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

    fn moment<'a>(leader: Seat, trick: &'a [Card], trump: Option<Suit>) -> Moment<'a> {
        Moment { declarer: Seat::South, trump, leader, trick, rounds_led: [false; 4], discarded: [false; 4], void: [[false; 4]; 4] }
    }

    #[test]
    fn high_and_low_are_read_against_the_holding() {
        assert_eq!(read(c("S8"), h("K83...")), Some(true));
        assert_eq!(read(c("S3"), h("K83...")), Some(false));
        // The only spot card, beside an honour: no choice was made.
        assert_eq!(read(c("S3"), h("K3...")), None);
        // A middle card says nothing.
        assert_eq!(read(c("S5"), h("953...")), None);
        assert_eq!(read(c("SQ"), h("Q3...")), None);
    }

    #[test]
    fn attitude_on_partners_lead_encourages_with_an_honour() {
        // West leads a spade, East follows: an honour asks for the suit with a high spot.
        let trick = [c("SA")];
        let m = moment(Seat::West, &trick[..], None);
        assert_eq!(m.kind(Seat::East, Suit::Spades), Some(Kind::Attitude));
        assert_eq!(give(&m, Seat::East, h("Q83.2.2.2"), h("83...")), Some(c("S8")));
        assert_eq!(give(&m, Seat::East, h("983.2.2.2"), h("983...")), Some(c("S3")));
    }

    #[test]
    fn count_on_declarers_lead_is_high_with_an_even_number() {
        let trick = [c("D4")];
        let m = moment(Seat::South, &trick[..], Some(Suit::Hearts));
        assert_eq!(m.kind(Seat::West, Suit::Diamonds), Some(Kind::Count));
        assert_eq!(give(&m, Seat::West, h("..72.5432"), h("..72.")), Some(c("D7")));
        assert_eq!(give(&m, Seat::West, h("..872.543"), h("..872.")), Some(c("D2")));
        // Declarer's side and trumps carry no signal.
        assert_eq!(m.kind(Seat::North, Suit::Diamonds), None);
        let trick = [c("H4")];
        assert_eq!(moment(Seat::South, &trick[..], Some(Suit::Hearts)).kind(Seat::West, Suit::Hearts), None);
    }

    #[test]
    fn the_first_discard_is_low_in_a_suit_not_wanted() {
        let trick = [c("H4")];
        let m = moment(Seat::South, &trick[..], None);
        assert_eq!(m.kind(Seat::West, Suit::Clubs), Some(Kind::Discard));
        // Clubs without an honour: the lowest club.
        assert_eq!(give(&m, Seat::West, h("K73..2.862"), h("73...862")), Some(c("C2")));
        // Every suit held has an honour: a high spot of one.
        assert_eq!(give(&m, Seat::West, h("K73..2.Q62"), h("73...62")), Some(c("C6")));
    }

    #[test]
    fn suit_preference_on_a_ruff_asks_for_the_higher_suit_with_its_ace_or_king() {
        // Hearts trumps; East has shown out of diamonds; West leads a diamond for the ruff.
        let mut m = moment(Seat::West, &[], Some(Suit::Hearts));
        m.void[Seat::East.index()][Suit::Diamonds.index()] = true;
        assert_eq!(m.kind(Seat::West, Suit::Diamonds), Some(Kind::SuitPreference));
        assert_eq!(give(&m, Seat::West, h("A2..962.T"), h("..962.")), Some(c("D9")));
        assert_eq!(give(&m, Seat::West, h("32..962.A"), h("..962.")), Some(c("D2")));
    }

    #[test]
    fn a_signal_given_is_read_the_same_way() {
        // Every holding of four spades with a choice of two spots: the card the giver picks is
        // consistent with its hand, and the opposite pick is not.
        let trick = [c("SA")];
        let m = moment(Seat::West, &trick[..], None);
        for holding in ["Q832", "9832", "K975", "7632"] {
            let hand = h(&format!("{holding}...2"));
            let tied: Hand = hand.cards_in(Suit::Spades).iter().filter(|c| c.rank() < Rank::Ten).collect();
            let card = give(&m, Seat::East, hand, tied).unwrap_or(c("C2"));
            let signal = Signal { seat: Seat::East, kind: Kind::Attitude, card, before: Hand::EMPTY };
            assert!(consistent(&signal, hand, None), "{holding}: {card}");
            let other = if card == tied.iter().min_by_key(|c| c.rank()).unwrap_or(card) {
                tied.iter().max_by_key(|c| c.rank())
            } else {
                tied.iter().min_by_key(|c| c.rank())
            };
            let opposite = Signal { card: other.unwrap_or(card), ..signal };
            assert!(!consistent(&opposite, hand, None), "{holding}: {opposite:?}");
        }
    }
}
