"""The texts hashed for each value a holdem-demo vector states:

    holdem-demo  fingerprint = SHA-256(server_seed)

The stream is HMAC-SHA512, which sha256sum cannot confirm; the Python port
(conformance/ports/python) recomputes every number. Every case whose
expected values give a fingerprint.
"""


def checks(kind, input, expected):
    if "fingerprint" not in expected:
        return
    yield ("fingerprint", [input["server_seed"]], expected["fingerprint"], "hex")
