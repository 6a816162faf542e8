"""Alembic migrations of the server's database (run by ``seedbed serve`` at start)."""
