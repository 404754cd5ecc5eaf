// The JavaScript API of web/pkg-node as the page and ports use it (its
// README lists it): plain objects out, Errors with field and kind, the
// verdicts on the sample receipts of docs/receipts/. Run: node --test
// web/test/api.test.js, after web/build.sh.
'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');

const root = path.resolve(__dirname, '..', '..');
const fairdeal = require(path.join(root, 'web', 'pkg-node'));
const receipt = (id) =>
  JSON.parse(fs.readFileSync(path.join(root, 'docs', 'receipts', `${id}.json`), 'utf8'));

test('schemes() describes every scheme with plain objects', () => {
  const list = fairdeal.schemes();
  // The registry is the one list of schemes: each has its vector file, and
  // every vector file its scheme, with no id written here.
  const files = fs
    .readdirSync(path.join(root, 'vectors'))
    .filter((n) => n.endsWith('.json') && n !== 'schema.json')
    .map((n) => n.slice(0, -'.json'.length));
  const ids = list.map((s) => s.id);
  assert.equal(new Set(ids).size, ids.length, 'ids are unique');
  assert.deepEqual([...ids].sort(), files.sort());
  for (const s of list) {
    assert.equal(Object.getPrototypeOf(s), Object.prototype, 'a plain object, not a Map');
    for (const key of ['id', 'site', 'summary', 'method', 'commitment', 'fields', 'seats', 'player', 'games']) {
      assert.ok(key in s, `${s.id}.${key}`);
    }
    assert.ok(Array.isArray(s.commitment.covers) && s.commitment.covers.length > 0);
    for (const f of s.fields) {
      assert.ok(['text', 'integer', 'bool', 'json', 'text-per-seat'].includes(f.kind), f.kind);
      assert.equal(typeof f.required, 'boolean');
      assert.equal(f.flag.slice(0, 2), '--');
    }
    assert.ok('seat' in s.player || 'positions' in s.player);
  }
  const lock = list.find((s) => s.id === 'sfc32-lock');
  assert.deepEqual(lock.commitment.aliases, ['lock']);
  for (const s of list) {
    assert.equal(typeof s.commitment.seen, 'string', `${s.id}: where the fingerprint was seen`);
    assert.ok(Array.isArray(s.labels), s.id);
    assert.ok(s.command === null || typeof s.command.script === 'string', s.id);
  }
});

test('every sample receipt is verified, with its trace and view', () => {
  for (const { id } of fairdeal.schemes()) {
    const out = fairdeal.verify(id, receipt(id));
    assert.equal(out.verdict, 'verified', id);
    assert.equal(out.trace.fingerprint, out.fingerprint);
    assert.equal(out.view.fingerprint, out.fingerprint);
    assert.ok(Array.isArray(out.view.deals[0][0].hands), 'view.deals[0] is [table, deck]');
    assert.ok(Array.isArray(out.view.deals[0][1]));
    assert.deepEqual(out.trace, fairdeal.deal(id, without(receipt(id), ['fingerprint', 'lock'])));
  }
});

test('a wrong fingerprint is not verified, with no trace', () => {
  const r = { ...receipt('euchremaster'), fingerprint: '0'.repeat(64) };
  const out = fairdeal.verify('euchremaster', r);
  assert.equal(out.verdict, 'not-verified');
  assert.equal(out.failure.check, 'fingerprint');
  assert.ok(Array.isArray(out.hints));
  assert.equal(out.trace, undefined);
  assert.equal(out.view, undefined);
});

test('a hand is checked, as a list or one text', () => {
  const r = receipt('euchremaster');
  assert.equal(fairdeal.verify('euchremaster', { ...r, hand: 'Tc 9s 9d Jd Ad' }).verdict, 'verified');
  assert.equal(fairdeal.verify('euchremaster', { ...r, hand: ['Tc', '9s', '9d', 'Jd', 'Ad'] }).verdict, 'verified');
  const out = fairdeal.verify('euchremaster', { ...r, hand: '9c 9s 9d Jd Ad' });
  assert.equal(out.failure.check, 'hand');
});

test('a refusal is an Error with field, kind and the CLI\'s message', () => {
  const r = receipt('euchremaster');
  assert.throws(() => fairdeal.verify('euchremaster', { ...r, seed: r.seed.slice(1) }), {
    name: 'Error',
    field: 'seed',
    kind: 'length',
    message: 'seed: 63 characters, expected 64 hexadecimal digits',
  });
  assert.throws(() => fairdeal.verify('euchremaster', without(r, ['fingerprint'])), {
    field: 'fingerprint',
    kind: 'missing',
  });
  assert.throws(() => fairdeal.deal('nope', {}), { field: 'scheme', kind: 'value' });
  assert.throws(() => fairdeal.roll('blackjack', {}), { field: 'game', kind: 'value' });
});

test('JSON text is read as the CLI reads a file', () => {
  const r = receipt('euchremaster');
  const text = JSON.stringify(without(r, ['fingerprint']));
  assert.deepEqual(fairdeal.deal('euchremaster', text), fairdeal.deal('euchremaster', without(r, ['fingerprint'])));
  assert.throws(() => fairdeal.deal('euchremaster', text.replace('"dealer":1', '"dealer":1.0')), {
    field: 'dealer',
    kind: 'range',
  });
  assert.throws(() => fairdeal.deal('euchremaster', '{"cut": "a", "cut": "b"}'), { kind: 'syntax' });
});

test('a game with a fingerprint shows its outcome only when it matches', () => {
  const r = { ...receipt('hmac-blackjack'), actions: 'S' };
  const out = fairdeal.play('blackjack', r);
  assert.equal(out.verdict, 'verified');
  assert.equal(out.output.fingerprint, r.fingerprint);
  assert.equal(out.output.fingerprint_checked, true);
  const wrong = fairdeal.play('blackjack', { ...r, fingerprint: '1'.repeat(64) });
  assert.equal(wrong.verdict, 'not-verified');
  assert.equal(wrong.output, undefined);
  const unchecked = fairdeal.play('blackjack', without(r, ['fingerprint']));
  assert.equal(unchecked.fingerprint_checked, false);
  const mines = fairdeal.roll('mines', { ...without(r, ['actions']), mines: 3 });
  assert.equal(mines.verdict, 'verified');
});

test('verifyBatch(text) gives a verdict per line but the blank ones, up to 10,000 lines', () => {
  const text = fs.readFileSync(path.join(root, 'docs', 'receipts', 'batch.jsonl'), 'utf8');
  const lines = text.split('\n').filter((l) => l !== '').length;
  const out = fairdeal.verifyBatch(`${text}\n \t\r\n{"scheme": "nope"}\n`);
  assert.equal(out.length, lines + 1);
  assert.deepEqual(Object.keys(out[0]).slice(0, 3), ['line', 'scheme', 'verdict']);
  const last = out[out.length - 1];
  assert.equal(last.line, lines + 3, 'blank lines are counted');
  assert.equal(last.verdict, 'invalid');
  assert.deepEqual([last.error.field, last.error.kind], ['scheme', 'value']);
  assert.throws(() => fairdeal.verifyBatch('x\n'.repeat(10_001)), (e) => e.field === 'text' && e.kind === 'range'
    && /^text: 10001 lines is out of range/.test(e.message) && /verifyBatch\(text, onVerdict\)/.test(e.message));
  assert.throws(() => fairdeal.verifyBatch(7), { name: 'Error', field: 'text', kind: 'type' });
});

// A genuine receipt still verifies: the module was not left broken.
function stillWorks(after) {
  const out = fairdeal.verify('euchremaster', receipt('euchremaster'));
  assert.equal(out.verdict, 'verified', `after ${after}`);
}

/** Asserts that `call` throws an Error (not a RuntimeError) with `field` and `kind`. */
function refused(call, field, kind, what) {
  let thrown = null;
  try {
    call();
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown, `${what}: accepted`);
  assert.ok(!(thrown instanceof WebAssembly.RuntimeError), `${what}: ${thrown}`);
  assert.equal(thrown.constructor, Error, `${what}: ${thrown}`);
  assert.deepEqual([thrown.field, thrown.kind], [field, kind], `${what}: ${thrown.message}`);
  return thrown;
}

test('a deep, circular or hostile argument is refused, and the module stays usable', () => {
  const r = receipt('euchremaster');
  let deep = 1;
  for (let i = 0; i < 3000; i += 1) deep = [deep];
  let deeper = {};
  for (let i = 0; i < 1_000_000; i += 1) deeper = { a: deeper };
  const circular = { ...r };
  circular.self = circular;
  const hostile = [
    ['a list nested 3,000 deep', { ...r, cut: deep }, 'receipt', 'syntax'],
    ['its JSON text', JSON.stringify({ ...r, cut: deep }), 'receipt', 'syntax'],
    ['an object nested a million deep', { ...r, cut: deeper }, 'receipt', 'value'],
    ['a circular object', circular, 'receipt', 'value'],
    ['a BigInt inside', { ...r, dealer: 10n }, 'receipt', 'value'],
    ['a getter that throws', { ...r, get cut() { throw new Error('no'); } }, 'receipt', 'value'],
    ['a toJSON that throws', { toJSON() { throw new Error('no'); } }, 'receipt', 'value'],
    ['a Proxy that throws', new Proxy({}, { ownKeys() { throw new Error('no'); } }), 'receipt', 'value'],
    ['a Symbol', Symbol('x'), 'receipt', 'type'],
    ['a BigInt', 10n, 'receipt', 'type'],
    ['a function', () => r, 'receipt', 'type'],
    ['undefined', undefined, 'receipt', 'type'],
  ];
  for (const [what, value, field, kind] of hostile) {
    refused(() => fairdeal.verify('euchremaster', value), field, kind, what);
    stillWorks(what);
  }
  // Every function that takes JSON reads it so.
  const input = without(r, ['fingerprint']);
  refused(() => fairdeal.deal('euchremaster', deep), 'input', 'syntax', 'deal');
  refused(() => fairdeal.view('euchremaster', circular), 'input', 'value', 'view');
  refused(() => fairdeal.stream('euchremaster', input, deep), 'count', 'syntax', 'stream');
  refused(() => fairdeal.shuffle('euchremaster', input, circular), 'randoms', 'value', 'shuffle');
  refused(() => fairdeal.dealDeck('euchremaster', input, [deep]), 'deck', 'syntax', 'dealDeck');
  refused(() => fairdeal.generator('sfc32-lock', deep, 1), 'state', 'syntax', 'generator');
  refused(() => fairdeal.play('blackjack', circular), 'input', 'value', 'play');
  refused(() => fairdeal.roll('mines', {}, deep), 'randoms', 'syntax', 'roll');
  refused(() => fairdeal.shown(circular), 'value', 'value', 'shown');
  stillWorks('every function');
});

test('a getter or toJSON that calls the package again is refused past 8 calls deep', () => {
  const r = receipt('euchremaster');
  let calls = 0;
  let deepest = null;
  const again = {
    get seed() {
      calls += 1;
      try {
        fairdeal.verify('euchremaster', again);
      } catch (e) {
        deepest ??= e;
      }
      return r.seed;
    },
    cut: r.cut,
    dealer: r.dealer,
    fingerprint: r.fingerprint,
  };
  assert.equal(fairdeal.verify('euchremaster', again).verdict, 'verified');
  assert.equal(calls, 8);
  assert.deepEqual([deepest.field, deepest.kind], ['call', 'range'], deepest.message);
  stillWorks('a call from inside a call');
});

test('a scheme or game that is not a string is an Error with field and kind, 400 rounds over', () => {
  const input = without(receipt('euchremaster'), ['fingerprint']);
  const game = { ...without(receipt('hmac-blackjack'), ['fingerprint']), actions: 'S' };
  const bad = [7, true, [], {}, 10n, Symbol('euchremaster'), null, undefined, () => 'euchremaster', new String('euchremaster')];
  const hands = fairdeal.deal('euchremaster', input).hands;
  for (let i = 0; i < 400; i += 1) {
    for (const value of bad) {
      refused(() => fairdeal.deal(value, input), 'scheme', 'type', `deal(${typeof value})`);
      assert.deepEqual(fairdeal.deal('euchremaster', input).hands, hands);
    }
    refused(() => fairdeal.play(bad[i % bad.length], game), 'game', 'type', 'play');
    refused(() => fairdeal.roll(bad[i % bad.length], game), 'game', 'type', 'roll');
    assert.equal(fairdeal.play('blackjack', game).fingerprint_checked, false);
  }
  const e = refused(() => fairdeal.verify(7, receipt('euchremaster')), 'scheme', 'type', 'verify');
  assert.equal(e.message, 'scheme: a number given, expected a scheme\'s id, a string such as "euchremaster"');
  refused(() => fairdeal.view('x'.repeat(1_000_000), input), 'scheme', 'length', 'a name a million long');
  for (const f of ['view', 'verify', 'stream', 'shuffle', 'dealDeck', 'generator']) {
    refused(() => fairdeal[f](Symbol('s'), input, 1, 1), 'scheme', 'type', f);
  }
});

test('receipt text is read as the CLI reads a file: a key twice, 1.0000000000000001, -0, 1e-400 refused', () => {
  const text = fs.readFileSync(path.join(root, 'docs', 'receipts', 'euchremaster.json'), 'utf8');
  const twice = text.replace('"fingerprint"', '"fingerprint": "0", "fingerprint"');
  for (const call of [() => fairdeal.verify('euchremaster', twice), () => fairdeal.readJson(twice)]) {
    const e = refused(call, 'receipt.fingerprint', 'syntax', 'a key twice');
    assert.equal(e.message, 'receipt.fingerprint: given twice, expected each key of an object once');
  }
  // The CLI's messages for `fairdeal verify euchremaster --input FILE`.
  for (const [dealer, shown] of [['1.0000000000000001', '1.0'], ['-0', '-0.0'], ['1e-400', '0.0']]) {
    const e = refused(() => fairdeal.verify('euchremaster', text.replace('"dealer": 1', `"dealer": ${dealer}`)), 'dealer', 'range', dealer);
    assert.equal(e.message, `dealer: ${shown} is not an integer, expected a seat from 0 to 3`);
  }
  assert.deepEqual(fairdeal.readJson(text), receipt('euchremaster'));
  const e = refused(() => fairdeal.readJson('{"hands": [1,}', 'hands'), 'hands', 'syntax', 'a field of JSON');
  assert.match(e.message, /^hands: not valid JSON \(/);
  refused(() => fairdeal.readJson({}), 'receipt', 'type', 'not text');
});

test('readWritten() reads the actions as a person types them into what play() takes', () => {
  const input = { server_seed: '0432cd98fb3413a7de70f216da63f6dbbd64c75bfb888c013b7409a88cd80333', client_seed: 'replay', nonce: 0 };
  refused(() => fairdeal.play('blackjack', { ...input, actions: 'double' }), 'actions[0]', 'value', 'a word, to play()');
  const method = fairdeal.play('blackjack', { ...input, actions: 'D' });
  for (const words of ['d', 'double', ' Double ']) {
    const text = fairdeal.readWritten('blackjack', { ...input, actions: words });
    assert.equal(typeof text, 'string');
    assert.deepEqual(JSON.parse(text), { ...input, actions: 'D' }, words);
    assert.deepEqual(fairdeal.play('blackjack', text), method, words);
  }
  assert.equal(JSON.parse(fairdeal.readWritten('blackjack', { ...input, actions: 'h, s' })).actions, 'HS');
  // A nonce a JavaScript number cannot hold reaches play() whole.
  assert.match(fairdeal.readWritten('blackjack', '{"nonce": 18446744073709551615, "actions": "s"}'), /18446744073709551615/);
  refused(() => fairdeal.readWritten('blackjack', { ...input, actions: 'hit jump' }), 'actions[1]', 'value', 'no such action');
  refused(() => fairdeal.readWritten('poker', input), 'game', 'value', 'no such game');
  refused(() => fairdeal.readWritten(7, input), 'game', 'type', 'not a name');
});

test('readReceipt() reads a receipt as the site gives it into the object verify() takes', () => {
  for (const { id } of fairdeal.schemes()) {
    const text = fs.readFileSync(path.join(root, 'docs', 'receipts', `${id}.json`), 'utf8');
    const out = fairdeal.readReceipt(text);
    assert.deepEqual(Object.keys(out), ['scheme', 'form', 'receipt', 'missing'], id);
    assert.equal(out.scheme, id, 'found from the fields');
    assert.equal(out.form, 'json');
    assert.deepEqual(out.missing, []);
    assert.equal(out.receipt.scheme, id);
    assert.equal(fairdeal.verify(id, out.receipt).verdict, 'verified', id);
  }
  // The site's verifier command: no fingerprint, asked for by name.
  const house = 'fd2a894a89dd079ce85257935f3082310d836eb2d8ec0a8535e5cfb28449a8ef';
  const command = fairdeal.readReceipt(
    `Command for the verifier script: python3 verify_deal.py ${house} 'the quick brown fox' --hands 3 --patterns 3323,3232,2323`,
  );
  assert.equal(command.form, 'command');
  assert.deepEqual(command.receipt.rules, { shuffle: 'fisher-yates', cut: false });
  assert.equal(command.receipt.phrase, 'the quick brown fox');
  assert.equal(command.missing.length, 1);
  assert.deepEqual(Object.keys(command.missing[0]), ['field', 'ask', 'where']);
  assert.equal(command.missing[0].field, 'fingerprint');
  assert.equal(command.missing[0].ask, 'the fingerprint the app showed before play');
  assert.ok(command.missing[0].where.length > 0);
  refused(() => fairdeal.verify(command.scheme, command.receipt), 'fingerprint', 'missing', 'no fingerprint');
  const fingerprint = 'ebd913807f693cca350eedfb1fb5711ee56e2237d7ffcdf35e1f1a8dacb45232';
  assert.equal(fairdeal.verify(command.scheme, { ...command.receipt, fingerprint }).verdict, 'verified');
  // The lines of the site's page, a value kept exactly (its trailing space).
  const lines = fairdeal.readReceipt(
    'Server seed: c377154f546354bcde10e6ac867a8148269fd1b07adc8b8cbc33b45948611a59\r\n' +
      'Client seed: lucky \r\nNonce: 0\r\n' +
      'Hashed server seed: 62ee07f47f3774f2f0a13c26b8763a50dffe97ea58a06ed09a4ff3da95d43225\r\n',
  );
  assert.equal(lines.form, 'labels');
  assert.equal(lines.receipt.client_seed, 'lucky ');
  assert.equal(lines.receipt.nonce, 0);
  assert.deepEqual(lines.missing, []);
  assert.equal(fairdeal.verify(lines.scheme, lines.receipt).verdict, 'verified');
  // A game's lines.
  const mines = fairdeal.readReceipt('Server seed: s\nClient seed: c\nNonce: 1\nMines: 3\n');
  assert.equal(mines.game, 'mines');
  assert.equal(mines.receipt.game, 'mines');
  // Unreadable text throws as the other functions do.
  refused(() => fairdeal.readReceipt(7), 'receipt', 'type', 'not text');
  refused(() => fairdeal.readReceipt(''), 'receipt', 'missing', 'empty');
  refused(() => fairdeal.readReceipt("python3 verify_deal.py x 'open"), 'receipt', 'value', 'a quote left open');
  refused(() => fairdeal.readReceipt('no label'), 'receipt line 1', 'value', 'no label');
  const both = refused(() => fairdeal.readReceipt('Seed: abc\nFingerprint: abc'), 'scheme', 'value', 'two schemes');
  assert.match(both.message, /fit \S+ and \S+/);
  refused(() => fairdeal.readReceipt(' '.repeat(4 * 1024 * 1024 + 1)), 'receipt', 'value', 'over the limit');
  stillWorks('readReceipt');
});

test('a receipt over 4 MiB is refused before it is read', () => {
  const limit = 4 * 1024 * 1024;
  const message = 'receipt: "more than 4194304 bytes" is not accepted, expected at most 4 MiB of JSON, as the CLI reads an input file';
  const big = `{"seed": "${'a'.repeat(limit)}"}`;
  for (const call of [() => fairdeal.readJson(big), () => fairdeal.verify('euchremaster', big), () => fairdeal.checkSize(limit + 1)]) {
    assert.equal(refused(call, 'receipt', 'value', 'over the limit').message, message);
  }
  // Counted in UTF-8 bytes, as the CLI counts a file: é is two.
  refused(() => fairdeal.readJson(`"${'é'.repeat(limit / 2)}"`), 'receipt', 'value', 'in bytes');
  assert.equal(fairdeal.checkSize(limit), undefined);
  assert.equal(fairdeal.checkSize(0, 'hands'), undefined);
  refused(() => fairdeal.checkSize(Infinity, 'hands'), 'hands', 'value', 'Infinity');
  refused(() => fairdeal.checkSize('12'), 'bytes', 'type', 'a string');
  refused(() => fairdeal.checkSize(NaN), 'bytes', 'type', 'NaN');
  stillWorks('a receipt over the limit');
});

test('shown() writes a value as the CLI\'s verdict does, invisible characters escaped', () => {
  assert.equal(fairdeal.shown('\u202Eykcul\u202C'), '"\\u{202e}ykcul\\u{202c}"');
  assert.equal(fairdeal.shown('a\u200Bb\u2066c\u001b[2J'), '"a\\u{200b}b\\u{2066}c\\u{1b}[2J"');
  assert.equal(fairdeal.shown('lucky'), '"lucky"');
  assert.equal(fairdeal.shown(['12', '', '\u202E7']), '["12", "", "\\u{202e}7"]');
  assert.equal(fairdeal.shown([1, 2, 3]), '(3 given)');
  assert.equal(fairdeal.shown({ cut: true }), '{cut: true}');
  assert.equal(fairdeal.shown(3), '3');
  assert.equal(fairdeal.shown('x'.repeat(100)), `"${'x'.repeat(80)}"... (100 characters)`);
});

function without(object, keys) {
  return Object.fromEntries(Object.entries(object).filter(([k]) => !keys.includes(k)));
}
