// The verifier page: pick a site's scheme, fill its form (or paste, drop or
// open a link to a receipt), and read the verdict, the table and the
// method's stages. Everything runs here, in the wasm package built from
// the same crates as the CLI (web/pkg, made by `bash web/build.sh`), through
// its schemes, verify, play and roll; nothing is sent anywhere. A pasted,
// dropped or linked receipt is read by the package's readReceipt, as the
// CLI reads a file (at most 4 MiB, a key given twice refused, numbers as
// written), never JSON.parse: the JSON object, the lines of the site's page
// (`Server seed: ...`) or the site's verifier command; a receipt without
// its fingerprint is asked for it by name, with where the player saw it.
// Before it accepts a receipt, the page runs a few published vector cases
// through the package (selftest.js) and refuses to verify when one fails.
// A verdict is of the inputs it checked: any edit clears it, with the deal
// and the link, and it prints the fingerprint and the values it matched.

import { el } from './dom.js';
import {
  FieldError, askFor, buildForm, clearAsks, clearErrors, fillForm, helpText, offerSeats, readForm, showFieldError,
} from './form.js';
import {
  checksWords, failureWords, hintList, showVerdict, stagesOf, tableOf, verifiedWords,
} from './results.js';
import { outcomeOf } from './games.js';
import { HISTORY_LIMIT, showHistory } from './history.js';
import { selfTest } from './selftest.js';
import { decodeReceipt, encodeReceipt, linkFor } from './share.js';
import { load, receiptText } from './wasm.js';

const $ = (id) => document.getElementById(id);
const page = {
  verdict: $('verdict'), result: $('result'), form: $('receipt-form'), fields: $('fields'),
  scheme: $('scheme'), schemeHelp: $('scheme-help'), game: $('game'), gameRow: $('game-row'), gameHelp: $('game-help'),
  paste: $('receipt-text'), pasteError: $('f-receipt-error'), load: $('load-receipt'),
  share: $('share'), shareLink: $('share-link'), copy: $('copy-link'), copied: $('copied'),
  changed: $('changed'), selftest: $('selftest'), input: $('input'),
};
let schemes = [];
/** The wasm package, once loaded. */
let fairdeal = null;

const current = () => schemes.find((s) => s.id === page.scheme.value);
const currentGame = (scheme) => scheme.games.find((g) => g.name === page.game.value) || null;

function chooseScheme(id, gameName = '') {
  const scheme = schemes.find((s) => s.id === id);
  if (!scheme) {
    throw new FieldError('scheme', 'unknown', `scheme: ${fairdeal.shown(id)} is not a scheme of this build, expected one of ${schemes.map((s) => s.id).join(', ')}`);
  }
  page.scheme.value = id;
  page.game.replaceChildren(el('option', { value: '' }, 'the deal'),
    ...scheme.games.map((g) => el('option', { value: g.name }, `${g.name} (${g.verb === 'play' ? 'replay a round' : 'a roll game'})`)));
  page.gameRow.hidden = scheme.games.length === 0;
  if (gameName && !scheme.games.some((g) => g.name === gameName)) {
    throw new FieldError('game', 'unknown', `game: ${fairdeal.shown(gameName)} is not a game of ${id}, expected one of ${scheme.games.map((g) => g.name).join(', ') || 'none'}`);
  }
  page.game.value = gameName;
  const game = currentGame(scheme);
  page.gameHelp.textContent = game ? game.summary : 'the deal itself: the shuffled shoe or deck and its cards';
  page.schemeHelp.textContent = `${helpText({ help: scheme.summary })}. Method ${scheme.id}: ${scheme.method}.`;
  buildForm(page.fields, scheme, game);
}

function clearAll() {
  clearErrors(document);
  page.pasteError.textContent = '';
  page.result.replaceChildren();
  page.changed.hidden = true;
}

/**
 * Clears what the outcome shows once an input changes (a field, a select,
 * the paste box): the verdict, the deal and the link are of the inputs
 * they checked, so none stays beside inputs it did not check. The address
 * drops the receipt too; a note says to verify again.
 */
function invalidate() {
  const shown = !page.verdict.hidden || !page.share.hidden || page.result.hasChildNodes();
  if (!shown) return;
  page.verdict.hidden = true;
  page.verdict.className = 'verdict';
  delete page.verdict.dataset.verdict;
  page.verdict.replaceChildren();
  page.result.replaceChildren();
  page.share.hidden = true;
  page.shareLink.href = '#';
  page.copied.textContent = '';
  if (window.location.hash) history.replaceState(null, '', window.location.pathname + window.location.search);
  page.changed.hidden = false;
}

/**
 * Shows a refused input: in words at the top, the message next to its
 * field, and under the refusal its hints (an Error's `hints`), as text.
 */
function showError(error, scheme) {
  const field = error && error.field;
  const message = (error && error.message) || String(error);
  const control = field ? showFieldError(document, field, message, scheme?.commitment.aliases || []) : null;
  const where = control
    ? el('p', {}, 'Fix the field marked below: ', el('a', { href: `#${control.id}` }, message))
    : el('p', {}, message);
  showVerdict(page.verdict, 'refused', 'NOT CHECKED: an input was refused', where, hintList(error && error.hints));
  if (control) control.focus();
}

function youOf(scheme, receipt) {
  if (!scheme.player || scheme.player.positions) return null;
  return receipt.seat ?? scheme.player.seat ?? null;
}

function showDeal(scheme, receipt, result) {
  if (result.verdict !== 'verified') {
    showVerdict(page.verdict, 'bad', 'NOT VERIFIED', ...failureWords(scheme, result));
    return;
  }
  showVerdict(page.verdict, 'ok', 'VERIFIED', ...verifiedWords(scheme, result), ...checksWords(scheme, result));
  page.result.append(
    el('h2', {}, 'The deal'),
    tableOf(scheme, result.view, youOf(scheme, receipt)),
    stagesOf(scheme, result.trace));
}

function showGame(scheme, game, result) {
  let output = result;
  if (result.verdict === 'not-verified') {
    showVerdict(page.verdict, 'bad', 'NOT VERIFIED', ...failureWords(scheme, result));
    return;
  }
  if (result.verdict === 'verified') {
    output = result.output;
    showVerdict(page.verdict, 'ok', 'VERIFIED', ...verifiedWords(scheme, result, 'The outcome below and its numbers'));
  } else {
    showVerdict(page.verdict, 'unchecked', 'NOT CHECKED: no fingerprint given',
      el('p', {}, `The outcome below is what these inputs give; give the fingerprint shown before play (${scheme.commitment.hashes}) to check the revealed seed.`));
  }
  page.result.append(el('h2', {}, `The ${game.name} outcome`), outcomeOf(game.name, output),
    stagesOf(scheme, output, 'The numbers behind it'));
}

/**
 * Plays or rolls `game` on a receipt's `text`: its values read as a person
 * writes them first (`h s` is `HS`), as a verdict reads them, since `play`
 * without a fingerprint takes the method's own form alone.
 */
function playGame(game, text) {
  return fairdeal[game.verb](game.name, fairdeal.readWritten(game.name, text));
}

/** Verifies what the form holds, shows it, and puts it in the shareable link. */
function run({ focus = true } = {}) {
  clearAll();
  clearAsks(page.fields);
  const scheme = current();
  const game = currentGame(scheme);
  let receipt;
  try {
    receipt = readForm(page.fields, scheme, game);
  } catch (e) {
    showError(e, scheme);
    return;
  }
  const text = receiptText({ scheme: scheme.id, ...(game ? { game: game.name } : {}), ...receipt });
  share(text);
  try {
    if (game) showGame(scheme, game, playGame(game, text));
    else showDeal(scheme, receipt, fairdeal.verify(scheme.id, text));
  } catch (e) {
    showError(e, scheme);
    return;
  }
  if (focus) page.verdict.focus();
}

/** Puts the receipt's JSON `text` in the shareable link and the address. */
function share(text) {
  const link = linkFor(text);
  page.share.hidden = false;
  page.shareLink.href = link;
  page.copied.textContent = '';
  history.replaceState(null, '', encodeReceipt(text));
}

/** Shows why a pasted, dropped or linked receipt was refused before it was checked, with the refusal's hints. */
function refuseReceipt(error, heading = 'NOT CHECKED: the receipt was refused') {
  const message = (error && error.message) || String(error);
  clearAll();
  page.pasteError.textContent = message;
  page.paste.setAttribute('aria-invalid', 'true');
  showVerdict(page.verdict, 'refused', heading, el('p', {}, message), hintList(error && error.hints));
}

/**
 * Asks for what a receipt lacks (readReceipt's `missing`: the fingerprint
 * the app showed before play), by that name, next to its field and at the
 * top, saying where the player saw it; the field is focused.
 */
function askMissing(scheme, missing, focus) {
  const asked = missing.map((m) => askFor(page.fields, m, scheme.commitment.aliases || [])).filter(Boolean);
  const first = missing[0];
  const control = asked[0] || null;
  const words = `Give ${first.ask}: you saw it ${first.where}.`;
  showVerdict(page.verdict, 'unchecked', `NOT CHECKED yet: give ${first.ask}`,
    control ? el('p', {}, el('a', { href: `#${control.id}` }, words), ' Then verify.') : el('p', {}, words),
    ...missing.slice(1).map((m) => el('p', {}, `Give ${m.ask}: you saw it ${m.where}.`)));
  if (control && focus) control.focus();
}

/**
 * Puts a receipt (its `text`, in any form the site gives it) in the form
 * and verifies it; a receipt that lacks its fingerprint is asked for it.
 * The text is read by the package's readReceipt as the CLI reads a file:
 * a JSON receipt is then verified as its text is, another form as the
 * receipt readReceipt made of it.
 */
function loadText(text, { focus = true, heading } = {}) {
  let read;
  try {
    read = fairdeal.readReceipt(text);
  } catch (e) {
    refuseReceipt(e, heading);
    return;
  }
  clearAll();
  try {
    chooseScheme(read.scheme, read.game ?? '');
    const scheme = current();
    fillForm(page.fields, scheme, currentGame(scheme), read.receipt);
  } catch (e) {
    refuseReceipt(e, heading);
    return;
  }
  const scheme = current();
  const game = currentGame(scheme);
  if (read.missing.length) {
    // A deal is checked only against its fingerprint: asked for, nothing
    // is shown until it is given. A game's outcome is shown unchecked
    // meanwhile (as with its fingerprint left empty), the ask beside it.
    if (!game) {
      askMissing(scheme, read.missing, focus);
      return;
    }
    for (const m of read.missing) askFor(page.fields, m, scheme.commitment.aliases || []);
  }
  // The receipt's text goes to the verifier first, so that a value the
  // form would read differently (a "1" for an integer, 1.0, a seat the
  // scheme has not) is refused with the CLI's words, next to its field.
  const json = read.form === 'json' ? text : receiptText(read.receipt);
  try {
    if (game) playGame(game, json);
    else fairdeal.verify(scheme.id, json);
  } catch (e) {
    share(json);
    showError(e, scheme);
    return;
  }
  run({ focus });
}

/**
 * Reads a dropped or chosen history (receipts, one a line, or CSV) and
 * shows its report; one over the page's limit is refused before it is
 * read. The report replaces whatever showed: it is of this file alone.
 */
async function loadHistory(file) {
  const error = $('history-error');
  error.textContent = '';
  clearAll();
  page.share.hidden = true;
  if (file.size > HISTORY_LIMIT) {
    error.textContent = `history: ${file.name} holds ${file.size} bytes, more than this page reads (${HISTORY_LIMIT} bytes): check it with the fairdeal history command`;
    showVerdict(page.verdict, 'refused', 'NOT CHECKED: the history is too long for this page', el('p', {}, error.textContent));
    return;
  }
  const text = await file.text();
  let report;
  try {
    report = fairdeal.history(text);
  } catch (e) {
    error.textContent = e.message;
    showVerdict(page.verdict, 'refused', 'NOT CHECKED: the history could not be read', el('p', {}, e.message), hintList(e.hints));
    return;
  }
  showHistory(page.verdict, page.result, report, file.name);
}

/** Reads a dropped or chosen file, refusing one over the limit before reading it. */
async function loadFile(file) {
  try {
    fairdeal.checkSize(file.size);
  } catch (e) {
    page.paste.value = '';
    refuseReceipt({ message: `${e.message} (${file.name} holds ${file.size} bytes)`, hints: e.hints });
    return;
  }
  const text = await file.text();
  page.paste.value = text;
  loadText(text);
}

function fromLink() {
  const link = decodeReceipt(window.location.hash);
  if (!link) return;
  const heading = 'NOT CHECKED: the link was refused';
  let text;
  try {
    fairdeal.checkSize(link.bytes);
    text = link.text();
  } catch (e) {
    page.changed.hidden = true;
    showVerdict(page.verdict, 'refused', heading, el('p', {}, e.message));
    return;
  }
  page.paste.value = text;
  loadText(text, { focus: false, heading });
}

function wire() {
  // Another scheme or game: another form, and what showed is cleared
  // (invalidate, below).
  for (const select of [page.scheme, page.game]) {
    select.addEventListener('change', () => {
      chooseScheme(page.scheme.value, select === page.game ? page.game.value : '');
      clearErrors(document);
      page.pasteError.textContent = '';
    });
  }
  // The seat picker offers the seats of the deal the inputs make.
  page.fields.addEventListener('change', (event) => {
    if (event.target.name !== 'seat') offerSeats(page.fields, current());
  });
  // Any edit, of any field, select or the paste box, clears the verdict.
  for (const source of [page.form, page.paste]) {
    source.addEventListener('input', invalidate);
    source.addEventListener('change', invalidate);
  }
  page.form.addEventListener('submit', (event) => {
    event.preventDefault();
    run();
  });
  page.load.addEventListener('click', () => loadText(page.paste.value));
  const drop = $('drop');
  for (const target of [drop, page.paste]) {
    target.addEventListener('dragover', (event) => {
      event.preventDefault();
      drop.classList.add('dragging');
    });
    target.addEventListener('dragleave', () => drop.classList.remove('dragging'));
    target.addEventListener('drop', async (event) => {
      event.preventDefault();
      drop.classList.remove('dragging');
      const file = event.dataTransfer.files[0];
      if (file) {
        await loadFile(file);
        return;
      }
      const text = event.dataTransfer.getData('text/plain');
      page.paste.value = text;
      loadText(text);
    });
  }
  const history = $('history');
  history.addEventListener('dragover', (event) => {
    event.preventDefault();
    history.classList.add('dragging');
  });
  history.addEventListener('dragleave', () => history.classList.remove('dragging'));
  history.addEventListener('drop', async (event) => {
    event.preventDefault();
    history.classList.remove('dragging');
    const file = event.dataTransfer.files[0];
    if (file) await loadHistory(file);
  });
  $('history-file').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (file) await loadHistory(file);
  });
  $('receipt-file').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (file) await loadFile(file);
  });
  page.copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(page.shareLink.href);
      page.copied.textContent = 'Copied.';
    } catch {
      page.copied.textContent = 'Select the link and copy it.';
    }
  });
  window.addEventListener('hashchange', () => {
    if (window.location.hash !== encodeReceipt(safeText())) fromLink();
  });
}

/** The text of the receipt the form holds, or "{}" when it cannot be read (for comparing links). */
function safeText() {
  try {
    const scheme = current();
    const game = currentGame(scheme);
    return receiptText({ scheme: scheme.id, ...(game ? { game: game.name } : {}), ...readForm(page.fields, scheme, game) });
  } catch {
    return '{}';
  }
}

/**
 * Shows the self-test's result: its line when every case passed (and
 * returns true); else a refusal in the verdict's place, the form taken
 * away, and false.
 */
function showSelfTest(check) {
  if (check.total > 0 && check.passed === check.total) {
    page.selftest.className = 'selftest ok';
    page.selftest.textContent = `self-test: ${check.passed}/${check.total} published vectors pass`;
    return true;
  }
  page.selftest.className = 'selftest failed';
  page.selftest.textContent = check.error
    ? 'self-test: not run'
    : `self-test FAILED: ${check.passed}/${check.total} published vectors pass`;
  const details = check.error
    ? [el('p', {}, `${check.error}.`)]
    : [el('ul', {}, ...check.failures.map((f) => el('li', {}, `${f.file}, case ${f.id}: ${f.why}`)))];
  showVerdict(page.verdict, 'refused', 'NOT CHECKED: this verifier failed its self-test', ...details,
    el('p', {}, 'It does not reproduce the published test vectors, so it verifies nothing. '
      + 'Build it again (bash web/build.sh), or verify with the fairdeal command.'));
  page.input.hidden = true;
  return false;
}

async function main() {
  try {
    fairdeal = await load();
    schemes = fairdeal.schemes();
  } catch (e) {
    $('loading').remove();
    showVerdict(page.verdict, 'refused', 'The verifier did not load',
      el('p', {}, `${e.message}. Build it with: bash web/build.sh, and serve web/ over http (not file://).`));
    document.body.dataset.ready = 'failed';
    return;
  }
  let check;
  try {
    check = await selfTest(fairdeal, schemes);
  } catch (e) {
    check = { passed: 0, total: 0, failures: [], error: e.message };
  }
  $('loading').remove();
  if (!showSelfTest(check)) {
    document.body.dataset.ready = 'failed';
    return;
  }
  page.scheme.replaceChildren(...schemes.map((s) => el('option', { value: s.id }, s.site)));
  chooseScheme(schemes[0].id);
  wire();
  fromLink();
  document.body.dataset.ready = 'yes';
}

main();
