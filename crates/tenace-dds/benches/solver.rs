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
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
