// A player's whole history checked on the page: a dropped or chosen file of
// receipts (JSONL, one receipt a line, or CSV with a header row) read by the
// package's history(text), as `fairdeal history FILE --json` reads it, and
// its report shown: the verdict in words, the counts, each finding with its
// lines, each test of the player's cards against the exact odds, and a
// picture of the tests drawn here from their numbers (SVG elements made one
// by one, text set as text: nothing of a report is ever markup).

import { el } from './dom.js';
import { showVerdict } from './results.js';

const SVG = 'http://www.w3.org/2000/svg';

/** The verdict box's state and words for each verdict of a history. */
const VERDICTS = {
  consistent: ['ok', 'CONSISTENT WITH A FAIR DEAL'],
  suspicious: ['bad', 'SUSPICIOUS'],
  failed: ['bad', 'FAILED: not every receipt verified'],
};

/** What a history can and cannot show (docs/history.md, "Limits"). */
const LIMITS = [
  'A history shows what no single receipt can: a seed used twice, a nonce skipped or repeated, a broken chain of '
    + 'announced seeds, and hands that depart from the exact odds by more than chance allows over this many hands.',
  'It cannot prove that the seeds were picked at random or that no deal was ever dropped: "consistent" means that '
    + 'no check found a problem at the sizes stated for each test, not that the deal is fair.',
];

/** The most bytes of a history this page reads; the CLI reads any length. */
export const HISTORY_LIMIT = 64 << 20;

/** The p-value below which a corrected test is flagged (docs/history.md). */
const FLAGGED = 0.001;

/** Returns `n` with thousands separated, as the CLI's report writes counts. */
const count = (n) => Number(n).toLocaleString('en-US');

/** Returns a p-value as a person reads it. */
function pValue(p) {
  if (typeof p !== 'number' || Number.isNaN(p)) return String(p);
  if (p === 0) return '0';
  return p < 0.0001 ? p.toExponential(1) : p.toFixed(4);
}

/** Returns `expected` ("136/253") as a number, or null when it is not one fraction. */
function fraction(expected) {
  const m = /^(\d+)\/(\d+)$/.exec(String(expected));
  if (!m) return /^\d+(\.\d+)?$/.test(String(expected)) ? Number(expected) : null;
  return Number(m[1]) / Number(m[2]);
}

/** The counts, in one paragraph. */
function counts(report) {
  return el('p', { class: 'counts' },
    `${count(report.receipts)} receipts: ${count(report.verified)} verified, `
    + `${count(report.not_verified)} not verified, ${count(report.invalid)} invalid.`);
}

/** The findings across receipts, each with its kind and lines. */
function findings(report) {
  if (!report.findings.length) return [el('p', {}, 'No finding across receipts: no seed reused, no deal repeated, no nonce repeated or skipped, no broken chain.')];
  return [
    el('h3', {}, `Findings across receipts (${report.findings.length})`),
    el('ul', { class: 'findings' }, ...report.findings.map((f) => el('li', { 'data-kind': f.kind },
      el('strong', {}, f.kind), `, line${f.lines.length === 1 ? '' : 's'} ${f.lines.join(', ')}: ${f.message}`))),
  ];
}

/** The tests of the player's cards as a table. */
function testTable(tests) {
  const head = el('tr', {}, ...['scheme', 'test', 'hands', 'observed', 'expected', 'p', 'p corrected']
    .map((h) => el('th', { scope: 'col' }, h)));
  const rows = tests.map((t) => el('tr', { class: t.p_corrected < FLAGGED ? 'flagged' : '', 'data-test': `${t.scheme}/${t.name}` },
    el('td', {}, t.scheme),
    el('td', {}, el('span', { class: 'test-name' }, t.name), el('span', { class: 'help' }, ` ${t.what || ''}`)),
    el('td', {}, count(t.hands)),
    el('td', {}, String(t.observed)),
    el('td', {}, String(t.expected)),
    el('td', {}, pValue(t.p_value)),
    el('td', {}, pValue(t.p_corrected))));
  return el('table', { class: 'tests' }, el('thead', {}, head), el('tbody', {}, ...rows));
}

/** Returns an SVG element `tag` with `attrs` (numbers and words of ours only). */
function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== null) node.textContent = text;
  return node;
}

/**
 * The picture of the tests that count hands (observed / hands against an
 * exact probability): for each, the expected rate with the band chance
 * allows at the flagged level over that many hands, and the observed rate.
 * Tests of another shape are in the table alone.
 */
function plot(tests) {
  const rated = tests
    .map((t) => ({ t, p: fraction(t.expected), n: Number(t.hands), k: Number(t.observed) }))
    .filter(({ p, n, k }) => p !== null && p > 0 && p < 1 && n > 0 && Number.isFinite(k) && k >= 0 && k <= n);
  if (!rated.length) return null;
  const row = 28;
  const left = 230;
  const width = 640;
  const plotWidth = width - left - 20;
  const height = rated.length * row + 40;
  const x = (rate) => left + Math.max(0, Math.min(1, rate)) * plotWidth;
  // z for a two-sided 0.001: the band a fair deal stays in all but once in a thousand.
  const z = 3.29;
  const picture = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'history-plot' });
  picture.append(svg('title', {}, 'Each test: the observed rate (dot) against the exact expected rate (line) and the band chance allows (bar)'));
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    picture.append(svg('line', { x1: x(tick), x2: x(tick), y1: 10, y2: height - 24, class: 'grid' }),
      svg('text', { x: x(tick), y: height - 8, 'text-anchor': 'middle', class: 'axis' }, `${tick * 100}%`));
  }
  rated.forEach(({ t, p, n, k }, i) => {
    const y = 20 + i * row;
    const half = z * Math.sqrt((p * (1 - p)) / n);
    const flagged = t.p_corrected < FLAGGED;
    picture.append(
      svg('text', { x: left - 8, y: y + 4, 'text-anchor': 'end', class: 'label' }, `${t.scheme} ${t.name}`),
      svg('rect', { x: x(p - half), y: y - 6, width: Math.max(1, x(p + half) - x(p - half)), height: 12, class: 'band' }),
      svg('line', { x1: x(p), x2: x(p), y1: y - 9, y2: y + 9, class: 'expected' }),
      svg('circle', { cx: x(k / n), cy: y, r: 5, class: flagged ? 'observed flagged' : 'observed' }));
  });
  return el('figure', { class: 'history-figure' }, picture,
    el('figcaption', {}, 'Observed rate (dot) against the exact rate (line); the bar is where a fair deal lands 999 times in 1,000 over that many hands.'));
}

/**
 * Shows the report of a history (`report`, the package's history(text)) in
 * the verdict box and `result`; `name` is the file's name, as text.
 */
export function showHistory(verdictBox, result, report, name) {
  const [state, heading] = VERDICTS[report.verdict] || ['refused', `NOT CHECKED: ${report.verdict}`];
  showVerdict(verdictBox, state, heading, counts(report),
    el('p', {}, `The history ${name}: every receipt verified as a single receipt is, then checked across receipts and against the exact odds.`),
    ...LIMITS.map((s) => el('p', { class: 'limits' }, s)));
  const tests = report.tests || [];
  result.replaceChildren(
    el('h2', {}, 'The history'),
    ...findings(report),
    el('h3', {}, `Your cards against the exact odds (${tests.length} tests, corrected for their number)`),
    tests.length ? testTable(tests) : el('p', {}, 'No hand of a uniformly shuffled deal to test.'),
    ...[plot(tests)].filter(Boolean));
}
