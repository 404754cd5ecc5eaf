// A game's outcome (the output of `play` or `roll`, as `fairdeal play/roll
// NAME --json`): a blackjack round replayed with its cards, totals and
// outcomes; a roulette slot; a mines board as a 5x5 grid; case tickets;
// plinko paths drawn through the pins. A game this page does not know is
// shown by its fields.

import { cardList } from './cards.js';
import { el, words } from './dom.js';

/** A ticket as the site prints it: the JavaScript number of its exact decimal. */
const ticket = (exact) => String(Number(exact));

function blackjack(out) {
  const root = el('div', { class: 'game blackjack' });
  const rows = (out.hands || []).map((hand, i) => {
    const notes = [
      `total ${hand.total}${hand.soft ? ' (soft)' : ''}`,
      `bet ${hand.bet}`,
      hand.doubled ? 'doubled' : null,
      hand.bust ? 'bust' : null,
      hand.blackjack ? 'blackjack' : null,
    ].filter(Boolean).join(', ');
    return el('tr', { 'data-hand': String(i + 1) },
      el('th', { scope: 'row' }, (out.hands.length > 1 ? `your hand ${i + 1}` : 'your hand')),
      el('td', {}, cardList(hand.cards), el('span', { class: 'notes' }, notes)),
      el('td', { class: `outcome outcome-${hand.outcome}` }, `${hand.outcome}, net ${hand.net}`));
  });
  const d = out.dealer || {};
  const dealerNotes = [`total ${d.total}`, d.bust ? 'bust' : null, d.blackjack ? 'blackjack' : null].filter(Boolean).join(', ');
  rows.push(el('tr', { 'data-hand': 'dealer' },
    el('th', { scope: 'row' }, 'dealer'),
    el('td', {}, cardList(d.cards || []), el('span', { class: 'notes' }, dealerNotes)),
    el('td', {}, '')));
  root.append(
    el('table', { class: 'seats' },
      el('caption', {}, 'The round, cards in the order dealt'),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'hand'), el('th', { scope: 'col' }, 'cards'), el('th', { scope: 'col' }, 'outcome'))),
      el('tbody', {}, ...rows)),
    el('p', { class: 'net' }, `Net win: ${out.net} initial bet${Math.abs(Number(out.net)) === 1 ? '' : 's'}.`),
  );
  return root;
}

/**
 * Returns a roulette slot's colour from its outcome as the site names it:
 * the word before any `_` (`RED_BAIT` is a red slot, `BLACK_BAIT` a black
 * one), `green`, `red` or `black`.
 */
export function slotColour(outcome) {
  return String(outcome).split('_')[0].toLowerCase();
}

function roulette(out) {
  const outcome = String(out.outcome);
  return el('div', { class: 'game roulette' },
    el('p', { class: 'big' }, 'Slot ', el('strong', {}, String(out.slot)), ': ',
      el('span', { class: `chip chip-${slotColour(outcome)}`, 'data-outcome': outcome }, words(outcome))));
}

function mines(out) {
  const board = out.board || [];
  const table = el('table', { class: 'mines', 'aria-label': `mines board, ${board.length} rows by ${board[0]?.length ?? 0} columns` },
    el('caption', {}, `${(out.mines || []).length} mines on the board (row, column from 0)`),
    el('tbody', {}, ...board.map((row, r) => el('tr', {}, ...row.map((cell, c) => {
      const mine = cell === 'MINE';
      return el('td', { class: mine ? 'mine' : 'safe', 'data-cell': `${r},${c}` },
        el('span', { 'aria-hidden': 'true' }, mine ? '✹' : ''),
        el('span', { class: 'sr-only' }, `row ${r} column ${c}: ${mine ? 'mine' : 'safe'}`));
    })))));
  return el('div', { class: 'game mines-game' }, table,
    el('p', {}, 'Mines in the order drawn: ', (out.mines || []).map(([r, c]) => `(${r}, ${c})`).join(' ')));
}

function tickets(out, keys) {
  const list = out.tickets || [];
  return el('div', { class: 'game tickets' },
    el('table', { class: 'plain' },
      el('caption', {}, 'Tickets, as the site prints them'),
      el('thead', {}, el('tr', {}, ...keys.map((k) => el('th', { scope: 'col' }, k)), el('th', { scope: 'col' }, 'ticket'))),
      el('tbody', {}, ...list.map((t) => el('tr', {}, ...keys.map((k) => el('td', {}, String(t[k]))),
        el('td', { title: `exact: ${t.ticket}` }, ticket(t.ticket)))))));
}

/**
 * Draws every ball's path through the pins: row r has r + 3 pins; the ball
 * hits the middle pin of the first row, each move (L or R) takes it half a
 * pin to that side onto the next row, and after the last row it falls into
 * slot k, k being its count of R (slots 0 to rows, left to right).
 */
function plinko(out) {
  const moves = out.moves || [];
  const rows = moves[0]?.length ?? 0;
  const w = rows + 3;
  const cx = w / 2;
  const h = rows + 2.4;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', `plinko board of ${rows} rows, the path of each of ${moves.length} balls, `
    + `landing in slots ${(out.slots || []).join(', ')}`);
  svg.classList.add('plinko');
  const add = (tag, attrs, text) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  const landed = new Map();
  for (const slot of out.slots || []) landed.set(slot, (landed.get(slot) || 0) + 1);
  for (let k = 0; k <= rows; k += 1) {
    const x = cx - rows / 2 + k;
    add('rect', {
      x: x - 0.45, y: rows + 1.2, width: 0.9, height: 1, rx: 0.15, class: landed.has(k) ? 'slot hit' : 'slot',
    });
    add('text', { x, y: rows + 1.85, class: 'slot-number' }, String(k));
  }
  for (let r = 0; r < rows; r += 1) {
    for (let k = 0; k <= r + 2; k += 1) add('circle', { cx: cx - (r + 2) / 2 + k, cy: r + 1, r: 0.09, class: 'pin' });
  }
  moves.forEach((path) => {
    let x = cx;
    const points = [[cx, 0.2], [cx, 0.85]];
    [...path].forEach((m, r) => {
      x += m === 'R' ? 0.5 : -0.5;
      points.push([x, r + 1.85]);
    });
    points.push([x, rows + 1.2]);
    add('polyline', { points: points.map((p) => p.join(',')).join(' '), class: 'path' });
  });
  const shownBalls = moves.slice(0, 20);
  return el('div', { class: 'game plinko-game' }, svg,
    el('ol', { class: 'paths' }, ...shownBalls.map((path, i) => el('li', {},
      el('code', {}, path), ' → slot ', el('strong', {}, String(out.slots?.[i]))))),
    moves.length > shownBalls.length ? el('p', { class: 'more' }, `… the first ${shownBalls.length} of ${moves.length} balls; the stages below list every one`) : null);
}

function fields(out) {
  const list = el('dl', { class: 'pairs' });
  for (const [k, v] of Object.entries(out)) {
    if (k === 'fingerprint' || k === 'randoms' || k === 'fingerprint_checked') continue;
    list.append(el('dt', {}, words(k)), el('dd', {}, typeof v === 'object' ? JSON.stringify(v) : String(v)));
  }
  return el('div', { class: 'game' }, list);
}

/** Returns the outcome of game `name` from its output. */
export function outcomeOf(name, out) {
  switch (name) {
    case 'blackjack': return blackjack(out);
    case 'roulette': return roulette(out);
    case 'mines': return mines(out);
    case 'case': return tickets(out, ['roll', 'u32']);
    case 'battle': return tickets(out, ['round', 'player']);
    case 'plinko': return plinko(out);
    default: return fields(out);
  }
}
