//! Legal-move generation: calls during the auction and cards during the play.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tenace_core::{random_deal, Board, BoardNumber, Call};
use tenace_table::{Table, TableEvent};

/// Tables at every stage of a board, to measure legal-move generation where it is asked for.
fn positions(n: usize) -> Vec<Table> {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut out = Vec::new();
    while out.len() < n {
        let deal = random_deal(&mut rng);
        let mut t = Table::new(Board::numbered(BoardNumber::new(1).unwrap(), deal)).unwrap();
        // A quick 1NT-3NT style auction so there is play.
        for call in ["1NT", "P", "3NT", "P", "P", "P"] {
            let seat = t.to_act().unwrap();
            t.apply(TableEvent::Call { seat, call: call.parse::<Call>().unwrap(), alert: false, explanation: None }).unwrap();
        }
        while let Some(seat) = t.to_act() {
            out.push(t.clone());
            let legal: Vec<_> = t.legal_cards().iter().collect();
            let card = legal[rng.random_range(0..legal.len())];
            t.apply(TableEvent::Play { seat, card }).unwrap();
        }
    }
    out
}

fn legal_moves(c: &mut Criterion) {
    let tables = positions(5200);
    let mut g = c.benchmark_group("legal_moves");
    g.throughput(Throughput::Elements(tables.len() as u64));
    g.bench_function("legal_cards", |b| b.iter(|| tables.iter().map(|t| t.legal_cards().len()).sum::<usize>()));
    let mut auction = Table::new(tables[0].board().clone()).unwrap();
    for call in ["1C", "P", "1H"] {
        let seat = auction.to_act().unwrap();
        auction.apply(TableEvent::Call { seat, call: call.parse().unwrap(), alert: false, explanation: None }).unwrap();
    }
    g.throughput(Throughput::Elements(1));
    g.bench_function("legal_calls", |b| b.iter(|| auction.legal_calls().len()));
    g.bench_function("play_card", |b| {
        b.iter_batched(
            || tables[100].clone(),
            |mut t| {
                let seat = t.to_act().unwrap();
                let card = t.legal_cards().iter().next().unwrap();
                t.apply(TableEvent::Play { seat, card }).unwrap();
                t
            },
            criterion::BatchSize::SmallInput,
        )
    });
    g.finish();
}

criterion_group!(benches, legal_moves);
criterion_main!(benches);
