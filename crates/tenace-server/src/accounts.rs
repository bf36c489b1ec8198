//! Accounts: names, argon2 password hashes, session tokens (30 days).

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

use crate::club::now;
use crate::store::{Store, StoreError};

/// How long a session token is valid, in seconds.
pub const SESSION_SECONDS: i64 = 30 * 24 * 3600;

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("bad account name: {0}")]
    BadName(&'static str),
    #[error("bad password: {0}")]
    BadPassword(&'static str),
    #[error("that name is taken")]
    NameTaken,
    #[error("wrong name or password")]
    WrongPassword,
    #[error("unknown session token; log in again")]
    BadToken,
    #[error("the session has expired; log in again")]
    Expired,
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("password hashing failed: {0}")]
    Hash(String),
}

fn check_name(name: &str) -> Result<(), AuthError> {
    if name.is_empty() || name.chars().count() > 24 {
        return Err(AuthError::BadName("use 1 to 24 characters"));
    }
    if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        return Err(AuthError::BadName("use letters, digits, '_' and '-' only"));
    }
    if name.eq_ignore_ascii_case("robot") || name.eq_ignore_ascii_case("robots") {
        return Err(AuthError::BadName("that name is kept for the robots"));
    }
    Ok(())
}

/// Creates an account and returns a session token.
/// At most two argon2 computations at a time: each takes a 19 MiB block, and a burst of
/// registrations must not exhaust memory or starve the tables of CPU.
static HASHING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);

pub async fn register(store: &Store, name: &str, password: &str) -> Result<String, AuthError> {
    check_name(name)?;
    if password.chars().count() < 6 || password.len() > 200 {
        return Err(AuthError::BadPassword("use 6 to 200 characters"));
    }
    let password = password.to_string();
    let _permit = HASHING.acquire().await.map_err(|e| AuthError::Hash(e.to_string()))?;
    let hash = tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(|e| AuthError::Hash(e.to_string()))
    })
    .await
    .map_err(|e| AuthError::Hash(e.to_string()))??;
    if !store.create_user(name, &hash, now()).await? {
        return Err(AuthError::NameTaken);
    }
    new_session(store, name).await
}

/// Checks a password and returns a new session token.
pub async fn login(store: &Store, name: &str, password: &str) -> Result<String, AuthError> {
    let hash = store.password_hash(name).await?.ok_or(AuthError::WrongPassword)?;
    let password = password.to_string();
    let _permit = HASHING.acquire().await.map_err(|e| AuthError::Hash(e.to_string()))?;
    let ok = tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash).map(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok()).unwrap_or(false)
    })
    .await
    .unwrap_or(false);
    if !ok {
        return Err(AuthError::WrongPassword);
    }
    new_session(store, name).await
}

async fn new_session(store: &Store, name: &str) -> Result<String, AuthError> {
    use rand::Rng;
    let bytes: [u8; 32] = rand::rng().random();
    let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    store.create_session(&token, name, now() + SESSION_SECONDS).await?;
    Ok(token)
}

/// The account a session token belongs to.
pub async fn user_of(store: &Store, token: &str) -> Result<String, AuthError> {
    if token.is_empty() || token.len() > 128 {
        return Err(AuthError::BadToken);
    }
    let (name, expires) = store.session(token).await?.ok_or(AuthError::BadToken)?;
    if expires < now() {
        return Err(AuthError::Expired);
    }
    Ok(name)
}
