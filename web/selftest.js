// The page's self-test: before it accepts a receipt, the page runs a few
// published vector cases of each scheme through its wasm package and
// compares every value with the published one. The cases are those of
// pkg/selftest.json, which web/build.sh writes from vectors/*.json
// (web/tools/selftest.py): the first trace cases of each file and a case of
// each game. They come from the page's own folder, never from the network.
// A build that does not reproduce them (a stale or altered package, a
// browser that computes otherwise) refuses to verify anything.

/** Where the cases are, beside the package. */
export const CASES = './pkg/selftest.json';

/** Returns where `got` first differs from `want` (`hands[2][0]`), or null when they are equal. */
export function firstDifference(got, want, at = '') {
  if (Array.isArray(want)) {
    if (!Array.isArray(got)) return at || 'the value';
    if (got.length !== want.length) return `${at || 'the list'} (length ${got.length}, published ${want.length})`;
    for (let i = 0; i < want.length; i += 1) {
      const d = firstDifference(got[i], want[i], `${at}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (want !== null && typeof want === 'object') {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return at || 'the value';
    const keys = new Set([...Object.keys(want), ...Object.keys(got)]);
    for (const key of keys) {
      const d = firstDifference(got[key], want[key], at ? `${at}.${key}` : key);
      if (d) return d;
    }
    return null;
  }
  return Object.is(got, want) || got === want ? null : (at || 'the value');
}

/** Runs one case through the package; returns why it failed, or null. */
function runCase(fairdeal, verbs, c) {
  let out;
  try {
    if (c.kind === 'trace') {
      out = fairdeal.deal(c.scheme, c.input);
    } else if (c.kind === 'game' && verbs.has(c.game)) {
      // The published outcome is the game's alone: no fingerprint was given.
      out = fairdeal[verbs.get(c.game)](c.game, c.input);
      delete out.fingerprint_checked;
    } else {
      return `a case of kind ${c.kind} the self-test does not run`;
    }
  } catch (e) {
    return `refused: ${e.message}`;
  }
  const where = firstDifference(out, c.expected);
  return where ? `${where} differs from the published value` : null;
}

/**
 * Reads the cases and runs them: `{ passed, total, failures: [{ file, id,
 * why }] }`. Throws an Error saying why when the cases cannot be read.
 */
export async function selfTest(fairdeal, schemes) {
  let list;
  try {
    const response = await fetch(CASES, { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    list = (await response.json()).cases;
  } catch (e) {
    throw new Error(`the published vectors could not be read (${CASES}: ${e.message})`);
  }
  if (!Array.isArray(list) || list.length === 0) {
    throw new Error(`the published vectors could not be read (${CASES} holds no case)`);
  }
  const verbs = new Map(schemes.flatMap((s) => s.games.map((g) => [g.name, g.verb])));
  const failures = [];
  for (const c of list) {
    const why = runCase(fairdeal, verbs, c);
    if (why) failures.push({ file: c.file, id: c.id, why });
  }
  return { passed: list.length - failures.length, total: list.length, failures };
}
