//! Scoring speed: one board with 10,000 results, and a 2,000-pair event of 30 boards
//! (1,000 tables, 30,000 results), by matchpoints and by Butler IMPs.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use tenace_core::Seat;
use tenace_events::imps::{butler, Datum};
use tenace_events::matchpoints::{matchpoints, matchpoints_weighted, Entry};
use tenace_events::{score_with, Contestant, Event, Kind, Line, Method, Outcome, Played, TableResult};

/// A deterministic spread of plausible North-South scores.
fn scores(n: usize) -> Vec<i32> {
    const FIELD: [i32; 12] = [420, 450, 420, 170, -50, -100, 620, 140, 420, 450, -800, 200];
    (0..n).map(|i| FIELD[(i * 7 + i / 13) % FIELD.len()]).collect()
}

fn event(tables: u32, boards: u32) -> Event {
    let mut e = Event::new("Bench", Kind::Pairs, Method::Matchpoints, boards).unwrap();
    e.contestants = (1..=2 * tables).map(|n| Contestant { number: n, name: format!("Pair {n}"), players: vec![], section: None }).collect();
    let contracts = ["4S", "3NT", "4H", "2S", "3S", "5D"];
    for b in 1..=boards {
        for t in 0..tables {
            let k = (t * 31 + b * 17) as usize;
            let c = contracts[k % contracts.len()].parse().unwrap();
            let seat = [Seat::North, Seat::South, Seat::East, Seat::West][k % 4];
            let tricks = 7 + (k % 6) as u8;
            e.results.push(TableResult::new(b, Line::One(t + 1), Line::One(tables + t + 1), Outcome::Played(Played::new(c, seat, tricks))));
        }
    }
    e
}

fn bench(c: &mut Criterion) {
    let s = scores(10_000);
    let entries: Vec<Entry> = s.iter().map(|&x| vec![(1.0, x)]).collect();
    c.bench_function("matchpoints 10000 results on one board", |b| b.iter(|| matchpoints(black_box(&s))));
    c.bench_function("matchpoints (weighted path) 10000 results", |b| b.iter(|| matchpoints_weighted(black_box(&entries))));
    c.bench_function("butler 10000 results on one board", |b| b.iter(|| butler(black_box(&entries), Datum::Mean)));
    let e = event(1000, 30);
    c.bench_function("score 2000-pair event, 30 boards, mp", |b| b.iter(|| score_with(black_box(&e), Method::Matchpoints).unwrap()));
    c.bench_function("score 2000-pair event, 30 boards, butler", |b| b.iter(|| score_with(black_box(&e), Method::Butler).unwrap()));
}

criterion_group!(benches, bench);
criterion_main!(benches);
