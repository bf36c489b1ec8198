// @ts-check
// What the club (app.js) and the Director's desk (director.js) share: the names of seats, suits
// and strains, the session kept in localStorage, logging in and out, and small DOM helpers.
// Native ES modules, no build step; `tsc` checks the types (package.json, `npm run check`).

/** @typedef {'North' | 'East' | 'South' | 'West'} Seat */

/** @type {Seat[]} */
export const SEATS = ['North', 'East', 'South', 'West'];
/** @type {Record<string, string>} */
export const SUITS = { S: '♠', H: '♥', D: '♦', C: '♣' };
export const STRAINS = ['C', 'D', 'H', 'S', 'NT'];
export const STORE_TOKEN = 'tenace.token';
export const STORE_USER = 'tenace.user';

/**
 * Calls, contracts and result lines with suit symbols: `1D` → `1♦`, `4SX by E` → `4♠X by E`
 * (no trump stays `NT`).
 * @param {string} text
 * @returns {string}
 */
export function withSuits(text) {
  return String(text).replace(/([1-7])([CDHS])(?![A-Za-z])|([1-7])([CDHS])(?=X)/g, (_, l1, s1, l2, s2) => (l1 || l2) + SUITS[s1 || s2]);
}

/** The colour class of a suit's symbol. @param {string} s a suit letter */
export function suitClass(s) {
  return s === 'H' || s === 'D' ? 'red' : 'black';
}

/** A rank as printed: `T` is 10. @param {string} r */
export function rankText(r) {
  return r === 'T' ? '10' : r;
}

/** @type {Record<string, string>} */
export const SUIT_NAMES = { S: 'spade', H: 'heart', D: 'diamond', C: 'club' };
/** @type {Record<string, string>} */
const RANK_NAMES = { A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten' };

/**
 * A card as a screen reader says it: "spade king", "heart 7".
 * @param {string} card
 */
export function cardName(card) {
  return SUIT_NAMES[card[0]] + ' ' + (RANK_NAMES[card.slice(1)] || card.slice(1));
}

/** @param {string} s a seat @returns {'NS' | 'EW'} */
export function side(s) {
  return s === 'North' || s === 'South' ? 'NS' : 'EW';
}

/**
 * A deal in PBN notation, `N:AK.QJ.T9.8765 ...`, as each seat's cards: `{North: ['SA', ...]}`.
 * @param {string} pbn
 * @returns {Record<string, string[]>}
 */
export function dealHands(pbn) {
  /** @type {Record<string, string[]>} */
  const out = {};
  const m = /^([NESW]):(.*)$/.exec((pbn || '').trim());
  if (!m) return out;
  const first = 'NESW'.indexOf(m[1]);
  m[2].trim().split(/\s+/).forEach((h, i) => {
    const cards = [];
    h.split('.').forEach((ranks, k) => {
      for (const r of ranks) cards.push('SHDC'[k] + r);
    });
    out[SEATS[(first + i) % 4]] = cards;
  });
  return out;
}

/**
 * The element with this id. The pages are static, so every id the scripts use exists; its type
 * is left open (inputs, buttons, lists).
 * @param {string} id
 * @returns {any}
 */
export const $ = (id) => document.getElementById(id);

/**
 * A new element; attributes given as strings, text always as textContent (never HTML).
 * @param {string} tag
 * @param {Record<string, unknown> | null} [attrs]
 * @param {unknown} [text]
 * @returns {any}
 */
export function el(tag, attrs, text) {
  const e = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') e.className = String(v);
      else if (k === 'title') e.title = String(v);
      else e.setAttribute(k, String(v));
    }
  }
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

/** @param {Node} node */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/**
 * @param {HTMLElement} node
 * @param {boolean} on
 */
export function show(node, on) {
  node.hidden = !on;
}

/**
 * The session kept between visits.
 * @typedef {{ token: string | null, user: string | null }} Session
 */

/** @returns {Session} */
export function loadSession() {
  return { token: localStorage.getItem(STORE_TOKEN), user: localStorage.getItem(STORE_USER) };
}

/**
 * Logs in or registers (`/api/login`, `/api/register`); stores and returns the session.
 * Throws an Error whose message is the server's answer (or why it could not be reached).
 * @param {'/api/login' | '/api/register'} path
 * @param {string} name
 * @param {string} password
 * @returns {Promise<{ token: string, user: string }>}
 */
export async function openSession(path, name, password) {
  let r;
  try {
    r = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, password }) });
  } catch (e) {
    throw new Error('the server cannot be reached: ' + e);
  }
  /** @type {{ token?: string, name?: string, error?: string }} */
  let body = {};
  try {
    body = await r.json();
  } catch (_) {
    /* not JSON */
  }
  if (!r.ok || !body.token || !body.name) throw new Error(body.error || 'request failed (' + r.status + ')');
  localStorage.setItem(STORE_TOKEN, body.token);
  localStorage.setItem(STORE_USER, body.name);
  return { token: body.token, user: body.name };
}

/**
 * A JSON request to the club's HTTP API with the session's token (the Director's desk, the
 * scorer). Returns the JSON answer; throws an Error with the server's message. On 401 (the
 * session is gone) it calls `loggedOut` first.
 * @param {string | null} token
 * @param {string} method
 * @param {string} path
 * @param {unknown} body
 * @param {() => void} loggedOut
 * @returns {Promise<any>}
 */
export async function request(token, method, path, body, loggedOut) {
  const r = await fetch(path, {
    method,
    headers: Object.assign({ 'Content-Type': 'application/json' }, token ? { Authorization: 'Bearer ' + token } : {}),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  /** @type {any} */
  let data = {};
  try { data = await r.json(); } catch (_) { /* not JSON */ }
  if (r.status === 401) { loggedOut(); throw new Error(data.error || 'log in again'); }
  if (!r.ok) throw new Error(data.error || ('request failed (' + r.status + ')'));
  return data;
}

/**
 * Forgets the session here and revokes it on the server (the token stops working everywhere).
 * @param {string | null} token
 */
export function closeSession(token) {
  if (token) {
    fetch('/api/logout', { method: 'POST', headers: { Authorization: 'Bearer ' + token } }).catch(() => {});
  }
  localStorage.removeItem(STORE_TOKEN);
  localStorage.removeItem(STORE_USER);
}
