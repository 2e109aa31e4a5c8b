"""The live history's schema, versioned with Alembic (SQLAlchemy's migration tool): every database is brought to
the newest schema when a server opens it, under a lock, so that servers started together on a new database do not
race to make the tables.

The migrations are in ``tiebreak/live/migrations/versions`` (``0001``: the first schema; ``0002``: documents kept
compressed, one row per event and version; ``0003``: the leaders' terms, and the term that wrote each version;
``0004``: each place as written, ``7-8`` or ``7*``). A database made before migrations existed (the first schema,
without Alembic's table) is recognised and taken from ``0001``. Alembic keeps the revision in
``tiebreak_live_version``, so a database shared with another application's migrations is left alone.

>>> from sqlalchemy import create_engine, inspect
>>> engine = create_engine("sqlite://")
>>> upgrade(engine), sorted(inspect(engine).get_table_names())
('0004', ['live_changes', 'live_leaders', 'live_places', 'live_versions', 'tiebreak_live_version'])
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Engine, inspect, text

HERE = Path(__file__).resolve().parent
VERSION_TABLE = "tiebreak_live_version"
#: the PostgreSQL advisory lock taken while the schema is made or changed (any number; this one spells "tbrk")
SCHEMA_LOCK = 0x7462726B


def _config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE / "migrations"))
    return cfg


def upgrade(engine: Engine) -> str:
    """Bring the database of ``engine`` to the newest schema; the revision it is at afterwards."""
    cfg = _config()
    with engine.begin() as db:
        if db.dialect.name == "postgresql":  # one server at a time; the others wait, then find the schema made
            db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        tables = set(inspect(db).get_table_names())
        cfg.attributes["connection"] = db
        if "live_versions" in tables and VERSION_TABLE not in tables:
            command.stamp(cfg, "0001")  # made by the first schema, before migrations
        command.upgrade(cfg, "head")
        revision = MigrationContext.configure(db, opts={"version_table": VERSION_TABLE}).get_current_revision()
    assert revision is not None, "upgraded to a revision just now"
    return revision
