"""Registered players: names, argon2 password hashes and session tokens.

Passwords are hashed with argon2id (argon2-cffi's defaults), in a thread so that the
event loop keeps serving, and at most two at a time so that a flood of logins cannot
take every core. A session is a random token: the client keeps it (in a cookie
``seedbed_session``, HttpOnly and SameSite=Lax, or sends it as ``Authorization:
Bearer ...``); the database keeps only its SHA-256.
"""

from __future__ import annotations

import asyncio
import re
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_HASHER = PasswordHasher()
_SLOTS = asyncio.Semaphore(2)
COOKIE = "seedbed_session"

NAME_RE = re.compile(r"^[\w][\w .'-]{0,30}[\w.]$|^[\w]$")
MIN_PASSWORD = 8
MAX_PASSWORD = 200


def check_name(name: str) -> str:
    """A display name: 1 to 32 letters, digits, spaces, ``.'-_``; ``ValueError`` else."""
    text = unicodedata.normalize("NFC", name.strip())
    if not NAME_RE.match(text) or any(unicodedata.category(c).startswith("C") for c in text):
        raise ValueError(
            "a name is 1 to 32 letters, digits, spaces and . ' - _ (starting with a letter "
            "or digit)"
        )
    return text


def check_password(password: str) -> str:
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise ValueError(f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


async def hash_password(password: str) -> str:
    async with _SLOTS:
        return await asyncio.to_thread(_HASHER.hash, password)


async def verify_password(stored: str, password: str) -> bool:
    async with _SLOTS:
        try:
            return await asyncio.to_thread(_HASHER.verify, stored, password)
        except (VerificationError, InvalidHashError):
            return False


def needs_rehash(stored: str) -> bool:
    return _HASHER.check_needs_rehash(stored)
