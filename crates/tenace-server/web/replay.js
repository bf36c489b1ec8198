// @ts-check
// The replay of a finished board (/replay?table=ID&board=N): step through the auction call by
// call and the play card by card; at each card, every legal card of the hand to play shows the tricks
// declarer then takes double dummy, and the cards that cost a trick are marked. The page uses
// the club's login (the same session in localStorage); the server decides who may see the board
// (Law 16). Exports the board as PBN or LIN. Text from the server goes in with textContent.
import { SEATS, SUITS, $, el, clear, show, loadSession, suitClass, rankText, cardName, side, dealHands, withSuits } from './common.js';

const params = new URLSearchParams(location.search);
const table = params.get('table') || '';
const boardNumber = params.get('board') || '';
const session = loadSession();

/**
 * The board as the server sends it (`tenace_online::replay::BoardReplay`).
 * @typedef {{ to_play: string, played: string | null, declarer_won: number, cards: { card: string, tricks: number }[] }} Step
 * @typedef {{ seat: string, call: string, alert: boolean, explanation: string | null }} Call
 * @typedef {{ table: string, name: string, board: number, dealer: string, vulnerability: string, deal: string,
 *   players: string[] | null, auction: Call[], contract: string | null, declarer: string | null, tricks: number | null,
 *   score_ns: number | null, ending: string, claim: { seat: string, tricks: number, statement: string } | null, play: Step[] }} Replay
 */
/** @type {Replay | null} */
let data = null;
/** The step shown: 0 before the auction, then one step per call, then one per card. */
let at = 0;
/** @type {{ seat: string, card: string }[]} */
let played = [];

const RANKS = 'AKQJT98765432';

function fail(message) {
  show($('replay-loading'), false);
  const box = $('replay-error');
  box.textContent = message;
  show(box, true);
}

/** @param {string} suffix '' for the board, '.pbn' or '.lin' for a record @param {boolean} confirm */
async function fetchBoard(suffix, confirm) {
  const path = '/api/replays/' + encodeURIComponent(table) + '/' + encodeURIComponent(boardNumber) + suffix + (confirm ? '?confirm=true' : '');
  return fetch(path, { headers: { Authorization: 'Bearer ' + session.token } });
}

/** @param {boolean} confirm */
async function load(confirm) {
  show($('replay-confirm'), false);
  let r;
  try {
    r = await fetchBoard('', confirm);
  } catch (e) {
    fail('The club cannot be reached: ' + e);
    return;
  }
  /** @type {any} */
  let body = {};
  try { body = await r.json(); } catch (_) { /* not JSON */ }
  if (r.status === 401) {
    fail('Log in at the club first (this page uses the same login), then open this link again.');
    return;
  }
  if (r.status === 409 && body.confirm) {
    show($('replay-loading'), false);
    $('confirm-text').textContent = body.error + '. Show it anyway?';
    show($('replay-confirm'), true);
    return;
  }
  if (!r.ok) {
    fail(body.error || 'the board cannot be shown (' + r.status + ')');
    return;
  }
  data = body;
  played = data.play.filter((s) => s.played).map((s) => ({ seat: s.to_play, card: /** @type {string} */ (s.played) }));
  at = 0;
  show($('replay-loading'), false);
  show($('replay-view'), true);
  renderHead();
  render();
}

function renderHead() {
  if (!data) return;
  const vul = { None: 'None vulnerable', NorthSouth: 'NS vulnerable', EastWest: 'EW vulnerable', Both: 'Both vulnerable' }[data.vulnerability] || data.vulnerability;
  $('board-title').textContent = 'Board ' + data.board + ' · ' + data.name + ' · Dealer ' + data.dealer + ' · ' + vul;
  const p = data.players;
  $('board-players').textContent = p ? 'NS ' + p[0] + ' – ' + p[2] + ' · EW ' + p[1] + ' – ' + p[3] : '';
  let result;
  if (data.ending === 'skipped') result = 'Skipped: Average to both sides';
  else if (data.contract === 'Pass') result = 'Passed out';
  else result = withSuits(data.contract) + ' by ' + data.declarer + ', ' + data.tricks + ' tricks · NS ' + (data.score_ns > 0 ? '+' : '') + data.score_ns;
  $('board-result').textContent = result;
  const link = location.origin + '/replay?table=' + encodeURIComponent(table) + '&board=' + encodeURIComponent(boardNumber);
  $('link-text').value = link;
}

/** The auction as far as `upto` calls. @param {number} upto */
function renderAuction(upto) {
  if (!data) return;
  const t = $('rp-auction');
  clear(t);
  const head = el('tr');
  for (const s of ['West', 'North', 'East', 'South']) head.appendChild(el('th', null, s));
  t.appendChild(head);
  let row = el('tr');
  const start = ['West', 'North', 'East', 'South'].indexOf(data.dealer);
  for (let i = 0; i < start; i++) row.appendChild(el('td'));
  let col = start;
  const notes = $('rp-explanations');
  clear(notes);
  let n = 0;
  for (const c of data.auction.slice(0, upto)) {
    const text = withSuits(c.call) + (c.alert ? '!' : '');
    const td = el('td', c.alert ? { class: 'alerted' } : null, text);
    if (c.explanation) {
      n += 1;
      td.appendChild(el('sup', null, String(n)));
      notes.appendChild(el('div', { class: 'muted' }, n + '. ' + c.seat + ' ' + withSuits(c.call) + ': ' + c.explanation));
    }
    row.appendChild(td);
    col += 1;
    if (col === 4) {
      t.appendChild(row);
      row = el('tr');
      col = 0;
    }
  }
  if (col > 0) t.appendChild(row);
  const claim = $('rp-claim');
  clear(claim);
  if (data.claim && upto === data.auction.length) {
    const c = data.claim;
    claim.appendChild(el('p', null, 'After ' + played.length + ' cards ' + c.seat + ' claimed ' + c.tricks + ' of the remaining tricks' + (c.statement ? ': “' + c.statement + '”' : '') + '; the claim was agreed.'));
  }
}

/** The winner of a complete trick of (seat, card) pairs under the contract's trump. */
function winner(trick) {
  if (!data || !data.contract) return trick[0].seat;
  const m = /^[1-7](C|D|H|S|NT)/.exec(data.contract);
  const trump = m && m[1] !== 'NT' ? m[1] : null;
  let best = trick[0];
  for (const t of trick.slice(1)) {
    const beatsTrump = trump && t.card[0] === trump && best.card[0] !== trump;
    const higher = t.card[0] === best.card[0] && RANKS.indexOf(t.card[1]) < RANKS.indexOf(best.card[1]);
    if (beatsTrump || higher) best = t;
  }
  return best.seat;
}

/** The last step: the end of the play (or of the auction, when nobody played). */
function lastStep() {
  return data ? data.auction.length + played.length : 0;
}

function render() {
  if (!data) return;
  const total = played.length;
  const calls = data.auction.length;
  at = Math.max(0, Math.min(at, lastStep()));
  renderAuction(Math.min(at, calls));
  if (at < calls || (at === calls && !data.play.length)) {
    renderBidding(at);
    return;
  }
  const pos = at - calls;
  const step = data.play[pos] || null;
  const hands = dealHands(data.deal);
  const gone = new Set(played.slice(0, pos).map((p) => p.card));
  // The tricks so far.
  const complete = Math.floor(pos / 4);
  let declarerTricks = 0;
  for (let t = 0; t < complete; t++) {
    const w = winner(played.slice(4 * t, 4 * t + 4));
    if (data.declarer && side(w) === side(data.declarer)) declarerTricks += 1;
  }
  $('step-label').textContent = pos === 0 ? 'Before the opening lead' : 'Card ' + pos + ' of ' + total + ' (trick ' + Math.ceil(pos / 4) + ')';
  $('tricks-label').textContent = data.declarer ? 'Declarer ' + declarerTricks + ' · Defenders ' + (complete - declarerTricks) : '';
  for (const box of document.querySelectorAll('.rp-hand')) {
    const seat = /** @type {HTMLElement} */ (box).dataset.seat || '';
    renderHand(/** @type {HTMLElement} */ (box), seat, (hands[seat] || []).filter((c) => !gone.has(c)), step && step.to_play === seat ? step : null);
  }
  // The trick in progress, or the one just completed.
  const trick = $('rp-trick');
  clear(trick);
  const title = $('rp-trick-title');
  if (pos === 0) {
    title.textContent = step ? step.to_play + ' to lead' : '';
  } else {
    const from = Math.floor((pos - 1) / 4) * 4;
    const cards = played.slice(from, pos);
    for (const p of cards) {
      const row = el('div', null, p.seat + ' ');
      const c = el('span', { class: 'played ' + suitClass(p.card[0]), 'aria-label': p.seat + ' ' + cardName(p.card) }, SUITS[p.card[0]] + rankText(p.card[1]));
      row.appendChild(c);
      trick.appendChild(row);
    }
    title.textContent = cards.length === 4 ? 'Trick ' + (from / 4 + 1) + ' won by ' + winner(cards) : 'Trick ' + (from / 4 + 1);
  }
  if (pos === total && step && !step.played) title.textContent += ' · claimed here';
  buttons();
}

/** The auction's steps: all four hands, the calls so far. @param {number} upto */
function renderBidding(upto) {
  if (!data) return;
  const hands = dealHands(data.deal);
  const calls = data.auction.length;
  const next = data.auction[upto];
  $('step-label').textContent = upto === 0 ? 'Before the auction' : 'Call ' + upto + ' of ' + calls;
  $('tricks-label').textContent = '';
  for (const box of document.querySelectorAll('.rp-hand')) {
    const seat = /** @type {HTMLElement} */ (box).dataset.seat || '';
    renderHand(/** @type {HTMLElement} */ (box), seat, hands[seat] || [], null);
    box.classList.toggle('to-call', !!next && next.seat === seat);
  }
  clear($('rp-trick'));
  $('rp-trick-title').textContent = next ? next.seat + ' to call' : data.contract === 'Pass' ? 'Passed out' : 'The auction is over';
  buttons();
}

function buttons() {
  $('first-button').disabled = at === 0;
  $('prev-button').disabled = at === 0;
  $('next-button').disabled = at >= lastStep();
  $('last-button').disabled = at >= lastStep();
}

/**
 * One hand at the step shown: each card of the hand to play with its double-dummy value.
 * @param {HTMLElement} box @param {string} seat @param {string[]} cards @param {Step | null} step
 */
function renderHand(box, seat, cards, step) {
  clear(box);
  box.classList.toggle('to-play', !!step);
  box.classList.remove('to-call');
  const p = data && data.players ? ' (' + data.players[SEATS.indexOf(/** @type {any} */ (seat))] + ')' : '';
  box.appendChild(el('div', { class: 'seat-name' }, seat + p));
  const best = step && step.cards.length ? step.cards[0].tricks : null;
  for (const s of ['S', 'H', 'D', 'C']) {
    const row = el('div', { class: 'rp-suit' });
    row.appendChild(el('span', { class: 'suit ' + suitClass(s) }, SUITS[s] + ' '));
    const inSuit = cards.filter((c) => c[0] === s);
    if (!inSuit.length) row.appendChild(document.createTextNode('—'));
    for (const c of inSuit) {
      const value = step ? step.cards.find((r) => r.card === c) : null;
      const span = el('span', { class: 'rp-card ' + suitClass(s), 'data-card': c });
      span.textContent = rankText(c[1]);
      let label = cardName(c);
      if (value && best !== null) {
        const cost = Math.abs(best - value.tricks);
        span.dataset.tricks = String(value.tricks);
        span.dataset.cost = String(cost);
        span.classList.add(cost > 0 ? 'cost' : 'best');
        span.appendChild(el('sup', null, String(value.tricks)));
        label += ': declarer takes ' + value.tricks + (cost > 0 ? ', costs ' + cost + (cost === 1 ? ' trick' : ' tricks') : ', a best card');
      }
      if (step && step.played === c) {
        span.classList.add('next');
        label += ' (played)';
      }
      span.setAttribute('aria-label', label);
      row.appendChild(span);
      row.appendChild(document.createTextNode(' '));
    }
    box.appendChild(row);
  }
}

/** @param {string} suffix */
async function download(suffix) {
  try {
    const r = await fetchBoard(suffix, false);
    if (!r.ok) throw new Error('(' + r.status + ')');
    const blob = await r.blob();
    const a = el('a', { href: URL.createObjectURL(blob), download: table + '-board' + boardNumber + suffix });
    document.body.appendChild(a);
    a.click();
    a.remove();
  } catch (e) {
    fail('The record cannot be downloaded: ' + (e instanceof Error ? e.message : e));
  }
}

function wire() {
  $('first-button').addEventListener('click', () => { at = 0; render(); });
  $('prev-button').addEventListener('click', () => { at -= 1; render(); });
  $('next-button').addEventListener('click', () => { at += 1; render(); });
  $('last-button').addEventListener('click', () => { at = lastStep(); render(); });
  $('confirm-button').addEventListener('click', () => load(true));
  $('pbn-button').addEventListener('click', () => download('.pbn'));
  $('lin-button').addEventListener('click', () => download('.lin'));
  $('link-button').addEventListener('click', () => {
    const input = $('link-text');
    input.select();
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).catch(() => {});
  });
  document.addEventListener('keydown', (e) => {
    if (!data || e.target instanceof HTMLInputElement) return;
    const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: lastStep() };
    if (!(e.key in moves)) return;
    e.preventDefault();
    at = moves[e.key];
    render();
  });
}

wire();
$('user-name').textContent = session.user || '';
if (!session.token) fail('Log in at the club first (this page uses the same login), then open this link again.');
else if (!table || !/^\d+$/.test(boardNumber)) fail('This link names no board: /replay?table=ID&board=N.');
else load(false);
