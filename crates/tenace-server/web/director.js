// @ts-check
// The Director's desk: rulings at a face-to-face table (tenace-director) over the JSON API of
// crate::desk. Everything the page does is a line of the command language of `tenace rule`
// sent to POST /api/rulings/{id}; the server answers with the desk as it stands. A native ES
// module sharing the club's constants and login (common.js).
import { SUITS, STRAINS, $, loadSession, openSession, closeSession, request, withSuits } from './common.js';

/** @type {{ token: string | null, user: string | null, ruling: string | null, desk: any }} */
const state = { ...loadSession(), ruling: null, desk: null };

function screen(name) {
  for (const v of ['login', 'home', 'desk']) $(v + '-view').hidden = v !== name;
  $('user-box').hidden = name === 'login';
  $('user-name').textContent = state.user || '';
}

function error(text) {
  const e = $('desk-error');
  e.textContent = text || '';
  e.hidden = !text;
}

async function api(method, path, body) {
  return request(state.token, method, path, body, logout);
}

/** @param {Event} ev */
async function login(ev) {
  ev.preventDefault();
  error('');
  try {
    const session = await openSession('/api/login', $('login-name').value.trim(), $('login-password').value);
    state.token = session.token; state.user = session.user;
    $('login-password').value = '';
    home();
  } catch (e) { error(e instanceof Error ? e.message : String(e)); }
}

function logout() {
  closeSession(state.token);
  state.token = null; state.user = null;
  screen('login');
}

async function home() {
  screen('home');
  history.replaceState(null, '', '/director');
  try {
    const data = await api('GET', '/api/rulings');
    const list = $('rulings');
    list.replaceChildren();
    for (const r of data.rulings) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.textContent = r.id; b.dataset.ruling = r.id; b.className = 'ruling';
      b.onclick = () => open(r.id);
      li.append(b, ' ' + r.origin + ' — ' + r.director);
      list.append(li);
    }
    const tables = $('tables');
    tables.replaceChildren();
    for (const t of data.tables) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.textContent = 'Called to ' + t.name; b.dataset.table = t.table; b.className = 'called';
      b.onclick = () => create({ table: t.table });
      li.append(b, ' board ' + (t.board || '') + ' (' + t.table + ')');
      tables.append(li);
    }
    if (!data.tables.length) tables.innerHTML = '<li class="muted">no online tables</li>';
  } catch (e) { error(String(e.message || e)); }
}

async function create(body) {
  error('');
  try { show(await api('POST', '/api/rulings', body)); } catch (e) { error(String(e.message || e)); }
}

async function open(id) {
  error('');
  try { show(await api('GET', '/api/rulings/' + encodeURIComponent(id))); } catch (e) { error(String(e.message || e)); }
}

async function command(line) {
  if (!state.ruling || !line.trim()) return;
  error('');
  try {
    show(await api('POST', '/api/rulings/' + encodeURIComponent(state.ruling), { command: line }));
  } catch (e) {
    // A refusal names the Law; the ruling is unchanged.
    error(String(e.message || e));
    $('reply').textContent = '> ' + line + '\n' + String(e.message || e);
  }
}

function cardButton(seat, card, legal) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'dcard ' + ('HD'.includes(card[0]) ? 'red' : 'black') + (legal ? ' legal' : '');
  b.dataset.seat = seat; b.dataset.card = card;
  b.textContent = SUITS[card[0]] + (card[1] === 'T' ? '10' : card[1]);
  b.title = seat + ' plays ' + card;
  b.onclick = () => command(seat + ' ' + card);
  return b;
}

function show(view) {
  state.ruling = view.id; state.desk = view.desk;
  history.replaceState(null, '', '/director#' + view.id);
  screen('desk');
  const d = view.desk;
  $('desk-title').textContent = 'Ruling ' + view.id + ' — board ' + d.board + ', dealer ' + d.dealer + ', vulnerable: ' + d.vulnerability;
  $('origin').textContent = view.origin;
  const legal = new Set(d.legal);
  for (const h of d.hands) {
    const el = $('hand-' + h.seat);
    el.replaceChildren();
    const title = document.createElement('h3');
    title.textContent = { N: 'North', E: 'East', S: 'South', W: 'West' }[h.seat] + (d.declarer === h.seat ? ' (declarer)' : '');
    el.dataset.turn = (d.to_call === h.seat || d.to_play === h.seat) ? 'yes' : 'no';
    el.append(title);
    for (const suit of ['S', 'H', 'D', 'C']) {
      const row = document.createElement('div');
      for (const c of h.cards.filter((c) => c[0] === suit)) row.append(cardButton(h.seat, c, d.to_play === h.seat && legal.has(c)));
      el.append(row);
    }
  }
  const current = d.tricks.length ? d.tricks[d.tricks.length - 1] : [];
  $('centre').textContent = d.contract ? (withSuits(d.contract) + ' by ' + d.declarer) : 'auction';
  if (current.length && current.length < 4) $('centre').textContent += ' · ' + current.map((c) => c.seat + ' ' + c.card).join(', ');
  // The auction, in columns W N E S.
  const body = $('auction-table').querySelector('tbody');
  body.replaceChildren();
  const cols = ['W', 'N', 'E', 'S'];
  let row = null;
  let col = 4;
  const start = cols.indexOf(d.dealer);
  d.auction.forEach((c, i) => {
    const at = i === 0 ? start : cols.indexOf(c.seat);
    if (row === null || at <= col) {
      row = document.createElement('tr');
      for (let k = 0; k < 4; k++) row.append(document.createElement('td'));
      body.append(row);
    }
    row.children[at].textContent = withSuits(c.call);
    col = at;
  });
  if (d.to_call) $('call-seat').value = d.to_call;
  renderBids(legal, d.to_call !== null);
  const tricks = $('tricks');
  tricks.replaceChildren();
  for (const t of d.tricks.filter((t) => t.length)) {
    const li = document.createElement('li');
    li.textContent = t.map((c) => c.seat + ' ' + SUITS[c.card[0]] + (c.card[1] === 'T' ? '10' : c.card.slice(1))).join(', ');
    tricks.append(li);
  }
  const rect = $('rectification');
  rect.hidden = !d.rectification;
  $('options').replaceChildren();
  if (d.rectification) {
    $('irregularity').textContent = d.rectification.irregularity;
    for (const o of d.rectification.options) {
      const b = document.createElement('button');
      b.type = 'button'; b.className = 'option'; b.dataset.number = o.number;
      b.textContent = o.number + '. [' + o.chooser + ', Law ' + o.law + '] ' + o.description;
      b.onclick = () => command('choose ' + o.number);
      $('options').append(b);
    }
  }
  $('desk-status').textContent = d.rectification
    ? 'Play stops until the option chosen is applied (Law 9B2).'
    : d.result || d.status.split('\n').filter((l) => !l.startsWith('obligation') && !l.startsWith('major penalty')).join(' ');
  $('obligations').replaceChildren(...d.obligations.map((o) => { const li = document.createElement('li'); li.textContent = o; return li; }));
  $('notes').replaceChildren(...d.notes.map((n) => { const li = document.createElement('li'); li.textContent = 'Law ' + n.law + ': ' + n.text; return li; }));
  $('reply').textContent = view.reply;
}

function renderBids(legal, auction) {
  const bids = $('bids');
  bids.replaceChildren();
  const make = (call, parent) => {
    const b = document.createElement('button');
    b.type = 'button'; b.dataset.call = call;
    b.className = auction && legal.has(call) ? 'legal' : '';
    b.textContent = call.replace(/([CDHS])$/, (m) => SUITS[m]);
    b.onclick = () => command($('call-seat').value + ' ' + call);
    parent.append(b);
  };
  for (let level = 1; level <= 7; level++) for (const s of STRAINS) make(level + s, bids);
  const other = $('calls-other');
  other.replaceChildren();
  for (const c of ['Pass', 'X', 'XX']) make(c, other);
}

$('login-form').addEventListener('submit', login);
$('logout-button').onclick = logout;
$('home-button').onclick = home;
$('new-button').onclick = () => {
  const body = { board: Number($('new-board').value) || 1 };
  const deal = $('new-deal').value.trim();
  if (deal) body.deal = deal;
  create(body);
};
$('command-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const line = $('command').value;
  $('command').value = '';
  command(line);
});

if (!state.token) screen('login');
else if (location.hash.length > 1) open(location.hash.slice(1));
else home();
