//! Seat claims: one seat per person in a club of several nodes (Law 16).
//!
//! A node decides a seat under its own sight gate (crate::sight), which sees only the tables it
//! runs and the other nodes' lobby lines; two joins of one person through two nodes at the same
//! instant would both pass, since neither lobby line shows the other seat yet. So in a club of
//! several nodes a seat is also claimed here, in the database every node shares: a row per
//! person naming the table where they sit. The primary key lets exactly one of two racing
//! claims in; the loser reads the winner's row and is refused. The row is deleted when the
//! person leaves the seat (or a robot takes it); a row a node could not delete (it died) is
//! taken over by a later claim once the table it names no longer seats the person, judged by
//! that table's lobby line and the row's age (the caller's rule, `Club::claim_seat`).

use super::{Store, StoreError, Write};
use sqlx::Row;

/// The answer to a claim on a person's seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatClaim {
    /// The person's seat is now at the table asked for (or already was).
    Taken,
    /// The person's claim names another table, since `claimed_ms`.
    Elsewhere { table: String, claimed_ms: i64 },
}

impl Store {
    /// Claims `person`'s one seat for `table` at `now_ms`, unless a claim names another table.
    pub async fn claim_seat(&self, person: &str, table: &str, now_ms: i64) -> Result<SeatClaim, StoreError> {
        let mut tx = Write::begin(&self.pool).await?;
        let inserted = sqlx::query("INSERT INTO seat_claims (person, room, claimed) VALUES ($1, $2, $3) ON CONFLICT (person) DO NOTHING")
            .bind(person)
            .bind(table)
            .bind(now_ms)
            .execute(tx.conn())
            .await?
            .rows_affected();
        let answer = if inserted == 1 {
            SeatClaim::Taken
        } else {
            let row = sqlx::query("SELECT room, claimed FROM seat_claims WHERE person = $1").bind(person).fetch_optional(tx.conn()).await?;
            match row {
                Some(r) if r.get::<String, _>(0) != table => SeatClaim::Elsewhere { table: r.get(0), claimed_ms: r.get(1) },
                // Ours already (a second seat at the same table), or deleted since the insert.
                _ => {
                    sqlx::query("INSERT INTO seat_claims (person, room, claimed) VALUES ($1, $2, $3) ON CONFLICT (person) DO UPDATE SET claimed = $3 WHERE seat_claims.room = $2")
                        .bind(person)
                        .bind(table)
                        .bind(now_ms)
                        .execute(tx.conn())
                        .await?;
                    SeatClaim::Taken
                }
            }
        };
        tx.commit().await?;
        Ok(answer)
    }

    /// Moves `person`'s claim from `from` (claimed at `claimed_ms`) to `table`: true when the
    /// claim was still exactly that one (nobody moved it meanwhile).
    pub async fn move_seat_claim(&self, person: &str, from: &str, claimed_ms: i64, table: &str, now_ms: i64) -> Result<bool, StoreError> {
        let mut tx = Write::begin(&self.pool).await?;
        let moved = sqlx::query("UPDATE seat_claims SET room = $4, claimed = $5 WHERE person = $1 AND room = $2 AND claimed = $3")
            .bind(person)
            .bind(from)
            .bind(claimed_ms)
            .bind(table)
            .bind(now_ms)
            .execute(tx.conn())
            .await?
            .rows_affected();
        tx.commit().await?;
        Ok(moved == 1)
    }

    /// `person` no longer sits at `table`: their claim on it (if it is still theirs) goes.
    pub async fn release_seat_claim(&self, person: &str, table: &str) -> Result<(), StoreError> {
        let mut tx = Write::begin(&self.pool).await?;
        sqlx::query("DELETE FROM seat_claims WHERE person = $1 AND room = $2").bind(person).bind(table).execute(tx.conn()).await?;
        tx.commit().await
    }

    /// The table `person`'s claim names, if any.
    pub async fn seat_claim(&self, person: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT room FROM seat_claims WHERE person = $1").bind(person).fetch_optional(&self.pool).await?;
        Ok(row.map(|r| r.get(0)))
    }
}
