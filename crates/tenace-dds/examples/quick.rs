use rand_chacha::rand_core::SeedableRng;
fn main() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(10);
    let t0 = std::time::Instant::now();
    for _ in 0..n {
        let d = tenace_core::random_deal(&mut rng);
        let t = tenace_dds::dd_table(&d).unwrap();
        println!("{} {:?}", d, t.tricks);
    }
    eprintln!("{:?} per table", t0.elapsed() / n as u32);
}
