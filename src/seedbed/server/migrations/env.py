"""Alembic environment: the server passes its own connection in
``config.attributes["connection"]`` (see ``seedbed.server.db.migrate``)."""

from __future__ import annotations

from alembic import context

from seedbed.server.db import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always passes one
    raise RuntimeError("run migrations through seedbed.server.db.migrate()")
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
