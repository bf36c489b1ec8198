//! A node's part in a club of several nodes (issue "Beyond one machine"; docs/scaling.md): the
//! leases it holds, renewed in time, and the ones it loses or may take over.
//!
//! The [`Keeper`] renews every lease this node holds three times per lease length. A lease
//! whose renewal finds it gone (another node took it after this one stopped renewing: killed,
//! paused, cut off from the database) is reported on the `lost` channel, and the node must drop
//! that table or tournament; even before it learns this, its writes are refused by the fencing
//! check in the store. A renewal that fails for a store error is retried at the next round; when
//! the lease's own expiry passes meanwhile, the keeper reports it lost too (it may have moved).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::store::{HeldElsewhere, Lease, Store, StoreError};

/// Milliseconds since the epoch, the clock leases are written in.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64)
}

/// The leases one node holds, and their renewal.
pub struct Keeper {
    store: Store,
    node: String,
    ttl: Duration,
    held: Mutex<HashMap<String, Lease>>,
    lost: tokio::sync::mpsc::UnboundedSender<String>,
}

impl Keeper {
    /// A keeper for `node` with leases of `ttl`, renewing them in a task of its own; lost
    /// resources arrive on the returned channel.
    pub fn start(store: Store, node: &str, ttl: Duration) -> (Arc<Keeper>, tokio::sync::mpsc::UnboundedReceiver<String>) {
        let (lost, lost_rx) = tokio::sync::mpsc::unbounded_channel();
        let keeper = Arc::new(Keeper { store, node: node.to_string(), ttl, held: Mutex::new(HashMap::new()), lost });
        let weak = Arc::downgrade(&keeper);
        tokio::spawn(async move {
            loop {
                let Some(keeper) = weak.upgrade() else { return };
                let pause = keeper.ttl / 3;
                keeper.renew_all().await;
                drop(keeper);
                tokio::time::sleep(pause).await;
            }
        });
        (keeper, lost_rx)
    }

    /// This node's name, as leases record it.
    pub fn node(&self) -> &str {
        &self.node
    }

    /// Takes `resource` (free or expired) and keeps it renewed.
    pub async fn take(&self, resource: &str) -> Result<Result<Lease, HeldElsewhere>, StoreError> {
        self.take_as(resource, &self.node).await
    }

    /// [`Keeper::take`] under another owner's name: the node's own lease is held by this
    /// process (`name#instance`), so that a second process of the same name cannot take it
    /// while the first renews it.
    pub async fn take_as(&self, resource: &str, owner: &str) -> Result<Result<Lease, HeldElsewhere>, StoreError> {
        let taken = self.store.acquire_lease(resource, owner, now_ms(), self.ttl_ms()).await?;
        if let Ok(lease) = &taken {
            self.held_map().insert(resource.to_string(), lease.clone());
        }
        Ok(taken)
    }

    /// The lease this node holds on `resource`, to write under.
    pub fn lease(&self, resource: &str) -> Option<Lease> {
        self.held_map().get(resource).cloned()
    }

    /// Gives `resource` up at once (a clean shutdown or hand-over).
    pub async fn release(&self, resource: &str) -> Result<(), StoreError> {
        let lease = self.held_map().remove(resource);
        match lease {
            Some(lease) => self.store.release_lease(&lease).await,
            None => Ok(()),
        }
    }

    /// Gives every lease up (a clean shutdown: the other nodes take the tables at once).
    pub async fn release_all(&self) {
        let leases: Vec<Lease> = self.held_map().drain().map(|(_, l)| l).collect();
        for lease in leases {
            if let Err(e) = self.store.release_lease(&lease).await {
                tracing::warn!("cannot give up {}: {e}", lease.resource);
            }
        }
    }

    /// Resources under `prefix` whose owner stopped renewing: candidates for [`Keeper::take`].
    pub async fn orphans(&self, prefix: &str) -> Result<Vec<String>, StoreError> {
        self.store.expired_leases(prefix, now_ms()).await
    }

    /// One round of renewals, in a few statements whatever the number of leases held.
    async fn renew_all(&self) {
        let leases: Vec<Lease> = self.held_map().values().cloned().collect();
        let now = now_ms();
        let lost: Vec<Lease> = match self.store.renew_leases(&leases, now, self.ttl_ms()).await {
            Ok(renewed) => {
                let mut held = self.held_map();
                let renewed: HashMap<&str, &Lease> = renewed.iter().map(|l| (l.resource.as_str(), l)).collect();
                for l in &leases {
                    if let (Some(r), Some(h)) = (renewed.get(l.resource.as_str()), held.get_mut(&l.resource)) {
                        if h.token == r.token {
                            h.expires_ms = r.expires_ms;
                        }
                    }
                }
                leases.into_iter().filter(|l| !renewed.contains_key(l.resource.as_str())).collect()
            }
            Err(e) => {
                tracing::warn!("cannot renew this node's leases: {e}");
                leases.into_iter().filter(|l| l.expires_ms <= now).collect()
            }
        };
        for lease in lost {
            // Taken again meanwhile (a newer lease of this node): not lost.
            let mut held = self.held_map();
            if held.get(&lease.resource).is_some_and(|h| h.token != lease.token) {
                continue;
            }
            held.remove(&lease.resource);
            drop(held);
            tracing::warn!("node {} lost {} (lease {})", self.node, lease.resource, lease.token);
            let _ = self.lost.send(lease.resource);
        }
    }

    fn ttl_ms(&self) -> i64 {
        self.ttl.as_millis() as i64
    }

    fn held_map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Lease>> {
        self.held.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
