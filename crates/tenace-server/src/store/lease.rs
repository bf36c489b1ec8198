//! Leases: which node of a club owns a table or a tournament (issue "Beyond one machine").
//!
//! A club may run as several `tenace serve` processes (nodes) on one database. Each table and
//! each tournament has exactly one writer at a time, the node holding its lease: a row of
//! `leases` with the owner's name, an expiry, and a **fencing token** that grows by one at every
//! change of owner. Decisions, written here because the issue leaves them open:
//!
//! - **A lease row, not advisory locks.** An advisory lock lives as long as one database
//!   connection, which a pool recycles and a paused process keeps open; a row with an expiry
//!   is visible to every node, survives a reconnect, and carries the token.
//! - **Taking a lease** is one conditional `UPDATE` (atomic in PostgreSQL and SQLite): the row
//!   moves to the new owner, with the token plus one, only when the old lease has expired (or
//!   the row is new, or the asker already holds it). The owner renews before expiry; a node
//!   that stops renewing (killed, paused, cut off) loses the resource once the expiry passes.
//! - **Fencing.** Every append a lease holder makes carries its token, and the group-commit
//!   transaction reads the lease row before it writes (PostgreSQL: `FOR KEY SHARE`; a takeover
//!   first locks the row `FOR UPDATE`, which waits for the appends holding it, so it cannot slip
//!   between an append's check and its commit, while a renewal, a plain `UPDATE` of the expiry,
//!   waits for nothing (under `FOR SHARE` renewals queued behind the appends: once a group's
//!   checks were one statement, leases expired under load at 3,000 tables): a node
//!   whose lease moved on, even one that was only paused and does not know it yet, has its
//!   write refused and learns that it lost the resource. A write made before the takeover
//!   committed is the new owner's starting point (it reads the log after taking the lease).
//! - **Time** is the callers' (milliseconds since the epoch, passed in): the nodes' clocks are
//!   assumed to agree to well under the lease's length (NTP), and the tests drive time
//!   explicitly. Expiry decides only when a takeover may happen; safety rests on the token.

use super::{Store, StoreError, Write};

/// A lease held by `owner` on `resource` (e.g. `table/t-1a2b`, `tournament/u-9f`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    pub resource: String,
    pub owner: String,
    /// The fencing token: one more at each change of owner.
    pub token: i64,
    /// When the lease ends unless renewed (milliseconds since the epoch).
    pub expires_ms: i64,
}

/// Why a lease was not granted: another node holds it until `expires_ms`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldElsewhere {
    pub owner: String,
    pub expires_ms: i64,
}

/// What an append by a lease holder carries into the group-commit transaction.
#[derive(Clone, Debug)]
pub(super) struct Fence {
    pub resource: String,
    pub owner: String,
    pub token: i64,
}

impl From<&Lease> for Fence {
    fn from(lease: &Lease) -> Fence {
        Fence { resource: lease.resource.clone(), owner: lease.owner.clone(), token: lease.token }
    }
}

impl Store {
    /// Takes `resource` for `node` until `now_ms + ttl_ms` when it is free, its lease has
    /// expired, or `node` already holds it (then the token still grows: a restarted node starts
    /// afresh); otherwise says who holds it.
    pub async fn acquire_lease(&self, resource: &str, node: &str, now_ms: i64, ttl_ms: i64) -> Result<Result<Lease, HeldElsewhere>, StoreError> {
        let mut tx = Write::begin(&self.pool).await?;
        sqlx::query("INSERT INTO leases (resource, owner, token, expires) VALUES ($1, '', 0, 0) ON CONFLICT (resource) DO NOTHING")
            .bind(resource)
            .execute(tx.conn())
            .await?;
        if self.postgres {
            // Wait for the appends checking the row (`FOR KEY SHARE`, `check_fences`) to commit;
            // later ones see the new owner and are fenced.
            sqlx::query("SELECT resource FROM leases WHERE resource = $1 FOR UPDATE").bind(resource).execute(tx.conn()).await?;
        }
        let taken = sqlx::query("UPDATE leases SET owner = $2, token = token + 1, expires = $3 WHERE resource = $1 AND (expires <= $4 OR owner = $2)")
            .bind(resource)
            .bind(node)
            .bind(now_ms + ttl_ms)
            .bind(now_ms)
            .execute(tx.conn())
            .await?
            .rows_affected();
        let (owner, token, expires_ms) =
            read_lease(tx.conn(), resource).await?.ok_or_else(|| StoreError::Corrupt(format!("the lease of {resource} vanished")))?;
        tx.commit().await?;
        Ok(if taken == 1 { Ok(Lease { resource: resource.to_string(), owner, token, expires_ms }) } else { Err(HeldElsewhere { owner, expires_ms }) })
    }

    /// Extends a lease still held (same owner, same token) to `now_ms + ttl_ms`; `None` when it
    /// was lost (it expired and another node took it).
    pub async fn renew_lease(&self, lease: &Lease, now_ms: i64, ttl_ms: i64) -> Result<Option<Lease>, StoreError> {
        let renewed = sqlx::query("UPDATE leases SET expires = $4 WHERE resource = $1 AND owner = $2 AND token = $3")
            .bind(&lease.resource)
            .bind(&lease.owner)
            .bind(lease.token)
            .bind(now_ms + ttl_ms)
            .execute(&self.pool)
            .await?
            .rows_affected();
        Ok((renewed == 1).then(|| Lease { expires_ms: now_ms + ttl_ms, ..lease.clone() }))
    }

    /// [`Store::renew_lease`] for many leases at once (a few statements, not one per lease: a
    /// node holds a lease per table): returns the leases still held, renewed to `now_ms +
    /// ttl_ms`; the others were lost. Appends do not hold up a renewal (they lock the rows
    /// `FOR KEY SHARE`); on PostgreSQL a row a takeover is locking right now is skipped rather
    /// than waited for (waiting on many rows in one statement could deadlock), then renewed on
    /// its own.
    pub async fn renew_leases(&self, leases: &[Lease], now_ms: i64, ttl_ms: i64) -> Result<Vec<Lease>, StoreError> {
        use sqlx::Row;
        let mut held = Vec::with_capacity(leases.len());
        let mut by_owner: std::collections::BTreeMap<&str, Vec<&Lease>> = Default::default();
        for l in leases {
            by_owner.entry(l.owner.as_str()).or_default().push(l);
        }
        for (owner, leases) in by_owner {
            for chunk in leases.chunks(500) {
                let marks = (0..chunk.len()).map(|i| format!("${}", i + 3)).collect::<Vec<_>>().join(", ");
                let sql = if self.postgres {
                    format!(
                        "UPDATE leases SET expires = $1 WHERE resource IN \
                         (SELECT resource FROM leases WHERE owner = $2 AND resource IN ({marks}) FOR NO KEY UPDATE SKIP LOCKED) \
                         RETURNING resource, token"
                    )
                } else {
                    format!("UPDATE leases SET expires = $1 WHERE owner = $2 AND resource IN ({marks}) RETURNING resource, token")
                };
                let mut q = sqlx::query(&sql).bind(now_ms + ttl_ms).bind(owner);
                for l in chunk {
                    q = q.bind(&l.resource);
                }
                let renewed: std::collections::HashMap<String, i64> =
                    q.fetch_all(&self.pool).await?.iter().map(|r| (r.get::<String, _>(0), r.get::<i64, _>(1))).collect();
                for l in chunk {
                    if renewed.get(&l.resource) == Some(&l.token) {
                        held.push(Lease { expires_ms: now_ms + ttl_ms, ..(*l).clone() });
                    } else if !renewed.contains_key(&l.resource) {
                        // Skipped (a takeover holds the row) or lost: renewed alone, waiting for
                        // the row (one row at a time cannot deadlock).
                        if let Some(l) = self.renew_lease(l, now_ms, ttl_ms).await? {
                            held.push(l);
                        }
                    }
                }
            }
        }
        Ok(held)
    }

    /// Gives a lease up at once (a node shutting down cleanly), so another node need not wait for
    /// it to expire. A lease already lost is left alone.
    pub async fn release_lease(&self, lease: &Lease) -> Result<(), StoreError> {
        sqlx::query("UPDATE leases SET expires = 0 WHERE resource = $1 AND owner = $2 AND token = $3")
            .bind(&lease.resource)
            .bind(&lease.owner)
            .bind(lease.token)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The resources starting with `prefix` (e.g. `table/`) whose lease has expired at `now_ms`
    /// and has been held before: what a node may take over from a node that stopped renewing.
    pub async fn expired_leases(&self, prefix: &str, now_ms: i64) -> Result<Vec<String>, StoreError> {
        use sqlx::Row;
        let rows = sqlx::query("SELECT resource FROM leases WHERE expires <= $1 AND token > 0 AND substr(resource, 1, $2) = $3 ORDER BY resource")
            .bind(now_ms)
            .bind(prefix.len() as i32)
            .bind(prefix)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| r.get::<String, _>(0)).collect())
    }

    /// The lease row of `resource` as stored (owner, token, expiry), if there is one.
    pub async fn lease(&self, resource: &str) -> Result<Option<Lease>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let row = read_lease(&mut conn, resource).await?;
        Ok(row.map(|(owner, token, expires_ms)| Lease { resource: resource.to_string(), owner, token, expires_ms }))
    }
}

/// The lease row of `resource` (owner, token, expiry), unlocked (fences lock theirs:
/// [`check_fences`]).
async fn read_lease(conn: &mut sqlx::AnyConnection, resource: &str) -> Result<Option<(String, i64, i64)>, StoreError> {
    use sqlx::Row;
    let row = sqlx::query("SELECT owner, token, expires FROM leases WHERE resource = $1").bind(resource).fetch_optional(conn).await?;
    Ok(row.map(|r| (r.get::<String, _>(0), r.get::<i64, _>(1), r.get::<i64, _>(2))))
}

/// Inside an append's transaction: refuses the write unless `fence` still names the lease's
/// owner and token (PostgreSQL locks the row against a takeover until the commit, `postgres`).
pub(super) async fn check_fence(tx: &mut Write, fence: &Fence, postgres: bool) -> Result<(), StoreError> {
    check_fences(tx, &[fence], postgres).await
}

/// The leases a SQLite query reads at most (one parameter each, well within its limit).
const LEASES_PER_QUERY: usize = 500;

/// [`check_fence`] for every append of a group at once: their lease rows are read (and locked,
/// on PostgreSQL) in a few statements rather than one round trip each, which had made the
/// fencing checks most of a node's group commit. The first fence that no longer holds refuses
/// the whole group (the writer then retries each append alone).
pub(super) async fn check_fences(tx: &mut Write, fences: &[&Fence], postgres: bool) -> Result<(), StoreError> {
    use sqlx::Row;
    let mut resources: Vec<&str> = fences.iter().map(|f| f.resource.as_str()).collect();
    resources.sort_unstable();
    resources.dedup();
    let mut held: std::collections::HashMap<String, (String, i64)> = std::collections::HashMap::new();
    let mut add = |rows: Vec<sqlx::any::AnyRow>| {
        for row in rows {
            held.insert(row.get::<String, _>(0), (row.get::<String, _>(1), row.get::<i64, _>(2)));
        }
    };
    if postgres {
        // One statement of fixed text, kept prepared (the resources as a JSON array, as the
        // group's rows: `super::rows_param`). `FOR KEY SHARE`: a takeover (`FOR UPDATE`) waits
        // for this commit; a renewal does not. The rows are locked in key order.
        let rows = sqlx::query(
            "SELECT resource, owner, token FROM leases WHERE resource = ANY(ARRAY(SELECT json_array_elements_text($1::json))) \
             ORDER BY resource FOR KEY SHARE",
        )
        .bind(super::rows_param(&resources)?)
        .fetch_all(tx.conn())
        .await?;
        add(rows);
    } else {
        for chunk in resources.chunks(LEASES_PER_QUERY) {
            let places: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            let sql = format!("SELECT resource, owner, token FROM leases WHERE resource IN ({})", places.join(", "));
            let mut q = sqlx::query(&sql).persistent(false);
            for resource in chunk {
                q = q.bind(*resource);
            }
            add(q.fetch_all(tx.conn()).await?);
        }
    }
    for fence in fences {
        match held.get(&fence.resource) {
            Some((owner, token)) if *owner == fence.owner && *token == fence.token => {}
            Some((owner, token)) => {
                return Err(StoreError::Fenced(format!(
                    "{} now belongs to node {owner} (lease {token}); the write of node {} under lease {} is refused",
                    fence.resource, fence.owner, fence.token
                )))
            }
            None => return Err(StoreError::Fenced(format!("{} has no lease; the write of node {} is refused", fence.resource, fence.owner))),
        }
    }
    Ok(())
}
