//! Scenario tests of the online table under the OKb laws, named after the Law they show.

use tenace_core::{Call, Card, Seat};
use tenace_online::room::Audience;
use tenace_online::{Action, Actor, OnlineError, Outcome, Room, RoomEvent, RoomOptions, Viewer};

const NAMES: [&str; 4] = ["nora", "ed", "sam", "wes"];

fn options() -> RoomOptions {
    RoomOptions { name: "Test".into(), set_seed: 7, boards: 2, kibitzers_see_all: false, first: 1 }
}

fn actor(seat: Seat) -> Actor {
    Actor { name: NAMES[seat.index()].into(), seat: Some(seat) }
}

fn kibitzer() -> Actor {
    Actor { name: "kim".into(), seat: None }
}

/// A room with four people seated.
fn seated() -> Room {
    let mut room = Room::new(options());
    for s in Seat::ALL {
        room.act(&Actor { name: NAMES[s.index()].into(), seat: None }, Action::Sit { seat: s }).unwrap();
    }
    room
}

fn call(room: &mut Room, seat: Seat, call: &str) -> Result<Vec<RoomEvent>, OnlineError> {
    room.act(&actor(seat), Action::Call { call: call.parse::<Call>().unwrap(), alert: false, explanation: None })
}

/// Dealer (North on board 1) opens 1NT and everyone passes: North declares, East leads.
fn to_play(room: &mut Room) {
    call(room, Seat::North, "1NT").unwrap();
    for s in [Seat::East, Seat::South, Seat::West] {
        call(room, s, "Pass").unwrap();
    }
}

/// The person to act plays their lowest legal card.
fn play_any(room: &mut Room) -> Card {
    let seat = room.player_to_act().unwrap();
    let card = room.table().legal_cards().iter().next().unwrap();
    room.act(&actor(seat), Action::Play { card }).unwrap();
    card
}

fn view_cards(room: &Room, viewer: Viewer, of: Seat) -> Option<Vec<Card>> {
    room.view("t", viewer, &[]).seats[of.index()].cards.clone()
}

#[test]
fn law_17c_call_out_of_rotation_is_refused_online() {
    let mut room = seated();
    let before = room.clone();
    let err = call(&mut room, Seat::South, "1C").unwrap_err();
    assert!(err.to_string().starts_with("Law 17C"), "{err}");
    assert_eq!(err.law(), "17C");
    assert_eq!(room, before, "a refused action changes nothing");
}

#[test]
fn law_18d_insufficient_bid_is_refused_online() {
    let mut room = seated();
    call(&mut room, Seat::North, "1NT").unwrap();
    let err = call(&mut room, Seat::East, "1S").unwrap_err();
    assert_eq!(err.law(), "18D");
}

#[test]
fn law_44c_revoke_is_refused_online() {
    let mut room = seated();
    to_play(&mut room);
    let lead = play_any(&mut room);
    let south = room.table().play().unwrap().remaining(Seat::South);
    if south.suit_len(lead.suit()) > 0 {
        let other = south.iter().find(|c| c.suit() != lead.suit());
        if let Some(card) = other {
            let err = room.act(&actor(Seat::North), Action::Play { card }).unwrap_err();
            assert_eq!(err.law(), "44C", "{err}");
        }
    }
    // East led; South (dummy) is next — declarer North plays dummy's card (Law 45B).
    let dummy_card = room.table().legal_cards().iter().next().unwrap();
    let err = room.act(&actor(Seat::South), Action::Play { card: dummy_card }).unwrap_err();
    assert_eq!(err.law(), "45B");
    room.act(&actor(Seat::North), Action::Play { card: dummy_card }).unwrap();
    assert_eq!(room.table().play().unwrap().current_trick().unwrap().cards.len(), 2);
}

#[test]
fn law_41d_dummy_is_seen_by_all_only_after_the_opening_lead() {
    let mut room = seated();
    to_play(&mut room);
    let east = Viewer::Seat { seat: Seat::East };
    assert!(view_cards(&room, east, Seat::South).is_none());
    assert!(view_cards(&room, east, Seat::North).is_none());
    play_any(&mut room);
    assert_eq!(view_cards(&room, east, Seat::South).unwrap().len(), 13);
    assert!(view_cards(&room, east, Seat::West).is_none(), "partner's hand stays hidden");
    let watcher = Viewer::Kibitzer { watching: None };
    assert_eq!(view_cards(&room, watcher, Seat::South).unwrap().len(), 13);
}

#[test]
fn okb_undo_needs_the_opponents_consent() {
    let mut room = seated();
    call(&mut room, Seat::North, "1NT").unwrap();
    room.act(&actor(Seat::North), Action::RequestUndo).unwrap();
    // Partner has no say; East must answer before anyone acts.
    let err = room.act(&actor(Seat::South), Action::AnswerUndo { accept: true }).unwrap_err();
    assert_eq!(err.law(), "OKb undo");
    assert_eq!(call(&mut room, Seat::East, "Pass").unwrap_err().law(), "OKb undo");
    room.act(&actor(Seat::East), Action::AnswerUndo { accept: true }).unwrap();
    assert_eq!(room.table().auction().calls().len(), 1, "one opponent still to consent");
    let events = room.act(&actor(Seat::West), Action::AnswerUndo { accept: true }).unwrap();
    assert_eq!(events.last(), Some(&RoomEvent::Undone));
    assert!(room.table().auction().calls().is_empty());
    assert_eq!(room.player_to_act(), Some(Seat::North));
    // Everyone at the table is told (issue 18: no request ends in silence).
    let news = room.view("t", Viewer::Seat { seat: Seat::South }, &[]).news;
    assert_eq!(news.last().map(|n| n.text.as_str()), Some("Undo agreed: North's last call is taken back"));
}

#[test]
fn okb_undo_refused_by_an_opponent_stands() {
    let mut room = seated();
    call(&mut room, Seat::North, "1NT").unwrap();
    room.act(&actor(Seat::North), Action::RequestUndo).unwrap();
    room.act(&actor(Seat::West), Action::AnswerUndo { accept: false }).unwrap();
    assert!(room.undo_request().is_none());
    assert_eq!(room.table().auction().calls().len(), 1);
    // The requester is told who declined.
    let news = room.view("t", Viewer::Seat { seat: Seat::North }, &[]).news;
    assert_eq!(news.last().map(|n| n.text.as_str()), Some("West declined North's request to undo: play goes on from where it stood"));
}

#[test]
fn okb_undo_withdraws_the_opponents_later_actions_but_not_after_partner_acted() {
    let mut room = seated();
    call(&mut room, Seat::North, "1NT").unwrap();
    call(&mut room, Seat::East, "Pass").unwrap();
    // North's 1NT and East's pass after it come back, with East and West consenting.
    room.act(&actor(Seat::North), Action::RequestUndo).unwrap();
    room.act(&actor(Seat::East), Action::AnswerUndo { accept: true }).unwrap();
    room.act(&actor(Seat::West), Action::AnswerUndo { accept: true }).unwrap();
    assert!(room.table().auction().calls().is_empty());
    assert_eq!(room.news().last().unwrap().text, "Undo agreed: North's last call is taken back, with the 1 action(s) after it");
    call(&mut room, Seat::North, "1C").unwrap();
    call(&mut room, Seat::East, "Pass").unwrap();
    call(&mut room, Seat::South, "1H").unwrap();
    let err = room.act(&actor(Seat::North), Action::RequestUndo).unwrap_err();
    assert!(err.to_string().contains("partner has acted"), "{err}");
}

#[test]
fn okb_undo_in_the_play_needs_declarer_not_dummy() {
    let mut room = seated();
    to_play(&mut room);
    play_any(&mut room); // East leads
    room.act(&actor(Seat::East), Action::RequestUndo).unwrap();
    assert_eq!(room.undo_request().unwrap().awaiting, vec![Seat::North]);
    room.act(&actor(Seat::North), Action::AnswerUndo { accept: true }).unwrap();
    assert!(!room.table().play().unwrap().opening_lead_made());
    assert_eq!(room.news().last().unwrap().text, "Undo agreed: East's last card is taken back");
}

#[test]
fn law_68b_claimer_hand_is_shown_to_the_opponents_and_law_68d_rejection_resumes_play() {
    let mut room = seated();
    to_play(&mut room);
    play_any(&mut room);
    room.act(&actor(Seat::North), Action::Claim { tricks: 13, statement: "all mine".into() }).unwrap();
    assert!(room.claim_check().is_some(), "the claim is checked double-dummy");
    let east = Viewer::Seat { seat: Seat::East };
    assert_eq!(view_cards(&room, east, Seat::North).unwrap().len(), 13, "68B: shown to the opponents");
    assert!(view_cards(&room, Viewer::Seat { seat: Seat::South }, Seat::North).is_none(), "not to dummy");
    // Play is suspended (Law 68D).
    let card = room.table().play().unwrap().remaining(Seat::South).iter().next().unwrap();
    assert_eq!(room.act(&actor(Seat::North), Action::Play { card }).unwrap_err().law(), "68D");
    // Dummy does not answer; East rejects: play resumes.
    assert!(room.act(&actor(Seat::South), Action::AnswerClaim { accept: true }).is_err());
    room.act(&actor(Seat::East), Action::AnswerClaim { accept: false }).unwrap();
    assert!(room.table().pending_claim().is_none());
    assert!(!room.board_over());
    assert!(view_cards(&room, east, Seat::North).is_none(), "the hand is hidden again");
    // The claimer (and everyone else, kibitzers too) is told why the claim is gone.
    for viewer in [Viewer::Seat { seat: Seat::North }, Viewer::Kibitzer { watching: None }] {
        let news = room.view("t", viewer, &[]).news;
        assert_eq!(
            news.last().map(|n| n.text.as_str()),
            Some("East rejected North's claim of 13 more trick(s): the claim is withdrawn and play continues (Law 68D)")
        );
    }
}

#[test]
fn law_69a_claim_accepted_by_both_defenders_ends_the_board() {
    let mut room = seated();
    to_play(&mut room);
    room.act(&actor(Seat::East), Action::Claim { tricks: 0, statement: "you have the rest".into() }).unwrap();
    // Dummy (South) has no say; declarer's assent agrees the concession.
    assert!(room.act(&actor(Seat::South), Action::AnswerClaim { accept: true }).is_err());
    room.act(&actor(Seat::North), Action::AnswerClaim { accept: true }).unwrap();
    assert_eq!(room.news().last().unwrap().text, "East's claim of 0 more trick(s) is accepted (Law 69A)");
    let Some(Outcome::Played { result }) = room.outcome() else { panic!("board over") };
    assert_eq!(result.declarer_tricks, 13);
    let v = room.view("t", Viewer::Seat { seat: Seat::West }, &[]);
    let check = v.result.unwrap().claim_check.unwrap();
    assert_eq!(check.0, 0);
    assert!(check.1 <= 13);
}

#[test]
fn okb_16b1_skip_needs_everyone_and_scores_average() {
    let mut room = seated();
    room.act(&actor(Seat::South), Action::RequestSkip).unwrap();
    for s in [Seat::North, Seat::East] {
        room.act(&actor(s), Action::AnswerSkip { accept: true }).unwrap();
        assert!(!room.board_over());
    }
    assert!(room.act(&actor(Seat::South), Action::AnswerSkip { accept: true }).is_err(), "the requester does not answer");
    room.act(&actor(Seat::West), Action::AnswerSkip { accept: true }).unwrap();
    assert_eq!(room.outcome(), Some(Outcome::Skipped));
    assert_eq!(room.news().last().unwrap().text, "The board is skipped: Average to both sides (Law 12C2)");
    let v = room.view("t", Viewer::Seat { seat: Seat::North }, &[]);
    assert_eq!(v.result.as_ref().unwrap().ending, "skipped");
    assert_eq!(v.result.unwrap().score_ns, None);
    room.act(&actor(Seat::North), Action::NextBoard).unwrap();
    assert_eq!(room.board_number(), 2);
    assert_eq!(room.finished()[0].outcome, Outcome::Skipped);
}

#[test]
fn okb_16b1_one_refusal_keeps_the_board() {
    let mut room = seated();
    room.act(&actor(Seat::South), Action::RequestSkip).unwrap();
    room.act(&actor(Seat::East), Action::AnswerSkip { accept: false }).unwrap();
    assert!(room.skip_request().is_none());
    assert!(!room.board_over());
    assert_eq!(room.news().last().unwrap().text, "East declined South's request to skip the board: it is played");
    assert_eq!(room.news().last().unwrap().board, 1);
}

#[test]
fn law_20f_self_alert_is_seen_by_the_opponents_never_by_partner() {
    let mut room = seated();
    room.act(&actor(Seat::North), Action::Call { call: "2C".parse().unwrap(), alert: true, explanation: Some("strong, artificial".into()) }).unwrap();
    let partner = room.view("t", Viewer::Seat { seat: Seat::South }, &[]);
    assert!(!partner.auction[0].alert);
    assert_eq!(partner.auction[0].explanation, None);
    for opp in [Seat::East, Seat::West] {
        let v = room.view("t", Viewer::Seat { seat: opp }, &[]);
        assert!(v.auction[0].alert);
        assert_eq!(v.auction[0].explanation.as_deref(), Some("strong, artificial"));
    }
}

#[test]
fn law_20f_question_at_your_turn_answered_to_the_opponents_only() {
    let mut room = seated();
    call(&mut room, Seat::North, "1NT").unwrap();
    // West is not to act.
    assert_eq!(room.act(&actor(Seat::West), Action::Ask { call: 0 }).unwrap_err().law(), "20F");
    room.act(&actor(Seat::East), Action::Ask { call: 0 }).unwrap();
    assert_eq!(room.view("t", Viewer::Seat { seat: Seat::North }, &[]).questions.len(), 1, "the caller sees the question");
    assert!(room.view("t", Viewer::Seat { seat: Seat::South }, &[]).questions.is_empty(), "partner does not");
    assert_eq!(room.act(&actor(Seat::South), Action::Explain { call: 0, text: "15-17".into() }).unwrap_err().law(), "20F");
    room.act(&actor(Seat::North), Action::Explain { call: 0, text: "15-17 balanced".into() }).unwrap();
    let east = room.view("t", Viewer::Seat { seat: Seat::East }, &[]);
    assert_eq!(east.auction[0].explanation.as_deref(), Some("15-17 balanced"));
    assert!(east.questions.is_empty());
    assert_eq!(room.view("t", Viewer::Seat { seat: Seat::South }, &[]).auction[0].explanation, None);
}

#[test]
fn law_73b1_no_private_chat_between_partners_during_the_board() {
    let mut room = seated();
    let err = room.act(&actor(Seat::North), Action::Chat { text: "hold on".into(), to: Some(Seat::South) }).unwrap_err();
    assert_eq!(err.law(), "73B1");
    room.act(&actor(Seat::North), Action::Chat { text: "good luck".into(), to: Some(Seat::East) }).unwrap();
    room.act(&actor(Seat::North), Action::Chat { text: "hello all".into(), to: None }).unwrap();
    let seen = |v: Viewer| room.view("t", v, &[]).chat.len();
    assert_eq!(seen(Viewer::Seat { seat: Seat::East }), 2);
    assert_eq!(seen(Viewer::Seat { seat: Seat::North }), 2);
    assert_eq!(seen(Viewer::Seat { seat: Seat::South }), 1);
    assert_eq!(seen(Viewer::Kibitzer { watching: None }), 1);
}

#[test]
fn law_76b3_kibitzers_talk_only_among_themselves_during_the_board() {
    let mut room = seated();
    assert_eq!(room.act(&kibitzer(), Action::Chat { text: "psst".into(), to: Some(Seat::North) }).unwrap_err().law(), "76B3");
    room.act(&kibitzer(), Action::Chat { text: "nice hand".into(), to: None }).unwrap();
    assert_eq!(room.chat()[0].audience, Audience::Kibitzers);
    assert!(room.view("t", Viewer::Seat { seat: Seat::North }, &[]).chat.is_empty());
    assert_eq!(room.view("t", Viewer::Kibitzer { watching: Some(Seat::East) }, &[]).chat.len(), 1);
    // Kibitzers cannot act at the table.
    assert_eq!(room.act(&kibitzer(), Action::RequestSkip).unwrap_err(), OnlineError::NotSeated);
}

#[test]
fn law_76b1_kibitzer_sees_one_hand_unless_the_table_allows_all() {
    let room = seated();
    let v = Viewer::Kibitzer { watching: Some(Seat::East) };
    assert!(view_cards(&room, v, Seat::East).is_some());
    assert!(view_cards(&room, v, Seat::West).is_none());
    let mut open = Room::new(RoomOptions { kibitzers_see_all: true, ..options() });
    open.act(&Actor { name: "x".into(), seat: None }, Action::Sit { seat: Seat::North }).unwrap();
    for s in Seat::ALL {
        assert!(view_cards(&open, Viewer::Kibitzer { watching: None }, s).is_some());
        assert!(view_cards(&open, Viewer::Seat { seat: Seat::North }, s).is_some() == (s == Seat::North));
    }
}

#[test]
fn law_4_seats_taken_and_reconnection() {
    let mut room = seated();
    let other = Actor { name: "zoe".into(), seat: None };
    assert!(matches!(room.act(&other, Action::Sit { seat: Seat::North }), Err(OnlineError::SeatTaken { .. })));
    let nora = Actor { name: "nora".into(), seat: None };
    assert_eq!(room.act(&nora, Action::Sit { seat: Seat::North }).unwrap(), vec![], "sitting again is a reconnection");
    assert!(matches!(room.act(&nora, Action::Sit { seat: Seat::East }), Err(OnlineError::SeatTaken { .. })));
    room.act(&actor(Seat::East), Action::Leave).unwrap();
    assert!(matches!(room.act(&nora, Action::Sit { seat: Seat::East }), Err(OnlineError::AlreadySeated { .. })));
    room.act(&other, Action::Sit { seat: Seat::East }).unwrap();
}

#[test]
fn a_whole_set_is_played_and_replays_from_its_events() {
    let mut room = seated();
    let mut log = Vec::new();
    for _ in 0..2 {
        let first = room.player_to_act().unwrap();
        log.extend(call(&mut room, first, "1NT").unwrap());
        for _ in 0..3 {
            let next = room.player_to_act().unwrap();
            log.extend(call(&mut room, next, "Pass").unwrap());
        }
        while !room.board_over() {
            let seat = room.player_to_act().unwrap();
            let card = room.table().legal_cards().iter().next().unwrap();
            log.extend(room.act(&actor(seat), Action::Play { card }).unwrap());
        }
        if !room.set_over() {
            log.extend(room.act(&actor(Seat::East), Action::NextBoard).unwrap());
        }
    }
    assert!(room.set_over());
    assert_eq!(room.act(&actor(Seat::East), Action::NextBoard).unwrap_err(), OnlineError::SetFinished);
    let mut seats = Vec::new();
    for s in Seat::ALL {
        seats.push(RoomEvent::Sat { seat: s, occupant: tenace_online::Occupant::player(NAMES[s.index()]) });
    }
    let rebuilt = Room::replay(options(), seats.into_iter().chain(log)).unwrap();
    assert_eq!(rebuilt, room);
}

#[test]
fn okb_9b1_non_offending_side_may_require_a_skip_before_play_continues() {
    let mut room = seated();
    call(&mut room, Seat::North, "1NT").unwrap();
    // North's own side cannot elect; nor without naming the irregularity.
    assert_eq!(room.act(&actor(Seat::South), Action::ElectSkip { reason: "x".into() }).unwrap_err().law(), "16B1");
    assert!(room.act(&actor(Seat::East), Action::ElectSkip { reason: "  ".into() }).is_err());
    call(&mut room, Seat::East, "Pass").unwrap();
    // Play has continued past North's call: too late for West to elect about it.
    assert!(room.act(&actor(Seat::West), Action::ElectSkip { reason: "1NT was misexplained".into() }).is_err());
    call(&mut room, Seat::South, "2C").unwrap();
    let events = room.act(&actor(Seat::West), Action::ElectSkip { reason: "hesitation before 2C".into() }).unwrap();
    assert!(matches!(&events[0], RoomEvent::SkipElected { offender: Seat::South, .. }));
    assert_eq!(room.outcome(), Some(Outcome::Skipped));
}
