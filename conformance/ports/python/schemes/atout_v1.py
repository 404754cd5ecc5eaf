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

`inp` is always an input that validate() has returned.
"""

import hashlib
from itertools import count

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
    for name in raw:
        if name not in FIELDS:
            raise PortError("unknown", name, f"atout-v1 takes no field {name!r}")

    secret = _text(raw, "secret")
    _check_text(secret, "secret", 1)

    variant = _text(raw, "variant")
    if variant not in VARIANTS:
        raise PortError("value", "variant", f"{variant!r} is not one of {', '.join(VARIANTS)}")
    seats = SEATS[variant]

    if "numbers" not in raw:
        raise PortError("missing", "numbers", "is required")
    numbers = raw["numbers"]
    if not isinstance(numbers, list):
        raise PortError("type", "numbers", "must be a list of texts")
    for k, number in enumerate(numbers):
        field = f"numbers[{k}]"
        if not isinstance(number, str):
            raise PortError("type", field, "must be a string")
        _check_text(number, field, 0)  # empty for a robot
    if len(numbers) != seats:
        raise PortError("length", "numbers", f"{len(numbers)} numbers, not {seats} for {variant}")

    # dealer: required for belote (0..3) and duo (0..1); refused for coinche.
    dealer = _seat(raw, "dealer", seats - 1, variant != "coinche", variant)
    # taker: optional for belote (0..3); refused for coinche and duo.
    taker = _seat(raw, "taker", seats - 1, variant == "belote", variant, optional=True)

    # The texts are kept exactly as given: no trimming.
    return {
        "secret": secret,
        "variant": variant,
        "numbers": list(numbers),
        "dealer": dealer,
        "taker": taker,
    }


def _text(raw, name):
    if name not in raw:
        raise PortError("missing", name, "is required")
    value = raw[name]
    if not isinstance(value, str):
        raise PortError("type", name, "must be a string")
    return value


def _check_text(text, field, shortest):
    """Printable ASCII without `|` (characters first, naming the first bad
    one), then shortest to 1024 characters."""
    for i, ch in enumerate(text):
        if not PRINTABLE_FIRST <= ch <= PRINTABLE_LAST or ch == BAR:
            raise PortError("character", field, f"character {i} ({ch!r}) is not printable ASCII other than |")
    if not shortest <= len(text) <= TEXT_MAX:
        raise PortError("length", field, f"{len(text)} characters, not {shortest} to {TEXT_MAX}")


def _seat(raw, name, highest, allowed, variant, optional=False):
    """A seat field. Absent: `missing` where the variant requires it, else
    None. Present (docs/schemes/atout-v1.md, "Inputs"): the JSON type and
    form first (a string, boolean or null is `type`; a negative or
    fractional number, 1.0 included, is `range`), then the variant's rule (a
    field it does not take is `value`: coinche with dealer "0" is `type`,
    with dealer 0 `value`), then the seat's limit 0..highest (`range`).
    """
    if name not in raw:
        if allowed and not optional:
            raise PortError("missing", name, f"is required for {variant}")
        return None
    value = raw[name]
    # In Python bool is a kind of int, but JSON true is not a number.
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PortError("type", name, "must be a number")
    # docs/vectors.md: integers are written as JSON integers; a number with a
    # fraction or exponent (1.5, and also 1.0) is `range`, as is a negative one.
    if isinstance(value, float):
        raise PortError("range", name, f"{value!r} is not written as an integer")
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
    return hashlib.sha256(inp["secret"].encode("ascii")).hexdigest()


# --- step 2: the text and the key ---------------------------------------------


def joined_text(inp):
    """"atout-v1|" secret "|" numbers[0] "|" numbers[1] ...: a robot's empty
    number leaves two bars side by side; nothing is trimmed or dropped."""
    return BAR.join([PREFIX, inp["secret"], *inp["numbers"]])


def key(inp):
    """The lowercase hex SHA-256 of the joined text: 64 characters."""
    return hashlib.sha256(joined_text(inp).encode("ascii")).hexdigest()


# --- step 3: the numbers ------------------------------------------------------


def stream(inp):
    """u32s from H_k = SHA-256(key ":" k), k = 0, 1, 2, ...: the key is the
    64-character hex text (not its 32 raw bytes), k decimal; eight
    big-endian words per block, in order."""
    prefix = (key(inp) + ":").encode("ascii")
    for k in count():
        block = hashlib.sha256(prefix + str(k).encode("ascii")).digest()
        for offset in range(0, 32, 4):
            yield int.from_bytes(block[offset : offset + 4], "big")


# --- step 4: the starting deck ----------------------------------------------


def starting_deck():
    """Clubs, diamonds, hearts, spades; 7 8 9 T J Q K A in each."""
    return [rank + suit for suit in SUITS for rank in RANKS]


# --- step 5: the shuffle ----------------------------------------------------


def limit(n):
    """The largest multiple of n that is at most 2^32: numbers at or above it
    are rejected. 2^32 for a power of two (nothing rejected)."""
    return 2**32 - (2**32 % n)


def given_randoms(values):
    """Checks a list of numbers given to the shuffle, item by item
    (docs/vectors.md): each a JSON integer from 0 to 2^32 - 1."""
    if not isinstance(values, list):
        raise PortError("type", "randoms", "must be a list")
    for k, u in enumerate(values):
        if isinstance(u, bool) or not isinstance(u, (int, float)):
            raise PortError("type", f"randoms[{k}]", "must be a number")
        if isinstance(u, float) or not 0 <= u < 2**32:
            raise PortError("range", f"randoms[{k}]", f"{u!r} is not a u32 written as an integer")
    return values


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
            consumed += 1
            if u < bound:
                break
            if mutants.active("atout-no-rejection"):
                break
        j = u % n
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
        hands[p % 4].append(code)
    return {"hands": hands}


def _deal_belote(deck, dealer, taker):
    """First round: packets of 5 from (dealer + 1), the dealer last;
    position 20 the retourne. With a taker: a second round from (dealer + 1)
    again, 2 to the taker and 3 to each other seat; the taker's hand is its 5,
    the retourne, then its 2. Without: the deal stops, 21..31 undealt."""
    order = [(dealer + 1 + k) % 4 for k in range(4)]  # dealer + 1 first, the dealer last
    hands = [[] for _ in range(4)]
    top = 0
    for seat in order:
        hands[seat].extend(deck[top : top + FIRST_PACKET])
        top += FIRST_PACKET
    upcard = deck[RETOURNE]
    top = RETOURNE + 1
    if taker is None:
        return {"hands": hands, "upcard": upcard, "undealt": deck[top:]}
    hands[taker].append(upcard)  # the retourne before the second packet
    for seat in order:
        size = TAKER_PACKET if seat == taker else OTHER_PACKET
        hands[seat].extend(deck[top : top + size])
        top += size
    return {"hands": hands, "upcard": upcard}


def _deal_duo(deck, dealer):
    """Eight packets of 4 from position 0, receiver (the seat that is not the
    dealer) then dealer alternately; the first four hidden, the last four
    visible. Each list is indexed by seat, seat 0 first."""
    receiver = 1 - dealer
    hidden = [[], []]
    visible = [[], []]
    for packet in range(len(deck) // DUO_PACKET):
        seat = receiver if packet % 2 == 0 else dealer
        target = hidden if packet < DUO_HIDDEN_PACKETS else visible
        target[seat].extend(deck[packet * DUO_PACKET : (packet + 1) * DUO_PACKET])
    return {"hidden": hidden, "visible": visible}


def _check_deck(deck, cards):
    """A given deck must hold the starting deck's cards, each exactly once
    (docs/vectors.md, "Errors", 4): each item first, naming the first bad one
    as `deck[i]` (`type` for a non-string; `value` for a code that is not in
    this starting deck or comes a second time); then the count (`length`,
    field `deck`)."""
    if not isinstance(deck, list):
        raise PortError("type", "deck", "must be a list of card codes")
    seen = set()
    for i, code in enumerate(deck):
        if not isinstance(code, str):
            raise PortError("type", f"deck[{i}]", "must be a card code")
        if code not in cards:
            raise PortError("value", f"deck[{i}]", f"{code!r} is not a card of this deck")
        if code in seen:
            raise PortError("value", f"deck[{i}]", f"{code!r} comes twice")
        seen.add(code)
    if len(deck) != len(cards):
        raise PortError("length", "deck", f"{len(deck)} cards, not {len(cards)}")
    return list(deck)


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
