"""`showdown`: Euchre Showdown games.

Written from docs/schemes/showdown.md alone (and docs/vectors.md for the
error kinds and the order of checks). Each step of the page is one function:

    validate(record)               -> the normalised game record, or PortError
    fingerprint(rec)               -> step 1, lowercase hex
    game_seed(rec)                 -> step 2, hex of G
    splitmix64_outputs(n, count)   -> step 3, SplitMix64 run from x = n
    xoshiro_draws(state4, count)   -> step 3, xoshiro256** next() results
    stream(G, n)                   -> step 3, stream n: an endless generator of u64s
    below(k, draws, taken)         -> step 4, uniform 0..k-1 by rejection
    setup(rec)                     -> step 5, {randoms, first_dealer, patterns}
    dealer_of(first_dealer, n)     -> step 6, the dealer of hand n
    hand_deck(rec, setup, n, draws)-> step 7, {randoms, positions, deck}
    deal(dealer, pattern, deck)    -> step 8, {hands, upcard, kitty}
    trace(record)                  -> every stage, in the page's output order
    checks(record)                 -> the pattern checks of computer-dealt hands

and, for the vectors' `generator` and `shuffle` groups,

    generator(state, count)        -> the raw generators from a given state
    given_randoms(values)          -> a list of 16-digit hex strings as u64s

`rec` is always a record that validate() has returned. All u64 arithmetic is
done on Python ints masked to 64 bits; nothing is floating point.
"""

import hashlib

import mutants  # ../mutants.py: deliberate mistakes, all off unless FAIRDEAL_MUTANT names one

from .common import PortError

SCHEME = "showdown"
SCHEME_VERSION = 1

# The fields in the order of the page's input table: the order of the checks.
FIELDS = ("house_seed", "phrase", "rules", "hands", "fingerprint")
RULES_FIELDS = ("shuffle", "cut")
# `hand`: the five cards the player recorded (docs/schemes/showdown.md,
# "Inputs"): optional and not used to deal, so any value is let through here.
HAND_FIELDS = ("pattern", "gathered", "hand")

HEX_DIGITS = frozenset("0123456789abcdefABCDEF")  # either case is accepted
LOWER_HEX = frozenset("0123456789abcdef")
SEED_LENGTH = 64
PHRASE_MAX = 1024  # characters (Unicode code points), 0 allowed
HANDS_MIN, HANDS_MAX = 1, 64
FISHER_YATES, KITCHEN_TABLE = "fisher-yates", "kitchen-table"
SHUFFLES = (FISHER_YATES, KITCHEN_TABLE)

SEATS = 4  # 0 you, 1 on your left, 2 your partner, 3 on your right
YOU = 0

RANKS = "9TJQKA"
SUITS = "cdhs"
# The EuchreMaster order: clubs, diamonds, hearts, spades, each 9 T J Q K A.
EUCHREMASTER_ORDER = tuple(rank + suit for suit in SUITS for rank in RANKS)
DECK_SIZE = len(EUCHREMASTER_ORDER)  # 24
CARD_RANKS = "23456789TJQKA"  # what a card code may be at all (docs/vectors.md)

# Index i in binary with four bits, most significant first, 0 as `2`, 1 as `3`.
PATTERNS = tuple(
    "".join("3" if (i >> bit) & 1 else "2" for bit in (3, 2, 1, 0)) for i in range(16)
)
PATTERN_LENGTH = 4
PATTERN_DIGITS = frozenset("23")
CARDS_PER_HAND = 5
UPCARD = SEATS * CARDS_PER_HAND  # position 20; the kitty is positions 21..23

MASK64 = (1 << 64) - 1
TWO64 = 1 << 64
GOLDEN = 0x9E3779B97F4A7C15
SM_MUL1 = 0xBF58476D1CE4E5B9
SM_MUL2 = 0x94D049BB133111EB
LOW24 = 0xFFFFFF
RIFFLES = 3


# --- input ------------------------------------------------------------------


def validate(raw):
    """Check a JSON game record and return it normalised.

    Order (docs/vectors.md, "Errors"): an unknown field first; then each field
    in FIELDS order: missing, JSON type, then its own rules, characters
    before length for texts, a list's items before its length. Nested
    objects (`rules`, each hand) are checked the same way when their turn
    comes: their unknown fields first, then their fields in the page's order.

    A hand's `pattern` is required when seat 0 deals it, so the set-up
    (stream 0, from the already-checked house seed and phrase) is computed
    here to know who deals each hand.
    """
    if not isinstance(raw, dict):
        raise PortError("type", "", "the game record must be a JSON object")
    if not mutants.active("sd-unknown-ignored") and not mutants.active("sd-unknown-last"):
        _no_unknown(raw, FIELDS, "")

    if mutants.active("sd-fields-reversed"):
        _string(raw, "phrase", "phrase")
        _rules(raw)
    house_seed = _string(raw, "house_seed", "house_seed")
    _hex_text(house_seed, "house_seed")
    if mutants.active("sd-house-seed-upper-refused") and house_seed != house_seed.lower():
        raise PortError("character", "house_seed", "upper case")
    if mutants.active("sd-fingerprint-first"):
        _fingerprint(raw)

    phrase = _string(raw, "phrase", "phrase")
    for i, ch in enumerate(phrase):
        # Any Unicode text: only a lone surrogate (which a JSON string can
        # spell as \ud800 but which has no UTF-8 form) is not text.
        if 0xD800 <= ord(ch) <= 0xDFFF:
            raise PortError("character", "phrase", f"character {i} is a lone surrogate")
    length, longest = len(phrase), PHRASE_MAX
    if mutants.active("sd-phrase-utf16-length"):
        length = len(phrase.encode("utf-16-le")) // 2
    if mutants.active("sd-phrase-max-1023"):
        longest = 1023
    if length > longest:
        raise PortError("length", "phrase", f"{len(phrase)} characters, more than {PHRASE_MAX}")
    if mutants.active("sd-phrase-empty-refused") and not phrase:
        raise PortError("length", "phrase", "empty")
    if mutants.active("sd-phrase-control-refused"):
        for i, ch in enumerate(phrase):
            if ord(ch) < 0x20 or ord(ch) == 0x7F:
                raise PortError("character", "phrase", f"character {i} is a control character")
    if mutants.active("sd-phrase-nul-ends"):
        phrase = phrase.split("\0")[0]
    if mutants.active("sd-phrase-trimmed"):
        phrase = phrase.strip()
    if mutants.active("sd-phrase-nfc"):
        import unicodedata

        phrase = unicodedata.normalize("NFC", phrase)

    rules = _rules(raw)

    # The set-up decides who deals each hand; house seed and phrase are good.
    first = _setup_from(house_seed, phrase)["first_dealer"]
    hands = _hands(raw, rules, first)

    # Last, as in the page's table: after the hands.
    given_fingerprint = _fingerprint(raw)
    if (
        mutants.active("sd-fingerprint-mismatch-refused")
        and given_fingerprint is not None
        and given_fingerprint != hashlib.sha256(house_seed.encode("ascii")).hexdigest()
    ):
        raise PortError("value", "fingerprint", "not the fingerprint of the house seed")
    if mutants.active("sd-unknown-last"):
        _no_unknown(raw, FIELDS, "")
    if mutants.active("sd-house-seed-lower-cased"):
        house_seed = house_seed.lower()

    # The texts are kept exactly as given: no trimming, no case folding.
    return {
        "house_seed": house_seed,
        "phrase": phrase,
        "rules": rules,
        "hands": hands,
        "fingerprint": given_fingerprint,
    }


def _fingerprint(raw):
    """The record's fingerprint, checked when given (a string of 64 hex
    digits, either case), or None. A well-formed one that differs from the
    house seed's is a failed check for `fairdeal verify`, never a refusal:
    the trace does not show it."""
    if "fingerprint" not in raw:
        return None
    value = raw["fingerprint"]
    if mutants.active("sd-optional-null-absent") and value is None:
        return None
    value = _coerced(value)
    if not isinstance(value, str):
        raise PortError("type", "fingerprint", "must be a string")
    if not mutants.active("sd-fingerprint-field-unchecked"):
        _hex_text(value, "fingerprint")
    return value


def _coerced(value):
    """A number written as its decimal text, when sd-optional-text-coerced is on."""
    if mutants.active("sd-optional-text-coerced") and isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value


def _no_unknown(obj, allowed, prefix):
    for name in obj:
        if name not in allowed:
            raise PortError("unknown", prefix + name, f"showdown takes no field {prefix + name!r}")


def _string(obj, name, field):
    absent = obj.get(name) is None if mutants.active("sd-null-as-missing") else name not in obj
    if absent:
        raise PortError("type" if mutants.active("sd-missing-as-type") else "missing", field, "is required")
    value = obj[name]
    if mutants.active("sd-text-coerced") and isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        raise PortError("type", field, "must be a string")
    return value


def _hex_text(text, field):
    for i, ch in enumerate(text):
        if ch not in HEX_DIGITS and not mutants.active("sd-hex-any-character"):
            raise PortError("character", field, f"character {i} ({ch!r}) is not a hex digit")
    if len(text) != SEED_LENGTH and not mutants.active("sd-hex-length-unchecked"):
        raise PortError("length", field, f"{len(text)} digits, not {SEED_LENGTH}")


def _rules(raw):
    if "rules" not in raw:
        raise PortError("type" if mutants.active("sd-missing-as-type") else "missing", "rules", "is required")
    rules = raw["rules"]
    if not isinstance(rules, dict) and not mutants.active("sd-containers-unchecked"):
        raise PortError("type", "rules", "must be an object")
    if not mutants.active("sd-unknown-ignored"):
        _no_unknown(rules, RULES_FIELDS, "rules.")
    shuffle = _string(rules, "shuffle", "rules.shuffle")
    if shuffle not in SHUFFLES:
        if mutants.active("sd-shuffle-default-fisher-yates"):
            shuffle = FISHER_YATES
        else:
            raise PortError("value", "rules.shuffle", f"{shuffle!r} is not one of {SHUFFLES}")
    cut = rules.get("cut", True if mutants.active("sd-cut-default-true") else False)  # optional, false when absent
    if mutants.active("sd-optional-null-absent") and cut is None:
        cut = False
    if mutants.active("sd-cut-truthy"):
        cut = bool(cut)
    if not isinstance(cut, bool):
        raise PortError("type", "rules.cut", "must be true or false")
    return {"shuffle": shuffle, "cut": cut}


def _hands(raw, rules, first_dealer):
    if "hands" not in raw:
        raise PortError("type" if mutants.active("sd-missing-as-type") else "missing", "hands", "is required")
    hands = raw["hands"]
    if not isinstance(hands, list) and not mutants.active("sd-containers-unchecked"):
        raise PortError("type", "hands", "must be a list")
    if mutants.active("sd-hands-count-first"):
        _hand_count(hands)
    out = []
    last = len(hands) - 1
    for i, hand in enumerate(hands):
        where = f"hands[{i}]"
        if not isinstance(hand, dict) and not mutants.active("sd-containers-unchecked"):
            raise PortError("type", where, "must be an object")
        if mutants.active("sd-hand-field-refused"):
            _no_unknown(hand, ("pattern", "gathered"), where + ".")
        if not mutants.active("sd-unknown-ignored") and not mutants.active("sd-unknown-last"):
            _no_unknown(hand, HAND_FIELDS, where + ".")
        yours = dealer_of(first_dealer, i + 1) == YOU
        # A hand's fields in the page's order: pattern, gathered, hand.
        if mutants.active("sd-gathered-before-pattern"):
            gathered = _gathered(hand, where, rules, i == last)
            pattern = _pattern(hand, where, yours)
        else:
            pattern = _pattern(hand, where, yours)
            gathered = _gathered(hand, where, rules, i == last)
        if mutants.active("sd-hand-field-checked") and "hand" in hand:
            _recorded_cards(hand["hand"], where + ".hand")
        if mutants.active("sd-unknown-last"):
            _no_unknown(hand, HAND_FIELDS, where + ".")
        out.append({"pattern": pattern, "gathered": gathered})
    # Items first, then the length (docs/vectors.md, lists).
    _hand_count(hands)
    return out


def _hand_count(hands):
    low, high = HANDS_MIN, HANDS_MAX
    if mutants.active("sd-hands-empty-allowed"):
        low = 0
    if mutants.active("sd-hands-max-65"):
        high = 65
    if not low <= len(hands) <= high:
        raise PortError("length", "hands", f"{len(hands)} hands, not {HANDS_MIN} to {HANDS_MAX}")


def _pattern(hand, where, yours):
    """The hand's pattern: required when you (seat 0) deal the hand; when
    given, checked whoever deals it."""
    present = "pattern" in hand
    if mutants.active("sd-optional-null-absent") and hand.get("pattern") is None:
        present = False
    if present:
        if mutants.active("sd-computer-pattern-unchecked") and not yours:
            return hand["pattern"]
        return check_pattern(_coerced(hand["pattern"]), where + ".pattern")
    if yours and not mutants.active("sd-pattern-never-required"):
        raise PortError("missing", where + ".pattern", "you (seat 0) deal this hand")
    if mutants.active("sd-pattern-always-required"):
        raise PortError("missing", where + ".pattern", "required")
    return None


def _gathered(hand, where, rules, last):
    """The cards gathered after the hand: required in a kitchen-table game
    for every hand but the last; when given, checked in either kind of game,
    used or not."""
    kitchen = rules["shuffle"] == KITCHEN_TABLE
    if "gathered" in hand:
        if mutants.active("sd-gathered-unchecked-when-unused") and (not kitchen or last):
            return list(hand["gathered"])
        return check_cards(hand["gathered"], where + ".gathered")
    if kitchen and not last and not mutants.active("sd-gathered-missing-dealt-fresh"):
        raise PortError("missing", where + ".gathered", "the next hand is shuffled from these cards")
    return None


def _recorded_cards(value, field):
    """A mistake's switch only (sd-hand-field-checked): `hand` read as cards.
    The page says the method never checks it."""
    if isinstance(value, str):
        return
    if not isinstance(value, list):
        raise PortError("type", field, "must be a list or a text of cards")
    for j, code in enumerate(value):
        if not isinstance(code, str) or code not in EUCHREMASTER_ORDER:
            raise PortError("value", f"{field}[{j}]", f"{code!r} is not a card")


def check_pattern(value, field):
    """Four characters, each `2` or `3`: characters first, then length."""
    if not isinstance(value, str):
        raise PortError("type", field, "must be a string")
    if mutants.active("sd-pattern-length-first") and len(value) != PATTERN_LENGTH:
        raise PortError("length", field, f"{len(value)} digits, not {PATTERN_LENGTH}")
    for i, ch in enumerate(value):
        if ch not in PATTERN_DIGITS and not mutants.active("sd-pattern-any-digit"):
            raise PortError("character", field, f"character {i} ({ch!r}) is not 2 or 3")
    if len(value) != PATTERN_LENGTH and not mutants.active("sd-pattern-length-unchecked"):
        raise PortError("length", field, f"{len(value)} digits, not {PATTERN_LENGTH}")
    return value


def check_cards(cards, field):
    """The 24 cards, each exactly once: item by item (`type`, or `value` for a
    code that is not a card, not in the deck, or given a second time, naming
    the item), then the count (`length`, naming the list)."""
    if not isinstance(cards, list) and not mutants.active("sd-containers-unchecked"):
        raise PortError("type", field, "must be a list of card codes")
    seen = set()
    if mutants.active("sd-cards-unchecked"):
        return list(cards)
    if mutants.active("sd-cards-two-passes"):
        # Every item's form first, then the deck: a later malformed item is
        # named before an earlier repeated or foreign card.
        for j, code in enumerate(cards):
            if not isinstance(code, str):
                raise PortError("type", f"{field}[{j}]", "must be a card code")
            if (len(code) != 2 or code[0] not in CARD_RANKS or code[1] not in SUITS) and code != "Jk":
                raise PortError("value", f"{field}[{j}]", f"{code!r} is not a card code")
    for j, code in enumerate(cards):
        item = f"{field}[{j}]"
        if not isinstance(code, str) and not mutants.active("sd-containers-unchecked"):
            raise PortError("type", item, "must be a card code")
        if len(code) != 2 or code[0] not in CARD_RANKS or code[1] not in SUITS:
            if code != "Jk":
                raise PortError("value", item, f"{code!r} is not a card code")
        if code not in EUCHREMASTER_ORDER:
            raise PortError("value", item, f"{code!r} is not one of the 24 cards")
        if code in seen:
            raise PortError("value", item, f"{code!r} comes a second time")
        seen.add(code)
    if len(cards) != DECK_SIZE:
        missing = [c for c in EUCHREMASTER_ORDER if c not in seen]
        raise PortError(
            "length", field, f"{len(cards)} cards, not {DECK_SIZE} (missing {', '.join(missing)})"
        )
    return list(cards)


# --- steps 1 and 2: the fingerprint and the game seed ------------------------


def fingerprint(rec):
    """SHA-256 of the house seed exactly as given (not lower-cased)."""
    if mutants.active("sd-fingerprint-of-game-seed"):
        return game_seed(rec)
    return hashlib.sha256(rec["house_seed"].encode("ascii")).hexdigest()


def _g(house_seed, phrase):
    if mutants.active("sd-game-seed-no-colon") or (mutants.active("sd-empty-phrase-no-colon") and not phrase):
        return hashlib.sha256((house_seed + phrase).encode("utf-8")).digest()
    return hashlib.sha256((house_seed + ":" + phrase).encode("utf-8")).digest()


def game_bytes(rec):
    """G = SHA-256(house_seed ":" phrase), 32 bytes; the phrase as UTF-8."""
    return _g(rec["house_seed"], rec["phrase"])


def game_seed(rec):
    return game_bytes(rec).hex()


# --- step 3: the streams -----------------------------------------------------


def _rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK64


def splitmix64_outputs(n, count):
    """The first `count` outputs of SplitMix64 whose state starts at n: the
    constant is added before each output is computed."""
    x = n & MASK64
    if mutants.active("splitmix-from-n-plus-1"):
        x = (n + 1) & MASK64
    out = []
    for _ in range(count):
        if mutants.active("sd-splitmix-output-before-add"):
            z = x
            x = (x + GOLDEN) & MASK64
        else:
            x = (x + GOLDEN) & MASK64
            z = x
        z = ((z ^ (z >> 30)) * SM_MUL1) & MASK64
        z = ((z ^ (z >> 27)) * SM_MUL2) & MASK64
        out.append(z ^ (z >> 31))
    return out


def _xoshiro(state4):
    """An endless xoshiro256** generator from the four state words."""
    s0, s1, s2, s3 = (w & MASK64 for w in state4)
    while True:
        result = (_rotl((s1 * 5) & MASK64, 7) * 9) & MASK64
        t = (s1 << 17) & MASK64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = _rotl(s3, 45) if not mutants.active("sd-xoshiro-rotl-44") else _rotl(s3, 44)
        yield result


def xoshiro_draws(state4, count):
    gen = _xoshiro(state4)
    return [next(gen) for _ in range(count)]


def stream_state(g_bytes, n):
    """The xoshiro256** state of stream n: G's four big-endian words XOR the
    first four SplitMix64 outputs from n."""
    order = "little" if mutants.active("sd-words-little-endian") else "big"
    words = [int.from_bytes(g_bytes[8 * i : 8 * i + 8], order) for i in range(4)]
    return [w ^ m for w, m in zip(words, splitmix64_outputs(n, 4))]


def stream(g_bytes, n):
    """Stream n (0 the set-up, n >= 1 hand n): an endless generator of u64s."""
    return _xoshiro(stream_state(g_bytes, n))


# --- step 4: below(k) ---------------------------------------------------------


def below(k, draws, taken):
    """Uniform in 0..k-1: draw until x < 2^64 - (2^64 mod k), return x mod k.
    Every draw consumed (rejected ones too) is appended to `taken`."""
    limit = TWO64 - (TWO64 % k)
    if mutants.active("sd-below-no-rejection"):
        limit = TWO64
    while True:
        x = next(draws, None)
        if x is None:
            raise PortError(
                "stream-exhausted", "randoms", f"the draws ran out after {len(taken)} numbers"
            )
        taken.append(x)
        if x < limit:
            if mutants.active("sd-below-mul-shift"):
                return (x * k) >> 64
            return x % k


def _draw(draws, taken):
    """One raw draw (a riffle's d), recorded like below()'s."""
    x = next(draws, None)
    if x is None:
        raise PortError(
            "stream-exhausted", "randoms", f"the draws ran out after {len(taken)} numbers"
        )
    taken.append(x)
    return x


# --- step 5: the set-up (stream 0) ---------------------------------------------


def _setup_from(house_seed, phrase):
    draws = stream(_g(house_seed, phrase), 0)
    taken = []
    if mutants.active("sd-first-dealer-after-patterns"):
        patterns = [PATTERNS[below(len(PATTERNS), draws, taken)] for _seat in (1, 2, 3)]
        first_dealer = below(SEATS, draws, taken)
    else:
        first_dealer = below(SEATS, draws, taken)
        patterns = [PATTERNS[below(len(PATTERNS), draws, taken)] for _seat in (1, 2, 3)]
    if mutants.active("sd-first-dealer-off-by-one"):
        first_dealer = (first_dealer + 1) % SEATS
    if mutants.active("sd-patterns-low-bit-first"):
        patterns = [p[::-1] for p in patterns]
    return {
        "randoms": [hex16(x) for x in taken],
        "first_dealer": first_dealer,
        "patterns": patterns,
    }


def setup(rec):
    """First dealer = below(4); then seats 1, 2, 3's patterns, PATTERNS[below(16)]."""
    return _setup_from(rec["house_seed"], rec["phrase"])


# --- step 6: who deals, with which pattern --------------------------------------


def dealer_of(first_dealer, n):
    """Hand 1 is dealt by the first dealer, then clockwise."""
    if mutants.active("sd-dealer-off-by-one"):
        return (first_dealer + n) % SEATS
    return (first_dealer + n - 1) % SEATS


def drawn_pattern(set_up, seat):
    return set_up["patterns"][seat - 1]


def pattern_used(rec, set_up, n):
    dealer = dealer_of(set_up["first_dealer"], n)
    if dealer == YOU:
        return rec["hands"][n - 1]["pattern"]
    if mutants.active("sd-given-pattern-used") and rec["hands"][n - 1]["pattern"] is not None:
        return rec["hands"][n - 1]["pattern"]
    return drawn_pattern(set_up, dealer)


# --- step 7: the deck for hand n -------------------------------------------------


def fisher_yates(items, draws, taken):
    """For i = 23 down to 1: j = below(i + 1); swap i and j."""
    items = list(items)
    steps = range(1, len(items)) if mutants.active("sd-fisher-yates-bottom-up") else range(len(items) - 1, 0, -1)
    for i in steps:
        j = below(i + 1, draws, taken)
        items[i], items[j] = items[j], items[i]
    return items


def merge(left, right, draws, taken):
    """A riffle's merge: while both halves have cards (L, R left),
    u = below(L + R); the left half's top card if u < L, else the right's;
    then the rest of the half that still has cards."""
    left, right = list(left), list(right)
    out = []
    li = ri = 0
    while li < len(left) and ri < len(right):
        L, R = len(left) - li, len(right) - ri
        u = below(L + R, draws, taken)
        take_left = u < L
        if mutants.active("riffle-right-on-u-lt-l"):
            take_left = not take_left
        if take_left:
            out.append(left[li])
            li += 1
        else:
            out.append(right[ri])
            ri += 1
    out.extend(left[li:])
    out.extend(right[ri:])
    return out


def riffle(items, draws, taken):
    """d = next draw; k = popcount(d AND 0xFFFFFF); left = top k cards."""
    d = _draw(draws, taken)
    if mutants.active("sd-riffle-d-not-recorded"):
        taken.pop()
    k = bin(d & LOW24).count("1")
    if mutants.active("sd-popcount-64"):
        k = min(bin(d).count("1"), 24)
    return merge(items[:k], items[k:], draws, taken)


def cut(items, draws, taken):
    """c = 1 + below(23); positions c..23 then 0..c-1."""
    if mutants.active("sd-cut-below-24"):
        c = below(len(items), draws, taken)
    else:
        c = 1 + below(len(items) - 1, draws, taken)
    return items[c:] + items[:c]


def hand_deck(rec, set_up, n, draws):
    """The deck of hand n (1-based) from `draws` (an iterator of u64s: stream n,
    or a vector's list). Returns every draw taken (hex), for each final
    position the position of its card in the hand's starting deck, and the
    card codes. `set_up` is not needed to shuffle; it is taken for symmetry."""
    draws = iter(draws)
    taken = []
    kitchen = rec["rules"]["shuffle"] == KITCHEN_TABLE and n >= 2
    if kitchen:
        start = rec["hands"][n - 2]["gathered"]
        if start is None and mutants.active("sd-gathered-missing-dealt-fresh"):
            start = list(EUCHREMASTER_ORDER)
        if start is None:  # validate() refuses this for a hand that is dealt
            raise PortError("missing", f"hands[{n - 2}].gathered", "hand n is shuffled from it")
        start = list(start)
    else:
        start = list(EUCHREMASTER_ORDER)
        before = rec["hands"][n - 2]["gathered"] if n >= 2 else None
        if mutants.active("sd-gathered-used-in-fisher-yates") and before is not None:
            start = list(before)
    # Shuffle positions; the cards follow.
    positions = list(range(DECK_SIZE))
    if rec["rules"]["cut"] and mutants.active("sd-player-cut-first"):
        positions = cut(positions, draws, taken)
    if kitchen:
        for _ in range(2 if mutants.active("sd-two-riffles") else RIFFLES):
            positions = riffle(positions, draws, taken)
        if not mutants.active("sd-no-shuffler-cut"):
            positions = cut(positions, draws, taken)  # the shuffler's own cut
    else:
        positions = fisher_yates(positions, draws, taken)
    if rec["rules"]["cut"] and not mutants.active("sd-player-cut-first"):
        positions = cut(positions, draws, taken)  # the player's cut, last
    shown = positions
    if mutants.active("sd-positions-inverse"):
        shown = [positions.index(k) for k in range(DECK_SIZE)]
    return {
        "randoms": [hex16(x) for x in taken],
        "positions": shown,
        "deck": [start[p] for p in positions],
    }


# --- step 8: the deal ----------------------------------------------------------------


def deal(dealer, pattern, deck):
    """Round one: p0, p1, p2, p3 cards to seats dealer+1, +2, +3 and the dealer;
    round two: 5 - p0, ... to the same seats. From position 0; position 20 is
    the upcard, 21..23 the kitty. `deck` and `pattern` are checked already
    (a shuffled deck, a validated record, or deal_case's given deck)."""
    hands = [[] for _ in range(SEATS)]
    top = 0
    second = [int(p) for p in pattern] if mutants.active("sd-second-round-same-pattern") else [CARDS_PER_HAND - int(p) for p in pattern]
    for packets in ([int(p) for p in pattern], second):
        for step, size in enumerate(packets, start=1):
            seat = (dealer + step) % SEATS  # step 4 is the dealer
            if mutants.active("sd-deal-from-dealer"):
                seat = (dealer + step - 1) % SEATS
            hands[seat].extend(deck[top : top + size])
            top += size
    if mutants.active("sd-upcard-last"):
        return {"hands": hands, "upcard": deck[-1], "kitty": deck[UPCARD:-1]}
    return {"hands": hands, "upcard": deck[UPCARD], "kitty": deck[UPCARD + 1 :]}


# --- every stage ------------------------------------------------------------------------


def trace(raw):
    """The whole method from a raw game record, every stage in the output order."""
    rec = validate(raw)
    g = game_bytes(rec)
    set_up = setup(rec)
    deals = []
    for n in range(1, len(rec["hands"]) + 1):
        dealer = dealer_of(set_up["first_dealer"], n)
        pattern = pattern_used(rec, set_up, n)
        shuffled = hand_deck(rec, set_up, n, stream(g, n))
        dealt = deal(dealer, pattern, shuffled["deck"])
        deals.append(
            {
                "dealer": dealer,
                "pattern": pattern,
                "randoms": shuffled["randoms"],
                "positions": shuffled["positions"],
                "deck": shuffled["deck"],
                "hands": dealt["hands"],
                "upcard": dealt["upcard"],
                "kitty": dealt["kitty"],
            }
        )
    return {
        "fingerprint": fingerprint(rec),
        "game_seed": g.hex(),
        "randoms": set_up["randoms"],
        "first_dealer": set_up["first_dealer"],
        "patterns": set_up["patterns"],
        "deals": deals,
    }


def checks(raw):
    """For each computer-dealt hand with a given pattern: the drawn one, the
    given one, and whether they are equal (a difference is a failed check,
    not an input error)."""
    rec = validate(raw)
    set_up = setup(rec)
    out = []
    for n, hand in enumerate(rec["hands"], start=1):
        dealer = dealer_of(set_up["first_dealer"], n)
        if dealer != YOU and hand["pattern"] is not None:
            drawn = drawn_pattern(set_up, dealer)
            out.append(
                {"hand": n, "expected": drawn, "given": hand["pattern"], "ok": drawn == hand["pattern"]}
            )
    return out


def fingerprint_check(raw):
    """The fingerprint check, when one is given: None when it is not."""
    rec = validate(raw)
    if rec["fingerprint"] is None:
        return None
    computed = fingerprint(rec)
    return {"expected": computed, "given": rec["fingerprint"], "ok": computed == rec["fingerprint"].lower()}


# --- the raw generators and given draws (vector groups) ----------------------------------


def hex16(x):
    return f"{x:016x}"


def _u64_hex(value, field):
    """A given u64 (step 3, docs/vectors.md "Errors" 4): a JSON string of
    exactly 16 characters, each 0-9 or a-f, read whole. Not a string is
    `type`; any other string is `value` (upper case, 15 or 17 digits, `0x`):
    no `character` or `length`, which are for the record's texts."""
    if mutants.active("sd-draw-number-read") and not isinstance(value, (str, bool)):
        if value is None:
            return 0
        if isinstance(value, int):
            return value & MASK64
    if not isinstance(value, str):
        raise PortError("type", field, "must be a string of 16 hex digits")
    if mutants.active("sd-draw-either-case"):
        value = value.lower()
    if mutants.active("sd-draw-text-checks"):
        for i, ch in enumerate(value):
            if ch not in HEX_DIGITS:
                raise PortError("character", field, f"character {i} ({ch!r}) is not a hex digit")
        if len(value) != 16:
            raise PortError("length", field, f"{len(value)} digits, not 16")
        return int(value, 16)
    if len(value) != 16 or any(ch not in LOWER_HEX for ch in value):
        raise PortError("value", field, f"{value!r} is not 16 lowercase hex digits")
    return int(value, 16)


def given_randoms(values):
    """A list of u64s written as 16 lowercase hex digits, checked item by
    item, every one before the shuffle runs (even those it will not take)."""
    if not isinstance(values, list):
        raise PortError("type", "randoms", "must be a list")
    if mutants.active("sd-draws-checked-lazily"):
        return (_u64_hex(v, f"randoms[{i}]") for i, v in enumerate(values))
    return [_u64_hex(v, f"randoms[{i}]") for i, v in enumerate(values)]


GENERATORS = ("splitmix64", "xoshiro256starstar")


def generator(state, count):
    """The first `count` draws of a raw generator from a given state:
    {"splitmix64": "16 hex digits"} (SplitMix64 outputs from that state) or
    {"xoshiro256starstar": [s0, s1, s2, s3] as 16-hex strings} (next() results).

    Step 3 of the page: a field that names neither generator is `unknown`,
    first; naming neither or both is `value` on `state`; a xoshiro256**
    state that is not a list is `type`; then the numbers, the words in order.
    """
    if not isinstance(state, dict):
        raise PortError("type", "state", "must be an object naming one generator")
    if mutants.active("sd-state-forms-loose"):
        named = [name for name in state if name in GENERATORS][:1]
        if not named:
            return [hex16(x) for x in splitmix64_outputs(0, count)]
    else:
        for name in state:
            if name not in GENERATORS:
                raise PortError("unknown", f"state.{name}", f"no generator {name!r}")
        named = list(state)
        if len(named) != 1:
            raise PortError("value", "state", f"names {len(named)} generators, not one of {GENERATORS}")
    name = named[0]
    value = state[name]
    if name == "splitmix64":
        # Like every u64 in the vectors, the state is 16 hex digits.
        value = _u64_hex(value, "state.splitmix64")
        return [hex16(x) for x in splitmix64_outputs(value, count)]
    if not isinstance(value, list) and not mutants.active("sd-xoshiro-state-type-unchecked"):
        raise PortError("type", "state.xoshiro256starstar", "must be a list")
    if mutants.active("sd-xoshiro-count-first") and len(value) != 4:
        raise PortError("length", "state.xoshiro256starstar", f"{len(value)} words, not 4")
    words = [_u64_hex(v, f"state.xoshiro256starstar[{i}]") for i, v in enumerate(value)]
    if mutants.active("sd-xoshiro-length-unchecked"):
        words = (words + [0, 0, 0, 0])[:4]
    if len(words) != 4:
        raise PortError("length", "state.xoshiro256starstar", f"{len(words)} words, not 4")
    return [hex16(x) for x in xoshiro_draws(words, count)]


# --- stage cases of a game (docs/vectors.md: a case names its `deal`) ---------------


def _record_and_deal(raw, n):
    """The record, checked, then the case's `deal`: a hand it holds, from 1
    (`range` on `deal` otherwise). Both before the draws or deck given."""
    if mutants.active("sd-deal-number-first") and isinstance(raw, dict) and isinstance(raw.get("hands"), list):
        if not 1 <= n <= len(raw["hands"]):
            raise PortError("range", "deal", f"the record has {len(raw['hands'])} hands")
    rec = validate(raw)
    if not 1 <= n <= len(rec["hands"]) and not mutants.active("sd-deal-number-unchecked"):
        raise PortError("range", "deal", f"deal {n}: the record has {len(rec['hands'])} hands, from 1")
    return rec


def stream_case(raw, n, count):
    """The first `count` draws of hand n's stream."""
    rec = _record_and_deal(raw, n)
    out = stream(game_bytes(rec), n)
    return {"randoms": [hex16(next(out)) for _ in range(count)]}


def shuffle_case(raw, n, randoms):
    """Hand n's shuffle fed the given draws: how many it consumed, positions, deck."""
    rec = _record_and_deal(raw, n)
    result = hand_deck(rec, setup(rec), n, given_randoms(randoms))
    return {"consumed": len(result["randoms"]), "positions": result["positions"], "deck": result["deck"]}


def deal_case(raw, n, deck):
    """Hand n's deal of the given deck, with that hand's dealer and pattern."""
    rec = _record_and_deal(raw, n)
    set_up = setup(rec)
    cards = _given_deck(deck)
    dealt = deal(dealer_of(set_up["first_dealer"], n), pattern_used(rec, set_up, n), cards)
    return dealt


def _given_deck(deck):
    """A deal case's deck (docs/vectors.md, "Errors" 6): every item first (a
    string, one of the 24 cards, each once: `value` naming `deck[i]`), then
    the count (`length` on `deck`). Every hand's starting deck holds the same
    24 cards, whatever its order."""
    if not isinstance(deck, list):
        raise PortError("type", "deck", "must be a list of card codes")
    if mutants.active("sd-deck-length-first") and len(deck) != DECK_SIZE:
        raise PortError("length", "deck", f"{len(deck)} cards, not {DECK_SIZE}")
    seen = set()
    for j, code in enumerate(deck):
        item = f"deck[{j}]"
        if not isinstance(code, str):
            raise PortError("type", item, "must be a card code")
        if code not in EUCHREMASTER_ORDER:
            raise PortError("value", item, f"{code!r} is not one of the 24 cards")
        if code in seen and not mutants.active("sd-deck-repeats-accepted"):
            raise PortError("value", item, f"{code!r} comes a second time")
        seen.add(code)
    if len(deck) != DECK_SIZE and not mutants.active("sd-deck-short-dealt"):
        raise PortError("length", "deck", f"{len(deck)} cards, not {DECK_SIZE}")
    return list(deck)
