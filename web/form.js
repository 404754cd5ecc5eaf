// The form, generated from a scheme's (or game's) field descriptions in
// `schemes()`: one labelled control per field with its help (the field's
// `help`, written for a player; its `expected` is what a refusal says),
// required ones marked; a field of fixed `choices` (a seat, a variant) as a
// select of their labels; a text per seat as one input per seat; JSON as a
// textarea. Then
// the receipt's own fields: the fingerprint, your hand and (where the
// scheme lets a receipt name it) your seat. Reading the form gives the
// receipt object of docs/receipts/*.json, a JSON field's text kept as typed
// (RawJson) once the verifier has read it as the CLI would.

import { el, words } from './dom.js';
import { RawJson, fairdeal, receiptText } from './wasm.js';
import { seatName } from './results.js';

/** A refusal found before the verifier runs (an integer field that holds none). */
export class FieldError extends Error {
  constructor(field, kind, message) {
    super(message);
    this.field = field;
    this.kind = kind;
  }
}


/** The id of a field's control (its first control, for a text per seat). */
export const controlId = (name) => `f-${name}`;
/** The id of the element that shows a field's error. */
export const errorId = (name) => `f-${name}-error`;

function labelFor(name, required, forId, tag = 'label') {
  const label = el(tag, tag === 'label' ? { for: forId } : {}, words(name));
  if (required) {
    label.append(' ', el('span', { class: 'required', 'aria-hidden': 'true' }, '*'));
    label.append(el('span', { class: 'sr-only' }, ' (required)'));
  }
  return label;
}

function helpAndError(name, help) {
  return [
    el('p', { class: 'help', id: `f-${name}-help` }, help),
    el('p', { class: 'field-error', id: errorId(name), 'aria-live': 'polite' }),
  ];
}

function describe(control, name) {
  control.setAttribute('aria-describedby', `f-${name}-help ${errorId(name)}`);
}

/**
 * How many texts a text-per-seat field offers (atout-v1's numbers): an
 * input's own length, which the field's rule checks against the table it
 * asks for; the deal's seats are the view's (see offerSeats).
 */
const PER_SEAT_TEXTS = 4;

/** Returns the label of text `i` of a text-per-seat field. */
function perSeatLabel(scheme, i) {
  return seatName(scheme, i, PER_SEAT_TEXTS);
}

/** Returns a field's help as the form shows it: its `help`, as a sentence's start. */
export function helpText(field) {
  const help = field.help || '';
  return help.charAt(0).toUpperCase() + help.slice(1);
}

/** The marker of an option a receipt gave that is not one of the field's choices. */
const EXTRA = 'data-extra';

/**
 * Selects `value` in a select of choices; a value that is not one of them
 * (a receipt's `Belote`) is offered as such, so that the verifier refuses
 * it with its words instead of the form dropping it.
 */
function choose(select, value) {
  for (const extra of select.querySelectorAll(`option[${EXTRA}]`)) extra.remove();
  const text = value === undefined || value === null ? '' : String(value);
  if (text !== '' && ![...select.options].some((o) => o.value === text)) {
    select.append(el('option', { value: text, [EXTRA]: '' }, `${fairdeal().shown(value)}, not one of the choices`));
  }
  select.value = text;
}

/** Returns the block of one field: label, control(s), help and error slot. */
function fieldBlock(field, scheme) {
  const { name, kind, required } = field;
  const help = helpText(field);
  const block = el('div', { class: `field kind-${kind}`, 'data-field': name });
  const id = controlId(name);
  if (kind === 'text-per-seat') {
    const set = el('fieldset', { class: 'per-seat' });
    set.append(labelFor(name, required, null, 'legend'));
    const count = el('select', { id: `${id}-count`, class: 'seat-count' });
    for (let n = PER_SEAT_TEXTS; n >= 1; n -= 1) count.append(el('option', { value: String(n) }, `${n} seats`));
    const countRow = el('div', { class: 'seat-count-row' },
      el('label', { for: `${id}-count` }, 'seats at the table'), count);
    const grid = el('div', { class: 'seat-inputs' });
    [...Array(PER_SEAT_TEXTS).keys()].forEach((i) => {
      const input = el('input', {
        type: 'text', id: i === 0 ? id : `${id}-${i}`, name: `${name}[${i}]`,
        autocomplete: 'off', spellcheck: false,
      });
      describe(input, name);
      grid.append(el('div', { class: 'seat-input', 'data-seat': String(i) },
        el('label', { for: input.id }, perSeatLabel(scheme, i)), input));
    });
    count.addEventListener('change', () => showSeats(block));
    set.append(countRow, grid, ...helpAndError(name, help));
    block.append(set);
    return block;
  }
  let control;
  if (kind === 'bool') {
    control = el('input', { type: 'checkbox', id, name });
    block.classList.add('check');
    block.append(control, ' ', labelFor(name, required, id));
  } else if (field.choices) {
    control = el('select', { id, name });
    control.append(el('option', { value: '' }, required ? 'choose one' : 'none'),
      ...field.choices.map((c) => el('option', { value: String(c.value) }, c.label)));
    if (required) control.setAttribute('aria-required', 'true');
    block.classList.add('choice');
    block.append(labelFor(name, required, id), control);
  } else {
    if (kind === 'json') {
      control = el('textarea', { id, name, rows: 6, spellcheck: false });
    } else {
      control = el('input', { type: 'text', id, name, autocomplete: 'off', spellcheck: false });
      if (kind === 'integer') control.inputMode = 'numeric';
    }
    if (required) control.setAttribute('aria-required', 'true');
    block.append(labelFor(name, required, id), control);
  }
  describe(control, name);
  block.append(...helpAndError(name, help));
  return block;
}

function showSeats(block) {
  const count = Number(block.querySelector('.seat-count').value);
  for (const row of block.querySelectorAll('.seat-input')) {
    row.hidden = Number(row.dataset.seat) >= count;
  }
}

/**
 * Fills `container` with the form of `scheme` (or of its `game`): the input
 * fields, then the fingerprint, and for a deal your hand and seat.
 */
export function buildForm(container, scheme, game) {
  container.replaceChildren();
  const fields = game ? game.fields : scheme.fields;
  for (const field of fields) container.append(fieldBlock(field, scheme));
  const aliases = scheme.commitment.aliases || [];
  const named = aliases.length ? ` (the site may call it ${aliases.map((a) => `“${a}”`).join(' or ')})` : '';
  container.append(fieldBlock({
    name: 'fingerprint',
    kind: 'text',
    required: !game,
    help: `the fingerprint shown before play, ${scheme.commitment.hashes}: 64 hex digits${named}`
      + (game ? '; leave it empty to see the outcome unchecked' : ''),
  }, scheme));
  if (game) return;
  const player = scheme.player || {};
  let whose = `your cards, those dealt to ${seatName(scheme, player.seat ?? 0)}`;
  if (player.positions) whose = `your first cards, the shoe's positions ${player.positions.join(' and ')}`;
  else if (player.choosable) whose += ' unless you name another seat below';
  container.append(fieldBlock({
    name: 'hand',
    kind: 'text',
    required: false,
    help: `optional: ${whose}, in any order, as codes such as Tc 9s 9d Jd Ad (T is 10)`,
  }, scheme));
  if (player.choosable) {
    const block = el('div', { class: 'field', 'data-field': 'seat' });
    const select = el('select', { id: controlId('seat'), name: 'seat' });
    describe(select, 'seat');
    block.append(labelFor('seat', false, select.id), select,
      ...helpAndError('seat', 'Optional: the seat you played, whose cards your hand is'));
    container.append(block);
    offerSeats(container, scheme);
  }
}

/**
 * Offers in the seat picker only the seats of the deal the form's inputs
 * make: the deal's view says how many its table has (a table's size may
 * follow from an input, as duo's does), the scheme how they are named.
 * Inputs that are refused make no table: then only the default is offered.
 * The seat chosen stays while the table has it; `keep` (a receipt's seat)
 * is offered whatever the table, so that the verifier refuses a seat not at
 * it instead of the page dropping it.
 */
export function offerSeats(container, scheme, keep) {
  const select = container.querySelector(`#${controlId('seat')}`);
  if (!select) return;
  const seats = tableSeats(container, scheme);
  const picked = select.value === '' ? undefined : Number(select.value);
  const chosen = keep ?? (picked < seats ? picked : undefined);
  const mine = scheme.player?.seat ?? 0;
  const offered = [...Array(seats).keys()];
  if (chosen !== undefined && chosen >= seats) offered.push(chosen);
  const label = (i) => (i < seats ? seatName(scheme, i, seats) : `seat ${i}, not at this table`);
  select.replaceChildren(el('option', { value: '' }, `${seatName(scheme, mine, seats || undefined)}, the default`),
    ...offered.map((i) => el('option', { value: String(i) }, label(i))));
  select.value = chosen === undefined ? '' : String(chosen);
}

/** Returns how many seats the table of the form's deal has; 0 while its inputs are refused. */
function tableSeats(container, scheme) {
  let input;
  try {
    const { fingerprint, hand, seat, ...fields } = readForm(container, scheme, null);
    input = receiptText(fields);
  } catch {
    return 0;
  }
  try {
    const seats = fairdeal().view(scheme.id, input).deals.map(([table]) => table.seats);
    return seats.length ? Math.min(...seats) : 0;
  } catch {
    return 0;
  }
}

/**
 * Returns the integer typed in field `field`; text that is not one, or one
 * past what JavaScript holds exactly, is refused with the CLI's words.
 */
function integerValue(raw, field) {
  const text = raw.trim();
  const expected = field.expected ? `, expected ${field.expected}` : '';
  if (!/^-?\d+$/.test(text)) {
    throw new FieldError(field.name, 'type', `${field.name}: ${fairdeal().shown(text)} is not an integer${expected}`);
  }
  if (!Number.isSafeInteger(Number(text))) {
    throw new FieldError(field.name, 'range', `${field.name}: ${text} is out of range${expected}`);
  }
  return Number(text);
}

/**
 * Returns the receipt the form holds: the scheme's (or game's) fields with
 * their typed values (a JSON field's as a RawJson), the fingerprint, your
 * hand and seat. An empty optional field is left out; JSON the verifier
 * refuses throws its Error, naming the field; an integer field that holds
 * no integer throws a FieldError on that field.
 */
export function readForm(container, scheme, game) {
  const receipt = {};
  const fields = game ? game.fields : scheme.fields;
  for (const field of fields) {
    const { name, kind, required } = field;
    const control = container.querySelector(`#${controlId(name)}`);
    if (kind === 'text-per-seat') {
      const block = control.closest('.field');
      const count = Number(block.querySelector('.seat-count').value);
      receipt[name] = [...block.querySelectorAll('.seat-input input')].slice(0, count).map((i) => i.value);
    } else if (kind === 'bool') {
      if (control.checked || required) receipt[name] = control.checked;
    } else if (control.value === '' && (field.choices || !(required && kind === 'text'))) {
      // left out (a choice not made too): the verifier says when it is missing
    } else if (kind === 'integer') {
      receipt[name] = integerValue(control.value, field);
    } else if (kind === 'json') {
      fairdeal().readJson(control.value, name);
      receipt[name] = new RawJson(control.value);
    } else {
      receipt[name] = control.value;
    }
  }
  const value = (name) => container.querySelector(`#${controlId(name)}`)?.value ?? '';
  if (value('fingerprint') !== '') receipt.fingerprint = value('fingerprint');
  if (!game && value('hand').trim() !== '') receipt.hand = value('hand');
  if (!game && value('seat') !== '') receipt.seat = Number(value('seat'));
  return receipt;
}

const RECEIPT_KEYS = ['scheme', 'game', 'fingerprint', 'hand', 'seat'];

/**
 * Puts `receipt` into the form built for `scheme` (and `game`). Throws a
 * FieldError (field `receipt`) for a key that is neither a field nor a
 * receipt's own.
 */
export function fillForm(container, scheme, game, receipt) {
  const fields = game ? game.fields : scheme.fields;
  const aliases = scheme.commitment.aliases || [];
  const known = new Set([...fields.map((f) => f.name), ...RECEIPT_KEYS, ...aliases]);
  const unknown = Object.keys(receipt).filter((k) => !known.has(k) || (game && (k === 'hand' || k === 'seat')));
  if (unknown.length) {
    throw new FieldError('receipt', 'unknown', `receipt: ${unknown.map((k) => fairdeal().shown(k)).join(', ')} `
      + `${unknown.length > 1 ? 'are not fields' : 'is not a field'} of ${game ? game.name : scheme.id}, `
      + `expected ${[...fields.map((f) => f.name), 'fingerprint', ...(game ? [] : ['hand']),
        ...(!game && scheme.player?.choosable ? ['seat'] : [])].join(', ')}`);
  }
  for (const { name, kind, choices } of fields) {
    const control = container.querySelector(`#${controlId(name)}`);
    const v = receipt[name];
    if (choices) {
      choose(control, v);
    } else if (kind === 'text-per-seat') {
      const block = control.closest('.field');
      const list = Array.isArray(v) ? v : [];
      const inputs = [...block.querySelectorAll('.seat-input input')];
      const count = block.querySelector('.seat-count');
      count.value = String(list.length >= 1 && list.length <= inputs.length ? list.length : inputs.length);
      inputs.forEach((input, i) => { input.value = i < list.length ? String(list[i] ?? '') : ''; });
      showSeats(block);
    } else if (kind === 'bool') {
      control.checked = v === true;
    } else if (kind === 'json') {
      control.value = v === undefined ? '' : JSON.stringify(v, null, 1);
    } else {
      control.value = v === undefined || v === null ? '' : String(v);
    }
  }
  let fingerprint = receipt.fingerprint;
  for (const alias of aliases) fingerprint ??= receipt[alias];
  container.querySelector(`#${controlId('fingerprint')}`).value = fingerprint ?? '';
  const hand = container.querySelector(`#${controlId('hand')}`);
  if (hand) hand.value = Array.isArray(receipt.hand) ? receipt.hand.join(' ') : (receipt.hand ?? '');
  const seat = receipt.seat === undefined || receipt.seat === null ? NaN : Number(receipt.seat);
  offerSeats(container, scheme, Number.isSafeInteger(seat) && seat >= 0 ? seat : undefined);
}

/** The id of the element that asks for a field a receipt lacks. */
export const askId = (name) => `f-${name}-ask`;

/**
 * Asks, next to its field, for what a receipt lacks: `missing` is one of
 * readReceipt's `{ field, ask, where }` (`lock` is the fingerprint). Says
 * `Give <ask>: you saw it <where>.` under the field's label, as text, and
 * adds it to the control's description; returns the control to focus, or
 * null when the form has no such field.
 */
export function askFor(root, missing, aliases = []) {
  const name = aliases.includes(missing.field) ? 'fingerprint' : missing.field;
  const control = root.querySelector(`#${controlId(name)}`);
  const block = control?.closest('.field');
  if (!block) return null;
  block.querySelector(`#${askId(name)}`)?.remove();
  const ask = el('p', { class: 'ask', id: askId(name), 'data-ask': missing.field },
    el('strong', {}, `Give ${missing.ask}`), `: you saw it ${missing.where}.`);
  const help = block.querySelector(`#f-${name}-help`);
  if (help) help.before(ask);
  else block.append(ask);
  block.classList.add('asked');
  const described = (control.getAttribute('aria-describedby') || '').split(' ').filter(Boolean);
  if (!described.includes(ask.id)) control.setAttribute('aria-describedby', [ask.id, ...described].join(' '));
  return control;
}

/** Takes away each ask (askFor) whose field now holds a value. */
export function clearAsks(root) {
  for (const ask of root.querySelectorAll('.ask')) {
    const name = ask.id.replace(/^f-/, '').replace(/-ask$/, '');
    const control = root.querySelector(`#${controlId(name)}`);
    if (control && control.value === '') continue;
    ask.closest('.field')?.classList.remove('asked');
    if (control) {
      const described = (control.getAttribute('aria-describedby') || '').split(' ').filter((id) => id && id !== ask.id);
      control.setAttribute('aria-describedby', described.join(' '));
    }
    ask.remove();
  }
}

/** Clears every field's error. */
export function clearErrors(root) {
  for (const node of root.querySelectorAll('.field-error')) node.textContent = '';
  for (const node of root.querySelectorAll('[aria-invalid]')) node.removeAttribute('aria-invalid');
  for (const node of root.querySelectorAll('.field.invalid')) node.classList.remove('invalid');
}

/**
 * Shows `message` next to field `field` (`numbers[2]` is the third input of
 * `numbers`; `lock` is the fingerprint) and returns the control to focus,
 * or null when the form has no such field.
 */
export function showFieldError(root, field, message, aliases = []) {
  const match = /^([A-Za-z_]+)(?:\[(\d+)\])?/.exec(field || '');
  if (!match) return null;
  const name = aliases.includes(match[1]) ? 'fingerprint' : match[1];
  const slot = root.querySelector(`#${errorId(name)}`);
  if (!slot) return null;
  slot.textContent = message;
  const block = slot.closest('.field');
  block.classList.add('invalid');
  let control = root.querySelector(`#${controlId(name)}`);
  if (match[2] !== undefined) {
    control = block.querySelectorAll('.seat-input input')[Number(match[2])] || control;
  }
  control?.setAttribute('aria-invalid', 'true');
  return control;
}
