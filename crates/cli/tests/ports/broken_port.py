#!/usr/bin/env python3
"""A port that answers correctly (through the independent Python port's
schemes) except on one request, where it misbehaves as BROKEN_PORT says:

    hang      no answer (sleeps)           crash     exits after a word on stderr
    garbage   a line that is not JSON      wrong-seq an answer for another seq
    stray     a JSON line that is no answer  wrong   a wrong output (deck reversed)
    no-hello  exits at once

BROKEN_AT is the seq of the request to misbehave on (default 2). Used by the
runner's tests in crates/cli/tests/cli/conformance.rs.
"""
import json
import os
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../conformance/ports/python"))

from stages import run_case  # noqa: E402
from schemes import SCHEMES  # noqa: E402
from schemes.common import PortError  # noqa: E402

MODE = os.environ.get("BROKEN_PORT", "")
AT = int(os.environ.get("BROKEN_AT", "2"))


def reply(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


if MODE == "no-hello":
    sys.exit(0)
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        kinds = ["trace", "stream", "shuffle", "deal"]
        reply({"type": "hello", "protocol": 1, "name": "broken", "language": "Python",
               "schemes": {"euchremaster": kinds}})
        continue
    if request["type"] != "run":
        break
    seq = request["seq"]
    if seq == AT:
        if MODE == "hang":
            time.sleep(30)
        elif MODE == "crash":
            sys.stderr.write("boom: the port fell over\n")
            sys.stderr.flush()
            sys.exit(3)
        elif MODE == "garbage":
            print("this is not JSON", flush=True)
            continue
        elif MODE == "wrong-seq":
            reply({"type": "skip", "seq": seq + 1, "reason": "off by one"})
            continue
        elif MODE == "stray":
            reply({"type": "log", "text": "hello"})
            continue
    try:
        output = run_case(SCHEMES[request["scheme"]], request["kind"], request)
        if MODE == "wrong" and seq == AT and "deck" in output:
            output["deck"] = list(reversed(output["deck"]))
        reply({"type": "output", "seq": seq, "output": output})
    except PortError as e:
        reply({"type": "error", "seq": seq, "kind": e.kind, "field": e.field, "message": e.message})
