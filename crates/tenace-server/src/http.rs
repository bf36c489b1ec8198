//! HTTP routes: the browser client (embedded, no build step), accounts, and the WebSocket.

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tenace_core::Seat;
use tenace_online::RoomOptions;

use crate::accounts::{self, AuthError};
use crate::club::{Club, Outbox, RoomCmd};
use crate::protocol::{ClientMsg, ServerMsg, PROTOCOL};
use crate::tournaments::TournamentCmd;

/// Shared state of the routes.
#[derive(Clone)]
pub struct App {
    pub club: Arc<Club>,
    next_conn: Arc<AtomicU64>,
}

pub fn router(club: Arc<Club>) -> Router {
    let max_body = club.config.limits.max_body;
    // Connections are numbered from the start time in microseconds: a node restarted under its
    // name never reuses a number its previous life gave (other nodes may still know it).
    let start = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_micros() as u64);
    let app = App { club, next_conn: Arc::new(AtomicU64::new(start)) };
    Router::new()
        .route("/", get(|| async { page("text/html; charset=utf-8", include_str!("../web/index.html")) }))
        .route("/app.js", get(|| async { page("text/javascript; charset=utf-8", include_str!("../web/app.js")) }))
        .route("/app.css", get(|| async { page("text/css; charset=utf-8", include_str!("../web/app.css")) }))
        .route("/director", get(|| async { page("text/html; charset=utf-8", include_str!("../web/director.html")) }))
        .route("/director.js", get(|| async { page("text/javascript; charset=utf-8", include_str!("../web/director.js")) }))
        .route("/common.js", get(|| async { page("text/javascript; charset=utf-8", include_str!("../web/common.js")) }))
        .route("/protocol.js", get(|| async { page("text/javascript; charset=utf-8", include_str!("../web/protocol.js")) }))
        .route("/scorer", get(|| async { page("text/html; charset=utf-8", include_str!("../web/scorer.html")) }))
        .route("/scorer.js", get(|| async { page("text/javascript; charset=utf-8", include_str!("../web/scorer.js")) }))
        .route("/t/{code}", get(|| async { page("text/html; charset=utf-8", include_str!("../web/table.html")) }))
        .route("/table.js", get(|| async { page("text/javascript; charset=utf-8", include_str!("../web/table.js")) }))
        .route("/api/nights", get(list_nights).post(create_night))
        .route("/api/nights/{id}", get(show_night))
        .route("/api/nights/{id}/event", get(night_event))
        .route("/api/nights/{id}/scores", post(night_score))
        .route("/api/night-tables/{code}", get(night_table))
        .route("/api/night-tables/{code}/results", post(night_enter))
        .route("/api/rulings", get(list_rulings).post(open_ruling))
        .route("/api/rulings/{id}", get(show_ruling).post(rule))
        .route("/api/tournaments/{file}", get(tournament_report))
        .route("/api/replays/{table}/{board}", get(board_replay))
        .route("/replay", get(|| async { page("text/html; charset=utf-8", include_str!("../web/replay.html")) }))
        .route("/replay.js", get(|| async { page("text/javascript; charset=utf-8", include_str!("../web/replay.js")) }))
        .route("/api/register", post(register))
        .route("/api/login", post(login))
        .route("/api/logout", post(logout))
        .route("/ws/v1", get(websocket))
        .layer(DefaultBodyLimit::max(max_body))
        .layer(axum::middleware::from_fn(move |request, next| refuse_announced_oversize(max_body, request, next)))
        .with_state(app)
}

/// 413 at once for a request whose `Content-Length` announces more than `max_body` bytes: not
/// one byte of its body is read. (`DefaultBodyLimit` alone reads up to the limit before it
/// refuses, and a client still writing a large body then meets a closed connection instead of
/// the answer.)
async fn refuse_announced_oversize(max_body: usize, request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let announced = request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    match announced {
        Some(length) if length > max_body as u64 => {
            refused((StatusCode::PAYLOAD_TOO_LARGE, format!("the body announces {length} bytes; at most {max_body} are read")))
        }
        _ => next.run(request).await,
    }
}

fn page(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Credentials {
    name: String,
    password: String,
}

fn auth_error(e: AuthError) -> Response {
    let status = match e {
        AuthError::BadName(_) | AuthError::BadPassword(_) => StatusCode::BAD_REQUEST,
        AuthError::NameTaken => StatusCode::CONFLICT,
        AuthError::WrongPassword | AuthError::BadToken | AuthError::Expired => StatusCode::UNAUTHORIZED,
        AuthError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
        AuthError::Store(_) => StatusCode::SERVICE_UNAVAILABLE,
        AuthError::Hash(_) => StatusCode::INTERNAL_SERVER_ERROR,
    };
    let mut r = (status, Json(serde_json::json!({ "error": e.to_string() }))).into_response();
    if let AuthError::TooMany(secs) = e {
        if let Ok(v) = secs.to_string().parse() {
            r.headers_mut().insert(header::RETRY_AFTER, v);
        }
    }
    r
}

/// 503 while the store refuses writes: nothing can be registered or logged in.
fn store_down() -> Response {
    (StatusCode::SERVICE_UNAVAILABLE, Json(serde_json::json!({ "error": crate::club::STORE_DOWN }))).into_response()
}

/// The credentials of a login or register body, or the status and message refusing it: 413 for
/// a body over the limit (it is not read), 400 for anything else.
fn credentials(body: Result<Json<Credentials>, axum::extract::rejection::JsonRejection>) -> Result<Credentials, (StatusCode, String)> {
    body.map(|Json(c)| c).map_err(|e| {
        let status = if e.status() == StatusCode::PAYLOAD_TOO_LARGE { e.status() } else { StatusCode::BAD_REQUEST };
        (status, format!("expected JSON {{\"name\": ..., \"password\": ...}}: {}", e.body_text()))
    })
}

fn refused((status, message): (StatusCode, String)) -> Response {
    (status, Json(serde_json::json!({ "error": message }))).into_response()
}

async fn register(State(app): State<App>, body: Result<Json<Credentials>, axum::extract::rejection::JsonRejection>) -> Response {
    let c = match credentials(body) {
        Ok(c) => c,
        Err(e) => return refused(e),
    };
    if !app.club.store_ok() {
        return store_down();
    }
    let lifetime = app.club.config.limits.session_lifetime.as_secs() as i64;
    match accounts::register(&app.club.store, &c.name, &c.password, lifetime).await {
        Ok((name, token)) => Json(serde_json::json!({ "name": name, "token": token })).into_response(),
        Err(e) => auth_error(e),
    }
}

/// Logs in. Failed attempts are counted per account and per address; past
/// `login_free_attempts`, each further attempt waits a doubling delay (429 with Retry-After).
async fn login(
    State(app): State<App>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    body: Result<Json<Credentials>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let c = match credentials(body) {
        Ok(c) => c,
        Err(e) => return refused(e),
    };
    if !app.club.store_ok() {
        return store_down();
    }
    let account = format!("account:{}", accounts::fold(c.name.trim()));
    let address = format!("address:{}", peer.ip());
    let keys = [account.as_str(), address.as_str()];
    if let Err(wait) = app.club.logins.check(&keys) {
        return auth_error(AuthError::TooMany(wait.as_secs().max(1)));
    }
    let lifetime = app.club.config.limits.session_lifetime.as_secs() as i64;
    match accounts::login(&app.club.store, &c.name, &c.password, lifetime).await {
        Ok((name, token)) => {
            app.club.logins.succeeded(&account);
            Json(serde_json::json!({ "name": name, "token": token })).into_response()
        }
        Err(e) => {
            if matches!(e, AuthError::WrongPassword) {
                app.club.logins.failed(&keys, &app.club.config.limits);
            }
            auth_error(e)
        }
    }
}

/// Ends the session of the bearer token and closes the connections opened with it.
async fn logout(State(app): State<App>, headers: axum::http::HeaderMap) -> Response {
    let token = bearer_token(&headers);
    match app.club.store.delete_session(token).await {
        Ok(true) => {
            app.club.close_session(token);
            Json(serde_json::json!({ "logged_out": true })).into_response()
        }
        Ok(false) => auth_error(AuthError::BadToken),
        Err(e) => auth_error(AuthError::Store(e)),
    }
}

// The Director's desk (crate::desk): JSON over HTTP, the session token as `Authorization:
// Bearer TOKEN`. Errors are `{"error": …}`: 401 without a valid session, 403 for an account that
// is not a Director, 404 for an unknown ruling or table, 400 for a malformed request or command,
// 422 for an event the Laws refuse now (the ruling is unchanged).

fn desk_error(e: crate::desk::DeskError) -> Response {
    use crate::desk::DeskError;
    let status = match e {
        DeskError::NotDirector | DeskError::Playing(_) => StatusCode::FORBIDDEN,
        DeskError::NoRuling(_) | DeskError::NoTable(_) => StatusCode::NOT_FOUND,
        DeskError::Bad(_) => StatusCode::BAD_REQUEST,
        DeskError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
        DeskError::Store(_) => StatusCode::SERVICE_UNAVAILABLE,
    };
    (status, Json(serde_json::json!({ "error": e.to_string() }))).into_response()
}

fn night_error(e: crate::nights::NightError) -> Response {
    use crate::nights::NightError;
    let status = match e {
        NightError::NotScorer => StatusCode::FORBIDDEN,
        NightError::NoNight(_) | NightError::NoTable(_) => StatusCode::NOT_FOUND,
        NightError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
        NightError::Store(_) => StatusCode::SERVICE_UNAVAILABLE,
    };
    (status, Json(serde_json::json!({ "error": e.to_string() }))).into_response()
}

fn night_reply<T: serde::Serialize>(r: Result<T, crate::nights::NightError>) -> Response {
    match r {
        Ok(v) => Json(v).into_response(),
        Err(e) => night_error(e),
    }
}

async fn list_nights(State(app): State<App>, headers: axum::http::HeaderMap) -> Response {
    let user = match bearer(&app, &headers).await {
        Ok(u) => u,
        Err(r) => return r,
    };
    night_reply(app.club.nights(&user).await.map(|list| {
        let nights: Vec<_> = list.into_iter().map(|(id, name, created)| serde_json::json!({"id": id, "name": name, "created": created})).collect();
        serde_json::json!({ "nights": nights })
    }))
}

async fn create_night(
    State(app): State<App>,
    headers: axum::http::HeaderMap,
    body: Result<Json<crate::nights::NewNight>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let user = match bearer(&app, &headers).await {
        Ok(u) => u,
        Err(r) => return r,
    };
    let new = match body {
        Ok(Json(new)) => new,
        Err(e) => return bad_json(&format!("{{\"name\": …, \"tables\": N, \"boards_per_round\": N, …}} ({e})")),
    };
    night_reply(app.club.create_night(&user, new).await)
}

async fn show_night(State(app): State<App>, headers: axum::http::HeaderMap, axum::extract::Path(id): axum::extract::Path<String>) -> Response {
    let user = match bearer(&app, &headers).await {
        Ok(u) => u,
        Err(r) => return r,
    };
    night_reply(app.club.night(&user, &id).await)
}

async fn night_event(State(app): State<App>, headers: axum::http::HeaderMap, axum::extract::Path(id): axum::extract::Path<String>) -> Response {
    let user = match bearer(&app, &headers).await {
        Ok(u) => u,
        Err(r) => return r,
    };
    night_reply(app.club.night_event(&user, &id).await)
}

async fn night_score(
    State(app): State<App>,
    headers: axum::http::HeaderMap,
    axum::extract::Path(id): axum::extract::Path<String>,
    body: Result<Json<crate::nights::ScorerResult>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let user = match bearer(&app, &headers).await {
        Ok(u) => u,
        Err(r) => return r,
    };
    let Ok(Json(r)) = body else { return bad_json("{\"board\": N, \"ns\": N, \"ew\": N, \"outcome\": \"4S N =\"}") };
    night_reply(app.club.night_score(&user, &id, r).await)
}

#[derive(Deserialize)]
struct RoundQuery {
    #[serde(default)]
    round: Option<u32>,
}

async fn night_table(State(app): State<App>, axum::extract::Path(code): axum::extract::Path<String>, Query(q): Query<RoundQuery>) -> Response {
    night_reply(app.club.night_table(&code, q.round).await)
}

async fn night_enter(
    State(app): State<App>,
    axum::extract::Path(code): axum::extract::Path<String>,
    body: Result<Json<crate::nights::EnteredResult>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let r = match body {
        Ok(Json(r)) => r,
        Err(e) => {
            return bad_json(&format!(
                "{{\"id\": …, \"round\": N, \"board\": N, \"contract\": \"4S\", \"declarer\": \"N\", \"tricks\": N, \"confirmed\": true}} ({e})"
            ))
        }
    };
    night_reply(app.club.night_enter(&code, r).await)
}

fn bearer_token(headers: &axum::http::HeaderMap) -> &str {
    headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer ")).unwrap_or("").trim()
}

/// The account of the request's bearer token.
async fn bearer(app: &App, headers: &axum::http::HeaderMap) -> Result<String, Response> {
    accounts::user_of(&app.club.store, bearer_token(headers)).await.map_err(auth_error)
}

fn bad_json(what: &str) -> Response {
    (StatusCode::BAD_REQUEST, Json(serde_json::json!({ "error": format!("expected JSON {what}") }))).into_response()
}

async fn list_rulings(State(app): State<App>, headers: axum::http::HeaderMap) -> Response {
    let user = match bearer(&app, &headers).await {
        Ok(u) => u,
        Err(r) => return r,
    };
    match app.club.rulings(&user).await {
        Ok(list) => {
            let rulings: Vec<_> =
                list.into_iter().map(|(id, director, origin)| serde_json::json!({"id": id, "director": director, "origin": origin})).collect();
            Json(serde_json::json!({ "rulings": rulings, "tables": app.club.lobby() })).into_response()
        }
        Err(e) => desk_error(e),
    }
}

async fn open_ruling(
    State(app): State<App>,
    headers: axum::http::HeaderMap,
    body: Result<Json<crate::desk::NewRuling>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let user = match bearer(&app, &headers).await {
        Ok(u) => u,
        Err(r) => return r,
    };
    let Ok(Json(new)) = body else { return bad_json("{\"table\": ID} or {\"board\": N, \"deal\": \"N:…\"}") };
    match app.club.open_ruling(&user, new).await {
        Ok(view) => Json(view).into_response(),
        Err(e) => desk_error(e),
    }
}

async fn show_ruling(State(app): State<App>, headers: axum::http::HeaderMap, axum::extract::Path(id): axum::extract::Path<String>) -> Response {
    let user = match bearer(&app, &headers).await {
        Ok(u) => u,
        Err(r) => return r,
    };
    match app.club.ruling(&user, &id).await {
        Ok(view) => Json(view).into_response(),
        Err(e) => desk_error(e),
    }
}

/// `GET /api/tournaments/{id}.pbn` or `{id}.html`: a finished tournament's report (PBN
/// with ScoreTable and TotalScoreTable, readable by `tenace event score`; or the HTML report).
/// Refused while the tournament runs (Law 16).
async fn tournament_report(State(app): State<App>, axum::extract::Path(file): axum::extract::Path<String>) -> Response {
    let (id, html) = match (file.strip_suffix(".pbn"), file.strip_suffix(".html")) {
        (Some(id), _) => (id.to_string(), false),
        (_, Some(id)) => (id.to_string(), true),
        _ => return (StatusCode::NOT_FOUND, "ask for <tournament>.pbn or <tournament>.html").into_response(),
    };
    let Some(h) = app.club.tournament(&id) else { return (StatusCode::NOT_FOUND, format!("no tournament {id:?}")).into_response() };
    let (reply, answer) = tokio::sync::oneshot::channel();
    if h.tx.send(TournamentCmd::Report { html, reply }).is_err() {
        return (StatusCode::SERVICE_UNAVAILABLE, "the tournament is not available").into_response();
    }
    match answer.await {
        Ok(Ok(report)) => {
            let body = report.render(html);
            if html {
                ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], body).into_response()
            } else {
                let disposition = format!("attachment; filename=\"{id}.pbn\"");
                ([(header::CONTENT_TYPE, "application/x-pbn; charset=utf-8".to_string()), (header::CONTENT_DISPOSITION, disposition)], body).into_response()
            }
        }
        Ok(Err(e)) => (StatusCode::CONFLICT, e).into_response(),
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, "the tournament is not available").into_response(),
    }
}

#[derive(Deserialize)]
struct ReplayQuery {
    /// The person agrees to see a board they have not played (Law 16: they may then not play it).
    #[serde(default)]
    confirm: bool,
}

/// `GET /api/replays/{table}/{board}`: a finished board of a table with every card analysed
/// double dummy (JSON, `tenace_online::replay::BoardReplay`); `{board}.pbn` or `{board}.lin`
/// export the same board. Law 16 decides who may see it (`Club::replay`): a board the person has
/// not seen whole answers 409 with `"confirm": true` until asked again with `?confirm=true`.
async fn board_replay(
    State(app): State<App>,
    headers: axum::http::HeaderMap,
    axum::extract::Path((table, board)): axum::extract::Path<(String, String)>,
    Query(q): Query<ReplayQuery>,
) -> Response {
    use crate::club::ReplayError;
    let user = match bearer(&app, &headers).await {
        Ok(u) => u,
        Err(r) => return r,
    };
    let (number, format) = match board.split_once('.') {
        None => (board.as_str(), None),
        Some((n, "pbn")) => (n, Some(tenace_formats::Format::Pbn)),
        Some((n, "lin")) => (n, Some(tenace_formats::Format::Lin)),
        Some(_) => return (StatusCode::NOT_FOUND, Json(serde_json::json!({ "error": "ask for a board number, N.pbn or N.lin" }))).into_response(),
    };
    let Ok(number) = number.parse::<u32>() else {
        return (StatusCode::BAD_REQUEST, Json(serde_json::json!({ "error": format!("{number:?} is not a board number") }))).into_response();
    };
    match app.club.replay(&user, &table, number, q.confirm).await {
        Ok(replay) => match format {
            None => Json(&*replay).into_response(),
            Some(f) => {
                let body = f.write(std::slice::from_ref(replay.record()));
                let disposition = format!("attachment; filename=\"{table}-board{number}.{}\"", f.extension());
                let kind = if f == tenace_formats::Format::Pbn { "application/x-pbn; charset=utf-8" } else { "text/plain; charset=utf-8" };
                ([(header::CONTENT_TYPE, kind.to_string()), (header::CONTENT_DISPOSITION, disposition)], body).into_response()
            }
        },
        Err(e) => {
            let status = match e {
                ReplayError::NoTable(_) => StatusCode::NOT_FOUND,
                ReplayError::NotOver(_) | ReplayError::Unseen(_) => StatusCode::CONFLICT,
                ReplayError::Refused(_) => StatusCode::FORBIDDEN,
                ReplayError::Store(_) => StatusCode::SERVICE_UNAVAILABLE,
                ReplayError::Failed(_) => StatusCode::INTERNAL_SERVER_ERROR,
            };
            let confirm = matches!(e, ReplayError::Unseen(_));
            (status, Json(serde_json::json!({ "error": e.to_string(), "confirm": confirm }))).into_response()
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeskCommand {
    command: String,
}

async fn rule(
    State(app): State<App>,
    headers: axum::http::HeaderMap,
    axum::extract::Path(id): axum::extract::Path<String>,
    body: Result<Json<DeskCommand>, axum::extract::rejection::JsonRejection>,
) -> Response {
    let user = match bearer(&app, &headers).await {
        Ok(u) => u,
        Err(r) => return r,
    };
    let Ok(Json(c)) = body else { return bad_json("{\"command\": \"N 1H\"}") };
    match app.club.rule(&user, &id, &c.command).await {
        Ok(view) => Json(view).into_response(),
        Err(e) => desk_error(e),
    }
}

#[derive(Deserialize)]
struct WsQuery {
    #[serde(default)]
    token: Option<String>,
}

async fn websocket(ws: WebSocketUpgrade, Query(q): Query<WsQuery>, State(app): State<App>) -> Response {
    if q.token.is_some() {
        return (
            StatusCode::BAD_REQUEST,
            Json(
                serde_json::json!({"error": "the session token is not put in the URL; connect to /ws/v1 and send {\"type\": \"auth\", \"token\": ...} first"}),
            ),
        )
            .into_response();
    }
    // Frames up to 1 MiB are read and answered with an error when over MAX_MESSAGE; larger ones
    // close the connection (the library refuses to buffer them).
    // A small read buffer: client messages are at most 16 KiB, and the library's default
    // (128 KiB per connection) would dominate the memory of a table.
    ws.max_message_size(1 << 20).read_buffer_size(8 * 1024).on_upgrade(move |socket| connection(socket, app))
}

/// Sends `msg` and closes: for a connection refused before it is set up.
async fn refuse(mut sink: futures_util::stream::SplitSink<WebSocket, Message>, msg: ServerMsg) {
    let text = serde_json::to_string(&msg).unwrap_or_default();
    let _ = sink.send(Message::Text(text.into())).await;
    let _ = sink.close().await;
}

/// What a frame carries, or the error to answer it with.
enum Frame {
    Text(String),
    Skip,
    /// Answered with an error; the connection stays open.
    Bad(String),
    /// Answered with an error, then the connection closes (the WebSocket layer cannot go on).
    Fatal(String),
    Closed,
}

fn frame(f: Option<Result<Message, axum::Error>>) -> Frame {
    match f {
        Some(Ok(Message::Text(t))) => Frame::Text(t.to_string()),
        Some(Ok(Message::Binary(_))) => Frame::Bad("binary frames are not part of the protocol; send JSON text".into()),
        Some(Ok(Message::Close(_))) | None => Frame::Closed,
        Some(Ok(_)) => Frame::Skip,
        Some(Err(e)) => Frame::Fatal(format!("malformed frame ({e}); the connection is closed")),
    }
}

async fn connection(socket: WebSocket, app: App) {
    let limits = app.club.config.limits.clone();
    let (sink, mut stream) = socket.split();
    // The first message authenticates.
    let first = match tokio::time::timeout(limits.auth_timeout, stream.next()).await {
        Ok(f) => frame(f),
        Err(_) => return refuse(sink, ServerMsg::error("no auth message in time; send {\"type\": \"auth\", \"token\": ...} first")).await,
    };
    let (token, view_patches) = match first {
        Frame::Text(t) => match crate::protocol::parse(&t) {
            Ok(ClientMsg::Auth { token, view_patches }) => (token, view_patches),
            Ok(_) => return refuse(sink, ServerMsg::error("the first message must be {\"type\": \"auth\", \"token\": ...}")).await,
            Err(e) => return refuse(sink, ServerMsg::error(e)).await,
        },
        Frame::Bad(e) | Frame::Fatal(e) => return refuse(sink, ServerMsg::error(e)).await,
        Frame::Skip | Frame::Closed => return,
    };
    let user = match accounts::user_of(&app.club.store, &token).await {
        Ok(u) => u,
        Err(e) => return refuse(sink, ServerMsg::error(e.to_string())).await,
    };
    let conn = app.next_conn.fetch_add(1, Ordering::Relaxed);
    let (out, rx) = Outbox::new(limits.outgoing_queue);
    let out = out.with_view_patches(view_patches);
    if let Err(e) = app.club.connected(&user, conn, &token, &out) {
        return refuse(sink, ServerMsg::error(e)).await;
    }
    let writer = tokio::spawn(write(sink, rx));
    let _ = out.send(ServerMsg::Welcome { protocol: PROTOCOL, user: user.clone(), director: app.club.is_director(&user) });
    let mut tables: HashSet<String> = HashSet::new();
    loop {
        let next = tokio::select! {
            f = tokio::time::timeout(limits.ws_idle_timeout, stream.next()) => f,
            _ = out.closing() => break,
        };
        let text = match next.map(frame) {
            Err(_) => {
                let _ = out.send(ServerMsg::error("nothing received for too long; the connection is closed (ping to keep it open)"));
                break;
            }
            Ok(Frame::Text(t)) => t,
            Ok(Frame::Skip) => continue,
            Ok(Frame::Closed) => break,
            Ok(Frame::Bad(e)) => {
                let _ = out.send(ServerMsg::error(e));
                continue;
            }
            Ok(Frame::Fatal(e)) => {
                let _ = out.send(ServerMsg::error(e));
                break;
            }
        };
        let msg = match crate::protocol::parse(&text) {
            Ok(m) => m,
            Err(e) => {
                let _ = out.send(ServerMsg::error(e));
                continue;
            }
        };
        handle(&app, conn, &user, msg, &out, &mut tables).await;
    }
    app.club.disconnected(&user, conn);
    for t in tables {
        if let Some(h) = app.club.room(&t) {
            let _ = h.tx.send(RoomCmd::Disconnect { conn });
        }
    }
    drop(out);
    // The writer sends what is queued (a last error, say) and the close; a client that does not
    // read does not hold the connection open.
    let abort = writer.abort_handle();
    if tokio::time::timeout(std::time::Duration::from_secs(2), writer).await.is_err() {
        abort.abort();
    }
}

/// Writes queued messages to the socket until the queue closes, then closes the socket. The
/// messages queued at once (robots' calls in a row, a view and a notice) go out in one write.
async fn write(mut sink: futures_util::stream::SplitSink<WebSocket, Message>, mut rx: tokio::sync::mpsc::Receiver<crate::outbox::Outgoing>) {
    while let Some(msg) = rx.recv().await {
        let mut next = Some(msg);
        while let Some(msg) = next {
            if let Some(text) = msg.into_text() {
                if sink.feed(Message::Text(text.into())).await.is_err() {
                    return;
                }
            }
            next = rx.try_recv().ok();
        }
        if sink.flush().await.is_err() {
            return;
        }
    }
    let _ = sink.close().await;
}

async fn handle(app: &App, conn: u64, user: &str, msg: ClientMsg, out: &Outbox, tables: &mut HashSet<String>) {
    let unknown = |table: &str| ServerMsg::Error { message: format!("no table {table:?}"), law: None, table: Some(table.to_string()) };
    match msg {
        ClientMsg::Auth { .. } => {
            let _ = out.send(ServerMsg::error("this connection is already authenticated"));
        }
        ClientMsg::Ping {} => {
            let _ = out.send(ServerMsg::Pong);
        }
        ClientMsg::Lobby {} => {
            let _ = out.send(ServerMsg::Lobby { tables: app.club.lobby() });
        }
        ClientMsg::CreateTable { name, boards, robots, kibitzers_see_all, same_set_as, seat } => {
            let name = name.trim().to_string();
            if name.is_empty() || name.chars().count() > 40 {
                let _ = out.send(ServerMsg::error("a table name has 1 to 40 characters"));
                return;
            }
            if !(1..=36).contains(&boards) {
                let _ = out.send(ServerMsg::error("a table plays 1 to 36 boards"));
                return;
            }
            let set_seed = match same_set_as {
                Some(t) if app.club.tournament_of(&t).is_some() || t.starts_with(crate::node::TOURNAMENT_TABLE) => {
                    let _ = out.send(ServerMsg::error("a tournament's boards are played only in the tournament (Law 16)"));
                    return;
                }
                Some(t) => match app.club.room(&t) {
                    Some(h) => h.set_seed,
                    None => {
                        let _ = out.send(unknown(&t));
                        return;
                    }
                },
                None => {
                    use rand::Rng;
                    rand::rng().random()
                }
            };
            let options = RoomOptions { name, set_seed, boards, kibitzers_see_all, first: 1 };
            match app.club.create(options).await {
                Ok(id) => {
                    let seat = seat.unwrap_or(Seat::South);
                    let _ = out.send(ServerMsg::Created { table: id.clone() });
                    if let Some(h) = app.club.room(&id) {
                        tables.insert(id.clone());
                        let _ = h.tx.send(RoomCmd::Join { conn, name: user.to_string(), seat, out: out.clone() });
                        if robots {
                            let others = Seat::ALL.into_iter().filter(|s| *s != seat).collect();
                            let _ = h.tx.send(RoomCmd::Robots { seats: others });
                        }
                    }
                }
                Err(e) => {
                    let _ = out.send(ServerMsg::error(format!("the table could not be created: {e}")));
                }
            }
        }
        ClientMsg::Join { table, seat } => match app.club.find_room(&table).await {
            Some(h) => {
                tables.insert(table);
                let _ = h.tx.send(RoomCmd::Join { conn, name: user.to_string(), seat, out: out.clone() });
            }
            None => {
                let _ = out.send(unknown(&table));
            }
        },
        ClientMsg::Watch { table, seat } => match app.club.find_room(&table).await {
            Some(h) => {
                tables.insert(table);
                let _ = h.tx.send(RoomCmd::Watch { conn, name: user.to_string(), seat, out: out.clone() });
            }
            None => {
                let _ = out.send(unknown(&table));
            }
        },
        ClientMsg::Leave { table } => match app.club.room(&table) {
            Some(h) => {
                tables.remove(&table);
                let _ = h.tx.send(RoomCmd::Leave { conn, name: user.to_string() });
            }
            None => {
                let _ = out.send(unknown(&table));
            }
        },
        ClientMsg::Tournaments {} => {
            let _ = out.send(ServerMsg::Tournaments { tournaments: app.club.tournament_list() });
        }
        ClientMsg::CreateTournament {
            name,
            kind,
            boards,
            scoring,
            opens_in_minutes,
            starts_at,
            minutes,
            rounds,
            boards_per_round,
            minutes_per_board,
            robots,
            movement,
        } => {
            use rand::Rng;
            let now = crate::club::now();
            let opens_at = starts_at.unwrap_or(now + i64::from(opens_in_minutes) * 60).max(now);
            let name = name.trim().to_string();
            let set_seed = rand::rng().random();
            let setup = match kind {
                tenace_tournament::Kind::RobotIndividual => crate::store::TournamentSetup::RobotIndividual(tenace_tournament::TournamentOptions {
                    name,
                    creator: user.to_string(),
                    kind,
                    boards,
                    scoring,
                    opens_at,
                    closes_at: opens_at + i64::from(minutes) * 60,
                    set_seed,
                }),
                tenace_tournament::Kind::Pairs | tenace_tournament::Kind::Teams => {
                    let bad = |m: &str| {
                        let _ = out.send(ServerMsg::error(m));
                    };
                    if name.is_empty() || name.chars().count() > tenace_tournament::MAX_NAME {
                        return bad("a tournament's name has 1 to 60 characters");
                    }
                    if !(1..=12).contains(&rounds) || !(1..=8).contains(&boards_per_round) || !(1..=30).contains(&minutes_per_board) {
                        return bad("a tournament in rounds has 1 to 12 rounds of 1 to 8 boards, at 1 to 30 minutes a board");
                    }
                    if kind == tenace_tournament::Kind::Teams {
                        crate::store::TournamentSetup::Teams(tenace_tournament::teams::TeamsOptions {
                            name,
                            creator: user.to_string(),
                            starts_at: opens_at,
                            boards_per_round,
                            rounds,
                            minutes_per_board,
                            robots,
                            set_seed,
                        })
                    } else {
                        crate::store::TournamentSetup::Pairs(tenace_tournament::pairs::PairsOptions {
                            name,
                            creator: user.to_string(),
                            scoring,
                            starts_at: opens_at,
                            boards_per_round,
                            rounds,
                            minutes_per_board,
                            robots,
                            set_seed,
                            movement,
                        })
                    }
                }
            };
            match app.club.create_tournament(setup).await {
                Ok(id) => tournament_view(app, &id, user, None, out).await,
                Err(e) => {
                    let _ = out.send(ServerMsg::error(e));
                }
            }
        }
        ClientMsg::Register { tournament, partner, team, members } => {
            // A partner and team members are accounts, named as they registered.
            let mut named = Vec::new();
            for p in partner.iter().chain(&members).map(|p| p.trim().to_string()).filter(|p| !p.is_empty()) {
                match app.club.store.account(&crate::accounts::fold(&p)).await {
                    Ok(Some((name, _))) => named.push(name),
                    Ok(None) => {
                        let _ = out.send(ServerMsg::error(format!("no account {p:?}: your partner or team-mate registers first")));
                        return;
                    }
                    Err(e) => {
                        let _ = out.send(ServerMsg::error(format!("the partner could not be checked: {e}")));
                        return;
                    }
                }
            }
            let (partner, team) = match team {
                Some(name) => (None, Some((name, named))),
                None => (named.into_iter().next(), None),
            };
            let asked = ask_tournament(app, &tournament, |reply| TournamentCmd::Register { name: user.to_string(), partner, team, reply }).await;
            answer_tournament(app, &tournament, user, out, asked).await;
        }
        ClientMsg::CloseTournament { tournament } => {
            let asked = ask_tournament(app, &tournament, |reply| TournamentCmd::Close { name: user.to_string(), reply }).await;
            answer_tournament(app, &tournament, user, out, asked).await;
        }
        ClientMsg::Tournament { tournament, board } => tournament_view(app, &tournament, user, board, out).await,
        ClientMsg::AdjustScore { tournament, round, table, board, outcome } => {
            let asked = ask_tournament(app, &tournament, |reply| TournamentCmd::Adjust { by: user.to_string(), round, table, board, outcome, reply }).await;
            answer_tournament(app, &tournament, user, out, asked).await;
        }
        ClientMsg::CallDirector { table, reason } => {
            let asked = match app.club.tournament_id_of(&table) {
                None => Err("no Director directs this table: the Director is called at a tournament's tables".to_string()),
                Some(_) if !app.club.plays_at(&table, user) => Err("only the players at a table call the Director to it".to_string()),
                Some(id) => ask_tournament(app, &id, |reply| TournamentCmd::CallDirector { by: user.to_string(), room: table.clone(), reason, reply }).await,
            };
            match asked {
                Ok(()) => {
                    let _ = out.send(ServerMsg::Notice { message: "the Director has been called".into(), table: Some(table) });
                }
                Err(e) => {
                    let _ = out.send(ServerMsg::Error { message: e, law: Some("9B1".into()), table: Some(table) });
                }
            }
        }
        ClientMsg::AnswerCall { tournament, call, ruling } => {
            let asked = ask_tournament(app, &tournament, |reply| TournamentCmd::AnswerCall { by: user.to_string(), call, ruling, reply }).await;
            answer_tournament(app, &tournament, user, out, asked).await;
        }
        ClientMsg::PlayTournament { tournament } => {
            match ask_tournament(app, &tournament, |reply| TournamentCmd::Play { name: user.to_string(), reply }).await {
                Ok((table, seat)) => {
                    let _ = out.send(ServerMsg::Created { table: table.clone() });
                    if let Some(h) = app.club.find_room(&table).await {
                        tables.insert(table.clone());
                        let _ = h.tx.send(RoomCmd::Join { conn, name: user.to_string(), seat, out: out.clone() });
                    }
                }
                Err(e) => {
                    let _ = out.send(ServerMsg::error(e));
                }
            }
        }
        ClientMsg::Act { table, action } => match (app.club.room(&table), tables.contains(&table)) {
            (Some(h), true) => {
                let _ = h.tx.send(RoomCmd::Act { conn, name: user.to_string(), action, out: out.clone() });
            }
            (Some(_), false) => {
                let _ = out.send(ServerMsg::Error { message: "join or watch the table first".into(), law: None, table: Some(table) });
            }
            (None, _) => {
                let _ = out.send(unknown(&table));
            }
        },
    }
}

/// Asks a tournament's task and waits for its answer.
async fn ask_tournament<T>(app: &App, id: &str, cmd: impl FnOnce(tokio::sync::oneshot::Sender<Result<T, String>>) -> TournamentCmd) -> Result<T, String> {
    let Some(h) = app.club.tournament(id) else { return Err(format!("no tournament {id:?}")) };
    h.ask(cmd).await
}

/// After a request: the refusal, or the tournament as the person now sees it.
async fn answer_tournament(app: &App, id: &str, user: &str, out: &Outbox, asked: Result<(), String>) {
    match asked {
        Ok(()) => tournament_view(app, id, user, None, out).await,
        Err(e) => {
            let _ = out.send(ServerMsg::error(e));
        }
    }
}

/// Sends what `user` may see of tournament `id`.
async fn tournament_view(app: &App, id: &str, user: &str, board: Option<u32>, out: &Outbox) {
    let Some(h) = app.club.tournament(id) else {
        let _ = out.send(ServerMsg::error(format!("no tournament {id:?}")));
        return;
    };
    let (reply, answer) = tokio::sync::oneshot::channel();
    if h.tx.send(TournamentCmd::View { name: user.to_string(), board, reply }).is_ok() {
        if let Ok(view) = answer.await {
            let _ = out.send(ServerMsg::Tournament { view: Box::new(view) });
        }
    }
}
