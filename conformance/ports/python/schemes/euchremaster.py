"""`euchremaster`: the EuchreMaster counter-hash deal.

Written from docs/schemes/euchremaster.md alone (and docs/vectors.md for the
error kinds and the order of checks). Each step of the page is one function:

    validate(input)          -> the normalised input, or PortError
    fingerprint(inp)         -> step 1, lowercase hex
    stream(inp)              -> step 2, an endless generator of u32s
    starting_deck(joker)     -> step 3, card codes
    shuffle(inp, draws)      -> step 4, {consumed, positions, deck}
    deal(inp, deck)          -> steps 5 and 6, {hands, upcard, kitty}
    trace(input)             -> every stage, in the page's output order
    shuffle_stage(input, randoms), deal_stage(input, deck)
                             -> a vector's `shuffle` and `deal` case: the
                                input checked first, then the given list

`inp` is always an input that validate() has returned.
"""

import hashlib
from itertools import chain, count, repeat

import mutants  # ../mutants.py: deliberate mistakes, all off unless FAIRDEAL_MUTANT names one

from .common import PortError

SCHEME = "euchremaster"
SCHEME_VERSION = 1

# The fields in the order of the page's input table: the order of the checks.
FIELDS = ("seed", "cut", "dealer", "joker")

SEED_LENGTH = 64
HEX_DIGITS = frozenset("0123456789abcdefABCDEF")  # either case is accepted
CUT_MIN, CUT_MAX = 1, 1024
PRINTABLE_FIRST, PRINTABLE_LAST = " ", "~"  # 0x20 .. 0x7E, space included
SEATS = 4  # 0 you, 1 left, 2 partner, 3 right
DEALER_MAX = SEATS - 1

RANKS = "9TJQKA"
SUITS = "cdhs"
JOKER = "Jk"

PACKETS = (3, 2, 3, 2, 2, 3, 2, 3)  # 20 cards, five to each seat
UPCARD = sum(PACKETS)  # position 20; the kitty is the positions after it


# --- input ------------------------------------------------------------------


def validate(raw):
    """Check a JSON input object and return it normalised (joker filled in).

    Order (docs/vectors.md, "Errors"): an unknown field first; then each field
    in FIELDS order: missing, JSON type, then its own rules, characters
    before length for texts.
    """
    if not isinstance(raw, dict):
        raise PortError("type", "", "the input must be a JSON object")
    if not mutants.active("em-unknown-ignored") and not mutants.active("em-unknown-last"):
        _no_unknown(raw)
    checks = [_check_seed, _check_cut, _check_dealer, _check_joker]
    if mutants.active("em-fields-reversed"):
        checks.reverse()
    checked = {}
    for check in checks:
        check(raw, checked)
    if mutants.active("em-unknown-last"):
        _no_unknown(raw)
    seed, cut = checked["seed"], checked["cut"]
    if mutants.active("em-cut-trimmed"):
        cut = cut.strip()
    # The texts are kept exactly as given: no trimming, no case folding.
    return {"seed": seed, "cut": cut, "dealer": checked["dealer"], "joker": checked["joker"]}


def _no_unknown(raw):
    for name in raw:
        if name not in FIELDS:
            raise PortError("unknown", name, f"euchremaster takes no field {name!r}")


def _check_seed(raw, checked):
    seed = _text(raw, "seed")
    if mutants.active("em-length-before-characters") and len(seed) != SEED_LENGTH:
        raise PortError("length", "seed", f"{len(seed)} digits, not {SEED_LENGTH}")
    digits = HEX_DIGITS
    if mutants.active("em-seed-upper-refused"):
        digits = frozenset("0123456789abcdef")
    for i, ch in enumerate(seed):
        if ch not in digits and not mutants.active("em-seed-any-character"):
            raise PortError("character", "seed", f"character {i} ({ch!r}) is not a hex digit")
    if len(seed) != SEED_LENGTH and not mutants.active("em-seed-length-unchecked"):
        raise PortError("length", "seed", f"{len(seed)} digits, not {SEED_LENGTH}")
    checked["seed"] = seed


def _check_cut(raw, checked):
    cut = _text(raw, "cut")
    low, high = CUT_MIN, CUT_MAX
    if mutants.active("em-cut-empty-allowed"):
        low = 0
    if mutants.active("em-cut-max-1023"):
        high = 1023
    if mutants.active("em-length-before-characters") and not low <= len(cut) <= high:
        raise PortError("length", "cut", f"{len(cut)} characters, not {low} to {high}")
    first, last = PRINTABLE_FIRST, PRINTABLE_LAST
    if mutants.active("em-cut-space-refused"):
        first = "!"
    if mutants.active("em-cut-tilde-refused"):
        last = "}"
    if mutants.active("em-cut-del-allowed"):
        last = "\x7f"
    for i, ch in enumerate(cut):
        if not first <= ch <= last and not mutants.active("em-cut-any-character"):
            raise PortError("character", "cut", f"character {i} ({ch!r}) is not printable ASCII")
    if not low <= len(cut) <= high:
        raise PortError("length", "cut", f"{len(cut)} characters, not {low} to {high}")
    checked["cut"] = cut


def _check_dealer(raw, checked):
    if mutants.active("em-dealer-default-0") and "dealer" not in raw:
        checked["dealer"] = 0
        return
    checked["dealer"] = _seat(raw, "dealer")


def _check_joker(raw, checked):
    # joker is optional and false when absent; only JSON true/false will do.
    joker = raw.get("joker", False)
    if mutants.active("em-joker-default-true"):
        joker = raw.get("joker", True)
    if mutants.active("em-joker-truthy"):
        joker = bool(joker)
    if mutants.active("em-joker-presence"):
        joker = "joker" in raw
    if (mutants.active("em-null-as-missing") or mutants.active("em-joker-null-as-absent")) and joker is None:
        joker = False
    if not isinstance(joker, bool):
        raise PortError("type", "joker", "must be true or false")
    checked["joker"] = joker


def _absent(raw, name):
    """Whether `name` is absent (`missing`)."""
    if mutants.active("em-null-as-missing"):
        return raw.get(name) is None
    return name not in raw


def _text(raw, name):
    if _absent(raw, name):
        if mutants.active("em-missing-as-type"):
            raise PortError("type", name, "must be a string")
        raise PortError("missing", name, "is required")
    value = raw[name]
    if mutants.active("em-text-coerced") and isinstance(value, (int, float)):
        value = str(value)
    if not isinstance(value, str):
        raise PortError("type", name, "must be a string")
    return value


def _seat(raw, name):
    if _absent(raw, name):
        if mutants.active("em-missing-as-type"):
            raise PortError("type", name, "must be a number")
        raise PortError("missing", name, "is required")
    value = raw[name]
    if mutants.active("em-bool-as-number") and isinstance(value, bool):
        value = int(value)
    if mutants.active("em-numeric-text-accepted") and isinstance(value, str) and value.isdigit():
        value = int(value)
    # In Python bool is a kind of int, but JSON true is not a number.
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PortError("type", name, "must be a number")
    if mutants.active("em-integral-float-accepted") and isinstance(value, float) and value.is_integer():
        value = int(value)
    if mutants.active("em-float-truncated") and isinstance(value, float):
        value = int(value)
    if mutants.active("em-dealer-mod-4"):
        value %= SEATS
    if mutants.active("em-dealer-u32-wraps") and isinstance(value, int):
        value %= 2**32
    # docs/vectors.md: integers are written as JSON integers; a number with a
    # fraction or exponent (1.5, and also 1.0) is `range`.
    if isinstance(value, float):
        raise PortError("range", name, f"{value!r} is not written as an integer")
    high = DEALER_MAX
    if mutants.active("em-dealer-max-4"):
        high = 4
    if mutants.active("em-dealer-max-2"):
        high = 2
    if not 0 <= value <= high:
        raise PortError("range", name, f"{value} is not a seat 0 to {DEALER_MAX}")
    return value


# --- step 1: the fingerprint ------------------------------------------------


def fingerprint(inp):
    """SHA-256 of the seed text exactly as given (not lower-cased)."""
    if mutants.active("em-fingerprint-of-seed-bytes"):
        return hashlib.sha256(bytes.fromhex(inp["seed"])).hexdigest()
    if mutants.active("em-fingerprint-upper-hex"):
        return hashlib.sha256(inp["seed"].encode("ascii")).hexdigest().upper()
    if mutants.active("em-seed-lower-cased"):
        return hashlib.sha256(inp["seed"].lower().encode("ascii")).hexdigest()
    return hashlib.sha256(inp["seed"].encode("ascii")).hexdigest()


# --- step 2: the random numbers ---------------------------------------------


def stream(inp):
    """u32s from H_k = SHA-256(seed ":" cut ":" k), k = 0, 1, 2, ...: eight
    big-endian words per block, in order. k is decimal without leading zeros;
    colons inside the cut are not escaped."""
    seed, cut = inp["seed"], inp["cut"]
    if mutants.active("em-seed-lower-cased"):
        seed = seed.lower()
    if mutants.active("em-cut-colons-escaped"):
        cut = cut.replace(":", "\\:")
    prefix = (seed + ":" + cut + ":").encode("ascii")
    if mutants.active("missing-colon"):
        prefix = (seed + cut + ":").encode("ascii")
    order = "big"
    if mutants.active("counter-little-endian"):
        order = "little"
    offsets = range(0, 32, 4)
    if mutants.active("em-block-words-reversed"):
        offsets = range(28, -1, -4)
    for k in count(1 if mutants.active("em-k-from-1") else 0):
        text = f"{k:02d}" if mutants.active("em-k-padded") else str(k)
        block = hashlib.sha256(prefix + text.encode("ascii")).digest()
        for offset in offsets:
            yield int.from_bytes(block[offset : offset + 4], order)


# --- step 3: the starting deck ----------------------------------------------


def starting_deck(joker):
    """Clubs, diamonds, hearts, spades; 9 T J Q K A in each; then the joker."""
    suits, ranks = SUITS, RANKS
    if mutants.active("em-deck-suits-cshd"):
        suits = "cshd"
    if mutants.active("em-deck-ace-low"):
        ranks = "A9TJQK"
    cards = [rank + suit for suit in suits for rank in ranks]
    if joker:
        if mutants.active("em-joker-first"):
            cards.insert(0, JOKER)
        else:
            cards.append(JOKER)
    return cards


# --- step 4: the shuffle ----------------------------------------------------


def given_randoms(values):
    """Checks a list of numbers given to the shuffle, item by item
    (docs/vectors.md, "Errors", 6): each a JSON integer from 0 to 2^32 - 1,
    every item before any is used, the ones past what the shuffle takes
    included."""
    if not isinstance(values, list):
        raise PortError("type", "randoms", "must be a list")
    if mutants.active("em-given-checked-when-taken"):
        return list(values)
    return [_given_number(k, u) for k, u in enumerate(values)]


def _given_number(k, u):
    if mutants.active("em-given-coerced") and (u is None or isinstance(u, (bool, str))):
        # JavaScript's Number(): null and false 0, true 1, "7" 7.
        u = int(u) if isinstance(u, bool) or (isinstance(u, str) and u.isdigit()) else 0 if u is None else u
    if isinstance(u, bool) or not isinstance(u, (int, float)):
        raise PortError("type", f"randoms[{k}]", "must be a number")
    if mutants.active("em-given-integral-float-accepted") and isinstance(u, float) and u.is_integer():
        u = int(u)
    if mutants.active("em-given-float-truncated") and isinstance(u, float):
        u = int(u)
    if mutants.active("em-given-wrapped") and isinstance(u, int):
        u %= 2**32
    if isinstance(u, float) or not 0 <= u < 2**32:
        raise PortError("range", f"randoms[{k}]", f"{u!r} is not a u32 written as an integer")
    return u


def shuffle_stage(raw, randoms, checked=lambda inp: inp):
    """A `shuffle` case (docs/vectors.md, "Errors", 5 and 6): the input
    first, then every given number; only then the shuffle, which finds a
    short list run out (`stream-exhausted`) and leaves extra numbers unused."""
    if mutants.active("em-given-before-input"):
        given_randoms(randoms)
    inp = checked(validate(raw))
    if mutants.active("em-given-count-first") and isinstance(randoms, list) and len(randoms) < len(starting_deck(inp["joker"])) - 1:
        raise PortError("stream-exhausted", "randoms", "too few numbers")
    given = given_randoms(randoms)
    draws = iter(given)
    if mutants.active("em-given-checked-when-taken"):
        draws = (_given_number(k, u) for k, u in enumerate(given))
    if mutants.active("em-given-short-zero-filled"):
        draws = chain(draws, repeat(0))
    shuffled = shuffle(inp, draws)
    if mutants.active("em-given-extra-refused") and shuffled["consumed"] < len(given):
        raise PortError("length", "randoms", f"{len(given)} numbers, not {shuffled['consumed']}")
    return shuffled


def shuffle(inp, draws):
    """Fisher-Yates from the top down, j = (u * (i + 1)) >> 32.

    `draws` is any iterable of u32s (the stream, or a vector's list). Returns
    how many numbers were taken, and for each final position the starting
    position of its card, and the card codes.
    """
    cards = starting_deck(inp["joker"])
    n = len(cards)
    positions = list(range(n))  # positions[p] = starting position of the card at p
    draws = iter(draws)
    consumed = 0
    steps = range(n - 1, 0, -1)
    if mutants.active("em-shuffle-bottom-up"):
        steps = range(1, n)
    for i in steps:
        u = next(draws, None)
        if u is None:
            raise PortError(
                "stream-exhausted",
                "randoms",
                f"the {n}-card shuffle takes {n - 1} numbers; only {consumed} were given",
            )
        consumed += 1
        # Integer multiply-shift: floor(u * (i + 1) / 2^32), always 0..i.
        # Not floating point, not u mod (i + 1).
        j = (u * (i + 1)) >> 32
        if mutants.active("fisher-yates-exclusive"):
            j = (u * i) >> 32
        if mutants.active("em-u-mod"):
            j = u % (i + 1)
        if mutants.active("em-divide-by-2-32-minus-1"):
            j = int(u / (2**32 - 1) * (i + 1))
        if mutants.active("em-float32"):
            import struct

            j = int(struct.unpack("f", struct.pack("f", u))[0] / 2**32 * (i + 1))
        positions[i], positions[j] = positions[j], positions[i]
    if mutants.active("em-positions-inverse"):
        inverse = [0] * n
        for p, start in enumerate(positions):
            inverse[start] = p
        positions = inverse
    return {
        "consumed": consumed,
        "positions": positions,
        "deck": [cards[p] for p in positions],
    }


# --- steps 5 and 6: the deal, the up-card and the kitty ---------------------


def deal(inp, deck):
    """Deal `deck` (codes, position 0 first) in packets 3 2 3 2 2 3 2 3,
    the first to the seat after the dealer, each next one to the next seat.
    Position 20 is the up-card; the rest (21.. ) the kitty."""
    deck = _check_deck(deck, starting_deck(inp["joker"]))
    hands = [[] for _ in range(SEATS)]
    seat = (inp["dealer"] + 1) % SEATS  # not the dealer: the seat after
    if mutants.active("packets-from-dealer"):
        seat = inp["dealer"]
    step = -1 if mutants.active("em-deal-counter-clockwise") else 1
    packets = (2, 3, 2, 3, 3, 2, 3, 2) if mutants.active("em-packets-23") else PACKETS
    top = 0
    for size in packets:
        hands[seat].extend(deck[top : top + size])  # in received order
        top += size
        seat = (seat + step) % SEATS
    if mutants.active("em-upcard-last"):
        return {"hands": hands, "upcard": deck[-1], "kitty": deck[UPCARD:-1]}
    if mutants.active("em-kitty-three"):
        return {"hands": hands, "upcard": deck[UPCARD], "kitty": deck[UPCARD + 1 : UPCARD + 4]}
    return {"hands": hands, "upcard": deck[UPCARD], "kitty": deck[UPCARD + 1 :]}


def deal_stage(raw, deck, checked=lambda inp: inp):
    """A `deal` case (docs/vectors.md, "Errors", 5): the input first, then
    the given deck."""
    if mutants.active("em-given-before-input"):
        _check_deck(deck, starting_deck(raw.get("joker") is True))
    return deal(checked(validate(raw)), deck)


def _check_deck(deck, cards):
    """A given deck must hold the starting deck's cards, each exactly once.

    docs/vectors.md, "Errors", 6: each item is checked first, naming the
    first bad one as `deck[i]` (`type`, or `value` for a code that is not in
    this starting deck, written otherwise than the page writes it, or that
    comes a second time); then the count (`length`, field `deck`).
    """
    if not isinstance(deck, list):
        raise PortError("type", "deck", "must be a list of card codes")
    if mutants.active("em-deck-count-first") and len(deck) != len(cards):
        raise PortError("length", "deck", f"{len(deck)} cards, not {len(cards)}")
    seen = set()
    codes = []
    if mutants.active("em-deck-two-passes"):
        # Every item's form first, then the deck: a later malformed item is
        # named before an earlier repeated or foreign card.
        for i, code in enumerate(deck):
            if not isinstance(code, str):
                raise PortError("type", f"deck[{i}]", "must be a card code")
            if (len(code) != 2 or code[0] not in "23456789TJQKA" or code[1] not in SUITS) and code != JOKER:
                raise PortError("value", f"deck[{i}]", f"{code!r} is not a card code")
    for i, code in enumerate(deck):
        if not isinstance(code, str):
            raise PortError("value" if mutants.active("em-deck-item-type-as-value") else "type", f"deck[{i}]", "must be a card code")
        if mutants.active("em-deck-codes-any-case") and len(code) == 2:
            code = code[0].upper() + code[1].lower()
        if mutants.active("em-deck-ten-as-10") and len(code) == 3 and code.startswith("10"):
            code = "T" + code[2]
        foreign = mutants.active("em-deck-any-card") and (code == JOKER or (len(code) == 2 and code[0] in "23456789TJQKA" and code[1] in SUITS))
        if code not in cards and not foreign:
            raise PortError("value", f"deck[{i}]", f"{code!r} is not a card of this deck")
        if code in seen and not mutants.active("em-deck-repeats-allowed"):
            raise PortError("value", f"deck[{i}]", f"{code!r} comes twice")
        seen.add(code)
        codes.append(code)
    if len(deck) != len(cards) and not mutants.active("em-deck-size-unchecked"):
        raise PortError("length", "deck", f"{len(deck)} cards, not {len(cards)}")
    return codes


# --- every stage --------------------------------------------------------------


def trace(raw):
    """The whole method from a raw input, every stage in the output order."""
    inp = validate(raw)
    randoms = []  # every number the shuffle took, in order

    def recorded():
        for u in stream(inp):
            randoms.append(u)
            yield u

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
