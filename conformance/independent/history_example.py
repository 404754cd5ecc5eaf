#!/usr/bin/env python3
"""A player's history of 4000 sfc32-lock hands dealt by the independent
Python port (conformance/ports/python), for docs/history.md's worked
examples and CI: a fair site, or with `drop` a site that deals again, half
the time, a hand giving the player two jacks or more. Each receipt's lock is
SHA-256(seed:nonce) from hashlib, nothing of the Rust code.

    python3 conformance/independent/history_example.py > fair.jsonl
    python3 conformance/independent/history_example.py drop > dropped.jsonl
    fairdeal history fair.jsonl       # consistent with a fair deal, exit 0
    fairdeal history dropped.jsonl    # suspicious, exit 1
"""
import hashlib
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'ports', 'python'))
from schemes import sfc32_lock as port  # noqa: E402  the independent port

HANDS = 4000
DROP = sys.argv[1:] == ['drop']

rng = random.Random(23)
kept = 0
while kept < HANDS:
    seed, nonce = f'{rng.getrandbits(128):032x}', f'hand-{kept}'
    hand = port.trace({'seed': seed, 'nonce': nonce})['hands'][0]
    if DROP and sum(card[0] == 'J' for card in hand) >= 2 and rng.random() < 0.5:
        continue
    lock = hashlib.sha256(f'{seed}:{nonce}'.encode()).hexdigest()
    print(json.dumps({'scheme': 'sfc32-lock', 'seed': seed, 'nonce': nonce, 'lock': lock}))
    kept += 1
