#!/usr/bin/env python3
"""Check the accumulated sweeps (docs/porting.md, "Accumulated sweeps")
against this independent Python port.

    python3 conformance/ports/python/check_sweeps.py [FILES...]

Without FILES, every vectors/sweeps/*.json of the repository. For each sweep
of each file: draws its inputs with SplitMix64 from the file's seed as the
recipe says, computes each input's trace with the port's trace(raw), writes
each in the canonical form and compares the SHA-256 of all the lines with the
file's. Written from docs/porting.md alone. Prints one line per sweep and,
last, `N passed, N failed`. Exits 0 when nothing failed, 1 otherwise.
Standard library only.
"""

import copy
import hashlib
import json
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # leave no __pycache__ in the repository

from schemes import SCHEMES  # noqa: E402  (the script's folder is on sys.path)

HERE = Path(__file__).resolve().parent  # conformance/ports/python
ROOT = HERE.parents[2]  # the repository root

MASK = (1 << 64) - 1
HEX = "0123456789abcdef"
TEXT = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


class SplitMix64:
    """SplitMix64: the state steps by the golden-ratio increment first, then
    the output is scrambled (docs/porting.md)."""

    def __init__(self, state):
        self.x = state

    def next(self):
        self.x = (self.x + 0x9E3779B97F4A7C15) & MASK
        z = self.x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def symbols(g, count, bits, alphabet):
    """`count` symbols of `bits` bits, as many from each output as fit whole
    in 64 bits, lowest bits first; the last output's spare bits unused."""
    per, mask, out = 64 // bits, (1 << bits) - 1, []
    while len(out) < count:
        u = g.next()
        for k in range(min(per, count - len(out))):
            out.append(alphabet[(u >> (bits * k)) & mask])
    return "".join(out)


def draw(g, recipe):
    if "hex" in recipe:
        return symbols(g, recipe["hex"], 4, HEX)
    if "text" in recipe:
        return symbols(g, recipe["text"], 6, TEXT)
    low, high = recipe["integer"]
    u = g.next()
    span = high - low + 1
    return u if span == 1 << 64 else low + u % span


def put(value, pointer, new):
    """Sets the value at a JSON Pointer of plain keys and list indexes."""
    keys = pointer.split("/")[1:]
    for key in keys[:-1]:
        value = value[int(key)] if isinstance(value, list) else value[key]
    last = keys[-1]
    if isinstance(value, list):
        value[int(last)] = new
    elif last in value:
        value[last] = new
    else:
        raise KeyError(f"{pointer} is no field of the template")


def canonical_line(trace):
    """The canonical form: compact JSON, keys sorted by code point, strings
    with the minimal escapes and every other character as itself, integers
    only, then a newline; UTF-8."""
    check_integers(trace)
    return json.dumps(trace, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"


def check_integers(value):
    if isinstance(value, float):
        raise ValueError(f"the trace holds {value!r}, which is not an integer")
    if isinstance(value, dict):
        for v in value.values():
            check_integers(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            check_integers(v)


def check_sweep(module, seed, sweep):
    """None when the sweep's digest is the port's, else what differs."""
    g = SplitMix64(seed)
    total = hashlib.sha256()
    firsts = sweep.get("first", [])
    for i in range(sweep["count"]):
        raw = copy.deepcopy(sweep["template"])
        drawn = []
        for recipe in sweep["draws"]:
            value = draw(g, recipe)
            put(raw, recipe["pointer"], value)
            drawn.append(value)
        line = canonical_line(module.trace(raw)).encode("utf-8")
        total.update(line)
        if i < len(firsts):
            want = firsts[i]
            if drawn != want["drawn"]:
                return f"input {i}: drew {drawn}, the file lists {want['drawn']}"
            got = hashlib.sha256(line).hexdigest()
            if got != want["sha256"]:
                return f"input {i}: trace digest {got}, the file lists {want['sha256']}"
    got = total.hexdigest()
    return None if got == sweep["sha256"] else f"digest {got}, the file lists {sweep['sha256']}"


def main(argv):
    files = [Path(a) for a in argv] or sorted((ROOT / "vectors" / "sweeps").glob("*.json"))
    passed = failed = 0
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        gen = data["generator"]
        if gen["name"] != "splitmix64":
            print(f"FAIL {path.name}: generator {gen['name']!r} is not known")
            failed += 1
            continue
        module = SCHEMES.get(data["scheme"])
        if module is None:
            print(f"FAIL {path.name}: this port has no scheme {data['scheme']!r}")
            failed += 1
            continue
        seed = int(gen["seed"], 16)
        for sweep in data["sweeps"]:
            name = f"{data['scheme']} {sweep['name']} ({sweep['count']} inputs)"
            try:
                problem = check_sweep(module, seed, sweep)
            except Exception as exc:  # a port's refusal or bug: a failure, said
                problem = f"crashed: {type(exc).__name__}: {exc}"
            if problem is None:
                print(f"ok {name}")
                passed += 1
            else:
                print(f"FAIL {name}: {problem}")
                failed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
