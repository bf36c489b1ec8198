//! View patches: what changed since the last view, instead of the whole table again.
//!
//! A connection that asks for them (`auth` with `view_patches: true`, docs/protocol.md) receives
//! a table's first view whole, with a `seq` (a random number), and every later view of that
//! table as a `view_patch` numbered one more: the view's fields that changed (`changed`), the lists that
//! kept their first items and changed only after them (`extended`: how many items to keep, then
//! the new ones: a trick's next card, the next call), and the fields no longer sent (`removed`).
//! A view equal to the last one is not sent.
//!
//! The table's task makes the patch for each follower from the view it built for that follower
//! (view.rs) and the last one it sent them, so a patch never carries more than the views it
//! stands for; only the changed fields are written as JSON (a view is 2-4 KB, and four go out
//! for every card). A view lost on its way between nodes (the queue to the other node full)
//! makes the next one whole again; a client that still finds a gap in the numbers (or dropped
//! its copy) follows the table again (`join`, `watch`), and a new follower's first view is
//! whole.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::value::{to_raw_value, RawValue};
use tenace_online::TableView;

/// What changed from one view of a table to the next one shown to the same follower.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ViewPatch {
    pub table: String,
    /// One more than the view or patch before it.
    pub seq: u64,
    /// Fields replaced, as they are now.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub changed: BTreeMap<String, Box<RawValue>>,
    /// Lists whose first items are unchanged: how many to keep, and the items after them.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub extended: BTreeMap<String, (usize, Box<RawValue>)>,
    /// Fields no longer sent.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<String>,
}

impl ViewPatch {
    /// The patch from `before` to `now` (views of the same table for the same follower).
    pub fn between(before: &TableView, now: &TableView, seq: u64) -> Result<ViewPatch, serde_json::Error> {
        let mut p = ViewPatch { table: now.table.clone(), seq, ..ViewPatch::default() };
        // Every field named, so that a field added to the view cannot be left out of patches.
        let TableView {
            table,
            name,
            set_id,
            viewer,
            board,
            boards,
            dealer,
            vulnerability,
            seats,
            phase,
            auction,
            contract,
            declarer,
            to_act,
            your_turn,
            legal_calls,
            legal_cards,
            tricks,
            tricks_ns,
            tricks_ew,
            claim,
            undo,
            skip,
            questions,
            chat,
            news,
            result,
            history,
            tournament,
        } = now;
        p.field("table", &before.table, table)?;
        p.field("name", &before.name, name)?;
        p.field("set_id", &before.set_id, set_id)?;
        p.field("viewer", &before.viewer, viewer)?;
        p.field("board", &before.board, board)?;
        p.field("boards", &before.boards, boards)?;
        p.field("dealer", &before.dealer, dealer)?;
        p.field("vulnerability", &before.vulnerability, vulnerability)?;
        p.list("seats", &before.seats, seats)?;
        p.field("phase", &before.phase, phase)?;
        p.list("auction", &before.auction, auction)?;
        p.field("contract", &before.contract, contract)?;
        p.field("declarer", &before.declarer, declarer)?;
        p.field("to_act", &before.to_act, to_act)?;
        p.field("your_turn", &before.your_turn, your_turn)?;
        p.list("legal_calls", &before.legal_calls, legal_calls)?;
        p.list("legal_cards", &before.legal_cards, legal_cards)?;
        p.list("tricks", &before.tricks, tricks)?;
        p.field("tricks_ns", &before.tricks_ns, tricks_ns)?;
        p.field("tricks_ew", &before.tricks_ew, tricks_ew)?;
        p.field("claim", &before.claim, claim)?;
        p.field("undo", &before.undo, undo)?;
        p.field("skip", &before.skip, skip)?;
        p.list("questions", &before.questions, questions)?;
        p.list("chat", &before.chat, chat)?;
        p.list("news", &before.news, news)?;
        p.field("result", &before.result, result)?;
        p.list("history", &before.history, history)?;
        // Not sent when there is none (view.rs): removed rather than null.
        match tournament {
            None if before.tournament.is_some() => p.removed.push("tournament".into()),
            _ => p.field("tournament", &before.tournament, tournament)?,
        }
        Ok(p)
    }

    /// Nothing changed: there is nothing to send.
    pub fn is_empty(&self) -> bool {
        self.changed.is_empty() && self.extended.is_empty() && self.removed.is_empty()
    }

    fn field<T: PartialEq + Serialize>(&mut self, name: &str, before: &T, now: &T) -> Result<(), serde_json::Error> {
        if before != now {
            self.changed.insert(name.to_string(), to_raw_value(now)?);
        }
        Ok(())
    }

    /// A list: its new items when it kept its first ones, else the whole list.
    fn list<T: PartialEq + Serialize>(&mut self, name: &str, before: &[T], now: &[T]) -> Result<(), serde_json::Error> {
        let kept = before.iter().zip(now).take_while(|(b, n)| b == n).count();
        if kept == before.len() && kept == now.len() {
            return Ok(());
        }
        if kept == 0 {
            self.changed.insert(name.to_string(), to_raw_value(now)?);
        } else {
            self.extended.insert(name.to_string(), (kept, to_raw_value(&now[kept..])?));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};
    use tenace_core::Seat;
    use tenace_online::{Actor, Occupant, Room, RoomEvent, RoomOptions, Viewer};

    /// Applies a patch the way a client does (docs/protocol.md; web/app.js `onPatch`).
    fn apply(view: &mut Value, patch: &Value) {
        let v = view.as_object_mut().unwrap();
        for (k, x) in patch["changed"].as_object().into_iter().flatten() {
            v.insert(k.clone(), x.clone());
        }
        for (k, x) in patch["extended"].as_object().into_iter().flatten() {
            let kept = x[0].as_u64().unwrap() as usize;
            let mut list: Vec<Value> = v[k].as_array().unwrap()[..kept].to_vec();
            list.extend(x[1].as_array().unwrap().iter().cloned());
            v.insert(k.clone(), Value::Array(list));
        }
        for k in patch["removed"].as_array().into_iter().flatten() {
            v.remove(k.as_str().unwrap());
        }
    }

    /// Four robots play two boards; from every seat, each view rebuilt from the first view and
    /// the patches is the view itself, and the patches are a small part of the bytes.
    #[test]
    fn every_view_is_rebuilt_from_the_first_and_the_patches() {
        let mut room = Room::new(RoomOptions { name: "Patches".into(), set_seed: 7, boards: 2, kibitzers_see_all: false, first: 1 });
        for seat in Seat::ALL {
            room.apply(&RoomEvent::Sat { seat, occupant: Occupant::Robot }).unwrap();
        }
        let viewers = Seat::ALL.map(|seat| Viewer::Seat { seat });
        let mut last: Vec<TableView> = viewers.iter().map(|&v| room.view("t1", v, &[])).collect();
        let mut rebuilt: Vec<Value> = last.iter().map(|v| serde_json::to_value(v).unwrap()).collect();
        let (mut whole_bytes, mut patch_bytes, mut patches) = (0, 0, 0);
        for _ in 0..400 {
            let Some((seat, action)) = room.robot_action(0.0) else { break };
            room.act(&Actor { name: "Robot".into(), seat: Some(seat) }, action).unwrap();
            for (i, &viewer) in viewers.iter().enumerate() {
                let now = room.view("t1", viewer, &[]);
                let patch = ViewPatch::between(&last[i], &now, 2).unwrap();
                assert!(!patch.is_empty(), "every action shows");
                let text = serde_json::to_string(&patch).unwrap();
                apply(&mut rebuilt[i], &serde_json::from_str(&text).unwrap());
                assert_eq!(rebuilt[i], serde_json::to_value(&now).unwrap(), "{viewer:?} after {patches} patches: {text}");
                whole_bytes += serde_json::to_string(&now).unwrap().len();
                patch_bytes += text.len();
                patches += 1;
                last[i] = now;
            }
            if room.set_over() {
                break;
            }
        }
        assert!(room.set_over() && patches > 400, "two boards played: {patches} patches");
        assert!(patch_bytes * 5 < whole_bytes, "patches {patch_bytes} bytes, whole views {whole_bytes}");
    }

    #[test]
    fn a_patch_carries_only_what_changed_and_a_list_only_its_new_items() {
        let mut room = Room::new(RoomOptions { name: "Patches".into(), set_seed: 7, boards: 1, kibitzers_see_all: false, first: 1 });
        for seat in Seat::ALL {
            room.apply(&RoomEvent::Sat { seat, occupant: Occupant::Robot }).unwrap();
        }
        let viewer = Viewer::Seat { seat: Seat::South };
        let before = room.view("t1", viewer, &[]);
        assert!(ViewPatch::between(&before, &before, 2).unwrap().is_empty(), "the same view: nothing to send");
        let (seat, action) = room.robot_action(0.0).unwrap();
        room.act(&Actor { name: "Robot".into(), seat: Some(seat) }, action).unwrap();
        let (seat, action) = room.robot_action(0.0).unwrap();
        room.act(&Actor { name: "Robot".into(), seat: Some(seat) }, action).unwrap();
        let one = room.view("t1", viewer, &[]);
        let (seat, action) = room.robot_action(0.0).unwrap();
        room.act(&Actor { name: "Robot".into(), seat: Some(seat) }, action).unwrap();
        let two = room.view("t1", viewer, &[]);
        let patch: Value = serde_json::to_value(ViewPatch::between(&one, &two, 9).unwrap()).unwrap();
        assert_eq!(patch["seq"], 9);
        assert_eq!(patch["extended"]["auction"][0], 2, "two calls kept: {patch}");
        assert_eq!(patch["extended"]["auction"][1].as_array().unwrap().len(), 1, "{patch}");
        assert!(patch["changed"].get("seats").is_none() && patch["changed"].get("name").is_none(), "{patch}");
        let mut with = two.clone();
        with.tournament = Some("tour".into());
        let removed: Value = serde_json::to_value(ViewPatch::between(&with, &two, 3).unwrap()).unwrap();
        assert_eq!(removed, json!({"table": "t1", "seq": 3, "removed": ["tournament"]}));
    }
}
