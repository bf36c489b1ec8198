//! `tenace-loadgen`: plays N tables of four WebSocket clients against `tenace serve` (or a server
//! started in this process) and prints throughput, action latency and memory per table.

use std::process::ExitCode;

use clap::Parser;
use tenace_loadgen::{raise_fd_limit, run, run_tournament, serve, Options};

/// The same allocator as `tenace serve` (jemalloc), so that the in-process server measures as
/// the real one.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() -> ExitCode {
    let opts = Options::parse();
    let json = opts.json;
    match raise_fd_limit() {
        Ok(n) if (n as usize) < 8 * opts.tables + 64 => {
            eprintln!("warning: only {n} open files allowed; {} tables need about {}", opts.tables, 8 * opts.tables + 64)
        }
        Ok(_) => {}
        Err(e) => eprintln!("warning: cannot raise the open-file limit: {e}"),
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tenace-loadgen: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    if opts.serve.is_some() {
        let result = runtime.block_on(serve(opts));
        runtime.shutdown_background();
        return match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tenace-loadgen: {e}");
                ExitCode::FAILURE
            }
        };
    }
    if opts.tournament.is_some() {
        let result = runtime.block_on(run_tournament(opts));
        runtime.shutdown_background();
        return finish(result.map(|r| (r.to_string(), r.to_json(), r.errors)), json);
    }
    let result = runtime.block_on(run(opts));
    // Do not wait for the in-process server's background work (solver jobs) to drain.
    runtime.shutdown_background();
    finish(result.map(|r| (r.to_string(), r.to_json(), r.errors)), json)
}

/// Prints a run's report (and its JSON line when asked); fails when the run failed or the
/// server sent error messages.
fn finish(result: Result<(String, serde_json::Value, usize), String>, json: bool) -> ExitCode {
    match result {
        Ok((report, as_json, errors)) => {
            println!("{report}");
            if json {
                println!("{as_json}");
            }
            if errors > 0 {
                eprintln!("tenace-loadgen: failed: the server sent {errors} error messages");
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tenace-loadgen: failed: {e}");
            ExitCode::FAILURE
        }
    }
}
