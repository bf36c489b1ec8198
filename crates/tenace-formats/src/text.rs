//! Hands and deals as text, shared by the PBN `Deal` tag (PBN 2.1 §3.4.11) and the LIN `md`
//! command, with messages that name the card or hand at fault (Law 6).

use tenace_core::{Card, Deal, Hand, Rank, Seat, Suit};

/// How a hand is spelled.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum HandSyntax {
    /// `AKQ.JT9..8765432`: four suits spades first, separated by dots.
    Pbn,
    /// `SAKQHJT9DC8765432`: each suit's letter, then its ranks, in any order.
    Lin,
}

/// Reads a PBN deal value `<first>:<hand> <hand> <hand> <hand>`; `-` is an unknown hand.
pub fn parse_deal(value: &str, syntax: HandSyntax) -> Result<Deal, String> {
    let v = value.trim();
    let Some((first, rest)) = v.split_once(':') else {
        return Err(format!("{value:?} must start with the first hand's direction, like \"N:\""));
    };
    let mut fc = first.trim().chars();
    let first = match (fc.next().and_then(Seat::from_char), fc.next()) {
        (Some(s), None) => s,
        _ => return Err(format!("{first:?} is not a direction (expected N, E, S or W)")),
    };
    let parts: Vec<&str> = rest.split_whitespace().collect();
    if parts.len() != 4 {
        return Err(format!("expected four hands separated by spaces, found {}", parts.len()));
    }
    let mut hands = DealBuilder::default();
    for (i, part) in parts.iter().enumerate() {
        let seat = first.after(i);
        if *part != "-" {
            hands.hand(seat, part, syntax)?;
        }
    }
    Ok(hands.finish())
}

/// Collects hands one by one, refusing a card given twice or a hand of more than 13 cards.
#[derive(Default)]
pub struct DealBuilder {
    deal: Deal,
    given: [bool; 4],
}

impl DealBuilder {
    pub fn hand(&mut self, seat: Seat, text: &str, syntax: HandSyntax) -> Result<(), String> {
        let hand = match syntax {
            HandSyntax::Pbn => pbn_hand(seat, text)?,
            HandSyntax::Lin => lin_hand(seat, text)?,
        };
        for card in hand.iter() {
            if self.deal.holder(card).is_some() {
                return Err(format!("the {card} appears twice"));
            }
        }
        if hand.len() > 13 {
            return Err(format!("the {} hand has {} cards (Law 6: a hand has 13)", seat.name(), hand.len()));
        }
        *self.deal.hand_mut(seat) = hand;
        self.given[seat.index()] = true;
        Ok(())
    }

    /// The deal; when exactly one hand is missing and the others hold 39 cards, the missing hand
    /// gets the rest of the pack.
    pub fn finish(mut self) -> Deal {
        let missing: Vec<Seat> = Seat::ALL.into_iter().filter(|s| !self.given[s.index()]).collect();
        let known = self.deal.hands.iter().fold(Hand::EMPTY, |a, h| a.union(*h));
        if let [seat] = missing.as_slice() {
            if known.len() == 39 {
                *self.deal.hand_mut(*seat) = Hand::FULL.difference(known);
            }
        }
        self.deal
    }
}

fn add(hand: &mut Hand, seat: Seat, card: Card) -> Result<(), String> {
    if !hand.insert(card) {
        return Err(format!("the {card} appears twice (in the {} hand)", seat.name()));
    }
    Ok(())
}

fn rank_of(seat: Seat, c: char) -> Result<Rank, String> {
    Rank::from_char(c).ok_or_else(|| format!("{c:?} is not a rank (in the {} hand)", seat.name()))
}

fn pbn_hand(seat: Seat, text: &str) -> Result<Hand, String> {
    let suits: Vec<&str> = text.split('.').collect();
    if suits.len() != 4 {
        return Err(format!("the {} hand {text:?} must have four suits separated by '.', spades first (found {})", seat.name(), suits.len()));
    }
    let mut hand = Hand::EMPTY;
    for (part, suit) in suits.iter().zip(Suit::DESCENDING) {
        if *part == "-" {
            continue;
        }
        let cleaned = part.replace("10", "T");
        for c in cleaned.chars() {
            add(&mut hand, seat, Card::new(suit, rank_of(seat, c)?))?;
        }
    }
    Ok(hand)
}

fn lin_hand(seat: Seat, text: &str) -> Result<Hand, String> {
    let mut hand = Hand::EMPTY;
    let mut suit = None;
    let cleaned = text.replace("10", "T");
    for c in cleaned.chars() {
        if let Some(s) = Suit::from_char(c).filter(|_| !c.is_ascii_digit()) {
            // 'S', 'H', 'D', 'C' start a suit; none of them is a rank letter.
            suit = Some(s);
            continue;
        }
        let Some(s) = suit else {
            return Err(format!("{c:?} comes before any suit letter (in the {} hand)", seat.name()));
        };
        add(&mut hand, seat, Card::new(s, rank_of(seat, c)?))?;
    }
    Ok(hand)
}

/// A hand in PBN form, `-` when empty (not given).
pub fn pbn_hand_text(hand: Hand) -> String {
    if hand.is_empty() {
        "-".to_string()
    } else {
        hand.to_string()
    }
}

/// The PBN `Deal` value starting from `first`.
pub fn deal_to_pbn(deal: &Deal, first: Seat) -> String {
    let hands: Vec<String> = (0..4).map(|i| pbn_hand_text(deal.hand(first.after(i)))).collect();
    format!("{}:{}", first.letter(), hands.join(" "))
}

/// A hand in LIN form: `S...H...D...C...`, ranks from the ace down.
pub fn lin_hand_text(hand: Hand) -> String {
    if hand.is_empty() {
        return String::new();
    }
    Suit::DESCENDING.iter().map(|&s| format!("{}{}", s.letter(), hand.suit_text(s))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_with_good_messages() {
        let d = parse_deal("W:- .63.AKQ987.A9732 - J973.J98742.3.K4", HandSyntax::Pbn).unwrap();
        assert_eq!(d.hand(Seat::North).len(), 13);
        assert!(d.hand(Seat::West).is_empty());
        let e = parse_deal("W:KQT2.AT.J6542.85 K.63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4", HandSyntax::Pbn).unwrap_err();
        assert_eq!(e, "the SK appears twice");
        let e = parse_deal("W:KQT2.AT.J6542.852 .63.AKQ987.A973 A8654.KQ5.T.QJT6 J973.J98742.3.K4", HandSyntax::Pbn).unwrap_err();
        assert!(e.contains("West hand has 14 cards"), "{e}");
        let e = parse_deal("W:vKQT2.AT.J6542.85 - - -", HandSyntax::Pbn).unwrap_err();
        assert!(e.contains("'v' is not a rank"), "{e}");
        assert!(parse_deal("N:...", HandSyntax::Pbn).is_err());
        assert!(parse_deal("X:- - - -", HandSyntax::Pbn).is_err());
    }

    #[test]
    fn lin_hands() {
        let h = lin_hand(Seat::South, "SKTH4579QKAD69C58K").unwrap();
        assert_eq!(h.to_string(), "KT.AKQ9754.96.K85");
        assert_eq!(lin_hand_text(h), "SKTHAKQ9754D96CK85");
        assert!(lin_hand(Seat::South, "AK").is_err());
        assert_eq!(lin_hand(Seat::South, "s10h").unwrap().to_string(), "T...");
    }
}
