// @ts-check
// The scorer's page of a club night (crate::nights): create a night, hand out the table codes,
// watch the tables finish, read the live ranking (the text `tenace event score` prints), enter
// corrections (Law 79C) and adjusted scores (Law 12), download the event file.
import { $, el, loadSession, openSession, closeSession, request } from './common.js';

/** @type {{ token: string | null, user: string | null, night: string | null }} */
const state = { ...loadSession(), night: null };

/** @param {string} name */
function screen(name) {
  for (const v of ['login', 'home', 'night']) $(v + '-view').hidden = v !== name;
  $('user-box').hidden = name === 'login';
  $('user-name').textContent = state.user || '';
}

/** @param {string} [text] */
function error(text) {
  $('scorer-error').textContent = text || '';
  $('scorer-error').hidden = !text;
}

/**
 * @param {string} method
 * @param {string} path
 * @param {any} [body]
 */
async function api(method, path, body) {
  return request(state.token, method, path, body, logout);
}

function logout() {
  closeSession(state.token);
  state.token = null; state.user = null;
  screen('login');
}

async function home() {
  state.night = null;
  screen('home');
  try {
    const data = await api('GET', '/api/nights');
    const list = $('nights');
    list.replaceChildren();
    for (const n of data.nights) {
      const a = el('a', { href: '#' + n.id, 'data-night': n.id }, n.name + ' (' + new Date(n.created * 1000).toLocaleString() + ')');
      a.addEventListener('click', (ev) => { ev.preventDefault(); openNight(n.id); });
      list.append(el('li')).append(a);
    }
  } catch (e) { error(e instanceof Error ? e.message : String(e)); }
}

/** @param {string} id */
async function openNight(id) {
  state.night = id;
  history.replaceState(null, '', '/scorer#' + id);
  try { render(await api('GET', '/api/nights/' + id)); } catch (e) { error(e instanceof Error ? e.message : String(e)); }
}

/** @param {any} v */
function render(v) {
  screen('night');
  $('night-name').textContent = v.name;
  const codes = $('codes');
  codes.replaceChildren();
  for (const [table, code] of v.codes) {
    codes.append(el('a', { href: '/t/' + code, target: '_blank', 'data-table': table, 'data-code': code, class: 'code' }, 'table ' + table + ': ' + code), ' ');
  }
  const progress = $('progress');
  progress.replaceChildren();
  const head = el('tr');
  for (const h of ['Round', 'Table', 'NS', 'EW', 'Entered']) head.append(el('th', null, h));
  progress.append(head);
  for (const p of v.progress) {
    const tr = el('tr');
    for (const x of [p.round, p.table, p.ns, p.ew]) tr.append(el('td', null, x));
    tr.append(el('td', { class: p.entered === p.boards ? 'done' : '' }, p.entered + ' of ' + p.boards + (p.entered === p.boards ? ' ✓' : '')));
    progress.append(tr);
  }
  $('ranking').textContent = v.ranking;
  const results = $('results');
  results.replaceChildren();
  const rh = el('tr');
  for (const h of ['Board', 'Table', 'Round', 'NS', 'EW', 'Result', 'Lead', 'Score']) rh.append(el('th', null, h));
  results.append(rh);
  for (const r of v.results) {
    const tr = el('tr', { class: 'result-row', 'data-board': r.board, 'data-ns': r.ns, 'data-ew': r.ew, 'data-result': r.result });
    for (const x of [r.board, r.table ?? '', r.round ?? '', r.ns, r.ew, r.result, r.lead || '', r.score ?? '']) tr.append(el('td', null, x));
    tr.addEventListener('click', () => { $('score-board').value = r.board; $('score-ns').value = r.ns; $('score-ew').value = r.ew; $('score-outcome').value = r.result; });
    results.append(tr);
  }
}

$('login-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  error('');
  try {
    const s = await openSession('/api/login', $('login-name').value.trim(), $('login-password').value);
    state.token = s.token; state.user = s.user;
    $('login-password').value = '';
    home();
  } catch (e) { error(e instanceof Error ? e.message : String(e)); }
});

$('new-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  error('');
  const file = $('new-hand-record').files[0];
  const body = {
    name: $('new-name').value.trim(),
    movement: $('new-movement').value,
    tables: Number($('new-tables').value),
    boards_per_round: Number($('new-per-round').value),
    seed: $('new-seed').value === '' ? null : Number($('new-seed').value),
    hand_record: file ? await file.text() : null,
    names: $('new-names').value.split('\n').map((s) => s.trim()),
  };
  try {
    const v = await api('POST', '/api/nights', body);
    state.night = v.id;
    history.replaceState(null, '', '/scorer#' + v.id);
    render(v);
  } catch (e) { error(e instanceof Error ? e.message : String(e)); }
});

$('score-form').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  error('');
  try {
    render(await api('POST', '/api/nights/' + state.night + '/scores', {
      board: Number($('score-board').value), ns: Number($('score-ns').value), ew: Number($('score-ew').value), outcome: $('score-outcome').value.trim(),
    }));
    $('score-outcome').value = '';
  } catch (e) { error(e instanceof Error ? e.message : String(e)); }
});

$('download').addEventListener('click', async () => {
  try {
    const event = await api('GET', '/api/nights/' + state.night + '/event');
    const a = el('a', { href: URL.createObjectURL(new Blob([JSON.stringify(event, null, 2)], { type: 'application/json' })), download: 'night.json' });
    a.click();
  } catch (e) { error(e instanceof Error ? e.message : String(e)); }
});

$('home-button').addEventListener('click', home);
$('logout-button').addEventListener('click', logout);
// The tables enter results as they play: the page follows them.
setInterval(async () => {
  if (!state.night || $('night-view').hidden) return;
  try { render(await api('GET', '/api/nights/' + state.night)); } catch (_) { /* shown on the next action */ }
}, 4000);

if (!state.token) screen('login');
else if (location.hash.length > 1) openNight(location.hash.slice(1));
else home();
