"""`sfc32-lock`: the sfc32 lock-and-nonce deal.

Written from docs/schemes/sfc32-lock.md alone (and docs/vectors.md for the
error kinds and the order of checks). Each step of the page is one function:

    validate(input)          -> the normalised input, or PortError
    fingerprint(inp)         -> step 1, the lock, lowercase hex
    generator(state, count)  -> step 2 alone, from a given state (vectors'
                                `generator` cases): the first `count` draws
    stream(inp)              -> step 2, an endless generator of u32s (after
                                the 16 discarded draws)
    starting_deck()          -> step 3, card codes
    shuffle(inp, draws)      -> step 4, {consumed, positions, deck}
    deal(inp, deck)          -> step 5, {hands, upcard, kitty}
    trace(input)             -> every stage, in the page's output order

`inp` is always an input that validate() has returned.
"""

import hashlib

import mutants  # ../mutants.py: deliberate mistakes, all off unless FAIRDEAL_MUTANT names one

from .common import PortError

SCHEME = "sfc32-lock"
SCHEME_VERSION = 1

# The fields in the order of the page's input table: the order of the checks.
FIELDS = ("seed", "nonce")

SEED_LENGTH = 32
HEX_DIGITS = frozenset("0123456789abcdefABCDEF")  # either case is accepted
NONCE_MIN, NONCE_MAX = 1, 1024
PRINTABLE_FIRST, PRINTABLE_LAST = " ", "~"  # 0x20 .. 0x7E, space included

MASK = 0xFFFFFFFF  # every generator operation wraps modulo 2^32
DISCARD = 16  # draws thrown away before the shuffle's first

RANKS = "9TJQKA"
SUITS = "cshd"  # clubs, spades, hearts, diamonds: not the other euchre order

SEATS = 4
DEALT = 20  # positions 0..19 go one at a time, position p to seat p mod 4
UPCARD = DEALT  # position 20; the kitty is positions 21..23

# A generator case's state (docs/schemes/sfc32-lock.md, "Output").
STATE_WORDS = ("a", "b", "c", "d")
STATE_FIELDS = STATE_WORDS + ("discard",)


# --- input ------------------------------------------------------------------


def validate(raw):
    """Check a JSON input object and return it normalised.

    Order (docs/vectors.md, "Errors"): an unknown field first; then each field
    in FIELDS order: missing, JSON type, then its own rules, characters
    before length for texts.
    """
    if not isinstance(raw, dict):
        raise PortError("type", "", "the input must be a JSON object")
    if not mutants.active("sfc-unknown-ignored") and not mutants.active("sfc-unknown-last"):
        _no_unknown(raw)
    if mutants.active("sfc-fields-reversed"):
        nonce = _check_nonce(raw)
        seed = _check_seed(raw)
    else:
        seed = _check_seed(raw)
        nonce = _check_nonce(raw)
    if mutants.active("sfc-unknown-last"):
        _no_unknown(raw)
    if mutants.active("sfc-nonce-trimmed"):
        nonce = nonce.strip()
    # The texts are kept exactly as given: no trimming, no case folding.
    return {"seed": seed, "nonce": nonce}


def _no_unknown(raw):
    for name in raw:
        if name not in FIELDS:
            raise PortError("unknown", name, f"sfc32-lock takes no field {name!r}")


def _check_seed(raw):
    seed = _text(raw, "seed")
    if mutants.active("sfc-length-before-characters") and len(seed) != SEED_LENGTH:
        raise PortError("length", "seed", f"{len(seed)} digits, not {SEED_LENGTH}")
    digits = frozenset("0123456789abcdef") if mutants.active("sfc-seed-upper-refused") else HEX_DIGITS
    for i, ch in enumerate(seed):
        if ch not in digits and not mutants.active("sfc-seed-any-character"):
            raise PortError("character", "seed", f"character {i} ({ch!r}) is not a hex digit")
    if len(seed) != SEED_LENGTH and not mutants.active("sfc-seed-length-unchecked"):
        raise PortError("length", "seed", f"{len(seed)} digits, not {SEED_LENGTH}")
    return seed


def _check_nonce(raw):
    nonce = _text(raw, "nonce")
    low, high = NONCE_MIN, NONCE_MAX
    if mutants.active("sfc-nonce-empty-allowed"):
        low = 0
    if mutants.active("sfc-nonce-max-1023"):
        high = 1023
    if mutants.active("sfc-length-before-characters") and not low <= len(nonce) <= high:
        raise PortError("length", "nonce", f"{len(nonce)} characters, not {low} to {high}")
    first, last = PRINTABLE_FIRST, PRINTABLE_LAST
    if mutants.active("sfc-nonce-space-refused"):
        first = "!"
    if mutants.active("sfc-nonce-tilde-refused"):
        last = "}"
    if mutants.active("sfc-nonce-del-allowed"):
        last = "\x7f"
    for i, ch in enumerate(nonce):
        if not first <= ch <= last and not mutants.active("sfc-nonce-any-character"):
            raise PortError("character", "nonce", f"character {i} ({ch!r}) is not printable ASCII")
    if not low <= len(nonce) <= high:
        raise PortError("length", "nonce", f"{len(nonce)} characters, not {low} to {high}")
    return nonce


def _text(raw, name):
    absent = raw.get(name) is None if mutants.active("sfc-null-as-missing") else name not in raw
    if absent:
        if mutants.active("sfc-missing-as-type"):
            raise PortError("type", name, "must be a string")
        raise PortError("missing", name, "is required")
    value = raw[name]
    if mutants.active("sfc-text-coerced") and isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise PortError("type", name, "must be a string")
    return value


# --- step 1: the lock -----------------------------------------------------------


def fingerprint(inp):
    """SHA-256 of seed ":" nonce, exactly as given (the seed not lower-cased)."""
    seed, nonce = inp["seed"], inp["nonce"]
    if mutants.active("sfc-seed-lower-cased"):
        seed = seed.lower()
    if mutants.active("sfc-nonce-colons-escaped"):
        nonce = nonce.replace(":", "\\:")
    text = seed + ":" + nonce
    if mutants.active("sfc-lock-no-colon"):
        text = seed + nonce
    if mutants.active("sfc-lock-seed-only"):
        text = seed
    digest = hashlib.sha256(text.encode("ascii")).hexdigest()
    return digest.upper() if mutants.active("sfc-lock-upper-hex") else digest


# --- step 2: the generator ------------------------------------------------------


def sfc32(a, b, c, d):
    """Chris Doty-Humphrey's sfc32 from the state (a, b, c, d): an endless
    generator of the draws t. Every operation wraps modulo 2^32; Python's
    `>>` on a non-negative int is the logical shift."""
    while True:
        if mutants.active("sfc-counter-first"):
            d = (d + 1) & MASK
        t = (a + b + d) & MASK
        if mutants.active("sfc-no-wrap"):
            t = a + b + d
        if not mutants.active("sfc-counter-first"):
            d = (d + 1) & MASK
        shifted = b >> 9
        if mutants.active("sfc-arithmetic-shift") and b >= 2**31:
            shifted = (b >> 9) | (MASK ^ (MASK >> 9))
        a = b ^ shifted
        b = (c + (c << 3)) & MASK
        rotated = _rotl(c, 21)
        if mutants.active("sfc-rotate-right"):
            rotated = _rotl(c, 11)
        c = (rotated + t) & MASK
        yield t


def _rotl(x, r):
    return ((x << r) | (x >> (32 - r))) & MASK


def seed_state(seed):
    """The four 8-digit pieces of the seed, each read as a hex number (the
    case of the digits does not matter here)."""
    words = tuple(int(seed[k : k + 8], 16) for k in range(0, SEED_LENGTH, 8))
    if mutants.active("sfc-words-reversed"):
        words = words[::-1]
    if mutants.active("sfc-words-little-endian"):
        words = tuple(int.from_bytes(w.to_bytes(4, "big"), "little") for w in words)
    return words


def _discarded(draws):
    if mutants.active("sfc32-no-discard"):
        return draws
    discard = DISCARD
    if mutants.active("sfc-discard-15"):
        discard = 15
    if mutants.active("sfc-discard-12"):
        discard = 12
    for _ in range(discard):
        next(draws)
    return draws


def stream(inp):
    """The numbers the shuffle uses: the generator seeded from the seed, with
    the first 16 draws thrown away (so the 17th draw comes first)."""
    a, b, c, d = seed_state(inp["seed"])
    if mutants.active("sfc-nonce-in-generator"):
        d ^= int.from_bytes(hashlib.sha256(inp["nonce"].encode("ascii")).digest()[:4], "big")
    return _discarded(sfc32(a, b, c, d))


def generator(state, count):
    """A vector's `generator` case: the first `count` draws of the raw
    generator from `state` = {a, b, c, d, discard}, the 16 draws thrown away
    first when `discard` is true.

    The state is checked like an input (the page's "Output" section and
    docs/vectors.md): a field that is not one of the five is `unknown`,
    before anything else; then a, b, c, d, discard in that order, each whole
    (`missing`, `type`, then `range` for a word: negative, fractional or
    above 4294967295) before the next; all five are required. Errors name `state.<field>`, or `state` when it is not an
    object. Choice (the case's `count` is the vector's own, not the page's):
    a `count` that is not a JSON integer from 0 up is refused on `count`.
    """
    if not isinstance(state, dict):
        raise PortError("type", "state", "must be a JSON object")
    if not mutants.active("sfc-state-unknown-last"):
        _state_unknown(state)
    if mutants.active("sfc-state-presence-first"):
        for name in STATE_FIELDS:
            if name not in state:
                raise PortError("missing", f"state.{name}", "is required")
    if mutants.active("sfc-state-discard-first"):
        discard = _discard(state)
    # Each field whole (missing, type, range) before the next, a to d.
    order = STATE_WORDS[::-1] if mutants.active("sfc-state-words-d-first") else STATE_WORDS
    read = {name: _u32(state, name) for name in order}
    words = [read[name] for name in STATE_WORDS]
    if not mutants.active("sfc-state-discard-first"):
        discard = _discard(state)
    if mutants.active("sfc-state-unknown-last"):
        _state_unknown(state)
    if isinstance(count, bool) or not isinstance(count, (int, float)):
        raise PortError("type", "count", "must be a number")
    if isinstance(count, float) or count < 0:
        raise PortError("range", "count", f"{count!r} is not a count written as an integer")

    draws = sfc32(*words)
    if discard:
        draws = _discarded(draws)
    return [next(draws) for _ in range(count)]


def _state_unknown(state):
    for name in state:
        if name not in STATE_FIELDS and not mutants.active("sfc-state-unknown-ignored"):
            raise PortError("unknown", f"state.{name}", f"the generator state has no field {name!r}")


def _discard(state):
    if "discard" not in state:
        if not mutants.active("sfc-state-discard-default-true"):
            raise PortError("missing", "state.discard", "is required")
    discard = state.get("discard", True)
    if mutants.active("sfc-state-discard-truthy"):
        discard = bool(discard)
    if not isinstance(discard, bool):
        raise PortError("type", "state.discard", "must be true or false")
    return discard


def _u32(state, name):
    field = f"state.{name}"
    if name not in state:
        if mutants.active("sfc-state-missing-word-zero"):
            return 0
        raise PortError("missing", field, "is required")
    value = state[name]
    if mutants.active("sfc-state-null-word-zero") and value is None:
        return 0
    if mutants.active("sfc-state-float-truncated") and isinstance(value, float):
        value = int(value)
    if mutants.active("sfc-state-hex-text-accepted") and isinstance(value, str):
        value = int(value, 16)
    # In Python bool is a kind of int, but JSON true is not a number.
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PortError("type", field, "must be a number")
    if mutants.active("sfc-state-word-wraps") and isinstance(value, int):
        value &= MASK
    if isinstance(value, float) or not 0 <= value <= MASK:
        raise PortError("range", field, f"{value!r} is not a u32 written as an integer")
    return value


# --- step 3: the starting deck ----------------------------------------------


def starting_deck():
    """Clubs, spades, hearts, diamonds; 9 T J Q K A in each."""
    suits, ranks = SUITS, RANKS
    if mutants.active("sfc32-deck-cdhs"):
        suits = "cdhs"
    if mutants.active("sfc-deck-ace-low"):
        ranks = "A9TJQK"
    return [rank + suit for suit in suits for rank in ranks]


# --- step 4: the shuffle ----------------------------------------------------


def given_randoms(values):
    """Checks a list of numbers given to the shuffle, item by item
    (docs/vectors.md, "Errors" 3 and 6): each a JSON integer from 0 to
    2^32 - 1, every one before the shuffle runs, even those past the 23 it
    takes."""
    if not isinstance(values, list):
        raise PortError("type", "randoms", "must be a list")
    checked = (_given_number(u, k) for k, u in enumerate(values))
    if mutants.active("sfc-given-lazy"):
        return checked
    return list(checked)


def _given_number(u, k):
    field = f"randoms[{k}]"
    if mutants.active("sfc-given-null-read") and (u is None or isinstance(u, bool)):
        u = int(bool(u))
    if mutants.active("sfc-given-text-read") and isinstance(u, str):
        try:
            u = int(u)
        except ValueError:
            try:
                u = int(u, 16)
            except ValueError:
                pass
    if mutants.active("sfc-given-fraction-truncated") and isinstance(u, float):
        u = int(u)
    # In Python bool is a kind of int, but JSON true is not a number.
    if isinstance(u, bool) or not isinstance(u, (int, float)):
        raise PortError("type", field, "must be a number")
    if mutants.active("sfc-given-wraps") and isinstance(u, int):
        u &= MASK
    if isinstance(u, float) or not 0 <= u < 2**32:
        raise PortError("range", field, f"{u!r} is not a u32 written as an integer")
    return u


def shuffle(inp, draws):
    """Fisher-Yates from the top down, j = (t * (i + 1)) >> 32.

    `draws` is any iterable of u32s (the stream, or a vector's list). Returns
    how many numbers were taken, and for each final position the starting
    position of its card, and the card codes.
    """
    cards = starting_deck()
    n = len(cards)
    positions = list(range(n))  # positions[p] = starting position of the card at p
    draws = iter(draws)
    consumed = 0
    steps = range(1, n) if mutants.active("sfc-shuffle-bottom-up") else range(n - 1, 0, -1)
    for i in steps:
        t = next(draws, None)
        if t is None and mutants.active("sfc-exhausted-zero-filled"):
            t = 0
        if t is None:
            raise PortError(
                "stream-exhausted",
                "randoms",
                f"the {n}-card shuffle takes {n - 1} numbers; only {consumed} were given",
            )
        consumed += 1
        # Integer multiply-shift: floor(t * (i + 1) / 2^32), always 0..i.
        # Not floating point, not t mod (i + 1).
        j = (t * (i + 1)) >> 32
        if mutants.active("mod-instead-of-mul-shift"):
            j = t % (i + 1)
        if mutants.active("sfc-exclusive"):
            j = (t * i) >> 32
        positions[i], positions[j] = positions[j], positions[i]
    if mutants.active("sfc-positions-inverse"):
        inverse = [0] * n
        for p, start in enumerate(positions):
            inverse[start] = p
        positions = inverse
    return {
        "consumed": consumed,
        "positions": positions,
        "deck": [cards[p] for p in positions],
    }


# --- step 5: the deal, the up-card and the kitty ----------------------------


def deal(inp, deck):
    """Deal `deck` (codes, position 0 first) one card at a time, seat 0
    first: position p (0..19) to seat p mod 4. Position 20 is the up-card,
    positions 21..23 the kitty. There is no dealer input."""
    deck = _check_deck(deck, starting_deck())
    hands = [[] for _ in range(SEATS)]
    for p in range(DEALT):
        seat = p % SEATS
        if mutants.active("sfc-deal-in-fives"):
            seat = p // 5
        if mutants.active("sfc-deal-from-seat-1"):
            seat = (p + 1) % SEATS
        hands[seat].append(deck[p])  # in received order
    if mutants.active("sfc-upcard-last"):
        return {"hands": hands, "upcard": deck[-1], "kitty": deck[UPCARD:-1]}
    return {"hands": hands, "upcard": deck[UPCARD], "kitty": deck[UPCARD + 1 :]}


def _check_deck(deck, cards):
    """A given deck must hold the starting deck's cards, each exactly once
    (docs/vectors.md, "Errors", 6): each item first, naming the first bad one
    as `deck[i]` (`type` for a non-string; `value` for a code that is not in
    this starting deck or comes a second time); then the count (`length`,
    field `deck`)."""
    if not isinstance(deck, list):
        raise PortError("type", "deck", "must be a list of card codes")
    if mutants.active("sfc-deck-length-first") and len(deck) != len(cards):
        raise PortError("length", "deck", f"{len(deck)} cards, not {len(cards)}")
    seen = set()
    for i, code in enumerate(deck):
        if mutants.active("sfc-deck-items-unchecked"):
            break
        if not isinstance(code, str):
            raise PortError("type", f"deck[{i}]", "must be a card code")
        if code not in cards:
            raise PortError("value", f"deck[{i}]", f"{code!r} is not a card of this deck")
        if code in seen:
            raise PortError("value", f"deck[{i}]", f"{code!r} comes twice")
        seen.add(code)
    if len(deck) != len(cards) and not mutants.active("sfc-deck-short-dealt"):
        raise PortError("length", "deck", f"{len(deck)} cards, not {len(cards)}")
    return list(deck)


# --- every stage --------------------------------------------------------------


def trace(raw):
    """The whole method from a raw input, every stage in the output order."""
    inp = validate(raw)
    randoms = []  # every number the shuffle took, in order

    def recorded():
        for t in stream(inp):
            randoms.append(t)
            yield t

    shuffled = shuffle(inp, recorded())
    dealt = deal(inp, shuffled["deck"])
    return {
        "fingerprint": fingerprint(inp),
        "randoms": randoms,
        "positions": shuffled["positions"],
        "deck": shuffled["deck"],
        "hands": dealt["hands"],
        "upcard": dealt["upcard"],
        "kitty": dealt["kitty"],
    }
