// The header that README.md and docs/fuzzing.md tell a host to send is the
// page's own <meta> policy with frame-ancestors 'none' added, so that the
// advice cannot drift from the page. Run: node --test web/test/csp.test.js.
'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');

const root = path.resolve(__dirname, '..', '..');
const read = (...parts) => fs.readFileSync(path.join(root, ...parts), 'utf8');

test('the documented CSP header is the page policy with frame-ancestors none', () => {
  const meta = read('web', 'index.html').match(
    /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/,
  );
  assert.ok(meta, 'web/index.html has its policy in a meta tag');
  const header = `Content-Security-Policy: ${meta[1]}; frame-ancestors 'none'`;
  for (const doc of [['README.md'], ['docs', 'fuzzing.md']]) {
    const lines = read(...doc).split('\n').map((line) => line.trim());
    assert.ok(lines.includes(header), `${doc.join('/')} gives: ${header}`);
    assert.ok(lines.includes('X-Content-Type-Options: nosniff'), doc.join('/'));
  }
});

test('every documented command that serves the page binds 127.0.0.1 alone', () => {
  const files = [['README.md'], ['web', 'pkg-node', 'README.md'], ['web', 'index.html'], ['web', 'boot.js'], ['web', 'app.js'],
    ...fs.readdirSync(path.join(root, 'docs')).filter((n) => n.endsWith('.md')).map((n) => ['docs', n])];
  let commands = 0;
  for (const file of files) {
    for (const line of read(...file).split('\n')) {
      if (!line.includes('http.server')) continue;
      commands += 1;
      assert.match(line, /http\.server --bind 127\.0\.0\.1\b/, `${file.join('/')}: ${line.trim()}`);
    }
  }
  assert.ok(commands >= 2, `${commands} commands`);
});
