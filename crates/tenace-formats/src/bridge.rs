//! The little bridge logic conversions need: when an auction is over and what it reached
//! (Laws 17, 19, 22), who wins a trick (Law 44), and turning a play table into the order the
//! cards were played and back. Records may be irregular: nothing here panics on odd input.

use tenace_core::{rules, Call, Card, Deal, Seat, Side, Strain, Suit};

use crate::record::{RecordedCard, RecordedContract};

/// The contract and declarer a finished auction reached (Law 22), `None` while it is not
/// finished.
pub fn auction_outcome(first: Seat, calls: &[Call]) -> Option<(RecordedContract, Option<Seat>)> {
    Some(match rules::auction_result(first, calls.iter().copied())? {
        None => (RecordedContract::PassedOut, None),
        Some((contract, declarer)) => (RecordedContract::Contract(contract), Some(declarer)),
    })
}

/// Law 44E/44F for a trick given as (seat, card) pairs in the order played.
pub fn trick_winner(trick: &[(Seat, Card)], trump: Option<Suit>) -> Option<Seat> {
    let cards: Vec<Card> = trick.iter().map(|(_, c)| *c).collect();
    rules::winning_card(&cards, trump).map(|i| trick[i].0)
}

/// Builds PBN play rows from cards in the order played. Who played a card is its holder in the
/// deal when the deal shows it, else the next player in rotation. Returns the opening leader and
/// the rows.
pub fn rows_from_order(cards: &[(Card, Vec<String>)], deal: Option<&Deal>, default_leader: Seat, trump: Option<Suit>) -> (Seat, Vec<[RecordedCard; 4]>) {
    let holder = |c: Card| deal.and_then(|d| d.holder(c));
    let leader = cards.first().and_then(|(c, _)| holder(*c)).unwrap_or(default_leader);
    let mut rows: Vec<[RecordedCard; 4]> = Vec::new();
    let mut trick_leader = leader;
    for chunk in cards.chunks(4) {
        let mut row: [RecordedCard; 4] = Default::default();
        let mut trick = Vec::new();
        for (k, (card, comments)) in chunk.iter().enumerate() {
            let rotation = trick_leader.after(k);
            let mut seat = holder(*card).unwrap_or(rotation);
            let mut col = (seat.index() + 4 - leader.index()) % 4;
            if row[col].card.is_some() {
                seat = rotation;
                col = (seat.index() + 4 - leader.index()) % 4;
            }
            row[col] = RecordedCard { card: Some(*card), comments: comments.clone(), ..RecordedCard::default() };
            trick.push((seat, *card));
        }
        if let Some(w) = trick_winner(&trick, trump) {
            trick_leader = w;
        }
        rows.push(row);
    }
    (leader, rows)
}

/// Tricks won by `declarer`'s side when all 52 cards are known in order.
pub fn declarer_tricks(order: &[(Seat, Card)], declarer: Seat, strain: Strain) -> Option<u8> {
    if order.len() != 52 {
        return None;
    }
    let side: Side = declarer.side();
    let mut won = 0u8;
    for trick in order.chunks(4) {
        if trick_winner(trick, strain.trump())?.side() == side {
            won += 1;
        }
    }
    Some(won)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn calls(s: &str) -> Vec<Call> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn outcome_of_auctions() {
        assert_eq!(auction_outcome(Seat::North, &calls("P P P")), None);
        assert_eq!(auction_outcome(Seat::North, &calls("P P P P")), Some((RecordedContract::PassedOut, None)));
        let (c, d) = auction_outcome(Seat::North, &calls("1H P 3H X P P XX P P P")).unwrap();
        assert_eq!(c.to_string(), "3HXX");
        assert_eq!(d, Some(Seat::North));
        // East bids diamonds first, West raises: East declares.
        let (c, d) = auction_outcome(Seat::North, &calls("P 1D P 3D P P P")).unwrap();
        assert_eq!((c.to_string().as_str(), d), ("3D", Some(Seat::East)));
    }

    #[test]
    fn law_44_trick_winner() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let t = [(Seat::West, c("SK")), (Seat::North, c("H3")), (Seat::East, c("S4")), (Seat::South, c("S3"))];
        assert_eq!(trick_winner(&t, Some(Suit::Hearts)), Some(Seat::North));
        assert_eq!(trick_winner(&t, None), Some(Seat::West));
    }
}
