//! The event store: SQLite by default, PostgreSQL when the URL says `postgres://`. The same SQL
//! runs on both (sqlx's `Any` driver; `$n` placeholders in order, which SQLite also reads).
//!
//! A room's events are appended in one transaction with the board results they produce, and
//! only then acknowledged to anyone: a room is rebuilt from its log after a restart.

use serde::{Deserialize, Serialize};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};
use tenace_online::{FieldResult, RoomEvent, RoomOptions};

/// A store failure, with what was being done.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("stored data is not valid: {0}")]
    Corrupt(String),
}

const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS users (name TEXT PRIMARY KEY, password_hash TEXT NOT NULL, created BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS sessions (token TEXT PRIMARY KEY, name TEXT NOT NULL, expires BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, options TEXT NOT NULL, created BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS room_events (room TEXT NOT NULL, seq BIGINT NOT NULL, event TEXT NOT NULL, PRIMARY KEY (room, seq))",
    "CREATE TABLE IF NOT EXISTS results (set_id TEXT NOT NULL, board BIGINT NOT NULL, room TEXT NOT NULL, result TEXT NOT NULL, PRIMARY KEY (set_id, board, room))",
    "CREATE TABLE IF NOT EXISTS rulings (id TEXT PRIMARY KEY, director TEXT NOT NULL, board TEXT NOT NULL, origin TEXT NOT NULL, created BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS ruling_events (ruling TEXT NOT NULL, seq BIGINT NOT NULL, event TEXT NOT NULL, PRIMARY KEY (ruling, seq))",
];

/// A Director's ruling (a face-to-face board at the Director's desk), as stored.
pub struct StoredRuling {
    pub id: String,
    pub director: String,
    pub board: tenace_core::Board,
    /// Where the board came from (a new deal, or "table t-… board 3").
    pub origin: String,
    pub events: Vec<tenace_director::Event>,
}

/// A stored room: its options and its events in order.
pub struct StoredRoom {
    pub id: String,
    pub options: RoomOptions,
    pub events: Vec<RoomEvent>,
}

#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
}

/// Where the default SQLite file lives: `$XDG_DATA_HOME/tenace/tenace.db`, else
/// `$HOME/.local/share/tenace/tenace.db`, else `./tenace.db`.
pub fn default_database_url() -> String {
    let dir = std::env::var_os("XDG_DATA_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(".local/share")))
        .map(|d| d.join("tenace"));
    match dir {
        Some(d) => {
            let _ = std::fs::create_dir_all(&d);
            format!("sqlite://{}?mode=rwc", d.join("tenace.db").display())
        }
        None => "sqlite://tenace.db?mode=rwc".to_string(),
    }
}

impl Store {
    /// Opens (and creates, for SQLite) the database at `url` and its tables.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let url = if url.starts_with("sqlite:") && !url.contains("mode=") {
            format!("{url}{}mode=rwc", if url.contains('?') { "&" } else { "?" })
        } else {
            url.to_string()
        };
        let sqlite = url.starts_with("sqlite:");
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 1 } else { 8 })
            .connect(&url)
            .await?;
        if sqlite {
            // One writer; WAL keeps readers going and makes each commit one fsync.
            sqlx::query("PRAGMA journal_mode=WAL").execute(&pool).await?;
            sqlx::query("PRAGMA synchronous=NORMAL").execute(&pool).await?;
        }
        for stmt in SCHEMA {
            sqlx::query(stmt).execute(&pool).await?;
        }
        Ok(Store { pool })
    }

    pub async fn create_user(&self, name: &str, hash: &str, now: i64) -> Result<bool, StoreError> {
        let r = sqlx::query("INSERT INTO users (name, password_hash, created) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
            .bind(name)
            .bind(hash)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(r.rows_affected() == 1)
    }

    pub async fn password_hash(&self, name: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT password_hash FROM users WHERE name = $1").bind(name).fetch_optional(&self.pool).await?;
        Ok(row.map(|r| r.get::<String, _>(0)))
    }

    pub async fn create_session(&self, token: &str, name: &str, expires: i64) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO sessions (token, name, expires) VALUES ($1, $2, $3)")
            .bind(token)
            .bind(name)
            .bind(expires)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The account of a session token and when it expires.
    pub async fn session(&self, token: &str) -> Result<Option<(String, i64)>, StoreError> {
        let row = sqlx::query("SELECT name, expires FROM sessions WHERE token = $1").bind(token).fetch_optional(&self.pool).await?;
        Ok(row.map(|r| (r.get::<String, _>(0), r.get::<i64, _>(1))))
    }

    pub async fn create_room(&self, id: &str, options: &RoomOptions, now: i64) -> Result<(), StoreError> {
        let json = serde_json::to_string(&StoredOptions::from(options)).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        sqlx::query("INSERT INTO rooms (id, options, created) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(json)
            .bind(now)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Appends `events` to `room`'s log from sequence number `first` on, with the board results
    /// they produce, in one transaction.
    pub async fn append(&self, room: &str, first: usize, events: &[RoomEvent], results: &[(String, u32, FieldResult)]) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_events(&mut tx, "INSERT INTO room_events (room, seq, event) VALUES ($1, $2, $3)", room, first, events).await?;
        for (set_id, board, result) in results {
            insert_result(&mut tx, set_id, *board, result).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Records a result played elsewhere (the robots' comparison table), once.
    pub async fn add_result(&self, set_id: &str, board: u32, result: &FieldResult) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_result(&mut tx, set_id, board, result).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Every table's result on board `board` of the set `set_id`.
    pub async fn field(&self, set_id: &str, board: u32) -> Result<Vec<FieldResult>, StoreError> {
        let rows = sqlx::query("SELECT result FROM results WHERE set_id = $1 AND board = $2 ORDER BY room")
            .bind(set_id)
            .bind(i64::from(board))
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| parse(r.get::<String, _>(0).as_str())).collect()
    }

    /// Every room with its events, to rebuild the club after a restart.
    pub async fn rooms(&self) -> Result<Vec<StoredRoom>, StoreError> {
        let rooms = sqlx::query("SELECT id, options FROM rooms ORDER BY created, id").fetch_all(&self.pool).await?;
        let mut out = Vec::with_capacity(rooms.len());
        for r in rooms {
            let id: String = r.get(0);
            let options: StoredOptions = parse(r.get::<String, _>(1).as_str())?;
            let options = RoomOptions::try_from(options)?;
            let rows: Vec<AnyRow> = sqlx::query("SELECT event FROM room_events WHERE room = $1 ORDER BY seq")
                .bind(&id)
                .fetch_all(&self.pool)
                .await?;
            let events = rows.iter().map(|row| parse(row.get::<String, _>(0).as_str())).collect::<Result<_, _>>()?;
            out.push(StoredRoom { id, options, events });
        }
        Ok(out)
    }
}

impl Store {
    /// Stores a new ruling with its first events (those carried over from an online table), in
    /// one transaction.
    pub async fn create_ruling(
        &self,
        id: &str,
        director: &str,
        board: &tenace_core::Board,
        origin: &str,
        now: i64,
        events: &[tenace_director::Event],
    ) -> Result<(), StoreError> {
        let json = serde_json::to_string(board).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO rulings (id, director, board, origin, created) VALUES ($1, $2, $3, $4, $5)")
            .bind(id)
            .bind(director)
            .bind(json)
            .bind(origin)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        insert_events(&mut tx, RULING_EVENT, id, 0, events).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Appends `events` to a ruling's log from sequence number `first` on, in one transaction.
    pub async fn append_ruling(&self, ruling: &str, first: usize, events: &[tenace_director::Event]) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_events(&mut tx, RULING_EVENT, ruling, first, events).await?;
        tx.commit().await?;
        Ok(())
    }

    /// One ruling with its events, or `None` when there is no such ruling.
    pub async fn ruling(&self, id: &str) -> Result<Option<StoredRuling>, StoreError> {
        let Some(row) = sqlx::query("SELECT director, board, origin FROM rulings WHERE id = $1").bind(id).fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        let rows: Vec<AnyRow> = sqlx::query("SELECT event FROM ruling_events WHERE ruling = $1 ORDER BY seq").bind(id).fetch_all(&self.pool).await?;
        Ok(Some(StoredRuling {
            id: id.to_string(),
            director: row.get(0),
            board: parse(row.get::<String, _>(1).as_str())?,
            origin: row.get(2),
            events: rows.iter().map(|r| parse(r.get::<String, _>(0).as_str())).collect::<Result<_, _>>()?,
        }))
    }

    /// Every ruling: id, director, origin, newest first.
    pub async fn rulings(&self) -> Result<Vec<(String, String, String)>, StoreError> {
        let rows = sqlx::query("SELECT id, director, origin FROM rulings ORDER BY created DESC, id").fetch_all(&self.pool).await?;
        Ok(rows.iter().map(|r| (r.get(0), r.get(1), r.get(2))).collect())
    }
}

const RULING_EVENT: &str = "INSERT INTO ruling_events (ruling, seq, event) VALUES ($1, $2, $3)";

/// Appends `events` to a log (a room's or a ruling's) as JSON, numbered from `first` on; `insert`
/// is the log's INSERT statement binding the owner, the sequence number and the event.
async fn insert_events<E: serde::Serialize>(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    insert: &'static str,
    owner: &str,
    first: usize,
    events: &[E],
) -> Result<(), StoreError> {
    for (i, e) in events.iter().enumerate() {
        let json = serde_json::to_string(e).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        sqlx::query(insert).bind(owner).bind((first + i) as i64).bind(json).execute(&mut **tx).await?;
    }
    Ok(())
}

async fn insert_result(tx: &mut sqlx::Transaction<'_, sqlx::Any>, set_id: &str, board: u32, result: &FieldResult) -> Result<(), StoreError> {
    let json = serde_json::to_string(result).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    sqlx::query("INSERT INTO results (set_id, board, room, result) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING")
        .bind(set_id)
        .bind(i64::from(board))
        .bind(&result.table)
        .bind(json)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

fn parse<T: serde::de::DeserializeOwned>(s: &str) -> Result<T, StoreError> {
    serde_json::from_str(s).map_err(|e| StoreError::Corrupt(format!("{e}: {s:.80}")))
}

/// Room options as stored: the seed as a string (a u64 does not fit a JSON number everywhere).
#[derive(Serialize, Deserialize)]
struct StoredOptions {
    name: String,
    set_seed: String,
    boards: u32,
    kibitzers_see_all: bool,
}

impl From<&RoomOptions> for StoredOptions {
    fn from(o: &RoomOptions) -> StoredOptions {
        StoredOptions { name: o.name.clone(), set_seed: o.set_seed.to_string(), boards: o.boards, kibitzers_see_all: o.kibitzers_see_all }
    }
}

impl TryFrom<StoredOptions> for RoomOptions {
    type Error = StoreError;
    fn try_from(o: StoredOptions) -> Result<RoomOptions, StoreError> {
        let set_seed = o.set_seed.parse().map_err(|_| StoreError::Corrupt(format!("room {:?}: set seed {:?} is not a number", o.name, o.set_seed)))?;
        Ok(RoomOptions { name: o.name, set_seed, boards: o.boards, kibitzers_see_all: o.kibitzers_see_all })
    }
}
