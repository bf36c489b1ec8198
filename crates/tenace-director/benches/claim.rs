//! Issue 19, item 6: the Law 70 helper must finish on real positions (all 13 tricks) within a
//! second or two. Measured here on random deals: North-South claim at trick one of a no-trump
//! and of a spade contract (East to lead), the statement silent; prints how many of the
//! positions the search finished within its budget.

use criterion::{criterion_group, criterion_main, Criterion};
use rand_chacha::rand_core::SeedableRng;
use tenace_core::{dealing::random_deal, Seat, Side, Suit};
use tenace_director::claim::{normal_line_tricks, ClaimPosition, Statement};

fn positions(trump: Option<Suit>) -> Vec<ClaimPosition> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(70);
    (0..8)
        .map(|_| {
            let deal = random_deal(&mut rng);
            ClaimPosition { hands: Seat::ALL.map(|s| deal.hand(s)), leader: Seat::East, trick: Vec::new(), trump, claimer_side: Side::NorthSouth }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("law 70 helper");
    group.sample_size(10);
    for (label, trump) in [("no trump", None), ("spades", Some(Suit::Spades))] {
        let all = positions(trump);
        let finished = all.iter().filter(|p| normal_line_tricks(p, &Statement::default()).is_some()).count();
        println!("law 70 helper, 13 tricks, {label}: {finished} of {} positions finished within the budget", all.len());
        group.bench_function(format!("13 tricks, {label}, 8 deals"), |b| {
            b.iter(|| all.iter().map(|p| normal_line_tricks(p, &Statement::default())).filter(Option::is_some).count())
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
