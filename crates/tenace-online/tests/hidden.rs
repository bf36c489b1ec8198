//! The security core: whole boards played with random legal actions (calls, cards, claims,
//! undos, questions, chat), and after every step every viewer's view is checked — no card a
//! viewer may not know appears anywhere in what they are sent.

use std::collections::HashSet;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_core::{Call, Card, Seat};
use tenace_online::{Action, Actor, Room, RoomOptions, Viewer};

const NAMES: [&str; 4] = ["nora", "ed", "sam", "wes"];

fn actor(seat: Seat) -> Actor {
    Actor { name: NAMES[seat.index()].into(), seat: Some(seat) }
}

/// Every card token (`"SA"`, `"HT"`...) in a JSON text, plus the cards of a PBN deal string.
fn cards_in(json: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    let bytes = json.as_bytes();
    for i in 0..bytes.len().saturating_sub(3) {
        if bytes[i] == b'"' && bytes[i + 3] == b'"' && b"SHDC".contains(&bytes[i + 1]) && b"23456789TJQKA".contains(&bytes[i + 2]) {
            out.insert(json[i + 1..i + 3].to_string());
        }
    }
    // A deal in PBN (`"deal":"N:AK.Q2.. ..."`) names every card.
    if let Some(p) = json.find("\"deal\":\"") {
        let rest = &json[p + 8..];
        let deal = &rest[..rest.find('"').unwrap_or(rest.len())];
        if let Ok(d) = tenace_core::Deal::from_pbn(deal) {
            for s in Seat::ALL {
                out.extend(d.hand(s).iter().map(|c| c.to_string()));
            }
        }
    }
    out
}

/// What `viewer` may know now: their hand (or the watched one), played cards, dummy after the
/// lead, a claimer's hand while the opponents' claim is pending, everything once the board is over.
fn may_know(room: &Room, viewer: Viewer) -> HashSet<String> {
    let table = room.table();
    let deal = &table.board().deal;
    let mut know: HashSet<Card> = HashSet::new();
    if room.board_over() {
        return Seat::ALL.iter().flat_map(|s| deal.hand(*s).iter()).map(|c| c.to_string()).collect();
    }
    let seat = match viewer {
        Viewer::Seat { seat } => Some(seat),
        Viewer::Kibitzer { watching } => watching,
        Viewer::Public => None,
    };
    if let Some(s) = seat {
        know.extend(deal.hand(s).iter());
    }
    if let Some(play) = table.play() {
        know.extend(play.tricks().iter().flat_map(|t| t.cards.iter().copied()));
        if play.opening_lead_made() {
            know.extend(deal.hand(play.dummy()).iter());
        }
    }
    if let (Some(claim), Some(s)) = (table.pending_claim(), seat) {
        if claim.claimer.side() != s.side() {
            know.extend(deal.hand(claim.claimer).iter());
        }
    }
    know.into_iter().map(|c| c.to_string()).collect()
}

fn viewers() -> Vec<Viewer> {
    let mut v: Vec<Viewer> = Seat::ALL.iter().map(|&seat| Viewer::Seat { seat }).collect();
    v.push(Viewer::Kibitzer { watching: None });
    v.extend(Seat::ALL.iter().map(|&s| Viewer::Kibitzer { watching: Some(s) }));
    v.push(Viewer::Public);
    v
}

fn check_all_views(room: &Room) {
    for viewer in viewers() {
        let json = serde_json::to_string(&room.view("t", viewer, &[])).unwrap();
        let allowed = may_know(room, viewer);
        let leaked: Vec<String> = cards_in(&json).difference(&allowed).cloned().collect();
        assert!(leaked.is_empty(), "{viewer:?} was sent unseen cards {leaked:?} in {json}");
    }
}

/// One random step by somebody at the table; refused steps are fine (they change nothing).
fn random_step(room: &mut Room, rng: &mut ChaCha8Rng) {
    let table = room.table();
    if let Some(req) = room.undo_request().cloned() {
        let who = req.awaiting[0];
        let _ = room.act(&actor(who), Action::AnswerUndo { accept: rng.random_bool(0.5) });
        return;
    }
    if let Some(claim) = table.pending_claim().cloned() {
        let who = [claim.claimer.lho(), claim.claimer.rho()].into_iter().find(|s| Some(*s) != table.dummy()).unwrap();
        let _ = room.act(&actor(who), Action::AnswerClaim { accept: rng.random_bool(0.3) });
        return;
    }
    let Some(seat) = room.player_to_act() else { return };
    match rng.random_range(0..20) {
        0 => {
            let _ = room.act(&actor(seat), Action::RequestUndo);
        }
        1 if table.play().is_some() => {
            let left = 13 - table.play().unwrap().completed_tricks() as u8;
            let _ = room.act(&actor(seat), Action::Claim { tricks: rng.random_range(0..=left), statement: "claim".into() });
        }
        2 => {
            let n = table.auction().calls().len();
            if n > 0 {
                let _ = room.act(&actor(seat), Action::Ask { call: rng.random_range(0..n) });
            }
        }
        3 => {
            let to = Seat::ALL[rng.random_range(0..4)];
            let _ = room.act(&actor(seat), Action::Chat { text: "hello".into(), to: Some(to) });
        }
        _ => match table.play() {
            None => {
                let calls = table.legal_calls();
                // Mostly passes, so auctions end.
                let call = if rng.random_bool(0.6) { Call::Pass } else { calls[rng.random_range(0..calls.len())] };
                let alert = rng.random_bool(0.3);
                let explanation = alert.then(|| "artificial".to_string());
                room.act(&actor(seat), Action::Call { call, alert, explanation }).unwrap();
            }
            Some(_) => {
                let cards: Vec<Card> = table.legal_cards().iter().collect();
                let card = cards[rng.random_range(0..cards.len())];
                room.act(&actor(seat), Action::Play { card }).unwrap();
            }
        },
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn no_view_ever_contains_an_unseen_card(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut room = Room::new(RoomOptions { name: "t".into(), set_seed: seed, boards: 2, kibitzers_see_all: false, first: 1 });
        for s in Seat::ALL {
            room.act(&Actor { name: NAMES[s.index()].into(), seat: None }, Action::Sit { seat: s }).unwrap();
        }
        check_all_views(&room);
        for _ in 0..2 {
            let mut steps = 0;
            while !room.board_over() && steps < 400 {
                random_step(&mut room, &mut rng);
                check_all_views(&room);
                steps += 1;
            }
            prop_assert!(room.board_over(), "the board ends");
            if !room.set_over() {
                room.act(&actor(Seat::North), Action::NextBoard).unwrap();
                check_all_views(&room);
            }
        }
    }
}

/// The check itself can fail: a view of partner's hand would be caught.
#[test]
fn the_leak_check_catches_a_leak() {
    let room = Room::new(RoomOptions { name: "t".into(), set_seed: 1, boards: 1, kibitzers_see_all: false, first: 1 });
    let partner = room.table().board().deal.hand(Seat::South);
    let fake = format!("{{\"cards\":[\"{}\"]}}", partner.iter().next().unwrap());
    let allowed = may_know(&room, Viewer::Seat { seat: Seat::North });
    assert!(!cards_in(&fake).is_subset(&allowed));
}
