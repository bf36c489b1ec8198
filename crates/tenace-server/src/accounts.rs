//! Accounts: names, argon2 password hashes, session tokens.
//!
//! - A name is 1 to 24 letters or digits (any script), `_` or `-`, stored in Unicode NFKC form.
//!   Names are unique regardless of case and Unicode form: `alice`, `ALICE` and `ａｌｉｃｅ`
//!   (full-width) are one account, found by its folded key ([`fold`]: NFKC, then lower case,
//!   then NFKC again).
//! - A password has 6 to [`MAX_PASSWORD_CHARS`] characters, counted as characters (not bytes),
//!   and is refused before any hashing when longer, at login too.
//! - Logging in with an unknown name costs one argon2 verification, like a real one, so the
//!   answer's timing does not tell which names exist.
//! - A session token expires after the club's `session_lifetime` and is revoked by logging out.

use std::sync::OnceLock;

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use unicode_normalization::UnicodeNormalization;

use crate::club::now;
use crate::store::{Store, StoreError};

/// The longest password accepted, in characters.
pub const MAX_PASSWORD_CHARS: usize = 200;
/// The shortest password accepted, in characters.
pub const MIN_PASSWORD_CHARS: usize = 6;

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
    #[error("too many failed logins; try again in {0} s")]
    TooMany(u64),
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("password hashing failed: {0}")]
    Hash(String),
}

/// The key that makes names unique: NFKC, lower case, NFKC (an approximation of Unicode's
/// NFKC_Casefold that needs no extra tables).
pub fn fold(name: &str) -> String {
    let nfkc: String = name.nfkc().collect();
    nfkc.to_lowercase().nfkc().collect()
}

/// Checks a name and returns the form it is stored in (NFKC).
pub fn check_name(name: &str) -> Result<String, AuthError> {
    let name: String = name.trim().nfkc().collect();
    if name.is_empty() || name.chars().count() > 24 {
        return Err(AuthError::BadName("use 1 to 24 characters"));
    }
    if !name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-') {
        return Err(AuthError::BadName("use letters, digits, '_' and '-' only"));
    }
    let folded = fold(&name);
    if folded == "robot" || folded == "robots" {
        return Err(AuthError::BadName("that name is kept for the robots"));
    }
    Ok(name)
}

fn check_password(password: &str) -> Result<(), AuthError> {
    let chars = password.chars().count();
    if !(MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&chars) {
        return Err(AuthError::BadPassword("use 6 to 200 characters"));
    }
    Ok(())
}

/// At most two argon2 computations at a time: each takes a 19 MiB block, and a burst of
/// registrations must not exhaust memory or starve the tables of CPU.
static HASHING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);

async fn hash(password: String) -> Result<String, AuthError> {
    let _permit = HASHING.acquire().await.map_err(|e| AuthError::Hash(e.to_string()))?;
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(|e| AuthError::Hash(e.to_string()))
    })
    .await
    .map_err(|e| AuthError::Hash(e.to_string()))?
}

async fn verify(password: String, hash: String) -> bool {
    let Ok(_permit) = HASHING.acquire().await else { return false };
    tokio::task::spawn_blocking(move || PasswordHash::new(&hash).map(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok()).unwrap_or(false))
        .await
        .unwrap_or(false)
}

/// A hash of a random password, verified against when a name is unknown.
static DECOY: OnceLock<String> = OnceLock::new();

async fn decoy() -> String {
    if let Some(h) = DECOY.get() {
        return h.clone();
    }
    use rand::Rng;
    let random: [u8; 16] = rand::rng().random();
    let h = hash(random.iter().map(|b| format!("{b:02x}")).collect()).await.unwrap_or_default();
    DECOY.get_or_init(|| h).clone()
}

/// Creates an account and returns its stored name and a session token.
pub async fn register(store: &Store, name: &str, password: &str, lifetime: i64) -> Result<(String, String), AuthError> {
    let name = check_name(name)?;
    check_password(password)?;
    let hashed = hash(password.to_string()).await?;
    if !store.create_user(&name, &fold(&name), &hashed, now()).await? {
        return Err(AuthError::NameTaken);
    }
    let token = new_session(store, &name, lifetime).await?;
    Ok((name, token))
}

/// Checks a password and returns the account's name and a new session token.
pub async fn login(store: &Store, name: &str, password: &str, lifetime: i64) -> Result<(String, String), AuthError> {
    if password.chars().count() > MAX_PASSWORD_CHARS {
        return Err(AuthError::BadPassword("use 6 to 200 characters"));
    }
    let account = store.account(&fold(name.trim())).await?;
    let (name, ok) = match account {
        Some((name, hash)) => (name, verify(password.to_string(), hash).await),
        None => {
            // As long as a real check, so that timing does not reveal which names exist.
            let _ = verify(password.to_string(), decoy().await).await;
            (String::new(), false)
        }
    };
    if !ok {
        return Err(AuthError::WrongPassword);
    }
    let token = new_session(store, &name, lifetime).await?;
    Ok((name, token))
}

/// Prepares the decoy hash before the first login asks for it.
pub async fn warm_up() {
    let _ = decoy().await;
}

async fn new_session(store: &Store, name: &str, lifetime: i64) -> Result<String, AuthError> {
    use rand::Rng;
    let bytes: [u8; 32] = rand::rng().random();
    let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    store.create_session(&token, name, now() + lifetime).await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_fold_case_and_width() {
        assert_eq!(fold("ALICE"), fold("alice"));
        assert_eq!(fold("ａｌｉｃｅ"), "alice");
        assert_eq!(fold("Zoë"), fold("ZOË"));
        assert_ne!(fold("alice"), fold("alicia"));
    }

    #[test]
    fn names_are_checked_and_stored_in_nfkc() {
        assert_eq!(check_name("ｂｏｂ").unwrap(), "bob");
        assert!(check_name("ROBOT").is_err());
        assert!(check_name("a b").is_err());
        assert!(check_name("").is_err());
        assert_eq!(check_name("Łukasz").unwrap(), "Łukasz");
    }

    #[test]
    fn passwords_are_counted_in_characters() {
        assert!(check_password(&"é".repeat(200)).is_ok(), "200 two-byte characters are 200 characters");
        assert!(check_password(&"é".repeat(201)).is_err());
        assert!(check_password("short").is_err());
    }
}
