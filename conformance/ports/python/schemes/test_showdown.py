"""Self-tests of the showdown port, from the statements of
docs/schemes/showdown.md and docs/vectors.md (and small examples worked by
hand). Run from conformance/ports/python:

    python3 -m unittest schemes.test_showdown
"""

import hashlib
import sys
import unittest

sys.dont_write_bytecode = True

from . import showdown as sd  # noqa: E402
from .common import PortError  # noqa: E402

SEED = "a3db" * 16
M = (1 << 64) - 1


def record(**over):
    rec = {
        "house_seed": SEED,
        "phrase": "hello",
        "rules": {"shuffle": "fisher-yates"},
        "hands": [{"pattern": "3232"} for _ in range(4)],
    }
    rec.update(over)
    return rec


def kitchen_record(n_hands=3, cut=False):
    order = list(sd.EUCHREMASTER_ORDER)
    hands = [{"pattern": "2323", "gathered": order[::-1]} for _ in range(n_hands - 1)]
    hands.append({"pattern": "2323"})
    return record(rules={"shuffle": "kitchen-table", "cut": cut}, hands=hands)


class Generators(unittest.TestCase):
    def test_splitmix_first_output_from_zero(self):
        self.assertEqual(sd.splitmix64_outputs(0, 1), [0xE220A8397B1DCDAF])

    def test_splitmix_state_starts_at_n(self):
        # The first output from n is the second-output computation shifted:
        # the outputs from 0 continue as the outputs from 0 + GOLDEN.
        a = sd.splitmix64_outputs(0, 5)
        b = sd.splitmix64_outputs(sd.GOLDEN, 4)
        self.assertEqual(a[1:], b)

    def test_xoshiro_known_step(self):
        # One next() from state (1, 2, 3, 4) worked by hand:
        # result = rotl(2 * 5, 7) * 9 = (10 << 7) * 9 = 11520.
        self.assertEqual(sd.xoshiro_draws([1, 2, 3, 4], 1), [11520])

    def test_stream_state_big_endian(self):
        g = bytes(range(32))
        w0 = int.from_bytes(g[0:8], "big")
        m = sd.splitmix64_outputs(7, 4)
        st = sd.stream_state(g, 7)
        self.assertEqual(st[0], w0 ^ m[0])
        self.assertEqual(st[0], 0x0001020304050607 ^ m[0])

    def test_generator_group_forms(self):
        self.assertEqual(sd.generator({"splitmix64": "0000000000000000"}, 1), ["e220a8397b1dcdaf"])
        self.assertEqual(
            sd.generator({"xoshiro256starstar": [sd.hex16(x) for x in (1, 2, 3, 4)]}, 1),
            ["0000000000002d00"],
        )

    def test_given_randoms(self):
        self.assertEqual(sd.given_randoms(["ffffffffffffffff", "0000000000000001"]), [M, 1])
        for bad, kind in ((5, "type"), (None, "type"), ("FFFFFFFFFFFFFFFF", "value"),
                          ("fff", "value"), ("0x00000000000001", "value")):
            with self.assertRaises(PortError) as cm:
                sd.given_randoms(["0000000000000000", bad])
            self.assertEqual((cm.exception.kind, cm.exception.field), (kind, "randoms[1]"))


class Below(unittest.TestCase):
    def test_below3_rejects_exactly_the_top(self):
        taken = []
        v = sd.below(3, iter([M, M - 1]), taken)
        self.assertEqual(taken, [M, M - 1])
        self.assertEqual(v, (M - 1) % 3)

    def test_power_of_two_rejects_nothing(self):
        taken = []
        self.assertEqual(sd.below(16, iter([M]), taken), 15)
        self.assertEqual(taken, [M])

    def test_limit_general(self):
        for k in (3, 5, 7, 21, 23, 24):
            limit = (1 << 64) - ((1 << 64) % k)
            taken = []
            self.assertEqual(sd.below(k, iter([limit, limit - 1]), taken), (limit - 1) % k)
            self.assertEqual(len(taken), 2)

    def test_exhausted(self):
        with self.assertRaises(PortError) as cm:
            sd.below(3, iter([M]), [])
        self.assertEqual((cm.exception.kind, cm.exception.field), ("stream-exhausted", "randoms"))


class Patterns(unittest.TestCase):
    def test_table(self):
        self.assertEqual(
            sd.PATTERNS,
            ("2222", "2223", "2232", "2233", "2322", "2323", "2332", "2333",
             "3222", "3223", "3232", "3233", "3322", "3323", "3332", "3333"),
        )


class Shuffles(unittest.TestCase):
    def test_popcount_low_24_bits(self):
        # d with only high bits set: k = 0, nothing drawn, order kept.
        taken = []
        out = sd.riffle(list(range(24)), iter([0xFFFFFFFFFF000000]), taken)
        self.assertEqual(out, list(range(24)))
        self.assertEqual(len(taken), 1)
        # all low 24 bits: k = 24, nothing drawn either.
        taken = []
        out = sd.riffle(list(range(24)), iter([0x0000000000FFFFFF]), taken)
        self.assertEqual(out, list(range(24)))
        self.assertEqual(len(taken), 1)
        # k = 23 (low 24 bits with one bit clear): the right half is card 23.
        # below(24) then decides: draw 0 -> 0 < 23 -> left; then below(23 + 1) ...
        taken = []
        d = 0xFFFFFFFFFF7FFFFF  # bit 23 clear: 23 ones in the low 24 bits
        out = sd.riffle(list(range(24)), iter([d, 23]), taken)  # u = 23 >= L = 23
        self.assertEqual(out, [23] + list(range(23)))
        self.assertEqual(taken, [d, 23])

    def test_merge_by_hand(self):
        # left [a b], right [x y z]:
        # below(5): 3 -> 3 >= L=2 -> x;  below(4): 1 -> 1 < 2 -> a;
        # below(3): 2 -> 2 >= 1 -> y;    below(2): 0 -> 0 < 1 -> b; rest z.
        taken = []
        out = sd.merge(["a", "b"], ["x", "y", "z"], iter([3, 1, 2, 0]), taken)
        self.assertEqual(out, ["x", "a", "y", "b", "z"])
        self.assertEqual(taken, [3, 1, 2, 0])

    def test_cut(self):
        taken = []
        out = sd.cut(list(range(24)), iter([4]), taken)  # c = 1 + 4 = 5
        self.assertEqual(out, list(range(5, 24)) + list(range(5)))
        taken = []
        out = sd.cut(list(range(24)), iter([22]), taken)  # c = 23
        self.assertEqual(out, [23] + list(range(23)))

    def test_fisher_yates_all_zero(self):
        # j = 0 every time: i = 23 swaps with 0, then 22 with 0, ...
        taken = []
        out = sd.fisher_yates(list(range(24)), iter([0] * 23), taken)
        # Worked: after the swaps card 0 ends at 1? follow it directly.
        expect = list(range(24))
        for i in range(23, 0, -1):
            expect[i], expect[0] = expect[0], expect[i]
        self.assertEqual(out, expect)
        self.assertEqual(out[23], 0)
        self.assertEqual(out[0], 1)

    def test_hand_deck_exhausted(self):
        rec = sd.validate(record())
        with self.assertRaises(PortError) as cm:
            sd.hand_deck(rec, sd.setup(rec), 1, iter([0] * 22))
        self.assertEqual((cm.exception.kind, cm.exception.field), ("stream-exhausted", "randoms"))

    def test_player_cut_after(self):
        rec = sd.validate(record(rules={"shuffle": "fisher-yates", "cut": True}))
        out = sd.hand_deck(rec, None, 1, iter([0] * 23 + [0]))
        fy = sd.fisher_yates(list(range(24)), iter([0] * 23), [])
        self.assertEqual(out["positions"], fy[1:] + fy[:1])
        self.assertEqual(len(out["randoms"]), 24)

    def test_kitchen_from_gathered(self):
        rec = sd.validate(kitchen_record(2))
        # hand 2: three riffles with k = 0 (no draws), then the cut c = 1.
        draws = [0, 0, 0, 0]
        out = sd.hand_deck(rec, None, 2, iter(draws))
        gathered = list(sd.EUCHREMASTER_ORDER)[::-1]
        self.assertEqual(out["positions"], list(range(1, 24)) + [0])
        self.assertEqual(out["deck"], gathered[1:] + gathered[:1])
        # hand 1 is Fisher-Yates even in a kitchen-table game.
        out1 = sd.hand_deck(rec, None, 1, iter([0] * 23))
        self.assertEqual(len(out1["randoms"]), 23)


class Dealing(unittest.TestCase):
    def test_dealer_of_hand(self):
        self.assertEqual(sd.dealer_of(2, 1), 2)
        self.assertEqual(sd.dealer_of(2, 2), 3)
        self.assertEqual(sd.dealer_of(2, 3), 0)
        self.assertEqual(sd.dealer_of(3, 5), 3)

    def test_packets_3232(self):
        deck = list(sd.EUCHREMASTER_ORDER)
        d = sd.deal(0, "3232", deck)
        pos = lambda cards: [deck.index(c) for c in cards]  # noqa: E731
        self.assertEqual(pos(d["hands"][1]), [0, 1, 2, 10, 11])
        self.assertEqual(pos(d["hands"][2]), [3, 4, 12, 13, 14])
        self.assertEqual(pos(d["hands"][3]), [5, 6, 7, 15, 16])
        self.assertEqual(pos(d["hands"][0]), [8, 9, 17, 18, 19])
        self.assertEqual(d["upcard"], deck[20])
        self.assertEqual(d["kitty"], deck[21:])

    def test_packets_2323_dealer_2(self):
        deck = list(sd.EUCHREMASTER_ORDER)
        d = sd.deal(2, "2323", deck)
        pos = lambda cards: [deck.index(c) for c in cards]  # noqa: E731
        self.assertEqual(pos(d["hands"][3]), [0, 1, 10, 11, 12])
        self.assertEqual(pos(d["hands"][0]), [2, 3, 4, 13, 14])
        self.assertEqual(pos(d["hands"][1]), [5, 6, 15, 16, 17])
        self.assertEqual(pos(d["hands"][2]), [7, 8, 9, 18, 19])


class Validation(unittest.TestCase):
    def refuse(self, raw, kind, field):
        with self.assertRaises(PortError) as cm:
            sd.trace(raw)
        self.assertEqual((cm.exception.kind, cm.exception.field), (kind, field), cm.exception.message)

    def test_top_level(self):
        self.refuse(record(extra=1), "unknown", "extra")
        r = record()
        del r["house_seed"]
        self.refuse(r, "missing", "house_seed")
        self.refuse(record(house_seed=5), "type", "house_seed")
        self.refuse(record(house_seed="g" + SEED[1:]), "character", "house_seed")
        self.refuse(record(house_seed="g"), "character", "house_seed")
        self.refuse(record(house_seed=SEED[:-1]), "length", "house_seed")
        self.refuse(record(phrase=None), "type", "phrase")
        self.refuse(record(phrase="x" * 1025), "length", "phrase")
        sd.trace(record(phrase="é" * 1024))
        self.refuse(record(rules="fisher-yates"), "type", "rules")
        self.refuse(record(rules={}), "missing", "rules.shuffle")
        self.refuse(record(rules={"shuffle": "riffle"}), "value", "rules.shuffle")
        self.refuse(record(rules={"shuffle": "fisher-yates", "cut": "true"}), "type", "rules.cut")
        self.refuse(record(rules={"shuffle": "fisher-yates", "cutt": True}), "unknown", "rules.cutt")
        self.refuse(record(hands=[]), "length", "hands")
        self.refuse(record(hands=[{"pattern": "3232"}] * 65), "length", "hands")
        self.refuse(record(hands=[5]), "type", "hands[0]")
        self.refuse(record(fingerprint="0" * 63), "length", "fingerprint")
        self.refuse(record(fingerprint=None), "type", "fingerprint")

    def test_patterns(self):
        self.refuse(record(hands=[{"pattern": "32"}]), "length", "hands[0].pattern")
        self.refuse(record(hands=[{"pattern": "32323"}]), "length", "hands[0].pattern")
        self.refuse(record(hands=[{"pattern": "3242"}]), "character", "hands[0].pattern")
        self.refuse(record(hands=[{"pattern": "42"}]), "character", "hands[0].pattern")
        self.refuse(record(hands=[{"pattern": 3232}]), "type", "hands[0].pattern")

    def test_missing_pattern_only_for_seat_0(self):
        rec = sd.validate(record())
        first = sd.setup(rec)["first_dealer"]
        hands = [{} for _ in range(4)]
        you = [n for n in range(1, 5) if sd.dealer_of(first, n) == 0][0]
        self.refuse(record(hands=hands), "missing", f"hands[{you - 1}].pattern")
        hands[you - 1] = {"pattern": "2233"}
        out = sd.trace(record(hands=hands))
        self.assertEqual(out["deals"][you - 1]["pattern"], "2233")
        for n in range(1, 5):
            if n != you:
                dealer = sd.dealer_of(first, n)
                self.assertEqual(out["deals"][n - 1]["pattern"], out["patterns"][dealer - 1])

    def test_gathered(self):
        order = list(sd.EUCHREMASTER_ORDER)
        kt = {"shuffle": "kitchen-table"}
        self.refuse(record(rules=kt, hands=[{"pattern": "3232"}] * 2), "missing", "hands[0].gathered")
        sd.trace(record(rules=kt, hands=[{"pattern": "3232", "gathered": order}, {"pattern": "3232"}]))
        bad = order[:5] + ["9c"] + order[6:]
        self.refuse(record(hands=[{"pattern": "3232", "gathered": bad}]), "value", "hands[0].gathered[5]")
        bad = order[:5] + [7] + order[6:]
        self.refuse(record(hands=[{"pattern": "3232", "gathered": bad}]), "type", "hands[0].gathered[5]")
        for code in ("2c", "Jk", "10c", "9C", ""):
            bad = order[:5] + [code] + order[6:]
            self.refuse(record(hands=[{"pattern": "3232", "gathered": bad}]), "value", "hands[0].gathered[5]")
        self.refuse(record(hands=[{"pattern": "3232", "gathered": order[:23]}]), "length", "hands[0].gathered")
        self.refuse(record(hands=[{"pattern": "3232", "gathered": order + ["9c"]}]), "value", "hands[0].gathered[24]")
        self.refuse(record(hands=[{"pattern": "3232", "gathered": "x"}]), "type", "hands[0].gathered")


class WholeGame(unittest.TestCase):
    def test_trace_shape(self):
        out = sd.trace(kitchen_record(3, cut=True))
        self.assertEqual(list(out), ["fingerprint", "game_seed", "randoms", "first_dealer", "patterns", "deals"])
        self.assertEqual(out["fingerprint"], hashlib.sha256(SEED.encode()).hexdigest())
        self.assertEqual(out["game_seed"], hashlib.sha256((SEED + ":hello").encode()).hexdigest())
        self.assertEqual(len(out["randoms"]), 4)  # powers of two: no rejection
        for i, d in enumerate(out["deals"]):
            self.assertEqual(
                list(d), ["dealer", "pattern", "randoms", "positions", "deck", "hands", "upcard", "kitty"]
            )
            self.assertEqual(d["dealer"], (out["first_dealer"] + i) % 4)
            self.assertEqual(sorted(d["positions"]), list(range(24)))
            cards = [c for h in d["hands"] for c in h] + [d["upcard"]] + d["kitty"]
            self.assertEqual(sorted(cards), sorted(sd.EUCHREMASTER_ORDER))
        # hand 1: Fisher-Yates (23 below()s) + the player's cut, essentially no rejection
        self.assertEqual(len(out["deals"][0]["randoms"]), 24)

    def test_setup_from_stream_zero(self):
        rec = sd.validate(record())
        g = sd.game_bytes(rec)
        draws = sd.xoshiro_draws(sd.stream_state(g, 0), 4)
        s = sd.setup(rec)
        self.assertEqual(s["randoms"], [sd.hex16(x) for x in draws])
        self.assertEqual(s["first_dealer"], draws[0] % 4)
        self.assertEqual(s["patterns"], [sd.PATTERNS[x % 16] for x in draws[1:]])

    def test_phrase_bytes(self):
        a = sd.game_seed(sd.validate(record(phrase="\u00e9")))
        b = sd.game_seed(sd.validate(record(phrase="e\u0301")))
        self.assertNotEqual(a, b)
        self.assertEqual(
            sd.game_seed(sd.validate(record(phrase=""))), hashlib.sha256((SEED + ":").encode()).hexdigest()
        )
        upper = SEED.upper()
        self.assertNotEqual(
            sd.fingerprint(sd.validate(record(house_seed=upper))), sd.fingerprint(sd.validate(record()))
        )

    def test_checks(self):
        rec = sd.validate(record())
        s = sd.setup(rec)
        out = sd.checks(record(hands=[{"pattern": "3232"} for _ in range(4)]))
        self.assertEqual([c["hand"] for c in out],
                         [n for n in range(1, 5) if sd.dealer_of(s["first_dealer"], n) != 0])
        for c in out:
            self.assertEqual(c["ok"], c["expected"] == "3232")
            self.assertEqual(c["given"], "3232")


if __name__ == "__main__":
    unittest.main()
