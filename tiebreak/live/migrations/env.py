"""Alembic's environment for the live history: the migrations run on the connection :mod:`tiebreak.live.schema`
gives them (never from a URL in a file)."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None, version_table="tiebreak_live_version",
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
