// The verdict and the table, as the CLI says and shows them
// (crates/cli/src/cmd/verify.rs, crates/fairdeal/src/render): VERIFIED only
// for a matched fingerprint, with what it does not cover (each value as the
// package's shown() writes it, invisible characters escaped); NOT VERIFIED with
// the failed check and the hints; the deal's seats named, their roles
// (dealer, taker, ...) marked, each hand sorted for reading, then the up-card, kitty and
// the rest by name; the method's stages folded below.

import {
  LONG, SHOWN, cardList, isCardList, readCard,
} from './cards.js';
import { el, words } from './dom.js';
import { fairdeal } from './wasm.js';

/** Returns [[name, value]...] from a list of pairs or an object. */
const pairs = (value) => (Array.isArray(value) ? value : Object.entries(value || {}));

/**
 * Returns the seat's name as the CLI writes it: `left (1)`, or `seat 2`.
 * A scheme names seats by a rule (`scheme.seats`: "numbered", or `{named}`
 * for a table of that many seats); the deal's table says how many it has
 * (`seats`, when known).
 */
export function seatName(scheme, seat, seats) {
  const names = scheme.seats && scheme.seats.named;
  const name = names && (seats === undefined || seats === names.length) ? names[seat] : undefined;
  return name === undefined ? `seat ${seat}` : `${name} (${seat})`;
}

/** Fills the verdict box: the words, the colour (by class), the details. */
export function showVerdict(box, state, heading, ...details) {
  box.hidden = false;
  box.className = `verdict ${state}`;
  box.dataset.verdict = state;
  box.replaceChildren(el('h2', { id: 'verdict-word' }, heading), ...details);
}

/** Returns a receipt's value as the CLI's verdict writes it (the package's shown()). */
const shownValue = (value) => fairdeal().shown(value);

/**
 * The words of a matched fingerprint (a verdict of `verify`, `play` or
 * `roll`): what it hashes; the fingerprint matched and each input it
 * covers, in full, so that the verdict itself (a screenshot of it) says
 * what was checked; then the inputs it does not cover. Inputs are named
 * with their form labels' words (`client seed`), values as shown() writes
 * them.
 */
export function verifiedWords(scheme, result, what = 'The cards below') {
  const commitment = result.commitment || scheme.commitment.hashes;
  const covered = pairs(result.covered);
  const notCovered = pairs(result.not_covered);
  const names = covered.map(([name]) => words(name));
  const subject = names.length ? `the revealed ${names.join(' and ')}` : 'the revealed input';
  const matched = el('dl', { class: 'pairs matched' },
    el('dt', {}, 'fingerprint'),
    el('dd', {}, el('code', { 'data-matched': 'fingerprint' }, String(result.fingerprint))),
    ...covered.flatMap(([name, value]) => [
      el('dt', {}, words(name)),
      el('dd', {}, el('code', { 'data-matched': name }, shownValue(value))),
    ]));
  const parts = [
    el('p', {}, 'The fingerprint matches ', el('span', { class: 'nowrap' }, commitment),
      `: ${subject} ${names.length > 1 ? 'are the ones' : 'is the one'} committed to before play.`),
    matched,
  ];
  if (notCovered.length) {
    parts.push(el('p', { class: 'not-covered' },
      `Not covered by the fingerprint: ${notCovered.map(([n, v]) => `${words(n)} ${shownValue(v)}`).join(', ')}. `
      + `${what} follow from these inputs; only you can vouch for them.`));
  }
  return parts;
}

/**
 * Returns the hints of a verdict or of a refusal (an Error's `hints`: a
 * space copied after a seed, a phrase with its quotes kept) as a list, each
 * as text; null when there are none.
 */
export function hintList(hints) {
  const list = Array.isArray(hints) ? hints.filter((h) => typeof h === 'string' && h !== '') : [];
  if (!list.length) return null;
  return el('ul', { class: 'hints' }, ...list.map((h) => el('li', {}, el('strong', {}, 'Hint: '), h)));
}

/** The paragraphs of a verdict of `verify`, `play` or `roll` that is not verified. */
export function failureWords(scheme, result) {
  const f = result.failure || {};
  const out = [];
  if (f.check === 'fingerprint') {
    out.push(el('p', {}, `The fingerprint does not match ${f.commitment || scheme.commitment.hashes}.`));
    out.push(el('dl', { class: 'pairs' },
      el('dt', {}, 'fingerprint given'), el('dd', {}, el('code', {}, String(f.given))),
      el('dt', {}, f.commitment || scheme.commitment.hashes), el('dd', {}, el('code', {}, String(f.computed)))));
  } else if (f.check === 'hand') {
    const seat = f.seat !== null && f.seat !== undefined ? seatName(scheme, f.seat) : 'you';
    const when = f.deal > 1 || (result.series ?? false) ? `In hand ${f.deal}, dealt` : 'Dealt';
    // Each card that differs (the failure's flags, one per card) is drawn
    // outlined and read as "differs".
    out.push(el('p', { class: 'hand-mismatch' }, `${when} to ${seat} by these inputs: `,
      cardList(f.dealt || [], { label: 'dealt', marked: f.dealt_differs || [] }), '. You recorded: ',
      cardList(f.recorded || [], { label: 'recorded', marked: f.recorded_differs || [] }), '.'));
    out.push(el('p', {}, 'The fingerprint matches, so the difference is in the inputs it does not cover, or in the cards recorded.'));
  } else if (f.check === 'record') {
    out.push(el('p', {}, `The game record does not hold: ${f.what}: the method gives ${f.expected}, the record says ${f.given}.`));
  } else {
    out.push(el('p', {}, `A check failed: ${shownValue(f)}.`));
  }
  const hints = hintList(result.hints);
  if (hints) out.push(hints);
  if (f.check === 'fingerprint') {
    out.push(el('p', { class: 'quiet' }, 'Nothing is shown: inputs that do not match what was committed prove nothing about the game.'));
  }
  return out;
}

/** The checks that held besides the fingerprint: the record's, then your hand. */
export function checksWords(scheme, result) {
  const items = [];
  for (const check of result.checks || []) {
    items.push(el('li', {}, `${check.what}: ${check.given}, as the method gives`));
  }
  for (const hand of result.hands || []) {
    const where = [result.view?.series ? `hand ${hand.deal}` : null,
      hand.seat !== null && hand.seat !== undefined
        ? seatName(scheme, hand.seat, result.view?.deals?.[hand.deal - 1]?.[0]?.seats) : null].filter(Boolean).join(', ');
    items.push(el('li', {}, `your cards${where ? ` (${where})` : ''}: `, cardList(hand.dealt, { sort: true }), ' as you recorded them'));
  }
  return items.length ? [el('ul', { class: 'checks' }, ...items)] : [];
}

/** Returns a list of words (a shoe's labels) on one line; past LONG, the first SHOWN and a count. */
function wordList(list) {
  if (list.length <= LONG) return list.join(' ');
  return `${list.slice(0, SHOWN).join(' ')} … the first ${SHOWN} of ${list.length}; the stages below list every one`;
}

function line(label, ...value) {
  return el('div', { class: 'line' }, el('span', { class: 'label' }, label), el('span', { class: 'value' }, ...value));
}

function seatsTable(scheme, table, bySeat, you, caption) {
  // Only the seats of this deal's table, with the roles it gives them.
  const rows = bySeat.slice(0, table.seats).map((cards, seat) => {
    const marks = (table.roles || []).filter((r) => r.seat === seat).map((r) => r.name);
    if (seat === you && !seatName(scheme, seat, table.seats).startsWith('you ')) marks.push('you');
    return el('tr', { 'data-seat': String(seat) },
      el('th', { scope: 'row' }, seatName(scheme, seat, table.seats)),
      el('td', { class: 'hand' }, cardList(cards, { sort: true })),
      el('td', { class: 'marks' }, ...marks.map((m) => el('span', { class: `mark mark-${m}` }, m))));
  });
  return el('table', { class: 'seats' },
    el('caption', { class: caption ? '' : 'sr-only' }, caption || 'each seat\'s cards, sorted for reading'),
    el('thead', { class: 'sr-only' }, el('tr', {}, el('th', { scope: 'col' }, 'seat'), el('th', { scope: 'col' }, 'cards'), el('th', { scope: 'col' }, 'marks'))),
    el('tbody', {}, ...rows));
}

/**
 * Returns the table of a deal view (`view()`, `verify().view`): the
 * set-up, then each deal: dealer and taker, the seats, the rest, the deck.
 */
export function tableOf(scheme, view, you) {
  const root = el('div', { class: 'deal-view' });
  const head = el('div', { class: 'lines' });
  for (const [label, value] of view.setup || []) head.append(line(label, String(value)));
  if (head.childNodes.length) root.append(head);
  view.deals.forEach(([table, deck], i) => {
    const deal = el('section', { class: 'deal', 'data-deal': String(i + 1) });
    if (view.series) deal.append(el('h3', {}, `Hand ${i + 1}`));
    const lines = el('div', { class: 'lines' });
    for (const role of table.roles || []) {
      lines.append(line(role.name, seatName(scheme, role.seat, table.seats) + (role.with ? `, ${role.with}` : '')));
    }
    if (lines.childNodes.length) deal.append(lines);
    if (table.hands && table.hands.length) deal.append(seatsTable(scheme, table, table.hands, you));
    const rest = el('div', { class: 'lines' });
    for (const part of table.rest || []) {
      const value = part.value;
      // A shoe's labels (10♥) are its deck drawn: the cards below show them.
      if (Array.isArray(value) && value.length === deck.length && value.every((w, k) => w === readCard(deck[k]).text)) continue;
      const row = Array.isArray(value) && value.every(Array.isArray)
        ? seatsTable(scheme, table, value, you, part.name)
        : line(part.name, isCardList(value) ? cardList(value) : (Array.isArray(value) ? wordList(value) : String(value)));
      row.dataset.part = part.name;
      if (row.tagName === 'TABLE') deal.append(row);
      else rest.append(row);
    }
    const positions = scheme.player?.positions;
    if (positions && deck.length > Math.max(...positions)) {
      const yours = line(`your first cards`, cardList(positions.map((p) => deck[p])),
        el('span', { class: 'notes' }, `the deck's positions ${positions.join(' and ')}`));
      yours.dataset.part = 'yours';
      rest.prepend(yours);
    }
    const deckLine = line('deck', cardList(deck));
    deckLine.dataset.part = 'deck';
    rest.append(deckLine);
    deal.append(rest);
    root.append(deal);
  });
  return root;
}

const FIRST = ['fingerprint', 'randoms', 'positions', 'deck'];

const scalar = (v) => v === null || typeof v !== 'object';

/** Returns a stage's value: numbers and codes as the vectors write them, lists on wrapping lines. */
function stageValue(value) {
  if (scalar(value)) return el('code', {}, String(value));
  if (Array.isArray(value) && value.every(scalar)) return el('code', { class: 'list' }, value.join(' '));
  if (Array.isArray(value) && value.every((v) => Array.isArray(v) && v.every(scalar))) {
    return el('code', { class: 'list rows' }, value.map((row, i) => `${i}: ${row.join(' ')}`).join('\n'));
  }
  if (Array.isArray(value)) {
    return el('ol', { class: 'stage-items' }, ...value.map((item) => el('li', {}, stageValue(item))));
  }
  const list = el('dl', { class: 'stages nested' });
  for (const [k, v] of Object.entries(value)) {
    list.append(el('dt', {}, k + (Array.isArray(v) ? ` (${v.length})` : '')), el('dd', {}, stageValue(v)));
  }
  return list;
}

/** Returns the method's stages, folded: the fingerprint, randoms, positions, deck, then the rest of the trace. */
export function stagesOf(scheme, trace, summary = 'How the cards were dealt: the method’s stages') {
  const keys = [...FIRST.filter((k) => k in trace), ...Object.keys(trace).filter((k) => !FIRST.includes(k))];
  const list = el('dl', { class: 'stages' });
  for (const key of keys) {
    const value = trace[key];
    const count = Array.isArray(value) ? ` (${value.length})` : '';
    list.append(el('dt', {}, key + count), el('dd', {}, stageValue(value)));
  }
  return el('details', { class: 'stages-box' },
    el('summary', {}, summary),
    el('p', {}, `${scheme.method}. Each value below is the one of the same name in the scheme's page and its test vectors (docs/schemes/${scheme.id}.md).`),
    list);
}

export { pairs };
