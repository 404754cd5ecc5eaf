"""The schemes this port implements, by scheme id (the `scheme` of a vector
file). A module is named after its id with `-` written `_`."""

from . import euchremaster, showdown

SCHEMES = {
    "euchremaster": euchremaster,
    "showdown": showdown,
}
