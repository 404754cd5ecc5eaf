"""The texts hashed for each value an sfc32-lock vector states:

    sfc32-lock    fingerprint   = SHA-256(seed ":" nonce)  (the lock)

Trace cases only.
"""


def checks(kind, input, expected):
    if kind != "trace":
        return
    yield ("lock", [input["seed"], ":", input["nonce"]], expected["fingerprint"], "hex")
