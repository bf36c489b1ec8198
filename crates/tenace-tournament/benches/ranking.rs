//! The goal: recomputing a robot individual's ranking after each result takes under
//! 10 ms at 2,000 entrants (12 boards). Measured here: one result arriving (its board scored
//! again) followed by the whole ranking, with matchpoints and with cross-IMPs. Also the report at
//! the close (the event built, scored by tenace-events and written as PBN), asked once per
//! download.

use criterion::{criterion_group, criterion_main, Criterion};
use tenace_core::Seat;
use tenace_online::view::FieldResult;
use tenace_tournament::{Field, Kind, Request, Scoring, Tournament, TournamentOptions};

const ENTRANTS: usize = 2_000;
const BOARDS: u32 = 12;

fn field(scoring: Scoring) -> (Tournament, Field) {
    let options = TournamentOptions {
        name: "bench".into(),
        creator: "c".into(),
        kind: Kind::RobotIndividual,
        boards: BOARDS,
        scoring,
        opens_at: 0,
        closes_at: 1_000_000,
        set_seed: 1,
    };
    let mut t = Tournament::new(options);
    for i in 0..ENTRANTS {
        for r in [Request::Register { name: format!("p{i}") }, Request::OpenTable { name: format!("p{i}"), table: format!("t{i}") }] {
            for e in t.decide(r, 10).unwrap() {
                t.apply(&e);
            }
        }
    }
    let mut f = Field::default();
    // Scores spread like real ones: a few contracts, made or down by a trick or two.
    let scores = [-200, -100, -50, 110, 140, 170, 420, 450, 480, 620, 650, 980, -620, -420, 0];
    for b in 1..=BOARDS {
        for i in 0..ENTRANTS - 1 {
            let s = scores[(i * 7 + b as usize * 3) % scores.len()];
            f.add(&t, b, result(i, s));
        }
    }
    (t, f)
}

fn result(i: usize, score: i32) -> FieldResult {
    FieldResult {
        table: format!("t{i}"),
        score_ns: Some(score),
        contract: Some("4S".into()),
        declarer: Some(Seat::South),
        tricks: Some(10),
        lead: None,
        players: None,
    }
}

fn bench(c: &mut Criterion) {
    for (label, scoring) in [("matchpoints", Scoring::Matchpoints), ("imps", Scoring::Imps)] {
        let (t, f) = field(scoring);
        c.bench_function(&format!("result then ranking, 2000 entrants x 12 boards, {label}"), |b| {
            b.iter(|| {
                let mut f = f.clone();
                f.add(&t, 5, result(ENTRANTS - 1, 420));
                std::hint::black_box(f.ranking(&t, false).len())
            })
        });
    }
    let (t, f) = field(Scoring::Matchpoints);
    let mut group = c.benchmark_group("report");
    group.sample_size(10);
    group.bench_function("robot individual report, 2000 entrants x 12 boards: event, score, PBN", |b| {
        b.iter(|| {
            let event = f.event(&t).unwrap();
            let scores = tenace_events::score(&event).unwrap();
            std::hint::black_box(tenace_events::report::pbn::write(&event, &scores).len())
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
