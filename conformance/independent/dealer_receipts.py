#!/usr/bin/env python3
"""Check the receipts a fairdeal dealer issued against the independent
Python port (conformance/ports/python), with nothing of the Rust code.

    python3 conformance/independent/dealer_receipts.py < dealt.jsonl

Each line is {"receipt": R, "trace": T}: R a receipt as `fairdeal dealer
reveal` or `export` writes it, T the deal the dealer made for it (the
trace of `fairdeal deal --json`). The port deals R's fields again: its
fingerprint must be R's, and its whole trace T. Prints the first failures
and, last, `N passed, N failed`; exits 0 when nothing failed, 1 otherwise.
Standard library only.
"""

import json
import os
import sys

sys.dont_write_bytecode = True  # leave no __pycache__ in the repository
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "ports", "python"))
from schemes import SCHEMES  # noqa: E402  the independent port

# The receipt's own keys, which are not the scheme's inputs (docs/history.md).
OWN = {"scheme", "game", "fingerprint", "hand", "seat", "next_fingerprint"}

passed = failed = 0
for number, line in enumerate(sys.stdin, start=1):
    if not line.strip():
        continue
    pair = json.loads(line)
    receipt, trace = pair["receipt"], pair["trace"]
    scheme = SCHEMES[receipt["scheme"]]
    inputs = {k: v for k, v in receipt.items() if k not in OWN}
    try:
        ported = scheme.trace(inputs)
    except Exception as e:  # noqa: BLE001  a refusal is a failure of this line
        ported = {"error": repr(e)}
    problems = []
    if ported.get("fingerprint") != receipt.get("fingerprint"):
        problems.append(f"fingerprint {ported.get('fingerprint')} is not the receipt's")
    if ported != trace:
        keys = [k for k in trace if ported.get(k) != trace[k]] or sorted(ported)
        problems.append(f"the deal differs at {', '.join(keys)}")
    if problems:
        failed += 1
        if failed <= 5:
            print(f"line {number} ({receipt['scheme']}): {'; '.join(problems)}")
    else:
        passed += 1
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)
