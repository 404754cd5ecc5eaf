"""`hmac-blackjack`: the HMAC-SHA256 shoe, blackjack replay and roll games.

Written from docs/schemes/hmac-blackjack.md alone (and docs/vectors.md for the
error kinds and the order of checks). Each step of the page is one function:

    validate(input)          -> the normalised input, or PortError
    fingerprint(inp)         -> step 1, lowercase hex
    stream(inp)              -> steps 2 and 3, an endless generator of u32s
    starting_shoe()          -> step 4's starting list of card numbers
    shuffle(inp, draws)      -> step 4, {consumed, positions, deck}
    deal(inp, deck)          -> step 4's site labels of a given shoe, {labels}
    trace(input)             -> every stage, in the page's output order
    shuffle_stage(input, randoms), deal_stage(input, deck)
                             -> a vector's `shuffle` and `deal` case: the
                                input checked first, then the given list
    replay(shoe, actions)    -> step 5 on a list of card numbers
    GAMES[name](input, randoms=None)
                             -> steps 5 and 6: the output of `play blackjack`
                                and of each `roll` game; `randoms`, when
                                given, replaces the stream (checked with
                                given_randoms() after the input)

`inp` is always an input that validate() (or a game's own validation) has
returned. Run the self-tests with

    cd conformance/ports/python && python3 -B -c "from schemes import hmac_blackjack as m; m.self_test(); print('ok')"
"""

import hashlib
import hmac
from fractions import Fraction
from itertools import chain, count, repeat

import mutants  # ../mutants.py: deliberate mistakes, all off unless FAIRDEAL_MUTANT names one

from .common import PortError

SCHEME = "hmac-blackjack"
SCHEME_VERSION = 1

# The fields in the order of the page's input table: the order of the checks.
FIELDS = ("server_seed", "client_seed", "nonce")

SERVER_SEED_MIN, SERVER_SEED_MAX = 1, 1024
CLIENT_SEED_MIN, CLIENT_SEED_MAX = 0, 1024  # Unicode code points
PRINTABLE_FIRST, PRINTABLE_LAST = " ", "~"  # 0x20 .. 0x7E, space included
NONCE_MAX = 2**53 - 1
U32_MAX = 2**32 - 1

# Card number c (0..51): rank c mod 13 (ace first), suit c div 13.
RANKS = "A23456789TJQK"  # the code form (`T` for the ten)
SITE_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = "shdc"  # spades, hearts, diamonds, clubs
SITE_SUITS = "\u2660\u2665\u2666\u2663"  # the same order: ♠ ♥ ♦ ♣
DECKS = 8
SHOE = 52 * DECKS  # 416 cards, 416 numbers: rounds 0 to 51


# --- input ------------------------------------------------------------------


def validate(raw):
    """Check the shoe's input (server_seed, client_seed, nonce) and return it.

    Order (docs/vectors.md, "Errors"): an unknown field first; then each field
    in FIELDS order: missing, JSON type, then its own rules, characters
    before length for texts.
    """
    _known(raw, FIELDS)
    inp = _seeds_and_nonce(raw)
    _late_unknown()
    return inp


def _known(raw, fields):
    if not isinstance(raw, dict):
        raise PortError("type", "", "the input must be a JSON object")
    if mutants.active("hb-unknown-ignored") or mutants.active("hb-unknown-last"):
        _LATE.clear()
        _LATE.append((raw, fields))
        return
    _unknown(raw, fields)


def _unknown(raw, fields):
    for name in raw:
        if name not in fields:
            raise PortError("unknown", name, f"{SCHEME} takes no field {name!r} here")


# hb-unknown-last: the unknown fields checked once the known ones are.
_LATE = []


def _late_unknown():
    while _LATE:
        raw, fields = _LATE.pop()
        if mutants.active("hb-unknown-last"):
            _unknown(raw, fields)


def _seeds_and_nonce(raw, nonce=True):
    if mutants.active("hb-fields-reversed"):
        if nonce:
            _integer(raw, "nonce", 0, NONCE_MAX)
        _client_seed(raw)
    server_seed = _text(raw, "server_seed")
    low, high = SERVER_SEED_MIN, SERVER_SEED_MAX
    if mutants.active("hb-server-seed-empty-allowed"):
        low = 0
    if mutants.active("hb-server-seed-max-1023"):
        high = 1023
    first, last = PRINTABLE_FIRST, PRINTABLE_LAST
    if mutants.active("hb-server-seed-del-allowed"):
        last = "\x7f"
    if mutants.active("hb-server-seed-space-refused"):
        first = "!"
    for i, ch in enumerate(server_seed):
        if not first <= ch <= last and not mutants.active("hb-server-seed-any-character"):
            raise PortError("character", "server_seed", f"character {i} ({ch!r}) is not printable ASCII")
    if not low <= len(server_seed) <= high:
        raise PortError(
            "length",
            "server_seed",
            f"{len(server_seed)} characters, not {SERVER_SEED_MIN} to {SERVER_SEED_MAX}",
        )

    client_seed = _client_seed(raw)
    inp = {"server_seed": server_seed, "client_seed": client_seed}
    if nonce:
        inp["nonce"] = _integer(raw, "nonce", 0, NONCE_MAX)
    if mutants.active("hb-server-seed-lower-cased"):
        inp["server_seed"] = server_seed.lower()
    if mutants.active("hb-client-seed-trimmed"):
        inp["client_seed"] = client_seed.strip()
    if mutants.active("hb-client-seed-nfc"):
        import unicodedata

        inp["client_seed"] = unicodedata.normalize("NFC", client_seed)
    # The texts are kept exactly as given: no trimming, no normalisation.
    return inp


def _client_seed(raw):
    client_seed = _text(raw, "client_seed")
    # Any Unicode text. Choice (the page does not say): a lone surrogate,
    # which JSON's \uD800 escapes can spell but UTF-8 cannot encode, is
    # refused as `character` (it has no UTF-8 bytes to hash).
    for i, ch in enumerate(client_seed):
        if "\ud800" <= ch <= "\udfff":
            raise PortError("character", "client_seed", f"character {i} is a lone surrogate")
        if mutants.active("hb-client-seed-printable-only") and not PRINTABLE_FIRST <= ch <= PRINTABLE_LAST:
            raise PortError("character", "client_seed", f"character {i} ({ch!r}) is not printable ASCII")
    length = len(client_seed)
    if mutants.active("hb-client-seed-utf16-length"):
        length = len(client_seed.encode("utf-16-le")) // 2
    if mutants.active("hb-client-seed-byte-length"):
        length = len(client_seed.encode("utf-8"))
    low, high = CLIENT_SEED_MIN, CLIENT_SEED_MAX
    if mutants.active("hb-client-seed-empty-refused"):
        low = 1
    if mutants.active("hb-client-seed-max-1023"):
        high = 1023
    if not low <= length <= high:
        raise PortError(
            "length",
            "client_seed",
            f"{len(client_seed)} characters, not {CLIENT_SEED_MIN} to {CLIENT_SEED_MAX}",
        )
    return client_seed


def _absent(raw, name):
    if mutants.active("hb-null-as-missing"):
        return raw.get(name) is None
    return name not in raw


def _text(raw, name):
    if _absent(raw, name):
        raise PortError("type" if mutants.active("hb-missing-as-type") else "missing", name, "is required")
    value = raw[name]
    if mutants.active("hb-text-coerced") and isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise PortError("type", name, "must be a string")
    return value


def _integer(raw, name, low, high):
    if _absent(raw, name):
        raise PortError("type" if mutants.active("hb-missing-as-type") else "missing", name, "is required")
    if name == "nonce":
        if mutants.active("hb-nonce-negative-accepted"):
            low = -(2**53)
        if mutants.active("hb-nonce-max-2-53"):
            high = 2**53
        if mutants.active("hb-nonce-max-u32"):
            high = 2**32 - 1
    else:
        if mutants.active(f"hb-{name}-max-plus-1"):
            high += 1
        if mutants.active(f"hb-{name}-max-minus-1"):
            high -= 1
        if mutants.active(f"hb-{name}-min-minus-1"):
            low -= 1
    return _integer_value(raw[name], name, low, high)


def _integer_value(value, name, low, high):
    if mutants.active("hb-bool-as-number") and isinstance(value, bool):
        value = int(value)
    if mutants.active("hb-numeric-text-accepted") and isinstance(value, str) and value.isdigit():
        value = int(value)
    if mutants.active("hb-integral-float-accepted") and isinstance(value, float) and value.is_integer():
        value = int(value)
    if name != "nonce" and mutants.active("hb-parameter-integral-float-accepted") and isinstance(value, float) and value.is_integer():
        value = int(value)
    if name != "nonce" and mutants.active("hb-parameter-u8-wraps") and isinstance(value, int) and not isinstance(value, bool):
        value %= 256
    # In Python bool is a kind of int, but JSON true is not a number.
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PortError("type", name, "must be a number")
    # docs/vectors.md: integers are written as JSON integers; a number with a
    # fraction or exponent (1.5, and also 1.0 and 1e0) is `range`.
    if isinstance(value, float):
        raise PortError("range", name, f"{value!r} is not written as an integer")
    if not low <= value <= high:
        raise PortError("range", name, f"{value} is not {low} to {high}")
    return value


# --- step 1: the fingerprint ------------------------------------------------


def fingerprint(inp):
    """SHA-256 of the server seed's text exactly as given."""
    if mutants.active("hb-fingerprint-upper-hex"):
        return hashlib.sha256(inp["server_seed"].encode("ascii")).hexdigest().upper()
    return hashlib.sha256(inp["server_seed"].encode("ascii")).hexdigest()


# --- steps 2 and 3: the byte stream and its numbers -------------------------


def stream(inp):
    """The u32s of the game's nonce (see _stream)."""
    return _stream(inp["server_seed"], inp["client_seed"], inp["nonce"])


def _stream(server_seed, client_seed, nonce):
    """B_r = HMAC-SHA256(key = server_seed, client_seed ":" nonce ":" r),
    r = 0, 1, 2, ...; every four bytes, read as a big-endian u32, are one
    number (f = u / 2^32): eight per round.

    The key is the server seed's TEXT (its ASCII bytes), never its
    hex-decoded bytes. The client seed is hashed as its UTF-8 bytes, exactly
    as given; nonce and r are decimal without sign or leading zeros.
    """
    key = server_seed.encode("ascii")
    if mutants.active("hmac-key-hex"):
        key = bytes.fromhex(server_seed)
    if mutants.active("nonce-off-by-one"):
        nonce += 1
    if mutants.active("hb-client-colons-escaped"):
        client_seed = client_seed.replace(":", "\\:")
    encoding = "latin-1" if mutants.active("hb-client-seed-latin-1") else "utf-8"
    prefix = client_seed.encode(encoding, errors="replace") + b":" + str(nonce).encode("ascii") + b":"
    if mutants.active("hb-message-no-colons"):
        prefix = client_seed.encode("utf-8") + str(nonce).encode("ascii")
    order = "little" if mutants.active("floats-little-endian") else "big"
    for r in count(1 if mutants.active("hb-round-from-1") else 0):
        if mutants.active("hb-key-message-swapped"):
            block = hmac.new(prefix + str(r).encode("ascii"), key, hashlib.sha256).digest()
        else:
            block = hmac.new(key, prefix + str(r).encode("ascii"), hashlib.sha256).digest()
        for offset in range(0, 32, 4):
            yield int.from_bytes(block[offset : offset + 4], order)


def given_randoms(values, needed=None):
    """Checks a list of numbers given in place of the stream, item by item
    (docs/vectors.md, "Errors", 6): each a JSON integer from 0 to 2^32 - 1,
    every item before any is used, the ones past what the stage takes
    included. `needed`, when known, is how many the stage takes (used only
    by a deliberate mistake)."""
    if not isinstance(values, list):
        raise PortError("type", "randoms", "must be a list")
    if mutants.active("hb-given-count-first") and needed is not None and len(values) < needed:
        raise PortError("stream-exhausted", "randoms", "too few numbers")
    if mutants.active("hb-given-checked-when-taken"):
        return _Lazy(values)
    return [_given_number(k, u) for k, u in enumerate(values)]


class _Lazy(list):
    """hb-given-checked-when-taken: a given list whose items are checked
    only as they are taken."""

    def __iter__(self):
        return (_given_number(k, u) for k, u in enumerate(list.__iter__(self)))


def _given_number(k, u):
    if mutants.active("hb-given-coerced") and (u is None or isinstance(u, (bool, str))):
        # JavaScript's Number(): null and false 0, true 1, "7" 7.
        u = int(u) if isinstance(u, bool) or (isinstance(u, str) and u.isdigit()) else 0 if u is None else u
    if isinstance(u, bool) or not isinstance(u, (int, float)):
        raise PortError("type", f"randoms[{k}]", "must be a number")
    if mutants.active("hb-given-integral-float-accepted") and isinstance(u, float) and u.is_integer():
        u = int(u)
    if mutants.active("hb-given-float-truncated") and isinstance(u, float):
        u = int(u)
    if mutants.active("hb-given-wrapped") and isinstance(u, int):
        u %= 2**32
    if isinstance(u, float) or not 0 <= u <= U32_MAX:
        raise PortError("range", f"randoms[{k}]", f"{u!r} is not a u32 written as an integer")
    return u


def _given_first(randoms):
    """hb-given-before-input: the given list checked before the input."""
    if mutants.active("hb-given-before-input") and randoms is not None:
        given_randoms(randoms)


def _given_source(given):
    """The numbers of a checked given list, in order (read on as zeros when
    it runs short, by a deliberate mistake)."""
    if mutants.active("hb-given-short-zero-filled"):
        return chain(given, repeat(0))
    return iter(given)


def _refuse_extra(given, taken):
    """hb-given-extra-refused: numbers left over refused."""
    if mutants.active("hb-given-extra-refused") and given is not None and taken < len(given):
        raise PortError("length", "randoms", f"{len(given)} numbers, {taken} taken")


class _Numbers:
    """The numbers a stage takes, in order, each one recorded (`used`).

    From the stream, or from a given list; a given list that runs out is
    `stream-exhausted` (field `randoms`)."""

    def __init__(self, source, used=None):
        self._source = source if hasattr(source, "__next__") else iter(source)
        self.used = [] if used is None else used

    def next(self, what):
        u = next(self._source, None)
        if u is None and mutants.active("hb-given-list-wraps") and self.used:
            u = self.used[0]
        if u is None:
            raise PortError(
                "stream-exhausted",
                "randoms",
                f"{what}: only {len(self.used)} numbers were given",
            )
        self.used.append(u)
        return u


def _pick(u, n):
    """floor(f * n) for f = u / 2^32: exactly (u * n) >> 32, in 0..n-1.
    Not floating point, not u mod n."""
    if mutants.active("hb-pick-mod"):
        return u % n
    return (u * n) >> 32


# --- step 4: the shoe -------------------------------------------------------


def card_code(c):
    """Card number c (0..51) as rank then suit letter: 0 `As`, 51 `Kc`."""
    if mutants.active("hb-suits-cdhs"):
        return RANKS[c % 13] + "cdhs"[c // 13]
    if mutants.active("hb-ace-high"):
        return "23456789TJQKA"[c % 13] + SUITS[c // 13]
    return RANKS[c % 13] + SUITS[c // 13]


def site_label(c):
    """Card number c as the site labels it: `A♠`, `10♥`, `K♦`, `7♣`."""
    if mutants.active("hb-label-ten-as-t") and c % 13 == 9:
        return "T" + SITE_SUITS[c // 13]
    if mutants.active("hb-label-suit-letters"):
        return SITE_RANKS[c % 13] + SUITS[c // 13]
    return SITE_RANKS[c % 13] + SITE_SUITS[c // 13]


CODES = [card_code(c) for c in range(52)]
NUMBER_OF = {code: c for c, code in enumerate(CODES)}


def starting_shoe():
    """The card numbers [i mod 52 for i in 0..416]: eight decks in order."""
    return [i % 52 for i in range(SHOE)]


def shuffle(inp, draws):
    """For each of 416 numbers u: idx = (u * len(remaining)) >> 32, take
    remaining[idx] and remove it (later cards move down one).

    `draws` is any iterable of u32s (the stream, or a vector's list).
    Returns how many numbers were taken, and for each shoe position the
    index in the starting list of its card, and the card codes.
    """
    cards = starting_shoe()
    remaining = list(range(SHOE))  # starting-list indices, kept alongside
    draws = iter(draws)
    positions = []
    for consumed in range(SHOE):
        u = next(draws, None)
        if u is None:
            raise PortError(
                "stream-exhausted",
                "randoms",
                f"the {SHOE}-card shoe takes {SHOE} numbers; only {consumed} were given",
            )
        if mutants.active("hb-positions-remaining-index"):
            idx = _pick(u, len(remaining))
            remaining.pop(idx)
            positions.append(idx)
            continue
        if mutants.active("hb-shoe-no-removal"):
            positions.append(remaining[_pick(u, len(remaining))])
            continue
        positions.append(remaining.pop(_pick(u, len(remaining))))
    return {
        "consumed": SHOE,
        "positions": positions,
        "deck": [card_code(cards[p]) for p in positions],
    }


def shuffle_stage(raw, randoms, checked=lambda inp: inp):
    """A `shuffle` case (docs/vectors.md, "Errors", 5 and 6): the input
    first, then every given number; only then the shoe, which finds a short
    list run out (`stream-exhausted`) and leaves extra numbers unused."""
    _given_first(randoms)
    inp = checked(validate(raw))
    given = given_randoms(randoms, SHOE)
    shuffled = shuffle(inp, _given_source(given))
    _refuse_extra(given, shuffled["consumed"])
    return shuffled


def deal_stage(raw, deck, checked=lambda inp: inp):
    """A `deal` case (docs/vectors.md, "Errors", 5): the input first, then
    the given shoe."""
    if mutants.active("hb-given-before-input"):
        _check_deck(deck)
    return deal(checked(validate(raw)), deck)


def deal(inp, deck):
    """The site's labels of a given shoe (codes, position 0 first)."""
    numbers = _check_deck(deck)
    return {"labels": [site_label(c) if c is not None else "Jk" for c in numbers]}


def _check_deck(deck):
    """A given shoe must hold the starting list's cards: each of the 52
    eight times. Returns the card numbers.

    Items first, naming the first bad one as `deck[i]` (`type`; `value` for
    a string that is not a card code, or a card given more often than the
    shoe holds it, i.e. a ninth time); then the count (`length`, field
    `deck`). Choice: docs/vectors.md's "a card given a second time" read
    for an eight-deck shoe as "a card given once more than the starting
    list holds it".
    """
    if not isinstance(deck, list):
        raise PortError("type", "deck", "must be a list of card codes")
    if mutants.active("hb-deck-count-first") and len(deck) != SHOE:
        raise PortError("length", "deck", f"{len(deck)} cards, not {SHOE}")
    seen = [0] * 52
    numbers = []
    for i, code in enumerate(deck):
        if not isinstance(code, str):
            raise PortError("value" if mutants.active("hb-deck-item-type-as-value") else "type", f"deck[{i}]", "must be a card code")
        if mutants.active("hb-deck-codes-any-case") and len(code) == 2:
            code = code[0].upper() + code[1].lower()
        if mutants.active("hb-deck-ten-as-10") and len(code) == 3 and code.startswith("10"):
            code = "T" + code[2]
        if mutants.active("hb-deck-any-card") and code == "Jk":
            numbers.append(None)  # a card code, though in no deck of the shoe
            continue
        c = NUMBER_OF.get(code)
        if c is None:
            raise PortError("value", f"deck[{i}]", f"{code!r} is not a card code")
        seen[c] += 1
        if seen[c] > DECKS and not mutants.active("hb-deck-repeats-allowed"):
            raise PortError("value", f"deck[{i}]", f"{code!r} comes more than {DECKS} times")
        numbers.append(c)
    if len(deck) != SHOE and not mutants.active("hb-deck-size-unchecked"):
        raise PortError("length", "deck", f"{len(deck)} cards, not {SHOE}")
    return numbers


def _shoe_numbers(inp, randoms=None, needed=None):
    """The shoe as card numbers, and every number it took."""
    numbers = _numbers(inp, randoms, needed)
    cards = starting_shoe()
    remaining = list(range(SHOE))
    shoe = []
    for _ in range(SHOE):
        u = numbers.next(f"the {SHOE}-card shoe takes {SHOE} numbers")
        if mutants.active("hb-shoe-no-removal"):
            shoe.append(cards[remaining[_pick(u, len(remaining))]])
            continue
        shoe.append(cards[remaining.pop(_pick(u, len(remaining)))])
    return shoe, numbers.used


# --- every stage --------------------------------------------------------------


def trace(raw):
    """The whole shoe from a raw input, every stage in the output order."""
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
        "labels": dealt["labels"],
    }


# --- step 5: blackjack ----------------------------------------------------------

ACTIONS = "HSDP"  # hit, stand, double, split


def card_value(c):
    """Ace 1 (or 11, see hand_total), 2 to 10 their number, J Q K 10."""
    return min(c % 13 + 1, 10)


def hand_total(cards):
    """(total, soft): the sum with one ace counted as 11 when that does not
    exceed 21; soft when an ace is so counted."""
    hard = sum(card_value(c) for c in cards)
    if any(c % 13 == 0 for c in cards) and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def _is_blackjack(cards):
    """An ace and a ten-valued card as the first two cards (the caller makes
    sure the hand is not a split one)."""
    return len(cards) == 2 and hand_total(cards)[0] == 21


def _net_text(amount):
    """An exact amount (Fraction with denominator 1 or 2) as a decimal
    string: "1.5", "-2", "0"."""
    amount = Fraction(amount)
    if mutants.active("hb-bj-net-float"):
        return str(float(amount))
    if amount.denominator == 1:
        return str(amount.numerator)
    assert amount.denominator == 2, amount
    sign = "-" if amount < 0 else ""
    whole, half = divmod(abs(amount.numerator), 2)
    assert half == 1
    return f"{sign}{whole}.5"


def _check_actions(raw):
    """`actions`: a text of H S D P, maybe empty. A letter other than those
    is `value` at actions[i].

    Choice: every letter is checked before the replay (as docs/vectors.md
    checks a text's characters first), so in "PX" on a non-pair the error
    is actions[1] (the bad letter), not actions[0] (the forbidden split).
    """
    if mutants.active("hb-bj-actions-list-joined") and isinstance(raw.get("actions"), list):
        raw = {**raw, "actions": "".join(map(str, raw["actions"]))}
    actions = _text(raw, "actions")
    if mutants.active("hb-bj-letters-case-insensitive"):
        actions = actions.upper()
    if mutants.active("hb-bj-actions-read-written"):
        actions = _read_written(actions)
    if mutants.active("hb-bj-letters-checked-during-replay"):
        return actions
    for i, ch in enumerate(actions):
        if ch not in ACTIONS:
            raise PortError("value", "actions" if mutants.active("hb-bj-letter-field-unindexed") else f"actions[{i}]", f"{ch!r} is not one of H S D P")
    return actions


def _read_written(text):
    """hb-bj-actions-read-written: the method's input read as the tools read
    what a person types (letters in either case or words, separated by
    spaces or commas or not), which the page keeps out of the method."""
    import re

    words = {"hit": "H", "stand": "S", "double": "D", "split": "P"}
    return "".join(words.get(w.lower(), w.upper()) for w in re.split(r"[\s,]+", text) if w)


def replay(shoe, actions):
    """Step 5 on `shoe` (card numbers, top first) and `actions` (a text of
    H S D P whose letters have been checked). Returns {hands, dealer, net};
    raises PortError(`value`, `actions[i]` or `actions`) for a forbidden,
    left-over or missing action."""
    shoe = iter(shoe)

    def draw():
        return next(shoe)

    # 1. Player, up-card, player, hole card.
    first, up, second, hole = draw(), draw(), draw(), draw()
    if mutants.active("hb-bj-player-cards-first"):
        first, second, up, hole = first, up, second, hole
    dealer = [up, hole]
    player_blackjack = _is_blackjack([first, second])
    dealer_blackjack = _is_blackjack(dealer)

    def leftover(pos):
        if pos < len(actions) and not mutants.active("hb-bj-leftover-ignored"):
            raise PortError("value", f"actions[{pos}]", "the round has already ended")

    # 2. The dealer peeks with an ace or a ten-valued up-card.
    peeks = card_value(up) in (1, 10)
    if mutants.active("hb-bj-peek-ace-only"):
        peeks = card_value(up) == 1
    if mutants.active("hb-bj-no-peek"):
        peeks = False
    if peeks and dealer_blackjack:
        leftover(0)
        outcome, net = ("push", 0) if player_blackjack else ("lose", -1)
        if mutants.active("hb-bj-both-blackjack-paid") and player_blackjack:
            outcome, net = "blackjack", Fraction(3, 2)
        hands = [_hand([first, second], 1, False, outcome, net)]
        return _result(hands, dealer, True)

    # 3. A player blackjack is paid 3:2 at once.
    if player_blackjack:
        leftover(0)
        hands = [_hand([first, second], 1, False, "blackjack", 1 if mutants.active("hb-bj-blackjack-pays-1") else Fraction(3, 2))]
        return _result(hands, dealer, False)
    # (Without a peek the dealer cannot hold a blackjack: up-card 2 to 9.)

    # 4. The player acts, one letter per decision, on the hand in play.
    hands = [{"cards": [first, second], "bet": 1, "doubled": False}]
    pos = 0  # the next letter
    split = False
    h = 0
    while h < len(hands):
        hand = hands[h]
        if len(hand["cards"]) == 1:  # a split hand takes its second card now
            hand["cards"].append(draw())
            if mutants.active("hb-bj-split-21-is-blackjack") and hand_total(hand["cards"])[0] == 21:
                hand["blackjack"] = True
            if card_value(hand["cards"][0]) == 1 and not mutants.active("hb-bj-split-aces-play-on"):  # split aces: one card, stand
                h += 1
                continue
        splitting = False
        while hand_total(hand["cards"])[0] < (22 if mutants.active("hb-bj-21-asks-action") else 21):  # 21 stands by itself, over 21 is bust
            if pos >= len(actions):
                if mutants.active("hb-bj-missing-action-stands"):
                    break
                raise PortError("value", "actions", f"too few actions: hand {h + 1} is still in play")
            letter, field = actions[pos], f"actions[{pos}]"
            pos += 1
            if letter not in ACTIONS:
                raise PortError("value", field, f"{letter!r} is not one of H S D P")
            if letter == "H":
                hand["cards"].append(draw())
            elif letter == "S":
                break
            elif letter == "D":
                if len(hand["cards"]) != 2 and not mutants.active("hb-bj-double-any-time"):
                    raise PortError("value", field, "a double only on a hand's first two cards")
                if mutants.active("hb-bj-no-double-after-split") and split:
                    raise PortError("value", field, "no double after a split")
                hand["bet"] = 1 if mutants.active("hb-bj-double-bet-1") else 2
                hand["doubled"] = True
                hand["cards"].append(draw())
                break
            else:  # "P"
                if split and not mutants.active("hb-bj-split-twice"):
                    raise PortError("value", field, "only one split per round")
                if pos - 1 != 0 and not (split and mutants.active("hb-bj-split-twice")):
                    raise PortError("value", field, "a split only as the round's first decision")
                a, b = hand["cards"]
                pair = card_value(a) != card_value(b)
                if mutants.active("hb-bj-split-same-rank-only"):
                    pair = a % 13 != b % 13
                if pair and not mutants.active("hb-bj-split-without-pair"):
                    raise PortError("value", field, "a split only on a pair (of values)")
                split = splitting = True
                new = [
                    {"cards": [a], "bet": 1, "doubled": False},
                    {"cards": [b], "bet": 1, "doubled": False},
                ]
                if mutants.active("hb-bj-split-cards-dealt-together"):
                    for nh in new:
                        nh["cards"].append(draw())
                hands = hands[:h] + new + hands[h + 1 :]
                break
        if not splitting:  # after a split, hand h is the first split hand
            h += 1
    leftover(pos)

    # 5. The dealer draws below 17 (stands on every 17), only if some hand is live.
    if any(hand_total(hand["cards"])[0] <= 21 for hand in hands) or mutants.active("hb-bj-dealer-always-draws"):
        while True:
            total, soft = hand_total(dealer)
            stop = 16 if mutants.active("hb-bj-dealer-stands-on-16") else 17
            if total < stop or (mutants.active("hb-bj-dealer-hits-soft-17") and total == 17 and soft):
                dealer.append(draw())
            else:
                break

    # 6. Settle.
    dealer_total = hand_total(dealer)[0]
    settled = []
    for hand in hands:
        total = hand_total(hand["cards"])[0]
        bet = hand["bet"]
        if total > 21:
            outcome, net = "lose", -bet
        elif hand.get("blackjack"):
            outcome, net = "blackjack", Fraction(3, 2)
        elif dealer_total > 21 or total > dealer_total:
            outcome, net = "win", bet
        elif total < dealer_total:
            outcome, net = "lose", -bet
        else:
            outcome, net = ("lose", -bet) if mutants.active("hb-bj-push-loses") else ("push", 0)
        settled.append(_hand(hand["cards"], bet, hand["doubled"], outcome, net))
    return _result(settled, dealer, False)


def _hand(cards, bet, doubled, outcome, net):
    total, soft = hand_total(cards)
    if mutants.active("hb-bj-soft-when-any-ace"):
        soft = any(c % 13 == 0 for c in cards)
    return {
        "cards": [card_code(c) for c in cards],
        "total": total,
        "soft": soft,
        "bet": bet,
        "doubled": doubled,
        "bust": total > 21,
        "outcome": outcome,
        "net": _net_text(net),
    }


def _result(hands, dealer, dealer_blackjack):
    total = hand_total(dealer)[0]
    return {
        "hands": hands,
        "dealer": {
            "cards": [card_code(c) for c in dealer],
            "total": total,
            "bust": total > 21,
            "blackjack": dealer_blackjack,
        },
        "net": _net_text(sum((Fraction(h["net"]) for h in hands), Fraction(0))),
    }


def play_blackjack(raw, randoms=None):
    """`play blackjack`: the shoe of (server_seed, client_seed, nonce), then
    the replay of `actions`. Output: fingerprint, hands, dealer, net (the
    page lists no `randoms` for it)."""
    _given_first(randoms)
    _known(raw, FIELDS + ("actions",))
    if mutants.active("hb-bj-actions-first"):
        _check_actions(raw)
    inp = _seeds_and_nonce(raw)
    actions = _check_actions(raw)
    _late_unknown()
    if mutants.active("hb-bj-lazy-shoe") and randoms is not None:
        played = replay(_lazy_shoe(given_randoms(randoms)), actions)
        return {"fingerprint": fingerprint(inp), **played}
    shoe, _used = _shoe_numbers(inp, randoms, SHOE)
    _refuse_extra(randoms, SHOE)
    played = replay(shoe, actions)
    return {"fingerprint": fingerprint(inp), **played}


def _lazy_shoe(given):
    """hb-bj-lazy-shoe: the shoe's cards drawn one by one as the round needs
    them, so that a given list shorter than 416 is not refused."""
    remaining = list(range(SHOE))
    cards = starting_shoe()
    numbers = _Numbers(given)
    while True:
        u = numbers.next("the shoe")
        yield cards[remaining.pop(_pick(u, len(remaining)))]


# --- step 6: the roll games ---------------------------------------------------

ROULETTE_NONCE = 1
ROULETTE_SLOTS = 15
MINES_MIN, MINES_MAX = 1, 24
BOARD = 5  # 5 x 5, position p is row p div 5, col p mod 5
ROLLS_MIN, ROLLS_MAX = 1, 4
PLAYERS_MIN, PLAYERS_MAX = 2, 4
ROUNDS_MIN, ROUNDS_MAX = 1, 100
ROWS_MIN, ROWS_MAX = 1, 32
BALLS_MIN, BALLS_MAX = 1, 100
PLINKO_RIGHT = 2168958485  # u >= this: f.toFixed(2) > 0.5
TICKET_SCALE = 100000
TICKET_DIGITS = 27  # 100000 / 2^32 = 5^5 / 2^27: at most 27 decimals


def roulette_outcome(slot):
    if slot == 0:
        return "GREEN"
    if slot == 1 and not mutants.active("hb-roulette-slot-1-red"):
        return "RED_BAIT"
    if slot <= (8 if mutants.active("hb-roulette-red-to-8") else 7):
        return "RED"
    if slot <= 13 or mutants.active("hb-roulette-slot-14-black"):
        return "BLACK"
    return "BLACK_BAIT"


def ticket_text(u):
    """The exact decimal of u * 100000 / 2^32, with integers only: no
    trailing zeros, no point for a whole number."""
    # u * 100000 / 2^32 = u * 5^5 / 2^27; a fraction k / 2^27 is exactly
    # k * 5^27 / 10^27.
    if mutants.active("hb-case-ticket-float"):
        return repr(u / 2**32 * 100000)
    if mutants.active("hb-case-ticket-2-decimals"):
        return f"{u * TICKET_SCALE / 2**32:.2f}"
    scaled = u * TICKET_SCALE
    whole, rest = scaled >> 32, scaled & U32_MAX
    if rest == 0:
        return str(whole)
    digits = str(rest * 10**32 >> 32).rjust(32, "0")  # rest / 2^32 has <= 32 decimals
    assert rest * 10**32 % 2**32 == 0
    return f"{whole}.{digits.rstrip('0')}"


def plinko_right(u):
    """The ball moves right when f.toFixed(2) > 0.5: exactly u >= 2168958485."""
    if mutants.active("plinko-no-rounding"):
        return u > 2**31  # f > 0.5 on the unrounded float
    if mutants.active("hb-plinko-threshold-plus-1"):
        return u > PLINKO_RIGHT
    return u >= PLINKO_RIGHT


def _game_input(raw, params, nonce=True):
    """server_seed, client_seed, (nonce,) then each (name, low, high) of
    `params`, in the page's order."""
    fields = FIELDS if nonce else FIELDS[:2]
    _known(raw, fields + tuple(name for name, _, _ in params))
    if mutants.active("hb-parameters-first"):
        for name, low, high in params:
            _integer(raw, name, low, high)
    inp = _seeds_and_nonce(raw, nonce=nonce)
    for name, low, high in (params[::-1] if mutants.active("hb-parameters-reversed") else params):
        inp[name] = _integer(raw, name, low, high)
    _late_unknown()
    return inp


def _numbers(inp, randoms, needed=None):
    """The game's numbers: the stream, or a given list, checked only now,
    after the input (docs/vectors.md, "Errors", 5)."""
    if randoms is None:
        return _Numbers(stream(inp))
    return _Numbers(_given_source(given_randoms(randoms, needed)))


def roll_roulette(raw, randoms=None):
    """One number: slot = (u * 15) >> 32. The nonce is always 1: it may be
    left out, any other value is `value`.

    Choice: a nonce that breaks the nonce's own rules (type, a fraction,
    outside 0 to 2^53 - 1) gets those errors first; only a valid nonce
    other than 1 is `value`."""
    _given_first(randoms)
    _known(raw, FIELDS)
    inp = _seeds_and_nonce(raw, nonce=False)
    _late_unknown()
    inp["nonce"] = 0 if mutants.active("hb-roulette-nonce-default-0") else ROULETTE_NONCE
    # hb-roulette-nonce-loose: JavaScript's `nonce ?? 1` and `nonce == 1`.
    loose = mutants.active("hb-roulette-nonce-loose") and (raw.get("nonce") is None or raw.get("nonce") == 1 or raw.get("nonce") == "1")
    if "nonce" in raw and not loose:
        nonce = _integer(raw, "nonce", 0, NONCE_MAX)
        if mutants.active("hb-roulette-nonce-used"):
            inp["nonce"] = nonce
        elif nonce != ROULETTE_NONCE:
            raise PortError("value", "nonce", f"roulette's nonce is always {ROULETTE_NONCE}")
    numbers = _numbers(inp, randoms)
    u = numbers.next("roulette takes 1 number")
    _refuse_extra(randoms, 1)
    slot = u % ROULETTE_SLOTS if mutants.active("hb-roulette-mod") else _pick(u, ROULETTE_SLOTS)
    return {
        "fingerprint": fingerprint(inp),
        "randoms": numbers.used,
        "slot": slot,
        "outcome": roulette_outcome(slot),
    }


def roll_mines(raw, randoms=None):
    """For each of `mines` numbers: idx = (u * len) >> 32 over the board
    positions still free (0..24 in order), take it and remove it."""
    _given_first(randoms)
    inp = _game_input(raw, [("mines", MINES_MIN, MINES_MAX)])
    numbers = _numbers(inp, randoms)
    free = list(range(BOARD * BOARD))
    picked = []
    for _ in range(inp["mines"]):
        u = numbers.next(f"mines takes {inp['mines']} numbers")
        if mutants.active("hb-mines-over-25"):
            picked.append(_pick(u, BOARD * BOARD))
            continue
        picked.append(free.pop(_pick(u, len(free))))
    _refuse_extra(randoms, len(numbers.used))
    mined = set(picked)
    return {
        "fingerprint": fingerprint(inp),
        "randoms": numbers.used,
        "mines": [[p % BOARD, p // BOARD] if mutants.active("hb-mines-col-row") else [p // BOARD, p % BOARD] for p in picked],
        "board": [
            ["MINE" if row * BOARD + col in mined else "SAFE" for col in range(BOARD)]
            for row in range(BOARD)
        ],
    }


def roll_case(raw, randoms=None):
    """One number per roll: the ticket u * 100000 / 2^32, exact."""
    _given_first(randoms)
    inp = _game_input(raw, [("rolls", ROLLS_MIN, ROLLS_MAX)])
    numbers = _numbers(inp, randoms)
    tickets = []
    for roll in range(inp["rolls"]):
        u = numbers.next(f"case takes {inp['rolls']} numbers")
        tickets.append({"roll": roll + 1 if mutants.active("hb-case-roll-from-1") else roll, "u32": u, "ticket": ticket_text(u)})
    _refuse_extra(randoms, len(numbers.used))
    return {"fingerprint": fingerprint(inp), "randoms": numbers.used, "tickets": tickets}


def roll_battle(raw, randoms=None):
    """Player p = 1..players takes `rounds` numbers from the stream with
    nonce p. Tickets round by round, players in order within a round;
    randoms player 1's first.

    Choice (a given list of numbers, which the page does not mention): it
    is read in the order of `randoms`, player 1's `rounds` numbers first."""
    _given_first(randoms)
    inp = _game_input(
        raw,
        [("players", PLAYERS_MIN, PLAYERS_MAX), ("rounds", ROUNDS_MIN, ROUNDS_MAX)],
        nonce=False,
    )
    players, rounds = inp["players"], inp["rounds"]
    given = None if randoms is None else _given_source(given_randoms(randoms, players * rounds))  # after the input
    per_player = []
    used = []  # one record, player 1's numbers first
    for p in range(1, players + 1):
        source = _stream(inp["server_seed"], inp["client_seed"], p - 1 if mutants.active("hb-battle-nonce-from-0") else p) if given is None else given
        numbers = _Numbers(source, used)
        per_player.append(
            [numbers.next(f"case battle takes {players * rounds} numbers") for _ in range(rounds)]
        )
    tickets = [
        {"round": r + 1, "player": p + 1, "u32": per_player[p][r], "ticket": ticket_text(per_player[p][r])}
        for r in range(rounds)
        for p in range(players)
    ]
    if mutants.active("hb-battle-tickets-by-player"):
        tickets.sort(key=lambda t: t["player"])
    _refuse_extra(randoms, len(used))
    return {"fingerprint": fingerprint(inp), "randoms": used, "tickets": tickets}


def roll_plinko(raw, randoms=None):
    """rows x balls numbers; ball b uses numbers b*rows .. (b+1)*rows - 1,
    each right when u >= 2168958485, else left."""
    _given_first(randoms)
    inp = _game_input(raw, [("rows", ROWS_MIN, ROWS_MAX), ("balls", BALLS_MIN, BALLS_MAX)])
    numbers = _numbers(inp, randoms)
    moves = []
    for _ in range(inp["balls"]):
        path = ""
        for _ in range(inp["rows"]):
            u = numbers.next(f"plinko takes {inp['rows'] * inp['balls']} numbers")
            path += "R" if plinko_right(u) else "L"
        moves.append(path)
    _refuse_extra(randoms, len(numbers.used))
    if mutants.active("hb-plinko-row-major"):
        flat = "".join(moves)
        moves = ["".join(flat[r * inp["balls"] + b] for r in range(inp["rows"])) for b in range(inp["balls"])]
    return {
        "fingerprint": fingerprint(inp),
        "randoms": numbers.used,
        "moves": moves,
        "slots": [path.count("R") for path in moves],
    }


GAMES = {
    "blackjack": play_blackjack,
    "roulette": roll_roulette,
    "mines": roll_mines,
    "case": roll_case,
    "battle": roll_battle,
    "plinko": roll_plinko,
}


# --- self-tests (the page's statements; no vectors needed) ---------------------


def _site_plinko_right(u):
    """The site's way, emulated apart from plinko_right: f = u / 2^32 as a
    double (exact: u < 2^53), f.toFixed(2) (the n with n / 100 nearest the
    exact binary value, the larger n on a tie: half-up for f >= 0), then
    parseFloat(...) > 0.5. Not Python's round(), which ties to even."""
    from decimal import ROUND_HALF_UP, Decimal

    f = u / 2**32
    assert f * 2**32 == u  # the double is exact
    fixed = Decimal(f).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)  # toFixed(2)
    return float(str(fixed)) > 0.5


def _hmac_by_hand(key, message):
    """HMAC-SHA256 from its definition (RFC 2104), to check the hmac module's use."""
    block = 64
    if len(key) > block:
        key = hashlib.sha256(key).digest()
    key = key.ljust(block, b"\0")
    inner = hashlib.sha256(bytes(k ^ 0x36 for k in key) + message).digest()
    return hashlib.sha256(bytes(k ^ 0x5C for k in key) + inner).digest()


def _shoe_of(codes, fill="2c"):
    """A shoe (card numbers) starting with `codes`, padded with `fill`."""
    return [NUMBER_OF[c] for c in codes] + [NUMBER_OF[fill]] * 40


def _expect_error(fn, kind, field):
    try:
        fn()
    except PortError as err:
        assert (err.kind, err.field) == (kind, field), (err.kind, err.field, kind, field)
        return
    raise AssertionError(f"expected {kind} on {field}")


def self_test():
    import random
    from decimal import Decimal, getcontext

    seed = "3f9a" + "0" * 60
    base = {"server_seed": seed, "client_seed": "client", "nonce": 7}

    # Step 1.
    assert fingerprint(validate(base)) == hashlib.sha256(seed.encode()).hexdigest()

    # Steps 2 and 3: the key is the text; u32 big-endian; rounds in order.
    block0 = _hmac_by_hand(seed.encode("ascii"), b"client:7:0")
    block1 = _hmac_by_hand(seed.encode("ascii"), b"client:7:1")
    hexkey = _hmac_by_hand(bytes.fromhex(seed), b"client:7:0")
    got = [u for _, u in zip(range(16), stream(validate(base)))]
    want = [int.from_bytes((block0 + block1)[i : i + 4], "big") for i in range(0, 64, 4)]
    assert got == want
    assert got[0] != int.from_bytes(hexkey[:4], "big")  # not the hex-decoded key
    long_key = "k" * 100  # longer than HMAC's block: hashed first, as hmac does
    assert next(_stream(long_key, "", 0)) == int.from_bytes(_hmac_by_hand(long_key.encode(), b":0:0")[:4], "big")
    assert next(_stream(seed, "é", 0)) == int.from_bytes(_hmac_by_hand(seed.encode(), "é:0:0".encode())[:4], "big")

    # Step 4: card numbering and labels.
    assert [card_code(c) for c in (0, 9, 13, 51)] == ["As", "Ts", "Ah", "Kc"]
    assert [site_label(c) for c in (0, 22, 38, 45)] == ["A\u2660", "10\u2665", "K\u2666", "7\u2663"]
    assert site_label(9) == "10\u2660" and site_label(NUMBER_OF["Qd"]) == "Q\u2666"
    assert len(set(CODES)) == 52
    # u = 0 always takes the first remaining card: the starting list in order.
    zero = shuffle(base, [0] * SHOE)
    assert zero["positions"] == list(range(SHOE)) and zero["deck"][:14] == CODES[:14]
    assert zero["deck"][52] == "As" and zero["deck"][415] == "Kc"
    # u = 2^32 - 1 always takes the last.
    top = shuffle(base, [U32_MAX] * SHOE)
    assert top["positions"] == list(range(SHOE - 1, -1, -1)) and top["deck"][0] == "Kc"
    # u = 2^31: the middle of what remains (index len // 2).
    mid = shuffle(base, [2**31] * SHOE)  # index 208 of 416, 207 of 415, 207 of 414
    assert mid["positions"][:3] == [208, 207, 209]
    _expect_error(lambda: shuffle(base, [0] * 415), "stream-exhausted", "randoms")
    shuffled = shuffle(base, stream(validate(base)))
    assert sorted(shuffled["positions"]) == list(range(SHOE))
    assert deal(base, shuffled["deck"])["labels"] == [site_label(NUMBER_OF[c]) for c in shuffled["deck"]]
    t = trace(base)
    assert list(t) == ["fingerprint", "randoms", "positions", "deck", "labels"] and len(t["randoms"]) == SHOE
    assert t["deck"] == shuffled["deck"]
    # A given shoe: items first (ninth copy, bad code), then the count.
    _expect_error(lambda: deal(base, ["As"] * 9), "value", "deck[8]")
    _expect_error(lambda: deal(base, ["As", "1s"]), "value", "deck[1]")
    _expect_error(lambda: deal(base, ["As", 5]), "type", "deck[1]")
    _expect_error(lambda: deal(base, ["As"] * 8), "length", "deck")

    # Inputs: unknown first, then in order; characters before length.
    _expect_error(lambda: validate({**base, "seed": "x"}), "unknown", "seed")
    _expect_error(lambda: validate({"client_seed": "", "nonce": 0}), "missing", "server_seed")
    _expect_error(lambda: validate({**base, "server_seed": ""}), "length", "server_seed")
    _expect_error(lambda: validate({**base, "server_seed": "\x7f" * 2000}), "character", "server_seed")
    _expect_error(lambda: validate({**base, "server_seed": "a" * 1025}), "length", "server_seed")
    assert validate({**base, "server_seed": "~" * 1024, "client_seed": "\U0001F0A1" * 1024})
    _expect_error(lambda: validate({**base, "client_seed": "x" * 1025}), "length", "client_seed")
    _expect_error(lambda: validate({**base, "client_seed": None}), "type", "client_seed")
    _expect_error(lambda: validate({**base, "nonce": 2**53}), "range", "nonce")
    _expect_error(lambda: validate({**base, "nonce": 1.0}), "range", "nonce")
    _expect_error(lambda: validate({**base, "nonce": -1}), "range", "nonce")
    _expect_error(lambda: validate({**base, "nonce": "1"}), "type", "nonce")
    _expect_error(lambda: validate({**base, "nonce": True}), "type", "nonce")
    assert validate({**base, "nonce": 2**53 - 1})["nonce"] == 2**53 - 1

    # Roulette: the slot mapping; the nonce is 1.
    assert [roulette_outcome(s) for s in range(15)] == (
        ["GREEN", "RED_BAIT"] + ["RED"] * 6 + ["BLACK"] * 6 + ["BLACK_BAIT"]
    )
    for slot in range(15):
        low = -(-(slot << 32) // 15)  # the least u with (u * 15) >> 32 == slot
        assert _pick(low, 15) == slot and (low == 0 or _pick(low - 1, 15) == slot - 1)
    assert _pick(U32_MAX, 15) == 14
    rb = {"server_seed": seed, "client_seed": "block-hash"}
    assert roll_roulette(rb) == roll_roulette({**rb, "nonce": 1})
    r = roll_roulette(rb)
    assert list(r) == ["fingerprint", "randoms", "slot", "outcome"]
    assert r["randoms"] == [next(_stream(seed, "block-hash", 1))]
    assert roll_roulette(rb, [0])["outcome"] == "GREEN"
    assert roll_roulette(rb, [U32_MAX])["outcome"] == "BLACK_BAIT"
    _expect_error(lambda: roll_roulette({**rb, "nonce": 2}), "value", "nonce")
    _expect_error(lambda: roll_roulette({**rb, "nonce": 0}), "value", "nonce")
    _expect_error(lambda: roll_roulette({**rb, "nonce": "1"}), "type", "nonce")
    _expect_error(lambda: roll_roulette({**rb, "mines": 1}), "unknown", "mines")
    _expect_error(lambda: roll_roulette(rb, []), "stream-exhausted", "randoms")
    # The input first, then the given list (docs/vectors.md, "Errors", 5).
    _expect_error(lambda: roll_roulette({**rb, "server_seed": ""}, ["x"]), "length", "server_seed")
    _expect_error(lambda: roll_roulette(rb, [1, "x"]), "type", "randoms[1]")
    _expect_error(lambda: roll_battle({"server_seed": "s", "client_seed": "c", "players": 2, "rounds": 0}, [-1]),
                  "range", "rounds")
    _expect_error(lambda: roll_battle({"server_seed": "s", "client_seed": "c", "players": 2, "rounds": 1}, [-1]),
                  "range", "randoms[0]")
    _expect_error(lambda: play_blackjack({**base, "actions": "x"}, [2**32]), "value", "actions[0]")
    _expect_error(lambda: play_blackjack({**base, "actions": "S"}, [2**32]), "range", "randoms[0]")

    # Mines: position p is row p div 5, col p mod 5.
    mb = {**base, "mines": 3}
    m = roll_mines(mb, [0, 0, 0])
    assert m["mines"] == [[0, 0], [0, 1], [0, 2]]
    assert m["board"][0] == ["MINE"] * 3 + ["SAFE"] * 2 and m["board"][1] == ["SAFE"] * 5
    m = roll_mines(mb, [U32_MAX] * 3)
    assert m["mines"] == [[4, 4], [4, 3], [4, 2]]
    m = roll_mines({**base, "mines": 2}, [2**31, 2**31])  # idx 12 of 25, then 12 of 24 (old 13)
    assert m["mines"] == [[2, 2], [2, 3]]
    m = roll_mines({**base, "mines": 24})
    assert len(m["randoms"]) == 24 and sum(row.count("SAFE") for row in m["board"]) == 1
    assert len({tuple(x) for x in m["mines"]}) == 24
    _expect_error(lambda: roll_mines({**base, "mines": 25}), "range", "mines")
    _expect_error(lambda: roll_mines({**base, "mines": 0}), "range", "mines")
    _expect_error(lambda: roll_mines(base), "missing", "mines")
    _expect_error(lambda: roll_mines({**base, "mines": 1, "rolls": 1}), "unknown", "rolls")

    # Case tickets: exact decimals of u * 100000 / 2^32.
    getcontext().prec = 60
    assert ticket_text(0) == "0"
    assert ticket_text(1) == "0.000023283064365386962890625"  # 27 decimals
    assert ticket_text(2**27) == "3125" and ticket_text(2**31) == "50000"
    assert ticket_text(2**26) == "1562.5"
    rng = random.Random(5)
    for u in [U32_MAX, 2**32 - 2**5, 3] + [rng.randrange(2**32) for _ in range(2000)]:
        exact = Fraction(u * 100000, 2**32)
        text = ticket_text(u)
        assert Fraction(text) == exact, u
        assert "." not in text or (not text.endswith("0") and len(text.split(".")[1]) <= 27)
        assert Decimal(text) == Decimal(u * 100000) / Decimal(2**32)
    c = roll_case({**base, "rolls": 2}, [1, 2**31, 99])
    assert c["randoms"] == [1, 2**31]
    assert c["tickets"][1] == {"roll": 1, "u32": 2**31, "ticket": "50000"}
    _expect_error(lambda: roll_case({**base, "rolls": 5}), "range", "rolls")

    # Case battle: player p uses nonce p; tickets round by round.
    bb = {"server_seed": seed, "client_seed": "hash", "players": 3, "rounds": 2}
    b = roll_battle(bb)
    p1 = [u for _, u in zip(range(2), _stream(seed, "hash", 1))]
    p3 = [u for _, u in zip(range(2), _stream(seed, "hash", 3))]
    assert b["randoms"][:2] == p1 and b["randoms"][4:] == p3 and len(b["randoms"]) == 6
    assert [(t["round"], t["player"]) for t in b["tickets"]] == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]
    assert b["tickets"][5]["u32"] == p3[1]
    _expect_error(lambda: roll_battle({**bb, "nonce": 1}), "unknown", "nonce")
    _expect_error(lambda: roll_battle({**bb, "players": 1}), "range", "players")
    _expect_error(lambda: roll_battle({**bb, "rounds": 101}), "range", "rounds")
    g = roll_battle({**bb, "players": 2}, [10, 11, 20, 21])
    assert [t["u32"] for t in g["tickets"]] == [10, 20, 11, 21]

    # Plinko: right iff u >= 2168958485, and the site's toFixed agrees.
    threshold_us = [0, 1, 2**31 - 1, 2**31, 2**31 + 1, 2168958483, 2168958484, 2168958485,
                    2168958486, U32_MAX, 2**32 // 200 * 101]
    for u in threshold_us + [rng.randrange(2**32) for _ in range(20000)] + list(
        range(2147483640, 2147483660)
    ) + list(range(2168958400, 2168958600)):
        assert plinko_right(u) == _site_plinko_right(u), u
    assert not plinko_right(2168958484) and plinko_right(2168958485)
    assert not plinko_right(2147483649)  # f > 0.5, but toFixed(2) is "0.50"
    # The exact threshold: 0.505 * 2^32 = 2168958484.48.
    assert Fraction(2168958484, 2**32) < Fraction(505, 1000) < Fraction(2168958485, 2**32)
    # toFixed's ties go up where round() goes to even: 0.125 -> "0.13".
    assert _site_plinko_right(2**29) is False  # 0.125 stays left either way
    from decimal import ROUND_HALF_UP
    assert Decimal(0.125).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP) == Decimal("0.13") != Decimal(str(round(0.125, 2)))
    pl = roll_plinko({**base, "rows": 3, "balls": 2}, [2168958485, 0, U32_MAX, 2168958484, 1, 2**31])
    assert pl["moves"] == ["RLR", "LLL"] and pl["slots"] == [2, 0]
    assert list(pl) == ["fingerprint", "randoms", "moves", "slots"]
    _expect_error(lambda: roll_plinko({**base, "rows": 33, "balls": 1}), "range", "rows")
    _expect_error(lambda: roll_plinko({**base, "rows": 1, "balls": 101}), "range", "balls")

    _blackjack_self_test(base)
    return True


def _bj(codes, actions=""):
    return replay(_shoe_of(codes), actions)


def _blackjack_self_test(base):
    # Cards: player, up-card, player, hole; then in order of play.
    # Dealer blackjack with an ace up: the player's 19 loses at once.
    r = _bj(["Ts", "As", "9h", "Kd"])
    assert r["net"] == "-1" and r["dealer"]["blackjack"] is True
    assert r["hands"] == [{"cards": ["Ts", "9h"], "total": 19, "soft": False, "bet": 1, "doubled": False,
                           "bust": False, "outcome": "lose", "net": "-1"}]
    assert r["dealer"] == {"cards": ["As", "Kd"], "total": 21, "bust": False, "blackjack": True}
    _expect_error(lambda: _bj(["Ts", "As", "9h", "Kd"], "S"), "value", "actions[0]")
    # Dealer blackjack with a ten up (hole ace); player blackjack pushes.
    r = _bj(["Ah", "Qc", "Jh", "Ad"])
    assert r["net"] == "0" and r["hands"][0]["outcome"] == "push" and r["hands"][0]["soft"] is True
    # Player blackjack, dealer 5 up: paid 3:2, the dealer does not draw.
    r = _bj(["Ah", "5c", "Kh", "6d", "Ts"])
    assert r["net"] == "1.5" and r["hands"][0]["outcome"] == "blackjack" and r["hands"][0]["net"] == "1.5"
    assert r["dealer"] == {"cards": ["5c", "6d"], "total": 11, "bust": False, "blackjack": False}
    _expect_error(lambda: _bj(["Ah", "5c", "Kh", "6d"], "S"), "value", "actions[0]")
    # Player blackjack, ten up, no dealer blackjack after the peek.
    r = _bj(["Th", "Tc", "As", "7d"])
    assert r["net"] == "1.5" and r["dealer"]["blackjack"] is False and r["dealer"]["total"] == 17
    # An ace up without a blackjack: play goes on; the dealer's soft 17 stands.
    r = _bj(["Ts", "As", "8h", "6d"], "S")
    assert r["dealer"] == {"cards": ["As", "6d"], "total": 17, "bust": False, "blackjack": False}
    assert r["hands"][0]["outcome"] == "win" and r["net"] == "1"
    # A hit to 21 stands by itself: no letter for it.
    r = _bj(["5s", "9c", "6h", "7d", "Tc", "2s"], "H")
    assert r["hands"][0]["cards"] == ["5s", "6h", "Tc"] and r["hands"][0]["total"] == 21
    assert r["dealer"]["cards"] == ["9c", "7d", "2s"] and r["hands"][0]["outcome"] == "win"
    _expect_error(lambda: _bj(["5s", "9c", "6h", "7d", "Tc", "2s"], "HS"), "value", "actions[1]")
    # Soft hands: A 6 is soft 17; a hit of 9 makes hard 16.
    r = _bj(["As", "9c", "6h", "8d", "9d", "Ks"], "HS")
    assert r["hands"][0]["total"] == 16 and r["hands"][0]["soft"] is False
    assert r["dealer"]["cards"] == ["9c", "8d"] and r["hands"][0]["outcome"] == "lose"
    r = _bj(["As", "9c", "6h", "7d", "2d"], "HS")
    assert r["hands"][0]["total"] == 19 and r["hands"][0]["soft"] is True and r["net"] == "1"
    # Bust: the round's only hand is lost and the dealer draws nothing.
    r = _bj(["Ts", "6c", "6h", "Td", "Kc"], "H")
    assert r["hands"][0]["bust"] is True and r["hands"][0]["total"] == 26 and r["hands"][0]["soft"] is False
    assert r["dealer"] == {"cards": ["6c", "Td"], "total": 16, "bust": False, "blackjack": False}
    assert r["net"] == "-1"
    # The dealer draws below 17 and busts; equal totals push.
    r = _bj(["Ts", "6c", "8h", "Td", "9c"], "S")
    assert r["dealer"]["bust"] is True and r["dealer"]["total"] == 25 and r["net"] == "1"
    r = _bj(["Ts", "8c", "8h", "Td"], "S")
    assert r["hands"][0]["outcome"] == "push" and r["net"] == "0"
    # Double: one card, bet 2, stands (even below 21).
    r = _bj(["5s", "6c", "6h", "Td", "2c", "9s"], "D")
    assert r["hands"][0]["cards"] == ["5s", "6h", "2c"] and r["hands"][0]["bet"] == 2
    assert r["hands"][0]["doubled"] is True and r["dealer"]["total"] == 25 and r["net"] == "2"
    r = _bj(["5s", "Tc", "6h", "9d", "2c"], "D")
    assert r["net"] == "-2" and r["hands"][0]["net"] == "-2"
    _expect_error(lambda: _bj(["2s", "Tc", "3h", "9d", "2c"], "HD"), "value", "actions[1]")
    # Too few actions; a letter other than H S D P.
    _expect_error(lambda: _bj(["2s", "Tc", "3h", "9d", "2c"], ""), "value", "actions")
    _expect_error(lambda: _bj(["2s", "Tc", "3h", "9d", "2c"], "H"), "value", "actions")
    _expect_error(lambda: play_blackjack({**base, "actions": "Hh"}), "value", "actions[1]")
    _expect_error(lambda: play_blackjack({**base, "actions": 1}), "type", "actions")
    _expect_error(lambda: play_blackjack(base), "missing", "actions")
    _expect_error(lambda: play_blackjack({**base, "actions": "S", "rows": 1}), "unknown", "rows")
    # Splits: only the first decision, only a pair (by value), only once.
    _expect_error(lambda: _bj(["8s", "Tc", "9h", "9d"], "P"), "value", "actions[0]")
    _expect_error(lambda: _bj(["8s", "Tc", "8h", "9d", "2c"], "HP"), "value", "actions[1]")
    _expect_error(lambda: _bj(["8s", "Tc", "8h", "9d", "8c"], "PP"), "value", "actions[1]")
    # 8 8 split: hand 1 takes 3, doubles (after a split) with T: 21;
    # hand 2 takes 9: 17, stands; dealer T 7 = 17.
    r = _bj(["8s", "Tc", "8h", "7d", "3c", "Th", "9s"], "PDS")
    assert [h["cards"] for h in r["hands"]] == [["8s", "3c", "Th"], ["8h", "9s"]]
    assert [h["outcome"] for h in r["hands"]] == ["win", "push"]
    assert [h["bet"] for h in r["hands"]] == [2, 1] and r["net"] == "2"
    assert r["dealer"]["cards"] == ["Tc", "7d"]
    # K and T split; hand 1 busts, hand 2 live: the dealer draws.
    r = _bj(["Ks", "6c", "Th", "Td", "5c", "Ts", "9s", "4d"], "PHS")
    assert [h["cards"] for h in r["hands"]] == [["Ks", "5c", "Ts"], ["Th", "9s"]]
    assert r["dealer"]["cards"] == ["6c", "Td", "4d"] and r["dealer"]["total"] == 20
    assert [h["outcome"] for h in r["hands"]] == ["lose", "lose"] and r["net"] == "-2"
    # Both split hands bust: no dealer draw.
    r = _bj(["9s", "6c", "9h", "Td", "5c", "Ts", "4s", "Qd"], "PHH")
    assert all(h["bust"] for h in r["hands"]) and r["dealer"]["cards"] == ["6c", "Td"]
    # A split hand of A T is 21, not a blackjack, stands by itself, and
    # then the second hand's card is dealt.
    r = _bj(["Ts", "9c", "Th", "8d", "As", "5c", "5h", "2d"], "PHS")
    assert r["hands"][0] == {"cards": ["Ts", "As"], "total": 21, "soft": True, "bet": 1, "doubled": False,
                             "bust": False, "outcome": "win", "net": "1"}
    assert r["hands"][1]["cards"] == ["Th", "5c", "5h"] and r["hands"][1]["total"] == 20
    assert r["dealer"]["cards"] == ["9c", "8d"] and r["net"] == "2"
    r = _bj(["Ts", "9c", "Th", "8d", "As", "Ac", "4h", "6h"], "P")  # hand 2 T A as well
    assert [h["total"] for h in r["hands"]] == [21, 21] and "blackjack" not in [h["outcome"] for h in r["hands"]]
    _expect_error(lambda: _bj(["Ts", "9c", "Th", "8d", "As", "Ac", "4h"], "PS"), "value", "actions[1]")
    # Split aces: one card each, no action asked; the dealer plays.
    r = _bj(["As", "6c", "Ah", "Td", "9c", "Ad", "5s"], "P")
    assert [h["cards"] for h in r["hands"]] == [["As", "9c"], ["Ah", "Ad"]]
    assert [h["total"] for h in r["hands"]] == [20, 12] and r["dealer"]["cards"] == ["6c", "Td", "5s"]
    assert r["dealer"]["total"] == 21 and r["net"] == "-2"
    _expect_error(lambda: _bj(["As", "6c", "Ah", "Td", "9c", "Ad", "5s"], "PS"), "value", "actions[1]")
    # Split aces to A K: 21, not a blackjack.
    r = _bj(["As", "6c", "Ah", "Td", "Kc", "2d", "Qs"], "P")
    assert r["hands"][0]["outcome"] == "win" and r["hands"][0]["net"] == "1" and r["dealer"]["bust"] is True
    # Doubles after a split; a split with too few letters.
    r = _bj(["6s", "Tc", "6h", "7d", "5c", "Ks", "2d", "Tc"], "PDD")
    assert r["hands"][0]["total"] == 21 and r["hands"][1]["total"] == 18 and r["net"] == "4"
    _expect_error(lambda: _bj(["6s", "Tc", "6h", "7d", "5c", "Ks", "2d"], "PD"), "value", "actions")
    # Hand 2 of a split has three cards: no double there.
    _expect_error(lambda: _bj(["6s", "Tc", "6h", "7d", "5c", "2c", "2d", "2h"], "PSHD"), "value", "actions[3]")
    # The whole game through the stream: every key in the page's order.
    bj = None
    for actions in ("", "S", "H", "HS", "HH", "HHS", "D", "PSS", "PHSS"):
        try:
            bj = play_blackjack({**base, "actions": actions})
            break
        except PortError:
            continue
    assert bj is not None
    assert list(bj) == ["fingerprint", "hands", "dealer", "net"]
    assert list(bj["hands"][0]) == ["cards", "total", "soft", "bet", "doubled", "bust", "outcome", "net"]
    assert list(bj["dealer"]) == ["cards", "total", "bust", "blackjack"]
    _expect_error(lambda: play_blackjack({**base, "actions": ""}, [0] * 10), "stream-exhausted", "randoms")


if __name__ == "__main__":
    self_test()
    print("hmac-blackjack self-tests passed")
