// A batch of receipts through web/pkg-node in bounded memory: a
// BatchVerifier fed chunk by chunk and verifyBatch(text, onVerdict) give
// each verdict as its line ends, so the module's memory (which never
// shrinks) stays what it was however long the batch; a text too long is
// refused before it is copied in. Memory is read from the module's own
// WebAssembly.Memory, a count of pages, not a clock. Run: node --test
// web/test/batch.test.js, after web/build.sh.
'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');

const root = path.resolve(__dirname, '..', '..');

// The package's WebAssembly.Memory, caught as the package instantiates its
// module (this file runs in a process of its own under node --test).
let memory = null;
const { Instance } = WebAssembly;
WebAssembly.Instance = class extends Instance {
  constructor(module, imports) {
    super(module, imports);
    memory ??= this.exports.memory;
  }
};
const fairdeal = require(path.join(root, 'web', 'pkg-node'));
WebAssembly.Instance = Instance;

const MiB = 1024 * 1024;
/** What the module may grow to: its start, the longest line it keeps (4 MiB), pieces, room. */
const BOUND = 16 * MiB;
const sample = fs.readFileSync(path.join(root, 'docs', 'receipts', 'batch.jsonl'), 'utf8');

/** The sample batch (12 lines) with refused lines to make `lines` in all. */
function batchOf(lines) {
  const block = `${sample}${'{"scheme": "nope"}\n'.repeat(88)}`;
  return block.repeat(Math.ceil(lines / 100)).split('\n').slice(0, lines).join('\n') + '\n';
}

/** Feeds `chunks` to a BatchVerifier; returns its verdicts and count. */
function fed(chunks) {
  const verdicts = [];
  const verifier = new fairdeal.BatchVerifier((v) => verdicts.push(v));
  for (const chunk of chunks) verifier.push(chunk);
  return { verdicts, tally: verifier.finish() };
}

test('60,000 lines fed in chunks are verified in the memory the module started with', () => {
  assert.ok(memory instanceof WebAssembly.Memory, 'the package\'s memory was caught');
  const text = batchOf(60_000);
  const bytes = Buffer.from(text);
  const counts = { verified: 0, 'not-verified': 0, invalid: 0 };
  let last = 0;
  const verifier = new fairdeal.BatchVerifier((v) => {
    assert.equal(v.line, last + 1, 'in order, none blank');
    last = v.line;
    counts[v.verdict] += 1;
  });
  for (let at = 0; at < bytes.length; at += 100_000) {
    verifier.push(bytes.subarray(at, at + 100_000));
    assert.ok(memory.buffer.byteLength <= BOUND, `${memory.buffer.byteLength} bytes at byte ${at}`);
  }
  const tally = verifier.finish();
  assert.deepEqual(tally, { receipts: 60_000, verified: counts.verified, not_verified: counts['not-verified'], invalid: counts.invalid });
  assert.equal(counts.verified, 600 * 7);
  assert.equal(last, 60_000);
  // The same text in one string: read a piece at a time, never copied whole.
  let given = 0;
  assert.deepEqual(fairdeal.verifyBatch(text, () => { given += 1; }), tally);
  assert.equal(given, 60_000);
  assert.ok(memory.buffer.byteLength <= BOUND, `${memory.buffer.byteLength} bytes`);
});

test('a line over 4 MiB is refused and skipped, the module holding no more than the limit', () => {
  const line = `{"seed": "${'a'.repeat(6 * MiB)}"}`;
  const text = `${sample.split('\n')[0]}\n${line}\n${sample.split('\n')[0]}\n`;
  const pieces = [];
  for (let at = 0; at < text.length; at += 65_536) pieces.push(text.slice(at, at + 65_536));
  const { verdicts } = fed(pieces);
  assert.deepEqual(verdicts.map((v) => [v.line, v.verdict]), [[1, 'verified'], [2, 'invalid'], [3, 'verified']]);
  assert.equal(verdicts[1].error.message,
    'receipt: "a line over 4194304 bytes" is not accepted, expected one receipt per line, each a few KiB at most');
  assert.ok(memory.buffer.byteLength <= BOUND, `${memory.buffer.byteLength} bytes`);
});

test('a text, a receipt or a name too long is refused before it is copied into the module', () => {
  const before = memory.buffer.byteLength;
  const long = 'x'.repeat(64 * MiB);
  assert.throws(() => fairdeal.verifyBatch(long), { field: 'text', kind: 'range' });
  assert.throws(() => fairdeal.readJson(long), { field: 'receipt', kind: 'value' });
  assert.throws(() => fairdeal.verify('euchremaster', long), { field: 'receipt', kind: 'value' });
  assert.throws(() => fairdeal.deal(long, {}), { field: 'scheme', kind: 'length' });
  assert.throws(() => fairdeal.shown(long), { field: 'value', kind: 'value' });
  assert.equal(memory.buffer.byteLength, before, 'nothing was copied in');
});

test('every way of reading a batch gives the same verdicts, blank lines skipped and counted', () => {
  const text = `\uFEFF${sample}\n \t\r\n\uFEFF\n{"scheme": 1}\r\n\u00A0\n{"scheme": "n\u{1F0A1}pe"}\n${sample.split('\n')[0]}`;
  const whole = fairdeal.verifyBatch(text);
  assert.deepEqual(whole.map((v) => v.line), [...Array(12).keys()].map((i) => i + 1).concat([16, 17, 18, 19]));
  assert.equal(whole[0].verdict, 'verified', 'after a byte-order mark');
  assert.equal(whole[13].error.kind, 'syntax', 'U+00A0 is not blank');
  assert.match(whole[14].error.message, /"n\u{1F0A1}pe"/u, 'a character outside the BMP, whole');
  assert.equal(whole[15].verdict, 'verified', 'no newline at the end');
  const streamed = [];
  const tally = fairdeal.verifyBatch(text, (v) => streamed.push(v));
  assert.deepEqual(streamed, whole);
  assert.equal(tally.receipts, whole.length);
  // Strings split at every place, surrogate pairs included; bytes split anywhere.
  const bytes = Buffer.from(text);
  for (let at = 0; at <= text.length; at += 1) {
    assert.deepEqual(fed([text.slice(0, at), text.slice(at)]).verdicts, whole, `split at ${at}`);
  }
  for (let at = 0; at <= bytes.length; at += 5) {
    assert.deepEqual(fed([bytes.subarray(0, at), '', bytes.subarray(at)]).verdicts, whole, `bytes split at ${at}`);
  }
  assert.deepEqual(fed([...text]).verdicts, whole, 'a character at a time');
});

test('onVerdict: a throw stops the batch, a call from inside it is refused', () => {
  assert.throws(() => new fairdeal.BatchVerifier(), { field: 'onVerdict', kind: 'type' });
  assert.throws(() => fairdeal.verifyBatch(sample, 'no'), { field: 'onVerdict', kind: 'type' });
  const stop = new fairdeal.BatchVerifier(() => { throw new RangeError('enough'); });
  assert.throws(() => stop.push(sample), { name: 'RangeError', message: 'enough' });
  assert.throws(() => stop.push(sample), { field: 'call', kind: 'value' });
  assert.throws(() => new fairdeal.BatchVerifier(() => {}).push(7), { field: 'chunk', kind: 'type' });
  let inside = null;
  const again = new fairdeal.BatchVerifier(() => {
    try {
      again.push('\n');
    } catch (e) {
      inside ??= e;
    }
  });
  again.push(sample);
  assert.deepEqual([inside.field, inside.kind], ['call', 'value'], inside.message);
  assert.equal(again.finish().receipts, 12);
  // Finished, it starts a new batch.
  again.push(sample.split('\n')[0]);
  assert.deepEqual(again.finish(), { receipts: 1, verified: 1, not_verified: 0, invalid: 0 });
  let depth = 0;
  const deeper = () => fairdeal.verifyBatch(sample, () => { depth += 1; deeper(); });
  assert.throws(deeper, { field: 'call', kind: 'range' });
  assert.equal(depth, 8);
  assert.equal(fairdeal.verify('euchremaster', JSON.parse(sample.split('\n')[0])).verdict, 'verified');
});
