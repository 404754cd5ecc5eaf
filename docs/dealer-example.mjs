// A game server and its player over `fairdeal serve` (docs/dealer.md, "The
// service"), in JavaScript with Node's built-in fetch (Node 18 or later;
// nothing to install):
//
//   fairdeal serve --token-file token &
//   FAIRDEAL_SERVE_TOKEN="$(cat token)" node docs/dealer-example.mjs http://127.0.0.1:8417
//
// The game server commits to a euchremaster seed and shows the fingerprint,
// takes the player's cut, deals and, after play, reveals. The player reads
// the commitment before play and the receipt after, checks the revealed seed
// against the fingerprint shown, and can run `fairdeal verify` on the
// receipt (printed last) for the whole deal.
import { createHash } from "node:crypto";

const base = process.argv[2] ?? "http://127.0.0.1:8417";
const token = process.env.FAIRDEAL_SERVE_TOKEN;
if (!token) {
  console.error("set FAIRDEAL_SERVE_TOKEN to the service's token");
  process.exit(2);
}

// One request: JSON in and out; the operator's with the bearer token.
async function call(method, path, { body, operator = true } = {}) {
  const headers = {};
  if (operator) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, answer: await response.json() };
}

// The answer when its status is the one expected; else the service's error.
function expect({ status, answer }, wanted) {
  if (status !== wanted) {
    const e = answer.error ?? {};
    throw new Error(`${status} ${e.kind} (${e.field}): ${e.message}`);
  }
  return answer;
}

// The game server commits before play: the fingerprint is shown.
const round = expect(await call("POST", "/rounds", { body: { scheme: "euchremaster" } }), 201);
console.log(`game server: round ${round.id} committed, fingerprint ${round.fingerprint}`);

// The player reads the commitment; the receipt is refused before the reveal.
const shown = expect(await call("GET", `/rounds/${round.id}`, { operator: false }), 200);
const early = await call("GET", `/rounds/${round.id}/receipt`, { operator: false });
console.log(`player: before the deal, the receipt is refused (${early.status}): ${early.answer.error.message}`);

// The player's cut, taken after the commitment; the deal.
const dealt = expect(
  await call("POST", `/rounds/${round.id}/deal`, { body: { cut: "K7 cut", dealer: 1 } }),
  200,
);
console.log(`game server: dealt; the player's hand ${dealt.deal.hands[0].join(" ")}`);

// After play: the seed revealed.
expect(await call("POST", `/rounds/${round.id}/reveal`), 200);

// The player fetches the receipt and checks the seed against the fingerprint
// shown before play (docs/schemes/euchremaster.md, step 1).
const receipt = expect(await call("GET", `/rounds/${round.id}/receipt`, { operator: false }), 200);
const recomputed = createHash("sha256").update(receipt.seed).digest("hex");
if (recomputed !== shown.fingerprint) {
  console.error("player: NOT VERIFIED: SHA-256(seed) is not the fingerprint shown before play");
  process.exit(1);
}
console.log("player: SHA-256(seed) is the fingerprint shown before play; the receipt:");
console.log(JSON.stringify(receipt));
