// The verifier page in a real headless Chromium (Debian's `chromium`, driven
// by puppeteer-core): web/ served from 127.0.0.1 on a free port, each sample
// receipt of docs/receipts/ pasted and VERIFIED with the right cards on the
// page, a wrong fingerprint NOT VERIFIED, a refused field's message next to
// it, the shareable link opened in a new page, the games, a phone-width
// page without horizontal scroll, and no request to anything but the local
// server. Then issue 22's: a verdict that any edit clears and that prints
// what it matched, the self-test on load (a page that refuses when a case
// fails), the choices as selects, the help, the roulette colours, dark
// mode, a page opened as a file, a hand on one line at 375 px; each
// example of each scheme page's "The receipt as the site gives it" pasted
// as it is and VERIFIED (its fingerprint typed where the page asks for
// it), the cards of a hand mismatch that differ marked, a refusal's hints.
// A screenshot per scheme goes to target/web-screens/<scheme>.png, and one
// of each of those (light and dark, desktop and phone).
//
// Run by web/test.sh (after web/build.sh); alone: `node --test web/test/`.
// CHROMIUM overrides the browser's path (default /usr/bin/chromium).

'use strict';

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const puppeteer = require('puppeteer-core');

const ROOT = path.resolve(__dirname, '..', '..');
const WEB = path.join(ROOT, 'web');
const SCREENS = path.join(ROOT, 'target', 'web-screens');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const TIMEOUT = 30_000;

// The cards each sample receipt deals, from `fairdeal verify SCHEME --input
// docs/receipts/SCHEME.json --json` (the CLI, not the wasm package the page
// runs): seat 0 first, then the up-card and the kitty; for a series the
// first hand; for the blackjack shoe its first 20 cards.
const EXPECTED = {
  euchremaster: {
    hands: ['Tc 9s 9d Jd Ad', 'Kc Qd 9h Th Ts', 'Kh Kd Jc Ah Ks', 'Ac Js Qh As Qs'],
    'up-card': 'Qc',
    kitty: '9c Td Jh',
    dealer: 1,
  },
  'sfc32-lock': {
    hands: ['9d Ad Js Qs Qh', 'As Ac Jh 9c Ts', 'Jd Kc Jc Qd 9h', 'Qc 9s Ah Th Tc'],
    'up-card': 'Ks',
    kitty: 'Td Kd Kh',
  },
  'atout-v1': {
    hands: ['8c Ks Kc Ts 9d 7h Ad Qd', 'Kh 7c Qc 7s 7d Qh Ac 8d', 'Kd Js Jd Qs 9h As Jc 8h', '9s Td Th 9c 8s Tc Jh Ah'],
    'up-card': 'Qh',
    dealer: 3,
    taker: 1,
  },
  'hmac-blackjack': {
    deck: '3d 9s 5s Ks 3c As 2s Kc 9c 7d 5s Qc Qs 3s 4d Td Ac 3d 6h Td',
  },
  showdown: {
    hands: ['Th Tc Qh Qc 9h', 'Qd Td Ks 9c 9s', 'Jh Ad Jd Kc Kd', 'Jc As Ts 9d Qs'],
    'up-card': 'Ah',
    kitty: 'Js Kh Ac',
    dealer: 0,
    deals: 6,
  },
};

const receipt = (scheme) => JSON.parse(fs.readFileSync(path.join(ROOT, 'docs', 'receipts', `${scheme}.json`), 'utf8'));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** A static server of web/ on 127.0.0.1 and a free port; it logs each path asked for. */
function serve() {
  const requests = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    requests.push(req.url);
    const file = path.join(WEB, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname));
    if (!file.startsWith(WEB + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
      'cache-control': 'no-store',
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ server, requests, base: `http://127.0.0.1:${server.address().port}/` }));
  });
}

let site;
let browser;
const outside = [];
const pageErrors = [];

before(async () => {
  assert.ok(fs.existsSync(path.join(WEB, 'pkg', 'fairdeal_wasm.js')), 'web/pkg is missing: run bash web/build.sh first');
  assert.ok(fs.existsSync(CHROMIUM), `${CHROMIUM} is missing: apt-get install -y chromium (web/test.sh does)`);
  fs.mkdirSync(SCREENS, { recursive: true });
  site = await serve();
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    protocolTimeout: TIMEOUT,
    args: [...(root ? ['--no-sandbox'] : []), '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run',
      '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-default-apps', '--disable-sync',
      '--font-render-hinting=none'],
  });
});

after(async () => {
  // Closed even when a test failed; killed when closing hangs.
  if (browser) {
    const proc = browser.process();
    await Promise.race([browser.close(), new Promise((r) => { setTimeout(r, 5000).unref(); })]).catch(() => {});
    if (proc && proc.exitCode === null) proc.kill('SIGKILL');
  }
  if (site) site.server.close();
});

process.on('exit', () => {
  const proc = browser && browser.process();
  if (proc && proc.exitCode === null) proc.kill('SIGKILL');
});

/** Opens the page (with `hash`), waits for the wasm package, and records requests off 127.0.0.1. */
async function open(hash = '', viewport = { width: 1200, height: 900 }) {
  const page = await browser.newPage();
  page.setDefaultTimeout(TIMEOUT);
  await page.setViewport(viewport);
  page.on('request', (r) => {
    if (!r.url().startsWith(site.base) && !r.url().startsWith('data:')) outside.push(r.url());
  });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') pageErrors.push(m.text()); });
  await page.goto(site.base + hash, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready]');
  assert.equal(await page.$eval('body', (b) => b.dataset.ready), 'yes', 'the wasm package did not load');
  return page;
}

/** Pastes `object` as JSON into the receipt box, presses "Verify this receipt", and returns the verdict. */
async function paste(page, object) {
  await page.$eval('#receipt-text', (t, text) => { t.value = text; }, JSON.stringify(object, null, 2));
  await page.click('#load-receipt');
  return verdict(page);
}

async function verdict(page) {
  await page.waitForSelector('#verdict[data-verdict]:not([hidden])');
  return page.$eval('#verdict', (v) => ({ state: v.dataset.verdict, text: v.innerText }));
}

/** The cards on the page: each seat's codes in the first deal (sorted), and each named part's codes. */
function table(page) {
  return page.evaluate(() => {
    const deal = document.querySelector('.deal');
    const codes = (node) => [...node.querySelectorAll('.card')].map((c) => c.dataset.code);
    const hands = [...deal.querySelectorAll('table.seats:not([data-part]) tbody tr')].map((tr) => codes(tr));
    const parts = {};
    for (const node of deal.querySelectorAll('[data-part]')) parts[node.dataset.part] = codes(node);
    const marks = {};
    for (const tr of deal.querySelectorAll('table.seats:not([data-part]) tbody tr')) {
      for (const m of tr.querySelectorAll('.mark')) marks[m.textContent] = Number(tr.dataset.seat);
    }
    return { hands, parts, marks, deals: document.querySelectorAll('.deal').length, seatText: [...deal.querySelectorAll('table.seats th[scope=row]')].map((th) => th.textContent) };
  });
}

const sorted = (codes) => [...codes].sort();

async function shot(page, name) {
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true });
}

for (const scheme of Object.keys(EXPECTED)) {
  test(`${scheme}: the sample receipt, pasted, is VERIFIED with the right cards`, { timeout: TIMEOUT }, async () => {
    const page = await open();
    try {
      const v = await paste(page, { scheme, ...receipt(scheme) });
      assert.equal(v.state, 'ok', v.text);
      assert.match(v.text, /^VERIFIED\b/);
      assert.match(v.text, /The fingerprint matches SHA-256\(/);
      const want = EXPECTED[scheme];
      const got = await table(page);
      if (want.hands) {
        assert.equal(got.hands.length, want.hands.length);
        want.hands.forEach((hand, seat) => assert.deepEqual(sorted(got.hands[seat]), sorted(hand.split(' ')), `seat ${seat}`));
        assert.equal(got.parts['up-card'].join(' '), want['up-card']);
      }
      if (want.kitty) assert.equal(got.parts.kitty.join(' '), want.kitty);
      if (want.deck) assert.equal(got.parts.deck.join(' '), want.deck);
      if (want.dealer !== undefined) assert.equal(got.marks.dealer, want.dealer, 'the dealer is marked');
      if (want.taker !== undefined) assert.equal(got.marks.taker, want.taker, 'the taker is marked');
      if (want.deals) assert.equal(got.deals, want.deals);
      // The suits are drawn, red ones in red.
      const red = await page.$$eval('.deal .card.red', (cards) => cards.map((c) => [c.dataset.code, getComputedStyle(c).color]));
      assert.ok(red.length > 0 && red.every(([code, colour]) => /[hd]$/.test(code) && colour === 'rgb(192, 0, 26)'), JSON.stringify(red.slice(0, 3)));
      assert.match(await page.$eval('.deal .card', (c) => c.innerText), /^(10|[2-9AKQJ])[♠♥♣♦]$/);
      // The stages are there, folded.
      assert.equal(await page.$eval('details.stages-box', (d) => d.open), false);
      assert.match(await page.$eval('details.stages-box', (d) => d.textContent), /fingerprint/);
      await shot(page, scheme);
    } finally {
      await page.close();
    }
  });
}

test('a receipt without "scheme" is recognised by its fields', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    const v = await paste(page, receipt('sfc32-lock'));
    assert.equal(v.state, 'ok', v.text);
    assert.equal(await page.$eval('#scheme', (s) => s.value), 'sfc32-lock');
    assert.equal(await page.$eval('#f-fingerprint', (i) => i.value), receipt('sfc32-lock').lock);
  } finally {
    await page.close();
  }
});

test('a receipt file dropped on the page verifies', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'receipt.json', { type: 'application/json' }));
      document.getElementById('drop').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, JSON.stringify({ scheme: 'hmac-blackjack', ...receipt('hmac-blackjack') }));
    const v = await verdict(page);
    assert.equal(v.state, 'ok', v.text);
    assert.equal(await page.$eval('#scheme', (s) => s.value), 'hmac-blackjack');
  } finally {
    await page.close();
  }
});

test('a wrong fingerprint is NOT VERIFIED and shows no deal', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    const wrong = { scheme: 'euchremaster', ...receipt('euchremaster'), fingerprint: '0'.repeat(64) };
    const v = await paste(page, wrong);
    assert.equal(v.state, 'bad', v.text);
    assert.match(v.text, /^NOT VERIFIED\b/);
    assert.match(v.text, /does not match SHA-256\(seed\)/);
    assert.match(v.text, /616b955738da56cb7591a9f11321fc7b0a80183d3c2768307cce1dd96bd3ea53/);
    assert.equal(await page.$('.deal'), null, 'no deal is shown for a mismatch');
    const colour = await page.$eval('#verdict h2', (h) => getComputedStyle(h).color);
    assert.equal(colour, 'rgb(163, 17, 31)');
    await shot(page, 'not-verified');
  } finally {
    await page.close();
  }
});

test('a hand that differs is NOT VERIFIED with the hint that explains it', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    const v = await paste(page, { scheme: 'euchremaster', ...receipt('euchremaster'), dealer: 2, hand: 'Tc 9s 9d Jd Ad' });
    assert.equal(v.state, 'bad', v.text);
    assert.match(v.text, /Hint: with dealer 1 instead of 2/);
  } finally {
    await page.close();
  }
});

test('a refused field shows its message next to that field, typed from the keyboard', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    await page.select('#scheme', 'euchremaster');
    const good = receipt('euchremaster');
    await page.type('#f-seed', good.seed.slice(1));
    await page.type('#f-cut', good.cut);
    await page.select('#f-dealer', String(good.dealer));
    await page.type('#f-fingerprint', good.fingerprint);
    await page.keyboard.press('Enter');
    const v = await verdict(page);
    assert.equal(v.state, 'refused', v.text);
    const field = await page.$eval('#f-seed-error', (e) => ({
      text: e.textContent,
      same: e.closest('.field') === document.getElementById('f-seed').closest('.field'),
      invalid: document.getElementById('f-seed').getAttribute('aria-invalid'),
      described: document.getElementById('f-seed').getAttribute('aria-describedby').split(' ').includes(e.id),
      focused: document.activeElement.id,
    }));
    assert.equal(field.text, 'seed: 63 characters, expected 64 hexadecimal digits');
    assert.ok(field.same, 'the message is in the field\'s block');
    assert.equal(field.invalid, 'true');
    assert.ok(field.described, 'the input is described by its message');
    assert.equal(field.focused, 'f-seed');
    await shot(page, 'field-error');
    // Fixed, it verifies; the message goes.
    await page.$eval('#f-seed', (i, s) => { i.value = s; }, good.seed);
    await page.click('#verify');
    assert.equal((await verdict(page)).state, 'ok');
    assert.equal(await page.$eval('#f-seed-error', (e) => e.textContent), '');
  } finally {
    await page.close();
  }
});

test('a refused seat\'s text names its seat input', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    const v = await paste(page, { scheme: 'atout-v1', ...receipt('atout-v1'), numbers: ['12', '', 'a|b', ''] });
    assert.equal(v.state, 'refused', v.text);
    assert.match(await page.$eval('#f-numbers-error', (e) => e.textContent), /^numbers\[2\]: /);
    assert.equal(await page.$eval('#f-numbers-2', (i) => i.getAttribute('aria-invalid')), 'true');
  } finally {
    await page.close();
  }
});

test('a pasted value the form would read otherwise is refused as the CLI refuses it', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    const v = await paste(page, { scheme: 'euchremaster', ...receipt('euchremaster'), dealer: '1' });
    assert.equal(v.state, 'refused', v.text);
    assert.match(await page.$eval('#f-dealer-error', (e) => e.textContent), /^dealer: /);
    assert.equal(await page.$('.deal'), null);
  } finally {
    await page.close();
  }
});

test('the shareable link carries the receipt and opens to the same verdict', { timeout: TIMEOUT }, async () => {
  const page = await open();
  let again;
  try {
    await paste(page, { scheme: 'atout-v1', ...receipt('atout-v1') });
    const link = await page.$eval('#share-link', (a) => a.href);
    assert.ok(link.startsWith(`${site.base}#r=`), link);
    assert.equal(await page.evaluate(() => window.location.hash), link.slice(link.indexOf('#')));
    const first = await table(page);
    again = await open(link.slice(link.indexOf('#')));
    const v = await verdict(again);
    assert.equal(v.state, 'ok', v.text);
    assert.deepEqual(await table(again), first);
    assert.equal(await again.$eval('#scheme', (s) => s.value), 'atout-v1');
    assert.equal(await again.$eval('#f-secret', (i) => i.value), 's');
    // The fragment never reached the server.
    assert.ok(site.requests.every((r) => !r.includes('r=')), site.requests.join(' '));
  } finally {
    await page.close();
    if (again) await again.close();
  }
});

/** Fills the form with the blackjack round these tests replay (client seed "replay", nonce 0), the actions left out. */
async function replayInputs(page) {
    await page.select('#scheme', 'hmac-blackjack');
    await page.select('#game', 'blackjack');
    await page.type('#f-server_seed', '0432cd98fb3413a7de70f216da63f6dbbd64c75bfb888c013b7409a88cd80333');
    await page.type('#f-client_seed', 'replay');
    await page.type('#f-nonce', '0');
}

test('blackjack: a round replayed from the actions, checked against the fingerprint', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    await replayInputs(page);
    await page.type('#f-actions', 'D');
    await page.click('#verify');
    let v = await verdict(page);
    assert.equal(v.state, 'unchecked', v.text);
    await page.type('#f-fingerprint', '7a7f7f9e6773ac54ad5c543ea103b9fd7308abe702a9d41d200fe441b3e00428');
    await page.click('#verify');
    v = await verdict(page);
    assert.equal(v.state, 'ok', v.text);
    const round = await page.$$eval('.blackjack tbody tr', (rows) => rows.map((r) => ({
      who: r.dataset.hand,
      cards: [...r.querySelectorAll('.card')].map((c) => c.dataset.code).join(' '),
      text: r.innerText,
    })));
    assert.deepEqual(round.map((r) => r.cards), ['As 6h 7d', '3h 3d Jh Ts']);
    assert.match(round[0].text, /doubled/);
    assert.match(round[0].text, /win, net 2/);
    await shot(page, 'hmac-blackjack-blackjack');
  } finally {
    await page.close();
  }
});

test('blackjack: actions as a person types them, without the fingerprint, replay the same round', { timeout: TIMEOUT }, async () => {
  // play() without a fingerprint takes the method's own form (a vector
  // case's); the page reads the player's words first (readWritten).
  const page = await open();
  try {
    await replayInputs(page);
    const rounds = [];
    for (const words of ['D', 'd', 'double', ' Double ']) {
      await page.$eval('#f-actions', (input) => { input.value = ''; });
      await page.type('#f-actions', words);
      await page.click('#verify');
      const v = await verdict(page);
      assert.equal(v.state, 'unchecked', `${words}: ${v.text}`);
      rounds.push(await page.$$eval('.blackjack tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('.card')].map((c) => c.dataset.code).join(' '))));
    }
    for (const round of rounds) assert.deepEqual(round, ['As 6h 7d', '3h 3d Jh Ts']);
    await page.$eval('#f-actions', (input) => { input.value = ''; });
    await page.type('#f-actions', 'double jump');
    await page.click('#verify');
    const v = await verdict(page);
    assert.equal(v.state, 'refused', v.text);
    assert.match(v.text, /actions/);
  } finally {
    await page.close();
  }
});

/**
 * A history of `n` euchremaster receipts, fresh seeds from a seeded
 * counter (SHA-256 of "history-<i>"), each with its fingerprint
 * (SHA-256 of the seed's text, as docs/schemes/euchremaster.md says);
 * `reuse` lines (from 1) carry line 1's seed again with another cut.
 */
function euchreHistory(n, reuse = []) {
  const crypto = require('node:crypto');
  const sha = (text) => crypto.createHash('sha256').update(text).digest('hex');
  const lines = [];
  for (let i = 1; i <= n; i += 1) {
    const seed = reuse.includes(i) ? sha('history-1') : sha(`history-${i}`);
    lines.push(JSON.stringify({ scheme: 'euchremaster', seed, cut: `cut ${i}`, dealer: i % 4, fingerprint: sha(seed) }));
  }
  return `${lines.join('\n')}\n`;
}

test('history: a dropped history is verified, checked across receipts and its report read', { timeout: TIMEOUT * 2 }, async () => {
  const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'fairdeal-history-'));
  const page = await open();
  try {
    const fair = path.join(dir, 'fair.jsonl');
    fs.writeFileSync(fair, euchreHistory(200));
    const input = await page.$('#history-file');
    await input.uploadFile(fair);
    let v = await verdict(page);
    assert.equal(v.state, 'ok', v.text);
    assert.match(v.text, /CONSISTENT WITH A FAIR DEAL/);
    assert.match(v.text, /200 receipts: 200 verified, 0 not verified, 0 invalid/);
    assert.match(v.text, /cannot prove/);
    assert.ok(await page.$$eval('table.tests tbody tr', (rows) => rows.length) > 0, 'the tests of the cards are listed');
    assert.equal(await page.$$eval('table.tests tr.flagged', (rows) => rows.length), 0);
    await shot(page, 'history-consistent');
    // An edit of the receipt form clears the report, as it clears a verdict.
    await page.type('#f-seed', 'a');
    await page.waitForSelector('#verdict', { hidden: true });
    assert.equal(await page.$$eval('table.tests', (t) => t.length), 0);
    // A seed used again on line 7: found, named by its lines.
    const reused = path.join(dir, 'reused.jsonl');
    fs.writeFileSync(reused, euchreHistory(20, [7]));
    await page.$eval('#history-file', (i) => { i.value = ''; });
    await (await page.$('#history-file')).uploadFile(reused);
    v = await verdict(page);
    assert.equal(v.state, 'bad', v.text);
    assert.match(v.text, /SUSPICIOUS/);
    const found = await page.$$eval('ul.findings li', (li) => li.map((l) => ({ kind: l.dataset.kind, text: l.textContent })));
    assert.deepEqual(found.map((f) => f.kind), ['seed-reused']);
    assert.match(found[0].text, /lines 1, 7/);
    // Text that is no history is refused, nothing reported.
    const junk = path.join(dir, 'junk.csv');
    fs.writeFileSync(junk, '');
    await page.$eval('#history-file', (i) => { i.value = ''; });
    await (await page.$('#history-file')).uploadFile(junk);
    v = await verdict(page);
    assert.equal(v.state, 'refused', v.text);
    assert.equal(await page.$$eval('table.tests', (t) => t.length), 0);
  } finally {
    await page.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const SEED = 'c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59';
const FINGERPRINT = '62ee07f47f3774f2f0a13c26b8763a50dffe97ea58a06ed09a4ff3da95d43225';

test('mines: the board as a 5x5 grid with the mines where the method puts them', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    const v = await paste(page, {
      scheme: 'hmac-blackjack', game: 'mines', server_seed: SEED, client_seed: 'lucky', nonce: 0, mines: 3, fingerprint: FINGERPRINT,
    });
    assert.equal(v.state, 'ok', v.text);
    const grid = await page.$$eval('table.mines tr', (rows) => rows.map((r) => [...r.cells].map((c) => (c.classList.contains('mine') ? 'M' : '.')).join('')));
    assert.deepEqual(grid, ['...M.', '.....', '....M', '.M...', '.....']);
    await shot(page, 'hmac-blackjack-mines');
  } finally {
    await page.close();
  }
});

test('plinko, roulette, case and battle: each outcome shown', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    const base = { scheme: 'hmac-blackjack', server_seed: SEED, client_seed: 'lucky', fingerprint: FINGERPRINT };
    let v = await paste(page, { ...base, game: 'plinko', nonce: 0, rows: 8, balls: 2 });
    assert.equal(v.state, 'ok', v.text);
    assert.equal(await page.$$eval('svg.plinko polyline', (p) => p.length), 2);
    assert.deepEqual(await page.$$eval('.paths li', (li) => li.map((l) => l.textContent)), ['RLRLRLRR → slot 5', 'RLRLLLLL → slot 2']);
    await shot(page, 'hmac-blackjack-plinko');
    v = await paste(page, { ...base, game: 'roulette' });
    assert.equal(v.state, 'ok', v.text);
    assert.match(await page.$eval('.roulette', (r) => r.textContent), /Slot 7: RED/);
    v = await paste(page, { ...base, game: 'case', nonce: 0, rolls: 2 });
    assert.equal(v.state, 'ok', v.text);
    assert.match(await page.$eval('.tickets', (t) => t.textContent), /56808\.64965543151/);
    v = await paste(page, { ...base, game: 'battle', players: 2, rounds: 2 });
    assert.equal(v.state, 'ok', v.text);
    assert.equal(await page.$$eval('.tickets tbody tr', (r) => r.length), 4);
  } finally {
    await page.close();
  }
});

test('at phone width (375 px) nothing scrolls sideways', { timeout: TIMEOUT }, async () => {
  const page = await open('', { width: 375, height: 800, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    for (const scheme of ['atout-v1', 'hmac-blackjack', 'showdown']) {
      const v = await paste(page, { scheme, ...receipt(scheme) });
      assert.equal(v.state, 'ok', v.text);
      await page.$eval('details.stages-box', (d) => { d.open = true; });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `${scheme}: the page is ${width} px wide`);
    }
    await page.$eval('details.stages-box', (d) => { d.open = false; });
    await paste(page, { scheme: 'euchremaster', ...receipt('euchremaster') });
    await shot(page, 'phone-euchremaster');
  } finally {
    await page.close();
  }
});

test('every control has a label, and the verdict is announced', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    for (const scheme of Object.keys(EXPECTED)) {
      await page.select('#scheme', scheme);
      const unlabelled = await page.$$eval('input, select, textarea', (nodes) => nodes
        .filter((n) => n.labels.length === 0 && !n.getAttribute('aria-label'))
        .map((n) => n.id || n.name));
      assert.deepEqual(unlabelled, [], scheme);
    }
    assert.equal(await page.$eval('#verdict', (v) => v.getAttribute('aria-live')), 'polite');
  } finally {
    await page.close();
  }
});

test('without the wasm package the page says how to build and serve it', { timeout: TIMEOUT }, async () => {
  const page = await browser.newPage();
  try {
    page.setDefaultTimeout(TIMEOUT);
    await page.setRequestInterception(true);
    page.on('request', (r) => (r.url().includes('/pkg/') ? r.abort() : r.continue()));
    await page.goto(site.base, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready]');
    assert.equal(await page.$eval('body', (b) => b.dataset.ready), 'failed');
    assert.match((await verdict(page)).text, /did not load[\s\S]*bash web\/build\.sh/);
  } finally {
    await page.close();
  }
});

test('the README picture: a verified deal at 800 px', { timeout: TIMEOUT }, async () => {
  const page = await open('', { width: 800, height: 900 });
  try {
    await paste(page, { scheme: 'euchremaster', ...receipt('euchremaster') });
    const box = await page.$eval('#outcome', (o) => { const r = o.getBoundingClientRect(); return { y: r.top + window.scrollY, height: r.height }; });
    await page.screenshot({ path: path.join(SCREENS, 'readme.png'), clip: { x: 0, y: 0, width: 800, height: Math.ceil(box.y + box.height) } });
  } finally {
    await page.close();
  }
});

/** Returns the fragment of a shareable link carrying the JSON `text` as it is. */
const linkOf = (text) => `#r=${Buffer.from(text).toString('base64url')}`;

/** Pastes `text` as it is into the receipt box, presses "Verify this receipt", and returns the verdict. */
async function pasteText(page, text) {
  await page.$eval('#receipt-text', (t, value) => { t.value = value; }, text);
  await page.click('#load-receipt');
  return verdict(page);
}

test('a link whose client seed holds direction marks shows them escaped, as the CLI does', { timeout: TIMEOUT }, async () => {
  const crafted = { scheme: 'hmac-blackjack', ...receipt('hmac-blackjack'), client_seed: '\u202Eykcul\u202C' };
  const page = await open(linkOf(JSON.stringify(crafted)));
  try {
    const v = await verdict(page);
    assert.equal(v.state, 'ok', v.text);
    assert.ok(v.text.includes('Not covered by the fingerprint: client seed "\\u{202e}ykcul\\u{202c}", nonce 0.'), v.text);
    const raw = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/;
    assert.doesNotMatch(await page.evaluate(() => document.body.innerText), raw);
    // A key, and a scheme, named with them: the page's own refusals escape them too.
    let r = await paste(page, { scheme: 'euchremaster', ...receipt('euchremaster'), 'see\u200Bme\u202E': 1 });
    assert.equal(r.state, 'refused', r.text);
    assert.ok(r.text.includes('receipt: "see\\u{200b}me\\u{202e}" is not a field of euchremaster'), r.text);
    r = await paste(page, { scheme: 'euchre\u2066master', ...receipt('euchremaster') });
    assert.ok(r.text.includes('scheme: "euchre\\u{2066}master" is not accepted, expected one of'), r.text);
    assert.doesNotMatch(await page.evaluate(() => document.body.innerText), raw);
    await shot(page, 'escaped-client-seed');
  } finally {
    await page.close();
  }
});

test('a receipt is read as the CLI reads a file: a key twice, 1.0000000000000001, -0 and 1e-400 refused in its words', { timeout: TIMEOUT }, async () => {
  const text = JSON.stringify({ scheme: 'euchremaster', ...receipt('euchremaster') }, null, 1);
  const page = await open();
  let linked;
  try {
    let v = await pasteText(page, text.replace('"fingerprint"', '"fingerprint": "0000",\n "fingerprint"'));
    assert.equal(v.state, 'refused', v.text);
    assert.match(v.text, /receipt\.fingerprint: given twice, expected each key of an object once/);
    assert.equal(await page.$('.deal'), null);
    for (const [dealer, shown] of [['1.0000000000000001', '1.0'], ['-0', '-0.0'], ['1e-400', '0.0']]) {
      v = await pasteText(page, text.replace('"dealer": 1', `"dealer": ${dealer}`));
      assert.equal(v.state, 'refused', `${dealer}: ${v.text}`);
      assert.equal(await page.$eval('#f-dealer-error', (e) => e.textContent),
        `dealer: ${shown} is not an integer, expected a seat from 0 to 3`);
      assert.equal(await page.$('.deal'), null, dealer);
    }
    // A link carries the text as given, and is refused alike.
    const link = await page.$eval('#share-link', (a) => a.href);
    linked = await open(link.slice(link.indexOf('#')));
    v = await verdict(linked);
    assert.equal(v.state, 'refused', v.text);
    assert.equal(await linked.$eval('#f-dealer-error', (e) => e.textContent), 'dealer: 0.0 is not an integer, expected a seat from 0 to 3');
  } finally {
    await page.close();
    if (linked) await linked.close();
  }
});

test('a receipt over 4 MiB, pasted or dropped, is refused before it is read', { timeout: TIMEOUT }, async () => {
  const page = await open();
  const message = 'receipt: "more than 4194304 bytes" is not accepted, expected at most 4 MiB of JSON, as the CLI reads an input file';
  try {
    let v = await pasteText(page, `{"seed": "${'a'.repeat(5 * 1024 * 1024)}"}`);
    assert.equal(v.state, 'refused', v.text.slice(0, 200));
    assert.ok(v.text.includes(message), v.text.slice(0, 200));
    // A dropped file is refused by its size: its contents are never read.
    const read = await page.evaluate(() => {
      let reads = 0;
      for (const proto of [Blob.prototype, File.prototype]) {
        for (const name of ['text', 'arrayBuffer', 'stream']) {
          const real = proto[name];
          if (Object.hasOwn(proto, name)) proto[name] = function counted(...args) { reads += 1; return real.apply(this, args); };
        }
      }
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(64 * 1024 * 1024)], 'big.json', { type: 'application/json' }));
      document.getElementById('receipt-text').value = '';
      document.getElementById('drop').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      return new Promise((resolve) => { setTimeout(() => resolve(reads), 0); });
    });
    v = await verdict(page);
    assert.equal(v.state, 'refused', v.text);
    assert.ok(v.text.includes(`${message} (big.json holds 67108864 bytes)`), v.text);
    assert.equal(read, 0, 'the file was read');
    assert.equal(await page.$eval('#receipt-text', (t) => t.value), '');
    // Within the limit, a file is read and verified.
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'receipt.json', { type: 'application/json' }));
      document.getElementById('drop').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, JSON.stringify({ scheme: 'sfc32-lock', ...receipt('sfc32-lock') }));
    await page.waitForSelector('#verdict[data-verdict="ok"]');
  } finally {
    await page.close();
  }
});

test('a link nested 3,000 deep is refused, and a genuine receipt still verifies after it', { timeout: TIMEOUT }, async () => {
  const r = { scheme: 'euchremaster', ...receipt('euchremaster') };
  const deep = JSON.stringify(r).replace('"K7 cut"', `${'['.repeat(3000)}1${']'.repeat(3000)}`);
  const page = await open(linkOf(deep));
  try {
    let v = await verdict(page);
    assert.equal(v.state, 'refused', v.text);
    assert.match(v.text, /^NOT CHECKED: the link was refused\s+receipt: not valid JSON \(recursion limit exceeded/);
    v = await paste(page, r);
    assert.equal(v.state, 'ok', v.text);
    assert.deepEqual(sorted((await table(page)).hands[0]), sorted(EXPECTED.euchremaster.hands[0].split(' ')));
    // And as a pasted object of a JSON field: showdown's rules.
    const show = JSON.stringify({ scheme: 'showdown', ...receipt('showdown') });
    v = await pasteText(page, show.replace('"kitchen-table"', `${'['.repeat(3000)}${']'.repeat(3000)}`));
    assert.equal(v.state, 'refused', v.text);
    v = await pasteText(page, show);
    assert.equal(v.state, 'ok', v.text);
  } finally {
    await page.close();
  }
});

test('nothing was asked of any server but the local one, and the page raised no error', { timeout: TIMEOUT }, () => {
  assert.deepEqual(outside, []);
  assert.deepEqual(pageErrors, []);
});

test('the seat picker offers the seats of the deal, duo\'s two', { timeout: TIMEOUT }, async () => {
  const page = await open();
  const offered = () => page.$$eval('#f-seat option', (os) => os.map((o) => o.value));
  try {
    const belote = receipt('atout-v1');
    assert.equal((await paste(page, { scheme: 'atout-v1', ...belote })).state, 'ok');
    assert.deepEqual(await offered(), ['', '0', '1', '2', '3']);
    const { taker, ...duo } = { ...belote, variant: 'duo', numbers: ['', '1337'], dealer: 1 };
    assert.equal((await paste(page, { scheme: 'atout-v1', ...duo })).state, 'ok');
    assert.deepEqual(await offered(), ['', '0', '1'], 'duo seats two');
    // A receipt's seat not at the table reaches the verifier, which refuses it.
    const v = await paste(page, { scheme: 'atout-v1', ...duo, seat: 3 });
    assert.equal(v.state, 'refused', v.text);
    assert.match(await page.$eval('#f-seat-error', (e) => e.textContent), /not at this table.*seat 0 or seat 1/);
    assert.deepEqual(await offered(), ['', '0', '1', '3']);
    assert.equal(await page.$eval('#f-seat', (s) => s.selectedOptions[0].textContent), 'seat 3, not at this table');
  } finally {
    await page.close();
  }
});

// Issue 22: a verdict that cannot mislead.

/** What the outcome side shows that a check made: the verdict, the deal, the link, the address's receipt. */
function shownChecks(page) {
  return page.evaluate(() => {
    const box = document.getElementById('verdict');
    return {
      verdict: box.hidden ? null : box.innerText,
      verified: /\bVERIFIED\b/.test(document.getElementById('outcome').innerText),
      deal: document.getElementById('result').childElementCount,
      link: !document.getElementById('share').hidden,
      hash: window.location.hash,
    };
  });
}

/** Every control a person can change: the form's and the paste box. */
function controls(page) {
  return page.$$eval('#receipt-form input, #receipt-form select, #receipt-form textarea, #receipt-text',
    (nodes) => nodes.filter((n) => n.type !== 'file' && n.offsetParent !== null).map((n) => n.id));
}

/** Changes control `id` as a person does: another option, a click, or typing. */
async function edit(page, id) {
  const kind = await page.$eval(`#${id}`, (c) => {
    if (c.tagName === 'SELECT') return 'select';
    return c.type === 'checkbox' ? 'checkbox' : 'text';
  });
  if (kind === 'select') {
    const other = await page.$eval(`#${id}`, (s) => [...s.options].map((o) => o.value).find((v) => v !== s.value));
    await page.select(`#${id}`, other);
  } else if (kind === 'checkbox') {
    await page.click(`#${id}`);
  } else {
    await page.focus(`#${id}`);
    await page.keyboard.type(id === 'f-fingerprint' ? '0'.repeat(64) : '0');
  }
}

const RECEIPTS = [
  ...Object.keys(EXPECTED).map((scheme) => [scheme, { scheme, ...receipt(scheme) }]),
  ['hmac-blackjack roulette', {
    scheme: 'hmac-blackjack', game: 'roulette', server_seed: SEED, client_seed: 'lucky', fingerprint: FINGERPRINT,
  }],
];

for (const [name, given] of RECEIPTS) {
  test(`${name}: after a VERIFIED, editing any input clears the verdict, the deal and the link`, { timeout: 60_000 }, async () => {
    const page = await open();
    try {
      assert.equal((await paste(page, given)).state, 'ok');
      const ids = await controls(page);
      assert.ok(ids.includes('f-fingerprint') && ids.includes('scheme') && ids.includes('receipt-text'), ids.join(' '));
      for (const id of ids) {
        const v = await paste(page, given);
        assert.equal(v.state, 'ok', `${id}: ${v.text}`);
        const before = await shownChecks(page);
        assert.ok(before.verified && before.link && before.hash.startsWith('#r='), `${id}: checked first`);
        await edit(page, id);
        const after = await shownChecks(page);
        assert.deepEqual(after, { verdict: null, verified: false, deal: 0, link: false, hash: '' }, `after editing #${id}`);
        assert.equal(await page.$eval('#changed', (c) => c.hidden), false, `${id}: the page says to verify again`);
      }
      // Verify pressed again checks the inputs as they now are.
      await paste(page, given);
      await edit(page, 'f-fingerprint');
      await page.click('#verify');
      const v = await verdict(page);
      assert.notEqual(v.state, 'ok', v.text);
      assert.equal(await page.$eval('#changed', (c) => c.hidden), true);
    } finally {
      await page.close();
    }
  });
}

test('the verdict prints the whole fingerprint it matched and the values it covers', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    for (const scheme of Object.keys(EXPECTED)) {
      const given = receipt(scheme);
      const v = await paste(page, { scheme, ...given });
      assert.equal(v.state, 'ok', v.text);
      const matched = await page.$$eval('#verdict [data-matched]', (codes) => codes.map((c) => [c.dataset.matched, c.textContent]));
      const fingerprint = (given.fingerprint ?? given.lock).toLowerCase();
      assert.deepEqual(matched[0], ['fingerprint', fingerprint], scheme);
      // Each covered input, by its label's words, its value as the CLI shows it.
      const covers = require(path.join(ROOT, 'web', 'pkg-node')).schemes().find((s) => s.id === scheme).commitment.covers;
      assert.deepEqual(matched.slice(1).map(([n]) => n), covers, scheme);
      for (const [field, text] of matched.slice(1)) {
        assert.equal(text, JSON.stringify(given[field]), `${scheme} ${field}`);
      }
      const words = await page.$$eval('#verdict .matched dt', (dts) => dts.map((d) => d.textContent));
      assert.deepEqual(words, ['fingerprint', ...covers.map((c) => c.replace(/_/g, ' '))]);
      assert.ok(v.text.includes(fingerprint), v.text);
    }
    await shot(page, 'verdict-matched');
  } finally {
    await page.close();
  }
});

test('the self-test runs the published vectors on load and says so', { timeout: TIMEOUT }, async () => {
  const cases = JSON.parse(fs.readFileSync(path.join(WEB, 'pkg', 'selftest.json'), 'utf8')).cases;
  const schemes = new Set(cases.map((c) => c.scheme));
  assert.equal(schemes.size, Object.keys(EXPECTED).length, 'cases of every scheme');
  const page = await open();
  try {
    assert.equal(await page.$eval('#selftest', (p) => p.textContent), `self-test: ${cases.length}/${cases.length} published vectors pass`);
    assert.ok(site.requests.includes('/pkg/selftest.json'), site.requests.join(' '));
  } finally {
    await page.close();
  }
});

/** Opens the page with pkg/selftest.json replaced by `body` (null: not found). */
async function openWithCases(body, hash = '') {
  const page = await browser.newPage();
  page.setDefaultTimeout(TIMEOUT);
  await page.setRequestInterception(true);
  page.on('request', (r) => {
    if (!r.url().endsWith('/pkg/selftest.json')) {
      r.continue();
    } else if (body === null) {
      r.respond({ status: 404, contentType: 'text/plain', body: 'not found' });
    } else {
      r.respond({ status: 200, contentType: 'application/json', body });
    }
  });
  await page.goto(site.base + hash, { waitUntil: 'load' });
  await page.waitForSelector('body[data-ready]');
  return page;
}

test('a published vector the package does not reproduce makes the page refuse to verify', { timeout: TIMEOUT }, async () => {
  const file = JSON.parse(fs.readFileSync(path.join(WEB, 'pkg', 'selftest.json'), 'utf8'));
  const broken = file.cases.findIndex((c) => c.kind === 'trace');
  const id = file.cases[broken].id;
  file.cases[broken].expected.deck[0] = file.cases[broken].expected.deck[0] === 'Ah' ? 'Kh' : 'Ah';
  const r = { scheme: 'euchremaster', ...receipt('euchremaster') };
  const page = await openWithCases(JSON.stringify(file), linkOf(JSON.stringify(r)));
  let missing;
  try {
    assert.equal(await page.$eval('body', (b) => b.dataset.ready), 'failed');
    const total = file.cases.length;
    assert.equal(await page.$eval('#selftest', (p) => p.textContent), `self-test FAILED: ${total - 1}/${total} published vectors pass`);
    const v = await verdict(page);
    assert.equal(v.state, 'refused', v.text);
    assert.match(v.text, /failed its self-test/);
    assert.ok(v.text.includes(`case ${id}: deck[0] differs from the published value`), v.text);
    // Nothing is verified: not the linked receipt, and no form to fill.
    assert.doesNotMatch(await page.$eval('#outcome', (o) => o.innerText), /\bVERIFIED\b/);
    assert.equal(await page.$('.deal'), null);
    assert.equal(await page.$eval('#input', (i) => i.hidden), true);
    await shot(page, 'self-test-failed');
    // Without the cases at all, it refuses too.
    missing = await openWithCases(null);
    assert.equal(await missing.$eval('body', (b) => b.dataset.ready), 'failed');
    assert.match((await verdict(missing)).text, /failed its self-test[\s\S]*could not be read/);
  } finally {
    await page.close();
    if (missing) await missing.close();
  }
});

// Issue 22: the page as a player reads it.

test('fixed choices are selects: seats by name, the dealer, atout-v1\'s variant', { timeout: TIMEOUT }, async () => {
  const page = await open();
  const options = (id) => page.$$eval(`#${id} option`, (os) => os.map((o) => [o.value, o.textContent]));
  try {
    await page.select('#scheme', 'euchremaster');
    assert.deepEqual(await options('f-dealer'), [['', 'choose one'], ['0', 'you (0)'], ['1', 'left (1)'], ['2', 'partner (2)'], ['3', 'right (3)']]);
    await page.select('#scheme', 'atout-v1');
    assert.deepEqual(await options('f-variant'), [['', 'choose one'], ['coinche', 'coinche'], ['belote', 'belote'], ['duo', 'duo']]);
    for (const id of ['f-dealer', 'f-taker']) {
      assert.deepEqual(await options(id), [['', 'none'], ['0', 'seat 0'], ['1', 'seat 1'], ['2', 'seat 2'], ['3', 'seat 3']], id);
    }
    // The sample receipt, given from the keyboard and the selects.
    const good = receipt('atout-v1');
    await page.type('#f-secret', good.secret);
    await page.select('#f-variant', good.variant);
    await page.select('#f-numbers-count', String(good.numbers.length));
    for (const [i, n] of good.numbers.entries()) await page.type(i === 0 ? '#f-numbers' : `#f-numbers-${i}`, n);
    await page.select('#f-dealer', String(good.dealer));
    if (good.taker !== undefined) await page.select('#f-taker', String(good.taker));
    await page.type('#f-fingerprint', good.fingerprint);
    await page.click('#verify');
    assert.equal((await verdict(page)).state, 'ok');
    // A receipt's value that is not a choice reaches the verifier, which refuses it in its words.
    const v = await paste(page, { scheme: 'atout-v1', ...good, variant: 'Belote' });
    assert.equal(v.state, 'refused', v.text);
    assert.equal(await page.$eval('#f-variant-error', (e) => e.textContent),
      'variant: "Belote" is not accepted, expected coinche, belote or duo');
    assert.equal(await page.$eval('#f-variant', (s) => s.selectedOptions[0].textContent), '"Belote", not one of the choices');
    await shot(page, 'atout-selects');
  } finally {
    await page.close();
  }
});

/** Returns the word sequences of three words that `text` holds twice ("hex" read as "hexadecimal"). */
function repeatedPhrases(text) {
  const words = text.toLowerCase().replace(/\bhex\b/g, 'hexadecimal').match(/[a-z0-9^]+/g) || [];
  const seen = new Set();
  const twice = [];
  for (let i = 0; i + 3 <= words.length; i += 1) {
    const phrase = words.slice(i, i + 3).join(' ');
    if (seen.has(phrase)) twice.push(phrase);
    seen.add(phrase);
  }
  return twice;
}

test('each field\'s help is written for a player: no command-line syntax, nothing said twice', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    const forms = await page.evaluate(() => [...document.querySelectorAll('#scheme option')].map((o) => o.value));
    for (const scheme of forms) {
      await page.select('#scheme', scheme);
      const games = ['', ...await page.$$eval('#game option', (os) => os.map((o) => o.value).filter(Boolean))];
      for (const game of games) {
        await page.select('#game', game);
        const helps = await page.$$eval('#fields .help', (ps) => ps.map((p) => [p.id, p.textContent]));
        assert.ok(helps.length >= 2, `${scheme} ${game}`);
        for (const [id, text] of helps) {
          assert.doesNotMatch(text, /--[a-z]|\b[A-Z]+=/, `${scheme} ${game} ${id}: ${text}`);
          assert.deepEqual(repeatedPhrases(text), [], `${scheme} ${game} ${id}: ${text}`);
        }
      }
    }
  } finally {
    await page.close();
  }
});

test('the site select shows each site whole, on a desktop and a phone', { timeout: TIMEOUT }, async () => {
  for (const viewport of [{ width: 1200, height: 900 }, { width: 375, height: 800, isMobile: true, hasTouch: true }]) {
    const page = await open('', viewport);
    try {
      const cut = await page.$eval('#scheme', (select) => {
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d');
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        // The text's room: the box without its padding (the right one keeps the arrow's) and borders.
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return [...select.options].filter((o) => context.measureText(o.textContent).width > room)
          .map((o) => `${o.textContent} (${Math.round(context.measureText(o.textContent).width)} > ${Math.round(room)} px)`);
      });
      assert.deepEqual(cut, [], `${viewport.width} px`);
    } finally {
      await page.close();
    }
  }
});

/** Finds client seeds whose roulette spin lands on each outcome, through the node package. */
function rouletteSeeds() {
  const fairdeal = require(path.join(ROOT, 'web', 'pkg-node'));
  const found = {};
  for (let i = 0; i < 2000 && Object.keys(found).length < 5; i += 1) {
    const out = fairdeal.roll('roulette', { server_seed: SEED, client_seed: `spin ${i}` });
    found[out.outcome] ??= `spin ${i}`;
  }
  return found;
}

test('roulette: every slot in its colour, RED_BAIT red and BLACK_BAIT black', { timeout: TIMEOUT }, async () => {
  const seeds = rouletteSeeds();
  assert.deepEqual(Object.keys(seeds).sort(), ['BLACK', 'BLACK_BAIT', 'GREEN', 'RED', 'RED_BAIT']);
  const want = {
    RED: 'rgb(179, 0, 27)', RED_BAIT: 'rgb(179, 0, 27)', BLACK: 'rgb(17, 17, 17)', BLACK_BAIT: 'rgb(17, 17, 17)', GREEN: 'rgb(17, 99, 44)',
  };
  const page = await open();
  try {
    for (const [outcome, client] of Object.entries(seeds)) {
      const v = await paste(page, { scheme: 'hmac-blackjack', game: 'roulette', server_seed: SEED, client_seed: client });
      assert.equal(v.state, 'unchecked', v.text);
      // Shown unchecked, the fingerprint asked for beside its field.
      assert.match((await asked(page)).text, /^Give the fingerprint the app showed before play: you saw it /);
      const chip = await page.$eval('.roulette .chip', (c) => ({ outcome: c.dataset.outcome, text: c.textContent, colour: getComputedStyle(c).backgroundColor }));
      assert.deepEqual(chip, { outcome, text: outcome.replace('_', ' '), colour: want[outcome] }, outcome);
      if (outcome === 'RED_BAIT') await shot(page, 'roulette-red-bait');
    }
  } finally {
    await page.close();
  }
});

/** The contrast ratio (WCAG) of two CSS rgb() colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

test('dark mode: the reader\'s prefers-color-scheme: dark gives light ink on dark paper, every text readable', { timeout: 60_000 }, async () => {
  for (const viewport of [{ width: 1200, height: 900 }, { width: 375, height: 800, deviceScaleFactor: 2, isMobile: true, hasTouch: true }]) {
    const page = await browser.newPage();
    try {
      page.setDefaultTimeout(TIMEOUT);
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
      await page.setViewport(viewport);
      await page.goto(site.base, { waitUntil: 'load' });
      await page.waitForSelector('body[data-ready="yes"]');
      const phone = viewport.width < 400;
      for (const [state, given] of [['ok', { scheme: 'euchremaster', ...receipt('euchremaster') }],
        ['bad', { scheme: 'euchremaster', ...receipt('euchremaster'), fingerprint: '0'.repeat(64) }]]) {
        const v = await paste(page, given);
        assert.equal(v.state, state);
        const colours = await page.evaluate(() => {
          const c = (sel, what = 'color') => {
            const node = document.querySelector(sel);
            return node ? getComputedStyle(node)[what] : null;
          };
          // The first background that is not transparent, from the element up.
          const bg = (sel) => {
            for (let node = document.querySelector(sel); node; node = node.parentElement) {
              const colour = getComputedStyle(node).backgroundColor;
              if (colour !== 'rgba(0, 0, 0, 0)') return colour;
            }
            return 'rgb(255, 255, 255)';
          };
          const pairs = {
            body: [c('body'), bg('body')],
            verdict: [c('#verdict h2'), bg('#verdict')],
            'verdict text': [c('#verdict p'), bg('#verdict p')],
            help: [c('#fields .help'), bg('#fields .help')],
            label: [c('#fields label'), bg('#fields label')],
            input: [c('#f-seed'), bg('#f-seed')],
            button: [c('#verify'), bg('#verify')],
            'self-test': [c('#selftest'), bg('#selftest')],
          };
          if (document.querySelector('.deal .card')) {
            pairs.card = [c('.deal .card'), bg('.deal .card')];
            pairs['red card'] = [c('.deal .card.red'), bg('.deal .card.red')];
            pairs.seat = [c('.deal th'), bg('.deal th')];
          }
          return pairs;
        });
        const body = colours.body[1].match(/\d+/g).map(Number);
        assert.ok(body.every((v) => v < 60), `the paper is dark: ${colours.body[1]}`);
        for (const [what, [fg, back]] of Object.entries(colours)) {
          assert.ok(contrast(fg, back) >= 4.5, `${what}: ${fg} on ${back} is ${contrast(fg, back).toFixed(2)}:1`);
        }
        await shot(page, `dark-${phone ? 'phone' : 'desktop'}-${state}`);
      }
    } finally {
      await page.close();
    }
  }
});

test('opened as a file, the page says in plain words the one command that serves it', { timeout: TIMEOUT }, async () => {
  const page = await browser.newPage();
  try {
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`file://${path.join(WEB, 'index.html')}`, { waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="file"]');
    const text = await page.$eval('#loading', (l) => l.innerText);
    assert.doesNotMatch(text, /Loading/);
    assert.ok(text.includes(`python3 -m http.server --bind 127.0.0.1 -d "${WEB}" 8000`), text);
    assert.ok(text.includes('http://127.0.0.1:8000/'), text);
    assert.doesNotMatch(text, /bash web\/build\.sh|module/, 'no developer\'s words');
    await shot(page, 'file-url');
  } finally {
    await page.close();
  }
});

test('at 375 px, each hand of the deal stays on one line', { timeout: 60_000 }, async () => {
  const page = await open('', { width: 375, height: 800, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
    for (const scheme of Object.keys(EXPECTED).filter((s) => EXPECTED[s].hands)) {
      const v = await paste(page, { scheme, ...receipt(scheme) });
      assert.equal(v.state, 'ok', v.text);
      const rows = await page.$$eval('.deal table.seats tbody tr', (trs) => trs.map((tr) => {
        const tops = [...tr.querySelectorAll('.card')].map((c) => Math.round(c.getBoundingClientRect().top));
        return { seat: tr.dataset.seat, cards: tops.length, lines: new Set(tops).size };
      }));
      assert.ok(rows.length > 0, scheme);
      for (const row of rows) assert.equal(row.lines, 1, `${scheme} seat ${row.seat}: ${row.cards} cards on ${row.lines} lines`);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 375, scheme);
      await shot(page, `phone-hands-${scheme}`);
    }
  } finally {
    await page.close();
  }
});

test('a hand that differs is said plainly: who was dealt what, what you recorded', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    const v = await paste(page, { scheme: 'euchremaster', ...receipt('euchremaster'), hand: 'Tc 9s 9d Jd Ac' });
    assert.equal(v.state, 'bad', v.text);
    const text = await page.$$eval('#verdict p', (ps) => ps.map((p) => p.textContent).find((t) => /recorded/.test(t)));
    assert.match(text, /^Dealt to you \(0\) by these inputs: 10♣ 9♠ 9♦ J♦ A♦\. You recorded: 10♣ 9♠ 9♦ J♦ A♣\.$/);
    assert.doesNotMatch(v.text, / [;.,:]|you at you/);
    await shot(page, 'hand-mismatch');
  } finally {
    await page.close();
  }
});

// Issue 22, the receipt as the site gives it, read by the package's
// readReceipt: the examples of each scheme's page (docs/schemes/<id>.md,
// section "The receipt as the site gives it", its ```text blocks, as
// crates/cli/tests/cli/forms.rs reads them), each pasted as it is.

/** Returns the ```text blocks of docs/schemes/<scheme>.md's section on the site's receipt. */
function siteExamples(scheme) {
  const page = fs.readFileSync(path.join(ROOT, 'docs', 'schemes', `${scheme}.md`), 'utf8');
  const start = page.indexOf('## The receipt as the site gives it');
  assert.ok(start >= 0, `${scheme}: the page has no section on the site's receipt`);
  const rest = page.slice(start + 3);
  const end = rest.indexOf('\n## ');
  const section = end >= 0 ? rest.slice(0, end + 1) : rest;
  return section.split('```text\n').slice(1).map((b) => b.split('```')[0]);
}

/** The fingerprint of a scheme's sample receipt (under its own name or an alias). */
function sampleFingerprint(scheme) {
  const r = receipt(scheme);
  return r.fingerprint ?? r.lock;
}

/** Pastes `text` as it is into the receipt box, presses "Verify this receipt", and returns the verdict. */
async function pasteText(page, text) {
  await page.$eval('#receipt-text', (t, value) => { t.value = value; }, text);
  await page.click('#load-receipt');
  return verdict(page);
}

/** What the page asks for next to the fingerprint field, and where the focus is. */
function asked(page) {
  return page.evaluate(() => {
    const ask = document.querySelector('#fields .ask');
    return ask && {
      text: ask.textContent,
      field: ask.closest('.field').dataset.field,
      describes: document.getElementById('f-fingerprint').getAttribute('aria-describedby').split(' ').includes(ask.id),
      focused: document.activeElement.id,
    };
  });
}

for (const scheme of Object.keys(EXPECTED)) {
  test(`${scheme}: each form of the scheme page's examples, pasted as the site gives it, reaches VERIFIED`, { timeout: 60_000 }, async () => {
    const examples = siteExamples(scheme);
    assert.ok(examples.length > 0, scheme);
    // The JSON object of docs/receipts/ too, without its scheme.
    const texts = [...examples, fs.readFileSync(path.join(ROOT, 'docs', 'receipts', `${scheme}.json`), 'utf8')];
    const page = await open();
    try {
      // Where the player saw the fingerprint: the scheme's INFO, as schemes() gives it.
      const seen = await page.evaluate((id) => import('./pkg/fairdeal_wasm.js')
        .then((m) => m.schemes().find((s) => s.id === id).commitment.seen), scheme);
      for (const [i, text] of texts.entries()) {
        let v = await pasteText(page, text);
        assert.equal(await page.$eval('#scheme', (s) => s.value), scheme, `example ${i}: the scheme chosen`);
        if (v.state !== 'ok') {
          // Without its fingerprint: asked for by name, next to the
          // fingerprint field, with where the player saw it.
          assert.equal(v.state, 'unchecked', `example ${i}: ${v.text}`);
          assert.match(v.text, /NOT CHECKED yet: give the fingerprint the app showed before play/);
          const ask = await asked(page);
          assert.ok(ask, `example ${i}: the page asks for the fingerprint`);
          assert.equal(ask.field, 'fingerprint');
          assert.equal(ask.text, `Give the fingerprint the app showed before play: you saw it ${seen}.`);
          assert.ok(ask.describes, 'the fingerprint field is described by the ask');
          assert.equal(ask.focused, 'f-fingerprint');
          assert.equal(await page.$eval('#f-fingerprint', (f) => f.value), '');
          assert.equal(await page.$('.deal'), null, 'nothing is shown before the fingerprint is given');
          await shot(page, `asked-${scheme}`);
          await page.type('#f-fingerprint', sampleFingerprint(scheme));
          await page.keyboard.press('Enter');
          v = await verdict(page);
          assert.equal(await asked(page), null, 'the ask goes once the fingerprint is given');
        }
        assert.equal(v.state, 'ok', `example ${i}: ${text}\n${v.text}`);
        assert.match(v.text, /^VERIFIED\b/);
        if (/^Mines: /m.test(text)) assert.equal(await page.$eval('#game', (g) => g.value), 'mines');
      }
    } finally {
      await page.close();
    }
  });
}

test('the lines of the site\'s page, dropped as a text file, fill the form and verify', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    const [lines] = siteExamples('sfc32-lock');
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], 'receipt.txt', { type: 'text/plain' }));
      document.getElementById('drop').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    }, lines);
    const v = await verdict(page);
    assert.equal(v.state, 'ok', v.text);
    assert.equal(await page.$eval('#scheme', (s) => s.value), 'sfc32-lock');
    assert.equal(await page.$eval('#f-nonce', (i) => i.value), 'hand-12');
    assert.equal(await page.$eval('#f-fingerprint', (i) => i.value), receipt('sfc32-lock').lock);
  } finally {
    await page.close();
  }
});

test('a hand that differs marks each card that differs, outlined and read as "differs"', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    const v = await paste(page, { scheme: 'euchremaster', ...receipt('euchremaster'), hand: 'Tc 9s 9d Jd Ac' });
    assert.equal(v.state, 'bad', v.text);
    const cards = await page.$$eval('#verdict .hand-mismatch .card', (nodes) => nodes.map((c) => ({
      list: c.closest('.cards').getAttribute('aria-label'),
      code: c.dataset.code,
      marked: c.classList.contains('marked'),
      label: c.getAttribute('aria-label'),
      outline: getComputedStyle(c).outlineStyle,
    })));
    const marked = cards.filter((c) => c.marked);
    assert.deepEqual(marked.map((c) => [c.list, c.code, c.label]),
      [['dealt', 'Ad', 'ace of diamonds, differs'], ['recorded', 'Ac', 'ace of clubs, differs']]);
    assert.ok(marked.every((c) => c.outline === 'solid'), JSON.stringify(marked));
    assert.ok(cards.filter((c) => !c.marked).every((c) => c.outline === 'none' && !/differs/.test(c.label)));
    assert.equal(cards.length, 10);
    await shot(page, 'hand-mismatch-marked');
  } finally {
    await page.close();
  }
});

test('a refusal shows its hints as text: a space copied after a seed, pasted or typed', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    const good = receipt('euchremaster');
    const hint = 'the seed ends with a space (0x20): remove it; nothing is trimmed, since the fingerprint is over the exact text';
    const hints = () => page.$$eval('#verdict .hints li', (items) => items.map((li) => ({
      text: li.textContent, elements: [...li.querySelectorAll('*')].map((n) => n.tagName),
    })));
    // The lines of the site's page, the seed copied with a space after it.
    const [lines] = siteExamples('euchremaster');
    let v = await pasteText(page, lines.replace(good.seed, `${good.seed} `));
    assert.equal(v.state, 'refused', v.text);
    assert.match(await page.$eval('#f-seed-error', (e) => e.textContent), /^seed: character 65 is 0x20/);
    // As text: no element in it but the page's own "Hint:".
    assert.deepEqual(await hints(page), [{ text: `Hint: ${hint}`, elements: ['STRONG'] }]);
    assert.equal(await page.$eval('#f-seed', (i) => i.value), `${good.seed} `, 'nothing is trimmed');
    await shot(page, 'refusal-hint');
    // Typed in the form.
    await page.$eval('#f-seed', (i) => { i.value = ''; });
    await page.type('#f-seed', `${good.seed} `);
    await page.click('#verify');
    v = await verdict(page);
    assert.equal(v.state, 'refused', v.text);
    assert.deepEqual((await hints(page)).map((h) => h.text), [`Hint: ${hint}`]);
    // Fixed, it verifies and the hint goes.
    await page.$eval('#f-seed', (i) => { i.value = ''; });
    await page.type('#f-seed', good.seed);
    await page.click('#verify');
    assert.equal((await verdict(page)).state, 'ok');
    assert.deepEqual(await hints(page), []);
  } finally {
    await page.close();
  }
});

test('a receipt the package cannot read is refused with its words, the paste box marked', { timeout: TIMEOUT }, async () => {
  const page = await open();
  try {
    const v = await pasteText(page, 'no receipt here');
    assert.equal(v.state, 'refused', v.text);
    assert.match(v.text, /^NOT CHECKED: the receipt was refused/);
    assert.notEqual(await page.$eval('#f-receipt-error', (e) => e.textContent), '');
    assert.equal(await page.$eval('#receipt-text', (t) => t.getAttribute('aria-invalid')), 'true');
  } finally {
    await page.close();
  }
});
