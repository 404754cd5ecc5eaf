// A TypeScript user of the node package, type-checked by tsc --noEmit
// (web/test/types.test.js): every export is called as a port would, and
// what it returns is read by its declared shape; the last lines, each
// marked as an expected error, must be refused, so that the types say
// something.
import fairdeal = require('../../pkg-node/fairdeal_wasm');

const list: fairdeal.SchemeInfo[] = fairdeal.schemes();
for (const scheme of list) {
  const id: string = scheme.id;
  const hashes: string = scheme.commitment.hashes;
  for (const field of scheme.fields) {
    const required: boolean = field.required;
    if (field.rule.kind === 'fixed-seat') {
      const max: number = field.rule.max;
      console.log(max);
    }
    const labels: string[] = (field.choices ?? []).map((c) => c.label);
    console.log(required, labels);
  }
  for (const game of scheme.games) {
    const verb: 'play' | 'roll' = game.verb;
    console.log(verb);
  }
  console.log(id, hashes);
}

const input = { seed: 'a3db4a8e5322c846c705edac4ef9e64d32589e5fe76535c69386c37916dfc09a', cut: 'K7 cut', dealer: 1 };
const trace: fairdeal.Trace = fairdeal.deal('euchremaster', input);
const view: fairdeal.DealView = fairdeal.view('euchremaster', JSON.stringify(input));
const seats: number = view.deals[0][0].seats;
const deck: fairdeal.Card[] = view.deals[0][1];
console.log(trace.fingerprint, seats, deck);

const verdict = fairdeal.verify('euchremaster', { ...input, fingerprint: '0'.repeat(64), hand: 'Tc 9s 9d Jd Ad' });
if (verdict.verdict === 'verified') {
  const matched: string = verdict.fingerprint;
  const covered: [string, fairdeal.Json][] = verdict.covered;
  const hands: fairdeal.Card[][] = verdict.view.deals.map(([table]) => table.hands[0]);
  console.log(matched, covered, hands);
} else if (verdict.failure.check === 'fingerprint') {
  const computed: string = verdict.failure.computed;
  const hints: string[] = verdict.hints;
  console.log(computed, hints);
}

const round = fairdeal.play('blackjack', { server_seed: 's', client_seed: 'c', nonce: 0, actions: 'S' });
if ('verdict' in round) {
  console.log(round.verdict);
} else {
  const checked: boolean = round.fingerprint_checked;
  console.log(checked);
}
const spin: fairdeal.GameResult = fairdeal.roll('roulette', { server_seed: 's', client_seed: 'c' }, [0.5]);
console.log(spin);

const batch = fairdeal.verifyBatch('{}\n');
if (Array.isArray(batch)) {
  const first: fairdeal.BatchVerdict = batch[0];
  console.log(first.line, first.verdict, first.error?.message);
}
const tally: fairdeal.BatchVerdict[] | fairdeal.BatchTally = fairdeal.verifyBatch('{}\n', (v) => console.log(v.line));
console.log(tally);
const verifier = new fairdeal.BatchVerifier((v: fairdeal.BatchVerdict) => console.log(v.verdict));
verifier.push('{}');
verifier.push(new Uint8Array([10]));
const count: fairdeal.BatchTally = verifier.finish();
console.log(count.receipts);

const value: fairdeal.Json = fairdeal.readJson('{"a": [1, 2.5, null]}', 'receipt');
fairdeal.checkSize(10);
const shown: string = fairdeal.shown('\u202eykcul');
const randoms: (number | string)[] = fairdeal.stream('euchremaster', input, 4).randoms;
const drawn: fairdeal.Randoms = fairdeal.generator('sfc32-lock', { a: 1, b: 2, c: 3, d: 4 }, 2);
const shuffled: fairdeal.Shuffled = fairdeal.shuffle('euchremaster', input, [1, 2, 3], 1);
const dealt: fairdeal.DealtDeck = fairdeal.dealDeck('euchremaster', input, deck);
console.log(value, shown, randoms, drawn, shuffled.consumed, dealt);

try {
  fairdeal.deal('euchremaster', {});
} catch (e) {
  const error = e as fairdeal.FairdealError;
  console.log(error.field, error.kind, error.message);
}

// The types refuse what the package refuses.
// @ts-expect-error a scheme is a string
fairdeal.deal(7, input);
// @ts-expect-error schemes() lists objects, not strings
const ids: string[] = fairdeal.schemes();
// @ts-expect-error a verdict is verified or not-verified
const wrong: 'ok' = fairdeal.verify('euchremaster', input).verdict;
// @ts-expect-error onVerdict is given a verdict, not a number
new fairdeal.BatchVerifier((v: number) => v);
console.log(ids, wrong);
