"""`atout-v1`: the French 32-card deal (coinche, belote, duo).

Written from docs/schemes/atout-v1.md alone (and docs/vectors.md for the
error kinds and the order of checks). Each step of the page is one function:

    validate(input)          -> the normalised input, or PortError
    fingerprint(inp)         -> step 1, lowercase hex
    joined_text(inp)         -> step 2, the text "atout-v1|secret|n0|n1|..."
    key(inp)                 -> step 2, the 64-character hex key
    stream(inp)              -> step 3, an endless generator of u32s
    starting_deck()          -> step 4, card codes
    limit(n)                 -> step 5, the rejection limit for n cards
    shuffle(inp, draws)      -> step 5, {consumed, positions, deck}
    deal(inp, deck)          -> step 6, the variant's fields
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

SCHEME = "atout-v1"
SCHEME_VERSION = 1

# The fields in the order of the page's input table: the order of the checks.
FIELDS = ("secret", "variant", "numbers", "dealer", "taker")

VARIANTS = ("coinche", "belote", "duo")
SEATS = {"coinche": 4, "belote": 4, "duo": 2}  # seats, and so numbers, per variant

TEXT_MAX = 1024  # for the secret (at least 1) and every number (at least 0)
PRINTABLE_FIRST, PRINTABLE_LAST = " ", "~"  # 0x20 .. 0x7E, space included
BAR = "|"  # the separator of the joined text: no input may hold one

PREFIX = "atout-v1"

RANKS = "789TJQKA"
SUITS = "cdhs"

# belote
FIRST_PACKET = 5  # the first round: 5 to each seat, positions 0..19
RETOURNE = 4 * FIRST_PACKET  # position 20, the turned card
TAKER_PACKET, OTHER_PACKET = 2, 3  # the second round, positions 21..31

# duo
DUO_PACKET = 4
DUO_HIDDEN_PACKETS = 4  # the first four packets face down, the last four up


# --- input ------------------------------------------------------------------


def validate(raw):
    """Check a JSON input object and return it normalised (taker None when
    absent, dealer None for coinche).

    Order (docs/vectors.md, "Errors"): an unknown field first; then each field
    in FIELDS order: missing, JSON type, then its own rules, characters
    before length for texts; list items before the list's length.
    """
    if not isinstance(raw, dict):
        raise PortError("type", "", "the input must be a JSON object")
    if not mutants.active("at-unknown-ignored") and not mutants.active("at-unknown-last"):
        _no_unknown(raw)

    if mutants.active("at-numbers-before-secret"):
        _numbers(raw, 4 if raw.get("variant") != "duo" else 2, raw.get("variant"))
    if mutants.active("at-variant-first"):
        _text(raw, "variant")
        if raw["variant"] not in VARIANTS:
            raise PortError("value", "variant", "not a variant")
    secret = _text(raw, "secret")
    _check_text(secret, "secret", 1)

    variant = _text(raw, "variant")
    if mutants.active("at-variant-case-insensitive") and isinstance(variant, str):
        variant = variant.lower()
    if mutants.active("at-variant-trimmed"):
        variant = variant.strip()
    if variant not in VARIANTS:
        if mutants.active("at-variant-default-coinche"):
            variant = "coinche"
        else:
            raise PortError("value", "variant", f"{variant!r} is not one of {', '.join(VARIANTS)}")
    seats = SEATS[variant]
    if mutants.active("at-duo-four-numbers"):
        seats = 4

    numbers = _numbers(raw, seats, variant)

    highest = SEATS[variant] - 1
    dealer_max = highest + 1 if mutants.active("at-dealer-max-plus-1") else highest
    taker_max = highest + 1 if mutants.active("at-taker-max-plus-1") else highest
    if mutants.active("at-taker-first"):
        taker = _seat(raw, "taker", taker_max, variant == "belote", variant, optional=True)
    # dealer: required for belote (0..3) and duo (0..1); refused for coinche.
    dealer = _seat(raw, "dealer", dealer_max, variant != "coinche", variant)
    # taker: optional for belote (0..3); refused for coinche and duo.
    if not mutants.active("at-taker-first"):
        taker = _seat(raw, "taker", taker_max, variant == "belote", variant, optional=True)
    if mutants.active("at-no-taker-as-taker-0") and variant == "belote" and taker is None:
        taker = 0
    if mutants.active("at-unknown-last"):
        _no_unknown(raw)
    if mutants.active("at-numbers-trimmed"):
        numbers = [n.strip() for n in numbers]
    if mutants.active("at-duo-four-numbers") and variant == "duo":
        numbers = numbers[:2]

    # The texts are kept exactly as given: no trimming.
    return {
        "secret": secret,
        "variant": variant,
        "numbers": list(numbers),
        "dealer": dealer,
        "taker": taker,
    }


def _no_unknown(raw):
    for name in raw:
        if name not in FIELDS:
            raise PortError("unknown", name, f"atout-v1 takes no field {name!r}")


def _numbers(raw, seats, variant):
    if _absent(raw, "numbers"):
        raise PortError("type" if mutants.active("at-missing-as-type") else "missing", "numbers", "is required")
    numbers = raw["numbers"]
    if not isinstance(numbers, list):
        raise PortError("type", "numbers", "must be a list of texts")
    if mutants.active("at-count-before-items") and len(numbers) != seats:
        raise PortError("length", "numbers", f"{len(numbers)} numbers, not {seats} for {variant}")
    numbers = list(numbers)
    for k, number in enumerate(numbers):
        field = "numbers" if mutants.active("at-item-field-unindexed") else f"numbers[{k}]"
        if mutants.active("at-null-number-as-robot") and number is None:
            number = numbers[k] = ""
        if mutants.active("at-text-coerced") and isinstance(number, (int, float)) and not isinstance(number, bool):
            number = numbers[k] = str(number)
        if mutants.active("at-numbers-stringified") and number is not None and not isinstance(number, str):
            # JavaScript's String(): true "true", 4821 "4821", ["1337"] "1337".
            number = numbers[k] = _js_string(number)
        if not isinstance(number, str):
            raise PortError("type", field, "must be a string")
        _check_text(number, field, 1 if mutants.active("at-number-empty-refused") else 0)  # empty for a robot
    if len(numbers) != seats and not mutants.active("at-numbers-count-unchecked"):
        raise PortError("length", "numbers", f"{len(numbers)} numbers, not {seats} for {variant}")
    return numbers


def _js_string(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join("" if v is None else _js_string(v) for v in value)
    return value if isinstance(value, str) else str(value)


def _absent(raw, name):
    if mutants.active("at-null-as-missing"):
        return raw.get(name) is None
    return name not in raw


def _text(raw, name):
    if _absent(raw, name):
        raise PortError("type" if mutants.active("at-missing-as-type") else "missing", name, "is required")
    value = raw[name]
    if mutants.active("at-text-coerced") and isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise PortError("type", name, "must be a string")
    return value


def _check_text(text, field, shortest):
    """Printable ASCII without `|` (characters first, naming the first bad
    one), then shortest to 1024 characters."""
    longest = TEXT_MAX
    if mutants.active("at-text-max-1023"):
        longest = 1023
    if mutants.active("at-secret-empty-allowed"):
        shortest = 0
    if mutants.active("at-length-before-characters") and not shortest <= len(text) <= longest:
        raise PortError("length", field, f"{len(text)} characters, not {shortest} to {longest}")
    first, last = PRINTABLE_FIRST, PRINTABLE_LAST
    if mutants.active("at-space-refused"):
        first = "!"
    if mutants.active("at-tilde-refused"):
        last = "}"
    if mutants.active("at-del-allowed"):
        last = "\x7f"
    for i, ch in enumerate(text):
        bad = not first <= ch <= last or (ch == BAR and not mutants.active("at-bar-allowed"))
        if mutants.active("at-text-any-character"):
            bad = False
        if bad:
            raise PortError("character", field, f"character {i} ({ch!r}) is not printable ASCII other than |")
    if not shortest <= len(text) <= longest:
        raise PortError("length", field, f"{len(text)} characters, not {shortest} to {longest}")


def _seat(raw, name, highest, allowed, variant, optional=False):
    """A seat field. Absent: `missing` where the variant requires it, else
    None. Present (docs/schemes/atout-v1.md, "Inputs"): the JSON type and
    form first (a string, boolean or null is `type`; a negative or
    fractional number, 1.0 included, is `range`), then the variant's rule (a
    field it does not take is `value`: coinche with dealer "0" is `type`,
    with dealer 0 `value`), then the seat's limit 0..highest (`range`).
    """
    if mutants.active("at-taker-null-as-absent") and name == "taker" and raw.get(name, 0) is None:
        return None
    if _absent(raw, name):
        if allowed and not optional:
            raise PortError("type" if mutants.active("at-missing-as-type") else "missing", name, f"is required for {variant}")
        return None
    if not allowed and mutants.active("at-variant-rule-first"):
        raise PortError("value", name, f"{variant} takes no {name}")
    if not allowed and mutants.active(f"at-{name}-ignored-when-not-taken"):
        return None
    value = raw[name]
    if mutants.active("at-bool-as-number") and isinstance(value, bool):
        value = int(value)
    if mutants.active("at-numeric-text-accepted") and isinstance(value, str) and value.isdigit():
        value = int(value)
    # In Python bool is a kind of int, but JSON true is not a number.
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PortError("type", name, "must be a number")
    if mutants.active("at-integral-float-accepted") and isinstance(value, float) and value.is_integer():
        value = int(value)
    # docs/vectors.md: integers are written as JSON integers; a number with a
    # fraction or exponent (1.5, and also 1.0) is `range`, as is a negative one.
    if isinstance(value, float):
        raise PortError("range", name, f"{value!r} is not written as an integer")
    if mutants.active("at-negative-seat-wraps"):
        value %= 4
    if mutants.active("at-seat-u32-wraps"):
        value %= 2**32
    if mutants.active("at-seat-i64") and value > 2**63 - 1:
        raise PortError("range", name, f"{value} does not fit 64 signed bits")
    if value < 0:
        raise PortError("range", name, f"{value} is negative")
    if not allowed:
        raise PortError("value", name, f"{variant} takes no {name}")
    if value > highest:
        raise PortError("range", name, f"{value} is not a seat 0 to {highest}")
    return value


# --- step 1: the fingerprint ------------------------------------------------


def fingerprint(inp):
    """SHA-256 of the secret exactly as given."""
    if mutants.active("at-fingerprint-of-text"):
        return hashlib.sha256(joined_text(inp).encode("ascii")).hexdigest()
    return hashlib.sha256(inp["secret"].encode("ascii")).hexdigest()


# --- step 2: the text and the key ---------------------------------------------


def joined_text(inp):
    """"atout-v1|" secret "|" numbers[0] "|" numbers[1] ...: a robot's empty
    number leaves two bars side by side; nothing is trimmed or dropped."""
    numbers = inp["numbers"]
    if mutants.active("at-robots-dropped"):
        numbers = [n for n in numbers if n]
    if mutants.active("at-no-prefix"):
        return BAR.join([inp["secret"], *numbers])
    return BAR.join([PREFIX, inp["secret"], *numbers])


def key(inp):
    """The lowercase hex SHA-256 of the joined text: 64 characters."""
    digest = hashlib.sha256(joined_text(inp).encode("ascii")).hexdigest()
    return digest.upper() if mutants.active("at-key-upper-hex") else digest


# --- step 3: the numbers ------------------------------------------------------


def stream(inp):
    """u32s from H_k = SHA-256(key ":" k), k = 0, 1, 2, ...: the key is the
    64-character hex text (not its 32 raw bytes), k decimal; eight
    big-endian words per block, in order."""
    prefix = (key(inp) + ":").encode("ascii")
    if mutants.active("at-key-raw-bytes"):
        prefix = bytes.fromhex(key(inp)) + b":"
    order = "little" if mutants.active("at-little-endian") else "big"
    for k in count(1 if mutants.active("at-k-from-1") else 0):
        block = hashlib.sha256(prefix + str(k).encode("ascii")).digest()
        for offset in range(0, 32, 4):
            yield int.from_bytes(block[offset : offset + 4], order)


# --- step 4: the starting deck ----------------------------------------------


def starting_deck():
    """Clubs, diamonds, hearts, spades; 7 8 9 T J Q K A in each."""
    ranks = "A789TJQK" if mutants.active("at-deck-ace-low") else RANKS
    return [rank + suit for suit in SUITS for rank in ranks]


# --- step 5: the shuffle ----------------------------------------------------


def limit(n):
    """The largest multiple of n that is at most 2^32: numbers at or above it
    are rejected. 2^32 for a power of two (nothing rejected)."""
    if mutants.active("at-limit-32-bit"):
        return (2**32 - 1) - ((2**32 - 1) % n)
    if mutants.active("at-limit-rejects-limit-minus-1"):
        return 2**32 - (2**32 % n) - 1
    return 2**32 - (2**32 % n)


def given_randoms(values):
    """Checks a list of numbers given to the shuffle, item by item
    (docs/vectors.md, "Errors", 6): each a JSON integer from 0 to 2^32 - 1,
    every item before any is used, the ones past what the shuffle takes
    included."""
    if not isinstance(values, list):
        raise PortError("type", "randoms", "must be a list")
    if mutants.active("at-given-checked-when-taken"):
        return list(values)
    return [_given_number(k, u) for k, u in enumerate(values)]


def _given_number(k, u):
    if mutants.active("at-given-coerced") and (u is None or isinstance(u, (bool, str))):
        # JavaScript's Number(): null and false 0, true 1, "7" 7.
        u = int(u) if isinstance(u, bool) or (isinstance(u, str) and u.isdigit()) else 0 if u is None else u
    if isinstance(u, bool) or not isinstance(u, (int, float)):
        raise PortError("type", f"randoms[{k}]", "must be a number")
    if mutants.active("at-given-integral-float-accepted") and isinstance(u, float) and u.is_integer():
        u = int(u)
    if mutants.active("at-given-float-truncated") and isinstance(u, float):
        u = int(u)
    if mutants.active("at-given-wrapped") and isinstance(u, int):
        u %= 2**32
    if isinstance(u, float) or not 0 <= u < 2**32:
        raise PortError("range", f"randoms[{k}]", f"{u!r} is not a u32 written as an integer")
    return u


def shuffle_stage(raw, randoms, checked=lambda inp: inp):
    """A `shuffle` case (docs/vectors.md, "Errors", 5 and 6): the input
    first, then every given number; only then the shuffle, which finds a
    short list run out (`stream-exhausted`) and leaves extra numbers unused."""
    if mutants.active("at-given-before-input"):
        given_randoms(randoms)
    inp = checked(validate(raw))
    if mutants.active("at-given-count-first") and isinstance(randoms, list) and len(randoms) < len(starting_deck()) - 1:
        raise PortError("stream-exhausted", "randoms", "too few numbers")
    given = given_randoms(randoms)
    draws = iter(given)
    if mutants.active("at-given-checked-when-taken"):
        draws = (_given_number(k, u) for k, u in enumerate(given))
    if mutants.active("at-given-short-zero-filled"):
        draws = chain(draws, repeat(0))
    shuffled = shuffle(inp, draws)
    if mutants.active("at-given-extra-refused") and shuffled["consumed"] < len(given):
        raise PortError("length", "randoms", f"{len(given)} numbers, not {shuffled['consumed']}")
    return shuffled


def shuffle(inp, draws):
    """Fisher-Yates from the top down, j = u mod n for the first u below
    limit(n), n = i + 1; rejected numbers are used up too.

    `draws` is any iterable of u32s (the stream, or a vector's list). Returns
    how many numbers were taken (rejected ones included), and for each final
    position the starting position of its card, and the card codes.
    """
    cards = starting_deck()
    n_cards = len(cards)
    positions = list(range(n_cards))  # positions[p] = starting position of the card at p
    draws = iter(draws)
    consumed = 0
    for i in range(n_cards - 1, 0, -1):
        n = i + 1
        bound = limit(n)
        while True:
            u = next(draws, None)
            if u is None:
                raise PortError(
                    "stream-exhausted",
                    "randoms",
                    f"the numbers ran out after {consumed}, at i = {i}",
                )
            if u < bound or not mutants.active("at-rejected-not-counted"):
                consumed += 1
            if u < bound:
                break
            if mutants.active("atout-no-rejection"):
                break
        j = u % n
        if mutants.active("at-multiply-shift"):
            j = (u * n) >> 32
        positions[i], positions[j] = positions[j], positions[i]
    return {
        "consumed": consumed,
        "positions": positions,
        "deck": [cards[p] for p in positions],
    }


# --- step 6: the deal -----------------------------------------------------------


def deal(inp, deck):
    """Deal `deck` (codes, position 0 first) the variant's way; returns the
    variant's output fields in the page's order."""
    deck = _check_deck(deck, starting_deck())
    variant = inp["variant"]
    if variant == "coinche":
        return _deal_coinche(deck)
    if variant == "belote":
        return _deal_belote(deck, inp["dealer"], inp["taker"])
    return _deal_duo(deck, inp["dealer"])


def _deal_coinche(deck):
    """Position p to seat p mod 4, seat 0 first; eight cards each."""
    hands = [[] for _ in range(4)]
    for p, code in enumerate(deck):
        hands[p // 8 if mutants.active("at-coinche-in-eights") else p % 4].append(code)
    return {"hands": hands}


def _deal_belote(deck, dealer, taker):
    """First round: packets of 5 from (dealer + 1), the dealer last;
    position 20 the retourne. With a taker: a second round from (dealer + 1)
    again, 2 to the taker and 3 to each other seat; the taker's hand is its 5,
    the retourne, then its 2. Without: the deal stops, 21..31 undealt."""
    order = [(dealer + 1 + k) % 4 for k in range(4)]  # dealer + 1 first, the dealer last
    if mutants.active("at-belote-counter-clockwise"):
        order = [(dealer - 1 - k) % 4 for k in range(4)]
    hands = [[] for _ in range(4)]
    top = 0
    for seat in order:
        hands[seat].extend(deck[top : top + FIRST_PACKET])
        top += FIRST_PACKET
    upcard = deck[RETOURNE]
    top = RETOURNE + 1
    if taker is None:
        return {"hands": hands, "upcard": upcard, "undealt": deck[top:]}
    if not mutants.active("at-retourne-after-packet"):
        hands[taker].append(upcard)  # the retourne before the second packet
    for seat in order:
        if mutants.active("at-second-round-from-taker"):
            seat = (seat - order[0] + taker) % 4
        size = TAKER_PACKET if seat == taker else OTHER_PACKET
        hands[seat].extend(deck[top : top + size])
        top += size
    if mutants.active("at-retourne-after-packet"):
        hands[taker].append(upcard)
    return {"hands": hands, "upcard": upcard}


def _deal_duo(deck, dealer):
    """Eight packets of 4 from position 0, receiver (the seat that is not the
    dealer) then dealer alternately; the first four hidden, the last four
    visible. Each list is indexed by seat, seat 0 first."""
    receiver = 1 - dealer
    if mutants.active("at-duo-dealer-first"):
        receiver = dealer
    hidden = [[], []]
    visible = [[], []]
    for packet in range(len(deck) // DUO_PACKET):
        seat = receiver if packet % 2 == 0 else dealer
        target = hidden if packet < DUO_HIDDEN_PACKETS else visible
        if mutants.active("at-duo-alternate-hidden"):
            target = hidden if packet % 4 < 2 else visible
        target[seat].extend(deck[packet * DUO_PACKET : (packet + 1) * DUO_PACKET])
    return {"hidden": hidden, "visible": visible}


def deal_stage(raw, deck, checked=lambda inp: inp):
    """A `deal` case (docs/vectors.md, "Errors", 5): the input first, then
    the given deck."""
    if mutants.active("at-given-before-input"):
        _check_deck(deck, starting_deck())
    return deal(checked(validate(raw)), deck)


def _check_deck(deck, cards):
    """A given deck must hold the starting deck's cards, each exactly once
    (docs/vectors.md, "Errors", 6): each item first, naming the first bad one
    as `deck[i]` (`type` for a non-string; `value` for a code that is not in
    this starting deck, written otherwise than the page writes it, or that
    comes a second time); then the count (`length`, field `deck`)."""
    if not isinstance(deck, list):
        raise PortError("type", "deck", "must be a list of card codes")
    if mutants.active("at-deck-count-first") and len(deck) != len(cards):
        raise PortError("length", "deck", f"{len(deck)} cards, not {len(cards)}")
    seen = set()
    codes = []
    for i, code in enumerate(deck):
        if not isinstance(code, str):
            raise PortError("value" if mutants.active("at-deck-item-type-as-value") else "type", f"deck[{i}]", "must be a card code")
        if mutants.active("at-deck-codes-any-case") and len(code) == 2:
            code = code[0].upper() + code[1].lower()
        if mutants.active("at-deck-ten-as-10") and len(code) == 3 and code.startswith("10"):
            code = "T" + code[2]
        foreign = mutants.active("at-deck-any-card") and (code == "Jk" or (len(code) == 2 and code[0] in "23456789TJQKA" and code[1] in SUITS))
        if code not in cards and not foreign:
            raise PortError("value", f"deck[{i}]", f"{code!r} is not a card of this deck")
        if code in seen and not mutants.active("at-deck-repeats-allowed"):
            raise PortError("value", f"deck[{i}]", f"{code!r} comes twice")
        seen.add(code)
        codes.append(code)
    if len(deck) != len(cards) and not mutants.active("at-deck-size-unchecked"):
        raise PortError("length", "deck", f"{len(deck)} cards, not {len(cards)}")
    return codes


# --- every stage --------------------------------------------------------------


def trace(raw):
    """The whole method from a raw input, every stage in the output order:
    fingerprint, randoms, positions, deck, then the variant's deal fields."""
    inp = validate(raw)
    randoms = []  # every number the shuffle took, rejected ones included

    def recorded():
        for u in stream(inp):
            randoms.append(u)
            yield u

    shuffled = shuffle(inp, recorded())
    result = {
        "fingerprint": fingerprint(inp),
        "randoms": randoms,
        "positions": shuffled["positions"],
        "deck": shuffled["deck"],
    }
    result.update(deal(inp, shuffled["deck"]))
    return result
