//! HTTP routes: the browser client (embedded, no build step), accounts, and the WebSocket.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tenace_core::Seat;
use tenace_online::RoomOptions;
use tokio::sync::mpsc;

use crate::accounts::{self, AuthError};
use crate::club::{Club, RoomCmd};
use crate::protocol::{ClientMsg, ServerMsg, MAX_MESSAGE, PROTOCOL};

/// Shared state of the routes.
#[derive(Clone)]
pub struct App {
    pub club: Arc<Club>,
    next_conn: Arc<AtomicU64>,
}

pub fn router(club: Arc<Club>) -> Router {
    let app = App { club, next_conn: Arc::new(AtomicU64::new(1)) };
    Router::new()
        .route("/", get(|| async { page("text/html; charset=utf-8", include_str!("../web/index.html")) }))
        .route("/app.js", get(|| async { page("text/javascript; charset=utf-8", include_str!("../web/app.js")) }))
        .route("/app.css", get(|| async { page("text/css; charset=utf-8", include_str!("../web/app.css")) }))
        .route("/director", get(|| async { page("text/html; charset=utf-8", include_str!("../web/director.html")) }))
        .route("/director.js", get(|| async { page("text/javascript; charset=utf-8", include_str!("../web/director.js")) }))
        .route("/api/rulings", get(list_rulings).post(open_ruling))
        .route("/api/rulings/{id}", get(show_ruling).post(rule))
        .route("/api/register", post(register))
        .route("/api/login", post(login))
        .route("/ws/v1", get(websocket))
        .with_state(app)
}

fn page(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body).into_response()
}

#[derive(Deserialize)]
struct Credentials {
    name: String,
    password: String,
}

fn auth_error(e: AuthError) -> Response {
    let status = match e {
        AuthError::BadName(_) | AuthError::BadPassword(_) => StatusCode::BAD_REQUEST,
        AuthError::NameTaken => StatusCode::CONFLICT,
        AuthError::WrongPassword | AuthError::BadToken | AuthError::Expired => StatusCode::UNAUTHORIZED,
        AuthError::Store(_) | AuthError::Hash(_) => StatusCode::INTERNAL_SERVER_ERROR,
    };
    (status, Json(serde_json::json!({ "error": e.to_string() }))).into_response()
}

async fn register(State(app): State<App>, body: Result<Json<Credentials>, axum::extract::rejection::JsonRejection>) -> Response {
    let Ok(Json(c)) = body else {
        return (StatusCode::BAD_REQUEST, Json(serde_json::json!({"error": "expected JSON {\"name\": ..., \"password\": ...}"}))).into_response();
    };
    match accounts::register(&app.club.store, &c.name, &c.password).await {
        Ok(token) => Json(serde_json::json!({ "name": c.name, "token": token })).into_response(),
        Err(e) => auth_error(e),
    }
}

async fn login(State(app): State<App>, body: Result<Json<Credentials>, axum::extract::rejection::JsonRejection>) -> Response {
    let Ok(Json(c)) = body else {
        return (StatusCode::BAD_REQUEST, Json(serde_json::json!({"error": "expected JSON {\"name\": ..., \"password\": ...}"}))).into_response();
    };
    match accounts::login(&app.club.store, &c.name, &c.password).await {
        Ok(token) => Json(serde_json::json!({ "name": c.name, "token": token })).into_response(),
        Err(e) => auth_error(e),
    }
}

// The Director's desk (crate::desk): JSON over HTTP, the session token as `Authorization:
// Bearer TOKEN`. Errors are `{"error": …}`: 401 without a valid session, 403 for an account that
// is not a Director, 404 for an unknown ruling or table, 400 for a malformed request or command,
// 422 for an event the Laws refuse now (the ruling is unchanged).

fn desk_error(e: crate::desk::DeskError) -> Response {
    use crate::desk::DeskError;
    let status = match e {
        DeskError::NotDirector => StatusCode::FORBIDDEN,
        DeskError::NoRuling(_) | DeskError::NoTable(_) => StatusCode::NOT_FOUND,
        DeskError::Bad(_) => StatusCode::BAD_REQUEST,
        DeskError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
        DeskError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
    };
    (status, Json(serde_json::json!({ "error": e.to_string() }))).into_response()
}

/// The account of the request's bearer token.
async fn bearer(app: &App, headers: &axum::http::HeaderMap) -> Result<String, Response> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    accounts::user_of(&app.club.store, token.trim()).await.map_err(auth_error)
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
            let rulings: Vec<_> = list.into_iter().map(|(id, director, origin)| serde_json::json!({"id": id, "director": director, "origin": origin})).collect();
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

#[derive(Deserialize)]
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
    token: String,
}

async fn websocket(ws: WebSocketUpgrade, Query(q): Query<WsQuery>, State(app): State<App>) -> Response {
    // Frames up to 1 MiB are read and answered with an error when over MAX_MESSAGE; larger ones
    // close the connection (the library refuses to buffer them).
    // A small read buffer: client messages are at most 16 KiB, and the library's default
    // (128 KiB per connection) would dominate the memory of a table.
    ws.max_message_size(1 << 20).read_buffer_size(8 * 1024).on_upgrade(move |socket| connection(socket, app, q.token))
}

async fn connection(socket: WebSocket, app: App, token: String) {
    let (mut sink, mut stream) = socket.split();
    let user = match accounts::user_of(&app.club.store, &token).await {
        Ok(u) => u,
        Err(e) => {
            let msg = serde_json::to_string(&ServerMsg::error(e.to_string())).unwrap_or_default();
            let _ = sink.send(Message::Text(msg.into())).await;
            let _ = sink.close().await;
            return;
        }
    };
    let conn = app.next_conn.fetch_add(1, Ordering::Relaxed);
    let (out, mut rx) = mpsc::unbounded_channel::<ServerMsg>();
    let writer = tokio::spawn(async move {
        while let Some(msg) = rx.recv().await {
            let Ok(text) = serde_json::to_string(&msg) else { continue };
            if sink.send(Message::Text(text.into())).await.is_err() {
                break;
            }
        }
    });
    let _ = out.send(ServerMsg::Welcome { protocol: PROTOCOL, user: user.clone(), director: app.club.is_director(&user) });
    let mut tables: HashSet<String> = HashSet::new();
    while let Some(frame) = stream.next().await {
        let text = match frame {
            Ok(Message::Text(t)) => t,
            Ok(Message::Binary(_)) => {
                let _ = out.send(ServerMsg::error("binary frames are not part of the protocol; send JSON text"));
                continue;
            }
            Ok(Message::Close(_)) | Err(_) => break,
            Ok(_) => continue,
        };
        if text.len() > MAX_MESSAGE {
            let _ = out.send(ServerMsg::error(format!("message too large: {} bytes (at most {MAX_MESSAGE})", text.len())));
            continue;
        }
        let msg: ClientMsg = match serde_json::from_str(text.as_str()) {
            Ok(m) => m,
            Err(e) => {
                let _ = out.send(ServerMsg::error(format!("malformed message: {e}")));
                continue;
            }
        };
        handle(&app, conn, &user, msg, &out, &mut tables).await;
    }
    for t in tables {
        if let Some(h) = app.club.room(&t) {
            let _ = h.tx.send(RoomCmd::Disconnect { conn });
        }
    }
    drop(out);
    let _ = writer.await;
}

async fn handle(app: &App, conn: u64, user: &str, msg: ClientMsg, out: &crate::club::Outbox, tables: &mut HashSet<String>) {
    let unknown = |table: &str| ServerMsg::Error { message: format!("no table {table:?}"), law: None, table: Some(table.to_string()) };
    match msg {
        ClientMsg::Ping => {
            let _ = out.send(ServerMsg::Pong);
        }
        ClientMsg::Lobby => {
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
            let options = RoomOptions { name, set_seed, boards, kibitzers_see_all };
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
        ClientMsg::Join { table, seat } => match app.club.room(&table) {
            Some(h) => {
                tables.insert(table);
                let _ = h.tx.send(RoomCmd::Join { conn, name: user.to_string(), seat, out: out.clone() });
            }
            None => {
                let _ = out.send(unknown(&table));
            }
        },
        ClientMsg::Watch { table, seat } => match app.club.room(&table) {
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
        ClientMsg::Act { table, action } => match (app.club.room(&table), tables.contains(&table)) {
            (Some(h), true) => {
                let _ = h.tx.send(RoomCmd::Act { conn, name: user.to_string(), action, out: out.clone() });
            }
            (Some(_), false) => {
                let _ = out.send(ServerMsg::Error {
                    message: "join or watch the table first".into(),
                    law: None,
                    table: Some(table),
                });
            }
            (None, _) => {
                let _ = out.send(unknown(&table));
            }
        },
    }
}
