"""Card names as the engines write them (``"QS"``, ``"TD"``, ``"AH"``): rank and suit
look-ups for the policies, so they never import an engine."""

from __future__ import annotations

#: Number of a rank letter, Ace low (A=1 .. K=13).
NUMBER = {r: i + 1 for i, r in enumerate("A23456789TJQK")}
#: Trick-taking power, Ace high (2=0 .. A=12).
POWER = {r: i for i, r in enumerate("23456789TJQKA")}
SUITS = "SHDC"


def rank(card: str) -> str:
    return card[0]


def suit(card: str) -> str:
    return card[-1]
