"""Which function of a scheme module runs which kind of case.

Shared by check_vectors.py (vector files) and port.py (the conformance
protocol of docs/porting.md). A `case` is a vector case, or a protocol `run`
line: both carry `input` and, depending on the kind, `count`, `state`,
`randoms`, `deck`, `deal` (which deal of a game, from 1) and `game`.
Standard library only.
"""

from itertools import islice

import mutants
from schemes.common import PortError

# The kinds every scheme module supports, in the protocol's order.
BASIC_KINDS = ("trace", "stream", "shuffle", "deal")

# The fields each kind reads, beside `input` (docs/porting.md, "Run").
FIELDS = {
    "trace": ("input",),
    "stream": ("input", "count"),
    "generator": ("state", "count"),
    "shuffle": ("input", "randoms"),
    "deal": ("input", "deck"),
    "game": ("input", "game"),
}


def kinds(scheme):
    """The protocol kinds `scheme` (a module of schemes.SCHEMES) can run:
    trace, stream, shuffle and deal always; generator when the module has
    generator(state, count); game when it has GAMES."""
    out = ["trace", "stream"]
    if hasattr(scheme, "generator"):
        out.append("generator")
    out += ["shuffle", "deal"]
    if getattr(scheme, "GAMES", None):
        out.append("game")
    return out


def run_case(scheme, kind, case):
    """Run the stage of `scheme` that a group (or run line) of `kind` exercises.

    `invalid` (a vector group) runs `trace`, which must refuse. A `game` case
    runs GAMES[case["game"]](input, randoms=...), the module's function for that game
    (it reads what else it needs, e.g. `randoms`, from the case).
    """
    inp = case["input"]
    if kind in ("trace", "invalid"):
        return scheme.trace(inp)
    if kind == "generator":
        return {"randoms": scheme.generator(case["state"], case["count"])}
    if kind == "game":
        # The scheme's other games: GAMES[name](input, randoms=None); a given
        # `randoms` list replaces the stream, checked after the game's input
        # (docs/vectors.md).
        game = scheme.GAMES[case["game"]]
        if "randoms" in case:
            return game(inp, randoms=case["randoms"])
        return game(inp)
    if hasattr(scheme, "shuffle_case"):
        # A game scheme: stage cases name the deal they run (from 1).
        n = case.get("deal", 1)
        if kind == "stream":
            return scheme.stream_case(inp, n, case["count"])
        if kind == "shuffle":
            return scheme.shuffle_case(inp, n, case["randoms"])
        if kind == "deal":
            return scheme.deal_case(inp, n, case["deck"])
    # A scheme of one deal: the input first, then the case's `deal`, which
    # can only be 1, then the numbers or deck given (docs/vectors.md,
    # "Errors" 5).
    if kind == "stream":
        inp = one_deal(scheme.validate(inp), case)
        return {"randoms": list(islice(scheme.stream(inp), case["count"]))}
    # A module may run a stage case itself (shuffle_stage, deal_stage), and
    # is handed the check of `deal` to run once the input is checked.
    def checked(valid):
        return one_deal(valid, case)

    if kind == "shuffle":
        if hasattr(scheme, "shuffle_stage"):
            return scheme.shuffle_stage(inp, case["randoms"], checked)
        inp = checked(scheme.validate(inp))
        return scheme.shuffle(inp, scheme.given_randoms(case["randoms"]))
    if kind == "deal":
        if hasattr(scheme, "deal_stage"):
            return scheme.deal_stage(inp, case["deck"], checked)
        return scheme.deal(checked(scheme.validate(inp)), case["deck"])
    raise ValueError(f"unknown group kind {kind!r}")


def one_deal(inp, case):
    """`inp` (checked) when the case's `deal` is 1 or absent; any other deal
    is one the input does not hold: `range` on `deal`."""
    n = case.get("deal", 1)
    if n != 1 and not mutants.active("sfc-deal-number-ignored"):
        raise PortError("range", "deal", f"deal {n!r}: this scheme deals once, deal 1")
    return inp
