#!/usr/bin/env python3
"""The Python port, speaking the conformance protocol of docs/porting.md.

    python3 conformance/ports/python/port.py                 # the protocol, on stdin/stdout
    python3 conformance/ports/python/port.py --list-mutants  # the mutants' names, one a line

One JSON object a line in both directions: the runner's `hello` is answered
with this port's name, language and, for each scheme, the kinds of case it
runs; each `run` with one `output`, `error` or `skip`; `bye` (or the end of
the input) ends it. Nothing but answers goes to standard output; everything
for people goes to standard error.

FAIRDEAL_MUTANT=<name> switches on one deliberate mistake of mutants.json
(an unknown name: exit 2). Standard library only.
"""

import json
import platform
import sys
import traceback

sys.dont_write_bytecode = True  # leave no __pycache__ in the repository

import mutants  # noqa: E402  (the script's folder is on sys.path)
import stages  # noqa: E402
from schemes import SCHEMES  # noqa: E402
from schemes.common import PortError  # noqa: E402

PROTOCOL = 1
NAME = "fairdeal-python"

# The protocol's own channel. sys.stdout is pointed at standard error while
# the port runs, so that a stray print() can never break the protocol.
_PROTOCOL_OUT = sys.stdout


def reply(message):
    _PROTOCOL_OUT.write(json.dumps(message) + "\n")
    _PROTOCOL_OUT.flush()


def log(text):
    sys.stderr.write(f"port.py: {text}\n")
    sys.stderr.flush()


def hello():
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "name": NAME,
        "language": f"Python {platform.python_version()}",
        "schemes": {sid: stages.kinds(module) for sid, module in SCHEMES.items()},
    }


def why_not(request):
    """Why this port cannot run the request (the reason of a `skip`), or None."""
    scheme_id, kind = request.get("scheme"), request.get("kind")
    if scheme_id not in SCHEMES:
        return f"scheme {scheme_id!r} is not implemented by this port"
    module = SCHEMES[scheme_id]
    if kind not in stages.kinds(module):
        return f"this port does not run {kind!r} cases of {scheme_id}"
    for field in stages.FIELDS[kind]:
        if field not in request:
            return f"the run line has no {field!r}, which a {kind} case needs"
    if kind == "game" and request["game"] not in module.GAMES:
        known = ", ".join(sorted(module.GAMES))
        return f"{scheme_id} has no game {request['game']!r} in this port (it has: {known})"
    return None


def run(request):
    """The answer to one `run` line."""
    seq = request.get("seq")
    reason = why_not(request)
    if reason is not None:
        return {"type": "skip", "seq": seq, "reason": reason}
    module = SCHEMES[request["scheme"]]
    try:
        output = stages.run_case(module, request["kind"], request)
    except PortError as err:
        return {"type": "error", "seq": seq, "kind": err.kind, "field": err.field, "message": err.message}
    except Exception as exc:  # a bug of the port: say so, and keep running
        log(f"seq {seq} ({request.get('scheme')} {request.get('kind')}): unexpected exception")
        traceback.print_exc(file=sys.stderr)
        sys.stderr.flush()
        return {
            "type": "error",
            "seq": seq,
            "kind": "port-bug",
            "field": "",
            "message": f"{type(exc).__name__}: {exc}",
        }
    return {"type": "output", "seq": seq, "output": output}


def serve(stdin):
    while True:
        line = stdin.readline()
        if not line:
            return  # end of input: the runner is gone
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as exc:
            log(f"not a JSON line, ignored: {exc}: {line.rstrip()[:200]!r}")
            continue
        if not isinstance(request, dict):
            log(f"not a JSON object, ignored: {line.rstrip()[:200]!r}")
            continue
        kind = request.get("type")
        if kind == "hello":
            if request.get("protocol") != PROTOCOL:
                log(f"the runner speaks protocol {request.get('protocol')!r}; this port speaks {PROTOCOL}")
            reply(hello())
        elif kind == "run":
            reply(run(request))
        elif kind == "bye":
            return
        else:
            log(f"unknown message type {kind!r}, ignored")


def main(argv):
    if argv == ["--list-mutants"]:
        for name in mutants.NAMES:
            print(name)
        return 0
    if argv:
        log(f"usage: port.py [--list-mutants] (got {' '.join(argv)!r})")
        return 2
    name = mutants.unknown()
    if name is not None:
        log(f"{mutants.ENV}={name!r} is not a mutant of {mutants.CATALOGUE.name}; "
            f"`port.py --list-mutants` lists them")
        return 2
    if mutants.selected():
        log(f"mutant {mutants.selected()!r} is on")
    # The runner sends UTF-8, whatever the locale says; a byte that is not
    # UTF-8 becomes a lone surrogate, which the schemes refuse as text.
    sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")
    sys.stdout = sys.stderr
    try:
        serve(sys.stdin)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
