// @ts-check
// A club night table's page (crate::nights): opened at /t/CODE, no account. Shows the pairs the
// movement seats at this table in this round and the boards they play; North enters each result,
// East-West confirm it on the same phone, then it is sent. A result is kept in this phone's
// storage until the server has it: with no connection it stays there, shown as waiting, and is
// sent when the connection comes back (the server knows each result's id and never enters one
// twice).
import { SUITS, STRAINS, $, el } from './common.js';

const PENDING = 'tenace.night.pending';
const code = decodeURIComponent(location.pathname.split('/')[2] || '').toUpperCase();
/** @type {{ view: any, round: number | null, entering: any }} */
const state = { view: null, round: null, entering: null };

/** @param {string} [text] */
function message(text) {
  $('message').textContent = text || '';
  $('message').hidden = !text;
}

/** @returns {any[]} */
function pending() {
  try { return JSON.parse(localStorage.getItem(PENDING) || '[]'); } catch (_) { return []; }
}

/** @param {any[]} list */
function savePending(list) {
  localStorage.setItem(PENDING, JSON.stringify(list));
  const mine = list.filter((p) => p.code === code);
  $('pending').hidden = mine.length === 0;
  $('pending').textContent = mine.length === 0 ? '' : 'Saved on this phone, not yet sent (no connection): ' +
    mine.map((p) => 'board ' + p.result.board + ' ' + p.result.contract).join('; ') + '. It is sent when the connection is back.';
}

/**
 * @param {string} method
 * @param {string} path
 * @param {any} [body]
 */
async function api(method, path, body) {
  const r = await fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = {};
  try { data = await r.json(); } catch (_) { /* not JSON */ }
  if (!r.ok) {
    // A refusal (4xx) says why and is final; a server in trouble (5xx: the store cannot write)
    // is like no connection: the result stays on the phone and is sent again.
    const e = new Error(data.error || ('refused (' + r.status + ')'));
    if (r.status >= 400 && r.status < 500) e.name = 'Refused';
    throw e;
  }
  return data;
}

async function load() {
  if (!code) { $('code-view').hidden = false; return; }
  try {
    const view = await api('GET', '/api/night-tables/' + encodeURIComponent(code) + (state.round ? '?round=' + state.round : ''));
    render(view);
    message('');
  } catch (e) {
    if (e instanceof Error && e.name === 'Refused') { message(e.message); $('code-view').hidden = false; }
    else if (!state.view) message('No connection to the scorer yet; the page keeps trying.');
  }
}

/** @param {string} id */
function drop(id) {
  savePending(pending().filter((x) => x.result.id !== id));
}

let flushing = false;

/**
 * Sends the results kept on this phone, oldest first; a refused one is dropped and shown. One
 * sending at a time (the timer, the `online` event and a new result may all ask), and the list
 * is read afresh from storage each time, so a result sent is never put back.
 */
async function flush() {
  if (flushing) return;
  flushing = true;
  try {
    for (;;) {
      const p = pending()[0];
      if (!p) break;
      try {
        const view = await api('POST', '/api/night-tables/' + encodeURIComponent(p.code) + '/results', p.result);
        drop(p.result.id);
        if (p.code === code) render(view);
      } catch (e) {
        if (e instanceof Error && e.name === 'Refused') {
          drop(p.result.id);
          message('Board ' + p.result.board + ' was not entered: ' + e.message);
        } else {
          savePending(pending());
          break; // still offline: kept for later
        }
      }
    }
  } finally {
    flushing = false;
  }
}

/** @param {string} label */
function pretty(label) {
  return String(label).replace(/([1-7])(NT|[CDHS])/g, (_, l, s) => l + (s === 'NT' ? 'NT' : SUITS[s]));
}

/** @param {any} view */
function render(view) {
  state.view = view;
  $('code-view').hidden = true;
  $('table-view').hidden = false;
  $('title').textContent = view.night;
  $('where').textContent = 'Table ' + view.table + ' · round ' + view.round + ' of ' + view.rounds + (view.done ? ' · all your boards are entered' : '');
  $('pairs').replaceChildren(
    el('div', { id: 'ns' }, 'North-South: ' + view.ns.number + ' ' + view.ns.name),
    el('div', { id: 'ew' }, 'East-West: ' + view.ew.number + ' ' + view.ew.name));
  const rounds = $('rounds');
  rounds.replaceChildren();
  for (let r = 1; r <= view.rounds; r++) {
    const b = el('button', { type: 'button', 'data-round': r, disabled: r === view.round }, 'Round ' + r);
    b.addEventListener('click', () => { state.round = r; load(); });
    rounds.append(b);
  }
  // A round entered: the next pairs and boards are one tap away (the results stay in view
  // until then, for the players to see the travellers).
  const complete = view.boards.every((b) => b.result);
  if (complete && view.round < view.rounds) {
    const next = el('button', { type: 'button', id: 'next-round' }, 'Round ' + (view.round + 1) + ' →');
    next.addEventListener('click', () => { state.round = view.round + 1; load(); });
    rounds.append(next);
  }
  const boards = $('boards');
  boards.replaceChildren();
  const waiting = pending().filter((p) => p.code === code).map((p) => p.result.board);
  for (const b of view.boards) {
    const box = el('div', { class: 'board', id: 'board-' + b.board });
    box.append(el('h3', null, 'Board ' + b.board + ' · dealer ' + b.dealer + ' · vulnerable: ' + b.vulnerability));
    if (b.result) {
      box.append(el('div', { class: 'result' }, pretty(b.result.result) + (b.result.lead ? ', lead ' + b.result.lead : '') +
        (b.result.score !== null && b.result.score !== undefined ? ' · NS ' + b.result.score : '')));
      box.append(traveller(b.traveller, view));
    } else if (waiting.includes(b.board)) {
      box.append(el('div', { class: 'waiting' }, 'Saved on this phone; sent when the connection is back.'));
    } else {
      box.append(entryForm(b.board));
    }
    boards.append(box);
  }
}

/**
 * @param {any[]} rows
 * @param {any} view
 */
function traveller(rows, view) {
  const t = el('table', { class: 'trav' });
  const head = el('tr');
  for (const h of ['NS', 'EW', 'Result', 'Lead', 'Score']) head.append(el('th', null, h));
  t.append(head);
  for (const r of rows) {
    const tr = el('tr', { class: String(r.ns) === String(view.ns.number) && String(r.ew) === String(view.ew.number) ? 'mine' : '' });
    for (const v of [r.ns, r.ew, pretty(r.result), r.lead || '', r.score ?? '']) tr.append(el('td', null, v));
    t.append(tr);
  }
  return t;
}

/** @param {number} board */
function entryForm(board) {
  const f = el('form', { class: 'entry', 'data-board': board });
  const select = (name, options) => {
    const s = el('select', { name });
    for (const [value, text] of options) s.append(el('option', { value }, text));
    return s;
  };
  const level = select('level', [['', 'Level…'], ['P', 'Passed out'], ...[1, 2, 3, 4, 5, 6, 7].map((l) => [String(l), String(l)])]);
  const strain = select('strain', STRAINS.map((s) => [s, s === 'NT' ? 'NT' : SUITS[s]]));
  const dbl = select('double', [['', 'undoubled'], ['X', 'doubled'], ['XX', 'redoubled']]);
  const declarer = select('declarer', [['N', 'North'], ['E', 'East'], ['S', 'South'], ['W', 'West']]);
  const lead = el('input', { name: 'lead', placeholder: 'e.g. HK', maxlength: 3, size: 4, autocapitalize: 'characters' });
  const tricks = select('tricks', Array.from({ length: 14 }, (_, i) => [String(i), String(i)]));
  tricks.value = '7';
  f.append(el('label', null, 'Contract'), el('span', null), level, strain, el('span', null), dbl,
    el('label', null, 'Declarer'), declarer, el('label', null, 'Lead'), lead, el('label', null, 'Tricks'), tricks,
    el('span', null), el('button', { type: 'submit' }, 'Enter board ' + board));
  f.addEventListener('submit', (ev) => {
    ev.preventDefault();
    message('');
    if (!level.value) { message('Choose the level of the contract, or Passed out.'); return; }
    const passed = level.value === 'P';
    const contract = passed ? 'Pass' : level.value + strain.value + dbl.value;
    state.entering = {
      id: (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random()),
      round: state.view.round, board,
      contract, declarer: passed ? null : declarer.value, lead: passed ? null : lead.value.trim().toUpperCase() || null,
      tricks: passed ? 0 : Number(tricks.value), confirmed: false,
    };
    const e = state.entering;
    const over = passed ? 0 : e.tricks - (Number(level.value) + 6);
    $('confirm-text').textContent = 'Board ' + board + ': ' + (passed ? 'passed out' : pretty(contract) + ' by ' + e.declarer +
      ', ' + e.tricks + ' tricks (' + (over === 0 ? '=' : over > 0 ? '+' + over : over) + ')' + (e.lead ? ', lead ' + e.lead : ''));
    $('confirm').hidden = false;
    $('confirm').scrollIntoView();
  });
  return f;
}

async function confirm() {
  const e = state.entering;
  if (!e) return;
  e.confirmed = true;
  state.entering = null;
  $('confirm').hidden = true;
  // Kept on the phone first: sent now, or when the connection is back.
  const list = pending();
  list.push({ code, result: e });
  savePending(list);
  await flush();
  if (state.view) render(state.view);
}

$('confirm-yes').addEventListener('click', confirm);
$('confirm-no').addEventListener('click', () => { state.entering = null; $('confirm').hidden = true; });
$('code-form').addEventListener('submit', (ev) => { ev.preventDefault(); location.href = '/t/' + encodeURIComponent($('code').value.trim().toUpperCase()); });
window.addEventListener('online', () => { flush(); });
setInterval(() => { if (pending().length) flush(); }, 3000);
savePending(pending());
load().then(flush);
