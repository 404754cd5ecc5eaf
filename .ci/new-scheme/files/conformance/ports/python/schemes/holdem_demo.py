"""`holdem-demo`: a Texas Hold'em deal for 2 to 10 players.

Written from docs/schemes/holdem-demo.md alone (and docs/vectors.md for the
error kinds and the order of checks). Each step of the page is one function:

    validate(input)          -> the normalised input, or PortError
    fingerprint(inp)         -> step 1, lowercase hex
    stream(inp)              -> step 2, an endless generator of u32s
    starting_deck()          -> step 3, card codes
    shuffle(inp, draws)      -> step 4, {consumed, positions, deck}
    deal(inp, deck)          -> step 5, {hands, flop, turn, river, burned}
    trace(input)             -> every stage, in the page's output order

`inp` is always an input that validate() has returned.
"""

import hashlib
import hmac
from itertools import count

from .common import PortError

SCHEME = "holdem-demo"
SCHEME_VERSION = 1

# The fields in the order of the page's input table: the order of the checks.
FIELDS = ("server_seed", "client_seed", "nonce", "players", "button")

SEED_LENGTH = 64
HEX_DIGITS = frozenset("0123456789abcdefABCDEF")  # either case is accepted
CLIENT_SEED_MIN, CLIENT_SEED_MAX = 1, 1024
PRINTABLE_FIRST, PRINTABLE_LAST = " ", "~"  # 0x20 .. 0x7E, space included
NONCE_MAX = 2**53 - 1
PLAYERS_MIN, PLAYERS_MAX = 2, 10
BUTTON_MAX = PLAYERS_MAX - 1
U32 = 2**32

RANKS = "23456789TJQKA"
SUITS = "cdhs"
HOLE_CARDS = 2


# --- input ------------------------------------------------------------------


def validate(raw):
    """Check a JSON input object and return it.

    Order (docs/vectors.md, "Errors"): an unknown field first; then each field
    in FIELDS order: missing, JSON type, then its own rules, characters
    before length for texts; then the button against the player count.
    """
    if not isinstance(raw, dict):
        raise PortError("type", "", "the input must be a JSON object")
    for name in raw:
        if name not in FIELDS:
            raise PortError("unknown", name, f"{SCHEME} takes no field {name!r}")
    server_seed = _text(raw, "server_seed")
    for i, ch in enumerate(server_seed):
        if ch not in HEX_DIGITS:
            raise PortError("character", "server_seed", f"character {i} ({ch!r}) is not a hex digit")
    if len(server_seed) != SEED_LENGTH:
        raise PortError("length", "server_seed", f"{len(server_seed)} digits, not {SEED_LENGTH}")
    client_seed = _text(raw, "client_seed")
    for i, ch in enumerate(client_seed):
        if not PRINTABLE_FIRST <= ch <= PRINTABLE_LAST:
            raise PortError("character", "client_seed", f"character {i} ({ch!r}) is not printable ASCII")
    if not CLIENT_SEED_MIN <= len(client_seed) <= CLIENT_SEED_MAX:
        raise PortError(
            "length", "client_seed", f"{len(client_seed)} characters, not {CLIENT_SEED_MIN} to {CLIENT_SEED_MAX}"
        )
    nonce = _integer(raw, "nonce", 0, NONCE_MAX)
    players = _integer(raw, "players", PLAYERS_MIN, PLAYERS_MAX)
    button = _integer(raw, "button", 0, BUTTON_MAX)
    # Decision of the page: the button against the table, once every field
    # has passed its own rule.
    if button >= players:
        raise PortError("range", "button", f"seat {button} is not at a table of {players}")
    # The texts are kept exactly as given: no trimming, no case folding.
    return {
        "server_seed": server_seed,
        "client_seed": client_seed,
        "nonce": nonce,
        "players": players,
        "button": button,
    }


def _present(raw, name):
    if name not in raw:
        raise PortError("missing", name, "is required")
    return raw[name]


def _text(raw, name):
    value = _present(raw, name)
    if not isinstance(value, str):
        raise PortError("type", name, "must be a string")
    return value


def _integer(raw, name, low, high):
    value = _present(raw, name)
    # In Python bool is a kind of int, but JSON true is not a number.
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise PortError("type", name, "must be a number")
    # docs/vectors.md: integers are written as JSON integers; a number with a
    # fraction or exponent (1.5, and also 1.0) is `range`.
    if isinstance(value, float):
        raise PortError("range", name, f"{value!r} is not written as an integer")
    if not low <= value <= high:
        raise PortError("range", name, f"{value} is not from {low} to {high}")
    return value


# --- step 1: the fingerprint ------------------------------------------------


def fingerprint(inp):
    """SHA-256 of the server seed's text exactly as given."""
    return hashlib.sha256(inp["server_seed"].encode("ascii")).hexdigest()


# --- step 2: the random numbers ---------------------------------------------


def stream(inp):
    """u32s from H_k = HMAC-SHA512(key = server seed text, message =
    client_seed ":" nonce ":" k), k = 0, 1, 2, ...: sixteen big-endian words
    per digest, in order."""
    key = inp["server_seed"].encode("ascii")  # its text, not the bytes it spells
    prefix = f"{inp['client_seed']}:{inp['nonce']}:".encode("ascii")
    for k in count():
        digest = hmac.new(key, prefix + str(k).encode("ascii"), hashlib.sha512).digest()
        for offset in range(0, 64, 4):
            yield int.from_bytes(digest[offset : offset + 4], "big")


# --- step 3: the starting deck ----------------------------------------------


def starting_deck():
    """Clubs, diamonds, hearts, spades; 2 to A in each."""
    return [rank + suit for suit in SUITS for rank in RANKS]


# --- step 4: the shuffle ----------------------------------------------------


def given_randoms(values):
    """Checks a list of numbers given to the shuffle, item by item
    (docs/vectors.md): each a JSON integer from 0 to 2^32 - 1."""
    if not isinstance(values, list):
        raise PortError("type", "randoms", "must be a list")
    for k, u in enumerate(values):
        if isinstance(u, bool) or not isinstance(u, (int, float)):
            raise PortError("type", f"randoms[{k}]", "must be a number")
        if isinstance(u, float) or not 0 <= u < U32:
            raise PortError("range", f"randoms[{k}]", f"{u!r} is not a u32 written as an integer")
    return values


def shuffle(inp, draws):
    """Fisher-Yates from the top down by rejection sampling: for n = i + 1,
    numbers at or above 2^32 - (2^32 mod n) are taken and dropped, and the
    first below gives j = u mod n.

    `draws` is any iterable of u32s (the stream, or a vector's list). Returns
    how many numbers were taken (rejected ones included), and for each final
    position the starting position of its card, and the card codes.
    """
    cards = starting_deck()
    positions = list(range(len(cards)))  # positions[p] = starting position of the card at p
    draws = iter(draws)
    consumed = 0
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        limit = U32 - U32 % n
        while True:
            u = next(draws, None)
            if u is None:
                raise PortError("stream-exhausted", "randoms", f"the list ran out after {consumed} numbers")
            consumed += 1
            if u < limit:
                break
        j = u % n
        positions[i], positions[j] = positions[j], positions[i]
    return {"consumed": consumed, "positions": positions, "deck": [cards[p] for p in positions]}


# --- step 5: the deal ---------------------------------------------------------


def deal(inp, deck):
    """Two hole cards to each seat, one at a time from the seat left of the
    button; then burn, flop (3), burn, turn, burn, river."""
    deck = _check_deck(deck, starting_deck())
    players, button = inp["players"], inp["button"]
    hands = [[] for _ in range(players)]
    for p in range(HOLE_CARDS * players):
        hands[(button + 1 + p % players) % players].append(deck[p])
    board = deck[HOLE_CARDS * players :]
    return {
        "hands": hands,
        "flop": board[1:4],
        "turn": board[5],
        "river": board[7],
        "burned": [board[0], board[4], board[6]],
    }


def _check_deck(deck, cards):
    """A given deck must hold the starting deck's cards, each exactly once:
    each item first, naming the first bad one as `deck[i]` (`type`, or
    `value` for a code not in the deck or given twice); then the count
    (`length`, field `deck`)."""
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
        **dealt,
    }
