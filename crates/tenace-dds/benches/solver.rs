//! Solver benchmarks: full DD tables and single solves of fixed random deals (seeded, so every
//! run measures the same work). The comparison with DDS is `scripts/bench-dds`.
use criterion::{criterion_group, criterion_main, Criterion};
use rand_chacha::rand_core::SeedableRng;
use tenace_core::{Deal, Seat, Strain};

fn deals(n: usize) -> Vec<Deal> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    (0..n).map(|_| tenace_core::random_deal(&mut rng)).collect()
}

fn bench(c: &mut Criterion) {
    let set = deals(8);
    let mut group = c.benchmark_group("dds");
    group.sample_size(10);
    group.bench_function("dd_table x8 (1 thread)", |b| {
        b.iter(|| {
            for d in &set {
                std::hint::black_box(tenace_dds::dd_table(d).expect("valid deal"));
            }
        })
    });
    group.bench_function("analyse opening lead x8 (NT, East leads)", |b| {
        b.iter(|| set.iter().map(|d| tenace_dds::analyse(&tenace_dds::Position::new(d, Strain::NoTrump, Seat::East).expect("valid deal")).len()).sum::<usize>())
    });
    // A whole board replayed with every card analysed (the replay of a finished board): each
    // deal in spades by South, played out by the first legal card at each turn.
    let lines: Vec<(Deal, Vec<tenace_core::Card>)> = set
        .iter()
        .map(|d| {
            let mut p = tenace_dds::Position::new(d, Strain::Spades, Seat::West).expect("valid deal");
            let mut line = Vec::new();
            while let Some(card) = p.legal_cards().iter().next() {
                p.play(card).expect("legal");
                line.push(card);
            }
            (*d, line)
        })
        .collect();
    group.bench_function("analyse_play whole board x8 (4S by South, 52 cards)", |b| {
        b.iter(|| lines.iter().map(|(d, l)| tenace_dds::analyse_play(d, Strain::Spades, Seat::South, l).expect("legal").len()).sum::<usize>())
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
