"""What every scheme module of the port shares: the refusal it raises."""

# The error kinds of docs/vectors.md, section "Errors".
KINDS = (
    "missing",
    "unknown",
    "type",
    "length",
    "character",
    "range",
    "value",
    "stream-exhausted",
    "unsupported",
)


class PortError(Exception):
    """A refusal: `kind` is one of KINDS, `field` the field it names
    (`seed`, `deck[3]`, ...). Only kind and field are compared with the
    vectors; the message is for people."""

    def __init__(self, kind: str, field: str, message: str):
        assert kind in KINDS, kind
        super().__init__(f"{kind} ({field}): {message}")
        self.kind = kind
        self.field = field
        self.message = message
