// A shareable link: the receipt as JSON, UTF-8, base64url, in the URL's
// fragment (`#r=...`). A browser never sends the fragment to a server, so
// the receipt stays with whoever holds the link.

/** Returns the fragment (`#r=...`) that carries `receipt`. */
export function encodeReceipt(receipt) {
  const bytes = new TextEncoder().encode(JSON.stringify(receipt));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `#r=${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/**
 * Returns the receipt a fragment carries, null when it carries none;
 * throws an Error saying why when it cannot be read.
 */
export function decodeReceipt(hash) {
  const match = /^#r=(.*)$/s.exec(hash || '');
  if (!match) return null;
  const text = match[1].replace(/-/g, '+').replace(/_/g, '/');
  let binary;
  try {
    binary = atob(text + '='.repeat((4 - (text.length % 4)) % 4));
  } catch {
    throw new Error('the link is cut or changed: its receipt is not base64url');
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  let json;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('the link is cut or changed: its receipt is not UTF-8 text');
  }
  let receipt;
  try {
    receipt = JSON.parse(json);
  } catch {
    throw new Error('the link is cut or changed: its receipt is not JSON');
  }
  if (receipt === null || typeof receipt !== 'object' || Array.isArray(receipt)) {
    throw new Error('the link\'s receipt is not a JSON object');
  }
  return receipt;
}

/** Returns the address of this page with `receipt` in its fragment. */
export function linkFor(receipt) {
  const { origin, pathname, search } = window.location;
  const base = origin === 'null' ? window.location.href.replace(/#.*$/s, '') : origin + pathname + search;
  return base + encodeReceipt(receipt);
}
