// Small helpers to build the page's elements. Text is always set as text,
// never as HTML: a receipt (from a paste or a link) is untrusted.

/** Returns a new `tag` element with `props` (class, data-*, aria-*, for, role as attributes) and `children`. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === 'class') node.className = value;
    else if (key.startsWith('data-') || key.startsWith('aria-') || key === 'for' || key === 'role') {
      node.setAttribute(key, value);
    } else node[key] = value;
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

/** Returns a field's name for a person: `server_seed` → "server seed". */
export const words = (name) => name.replace(/_/g, ' ');
