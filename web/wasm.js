// The wasm package (web/pkg, made by `bash web/build.sh`), loaded once for
// every module of the page: each reads receipts (readJson, checkSize) and
// shows their values (shown) through it, by the CLI's own rules, never by
// rules of its own.

let pkg = null;

/** Loads the package; throws when it cannot be had (not built, file://). */
export async function load() {
  const module = await import('./pkg/fairdeal_wasm.js');
  await module.default();
  pkg = module;
  return pkg;
}

/** Returns the loaded package. */
export function fairdeal() {
  if (!pkg) throw new Error('the verifier is not loaded yet');
  return pkg;
}

/**
 * A field's JSON exactly as it was typed (read by readJson, so one value):
 * put into a receipt's text as it is, so that a number JavaScript would
 * read otherwise (1.0, an integer past 2^53) reaches the verifier as written.
 */
export class RawJson {
  constructor(text) {
    this.text = text;
  }
}

/** Returns the JSON text of a receipt object, each RawJson value as it was typed. */
export function receiptText(receipt) {
  const fields = Object.entries(receipt).filter(([, value]) => value !== undefined).map(([key, value]) => `${JSON.stringify(key)}:${
    value instanceof RawJson ? value.text : JSON.stringify(value)}`);
  return `{${fields.join(',')}}`;
}
