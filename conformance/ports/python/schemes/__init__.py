"""The schemes this port implements, by scheme id (the `scheme` of a vector
file). A module is named after its id with `-` written `_`."""

from . import euchremaster, hmac_blackjack

SCHEMES = {
    "euchremaster": euchremaster,
    "hmac-blackjack": hmac_blackjack,
}
