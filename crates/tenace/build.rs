//! Records the robots' build as `TENACE_ROBOTS_COMMIT`: the last git commit that changed the
//! code `tenace robot eval` plays with (the robot, solver, table and core crates, the
//! workspace manifest and lock file), "unknown" outside a git checkout. `robot eval --resume`
//! continues a run only with the robots that started it; a change to the command line alone
//! keeps them the same. Uncommitted changes are not seen: a run resumed across them is the
//! user's responsibility.

use std::process::Command;

/// What the robots are built from, relative to the repository's root.
const ROBOTS: [&str; 6] = ["crates/tenace-robot", "crates/tenace-dds", "crates/tenace-table", "crates/tenace-core", "Cargo.toml", "Cargo.lock"];

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (out.status.success() && !text.is_empty()).then_some(text)
}

fn main() {
    let commit = git(&["rev-parse", "--show-toplevel"])
        .and_then(|root| {
            let mut args = vec!["-C", &root, "log", "-1", "--format=%H", "--"];
            args.extend(ROBOTS);
            git(&args)
        })
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=TENACE_ROBOTS_COMMIT={commit}");
    // Worked out again when HEAD moves: the checkout's HEAD and the branch it names (loose or
    // packed).
    let mut watched = Vec::new();
    if let Some(dir) = git(&["rev-parse", "--absolute-git-dir"]) {
        watched.push(format!("{dir}/HEAD"));
    }
    if let Some(common) = git(&["rev-parse", "--path-format=absolute", "--git-common-dir"]) {
        if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
            watched.push(format!("{common}/{branch}"));
        }
        watched.push(format!("{common}/packed-refs"));
    }
    for path in watched.iter().filter(|p| std::path::Path::new(p).exists()) {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
