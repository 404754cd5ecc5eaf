// Cards as a person reads them: suit symbols (10♥), hearts and diamonds in
// red, a hand sorted by suit and rank for reading (the method's order stays
// in the stages). Mirrors crates/fairdeal/src/render/cards.rs.

const SUITS = {
  s: { symbol: '♠', name: 'spades', red: false, order: 1 },
  h: { symbol: '♥', name: 'hearts', red: true, order: 2 },
  c: { symbol: '♣', name: 'clubs', red: false, order: 3 },
  d: { symbol: '♦', name: 'diamonds', red: true, order: 4 },
};
const RANKS = 'AKQJT98765432';
const RANK_NAMES = {
  A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: '10',
};

/** Returns `code` ("Th", "Jk") read: its text, spoken name and colour. */
export function readCard(code) {
  if (code === 'Jk') return { text: 'Joker', name: 'joker', red: false };
  const suit = typeof code === 'string' && code.length === 2 ? SUITS[code[1]] : undefined;
  if (!suit || !RANKS.includes(code[0])) {
    return { text: String(code), name: String(code), red: false };
  }
  const rank = code[0] === 'T' ? '10' : code[0];
  return {
    text: rank + suit.symbol,
    name: `${RANK_NAMES[code[0]] || rank} of ${suit.name}`,
    red: suit.red,
  };
}

/**
 * Returns one card as an element: the symbol drawn (10♥), and its name
 * for a screen reader (role img, "10 of hearts"); copied text stays 10♥.
 * A card `marked` (one that differs from what you recorded) is drawn
 * outlined, and said so.
 */
export function cardElement(code, { marked = false } = {}) {
  const card = readCard(code);
  const span = document.createElement('span');
  span.className = `card${card.red ? ' red' : ''}${marked ? ' marked' : ''}`;
  span.dataset.code = code;
  span.setAttribute('role', 'img');
  span.setAttribute('aria-label', marked ? `${card.name}, differs` : card.name);
  span.textContent = card.text;
  return span;
}

/**
 * Returns `codes` sorted for reading: the joker first, then spades, hearts,
 * clubs, diamonds, high first. Items may be `{ code }` objects, sorted by
 * their code.
 */
export function sortedHand(codes) {
  const key = (item) => {
    const code = typeof item === 'string' ? item : item.code;
    if (code === 'Jk') return [0, 0];
    const suit = SUITS[code[1]];
    return [suit ? suit.order : 9, RANKS.indexOf(code[0])];
  };
  return [...codes].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] - kb[0] || ka[1] - kb[1];
  });
}

/** How many cards of a long list are shown before a count (as the CLI). */
export const SHOWN = 20;
/** Lists longer than this (an 8-deck shoe) are shortened; a 52-card deck is shown whole. */
export const LONG = 64;

/**
 * Returns a list of cards as an element, in the order given, a space
 * between two cards (none after the last); past LONG cards, the first
 * SHOWN and a note with the count. `marked` flags the cards to mark, one
 * flag per card of `codes` in the order given (a verdict's `dealt_differs`
 * or `recorded_differs`), so that of a card given twice only the one that
 * differs is marked.
 */
export function cardList(codes, { sort = false, label = null, marked = [] } = {}) {
  const list = document.createElement('span');
  list.className = 'cards';
  if (label) list.setAttribute('aria-label', label);
  const cards = codes.map((code, i) => ({ code, marked: marked[i] === true }));
  const ordered = sort ? sortedHand(cards) : cards;
  const shown = ordered.length > LONG ? ordered.slice(0, SHOWN) : ordered;
  shown.forEach((card, i) => {
    if (i > 0) list.append(' ');
    list.append(cardElement(card.code, { marked: card.marked }));
  });
  if (shown.length < ordered.length) {
    const more = document.createElement('span');
    more.className = 'more';
    more.textContent = ` … the first ${SHOWN} of ${ordered.length}; the stages below list every one`;
    list.append(more);
  }
  return list;
}

/** Returns whether `value` is a list of card codes. */
export function isCardList(value) {
  return Array.isArray(value) && value.length > 0
    && value.every((c) => typeof c === 'string' && (c === 'Jk' || (c.length === 2 && SUITS[c[1]] && RANKS.includes(c[0]))));
}
