//! Dealing speed (Law 6): uniform random deals per second, and deal-number conversions.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::{ChaCha12Rng, ChaCha20Rng, ChaCha8Rng};
use tenace_core::{random_deal, DealNumber};

fn dealing(c: &mut Criterion) {
    let mut g = c.benchmark_group("random_deal");
    g.throughput(Throughput::Elements(1));
    let mut rng8 = ChaCha8Rng::seed_from_u64(1);
    g.bench_function("chacha8", |b| b.iter(|| random_deal(&mut rng8)));
    let mut rng12 = ChaCha12Rng::seed_from_u64(1);
    g.bench_function("chacha12", |b| b.iter(|| random_deal(&mut rng12)));
    let mut rng20 = ChaCha20Rng::seed_from_u64(1);
    g.bench_function("chacha20", |b| b.iter(|| random_deal(&mut rng20)));
    g.finish();

    let mut g = c.benchmark_group("deal_number");
    g.throughput(Throughput::Elements(1));
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    g.bench_function("rank", |b| b.iter_batched(|| random_deal(&mut rng), |d| DealNumber::of(&d).unwrap(), BatchSize::SmallInput));
    let n = DealNumber::of(&random_deal(&mut rng)).unwrap();
    g.bench_function("unrank", |b| b.iter(|| n.deal()));
    g.finish();
}

criterion_group!(benches, dealing);
criterion_main!(benches);
