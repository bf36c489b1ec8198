//! Records the git commit the binary is built from as `TENACE_COMMIT` ("unknown" outside a git
//! checkout), so that `tenace robot eval --resume` continues a run only with the build that
//! started it. Uncommitted changes are not seen: a run resumed across them is the user's
//! responsibility.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let commit = git(&["rev-parse", "HEAD"]).unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=TENACE_COMMIT={commit}");
    // Built again when HEAD moves: the checkout's HEAD and the branch it names (loose or packed).
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
