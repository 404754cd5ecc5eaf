#!/usr/bin/env python3
"""A port that answers correctly (through the independent Python port's
schemes) except on one request, where it misbehaves as BROKEN_PORT says:

    hang      no answer (sleeps)           crash     exits after a word on stderr
    garbage   a line that is not JSON      wrong-seq an answer for another seq
    stray     a JSON line that is no answer  wrong   a wrong output (deck reversed),
                                                     with a word on stderr
    no-hello  exits at once                  twice   two answers to the request
    chatty    every request: a line on stderr naming its seq, then the answer
              (a wrong one, deck reversed, at seq BROKEN_AT and the next)
    misname   every refusal names the field "elsewhere", with a message
              holding <script> markup
    crash-all says hello, then crashes on every request (a word on stderr)
    dealer-stands-on-16  runs hmac-blackjack's blackjack game too, and every
              round's dealer stops drawing one card early (the outcomes follow)
    unbounded a euchremaster cut has no 1024-character bound: a longer one is
              dealt (a choice the page leaves: an informative difference)

and the hostile modes of crates/cli/tests/cli/hostile_port.rs:

    long-line      an answer line that never ends (stdout, forever)
    stderr-flood   BROKEN_BYTES of stderr without a newline, then the answer
    skip-all       skips every case
    restart-dies   crashes at BROKEN_AT, and every later start exits at once
    restart-hangs  crashes at BROKEN_AT, and every later start never says hello
    nonchar        a line that is not JSON and holds U+FFFE and U+FFFF
    deaf           never reads a request: skips seq 1 to BROKEN_AT - 1, then hangs
    again          answers seq BROKEN_AT - 1 again BROKEN_COUNT times (default
                   20000), then answers BROKEN_AT
    again-forever  answers BROKEN_AT, then seq BROKEN_AT - 1 again and again,
                   BROKEN_PAUSE seconds apart (default 0), never reading again
    stray-after    answers BROKEN_AT, then answers seq 99, which was never sent
    setsid-hang    each start leaves a helper (sleep) in a session of its own,
                   holding the port's pipes; hangs as `hang` does

BROKEN_AT is the seq of the request to misbehave on (default 2). BROKEN_PIDS,
when set, is a file to which each start appends "pid pgid" (and setsid-hang
its helper's). BROKEN_STATE is the file by which restart-* modes tell a later
start from the first. BROKEN_HUNG, when set, is a file made when the port
hangs. BROKEN_KINDS lists the kinds the hello says the port runs (default
trace,stream,shuffle,deal). Used by the runner's tests in
crates/cli/tests/cli/.
"""
import json
import os
import subprocess
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../conformance/ports/python"))

from stages import run_case  # noqa: E402
from schemes import SCHEMES  # noqa: E402
from schemes.common import PortError  # noqa: E402

MODE = os.environ.get("BROKEN_PORT", "")
AT = int(os.environ.get("BROKEN_AT", "2"))


KINDS = os.environ.get("BROKEN_KINDS", "trace,stream,shuffle,deal").split(",")

if MODE == "unbounded":
    import schemes.euchremaster  # noqa: E402

    schemes.euchremaster.CUT_MAX = 1 << 20


def reply(*messages):
    # One write for them all: the runner gets them together, whatever the load.
    sys.stdout.write("".join(json.dumps(m) + "\n" for m in messages))
    sys.stdout.flush()


def record(pid, pgid):
    if os.environ.get("BROKEN_PIDS"):
        with open(os.environ["BROKEN_PIDS"], "a") as f:
            f.write(f"{pid} {pgid}\n")


def hang():
    if os.environ.get("BROKEN_HUNG"):
        open(os.environ["BROKEN_HUNG"], "w").close()
    time.sleep(3600)


record(os.getpid(), os.getpgid(0))
if MODE == "setsid-hang":
    # Popen returns once the helper has called setsid() and exec'd sleep;
    # it inherits the port's standard input, output and error.
    helper = subprocess.Popen(["sleep", "3600"], start_new_session=True)
    record(helper.pid, os.getpgid(helper.pid))
if MODE == "no-hello":
    sys.exit(0)
if MODE.startswith("restart-"):
    state = os.environ["BROKEN_STATE"]
    if os.path.exists(state):
        if MODE == "restart-hangs":
            time.sleep(3600)
        sys.exit(0)
    open(state, "w").close()
if MODE == "deaf":
    reply({"type": "hello", "protocol": 1, "name": "deaf", "language": "Python",
           "schemes": {"euchremaster": ["trace", "stream", "shuffle", "deal"]}})
    for seq in range(1, AT):
        reply({"type": "skip", "seq": seq, "reason": "deaf"})
    time.sleep(30)
    sys.exit(0)
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        schemes = {"euchremaster": KINDS}
        if MODE == "dealer-stands-on-16":
            schemes["hmac-blackjack"] = ["game"]
        reply({"type": "hello", "protocol": 1, "name": "broken", "language": "Python",
               "schemes": schemes})
        continue
    if request["type"] != "run":
        break
    seq = request["seq"]
    if MODE == "crash-all":
        sys.stderr.write(f"boom: crashed on seq {seq}\n")
        sys.stderr.flush()
        sys.exit(3)
    if MODE == "chatty":
        sys.stderr.write(f"chatty: about seq {seq}\n")
        sys.stderr.flush()
    if seq == AT:
        if MODE in ("hang", "setsid-hang"):
            hang()
        elif MODE == "nonchar":
            sys.stdout.buffer.write("not JSON \ufffe\uffff\n".encode("utf-8"))
            sys.stdout.buffer.flush()
            continue
        elif MODE == "long-line":
            chunk = "x" * (1 << 20)
            while True:
                sys.stdout.write(chunk)
        elif MODE == "stderr-flood":
            chunk = "e" * (1 << 20)
            for _ in range(int(os.environ.get("BROKEN_BYTES", str(1 << 30))) >> 20):
                sys.stderr.write(chunk)
            sys.stderr.flush()
        elif MODE in ("crash", "restart-dies", "restart-hangs"):
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
        elif MODE == "again":
            again = {"type": "skip", "seq": seq - 1, "reason": "again"}
            reply(*[again] * int(os.environ.get("BROKEN_COUNT", "20000")))
    if MODE == "skip-all":
        reply({"type": "skip", "seq": seq, "reason": "skips everything"})
        continue
    try:
        output = run_case(SCHEMES[request["scheme"]], request["kind"], request)
        if MODE == "chatty" and seq in (AT, AT + 1) and "deck" in output:
            output["deck"] = list(reversed(output["deck"]))
        if MODE == "wrong" and seq == AT and "deck" in output:
            sys.stderr.write(f"debug: seq {seq}: the deck reversed\n")
            sys.stderr.flush()
            output["deck"] = list(reversed(output["deck"]))
        if MODE == "dealer-stands-on-16" and request.get("game") == "blackjack":
            dealer = output["dealer"]
            if len(dealer["cards"]) > 2:
                dealer["cards"].pop()
                for hand in output["hands"]:
                    hand["outcome"] = "lose" if hand["outcome"] != "lose" else "win"
        answer = {"type": "output", "seq": seq, "output": output}
        if MODE == "again-forever" and seq == AT:
            again = {"type": "skip", "seq": seq - 1, "reason": "again"}
            reply(answer, again)
            pause = float(os.environ.get("BROKEN_PAUSE", "0"))
            while True:
                if pause:
                    time.sleep(pause)
                reply(again)
        if MODE == "stray-after" and seq == AT:
            reply(answer, {"type": "skip", "seq": 99, "reason": "never sent"})
            continue
        reply(answer)
        if MODE == "twice" and seq == AT:
            reply(answer)
    except PortError as e:
        if MODE == "misname":
            reply({"type": "error", "seq": seq, "kind": e.kind, "field": "elsewhere",
                   "message": "<script>alert('x')</script> & \"more\""})
            continue
        reply({"type": "error", "seq": seq, "kind": e.kind, "field": e.field, "message": e.message})
