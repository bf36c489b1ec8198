//! Issue 19, item 6: the Law 70 helper must finish on real positions (all 13 tricks) within a
//! second or two. Measured here on random deals, North-South claiming at trick one (East to
//! lead, the statement silent), of a no-trump and of a spade contract, in two sets of twelve:
//! any deal, and deals where North makes nine tricks or more double dummy in that strain (where
//! a claim at trick one is plausible). Prints, for each set, how many positions the search
//! finished within its budget and the slowest one; criterion times the claim-worthy sets.

use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use rand_chacha::rand_core::SeedableRng;
use tenace_core::{dealing::random_deal, Seat, Side, Strain};
use tenace_director::claim::{normal_line_tricks, ClaimPosition, Statement};

fn positions(strain: Strain, claim_worthy: bool) -> Vec<ClaimPosition> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(70);
    let mut all = Vec::new();
    while all.len() < 12 {
        let deal = random_deal(&mut rng);
        if claim_worthy && tenace_dds::dd_table(&deal).map_or(0, |t| t.get(Seat::North, strain)) < 9 {
            continue;
        }
        all.push(ClaimPosition {
            hands: Seat::ALL.map(|s| deal.hand(s)),
            leader: Seat::East,
            trick: Vec::new(),
            trump: strain.trump(),
            claimer_side: Side::NorthSouth,
        });
    }
    all
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("law 70 helper");
    group.sample_size(10);
    for strain in [Strain::NoTrump, Strain::Spades] {
        for claim_worthy in [false, true] {
            let set = if claim_worthy { "North makes 9+" } else { "any deal" };
            let all = positions(strain, claim_worthy);
            let mut finished = 0;
            let mut slowest = Duration::ZERO;
            for p in &all {
                let start = Instant::now();
                finished += usize::from(normal_line_tricks(p, &Statement::default()).is_some());
                slowest = slowest.max(start.elapsed());
            }
            println!("law 70 helper, 13 tricks, {}, {set}: {finished} of {} finished within the budget; slowest {slowest:.2?}", strain.name(), all.len());
            if claim_worthy {
                group.bench_function(format!("13 tricks, {}, {set}, 12 deals", strain.name()), |b| {
                    b.iter(|| all.iter().map(|p| normal_line_tricks(p, &Statement::default())).filter(Option::is_some).count())
                });
            }
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
