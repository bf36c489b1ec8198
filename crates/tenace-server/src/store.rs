//! The event store: SQLite by default, PostgreSQL when the URL says `postgres://`. The same SQL
//! runs on both (sqlx's `Any` driver; `$n` placeholders in order, which SQLite also reads).
//!
//! A room's events are appended in one transaction with the board results they produce, and
//! only then acknowledged to anyone: a room is rebuilt from its log after a restart.

mod lease;
mod seats;

pub use lease::{HeldElsewhere, Lease};
pub use seats::SeatClaim;
use serde::{Deserialize, Serialize};
use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Row};
use tenace_online::{FieldResult, RoomEvent, RoomOptions};
use tenace_tournament::pairs::PairsOptions;
use tenace_tournament::teams::TeamsOptions;
use tenace_tournament::TournamentOptions;

/// A store failure, with what was being done.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("stored data is not valid: {0}")]
    Corrupt(String),
    /// The database file is not one Tenace may open (empty, foreign, not a database).
    #[error("{0}")]
    Refused(String),
    /// A lease holder's write after its lease moved to another node ([`Lease`]).
    #[error("fenced: {0}")]
    Fenced(String),
}

const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS users (name TEXT PRIMARY KEY, password_hash TEXT NOT NULL, created BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS sessions (token TEXT PRIMARY KEY, name TEXT NOT NULL, expires BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, options TEXT NOT NULL, created BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS room_events (room TEXT NOT NULL, seq BIGINT NOT NULL, event TEXT NOT NULL, PRIMARY KEY (room, seq))",
    "CREATE TABLE IF NOT EXISTS results (set_id TEXT NOT NULL, board BIGINT NOT NULL, room TEXT NOT NULL, result TEXT NOT NULL, PRIMARY KEY (set_id, board, room))",
    "CREATE TABLE IF NOT EXISTS rulings (id TEXT PRIMARY KEY, director TEXT NOT NULL, board TEXT NOT NULL, origin TEXT NOT NULL, created BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS ruling_events (ruling TEXT NOT NULL, seq BIGINT NOT NULL, event TEXT NOT NULL, PRIMARY KEY (ruling, seq))",
    // The board set and board a ruling carried over from an online table (Law 16: who has seen it).
    "CREATE TABLE IF NOT EXISTS ruling_boards (ruling TEXT PRIMARY KEY, set_id TEXT NOT NULL, board BIGINT NOT NULL)",
    // Account names folded (NFKC + case fold): one account per folded name.
    "CREATE TABLE IF NOT EXISTS user_keys (folded TEXT PRIMARY KEY, name TEXT NOT NULL)",
    // Which hands of which deal each person has been shown (bit i = seat i, North first).
    "CREATE TABLE IF NOT EXISTS seen (person TEXT NOT NULL, set_id TEXT NOT NULL, board BIGINT NOT NULL, hands BIGINT NOT NULL, PRIMARY KEY (person, set_id, board))",
    // One row written by the health probe: the store accepts writes again.
    "CREATE TABLE IF NOT EXISTS health (id BIGINT PRIMARY KEY, at BIGINT NOT NULL, pad TEXT)",
    "CREATE TABLE IF NOT EXISTS tenace_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    // Which node owns a table or tournament, and the fencing token (see `lease`).
    "CREATE TABLE IF NOT EXISTS leases (resource TEXT PRIMARY KEY, owner TEXT NOT NULL, token BIGINT NOT NULL, expires BIGINT NOT NULL)",
    // Tournaments (tenace-tournament): options and an event log, like a room.
    "CREATE TABLE IF NOT EXISTS tournaments (id TEXT PRIMARY KEY, options TEXT NOT NULL, created BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS tournament_events (tournament TEXT NOT NULL, seq BIGINT NOT NULL, event TEXT NOT NULL, PRIMARY KEY (tournament, seq))",
    // Club nights (nights.rs): the setup, the table codes, and the log of results.
    "CREATE TABLE IF NOT EXISTS nights (id TEXT PRIMARY KEY, setup TEXT NOT NULL, created BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS night_codes (code TEXT PRIMARY KEY, night TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS night_events (night TEXT NOT NULL, seq BIGINT NOT NULL, event TEXT NOT NULL, PRIMARY KEY (night, seq))",
    // The table where each person sits, in a club of several nodes (see `seats`).
    "CREATE TABLE IF NOT EXISTS seat_claims (person TEXT PRIMARY KEY, room TEXT NOT NULL, claimed BIGINT NOT NULL)",
];

impl StoreError {
    /// Another writer took the same place in a log first (a unique key): read it again and
    /// decide again.
    pub fn is_conflict(&self) -> bool {
        matches!(self, StoreError::Database(sqlx::Error::Database(e)) if e.is_unique_violation())
    }
}

/// A row of `seen`.
fn seen_row(r: &AnyRow) -> Seen {
    Seen { person: r.get(0), set_id: r.get(1), board: r.get::<i64, _>(2) as u32, hands: (r.get::<i64, _>(3) & 0xF) as u8 }
}

/// The tables a Tenace database holds; a SQLite file with other tables and none of these is
/// someone else's database and is refused.
const OWN_TABLES: &[&str] = &["users", "sessions", "rooms", "room_events", "results", "tenace_meta"];

/// What a person has been shown of one deal: `hands` has bit `i` set for seat `i` (North 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    pub person: String,
    pub set_id: String,
    pub board: u32,
    pub hands: u8,
}

/// A Director's ruling (a face-to-face board at the Director's desk), as stored.
pub struct StoredRuling {
    pub id: String,
    pub director: String,
    pub board: tenace_core::Board,
    /// Where the board came from (a new deal, or "table t-… board 3").
    pub origin: String,
    pub events: Vec<tenace_director::FaceEvent>,
}

/// A stored room: its options and its events in order.
pub struct StoredRoom {
    pub id: String,
    pub options: RoomOptions,
    pub events: Vec<RoomEvent>,
}

/// A stored room, or why its stored data cannot be read (the room is then set aside).
pub type StoredRoomResult = Result<StoredRoom, (String, StoreError)>;

#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    /// The group-commit writer: every table's append goes through it (see [`Store::append`]).
    writer: tokio::sync::mpsc::Sender<Append>,
    /// PostgreSQL (row locks) rather than SQLite (one writer at a time).
    postgres: bool,
    /// Appends committed in a group of more than one ([`Store::grouped_appends`]).
    grouped: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

/// One table's append, serialized, waiting for the group-commit writer.
struct Append {
    room: String,
    first: usize,
    events: Vec<String>,
    results: Vec<(String, u32, String, String)>,
    seen: Vec<Seen>,
    /// The writer's lease, checked in the transaction (none for a single-node club).
    fence: Option<lease::Fence>,
    reply: tokio::sync::oneshot::Sender<Result<Fields, StoreError>>,
}

/// Every table's result on one board of a set, in byte order of the table ids.
pub type Field = std::sync::Arc<Vec<FieldResult>>;

/// The fields of the boards an append gave results for, each `(set_id, board, field)`, read in
/// the append's own transaction: the results stored by then, this append's among them.
pub type Fields = Vec<(String, u32, Field)>;

/// A group's fields as read before its commit: each board's stored results (JSON), by board.
type FieldRows = std::collections::HashMap<(String, u32), Vec<String>>;

/// The most appends committed in one transaction.
const GROUP: usize = 256;
/// Boards per read of a SQLite group's fields (two parameters each, well within SQLite's limit).
const ROWS_PER_READ: usize = 300;

/// Group commit: takes every append waiting, writes them in one transaction (one fsync for all),
/// and answers each. When a group fails, each append is retried alone so that one table's bad
/// append (a sequence number already taken) fails only that table.
async fn group_writer(pool: AnyPool, postgres: bool, mut rx: tokio::sync::mpsc::Receiver<Append>, grouped: std::sync::Arc<std::sync::atomic::AtomicU64>) {
    while let Some(first) = rx.recv().await {
        let mut group = vec![first];
        while group.len() < GROUP {
            match rx.try_recv() {
                Ok(a) => group.push(a),
                Err(_) => break,
            }
        }
        if group.len() > 1 {
            if let Ok(rows) = write_group(&pool, postgres, &group).await {
                grouped.fetch_add(group.len() as u64, std::sync::atomic::Ordering::Relaxed);
                let fields = parse_fields(rows);
                for a in group {
                    let answer = fields_of(&a, &fields);
                    let _ = a.reply.send(Ok(answer));
                }
                continue;
            }
        }
        for a in group {
            let r = write_group(&pool, postgres, std::slice::from_ref(&a)).await;
            let r = r.map(|rows| fields_of(&a, &parse_fields(rows)));
            let _ = a.reply.send(r);
        }
    }
}

/// The boards' fields, parsed and sorted by table id; a board with a stored result that does
/// not parse is left out (its tables read it again, and show the error, through
/// [`Store::field`]).
fn parse_fields(rows: FieldRows) -> std::collections::HashMap<(String, u32), Field> {
    rows.into_iter()
        .filter_map(|(key, jsons)| {
            let mut field: Vec<FieldResult> = jsons.iter().map(|j| parse(j)).collect::<Result<_, _>>().ok()?;
            field.sort_by(|a, b| a.table.cmp(&b.table));
            Some((key, std::sync::Arc::new(field)))
        })
        .collect()
}

/// The fields of the boards `append` gave results for.
fn fields_of(append: &Append, fields: &std::collections::HashMap<(String, u32), Field>) -> Fields {
    let mut out: Fields = Vec::new();
    for (set_id, board, _, _) in &append.results {
        let key = (set_id.clone(), *board);
        if let (Some(f), false) = (fields.get(&key), out.iter().any(|(s, b, _)| s == set_id && b == board)) {
            out.push((key.0, key.1, f.clone()));
        }
    }
    out
}

/// Writes a group's appends in one transaction; answers the stored results of every board the
/// group gave results for (read before the commit, so a table's view of its board's end costs
/// no read of its own: one statement for the whole group).
async fn write_group(pool: &AnyPool, postgres: bool, group: &[Append]) -> Result<FieldRows, StoreError> {
    let started = std::time::Instant::now();
    let mut tx = Write::begin(pool).await?;
    let begun = started.elapsed();
    let fences: Vec<&lease::Fence> = group.iter().filter_map(|a| a.fence.as_ref()).collect();
    if !fences.is_empty() {
        lease::check_fences(&mut tx, &fences, postgres).await?;
    }
    let fenced = started.elapsed();
    if postgres {
        insert_together(&mut tx, group).await?;
    } else {
        // SQLite runs in this process: a statement costs no round trip, and the one-row insert
        // stays prepared.
        for a in group {
            insert_rows(&mut tx, ROOM_EVENT, &a.room, a.first, &a.events).await?;
            for (set_id, board, table, json) in &a.results {
                insert_result_row(&mut tx, set_id, *board, table, json).await?;
            }
            insert_seen(&mut tx, &a.seen).await?;
        }
    }
    let inserted = started.elapsed();
    let rows = read_fields(&mut tx, postgres, group).await?;
    let read = started.elapsed();
    tx.commit().await?;
    let took = started.elapsed();
    if took >= SLOW_GROUP {
        // A diagnostic for the latency tail (docs/scaling.md): RUST_LOG=tenace::slow=debug.
        let ms = |d: std::time::Duration| d.as_micros() as f64 / 1000.0;
        tracing::debug!(target: "tenace::slow", appends = group.len(), begin_ms = ms(begun), fences_ms = ms(fenced - begun), insert_ms = ms(inserted - fenced),
            fields_ms = ms(read - inserted), commit_ms = ms(took - read), "a group commit took long");
    }
    Ok(rows)
}

/// The connections a store keeps open to PostgreSQL (SQLite: one).
const POSTGRES_CONNECTIONS: u32 = 8;

/// A pooled connection used within this long is handed out without a check (`Store::open`).
const UNCHECKED_FOR: std::time::Duration = std::time::Duration::from_secs(1);

/// A group commit that takes this long is logged (debug, target `tenace::slow`).
const SLOW_GROUP: std::time::Duration = std::time::Duration::from_millis(20);

/// The stored results of every board the group gave results for. PostgreSQL: one statement of
/// fixed text ([`rows_param`]); SQLite: statements of at most [`ROWS_PER_READ`] boards.
async fn read_fields(tx: &mut Write, postgres: bool, group: &[Append]) -> Result<FieldRows, StoreError> {
    let mut boards: Vec<(&str, u32)> = group.iter().flat_map(|a| a.results.iter().map(|(set_id, board, _, _)| (set_id.as_str(), *board))).collect();
    boards.sort_unstable();
    boards.dedup();
    let mut rows = FieldRows::new();
    let mut add = |found: Vec<AnyRow>| {
        for r in found {
            rows.entry((r.get::<String, _>(0), r.get::<i64, _>(1) as u32)).or_default().push(r.get::<String, _>(2));
        }
    };
    if boards.is_empty() {
        return Ok(rows);
    }
    if postgres {
        #[derive(Serialize)]
        struct BoardRow<'a> {
            set_id: &'a str,
            board: u32,
        }
        let boards: Vec<BoardRow<'_>> = boards.iter().map(|&(set_id, board)| BoardRow { set_id, board }).collect();
        let found = sqlx::query(
            "SELECT r.set_id, r.board, r.result FROM results r \
             JOIN json_to_recordset($1::json) AS b(set_id text, board bigint) ON r.set_id = b.set_id AND r.board = b.board",
        )
        .bind(rows_param(&boards)?)
        .fetch_all(tx.conn())
        .await?;
        add(found);
        return Ok(rows);
    }
    for chunk in boards.chunks(ROWS_PER_READ) {
        let mut sql = String::from("SELECT set_id, board, result FROM results WHERE (set_id, board) IN (");
        value_rows(&mut sql, chunk.len(), 2);
        sql.push(')');
        let mut q = sqlx::query(&sql).persistent(false);
        for (set_id, board) in chunk {
            q = q.bind(*set_id).bind(i64::from(*board));
        }
        add(q.fetch_all(tx.conn()).await?);
    }
    Ok(rows)
}

/// A person's hands seen of a board join those stored: the ledger only grows (two tables in one
/// group may each show the person a different hand of one board, each entry built from what the
/// node knew before either).
const SEEN_UPSERT: &str = " ON CONFLICT (person, set_id, board) DO UPDATE SET hands = seen.hands | excluded.hands";

/// Rows given to PostgreSQL as one parameter: a JSON array of objects, which the statement
/// unpacks with `json_to_recordset`. The statement's text then never depends on how many rows a
/// group has, so it stays prepared on its connection (parsed and planned once, where a
/// `VALUES` list of the group's length was parsed and planned for every group: docs/scaling.md,
/// session 33). sqlx's `Any` driver binds no arrays, hence JSON.
fn rows_param<R: Serialize>(rows: &[R]) -> Result<String, StoreError> {
    to_json(&rows)
}

/// PostgreSQL: a group's rows in one statement per kind (events, results, hands seen), each of
/// fixed text ([`rows_param`]). One statement per row made the single group writer the club's
/// limit, and the group of a moment when every table shows dummy or ends a board took 80-200 ms
/// (docs/scaling.md, session 27).
async fn insert_together(tx: &mut Write, group: &[Append]) -> Result<(), StoreError> {
    #[derive(Serialize)]
    struct EventRow<'a> {
        room: &'a str,
        seq: usize,
        event: &'a str,
    }
    let events: Vec<EventRow<'_>> =
        group.iter().flat_map(|a| a.events.iter().enumerate().map(|(i, event)| EventRow { room: &a.room, seq: a.first + i, event })).collect();
    if !events.is_empty() {
        sqlx::query(
            "INSERT INTO room_events (room, seq, event) \
             SELECT room, seq, event FROM json_to_recordset($1::json) AS r(room text, seq bigint, event text)",
        )
        .bind(rows_param(&events)?)
        .execute(tx.conn())
        .await?;
    }
    // The first result of a table is kept (`DO NOTHING`), as in the order of the group.
    #[derive(Serialize)]
    struct ResultRow<'a> {
        set_id: &'a str,
        board: u32,
        room: &'a str,
        result: &'a str,
    }
    let results: Vec<ResultRow<'_>> =
        group.iter().flat_map(|a| &a.results).map(|(set_id, board, room, result)| ResultRow { set_id, board: *board, room, result }).collect();
    if !results.is_empty() {
        sqlx::query(
            "INSERT INTO results (set_id, board, room, result) \
             SELECT set_id, board, room, result FROM json_to_recordset($1::json) AS r(set_id text, board bigint, room text, result text) \
             ON CONFLICT DO NOTHING",
        )
        .bind(rows_param(&results)?)
        .execute(tx.conn())
        .await?;
    }
    // One statement may not update a row twice: a person's entries for one board (two tables'
    // views in one group) join first. Each entry holds every hand the person has seen of the
    // board, so their union is the ledger's new value. The map keeps the rows in key order
    // (`ledger_key`), and the statement writes them in that order.
    let mut seen: std::collections::BTreeMap<(&str, &str, u32), u8> = std::collections::BTreeMap::new();
    for s in group.iter().flat_map(|a| &a.seen) {
        *seen.entry(ledger_key(s)).or_default() |= s.hands;
    }
    #[derive(Serialize)]
    struct SeenRow<'a> {
        person: &'a str,
        set_id: &'a str,
        board: u32,
        hands: u8,
    }
    let seen: Vec<SeenRow<'_>> = seen.into_iter().map(|((person, set_id, board), hands)| SeenRow { person, set_id, board, hands }).collect();
    if !seen.is_empty() {
        let sql = format!(
            "INSERT INTO seen (person, set_id, board, hands) \
             SELECT person, set_id, board, hands FROM json_to_recordset($1::json) AS r(person text, set_id text, board bigint, hands bigint){SEEN_UPSERT}"
        );
        sqlx::query(&sql).bind(rows_param(&seen)?).execute(tx.conn()).await?;
    }
    Ok(())
}

/// Appends `rows` rows of `columns` placeholders each to `sql`: `($1, $2), ($3, $4)`.
fn value_rows(sql: &mut String, rows: usize, columns: usize) {
    use std::fmt::Write as _;
    for i in 0..rows {
        sql.push_str(if i == 0 { "(" } else { ", (" });
        for c in 0..columns {
            let _ = write!(sql, "{}${}", if c == 0 { "" } else { ", " }, columns * i + c + 1);
        }
        sql.push(')');
    }
}

/// One write transaction on a pooled connection, with `BEGIN`, `COMMIT` and `ROLLBACK` issued
/// here rather than by sqlx's transaction manager.
///
/// Why: SQLite rolls back a whole transaction by itself on some errors (a full disk, an I/O
/// error). sqlx's `ROLLBACK` then fails and its count of open transactions stays one too high, so
/// the next transaction became a `SAVEPOINT`; one more failure left a real transaction open on
/// the connection for good, and every later "commit" only released a savepoint inside it: the
/// store answered "stored", nothing reached the disk, and a crash lost it all (seen in CI under a
/// full tmpfs). The invariant kept here instead: a connection goes back to the pool only after
/// its transaction ended cleanly (`COMMIT` or `ROLLBACK` succeeded); any other way out closes
/// the connection, which ends whatever SQLite or PostgreSQL still held open, and the pool opens
/// a fresh one.
struct Write {
    conn: sqlx::pool::PoolConnection<sqlx::Any>,
    ended: bool,
}

impl Write {
    /// Begins a transaction. A connection taken without a check (used within the last
    /// [`UNCHECKED_FOR`]) may have died meanwhile (the server restarted, the session was
    /// ended): when `BEGIN` fails on it, that connection is closed and the transaction begun
    /// again on another, until the pool has had to open a new one. Nothing was written by a
    /// failed `BEGIN`.
    async fn begin(pool: &AnyPool) -> Result<Write, StoreError> {
        let mut attempt = 0;
        loop {
            let mut w = Write { conn: pool.acquire().await?, ended: false };
            match sqlx::query("BEGIN").execute(w.conn()).await {
                Ok(_) => return Ok(w),
                Err(e) if attempt < pool.options().get_max_connections() => {
                    tracing::info!("BEGIN failed on a pooled connection ({e}); beginning again on another");
                    attempt += 1;
                }
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// The connection, to run this transaction's statements on.
    fn conn(&mut self) -> &mut sqlx::AnyConnection {
        &mut self.conn
    }

    async fn commit(mut self) -> Result<(), StoreError> {
        sqlx::query("COMMIT").execute(self.conn()).await?;
        self.ended = true;
        Ok(())
    }

    async fn rollback(mut self) -> Result<(), StoreError> {
        sqlx::query("ROLLBACK").execute(self.conn()).await?;
        self.ended = true;
        Ok(())
    }
}

impl Drop for Write {
    fn drop(&mut self) {
        if !self.ended {
            self.conn.close_on_drop();
        }
    }
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

/// How long [`Store::open`] keeps asking a database that gives no connection.
pub const OPEN_PATIENCE: std::time::Duration = std::time::Duration::from_secs(60);

impl Store {
    /// Opens (and creates, for SQLite) the database at `url` and its tables.
    ///
    /// A SQLite file that exists but is empty, is not a SQLite database, or holds another
    /// program's tables is refused with a message naming the file: it is never taken for a new
    /// club. Durability: SQLite runs in WAL mode with `synchronous=FULL`, so a commit is on disk
    /// (fsync of the WAL) before it returns; PostgreSQL's commit too (`synchronous_commit = on` is set
    /// on every connection, whatever the server's default).
    ///
    /// A database that gives no connection within the pool's 5 s while the club starts (a
    /// loaded machine, a server still starting) is asked again for up to a minute
    /// ([`OPEN_PATIENCE`]), each wait logged; the 5 s limit is for the tables' actions, where a
    /// silent store must stop the table loudly, not for the start.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_within(url, OPEN_PATIENCE).await
    }

    /// [`Store::open`], asking a database that gives no connection again until `patience` has
    /// passed; then the error names the database and what was waited for.
    pub async fn open_within(url: &str, patience: std::time::Duration) -> Result<Store, StoreError> {
        let started = std::time::Instant::now();
        loop {
            match Store::open_once(url).await {
                Err(StoreError::Database(sqlx::Error::PoolTimedOut)) if started.elapsed() < patience => {
                    tracing::warn!("opening the store: {} gave no connection within 5 s; asking again", redact(url));
                    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
                }
                Err(StoreError::Database(sqlx::Error::PoolTimedOut)) => {
                    return Err(StoreError::Refused(format!(
                        "{} gave no connection in {} s (is the database running, reachable and not overloaded?)",
                        redact(url),
                        started.elapsed().as_secs()
                    )))
                }
                other => return other,
            }
        }
    }

    async fn open_once(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let url = if url.starts_with("sqlite:") && !url.contains("mode=") {
            format!("{url}{}mode=rwc", if url.contains('?') { "&" } else { "?" })
        } else {
            url.to_string()
        };
        let sqlite = url.starts_with("sqlite:");
        if sqlite {
            check_sqlite_file(&url)?;
        }
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 1 } else { POSTGRES_CONNECTIONS })
            // PostgreSQL: a statement that waits more than 5 s (a lock held elsewhere, a server
            // that stopped answering) fails, so the table stops loudly instead of hanging.
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if !sqlite {
                        sqlx::query("SET statement_timeout = 5000").execute(&mut *conn).await?;
                        // A process stopped inside a transaction (SIGSTOP, a frozen machine)
                        // holds its row locks until the server ends its session: the lease row
                        // an append read `FOR KEY SHARE` would keep every other node from taking
                        // the table over. The server ends a session idle in a transaction for
                        // 5 s (this club's transactions never wait between their statements).
                        sqlx::query("SET idle_in_transaction_session_timeout = 5000").execute(&mut *conn).await?;
                        // A commit returns only once it is on disk, whatever the server's
                        // default (an operator may have turned it off for speed).
                        sqlx::query("SET synchronous_commit = on").execute(&mut *conn).await?;
                    }
                    Ok(())
                })
            })
            // A store that does not answer fails the action within seconds (the table then
            // stops, loudly), rather than holding the table for sqlx's default 30 s.
            .acquire_timeout(std::time::Duration::from_secs(5))
            // sqlx checks every connection it hands out with a round trip (a ping) by default:
            // under load that was one round trip in five of every group commit (docs/scaling.md,
            // session 29). A connection used within the last `UNCHECKED_FOR` is handed out as
            // it is (a failed `BEGIN` on it is retried on another: `Write::begin`); one idle
            // longer is checked as before.
            .test_before_acquire(false)
            .before_acquire(|conn, meta| {
                Box::pin(async move {
                    if meta.idle_for < UNCHECKED_FOR {
                        return Ok(true);
                    }
                    Ok(sqlx::Connection::ping(conn).await.is_ok())
                })
            })
            .connect(&url)
            .await
            .map_err(|e| opening(&url, e))?;
        if sqlite {
            sqlx::query("PRAGMA journal_mode=WAL").execute(&pool).await.map_err(|e| opening(&url, e))?;
            // On this connection; a connection the pool opens later (after a failed write
            // closed the last one, see `Write`) gets SQLite's built-in default, also FULL.
            sqlx::query("PRAGMA synchronous=FULL").execute(&pool).await?;
            let rows = sqlx::query("SELECT name FROM sqlite_master WHERE type = 'table'").fetch_all(&pool).await.map_err(|e| opening(&url, e))?;
            let tables: Vec<String> = rows.iter().map(|r| r.get::<String, _>(0)).collect();
            if !tables.is_empty() && !tables.iter().any(|t| OWN_TABLES.contains(&t.as_str())) {
                return Err(StoreError::Refused(format!(
                    "{} is not a Tenace database (it holds the tables {}); give another file with --database",
                    redact(&url),
                    tables.join(", ")
                )));
            }
        }
        if sqlite {
            for stmt in SCHEMA {
                sqlx::query(stmt).execute(&pool).await?;
            }
            sqlx::query("INSERT INTO tenace_meta (key, value) VALUES ('schema', '2') ON CONFLICT (key) DO UPDATE SET value = excluded.value")
                .execute(&pool)
                .await?;
        } else {
            // PostgreSQL: the schema in one transaction (one commit, all or nothing), and a
            // server starting beside a busy database waits up to a minute for it (the 5 s limit
            // is for the tables' actions, not for the start; seen exceeded on a loaded CI
            // machine).
            let mut tx = Write::begin(&pool).await?;
            sqlx::query("SET LOCAL statement_timeout = 60000").execute(tx.conn()).await?;
            for stmt in SCHEMA {
                sqlx::query(stmt).execute(tx.conn()).await?;
            }
            sqlx::query("INSERT INTO tenace_meta (key, value) VALUES ('schema', '2') ON CONFLICT (key) DO UPDATE SET value = excluded.value")
                .execute(tx.conn())
                .await?;
            tx.commit().await?;
        }
        // Accounts made before names were folded get their folded key (the first one wins).
        let users = sqlx::query("SELECT name FROM users ORDER BY created, name").fetch_all(&pool).await?;
        for u in users {
            let name: String = u.get(0);
            sqlx::query("INSERT INTO user_keys (folded, name) VALUES ($1, $2) ON CONFLICT DO NOTHING")
                .bind(crate::accounts::fold(&name))
                .bind(&name)
                .execute(&pool)
                .await?;
        }
        let (writer, rx) = tokio::sync::mpsc::channel(4 * GROUP);
        let grouped = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        tokio::spawn(group_writer(pool.clone(), !sqlite, rx, grouped.clone()));
        Ok(Store { pool, writer, postgres: !sqlite, grouped })
    }

    /// How a commit is made durable, as the database reports it on a connection of the pool:
    /// `synchronous=2` (FULL) for SQLite, `synchronous_commit=on` for PostgreSQL.
    pub async fn durability(&self) -> Result<String, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let backend = conn.backend_name().to_string();
        if backend.eq_ignore_ascii_case("sqlite") {
            let level: i64 = sqlx::query_scalar("PRAGMA synchronous").fetch_one(&mut *conn).await?;
            Ok(format!("synchronous={level}"))
        } else {
            let setting: String = sqlx::query_scalar("SHOW synchronous_commit").fetch_one(&mut *conn).await?;
            Ok(format!("synchronous_commit={setting}"))
        }
    }

    /// PostgreSQL: how long a statement may wait and a session may sit idle inside a
    /// transaction before the server ends it, as the server reports them on a connection of the
    /// pool (`None` for SQLite, one process's file).
    pub async fn session_limits(&self) -> Result<Option<(String, String)>, StoreError> {
        if !self.postgres {
            return Ok(None);
        }
        let mut conn = self.pool.acquire().await?;
        let statement: String = sqlx::query_scalar("SHOW statement_timeout").fetch_one(&mut *conn).await?;
        let idle: String = sqlx::query_scalar("SHOW idle_in_transaction_session_timeout").fetch_one(&mut *conn).await?;
        Ok(Some((statement, idle)))
    }

    /// The health probe: succeeds only when the store accepts writes that need new space (a
    /// 64 KiB row is written and removed, each in its own transaction), so a full disk is not
    /// taken for a working store because one small row could be rewritten in place.
    pub async fn probe(&self) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO health (id, at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET at = excluded.at")
            .bind(crate::club::now())
            .execute(&self.pool)
            .await?;
        sqlx::query("INSERT INTO health (id, at, pad) VALUES (2, $1, $2) ON CONFLICT (id) DO UPDATE SET pad = excluded.pad")
            .bind(crate::club::now())
            .bind("x".repeat(64 * 1024))
            .execute(&self.pool)
            .await?;
        sqlx::query("DELETE FROM health WHERE id = 2").execute(&self.pool).await?;
        Ok(())
    }

    /// SQLite only: caps the database at `pages` pages (`PRAGMA max_page_count`), so that writes
    /// beyond it fail as on a full disk. For the store-failure tests and for operators who want a
    /// hard size limit; returns the cap in force.
    pub async fn limit_sqlite_pages(&self, pages: i64) -> Result<i64, StoreError> {
        let row = sqlx::query(&format!("PRAGMA max_page_count = {pages}")).fetch_one(&self.pool).await?;
        Ok(row.try_get::<i64, _>(0).unwrap_or(pages))
    }

    /// The pages the SQLite database uses now (`PRAGMA page_count`).
    pub async fn sqlite_pages(&self) -> Result<i64, StoreError> {
        let row = sqlx::query("PRAGMA page_count").fetch_one(&self.pool).await?;
        Ok(row.try_get::<i64, _>(0).unwrap_or(0))
    }

    /// Creates an account; false when the name, folded, is taken.
    pub async fn create_user(&self, name: &str, folded: &str, hash: &str, now: i64) -> Result<bool, StoreError> {
        let mut tx = Write::begin(&self.pool).await?;
        let r = sqlx::query("INSERT INTO user_keys (folded, name) VALUES ($1, $2) ON CONFLICT DO NOTHING").bind(folded).bind(name).execute(tx.conn()).await?;
        if r.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        let r = sqlx::query("INSERT INTO users (name, password_hash, created) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
            .bind(name)
            .bind(hash)
            .bind(now)
            .execute(tx.conn())
            .await?;
        if r.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        tx.commit().await?;
        Ok(true)
    }

    /// The account name and password hash of a folded name.
    pub async fn account(&self, folded: &str) -> Result<Option<(String, String)>, StoreError> {
        let row = sqlx::query("SELECT u.name, u.password_hash FROM user_keys k JOIN users u ON u.name = k.name WHERE k.folded = $1")
            .bind(folded)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| (r.get::<String, _>(0), r.get::<String, _>(1))))
    }

    /// Ends a session (log out); true when there was one.
    pub async fn delete_session(&self, token: &str) -> Result<bool, StoreError> {
        let r = sqlx::query("DELETE FROM sessions WHERE token = $1").bind(token).execute(&self.pool).await?;
        Ok(r.rows_affected() > 0)
    }

    pub async fn create_session(&self, token: &str, name: &str, expires: i64) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO sessions (token, name, expires) VALUES ($1, $2, $3)").bind(token).bind(name).bind(expires).execute(&self.pool).await?;
        Ok(())
    }

    /// The account of a session token and when it expires.
    pub async fn session(&self, token: &str) -> Result<Option<(String, i64)>, StoreError> {
        let row = sqlx::query("SELECT name, expires FROM sessions WHERE token = $1").bind(token).fetch_optional(&self.pool).await?;
        Ok(row.map(|r| (r.get::<String, _>(0), r.get::<i64, _>(1))))
    }

    pub async fn create_room(&self, id: &str, options: &RoomOptions, now: i64) -> Result<(), StoreError> {
        let json = to_json(&StoredOptions::from(options))?;
        sqlx::query("INSERT INTO rooms (id, options, created) VALUES ($1, $2, $3)").bind(id).bind(json).bind(now).execute(&self.pool).await?;
        Ok(())
    }

    /// Appends `events` to `room`'s log from sequence number `first` on, with the board results
    /// they produce and the hands they will show people for the first time (`seen`), in one
    /// durable transaction — shared with the other tables' appends waiting at the same moment
    /// (group commit: one fsync for all of them). Answers the field of each board `results`
    /// are for, as stored at the commit.
    pub async fn append(
        &self,
        room: &str,
        first: usize,
        events: &[RoomEvent],
        results: &[(String, u32, FieldResult)],
        seen: &[Seen],
    ) -> Result<Fields, StoreError> {
        self.append_under(None, room, first, events, results, seen).await
    }

    /// How many table appends were committed together with others (group commit) since the
    /// store was opened: a group that fails is written again one append at a time, which is
    /// correct but slow, and shows here.
    pub fn grouped_appends(&self) -> u64 {
        self.grouped.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// [`Store::append`] by the holder of `lease` (a club of several nodes): refused with
    /// [`StoreError::Fenced`], nothing written, once the lease has moved to another node.
    pub async fn append_under(
        &self,
        lease: Option<&Lease>,
        room: &str,
        first: usize,
        events: &[RoomEvent],
        results: &[(String, u32, FieldResult)],
        seen: &[Seen],
    ) -> Result<Fields, StoreError> {
        let events = events.iter().map(to_json).collect::<Result<Vec<_>, _>>()?;
        let results =
            results.iter().map(|(set_id, board, r)| Ok((set_id.clone(), *board, r.table.clone(), to_json(r)?))).collect::<Result<Vec<_>, StoreError>>()?;
        let (reply, answer) = tokio::sync::oneshot::channel();
        let append = Append { room: room.to_string(), first, events, results, seen: seen.to_vec(), fence: lease.map(lease::Fence::from), reply };
        let gone = || StoreError::Refused("the store's writer has stopped".into());
        self.writer.send(append).await.map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }

    /// Records hands shown to people (outside a table's own events: a kibitzer's first view,
    /// the Director's desk), in one transaction.
    pub async fn record_seen(&self, seen: &[Seen]) -> Result<(), StoreError> {
        if seen.is_empty() {
            return Ok(());
        }
        let mut tx = Write::begin(&self.pool).await?;
        insert_seen(&mut tx, seen).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Everything every person has been shown.
    pub async fn all_seen(&self) -> Result<Vec<Seen>, StoreError> {
        let rows = sqlx::query("SELECT person, set_id, board, hands FROM seen").fetch_all(&self.pool).await?;
        Ok(rows.iter().map(seen_row).collect())
    }

    /// Everything `person` has been shown (a node of a club of several reads it before seating
    /// or showing a table to them: another node may have shown them hands since, crate::node).
    pub async fn seen_of(&self, person: &str) -> Result<Vec<Seen>, StoreError> {
        let rows = sqlx::query("SELECT person, set_id, board, hands FROM seen WHERE person = $1").bind(person).fetch_all(&self.pool).await?;
        Ok(rows.iter().map(seen_row).collect())
    }

    /// The board set and board of a ruling carried over from an online table.
    pub async fn set_ruling_board(&self, ruling: &str, set_id: &str, board: u32) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO ruling_boards (ruling, set_id, board) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
            .bind(ruling)
            .bind(set_id)
            .bind(i64::from(board))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn ruling_board(&self, ruling: &str) -> Result<Option<(String, u32)>, StoreError> {
        let row = sqlx::query("SELECT set_id, board FROM ruling_boards WHERE ruling = $1").bind(ruling).fetch_optional(&self.pool).await?;
        Ok(row.map(|r| (r.get::<String, _>(0), r.get::<i64, _>(1) as u32)))
    }

    /// Records a result played elsewhere (the robots' comparison table), once.
    pub async fn add_result(&self, set_id: &str, board: u32, result: &FieldResult) -> Result<(), StoreError> {
        let mut tx = Write::begin(&self.pool).await?;
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

    /// Every room with its events, to rebuild the club after a restart. A room whose stored
    /// data cannot be read comes back as an error with its id; the others are unaffected. Only a
    /// failure of the database itself fails the whole call.
    pub async fn rooms(&self) -> Result<Vec<StoredRoomResult>, StoreError> {
        let rooms = sqlx::query("SELECT id FROM rooms ORDER BY created, id").fetch_all(&self.pool).await?;
        let mut out = Vec::with_capacity(rooms.len());
        for r in rooms {
            let id: String = r.get(0);
            out.push(match self.room(&id).await {
                Ok(Some(room)) => Ok(room),
                Ok(None) => continue,
                Err(e @ StoreError::Database(_)) => return Err(e),
                Err(e) => Err((id, e)),
            });
        }
        Ok(out)
    }

    /// One room with its events, or `None` when there is no such room.
    pub async fn room(&self, id: &str) -> Result<Option<StoredRoom>, StoreError> {
        let Some(r) = sqlx::query("SELECT options FROM rooms WHERE id = $1").bind(id).fetch_optional(&self.pool).await? else {
            return Ok(None);
        };
        let options: StoredOptions = parse(r.get::<String, _>(0).as_str())?;
        let options = RoomOptions::try_from(options)?;
        let rows: Vec<AnyRow> = sqlx::query("SELECT seq, event FROM room_events WHERE room = $1 ORDER BY seq").bind(id).fetch_all(&self.pool).await?;
        let mut events = Vec::with_capacity(rows.len());
        for (i, row) in rows.iter().enumerate() {
            let seq: i64 = row.get(0);
            if seq != i as i64 {
                return Err(StoreError::Corrupt(format!("event {i} is missing (the next stored event is number {seq})")));
            }
            let text: String = row.get(1);
            events.push(parse(&text).map_err(|e| StoreError::Corrupt(format!("event {i}: {e}")))?);
        }
        Ok(Some(StoredRoom { id: id.to_string(), options, events }))
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
        events: &[tenace_director::FaceEvent],
    ) -> Result<(), StoreError> {
        let json = to_json(board)?;
        let mut tx = Write::begin(&self.pool).await?;
        sqlx::query("INSERT INTO rulings (id, director, board, origin, created) VALUES ($1, $2, $3, $4, $5)")
            .bind(id)
            .bind(director)
            .bind(json)
            .bind(origin)
            .bind(now)
            .execute(tx.conn())
            .await?;
        insert_events(&mut tx, RULING_EVENT, id, 0, events).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Appends `events` to a ruling's log from sequence number `first` on, in one transaction.
    pub async fn append_ruling(&self, ruling: &str, first: usize, events: &[tenace_director::FaceEvent]) -> Result<(), StoreError> {
        let mut tx = Write::begin(&self.pool).await?;
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

const ROOM_EVENT: &str = "INSERT INTO room_events (room, seq, event) VALUES ($1, $2, $3)";
const RULING_EVENT: &str = "INSERT INTO ruling_events (ruling, seq, event) VALUES ($1, $2, $3)";
const TOURNAMENT_EVENT: &str = "INSERT INTO tournament_events (tournament, seq, event) VALUES ($1, $2, $3)";

/// A stored tournament: how it was set up and its events (JSON, of the kind's event type) in
/// order.
pub struct StoredTournament {
    pub id: String,
    pub setup: TournamentSetup,
    pub events: Vec<String>,
}

/// How a tournament was set up, by kind, as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", content = "options", rename_all = "snake_case")]
pub enum TournamentSetup {
    RobotIndividual(TournamentOptions),
    Pairs(PairsOptions),
    Teams(TeamsOptions),
}

impl Store {
    /// Notes that tournament `id` was alive at `at` (Unix seconds), for its clock after a restart.
    pub async fn tournament_alive(&self, id: &str, at: i64) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO tenace_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
            .bind(format!("alive:{id}"))
            .bind(at.to_string())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// When tournament `id` was last noted alive.
    pub async fn tournament_last_alive(&self, id: &str) -> Result<Option<i64>, StoreError> {
        let row = sqlx::query("SELECT value FROM tenace_meta WHERE key = $1").bind(format!("alive:{id}")).fetch_optional(&self.pool).await?;
        Ok(row.and_then(|r| r.get::<String, _>(0).parse().ok()))
    }

    pub async fn create_tournament(&self, id: &str, setup: &TournamentSetup, now: i64) -> Result<(), StoreError> {
        let json = to_json(setup)?;
        sqlx::query("INSERT INTO tournaments (id, options, created) VALUES ($1, $2, $3)").bind(id).bind(json).bind(now).execute(&self.pool).await?;
        Ok(())
    }

    /// Appends `events` to a tournament's log from sequence number `first` on, in one
    /// transaction.
    pub async fn append_tournament<E: serde::Serialize>(&self, id: &str, first: usize, events: &[E]) -> Result<(), StoreError> {
        self.append_tournament_under(None, id, first, events).await
    }

    /// [`Store::append_tournament`] by the holder of `lease` (a club of several nodes): refused
    /// with [`StoreError::Fenced`], nothing written, once the lease has moved to another node.
    pub async fn append_tournament_under<E: serde::Serialize>(&self, lease: Option<&Lease>, id: &str, first: usize, events: &[E]) -> Result<(), StoreError> {
        let mut tx = Write::begin(&self.pool).await?;
        if let Some(lease) = lease {
            lease::check_fence(&mut tx, &lease::Fence::from(lease), self.postgres).await?;
        }
        insert_events(&mut tx, TOURNAMENT_EVENT, id, first, events).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Every tournament with its events; one whose stored data cannot be read comes back as an
    /// error with its id.
    pub async fn tournaments(&self) -> Result<Vec<Result<StoredTournament, (String, StoreError)>>, StoreError> {
        let rows = sqlx::query("SELECT id, options FROM tournaments ORDER BY created, id").fetch_all(&self.pool).await?;
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let id: String = r.get(0);
            let text: String = r.get(1);
            let setup = parse::<TournamentSetup>(&text);
            let events = sqlx::query("SELECT seq, event FROM tournament_events WHERE tournament = $1 ORDER BY seq").bind(&id).fetch_all(&self.pool).await?;
            let events: Result<Vec<String>, StoreError> = events
                .iter()
                .enumerate()
                .map(|(i, row)| {
                    let seq: i64 = row.get(0);
                    if seq != i as i64 {
                        return Err(StoreError::Corrupt(format!("event {i} is missing (the next stored event is number {seq})")));
                    }
                    Ok(row.get::<String, _>(1))
                })
                .collect();
            out.push(match (setup, events) {
                (Ok(setup), Ok(events)) => Ok(StoredTournament { id, setup, events }),
                (Err(e), _) | (_, Err(e)) => Err((id, e)),
            });
        }
        Ok(out)
    }
}

const NIGHT_EVENT: &str = "INSERT INTO night_events (night, seq, event) VALUES ($1, $2, $3)";

impl Store {
    /// Stores a new club night with its table codes, in one transaction.
    pub async fn create_night(&self, id: &str, setup: &crate::nights::NightSetup, now: i64) -> Result<(), StoreError> {
        let json = to_json(setup)?;
        let mut tx = Write::begin(&self.pool).await?;
        sqlx::query("INSERT INTO nights (id, setup, created) VALUES ($1, $2, $3)").bind(id).bind(json).bind(now).execute(tx.conn()).await?;
        for code in setup.codes.values() {
            sqlx::query("INSERT INTO night_codes (code, night) VALUES ($1, $2)").bind(code).bind(id).execute(tx.conn()).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Appends `events` to a club night's log from sequence number `first` on, in one
    /// transaction.
    pub async fn append_night(&self, id: &str, first: usize, events: &[crate::nights::NightEvent]) -> Result<(), StoreError> {
        let mut tx = Write::begin(&self.pool).await?;
        insert_events(&mut tx, NIGHT_EVENT, id, first, events).await?;
        tx.commit().await?;
        Ok(())
    }

    /// A club night's setup and log, or `None` when there is no such night.
    pub async fn night(&self, id: &str) -> Result<Option<(crate::nights::NightSetup, Vec<crate::nights::NightEvent>)>, StoreError> {
        let Some(row) = sqlx::query("SELECT setup FROM nights WHERE id = $1").bind(id).fetch_optional(&self.pool).await? else { return Ok(None) };
        let setup = parse(&row.get::<String, _>(0))?;
        let rows = sqlx::query("SELECT seq, event FROM night_events WHERE night = $1 ORDER BY seq").bind(id).fetch_all(&self.pool).await?;
        let mut events = Vec::with_capacity(rows.len());
        for (i, r) in rows.iter().enumerate() {
            let seq: i64 = r.get(0);
            if seq != i as i64 {
                return Err(StoreError::Corrupt(format!("club night {id}: result {i} is missing (the next stored one is number {seq})")));
            }
            events.push(parse(&r.get::<String, _>(1))?);
        }
        Ok(Some((setup, events)))
    }

    /// The night a table code belongs to (codes are stored in capitals).
    pub async fn night_of_code(&self, code: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query("SELECT night FROM night_codes WHERE code = $1").bind(code.trim().to_ascii_uppercase()).fetch_optional(&self.pool).await?;
        Ok(row.map(|r| r.get(0)))
    }

    /// Every club night: id, name (from the setup) and when it was created, newest first.
    pub async fn nights(&self) -> Result<Vec<(String, String, i64)>, StoreError> {
        let rows = sqlx::query("SELECT id, setup, created FROM nights ORDER BY created DESC, id").fetch_all(&self.pool).await?;
        Ok(rows
            .iter()
            .map(|r| {
                let name = parse::<crate::nights::NightSetup>(&r.get::<String, _>(1)).map(|s| s.event.name).unwrap_or_else(|e| format!("(unreadable: {e})"));
                (r.get(0), name, r.get(2))
            })
            .collect())
    }
}

/// Appends `events` to a log (a room's or a ruling's) as JSON, numbered from `first` on; `insert`
/// is the log's INSERT statement binding the owner, the sequence number and the event.
async fn insert_events<E: serde::Serialize>(tx: &mut Write, insert: &'static str, owner: &str, first: usize, events: &[E]) -> Result<(), StoreError> {
    let jsons = events.iter().map(to_json).collect::<Result<Vec<_>, _>>()?;
    insert_rows(tx, insert, owner, first, &jsons).await
}

/// Appends events already written as JSON to a log, numbered from `first` on.
async fn insert_rows(tx: &mut Write, insert: &'static str, owner: &str, first: usize, jsons: &[String]) -> Result<(), StoreError> {
    for (i, json) in jsons.iter().enumerate() {
        sqlx::query(insert).bind(owner).bind((first + i) as i64).bind(json).execute(tx.conn()).await?;
    }
    Ok(())
}

/// The ledger's rows are written in this order by every transaction (each node's group commits,
/// `record_seen`): two transactions updating the same two rows (a kibitzer watching two tables
/// owned by two nodes) then lock them in the same order and cannot deadlock.
fn ledger_key(s: &Seen) -> (&str, &str, u32) {
    (&s.person, &s.set_id, s.board)
}

async fn insert_seen(tx: &mut Write, seen: &[Seen]) -> Result<(), StoreError> {
    let sql = format!("INSERT INTO seen (person, set_id, board, hands) VALUES ($1, $2, $3, $4){SEEN_UPSERT}");
    let mut seen: Vec<&Seen> = seen.iter().collect();
    seen.sort_unstable_by(|a, b| ledger_key(a).cmp(&ledger_key(b)));
    for s in seen {
        sqlx::query(&sql).bind(&s.person).bind(&s.set_id).bind(i64::from(s.board)).bind(i64::from(s.hands)).execute(tx.conn()).await?;
    }
    Ok(())
}

/// Refuses a SQLite file that exists but is empty: an empty file is what a failed copy or a
/// full disk leaves, and opening it would start a new, empty club over the old one's name.
fn check_sqlite_file(url: &str) -> Result<(), StoreError> {
    let path = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
    let path = path.split('?').next().unwrap_or("");
    if path.is_empty() || path == ":memory:" {
        return Ok(());
    }
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() && m.len() == 0 => Err(StoreError::Refused(format!(
            "the database file {path} is empty (0 bytes): it is not a Tenace club; restore it from a backup, or remove it to start a new club"
        ))),
        _ => Ok(()),
    }
}

/// An error while opening the database, naming it (without a password).
fn opening(url: &str, e: sqlx::Error) -> StoreError {
    let text = e.to_string();
    if text.contains("not a database") || text.contains("file is encrypted") {
        StoreError::Refused(format!("{} is not a SQLite database ({text}); give another file with --database", redact(url)))
    } else {
        StoreError::Database(e)
    }
}

/// The database URL without its credentials (`postgres://…@host/db`).
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(p), Some(at)) if at > p => format!("{}://…{}", &url[..p], &url[at..]),
        _ => url.to_string(),
    }
}

async fn insert_result(tx: &mut Write, set_id: &str, board: u32, result: &FieldResult) -> Result<(), StoreError> {
    insert_result_row(tx, set_id, board, &result.table, &to_json(result)?).await
}

/// Records a table's result (as JSON) once: a second one for the same table and board is ignored.
async fn insert_result_row(tx: &mut Write, set_id: &str, board: u32, table: &str, json: &str) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO results (set_id, board, room, result) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING")
        .bind(set_id)
        .bind(i64::from(board))
        .bind(table)
        .bind(json)
        .execute(tx.conn())
        .await?;
    Ok(())
}

/// The JSON text a value is stored as.
fn to_json<T: serde::Serialize>(v: &T) -> Result<String, StoreError> {
    serde_json::to_string(v).map_err(|e| StoreError::Corrupt(e.to_string()))
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
    #[serde(default = "first_board", skip_serializing_if = "is_first_board")]
    first: u32,
}

fn first_board() -> u32 {
    1
}

fn is_first_board(n: &u32) -> bool {
    *n == 1
}

impl From<&RoomOptions> for StoredOptions {
    fn from(o: &RoomOptions) -> StoredOptions {
        StoredOptions { name: o.name.clone(), set_seed: o.set_seed.to_string(), boards: o.boards, kibitzers_see_all: o.kibitzers_see_all, first: o.first }
    }
}

impl TryFrom<StoredOptions> for RoomOptions {
    type Error = StoreError;
    fn try_from(o: StoredOptions) -> Result<RoomOptions, StoreError> {
        let set_seed = o.set_seed.parse().map_err(|_| StoreError::Corrupt(format!("room {:?}: set seed {:?} is not a number", o.name, o.set_seed)))?;
        Ok(RoomOptions { name: o.name, set_seed, boards: o.boards, kibitzers_see_all: o.kibitzers_see_all, first: o.first })
    }
}
