// Every case of every vector file through the node package (web/pkg-node,
// built by web/build.sh), which must agree with each one: trace cases through
// deal(), invalid cases through the Error it throws (its field and kind),
// stream, generator, shuffle and deal cases through the stage functions, game
// cases through play() or roll(). Run: node --test web/test/vectors.test.js
'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { describe, test } = require('node:test');


const root = path.resolve(__dirname, '..', '..');
const fairdeal = require(path.join(root, 'web', 'pkg-node'));

// Each game's verb, from the package's own scheme list.
const verbs = new Map();
for (const scheme of fairdeal.schemes()) {
  for (const game of scheme.games) verbs.set(game.name, game.verb);
}

// Runs one case through the package: what the case's kind says runs. Every
// argument that holds a number a JavaScript value cannot (1.0) goes as the
// JSON text the file gives, which the package reads as the CLI reads a file.
function run(scheme, kind, c) {
  const input = argument(c.input);
  switch (kind) {
    case 'trace':
    case 'invalid':
      return fairdeal.deal(scheme, input);
    case 'stream':
      return fairdeal.stream(scheme, input, c.count, c.deal);
    case 'generator':
      return fairdeal.generator(scheme, argument(c.state), c.count);
    case 'shuffle':
      return fairdeal.shuffle(scheme, input, argument(c.randoms), c.deal);
    case 'deal':
      return fairdeal.dealDeck(scheme, input, argument(c.deck), c.deal);
    case 'game': {
      const verb = verbs.get(c.game);
      assert.ok(verb === 'play' || verb === 'roll', `game ${c.game} is listed by schemes()`);
      const out = fairdeal[verb](c.game, input, argument(c.randoms));
      // The package says, as the CLI does, that no fingerprint was given;
      // the vectors hold the game's output alone.
      assert.equal(out.fingerprint_checked, false);
      delete out.fingerprint_checked;
      return out;
    }
    default:
      throw new Error(`a kind of group this test does not run: ${kind}`);
  }
}

// JSON as the vector files write it, each object and list remembering its
// own text: a number such as `1.0` (a case's refused fraction) becomes 1 in
// a JavaScript value, so an argument that holds one is given as its text.
const RAW = Symbol('raw JSON text');

function parse(text) {
  let at = 0;
  const fail = (what) => {
    throw new SyntaxError(`${what} at offset ${at}`);
  };
  const space = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at])) at += 1;
  };
  const remember = (value, start, lossy) => {
    Object.defineProperty(value, RAW, { value: { text: text.slice(start, at), lossy } });
    return value;
  };
  // Returns [value, lossy]: lossy when some number in it is not written as
  // JavaScript writes the number it reads.
  const value = () => {
    space();
    const start = at;
    const ch = text[at];
    if (ch === '{') {
      at += 1;
      const out = {};
      let lossy = false;
      space();
      if (text[at] === '}') {
        at += 1;
        return [remember(out, start, false), false];
      }
      for (;;) {
        space();
        const [key] = value();
        if (typeof key !== 'string') fail('a key');
        space();
        if (text[at] !== ':') fail('":"');
        at += 1;
        const [item, itemLossy] = value();
        out[key] = item;
        lossy = lossy || itemLossy;
        space();
        if (text[at] === ',') at += 1;
        else if (text[at] === '}') break;
        else fail('"," or "}"');
      }
      at += 1;
      return [remember(out, start, lossy), lossy];
    }
    if (ch === '[') {
      at += 1;
      const out = [];
      let lossy = false;
      space();
      if (text[at] === ']') {
        at += 1;
        return [remember(out, start, false), false];
      }
      for (;;) {
        const [item, itemLossy] = value();
        out.push(item);
        lossy = lossy || itemLossy;
        space();
        if (text[at] === ',') at += 1;
        else if (text[at] === ']') break;
        else fail('"," or "]"');
      }
      at += 1;
      return [remember(out, start, lossy), lossy];
    }
    if (ch === '"') {
      at += 1;
      while (text[at] !== '"') {
        if (at >= text.length) fail('the end of a string');
        at += text[at] === '\\' ? 2 : 1;
      }
      at += 1;
      return [JSON.parse(text.slice(start, at)), false];
    }
    const word = /^(?:true|false|null|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at, at + 400));
    if (!word) fail('a JSON value');
    at += word[0].length;
    const read = JSON.parse(word[0]);
    return [read, typeof read === 'number' && String(read) !== word[0]];
  };
  const [out] = value();
  space();
  if (at !== text.length) fail('the end of the text');
  return out;
}

// Returns a value to give the package: itself, or its JSON text when a
// JavaScript value would not hold it exactly.
function argument(value) {
  if (value !== null && typeof value === 'object' && value[RAW].lossy) return value[RAW].text;
  return value;
}

const files = fs
  .readdirSync(path.join(root, 'vectors'))
  .filter((name) => name.endsWith('.json') && name !== 'schema.json')
  .sort();

test('there are vector files, one per scheme of the package', () => {
  const ids = fairdeal.schemes().map((s) => s.id).sort();
  assert.deepEqual(files.map((name) => name.replace(/\.json$/, '')), ids);
});

for (const name of files) {
  const file = parse(fs.readFileSync(path.join(root, 'vectors', name), 'utf8'));
  describe(`vectors/${name}`, () => {
    for (const group of file.groups) {
      for (const c of group.cases) {
        test(`${group.kind} ${c.id} (#${c.number})`, () => {
          if (c.error) {
            assert.throws(
              () => run(file.scheme, group.kind, c),
              (e) => {
                assert.ok(e instanceof Error, 'an Error is thrown');
                assert.deepEqual(
                  { field: e.field, kind: e.kind },
                  { field: c.error.field, kind: c.error.kind },
                  e.message,
                );
                assert.ok(e.message.length > 0);
                return true;
              },
            );
          } else {
            assert.deepStrictEqual(run(file.scheme, group.kind, c), c.expected);
          }
        });
      }
    }
  });
}
