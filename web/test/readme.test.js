// Every ```js block of web/pkg-node/README.md, run as it is written against
// the built package (web/pkg-node, made by web/build.sh), so that the code a
// reader copies works: each block is a file of a scratch project whose
// node_modules/fairdeal is the package, with what the blocks name around it
// (the port's src/euchremaster.js, a receipts.jsonl). The one change is the
// placeholder path /path/to/fairdeal, which becomes this repository's.
// Run: node --test web/test/readme.test.js
'use strict';

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { before, after, test } = require('node:test');

const root = path.resolve(__dirname, '..', '..');
const PACKAGE = path.join(root, 'web', 'pkg-node');
const README = path.join(PACKAGE, 'README.md');
const PLACEHOLDER = '/path/to/fairdeal';

/** Returns the README's ```js blocks, each with the line it starts on. */
function blocks(text) {
  const out = [];
  const lines = text.split('\n');
  let block = null;
  lines.forEach((line, i) => {
    if (block === null && /^```js\s*$/.test(line)) {
      block = { line: i + 2, code: [] };
    } else if (block !== null && /^```\s*$/.test(line)) {
      out.push({ line: block.line, code: `${block.code.join('\n')}\n` });
      block = null;
    } else if (block !== null) {
      block.code.push(line);
    }
  });
  assert.equal(block, null, 'a ```js block is not closed');
  return out;
}

/** Counts every case of every vector file, as the README's loop should run them. */
function vectorCases() {
  const dir = path.join(root, 'vectors');
  let count = 0;
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json') && n !== 'schema.json')) {
    const file = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    for (const group of file.groups) count += group.cases.length;
  }
  return count;
}

let project;

before(() => {
  assert.ok(fs.existsSync(path.join(PACKAGE, 'fairdeal_wasm.js')), 'web/pkg-node is not built: run bash web/build.sh first');
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'fairdeal-readme-'));
  fs.mkdirSync(path.join(project, 'node_modules'));
  fs.symlinkSync(PACKAGE, path.join(project, 'node_modules', 'fairdeal'), 'dir');
  // The port the first block tests: here, the package itself.
  fs.mkdirSync(path.join(project, 'src'));
  fs.writeFileSync(path.join(project, 'src', 'euchremaster.js'), [
    "const fairdeal = require('fairdeal');",
    "exports.myDeal = (input) => fairdeal.deal('euchremaster', input).hands;",
    '',
  ].join('\n'));
  // The batch the large-batch block reads: the sample receipts, one a line.
  const receipts = fs.readdirSync(path.join(root, 'docs', 'receipts'))
    .filter((n) => n.endsWith('.json'))
    .map((n) => JSON.stringify({ scheme: path.basename(n, '.json'), ...JSON.parse(fs.readFileSync(path.join(root, 'docs', 'receipts', n), 'utf8')) }));
  fs.writeFileSync(path.join(project, 'receipts.jsonl'), `${receipts.join('\n')}\n`);
  fs.mkdirSync(path.join(project, 'test'));
});

after(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

const text = fs.readFileSync(README, 'utf8');
const found = blocks(text);

test('the README has its code blocks, and names the vectors by the placeholder path', () => {
  assert.ok(found.length >= 3, `${found.length} js blocks`);
  assert.ok(found.some((b) => b.code.includes(`'${PLACEHOLDER}/vectors'`)), 'the vector loop reads /path/to/fairdeal/vectors');
});

found.forEach((block, i) => {
  test(`README.md line ${block.line}: the block runs as written`, { timeout: 300_000 }, () => {
    const code = block.code.split(PLACEHOLDER).join(root);
    const file = path.join(project, 'test', `block-${i + 1}.js`);
    fs.writeFileSync(file, code);
    // A block that declares node:test tests is a test file; the others are scripts.
    const args = /require\('node:test'\)/.test(code) ? ['--test', file] : [file];
    const run = spawnSync(process.execPath, args, { cwd: project, encoding: 'utf8', timeout: 280_000 });
    const output = `${run.stdout}\n${run.stderr}`;
    assert.equal(run.status, 0, `exit ${run.status}:\n${output.slice(-4000)}`);
    if (code.includes(`${root}/vectors`)) {
      const want = vectorCases();
      assert.match(run.stdout, new RegExp(`^${want} vector cases pass$`, 'm'), `every one of the ${want} cases:\n${output.slice(-2000)}`);
    }
    if (code.includes('receipts.jsonl')) {
      const lines = fs.readFileSync(path.join(project, 'receipts.jsonl'), 'utf8').trim().split('\n').length;
      assert.match(run.stdout, new RegExp(`receipts: ${lines}, verified: ${lines}`), output);
    }
  });
});
