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
    el('td', {}, Number.isInteger(t.observed) ? count(t.observed) : Number(t.observed).toFixed(2)),
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
 * The picture of one test: a row per class (the event; each count of
 * trumps; each card), the count seen against the count a fair deal gives,
 * as observed / expected - 1 in percent, with the range of 95% of fair
 * histories as a bar around 0; a dot off its bar is marked.
 */
function plot(t) {
  const rows = (t.classes || []).filter((c) => Number(c.expected) > 0);
  if (!rows.length) return null;
  const rel = (v, c) => (Number(v) / Number(c.expected) - 1) * 100;
  const spread = Math.max(5, ...rows.flatMap((c) => [rel(c.observed, c), rel(c.low, c), rel(c.high, c)].map(Math.abs)));
  const row = 18;
  const left = 180;
  const width = 560;
  const plotWidth = width - left - 20;
  const height = rows.length * row + 36;
  const x = (pct) => left + ((Math.max(-spread, Math.min(spread, pct)) + spread) / (2 * spread)) * plotWidth;
  const picture = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', class: 'history-plot' });
  picture.append(svg('title', {}, `${t.scheme} ${t.name}: observed / expected - 1 (%), the bar the range of 95% of fair histories`));
  for (const tick of [-spread, -spread / 2, 0, spread / 2, spread]) {
    picture.append(svg('line', { x1: x(tick), x2: x(tick), y1: 6, y2: height - 24, class: tick === 0 ? 'grid zero' : 'grid' }),
      svg('text', { x: x(tick), y: height - 8, 'text-anchor': 'middle', class: 'axis' }, `${tick > 0 ? '+' : ''}${tick.toFixed(0)}%`));
  }
  rows.forEach((c, i) => {
    const y = 16 + i * row;
    const seen = rel(c.observed, c);
    const off = Number(c.observed) < Number(c.low) || Number(c.observed) > Number(c.high);
    picture.append(
      svg('text', { x: left - 8, y: y + 4, 'text-anchor': 'end', class: 'label' }, String(c.label)),
      svg('rect', { x: x(rel(c.low, c)), y: y - 5, width: Math.max(1, x(rel(c.high, c)) - x(rel(c.low, c))), height: 10, class: 'band' }),
      svg('circle', { cx: x(seen), cy: y, r: 4, class: off ? 'observed flagged' : 'observed' }));
  });
  return el('figure', { class: 'history-figure', 'data-test': `${t.scheme}/${t.name}` }, picture,
    el('figcaption', {}, `${t.scheme}, ${t.name} (${t.deck || ''}): each count seen against a fair deal's, the bar where 95% of fair histories land.`));
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
    ...tests.map(plot).filter(Boolean));
}
