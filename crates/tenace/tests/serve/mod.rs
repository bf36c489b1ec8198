//! Starting the real `tenace serve` in a test (crash.rs, nodes.rs): the process, its log, and
//! the wait for "Tenace is serving at".

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// How a start ended.
pub enum Started {
    /// It says it serves; its stdout is drained from now on, so it never blocks on the pipe.
    Serving(Child),
    /// It exited before serving.
    Exited(std::io::Result<std::process::ExitStatus>),
    /// It said nothing of serving within the limit.
    Silent,
}

/// Runs `tenace serve ARGS` (stderr appended to `log`) and waits up to `limit` until it serves.
pub async fn serve(args: &[&str], log: &Path, limit: Duration) -> Started {
    let log = std::fs::OpenOptions::new().create(true).append(true).open(log).expect("server log file");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenace"))
        .arg("serve")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::from(log))
        .kill_on_drop(true)
        .spawn()
        .expect("run tenace serve");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let ready = tokio::time::timeout(limit, async {
        while let Ok(Some(line)) = lines.next_line().await {
            if line.starts_with("Tenace is serving at") {
                return true;
            }
        }
        false
    })
    .await;
    match ready {
        Ok(true) => {
            tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
            Started::Serving(child)
        }
        Ok(false) => Started::Exited(child.wait().await),
        Err(_) => Started::Silent,
    }
}
