// A shareable link: the receipt's JSON text, UTF-8, base64url, in the URL's
// fragment (`#r=...`). A browser never sends the fragment to a server, so
// the receipt stays with whoever holds the link. The text is carried as it
// is, and read back by the verifier as a pasted receipt is (readReceipt).

/** Returns the fragment (`#r=...`) that carries the receipt's JSON `text`. */
export function encodeReceipt(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `#r=${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/**
 * Returns what a fragment carries: null when it carries no receipt, else
 * `{ bytes, text }`, `bytes` the receipt's size (known before it is
 * decoded) and `text()` its JSON text; `text()` throws an Error saying why
 * when it cannot be read.
 */
export function decodeReceipt(hash) {
  const match = /^#r=(.*)$/s.exec(hash || '');
  if (!match) return null;
  const encoded = match[1];
  return {
    // Unpadded base64: 3 bytes for each 4 characters.
    bytes: Math.floor((encoded.length * 3) / 4),
    text() {
      const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
      let binary;
      try {
        binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
      } catch {
        throw new Error('the link is cut or changed: its receipt is not base64url');
      }
      const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw new Error('the link is cut or changed: its receipt is not UTF-8 text');
      }
    },
  };
}

/** Returns the address of this page with the receipt's JSON `text` in its fragment. */
export function linkFor(text) {
  const { origin, pathname, search } = window.location;
  const base = origin === 'null' ? window.location.href.replace(/#.*$/s, '') : origin + pathname + search;
  return base + encodeReceipt(text);
}
