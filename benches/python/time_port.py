"""Deals per second of the independent Python port
(conformance/ports/python/schemes/*.py) on the inputs of `fairdeal bench`
(benches/src/inputs.rs), one run, for the comparison in docs/performance.md.
Two numbers per workload:

- "trace(raw)": the port's own entry point, validation of the raw input included;
- "validated": the body of the port's trace() on an input validated once,
  which is what the Rust deal times (its input is validated once, outside the
  timed deal; for showdown also the game seed and the set-up).

Each is the median of 5 windows of about 1 s. Run from anywhere:

    python3 benches/python/time_port.py > python.json
"""

import json
import os
import platform
import statistics
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "conformance", "ports", "python"))

from schemes import atout_v1, euchremaster, hmac_blackjack, sfc32_lock, showdown  # noqa: E402

# The trace cases `fairdeal bench` deals (benches/src/inputs.rs), read from
# the committed vectors so that both time the same inputs.
BENCH_CASES = {
    "euchremaster": ("euchremaster", "dealer-1"),
    "sfc32-lock": ("sfc32-lock", "sample"),
    "atout-v1": ("atout-v1", "coinche"),
    "hmac-blackjack": ("hmac-blackjack", "key-is-text-not-hex"),
    "showdown-fy": ("showdown", "fisher-yates-1-hands"),
    "showdown-kt": ("showdown", "kitchen-table-2-hands"),
}


def trace_input(scheme, case_id):
    with open(os.path.join(ROOT, "vectors", scheme + ".json"), encoding="utf-8") as f:
        vectors = json.load(f)
    for group in vectors["groups"]:
        if group["kind"] != "trace":
            continue
        for case in group["cases"]:
            if case["id"] == case_id:
                return case["input"]
    raise SystemExit(f"no trace case {case_id} in vectors/{scheme}.json")


def single_deal_body(mod, inp):
    """The body of euchremaster/sfc32_lock/atout_v1/hmac_blackjack.trace()
    after validate(): stream recorded into randoms, shuffle, deal, fingerprint."""
    randoms = []

    def recorded():
        for u in mod.stream(inp):
            randoms.append(u)
            yield u

    shuffled = mod.shuffle(inp, recorded())
    dealt = mod.deal(inp, shuffled["deck"])
    return mod.fingerprint(inp), randoms, shuffled, dealt


def showdown_game_body(rec, g, set_up):
    """The body of showdown.trace() after validate(), the game seed and the
    set-up: the fingerprint and each hand."""
    deals = []
    for n in range(1, len(rec["hands"]) + 1):
        deals.append(showdown_hand_body(rec, g, set_up, n))
    return showdown.fingerprint(rec), g.hex(), deals


def showdown_hand_body(rec, g, set_up, n):
    dealer = showdown.dealer_of(set_up["first_dealer"], n)
    pattern = showdown.pattern_used(rec, set_up, n)
    shuffled = showdown.hand_deck(rec, set_up, n, showdown.stream(g, n))
    return showdown.deal(dealer, pattern, shuffled["deck"])


def rate(fn, seconds=1.0, windows=5):
    fn()
    n = 1
    while True:  # calibrate: a batch of about 0.1 s
        t = time.perf_counter()
        for _ in range(n):
            fn()
        if time.perf_counter() - t > 0.1:
            break
        n *= 2
    per_window = max(1, int(n * seconds / 0.1))
    results = []
    for _ in range(windows):
        t = time.perf_counter()
        for _ in range(per_window):
            fn()
        results.append(per_window / (time.perf_counter() - t))
    return statistics.median(results)


def main():
    out = {"python": sys.version.split()[0], "implementation": platform.python_implementation()}
    for name, mod in [
        ("euchremaster", euchremaster),
        ("sfc32-lock", sfc32_lock),
        ("atout-v1", atout_v1),
        ("hmac-blackjack", hmac_blackjack),
    ]:
        raw = trace_input(*BENCH_CASES[name])
        inp = mod.validate(raw)
        out[name] = {
            "trace(raw)": rate(lambda: mod.trace(raw)),
            "validated": rate(lambda: single_deal_body(mod, inp)),
        }
        print(name, out[name], file=sys.stderr)
    raw = trace_input(*BENCH_CASES["showdown-fy"])
    rec = showdown.validate(raw)
    g = showdown.game_bytes(rec)
    set_up = showdown.setup(rec)
    out["showdown fisher-yates game"] = {
        "trace(raw)": rate(lambda: showdown.trace(raw)),
        "validated": rate(lambda: showdown_game_body(rec, g, set_up)),
    }
    out["showdown fisher-yates hand 1"] = {
        "validated": rate(lambda: showdown_hand_body(rec, g, set_up, 1)),
    }
    raw = trace_input(*BENCH_CASES["showdown-kt"])
    rec = showdown.validate(raw)
    g = showdown.game_bytes(rec)
    set_up = showdown.setup(rec)
    out["showdown kitchen-table hand 2"] = {
        "validated": rate(lambda: showdown_hand_body(rec, g, set_up, 2)),
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
