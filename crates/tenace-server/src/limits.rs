//! Limits that keep one person or one address from wearing the club down. Every limit is a
//! field of [`Limits`] with its default here, and a `tenace serve` option (docs/protocol.md,
//! "Limits").

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The club's limits.
#[derive(Clone, Debug)]
pub struct Limits {
    /// A session token is valid this long after login (then: log in again).
    pub session_lifetime: Duration,
    /// Failed logins allowed per account and per address before each further attempt waits.
    pub login_free_attempts: u32,
    /// The wait after the first failure beyond the free ones; it doubles with each failure.
    pub login_first_delay: Duration,
    /// The longest wait between login attempts.
    pub login_max_delay: Duration,
    /// WebSocket connections one account may hold at once.
    pub connections_per_account: usize,
    /// Messages queued for one connection; a client that lets more pile up unread is
    /// disconnected (it reconnects and gets the current view).
    pub outgoing_queue: usize,
    /// A new WebSocket must authenticate (its first message) within this time.
    pub auth_timeout: Duration,
    /// A WebSocket from which nothing arrives for this long is closed (the club's client pings
    /// every 25 s).
    pub ws_idle_timeout: Duration,
    /// An HTTP connection must send a request's headers within this time, from its start and
    /// again while a kept-alive connection waits for its next request.
    pub http_header_timeout: Duration,
    /// HTTP connections being read or answered at once; further ones wait to be accepted (a
    /// WebSocket leaves this count once upgraded and is capped per account instead).
    pub max_connections: usize,
    /// The largest HTTP request body accepted (login, register, the Director's desk), in bytes.
    pub max_body: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            session_lifetime: Duration::from_secs(30 * 24 * 3600),
            login_free_attempts: 5,
            login_first_delay: Duration::from_secs(1),
            login_max_delay: Duration::from_secs(15 * 60),
            connections_per_account: 8,
            outgoing_queue: 256,
            auth_timeout: Duration::from_secs(10),
            ws_idle_timeout: Duration::from_secs(120),
            http_header_timeout: Duration::from_secs(10),
            max_connections: 20_000,
            max_body: 16 * 1024,
        }
    }
}

/// Failed logins by key (an account's folded name, or an address), with growing delays.
#[derive(Default)]
pub struct LoginLimiter {
    entries: Mutex<HashMap<String, Failures>>,
}

#[derive(Clone, Copy)]
struct Failures {
    count: u32,
    /// No attempt for this key is checked before this instant.
    until: Instant,
    last: Instant,
}

/// Keys are forgotten this long after their last failure.
const FORGET: Duration = Duration::from_secs(24 * 3600);

impl LoginLimiter {
    /// `Err(wait)` when any of `keys` must still wait before another attempt.
    pub fn check(&self, keys: &[&str]) -> Result<(), Duration> {
        let Ok(entries) = self.entries.lock() else { return Ok(()) };
        let now = Instant::now();
        let wait = keys.iter().filter_map(|k| entries.get(*k)).map(|f| f.until.saturating_duration_since(now)).max().unwrap_or_default();
        if wait.is_zero() {
            Ok(())
        } else {
            Err(wait)
        }
    }

    /// Counts a failed attempt against each of `keys`.
    pub fn failed(&self, keys: &[&str], limits: &Limits) {
        let Ok(mut entries) = self.entries.lock() else { return };
        let now = Instant::now();
        if entries.len() > 100_000 {
            entries.retain(|_, f| now.duration_since(f.last) < FORGET);
        }
        for k in keys {
            let f = entries.entry(k.to_string()).or_insert(Failures { count: 0, until: now, last: now });
            f.count += 1;
            f.last = now;
            if f.count >= limits.login_free_attempts {
                let doublings = (f.count - limits.login_free_attempts).min(20);
                let delay = limits.login_first_delay.saturating_mul(1 << doublings).min(limits.login_max_delay);
                f.until = now + delay;
            }
        }
    }

    /// A successful login clears the account's failures (the address's stay).
    pub fn succeeded(&self, key: &str) {
        if let Ok(mut entries) = self.entries.lock() {
            entries.remove(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_start_after_the_free_attempts_and_double() {
        let limits = Limits { login_free_attempts: 3, login_first_delay: Duration::from_secs(2), ..Limits::default() };
        let l = LoginLimiter::default();
        for _ in 0..2 {
            l.failed(&["alice"], &limits);
            assert!(l.check(&["alice"]).is_ok());
        }
        l.failed(&["alice"], &limits);
        let first = l.check(&["alice"]).unwrap_err();
        assert!(first > Duration::from_secs(1) && first <= Duration::from_secs(2), "{first:?}");
        l.failed(&["alice"], &limits);
        let second = l.check(&["alice", "bob"]).unwrap_err();
        assert!(second > Duration::from_secs(3), "{second:?}");
        assert!(l.check(&["bob"]).is_ok(), "another key is not delayed");
        l.succeeded("alice");
        assert!(l.check(&["alice"]).is_ok());
    }

    #[test]
    fn the_delay_is_capped() {
        let limits = Limits { login_free_attempts: 1, login_max_delay: Duration::from_secs(60), ..Limits::default() };
        let l = LoginLimiter::default();
        for _ in 0..40 {
            l.failed(&["x"], &limits);
        }
        assert!(l.check(&["x"]).unwrap_err() <= Duration::from_secs(60));
    }
}
