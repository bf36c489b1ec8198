// @ts-check
// Tenace browser client: vanilla JS as a native ES module, no build step. Speaks protocol v1
// (docs/protocol.md; its messages are typed in protocol.js). Every piece of text that comes from
// the server or other users is inserted with textContent.
import { SEATS, SUITS, STRAINS, STORE_TOKEN, STORE_USER, $, el, clear, show, loadSession, openSession, closeSession, suitClass, rankText, cardName, side, dealHands, SUIT_NAMES } from './common.js';

const STORE_TABLE = 'tenace.table';

/**
 * The table this client follows.
 * @typedef {{ table: string, seat: import('./protocol.js').Seat | null, mode: 'seat' | 'watch' }} Current
 */

/**
 * Everything the page keeps; every field is declared here.
 * @type {{
 *   token: string | null, user: string | null, ws: WebSocket | null, welcomed: boolean,
 *   badToken: boolean, attempts: number, reconnectTimer: any, pingTimer: any, lobbyTimer: any,
 *   current: Current | null, following: boolean, creatingSeat: import('./protocol.js').Seat | null,
 *   view: import('./protocol.js').TableView | null, pending: boolean, selectedCall: number | null,
 *   drafts: Record<number, string>, asked: number[], answered: number[], showLast: boolean,
 *   hold: { board: number, trick: number, until: number } | null, lastPhase: string,
 *   heard: { table: string, board: number, calls: number, cards: number } | null, keys: string,
 *   tables: import('./protocol.js').TableSummary[],
 *   tournaments: import('./protocol.js').TournamentSummary[],
 *   tournament: import('./protocol.js').TournamentView | null, director: boolean,
 * }}
 */
/** localStorage: keep each finished trick in view for a moment ('1', the default) or not ('0'). */
const STORE_TRICK_PAUSE = 'tenace.trickPause';
/** How long a finished trick stays in view with the pause setting on. */
const TRICK_PAUSE_MS = 1500;

const state = {
  ...loadSession(),
  ws: null,
  welcomed: false,
  // The server refused the stored token (do not reconnect with it).
  badToken: false,
  attempts: 0,
  reconnectTimer: null,
  pingTimer: null,
  lobbyTimer: null,
  current: loadCurrent(),
  // A `follow` was sent for `current` on this connection.
  following: false,
  // The seat asked for when creating a table (the `created` answer seats us there).
  creatingSeat: null,
  view: null,
  viewSeq: 0, // the `seq` of the view held: a patch applies to it only when its own is one more
  resyncing: false, // a patch did not follow the view held; the table was followed again
  pending: false, // a call or card was sent; wait for the next view
  selectedCall: null, // index of the auction call shown in #call-info
  drafts: {}, // explanations being typed, by call index
  asked: [], // calls this player has asked about and not yet seen answered (Law 20F)
  answered: [], // those since answered: their explanations stay shown until the board ends
  showLast: false, // the player asked to see the last finished trick
  hold: null, // a finished trick kept in view for a moment (the pause setting)
  lastPhase: '', // the phase last rendered (a phone brings the table into view when play starts)
  heard: null, // the calls and cards already announced to screen readers
  keys: '', // a call or card being typed
  tables: [],
  tournaments: [],
  tournament: null, // the tournament whose details are open in the lobby
  director: false, // the account may direct (welcome.director)
};

// ---------- small helpers ----------
function seatIndex(s) {
  return SEATS.indexOf(s);
}
function rotate(s, n) {
  return SEATS[(seatIndex(s) + n + 4) % 4];
}
function loadCurrent() {
  try {
    const c = JSON.parse(localStorage.getItem(STORE_TABLE) || 'null');
    if (c && typeof c.table === 'string') return c;
  } catch (_) { /* ignore */ }
  return null;
}
function saveCurrent() {
  if (state.current) localStorage.setItem(STORE_TABLE, JSON.stringify(state.current));
  else localStorage.removeItem(STORE_TABLE);
}
// "1NT" -> [text nodes] with a coloured suit symbol.
function callNode(call, tag) {
  const span = el(tag || 'span', { class: 'call-text' });
  const m = /^([1-7])(C|D|H|S|NT)$/.exec(call);
  if (!m) {
    span.textContent = call === 'X' ? 'X' : call === 'XX' ? 'XX' : call;
    if (call === 'Pass') span.classList.add('pass');
    return span;
  }
  span.appendChild(document.createTextNode(m[1]));
  if (m[2] === 'NT') span.appendChild(document.createTextNode('NT'));
  else span.appendChild(el('span', { class: 'suit ' + suitClass(m[2]) }, SUITS[m[2]]));
  return span;
}
function contractNode(contract) {
  // "4SX", "3NTXX", "Pass"
  const m = /^([1-7])(C|D|H|S|NT)(X{0,2})$/.exec(contract || '');
  if (!m) return document.createTextNode(contract || '—');
  const span = callNode(m[1] + m[2]);
  if (m[3]) span.appendChild(document.createTextNode(m[3]));
  return span;
}
/** A card as text with its suit symbol: "HK" → ♥K (red suits coloured). */
function cardText(card) {
  const span = el('span', { class: 'card-text' });
  span.appendChild(el('span', { class: 'suit ' + suitClass(card[0]) }, SUITS[card[0]]));
  span.appendChild(document.createTextNode(card[1] === 'T' ? '10' : card.slice(1)));
  return span;
}
/** A call as said: "1 heart", "3 no trump", "pass", "double", "redouble". */
function callName(call) {
  if (call === 'Pass') return 'pass';
  if (call === 'X') return 'double';
  if (call === 'XX') return 'redouble';
  const m = /^([1-7])(C|D|H|S|NT)$/.exec(call);
  if (!m) return call;
  return m[1] + ' ' + (m[2] === 'NT' ? 'no trump' : SUIT_NAMES[m[2]] + (m[1] === '1' ? '' : 's'));
}
function vulText(v) {
  return { None: 'None', NorthSouth: 'N-S', EastWest: 'E-W', Both: 'All' }[v] || String(v);
}
function isVulnerable(v, seat) {
  return v === 'Both' || (v === 'NorthSouth' && side(seat) === 'NS') || (v === 'EastWest' && side(seat) === 'EW');
}
function signed(n) {
  return n > 0 ? '+' + n : String(n);
}

// ---------- messages ----------
function showError(message, law) {
  $('error-text').textContent = message;
  $('error-law').textContent = law ? '(Law ' + law + ')' : '';
  $('messages').dataset.law = law || '';
  show($('messages'), true);
}
function clearError() {
  show($('messages'), false);
}

function setStatus(s, text) {
  const st = $('status');
  st.dataset.state = s;
  st.textContent = text;
}

// ---------- screens ----------
function screen(name) {
  show($('login-view'), name === 'login');
  show($('lobby-view'), name === 'lobby');
  show($('table-view'), name === 'table');
  show($('user-box'), name !== 'login');
  document.body.dataset.screen = name;
  if (state.lobbyTimer) {
    clearInterval(state.lobbyTimer);
    state.lobbyTimer = null;
  }
  if (name === 'lobby') {
    refreshLobby();
    state.lobbyTimer = setInterval(refreshLobby, 5000);
  }
}

// ---------- accounts ----------
/** @param {'/api/login' | '/api/register'} path */
async function account(path) {
  const err = $('login-error');
  show(err, false);
  try {
    const session = await openSession(path, $('login-name').value.trim(), $('login-password').value);
    state.token = session.token;
    state.user = session.user;
    $('login-password').value = '';
    connect();
  } catch (e) {
    err.textContent = e instanceof Error ? e.message : String(e);
    show(err, true);
  }
}

function logout() {
  // Logging out gives up the seat (a dropped connection would keep it for a while).
  if (state.current) send({ type: 'leave', table: state.current.table });
  // Revoke the session on the server too (the token stops working everywhere).
  closeSession(state.token);
  state.token = null;
  state.user = null;
  state.current = null;
  state.view = null;
  saveCurrent();
  disconnect();
  setStatus('offline', 'logged out');
  screen('login');
}

// ---------- the WebSocket ----------
function disconnect() {
  if (state.reconnectTimer) clearTimeout(state.reconnectTimer);
  state.reconnectTimer = null;
  if (state.ws) {
    const ws = state.ws;
    state.ws = null;
    ws.onclose = null;
    ws.close();
  }
}

function connect() {
  disconnect();
  if (!state.token) {
    screen('login');
    return;
  }
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  // The token goes in the first message, never in the URL (docs/protocol.md).
  const ws = new WebSocket(proto + '//' + location.host + '/ws/v1');
  state.ws = ws;
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token: state.token, view_patches: true }));
  state.welcomed = false;
  state.following = false;
  setStatus('connecting', state.attempts ? 'reconnecting…' : 'connecting…');
  ws.onmessage = (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch (_) {
      return;
    }
    onMessage(ws, msg);
  };
  ws.onclose = () => {
    if (state.ws !== ws) return;
    state.ws = null;
    if (state.pingTimer) clearInterval(state.pingTimer);
    state.pingTimer = null;
    if (!state.welcomed && state.badToken) {
      return;
    }
    scheduleReconnect();
  };
  ws.onerror = () => { /* onclose follows */ };
}

function scheduleReconnect() {
  if (!state.token) return;
  state.attempts += 1;
  const delay = Math.min(10000, 500 * Math.pow(2, Math.min(state.attempts - 1, 5)));
  setStatus('offline', 'disconnected — reconnecting in ' + Math.round(delay / 1000) + ' s');
  state.reconnectTimer = setTimeout(() => {
    state.reconnectTimer = null;
    connect();
  }, delay);
}

function send(msg) {
  if (state.ws && state.ws.readyState === WebSocket.OPEN && state.welcomed) {
    state.ws.send(JSON.stringify(msg));
    return true;
  }
  return false;
}

function act(action) {
  if (!state.current) return false;
  clearError();
  const ok = send({ type: 'act', table: state.current.table, action });
  if (!ok) showError('not connected: the action was not sent');
  return ok;
}

function follow() {
  const c = state.current;
  if (!c) return;
  if (c.mode === 'seat' && c.seat) send({ type: 'join', table: c.table, seat: c.seat });
  else send({ type: 'watch', table: c.table, seat: c.seat || undefined });
}

function onMessage(ws, msg) {
  switch (msg.type) {
    case 'welcome':
      state.welcomed = true;
      state.badToken = false;
      state.attempts = 0;
      state.user = msg.user;
      localStorage.setItem(STORE_USER, msg.user);
      $('user-name').textContent = msg.user;
      $('desk-link').hidden = !msg.director;
      state.director = !!msg.director;
      setStatus('connected', 'connected as ' + msg.user);
      if (state.pingTimer) clearInterval(state.pingTimer);
      state.pingTimer = setInterval(() => send({ type: 'ping' }), 25000);
      if (state.current) {
        follow();
        screen('table');
        if (state.view) render();
      } else {
        screen('lobby');
      }
      break;
    case 'lobby':
      state.tables = msg.tables || [];
      renderLobby();
      break;
    case 'tournaments':
      state.tournaments = msg.tournaments || [];
      renderTournaments();
      break;
    case 'tournament':
      state.tournament = msg.view;
      renderTournament();
      break;
    case 'created':
      state.following = false;
      state.current = { table: msg.table, seat: state.creatingSeat || 'South', mode: 'seat' };
      state.view = null;
      saveCurrent();
      screen('table');
      break;
    case 'view':
      if (state.current && msg.view.table === state.current.table) state.viewSeq = msg.seq || 0;
      onView(msg.view);
      break;
    case 'view_patch':
      onPatch(msg);
      break;
    case 'error':
      if (!state.welcomed) {
        // An unknown or expired token: the server closes the connection.
        state.badToken = true;
        state.token = null;
        localStorage.removeItem(STORE_TOKEN);
        setStatus('offline', 'please log in');
        screen('login');
        const err = $('login-error');
        err.textContent = msg.message;
        show(err, true);
        return;
      }
      state.pending = false;
      showError(msg.message, msg.law);
      if (state.current && msg.table === state.current.table && !state.following) {
        if (state.view && state.current.mode === 'seat') {
          // Coming back failed (someone else took the seat): watch the table instead.
          state.current = { table: state.current.table, seat: null, mode: 'watch' };
          saveCurrent();
          follow();
        } else {
          // Joining failed (the seat is taken, no such table...): back to the lobby.
          state.current = null;
          state.view = null;
          saveCurrent();
          screen('lobby');
        }
      } else if (state.view) {
        render();
      }
      break;
    case 'pong':
      break;
    case 'notice':
      // e.g. the store works again after a failure: the table error banner goes away.
      clearError();
      setStatus('connected', msg.message);
      break;
    default:
      break;
  }
}

/**
 * A view sent as what changed since the last one (docs/protocol.md, view patches). A patch that
 * does not follow the view held (none held, or one missed) is not applied: the table is followed
 * again, and the server answers with the whole view.
 * @param {{ table: string, seq: number, changed?: Record<string, any>, extended?: Record<string, [number, any[]]>, removed?: string[] }} p
 */
function onPatch(p) {
  if (!state.current || p.table !== state.current.table) return;
  if (!state.view || state.view.table !== p.table || state.viewSeq !== p.seq - 1) {
    if (!state.resyncing) {
      state.resyncing = true;
      follow();
    }
    return;
  }
  /** @type {Record<string, any>} */
  const v = Object.assign({}, state.view);
  for (const [k, x] of Object.entries(p.changed || {})) v[k] = x;
  for (const [k, [kept, items]] of Object.entries(p.extended || {})) v[k] = (v[k] || []).slice(0, kept).concat(items);
  for (const k of p.removed || []) delete v[k];
  state.viewSeq = p.seq;
  onView(/** @type {import('./protocol.js').TableView} */ (v));
}

/** @param {import('./protocol.js').TableView} v */
function onView(v) {
  state.resyncing = false;
  if (!state.current || v.table !== state.current.table) return;
  const boardChanged = !state.view || state.view.board !== v.board;
  state.view = v;
  state.following = true;
  state.pending = false;
  if (v.viewer && v.viewer.kind === 'seat') {
    state.current.seat = v.viewer.seat;
    state.current.mode = 'seat';
  } else if (v.viewer) {
    state.current.mode = 'watch';
    state.current.seat = v.viewer.kind === 'kibitzer' ? v.viewer.watching : null;
  }
  saveCurrent();
  if (boardChanged) {
    state.selectedCall = null;
    state.drafts = {};
    state.asked = [];
    state.answered = [];
    state.showLast = false;
    state.hold = null;
  }
  if (document.body.dataset.screen !== 'table') screen('table');
  render();
}

// ---------- lobby ----------
function refreshLobby() {
  send({ type: 'lobby' });
  send({ type: 'tournaments' });
  if (state.tournament) send({ type: 'tournament', tournament: state.tournament.id });
}

function renderLobby() {
  const body = $('lobby-rows');
  clear(body);
  show($('lobby-empty'), state.tables.length === 0);
  for (const t of state.tables) {
    const tr = el('tr', { 'data-table': t.table });
    const name = el('td', { class: 'table-name' });
    name.appendChild(el('span', null, t.name));
    name.appendChild(el('small', { class: 'muted' }, ' ' + t.table));
    tr.appendChild(name);
    if (t.unavailable) {
      // A table whose stored log could not be read: set aside by the server, not playable.
      tr.appendChild(el('td', { colspan: '7', class: 'unavailable' }, 'unavailable: ' + t.unavailable));
      body.appendChild(tr);
      continue;
    }
    tr.appendChild(el('td', null, t.board + '/' + t.boards));
    SEATS.forEach((seat, i) => {
      const td = el('td', { 'data-seat': seat });
      const who = t.seats[i];
      if (who && who === state.user) {
        // Your own seat (taken on another device, or left open in another tab): back to it.
        td.appendChild(el('span', null, who + ' '));
        const b = el('button', { type: 'button', class: 'return-seat', 'data-seat': seat, 'data-table': t.table }, 'Return to my seat');
        b.addEventListener('click', () => joinTable(t.table, seat));
        td.appendChild(b);
      } else if (who && who !== 'Robot') {
        td.textContent = who;
      } else {
        if (who === 'Robot') td.appendChild(el('span', { class: 'robot-marker' }, 'Robot '));
        const b = el('button', { type: 'button', class: 'join-seat', 'data-seat': seat, 'data-table': t.table }, 'Sit ' + seat);
        b.addEventListener('click', () => joinTable(t.table, seat));
        td.appendChild(b);
      }
      tr.appendChild(td);
    });
    tr.appendChild(el('td', null, String(t.kibitzers)));
    const td = el('td');
    const w = el('button', { type: 'button', class: 'watch', 'data-table': t.table }, 'Watch');
    w.addEventListener('click', () => watchTable(t.table));
    td.appendChild(w);
    tr.appendChild(td);
    body.appendChild(tr);
  }
}

// ---------- tournaments ----------
/** @param {number} t Unix seconds */
function when(t) {
  return new Date(t * 1000).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' });
}

/** @param {number} v @param {string} scoring */
function points(v, scoring) {
  return scoring === 'imps' ? (v > 0 ? '+' : '') + v.toFixed(2) + ' IMPs' : v.toFixed(2) + '%';
}

function renderTournaments() {
  const body = $('tournament-rows');
  clear(body);
  show($('tournaments-empty'), state.tournaments.length === 0);
  for (const t of state.tournaments) {
    const tr = el('tr', { 'data-tournament': t.id });
    tr.appendChild(el('td', null, t.name));
    tr.appendChild(el('td', null, String(t.boards)));
    tr.appendChild(el('td', null, t.scoring === 'imps' ? 'IMPs' : 'Matchpoints'));
    tr.appendChild(el('td', null, t.phase + ': ' + when(t.opens_at) + ' to ' + when(t.closes_at)));
    tr.appendChild(el('td', null, String(t.entrants)));
    const td = el('td');
    const open = el('button', { type: 'button', class: 'tournament-open', 'data-tournament': t.id }, 'Details');
    open.addEventListener('click', () => send({ type: 'tournament', tournament: t.id }));
    td.appendChild(open);
    tr.appendChild(td);
    body.appendChild(tr);
  }
}

function renderTournament() {
  const t = state.tournament;
  show($('tournament-detail'), !!t);
  if (!t) return;
  $('tournament-title').textContent = t.name;
  $('tournament-status').textContent =
    t.phase + ' · ' + t.boards + ' boards · ' + (t.scoring === 'imps' ? 'IMPs' : 'matchpoints') +
    ' · ' + when(t.opens_at) + ' to ' + when(t.closes_at) + ' · created by ' + t.creator;
  const actions = $('tournament-actions');
  clear(actions);
  /** @param {string} label @param {string} cls @param {object} msg */
  const button = (label, cls, msg) => {
    const b = el('button', { type: 'button', class: cls }, label);
    b.addEventListener('click', () => {
      clearError();
      send(msg);
    });
    actions.appendChild(b);
  };
  if (t.phase !== 'finished' && !t.entered) {
    if (t.kind === 'pairs') {
      // A pair enters together: the partner's account, or nobody for a robot partner.
      const partner = el('input', { id: 'tournament-partner', placeholder: 'partner (empty: a robot)', maxlength: '40' });
      actions.appendChild(partner);
      const b = el('button', { type: 'button', class: 'tournament-register' }, 'Enter');
      b.addEventListener('click', () => {
        clearError();
        /** @type {{ type: string, tournament: string, partner?: string }} */
        const msg = { type: 'register', tournament: t.id };
        if (partner.value.trim()) msg.partner = partner.value.trim();
        send(msg);
      });
      actions.appendChild(b);
    } else if (t.kind === 'teams') {
      // A team enters under its name with its other members (accounts); robots fill the rest.
      const team = el('input', { id: 'tournament-team', placeholder: 'team name', maxlength: '60' });
      const members = el('input', { id: 'tournament-members', placeholder: 'other members, comma-separated', maxlength: '200' });
      actions.appendChild(team);
      actions.appendChild(members);
      const b = el('button', { type: 'button', class: 'tournament-register' }, 'Enter');
      b.addEventListener('click', () => {
        clearError();
        const others = members.value.split(',').map((m) => m.trim()).filter((m) => m);
        send({ type: 'register', tournament: t.id, team: team.value.trim(), members: others });
      });
      actions.appendChild(b);
    } else {
      button('Enter', 'tournament-register', { type: 'register', tournament: t.id });
    }
  }
  if (t.phase === 'running' && t.entered) button(t.table ? 'Go to my table' : 'Play', 'tournament-play', { type: 'play_tournament', tournament: t.id });
  if (t.phase !== 'finished' && t.creator === state.user && t.kind === 'robot_individual') button('Close now', 'tournament-close', { type: 'close_tournament', tournament: t.id });
  show($('tournament-round'), !!t.round);
  if (t.round) {
    $('tournament-round').textContent = 'Round ' + t.round + (t.round_ends_at ? ' ends at ' + when(t.round_ends_at) : '') + (t.seat ? ' · you sit ' + t.seat : '');
  }
  show($('tournament-reports'), t.phase === 'finished');
  // A Director who does not play adjusts a score (Law 12): artificial scores from this form.
  show($('tournament-adjust'), state.director && !t.entered && t.kind !== 'robot_individual');
  // Slow play, for the Director: boards not played when their round's time ran out.
  const late = t.late || [];
  show($('tournament-late'), late.length > 0);
  $('tournament-late').textContent = 'Not played in time (Average/Average until the Director rules): ' +
    late.map(([round, table, board]) => 'round ' + round + ' table ' + table + ' board ' + board).join('; ');
  renderCalls(t);
  $('tournament-pbn').setAttribute('href', '/api/tournaments/' + encodeURIComponent(t.id) + '.pbn');
  $('tournament-html').setAttribute('href', '/api/tournaments/' + encodeURIComponent(t.id) + '.html');
  const list = $('tournament-entrants');
  clear(list);
  for (const [name, played] of t.entrants) list.appendChild(el('li', null, name + ' (' + played + '/' + t.boards + ' boards)'));
  // A large field sends only the viewer's own line.
  const count = t.entrant_count || t.entrants.length;
  if (count > t.entrants.length) list.appendChild(el('li', { class: 'muted' }, count + ' entrants in all'));
  const card = $('tournament-card').querySelector('tbody');
  clear(card);
  show($('tournament-card-box'), t.card.length > 0);
  for (const b of t.card) {
    const tr = el('tr');
    for (const v of [String(b.board), b.contract, b.declarer || '', b.lead || '', b.tricks === null ? '' : String(b.tricks), b.score_ns === null ? '' : String(b.score_ns), points(b.value, t.scoring)]) {
      tr.appendChild(el('td', null, v));
    }
    const replay = el('td');
    if (b.table) replay.appendChild(el('a', { href: replayHref(b.table, b.board), target: '_blank', rel: 'noopener', class: 'replay', 'aria-label': 'Replay board ' + b.board }, 'Replay'));
    tr.appendChild(replay);
    card.appendChild(tr);
  }
  const ranking = $('tournament-ranking').querySelector('tbody');
  clear(ranking);
  show($('tournament-ranking-box'), !!t.ranking);
  show($('tournament-hidden'), !t.ranking);
  // A large field sends the top of the ranking and one's own part of it: a row marks each gap.
  const gaps = t.ranking_gaps || [];
  const gap = () => {
    const tr = el('tr', { class: 'ranking-gap' });
    tr.appendChild(el('td', { colspan: '4' }, '…'));
    return tr;
  };
  (t.ranking || []).forEach((s, i) => {
    if (gaps.includes(i)) ranking.appendChild(gap());
    const tr = el('tr', s.name === state.user ? { class: 'me' } : null);
    for (const v of [String(s.rank), s.name, points(s.total, t.scoring), String(s.boards)]) tr.appendChild(el('td', null, v));
    ranking.appendChild(tr);
  });
  if (t.ranking && gaps.includes(t.ranking.length)) ranking.appendChild(gap());
  const travellers = $('tournament-travellers');
  clear(travellers);
  const hands = t.hands || {};
  for (const board of t.traveller_boards || Object.keys(t.travellers).map(Number)) {
    const rows = t.travellers[String(board)];
    if (!rows) {
      // A large field sends one traveller at a time: ask for this one.
      const b = el('button', { type: 'button', class: 'tournament-board', 'data-board': String(board) }, 'Board ' + board + ': traveller and hand record');
      b.addEventListener('click', () => send({ type: 'tournament', tournament: t.id, board }));
      travellers.appendChild(b);
      continue;
    }
    const hand = hands[String(board)];
    travellers.appendChild(el('h4', null, 'Board ' + board + (hand ? ' · dealer ' + hand.dealer + ' · ' + vulnerabilityText(hand.vulnerability) : '')));
    if (hand) travellers.appendChild(boardRecordNode(board, hand));
    const table = el('table', { class: 'traveller', 'data-board': String(board) });
    const head = el('tr');
    for (const h of ['Name', 'Contract', 'By', 'Lead', 'Tricks', 'Score NS', 'Result']) head.appendChild(el('th', null, h));
    table.appendChild(head);
    for (const r of rows) {
      const tr = el('tr');
      for (const v of [r.name, r.contract, r.declarer || '', r.lead || '', r.tricks === null ? '' : String(r.tricks), r.score_ns === null ? '' : String(r.score_ns), points(r.value, t.scoring)]) {
        tr.appendChild(el('td', null, v));
      }
      table.appendChild(tr);
    }
    travellers.appendChild(table);
  }
}

/**
 * The calls to the Director: a Director watches the table and answers with a ruling; a player
 * sees their own calls and the answers.
 * @param {import('./protocol.js').TournamentView} t
 */
function renderCalls(t) {
  const calls = t.calls || [];
  show($('tournament-calls'), calls.length > 0);
  const body = $('tournament-call-rows').querySelector('tbody');
  clear(body);
  for (const c of calls) {
    const tr = el('tr', { 'data-call': String(c.number) });
    for (const v of [String(c.number), c.room, c.by, when(c.at), c.reason]) tr.appendChild(el('td', null, v));
    const ruling = el('td');
    const act = el('td');
    if (c.answer) {
      ruling.textContent = c.answer[2] + ' (' + c.answer[0] + ')';
    } else if (state.director && !t.entered) {
      const watch = el('button', { type: 'button', class: 'call-watch' }, 'Watch the table');
      watch.addEventListener('click', () => watchTable(c.room));
      const input = el('input', { class: 'call-ruling', placeholder: 'ruling', maxlength: '600' });
      const answer = el('button', { type: 'button', class: 'call-answer' }, 'Answer');
      answer.addEventListener('click', () => {
        clearError();
        send({ type: 'answer_call', tournament: t.id, call: c.number, ruling: /** @type {HTMLInputElement} */ (input).value.trim() });
      });
      ruling.appendChild(input);
      act.appendChild(watch);
      act.appendChild(answer);
    } else {
      ruling.textContent = 'the Director is on the way';
    }
    tr.appendChild(ruling);
    tr.appendChild(act);
    body.appendChild(tr);
  }
}

/** @param {string} v */
function vulnerabilityText(v) {
  return { None: 'nobody vulnerable', NorthSouth: 'NS vulnerable', EastWest: 'EW vulnerable', Both: 'both vulnerable' }[v] || v;
}

/**
 * A tournament board's hand record: the four hands, the double-dummy table and par.
 * @param {number} board
 * @param {{ deal: string, record: any }} hand
 */
function boardRecordNode(board, hand) {
  const box = el('div', { class: 'board-record', 'data-board': String(board) });
  const [first, rest] = hand.deal.split(':');
  const order = ['N', 'E', 'S', 'W'];
  const start = Math.max(0, order.indexOf(first));
  const names = { N: 'North', E: 'East', S: 'South', W: 'West' };
  const list = el('div', { class: 'board-hands' });
  (rest || '').split(' ').forEach((h, i) => {
    const seat = order[(start + i) % 4];
    const line = el('div', { 'data-seat': names[seat] }, names[seat] + ' ');
    h.split('.').forEach((cards, k) => {
      const suit = ['S', 'H', 'D', 'C'][k];
      line.appendChild(el('span', { class: 'suit ' + suitClass(suit) }, SUITS[suit]));
      line.appendChild(document.createTextNode((cards || '—') + ' '));
    });
    list.appendChild(line);
  });
  box.appendChild(list);
  if (hand.record) for (const n of ddNodes(hand.record, false)) box.appendChild(n);
  else box.appendChild(el('span', { class: 'muted' }, 'Double-dummy analysis is being computed…'));
  return box;
}

/** Shows the adjust form's fields for the kind of score chosen. */
function adjustKindChanged() {
  const kind = $('adjust-kind').value;
  document.querySelectorAll('#tournament-adjust .adjust-artificial').forEach((e) => show(/** @type {HTMLElement} */ (e), kind === 'artificial'));
  document.querySelectorAll('#tournament-adjust .adjust-result').forEach((e) => show(/** @type {HTMLElement} */ (e), kind !== 'artificial'));
  document.querySelectorAll('#tournament-adjust .adjust-split').forEach((e) => show(/** @type {HTMLElement} */ (e), kind === 'split'));
}

/**
 * One result as the Director types it: `4S N 10`, `3NTX E 7`, `Pass`.
 * @param {string} text
 */
function parsePlayed(text) {
  const words = text.trim().split(/\s+/);
  if (words.length === 1 && /^pass$/i.test(words[0])) return { contract: null, tricks: 0 };
  const seats = { N: 'North', E: 'East', S: 'South', W: 'West' };
  const declarer = words[1] ? seats[/** @type {'N'|'E'|'S'|'W'} */ (words[1].toUpperCase()[0])] : undefined;
  const tricks = Number(words[2]);
  if (words.length !== 3 || !declarer || !Number.isInteger(tricks) || tricks < 0 || tricks > 13) {
    throw new Error('write a result as contract, declarer, tricks (e.g. 4S N 10) or Pass, not "' + text.trim() + '"');
  }
  return { contract: words[0].toUpperCase(), declarer, tricks };
}

/**
 * A side's outcome: one result, or weighted results `60% 4S N 10; 40% 4S N 9` (Law 12C1(c)).
 * @param {string} text
 */
function parseOutcome(text) {
  if (!text.includes(';') && !text.includes('%')) return { played: parsePlayed(text) };
  const parts = text.split(';').map((p) => p.trim()).filter((p) => p);
  return {
    assigned: parts.map((p) => {
      const m = /^(\d+(?:\.\d+)?)\s*%\s+(.+)$/.exec(p);
      if (!m) throw new Error('write each weighted part as a percentage then a result (e.g. 60% 4S N 10), not "' + p + '"');
      return { weight: Number(m[1]) / 100, ...parsePlayed(m[2]) };
    }),
  };
}

/** @param {Event} ev */
function adjustScore(ev) {
  ev.preventDefault();
  clearError();
  const t = state.tournament;
  if (!t) return;
  /** @param {string} id */
  const number = (id) => parseInt($(id).value, 10) || 1;
  const kind = $('adjust-kind').value;
  let outcome;
  try {
    if (kind === 'artificial') outcome = { artificial: { ns: $('adjust-ns').value, ew: $('adjust-ew').value } };
    else if (kind === 'split') outcome = { split: { ns: parseOutcome($('adjust-result').value), ew: parseOutcome($('adjust-result-ew').value) } };
    else outcome = parseOutcome($('adjust-result').value);
  } catch (e) {
    showError(e instanceof Error ? e.message : String(e));
    return;
  }
  send({ type: 'adjust_score', tournament: t.id, round: number('adjust-round'), table: number('adjust-table'), board: number('adjust-board'), outcome });
}

function createTournament(ev) {
  ev.preventDefault();
  clearError();
  const msg = {
    type: 'create_tournament',
    name: $('new-tournament-name').value.trim(),
    kind: $('new-tournament-kind').value,
    boards: parseInt($('new-tournament-boards').value, 10) || 8,
    scoring: $('new-tournament-scoring').value,
    opens_in_minutes: parseInt($('new-tournament-opens').value, 10) || 0,
    minutes: parseInt($('new-tournament-minutes').value, 10) || 1440,
    rounds: parseInt($('new-tournament-rounds').value, 10) || 3,
    boards_per_round: parseInt($('new-tournament-bpr').value, 10) || 2,
    minutes_per_board: parseInt($('new-tournament-mpb').value, 10) || 7,
    movement: $('new-tournament-movement').value,
  };
  if (!send(msg)) showError('not connected');
}

function joinTable(table, seat) {
  clearError();
  state.following = false;
  state.current = { table, seat, mode: 'seat' };
  state.view = null;
  saveCurrent();
  follow();
}

function watchTable(table) {
  clearError();
  state.following = false;
  state.current = { table, seat: null, mode: 'watch' };
  state.view = null;
  saveCurrent();
  follow();
}

function createTable(ev) {
  ev.preventDefault();
  clearError();
  const seat = $('new-table-seat').value;
  const msg = {
    type: 'create_table',
    name: $('new-table-name').value.trim(),
    boards: parseInt($('new-table-boards').value, 10) || 8,
    robots: $('new-table-robots').checked,
    kibitzers_see_all: $('new-table-kibitzers').checked,
    seat,
  };
  const same = $('new-table-same-set').value.trim();
  if (same) msg.same_set_as = same;
  state.creatingSeat = seat;
  if (!send(msg)) showError('not connected');
}

function leaveTable() {
  if (state.current) send({ type: 'leave', table: state.current.table });
  state.current = null;
  state.view = null;
  saveCurrent();
  screen('lobby');
  // The lobby as it is once the table has let the seat go (not as it was a moment ago): asked
  // again shortly, before the lobby's own five-second refresh.
  setTimeout(refreshLobby, 300);
  setTimeout(refreshLobby, 1000);
}

// ---------- the table ----------
/**
 * Says each new call and card to screen readers (the #announce live region): "East: 1 heart",
 * "South plays spade king". The first view of a board announces nothing (it is read as a whole).
 * @param {import('./protocol.js').TableView} v
 */
function announce(v) {
  const cards = v.tricks.flatMap((t) => t.cards);
  const h = state.heard;
  const lines = [];
  if (h && h.table === v.table && h.board === v.board) {
    for (const c of v.auction.slice(h.calls)) lines.push(c.seat + ': ' + callName(c.call));
    for (const c of cards.slice(h.cards)) lines.push(c.seat + ' plays ' + cardName(c.card));
  }
  state.heard = { table: v.table, board: v.board, calls: v.auction.length, cards: cards.length };
  // Added as new lines (a live region reads what is added), the last eight kept.
  const region = $('announce');
  for (const line of lines) region.appendChild(el('div', null, line + '.'));
  while (region.childNodes.length > 8) region.removeChild(region.firstChild);
}

/**
 * A call or card typed on the keyboard (issue 18, item 5): letters and digits gather in a
 * buffer shown on the page, Enter makes the call or plays the card if the Laws allow it now,
 * Esc clears. Calls: `1h`, `3nt` (or `3n`), `p`, `x`, `xx`; cards: `sk`, `h10` (or `ht`, `ks`).
 * @param {KeyboardEvent} e
 */
function typed(e) {
  const v = state.view;
  const target = /** @type {HTMLElement} */ (e.target);
  if (!v || document.body.dataset.screen !== 'table' || e.ctrlKey || e.metaKey || e.altKey) return;
  if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
  if (e.key === 'Escape') state.keys = '';
  else if (e.key === 'Backspace') state.keys = state.keys.slice(0, -1);
  else if (e.key === 'Enter' && state.keys) {
    submitTyped(v, state.keys.toLowerCase());
    state.keys = '';
    e.preventDefault();
  } else if (/^[a-z0-9]$/i.test(e.key) && state.keys.length < 4) state.keys += e.key.toLowerCase();
  else return;
  $('key-buffer').textContent = state.keys;
  show($('key-entry'), state.keys.length > 0);
}

/**
 * @param {import('./protocol.js').TableView} v
 * @param {string} text
 */
function submitTyped(v, text) {
  if (v.phase === 'auction') {
    const m = /^([1-7])(c|d|h|s|nt?)$/.exec(text);
    const call = text === 'p' || text === 'pass' ? 'Pass' : text === 'x' ? 'X' : text === 'xx' ? 'XX' : m ? m[1] + (m[2].startsWith('n') ? 'NT' : m[2].toUpperCase()) : null;
    if (!call) return showError('"' + text + '" is not a call (type 1h, 3nt, p, x or xx)');
    if (!v.your_turn || !v.legal_calls.includes(call)) return showError(callName(call) + ' is not a call you can make now');
    makeCall(call);
    return;
  }
  const m = /^([shdc])(10|[2-9tjqka])$/.exec(text) || /^(10|[2-9tjqka])([shdc])$/.exec(text);
  if (!m) return showError('"' + text + '" is not a card (type sk, h10, ct)');
  const [suit, rank] = /^[shdc]$/.test(m[1]) ? [m[1], m[2]] : [m[2], m[1]];
  const card = suit.toUpperCase() + (rank === '10' ? 'T' : rank.toUpperCase());
  if (!v.your_turn || !v.legal_cards.includes(card)) return showError(cardName(card) + ' is not a card you can play now');
  playCard(card);
}

/** @param {import('./protocol.js').TableView} v */
function mySeat(v) {
  if (!v || !v.viewer) return null;
  return v.viewer.kind === 'seat' ? v.viewer.seat : null;
}
/** @param {import('./protocol.js').TableView} v */
function bottomSeat(v) {
  if (v.viewer.kind === 'seat') return v.viewer.seat;
  return (v.viewer.kind === 'kibitzer' && v.viewer.watching) || 'South';
}
/** @param {import('./protocol.js').TableView} v */
function dummyOf(v) {
  return v.declarer ? rotate(v.declarer, 2) : null;
}
/** @param {import('./protocol.js').TableView} v */
function playing(v) {
  return v.phase === 'play' || v.phase === 'claim';
}

function render() {
  const v = state.view;
  if (!v) return;
  const me = mySeat(v);
  $('table-view').dataset.table = v.table;
  $('table-name').textContent = v.name;
  $('board-number').textContent = v.board;
  $('board-count').textContent = v.boards;
  $('dealer').textContent = v.dealer;
  $('vulnerability').textContent = vulText(v.vulnerability);
  $('phase').textContent = v.phase;
  const contract = $('contract');
  clear(contract);
  if (v.contract) {
    contract.appendChild(contractNode(v.contract));
    if (v.declarer) contract.appendChild(document.createTextNode(' by ' + v.declarer));
  } else {
    contract.textContent = '—';
  }
  // At a tournament's table a player may call the Director (Law 9B1(a)).
  show($('director-call'), !!v.tournament && !!me);
  // Once the board is over the result's tricks count (a claim's or a ruling's included).
  const r = v.result;
  const declared = r && r.declarer && r.tricks !== null && r.tricks !== undefined;
  const nsDeclares = declared && side(r.declarer) === side('North');
  $('tricks-ns').textContent = declared ? String(nsDeclares ? r.tricks : 13 - r.tricks) : v.tricks_ns;
  $('tricks-ew').textContent = declared ? String(nsDeclares ? 13 - r.tricks : r.tricks) : v.tricks_ew;
  const isPublic = v.viewer.kind === 'public';
  const watching = v.viewer.kind === 'kibitzer' ? v.viewer.watching : null;
  $('viewer-info').textContent = me
    ? 'You sit ' + me
    : isPublic
      ? 'Watching — you held a seat at this board, so no hidden hand until it ends (Law 16)'
      : 'Kibitzing' + (watching ? ' (' + watching + ')' : '');
  document.body.dataset.phase = v.phase;
  // On a phone the play needs the whole table (dummy, the trick, the hand) in view.
  if (v.phase === 'play' && state.lastPhase !== 'play' && window.innerWidth <= 600) {
    setTimeout(() => $('compass').scrollIntoView({ block: 'nearest' }), 0);
  }
  state.lastPhase = v.phase;
  show($('watch-box'), !me && !isPublic);
  if (!me) $('watch-seat').value = watching || '';
  document.body.dataset.yourTurn = v.your_turn ? 'true' : 'false';

  // What became of the latest request on this board (a claim rejected, an undo declined...).
  const news = (v.news || []).filter((n) => n.board === v.board);
  const latest = news[news.length - 1];
  $('table-news').textContent = latest ? latest.text : '';
  $('table-news').dataset.seq = latest ? String(latest.seq) : '';
  show($('table-news'), !!latest);

  announce(v);
  renderHands(v);
  renderTrick(v);
  renderAuction(v);
  renderBiddingBox(v);
  renderQuestions(v);
  renderClaim(v);
  renderRequests(v);
  renderActions(v);
  renderChat(v);
  renderResult(v);
  renderHistory(v);
}

function cardNode(card, opts) {
  const s = card[0];
  const r = card.slice(1);
  const c = el('div', { class: 'card ' + suitClass(s), 'data-card': card, title: card, role: 'img', 'aria-label': cardName(card) });
  c.appendChild(el('span', { class: 'rank' }, rankText(r)));
  c.appendChild(el('span', { class: 'suit' }, SUITS[s]));
  if (opts && opts.legal) {
    c.classList.add('legal');
    c.tabIndex = 0;
    c.setAttribute('role', 'button');
    const playIt = () => playCard(card);
    c.addEventListener('click', playIt);
    c.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') playIt();
    });
  }
  return c;
}

function playCard(card) {
  if (state.pending) return;
  clearError();
  if (act({ action: 'play', card })) {
    state.pending = true;
    document.querySelectorAll('.card.legal').forEach((c) => c.classList.remove('legal'));
  }
}

/** @param {import('./protocol.js').TableView} v */
function renderHands(v) {
  const bottom = bottomSeat(v);
  const positions = { bottom, left: rotate(bottom, 1), top: rotate(bottom, 2), right: rotate(bottom, 3) };
  const dummy = dummyOf(v);
  const legal = new Set(v.your_turn && !state.pending ? v.legal_cards : []);
  for (const [pos, seat] of Object.entries(positions)) {
    const box = /** @type {HTMLElement} */ (document.querySelector('.seat-box[data-pos="' + pos + '"]'));
    clear(box);
    box.dataset.seat = seat;
    box.id = 'seat-' + seat.toLowerCase();
    const sv = v.seats.find((s) => s.seat === seat) || { seat, name: null, robot: false, cards: null, card_count: 0 };
    box.classList.toggle('to-act', v.to_act === seat);
    box.classList.toggle('vulnerable', isVulnerable(v.vulnerability, seat));
    const head = el('div', { class: 'seat-head' });
    head.appendChild(el('span', { class: 'seat-name' }, seat));
    head.appendChild(el('span', { class: 'player-name' }, sv.name ? sv.name : '— empty —'));
    if (sv.robot) head.appendChild(el('span', { class: 'badge robot-marker', title: 'a robot plays this seat' }, 'robot'));
    if (v.dealer === seat) head.appendChild(el('span', { class: 'badge dealer-marker', title: 'dealer' }, 'D'));
    if (dummy === seat && playing(v)) head.appendChild(el('span', { class: 'badge' }, 'dummy'));
    if (v.declarer === seat && playing(v)) head.appendChild(el('span', { class: 'badge' }, 'declarer'));
    if (isVulnerable(v.vulnerability, seat)) head.appendChild(el('span', { class: 'badge vul' }, 'vul'));
    box.appendChild(head);
    const hand = el('div', { class: 'hand', 'data-seat': seat });
    const dealt = v.phase === 'over' && v.result ? dealHands(v.result.deal)[seat] : null;
    if (dealt && (!sv.cards || sv.cards.length < dealt.length)) {
      // The board is over: the hands as dealt (the hand record).
      hand.classList.add('as-dealt');
      for (const suit of ['S', 'H', 'D', 'C']) {
        const group = el('div', { class: 'suit-group', 'data-suit': suit });
        for (const card of dealt.filter((c) => c[0] === suit)) group.appendChild(cardNode(card));
        if (group.childNodes.length) hand.appendChild(group);
      }
    } else if (sv.cards) {
      const actingHere = v.to_act === seat;
      // Group by suit (already sorted spades first, high to low).
      for (const suit of ['S', 'H', 'D', 'C']) {
        const group = el('div', { class: 'suit-group', 'data-suit': suit });
        for (const card of sv.cards.filter((c) => c[0] === suit)) {
          group.appendChild(cardNode(card, { legal: actingHere && legal.has(card) }));
        }
        if (group.childNodes.length) hand.appendChild(group);
      }
    } else {
      const backs = el('div', { class: 'backs', 'data-count': sv.card_count });
      for (let i = 0; i < sv.card_count; i++) backs.appendChild(el('div', { class: 'card back' }));
      hand.appendChild(backs);
      hand.appendChild(el('span', { class: 'card-count' }, sv.card_count + ' cards'));
    }
    box.appendChild(hand);
  }
}

/** @param {import('./protocol.js').TableView} v */
function renderTrick(v) {
  const t = $('trick');
  clear(t);
  const bottom = bottomSeat(v);
  const posOf = { [bottom]: 'bottom', [rotate(bottom, 1)]: 'left', [rotate(bottom, 2)]: 'top', [rotate(bottom, 3)]: 'right' };
  // The finished tricks (four cards and a winner).
  const done = v.tricks.filter((x) => x.winner);
  const lastDone = done.length ? done[done.length - 1] : null;
  // The pause setting: a trick just finished stays in view for a moment, even when the next
  // lead comes at once (robots).
  const pause = localStorage.getItem(STORE_TRICK_PAUSE) !== '0';
  if (pause && lastDone && (!state.hold || state.hold.board !== v.board || state.hold.trick < done.length)) {
    state.hold = { board: v.board, trick: done.length, until: Date.now() + TRICK_PAUSE_MS };
    setTimeout(() => { if (state.view) renderTrick(state.view); }, TRICK_PAUSE_MS + 20);
  }
  const held = pause && state.hold && state.hold.board === v.board && Date.now() < state.hold.until;
  let trick = v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
  let previous = false;
  if (lastDone && (state.showLast || held)) {
    trick = lastDone;
    previous = true;
  } else if (trick && trick.cards.length === 0 && v.tricks.length > 1) {
    // A new trick not yet led to: show the last one, quitted (Law 66A).
    trick = v.tricks[v.tricks.length - 2];
    previous = true;
  }
  t.classList.toggle('previous', previous);
  t.dataset.showing = trick ? (previous ? 'last' : 'current') : '';
  if (trick) {
    for (const pc of trick.cards) {
      const slot = el('div', { class: 'trick-card pos-' + posOf[pc.seat], 'data-seat': pc.seat });
      const c = cardNode(pc.card);
      if (trick.winner === pc.seat) c.classList.add('winner');
      slot.appendChild(c);
      t.appendChild(slot);
    }
  }
  const label = $('trick-label');
  label.textContent = trick && previous && trick.winner ? 'Trick ' + (v.tricks.indexOf(trick) + 1) + ', won by ' + trick.winner : '';
  show(label, !!label.textContent);
  const lastButton = $('last-trick-button');
  show(lastButton, !!lastDone && v.phase !== 'auction');
  lastButton.textContent = state.showLast ? 'Back to the trick' : 'Last trick';
  lastButton.setAttribute('aria-pressed', state.showLast ? 'true' : 'false');
  $('trick-pause').checked = pause;
  const info = $('turn-info');
  if (v.phase === 'over') info.textContent = 'Board over';
  else if (v.your_turn) info.textContent = v.to_act === mySeat(v) ? 'Your turn' : 'Play from dummy (' + v.to_act + ')';
  else if (v.to_act) info.textContent = 'Waiting for ' + v.to_act;
  else info.textContent = '';
}

/** @param {import('./protocol.js').TableView} v */
function renderAuction(v) {
  const head = $('auction-head');
  clear(head);
  const order = ['West', 'North', 'East', 'South'];
  for (const s of order) {
    const th = el('th', { 'data-seat': s }, s);
    if (isVulnerable(v.vulnerability, s)) th.classList.add('vul');
    head.appendChild(th);
  }
  const body = $('auction-body');
  clear(body);
  let col = order.indexOf(v.dealer);
  let tr = el('tr');
  for (let i = 0; i < col; i++) tr.appendChild(el('td', { class: 'empty' }));
  const me = mySeat(v);
  v.auction.forEach((c, i) => {
    const td = el('td', { class: 'call-cell', 'data-index': i, 'data-call': c.call, 'data-seat': c.seat });
    td.appendChild(callNode(c.call));
    if (c.alert) {
      td.classList.add('alerted');
      td.appendChild(el('span', { class: 'alert-mark', title: 'alerted' }, '!'));
    }
    if (c.explanation) {
      td.classList.add('explained');
      td.title = c.explanation;
    }
    const asked = v.questions.some((q) => q.call === i);
    if (asked) td.classList.add('asked');
    if (me && v.your_turn && v.phase === 'auction' && side(c.seat) !== side(me)) td.classList.add('askable');
    td.addEventListener('click', () => {
      state.selectedCall = i;
      renderCallInfo(state.view);
    });
    tr.appendChild(td);
    col += 1;
    if (col === 4) {
      body.appendChild(tr);
      tr = el('tr');
      col = 0;
    }
  });
  if (v.phase === 'auction' && v.to_act) {
    const td = el('td', { class: 'next-call' }, '?');
    tr.appendChild(td);
  }
  if (tr.childNodes.length) body.appendChild(tr);
  renderCallInfo(v);
}

/** @param {import('./protocol.js').TableView} v */
function renderCallInfo(v) {
  const box = $('call-info');
  const i = state.selectedCall;
  if (i === null || !v || !v.auction[i]) {
    show(box, false);
    return;
  }
  const c = v.auction[i];
  const me = mySeat(v);
  const text = $('call-info-text');
  clear(text);
  text.appendChild(document.createTextNode(c.seat + ': '));
  text.appendChild(callNode(c.call));
  text.appendChild(document.createTextNode(c.alert ? ' (alerted) — ' : ' — '));
  text.appendChild(el('span', { class: 'explanation' }, c.explanation || 'no explanation given'));
  const canAsk = !!me && v.your_turn && side(c.seat) !== side(me) && v.phase !== 'over';
  const ask = $('ask-button');
  show(ask, canAsk);
  ask.dataset.call = String(i);
  show(box, true);
}

/** @param {import('./protocol.js').TableView} v */
function renderBiddingBox(v) {
  const panel = $('bidding-panel');
  const box = $('bidding-box');
  clear(box);
  const calls = v.your_turn && v.phase === 'auction' && !state.pending ? v.legal_calls : [];
  const appearing = calls.length > 0 && panel.hidden;
  show(panel, calls.length > 0);
  if (!calls.length) return;
  // On a phone the box is under the table: bring it up, the hand just above it.
  if (appearing && window.innerWidth <= 600) setTimeout(() => panel.scrollIntoView({ block: 'end' }), 0);
  // The whole box every time, the calls the Laws do not allow now greyed out (Laws 18-19):
  // the grid does not move from one turn to the next.
  const legal = new Set(calls);
  for (let level = 1; level <= 7; level++) {
    const row = el('div', { class: 'bid-row', 'data-level': level });
    for (const strain of STRAINS) row.appendChild(callButton(level + strain, legal.has(level + strain)));
    box.appendChild(row);
  }
  const row = el('div', { class: 'bid-row specials' });
  for (const call of ['Pass', 'X', 'XX']) row.appendChild(callButton(call, legal.has(call)));
  box.appendChild(row);
}

function callButton(call, legal) {
  const b = el('button', { type: 'button', class: 'call call-' + call.toLowerCase(), 'data-call': call, disabled: !legal, 'aria-label': callName(call) });
  b.appendChild(callNode(call));
  b.addEventListener('click', () => makeCall(call));
  return b;
}

function makeCall(call) {
  if (state.pending) return;
  clearError();
  const alert = $('alert-checkbox').checked;
  const explanation = $('alert-explanation').value.trim();
  const action = { action: 'call', call, alert };
  if (explanation) action.explanation = explanation;
  if (act(action)) {
    state.pending = true;
    $('alert-checkbox').checked = false;
    $('alert-explanation').value = '';
    document.querySelectorAll('button.call').forEach((b) => (/** @type {HTMLButtonElement} */ (b).disabled = true));
    show($('bidding-panel'), false);
    // The explanation looked at before calling is done with.
    state.selectedCall = null;
    show($('call-info'), false);
  }
}

/** @param {import('./protocol.js').TableView} v */
function renderQuestions(v) {
  const panel = $('questions-panel');
  const box = $('questions');
  // Keep what the player is typing (and the focus) across re-renders.
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const focused = active && active.classList.contains('explain-text') ? active.dataset.callIndex : null;
  clear(box);
  const me = mySeat(v);
  const items = v.phase === 'over' ? [] : v.questions;
  // A question of mine that is no longer waiting has been answered: its answer stays in view
  // (issue 18: asking never ends in silence, even when the explanation was already given).
  const waiting = items.filter((q) => q.by === me).map((q) => q.call);
  for (const i of state.asked) if (!waiting.includes(i) && !state.answered.includes(i)) state.answered.push(i);
  state.asked = waiting;
  const answers = v.phase === 'over' ? [] : state.answered.filter((i) => v.auction[i]);
  show(panel, items.length > 0 || answers.length > 0);
  for (const q of items) {
    const c = v.auction[q.call];
    if (!c) continue;
    const div = el('div', { class: 'question', 'data-call-index': q.call });
    if (me && c.seat === me && q.by !== me) {
      div.appendChild(document.createTextNode(q.by + ' asks about your '));
      div.appendChild(callNode(c.call));
      div.appendChild(document.createTextNode(': '));
      const input = el('input', { class: 'explain-text', maxlength: 300, placeholder: 'Your explanation', 'data-call-index': q.call });
      input.value = state.drafts[q.call] || '';
      input.addEventListener('input', () => (state.drafts[q.call] = input.value));
      const b = el('button', { type: 'button', class: 'explain-button', 'data-call-index': q.call }, 'Explain');
      const explain = () => {
        const text = input.value.trim();
        if (text && act({ action: 'explain', call: q.call, text })) delete state.drafts[q.call];
      };
      b.addEventListener('click', explain);
      input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') explain();
      });
      div.appendChild(input);
      div.appendChild(b);
      if (c.explanation) div.appendChild(el('div', { class: 'muted' }, 'Given: ' + c.explanation));
    } else {
      div.appendChild(document.createTextNode((q.by === me ? 'You asked' : q.by + ' asked') + ' about ' + c.seat + "'s "));
      div.appendChild(callNode(c.call));
      div.appendChild(document.createTextNode(': '));
      div.appendChild(el('span', { class: 'explanation' }, c.explanation || 'waiting for the answer…'));
    }
    box.appendChild(div);
  }
  for (const i of answers) {
    const c = v.auction[i];
    const div = el('div', { class: 'question answered', 'data-call-index': i });
    div.appendChild(document.createTextNode(c.seat + "'s answer about "));
    div.appendChild(callNode(c.call));
    div.appendChild(document.createTextNode(': '));
    div.appendChild(el('span', { class: 'explanation' }, c.explanation || 'no explanation given'));
    box.appendChild(div);
  }
  if (focused !== null) {
    const again = box.querySelector('.explain-text[data-call-index="' + focused + '"]');
    if (again) {
      again.focus();
      again.setSelectionRange(again.value.length, again.value.length);
    }
  }
}

/** @param {import('./protocol.js').TableView} v */
function renderClaim(v) {
  const me = mySeat(v);
  const cl = v.claim;
  show($('claim-panel'), !!cl);
  if (cl) {
    const info = $('claim-info');
    clear(info);
    info.appendChild(el('div', null, cl.claimer + ' claims ' + cl.tricks + ' of the remaining tricks.'));
    info.appendChild(el('div', { class: 'statement' }, cl.statement ? '“' + cl.statement + '”' : '(no statement)'));
    if (cl.awaiting.length) info.appendChild(el('div', { class: 'muted' }, 'Waiting for ' + cl.awaiting.join(', ')));
    show($('claim-answer'), !!me && cl.awaiting.includes(me));
  }
  if (v.phase !== 'play') show($('claim-form'), false);
  const remaining = 13 - v.tricks.filter((t) => t.cards.length === 4).length;
  $('claim-tricks').max = String(remaining);
}

/** @param {import('./protocol.js').TableView} v */
function renderRequests(v) {
  const me = mySeat(v);
  /** @type {[string, import('./protocol.js').RequestView | null, string][]} */
  const requests = [['undo', v.undo, 'an undo of their last call or card'], ['skip', v.skip, 'to skip this board']];
  for (const [key, req, verb] of requests) {
    show($(key + '-panel'), !!req);
    if (!req) continue;
    const info = $(key + '-info');
    info.textContent = (req.by === me ? 'You request ' : req.by + ' requests ') + verb + '.' +
      (req.awaiting.length ? ' Waiting for ' + req.awaiting.join(', ') + '.' : '');
    show($(key + '-answer'), !!me && req.awaiting.includes(me));
  }
}

// Has `me` made a call or played a card (dummy's cards count for declarer) this board?
/** @param {import('./protocol.js').TableView} v */
function hasActed(v, me) {
  if (v.phase === 'auction') return v.auction.some((c) => c.seat === me);
  const last = v.auction[v.auction.length - 1];
  const led = v.tricks.some((t) => t.cards.length > 0);
  if (!led) return !!last && last.seat === me;
  const dummy = dummyOf(v);
  return v.tricks.some((t) => t.cards.some((c) => c.seat === me || (c.seat === dummy && v.declarer === me)));
}

/** @param {import('./protocol.js').TableView} v */
function renderActions(v) {
  const me = mySeat(v);
  const seated = !!me;
  show($('actions-panel'), seated && v.phase !== 'over');
  show($('claim-button'), seated && v.phase === 'play' && me !== dummyOf(v));
  // Dummy plays no card of his own once the opening lead is made: nothing of his to undo.
  const dummyInPlay = v.phase === 'play' && me === dummyOf(v) && v.tricks.some((t) => t.cards.length > 0);
  show($('undo-button'), seated && (v.phase === 'auction' || v.phase === 'play') && !v.undo && !dummyInPlay && hasActed(v, me));
  show($('skip-button'), seated && !v.skip && v.phase !== 'over');
  show($('elect-skip-button'), seated && v.phase !== 'over');
}

/** @param {import('./protocol.js').TableView} v */
function renderChat(v) {
  const me = mySeat(v);
  for (const opt of $('chat-to').options) {
    opt.disabled = !!opt.value && opt.value === me;
    if (opt.disabled && opt.selected) $('chat-to').value = '';
  }
  const box = $('chat-lines');
  const atBottom = box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
  clear(box);
  for (const line of v.chat) {
    const div = el('div', { class: 'chat-line' });
    const who = line.from + (line.seat ? ' (' + line.seat + ')' : '');
    div.appendChild(el('span', { class: 'chat-from' }, who));
    /** @type {import('./protocol.js').Audience} */
    const aud = line.audience || { kind: 'all' };
    if (aud.kind === 'private') {
      div.classList.add('private');
      div.appendChild(el('span', { class: 'chat-audience' }, ' → ' + aud.to + ' (private)'));
    } else if (aud.kind === 'kibitzers') {
      div.classList.add('kibitzers');
      div.appendChild(el('span', { class: 'chat-audience' }, ' → kibitzers'));
    }
    div.appendChild(document.createTextNode(': '));
    div.appendChild(el('span', { class: 'chat-text' }, line.text));
    box.appendChild(div);
  }
  if (atBottom) box.scrollTop = box.scrollHeight;
}

/** @param {import('./protocol.js').TableView} v */
function renderResult(v) {
  const section = $('result-section');
  const r = v.result;
  show(section, !!r && v.phase === 'over');
  if (!r) return;
  const res = $('result');
  clear(res);
  res.dataset.scoreNs = r.score_ns === null || r.score_ns === undefined ? '' : String(r.score_ns);
  res.dataset.ending = r.ending;
  const line = el('div', { class: 'result-line' });
  if (r.ending === 'skipped') {
    line.textContent = 'Board skipped: Average to both sides (Law 12C2).';
  } else if (r.contract === 'Pass') {
    line.textContent = 'Passed out. Score NS 0';
  } else {
    line.appendChild(el('span', { class: 'label' }, 'Contract '));
    const c = el('span', { id: 'result-contract' });
    c.appendChild(contractNode(r.contract));
    line.appendChild(c);
    line.appendChild(document.createTextNode(' by ' + r.declarer + ', '));
    line.appendChild(el('span', { id: 'result-tricks' }, r.tricks + ' tricks'));
    line.appendChild(document.createTextNode(' · '));
    line.appendChild(el('span', { id: 'result-score' }, 'Score NS ' + signed(r.score_ns) + ' / EW ' + signed(-r.score_ns)));
  }
  res.appendChild(line);
  const ending = { played: 'played out', claim: 'by claim', ruling: 'by ruling', passed_out: 'passed out', skipped: 'skipped' }[r.ending] || r.ending;
  let extra = 'Ended ' + ending + '.';
  if (r.claim_check) extra += ' Claim check (double dummy): claimed ' + r.claim_check[0] + ', possible ' + r.claim_check[1] + '.';
  res.appendChild(el('div', { class: 'muted' }, extra));

  renderDeal(r.deal);
  renderHandRecord(r.hand_record);
  renderComparison(r.comparison, !!r.comparison_pending);
  const nb = $('next-board');
  show(nb, !!mySeat(v));
  nb.disabled = v.board >= v.boards;
  nb.textContent = v.board >= v.boards ? 'Last board played' : 'Next board';
  $('replay-link').href = replayHref(v.table, v.board);
}

/** The replay page of board `board` at `table` (a link that can be shared; Law 16 is checked there). */
function replayHref(table, board) {
  return '/replay?table=' + encodeURIComponent(table) + '&board=' + board;
}

function renderDeal(pbn) {
  const box = $('deal');
  clear(box);
  if (!pbn) return;
  const m = /^([NESW]):(.*)$/.exec(pbn.trim());
  if (!m) {
    box.textContent = pbn;
    return;
  }
  const first = { N: 'North', E: 'East', S: 'South', W: 'West' }[m[1]];
  const hands = m[2].trim().split(/\s+/);
  const grid = el('div', { class: 'deal-grid' });
  hands.forEach((h, i) => {
    const seat = rotate(first, i);
    const div = el('div', { class: 'deal-hand pos-' + seat.toLowerCase(), 'data-seat': seat });
    div.appendChild(el('div', { class: 'seat-name' }, seat));
    const suits = h.split('.');
    ['S', 'H', 'D', 'C'].forEach((s, k) => {
      const row = el('div', { class: 'deal-suit' });
      row.appendChild(el('span', { class: 'suit ' + suitClass(s) }, SUITS[s] + ' '));
      const ranks = (suits[k] || '').split('').map(rankText).join(' ');
      row.appendChild(document.createTextNode(ranks || '—'));
      div.appendChild(row);
    });
    grid.appendChild(div);
  });
  box.appendChild(grid);
}

function renderHandRecord(hr) {
  const box = $('hand-record');
  clear(box);
  if (!hr) {
    box.dataset.ready = 'false';
    box.appendChild(el('span', { class: 'muted' }, 'Double-dummy analysis is being computed…'));
    return;
  }
  box.dataset.ready = 'true';
  for (const n of ddNodes(hr, true)) box.appendChild(n);
}

/**
 * The double-dummy table and the par line of a hand record.
 * @param {any} hr
 * @param {boolean} ids give them the ids of the table's own result panel
 */
function ddNodes(hr, ids) {
  const t = el('table', ids ? { class: 'dd-table', id: 'dd-table' } : { class: 'dd-table' });
  const head = el('tr');
  head.appendChild(el('th', null, 'Declarer'));
  for (const s of ['NT', 'S', 'H', 'D', 'C']) {
    const th = el('th');
    if (s === 'NT') th.textContent = 'NT';
    else th.appendChild(el('span', { class: 'suit ' + suitClass(s) }, SUITS[s]));
    head.appendChild(th);
  }
  t.appendChild(head);
  for (const [letter, name] of [['N', 'North'], ['S', 'South'], ['E', 'East'], ['W', 'West']]) {
    const row = el('tr', { 'data-seat': name });
    row.appendChild(el('th', null, name));
    const cells = (hr.tricks && hr.tricks[letter]) || {};
    for (const s of ['NT', 'S', 'H', 'D', 'C']) {
      const n = cells[s];
      row.appendChild(el('td', { 'data-strain': s }, n === undefined ? '' : String(n)));
    }
    t.appendChild(row);
  }
  const par = el('div', ids ? { class: 'par', id: 'par' } : { class: 'par' });
  par.textContent = 'Par: NS ' + signed(hr.par_score) + (hr.par_contracts && hr.par_contracts.length ? ' (' + hr.par_contracts.join(', ') + ')' : '');
  return [t, par];
}

function renderComparison(cmp, pending) {
  const box = $('comparison');
  clear(box);
  if (!cmp) {
    box.dataset.ready = 'false';
    box.dataset.pending = pending ? 'true' : 'false';
    box.appendChild(el('span', { class: 'muted' }, pending ? 'The robots are playing this board for the comparison…' : 'No other table has played this board yet.'));
    return;
  }
  box.dataset.pending = 'false';
  box.dataset.ready = 'true';
  const t = el('table', { class: 'comparison-table' });
  const head = el('tr');
  for (const h of ['Table', 'North-South', 'East-West', 'Contract', 'By', 'Lead', 'Tricks', 'Score NS', 'NS %', 'NS IMPs']) head.appendChild(el('th', null, h));
  t.appendChild(head);
  const mine = state.view ? state.view.table : null;
  cmp.results.forEach((r, i) => {
    const row = el('tr', { 'data-table': r.table });
    if (r.table === mine) row.classList.add('mine');
    row.appendChild(el('td', null, r.table === mine ? 'this table' : r.table));
    const p = r.players || null;
    row.appendChild(el('td', { class: 'pair' }, p ? p[0] + ' – ' + p[2] : ''));
    row.appendChild(el('td', { class: 'pair' }, p ? p[1] + ' – ' + p[3] : ''));
    const c = el('td');
    c.appendChild(r.contract ? contractNode(r.contract) : document.createTextNode('Skipped'));
    row.appendChild(c);
    row.appendChild(el('td', null, r.declarer || ''));
    const lead = el('td', { class: 'lead' });
    if (r.lead) lead.appendChild(cardText(r.lead));
    row.appendChild(lead);
    row.appendChild(el('td', null, r.tricks === null || r.tricks === undefined ? '' : String(r.tricks)));
    row.appendChild(el('td', null, r.score_ns === null || r.score_ns === undefined ? 'Avg' : signed(r.score_ns)));
    const value = cmp.rows && cmp.rows[i];
    row.appendChild(el('td', { class: 'mp' }, value ? value[0].toFixed(1) : '50.0'));
    row.appendChild(el('td', { class: 'imps' }, value ? signed(Math.round(value[1] * 100) / 100) : '0'));
    t.appendChild(row);
  });
  box.appendChild(t);
  const mp = Number(cmp.mp_percent_ns);
  const imps = Number(cmp.imps_ns);
  box.appendChild(el('div', { class: 'scores', id: 'comparison-scores' },
    'NS ' + mp.toFixed(1) + '% matchpoints, ' + signed(Math.round(imps * 100) / 100) + ' IMPs per comparison · EW ' +
    (100 - mp).toFixed(1) + '%, ' + signed(-Math.round(imps * 100) / 100) + ' IMPs'));
}

/** @param {import('./protocol.js').TableView} v */
function renderHistory(v) {
  const section = $('history-section');
  // The board just finished counts as played at once (before the next board is asked for).
  const rows = v.history.slice();
  if (v.result && !rows.some((h) => h.board === v.board)) {
    const c = v.result.comparison;
    rows.push({
      board: v.board, contract: v.result.contract, declarer: v.result.declarer, tricks: v.result.tricks, score_ns: v.result.score_ns,
      mp_percent_ns: c ? c.mp_percent_ns : null, imps_ns: c ? c.imps_ns : null,
    });
  }
  show(section, rows.length > 0);
  const body = $('history-body');
  clear(body);
  for (const h of rows) {
    const tr = el('tr', { 'data-board': h.board });
    tr.appendChild(el('td', null, String(h.board)));
    const c = el('td');
    c.appendChild(contractNode(h.contract));
    tr.appendChild(c);
    tr.appendChild(el('td', null, h.declarer || ''));
    tr.appendChild(el('td', null, h.tricks === null || h.tricks === undefined ? '' : String(h.tricks)));
    tr.appendChild(el('td', null, h.score_ns === null || h.score_ns === undefined ? 'Avg' : signed(h.score_ns)));
    const compared = h.mp_percent_ns !== null && h.mp_percent_ns !== undefined;
    tr.appendChild(el('td', { class: 'mp' }, compared ? h.mp_percent_ns.toFixed(1) : '—'));
    tr.appendChild(el('td', { class: 'imps' }, compared ? signed(Math.round(h.imps_ns * 100) / 100) : '—'));
    const replay = el('td');
    replay.appendChild(el('a', { href: replayHref(v.table, h.board), target: '_blank', rel: 'noopener', class: 'replay', 'aria-label': 'Replay board ' + h.board }, 'Replay'));
    tr.appendChild(replay);
    body.appendChild(tr);
  }
  // The session's running score: the mean matchpoint percentage and the IMPs so far, over the
  // boards compared; "final" once the set's last board is over.
  const compared = rows.filter((h) => h.mp_percent_ns !== null && h.mp_percent_ns !== undefined);
  const total = $('history-total');
  clear(total);
  if (compared.length) {
    const mp = compared.reduce((a, h) => a + h.mp_percent_ns, 0) / compared.length;
    const imps = compared.reduce((a, h) => a + h.imps_ns, 0);
    const final = v.board >= v.boards && v.phase === 'over';
    total.dataset.final = final ? 'true' : 'false';
    total.appendChild(el('th', { colspan: 5 }, (final ? 'Final' : 'So far') + ': ' + compared.length + ' board' + (compared.length === 1 ? '' : 's') + ' compared'));
    total.appendChild(el('th', { class: 'mp' }, mp.toFixed(1)));
    total.appendChild(el('th', { class: 'imps' }, signed(Math.round(imps * 100) / 100)));
  }
}

// ---------- wiring ----------
function wire() {
  $('login-form').addEventListener('submit', (e) => {
    e.preventDefault();
    account('/api/login');
  });
  $('register-button').addEventListener('click', () => account('/api/register'));
  $('logout-button').addEventListener('click', logout);
  $('error-close').addEventListener('click', clearError);
  $('lobby-refresh').addEventListener('click', refreshLobby);
  $('new-tournament-form').addEventListener('submit', createTournament);
  $('tournament-adjust').addEventListener('submit', adjustScore);
  $('adjust-kind').addEventListener('change', adjustKindChanged);
  adjustKindChanged();
  const kindChanged = () => {
    const pairs = $('new-tournament-kind').value !== 'robot_individual';
    document.querySelectorAll('#new-tournament-form .pairs-only').forEach((e) => show(/** @type {HTMLElement} */ (e), pairs));
    document.querySelectorAll('#new-tournament-form .individual-only').forEach((e) => show(/** @type {HTMLElement} */ (e), !pairs));
  };
  $('new-tournament-kind').addEventListener('change', kindChanged);
  kindChanged();
  $('new-table-form').addEventListener('submit', createTable);
  $('leave-button').addEventListener('click', leaveTable);
  document.addEventListener('keydown', typed);
  $('call-director').addEventListener('click', () => {
    const v = state.view;
    if (!v) return;
    clearError();
    send({ type: 'call_director', table: v.table, reason: $('director-reason').value.trim() });
    $('director-reason').value = '';
  });
  $('watch-seat').addEventListener('change', () => {
    if (!state.current) return;
    const seat = $('watch-seat').value || null;
    state.current.seat = seat;
    saveCurrent();
    send({ type: 'watch', table: state.current.table, seat: seat || undefined });
  });
  $('next-board').addEventListener('click', () => {
    clearError();
    act({ action: 'next_board' });
  });
  $('last-trick-button').addEventListener('click', () => {
    state.showLast = !state.showLast;
    if (state.view) renderTrick(state.view);
  });
  $('trick-pause').addEventListener('change', () => {
    localStorage.setItem(STORE_TRICK_PAUSE, $('trick-pause').checked ? '1' : '0');
  });
  $('call-info-close').addEventListener('click', () => {
    state.selectedCall = null;
    show($('call-info'), false);
  });
  $('ask-button').addEventListener('click', () => {
    const i = parseInt($('ask-button').dataset.call, 10);
    // A robot answers at once: remember the question so that its answer is shown.
    if (!Number.isNaN(i) && act({ action: 'ask', call: i }) && !state.asked.includes(i)) state.asked.push(i);
  });
  $('claim-button').addEventListener('click', () => {
    // A claim is most often of all the remaining tricks: the form starts there.
    $('claim-tricks').value = $('claim-tricks').max;
    show($('claim-form'), true);
    $('claim-tricks').focus();
  });
  $('claim-cancel').addEventListener('click', () => show($('claim-form'), false));
  $('claim-submit').addEventListener('click', () => {
    const tricks = parseInt($('claim-tricks').value, 10);
    if (Number.isNaN(tricks) || tricks < 0 || tricks > 13) {
      showError('the number of tricks claimed is 0 to 13');
      return;
    }
    if (act({ action: 'claim', tricks, statement: $('claim-statement').value.trim() })) {
      show($('claim-form'), false);
      $('claim-statement').value = '';
    }
  });
  $('claim-accept').addEventListener('click', () => act({ action: 'answer_claim', accept: true }));
  $('claim-reject').addEventListener('click', () => act({ action: 'answer_claim', accept: false }));
  $('undo-button').addEventListener('click', () => act({ action: 'request_undo' }));
  $('undo-accept').addEventListener('click', () => act({ action: 'answer_undo', accept: true }));
  $('undo-decline').addEventListener('click', () => act({ action: 'answer_undo', accept: false }));
  $('skip-button').addEventListener('click', () => act({ action: 'request_skip' }));
  $('skip-accept').addEventListener('click', () => act({ action: 'answer_skip', accept: true }));
  $('skip-decline').addEventListener('click', () => act({ action: 'answer_skip', accept: false }));
  $('elect-skip-button').addEventListener('click', () => {
    const reason = window.prompt('Which irregularity (misexplanation, unauthorised information…)? The board is skipped (OKb 9B1).');
    if (reason && reason.trim()) act({ action: 'elect_skip', reason: reason.trim() });
  });
  $('chat-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('chat-input').value.trim();
    if (!text) return;
    const action = { action: 'chat', text };
    const to = $('chat-to').value;
    if (to) action.to = to;
    if (act(action)) $('chat-input').value = '';
  });
}

// For tests and debugging: drop the connection as a network failure would (the client then
// reconnects with backoff and follows its table again).
/** @type {any} */ (window).tenaceClient = Object.freeze({
  dropConnection() {
    if (state.ws) state.ws.close();
  },
});

wire();
if (state.user) $('user-name').textContent = state.user;
if (state.token) connect();
else {
  setStatus('offline', 'not logged in');
  screen('login');
}
