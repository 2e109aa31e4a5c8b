"""Reading an SQLite database that a pairing program may be writing at the same moment (Sharly Chess keeps each event
in one): opened read-only (``file:…?mode=ro``, ``query_only``, no trusted schema), every table read in ONE read
transaction (a consistent snapshot: never half of a write), closed at once, so no lock is held longer than the read.

Everything in the file is hostile: the size is bounded before it is opened, the rows of a table are bounded while
they are fetched (and counted first where a reader bounds them by the tournament's size), a large table is streamed
a row at a time (:meth:`Snapshot.stream`), never held whole, the read has a time budget (a progress handler stops a
query that runs too long), and each cell is checked for its type and range, with an error naming the table, the row
and the column.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..engine.errors import InputError, Place
from ..engine.messages import Count, Message, os_reason

#: the largest database read (Sharly's real events are well under 1 MB; a 3,000-player open of 13 rounds about 5 MB)
MAX_DATABASE_BYTES = 64 * 2**20
#: rows read from one table (a table with more is refused)
MAX_ROWS = 2_000_000
#: characters of one text cell
MAX_TEXT = 100_000
#: seconds the whole read may take, and seconds to wait for a writer's commit to end
READ_BUDGET = 20.0
BUSY_TIMEOUT = 2.0
_MAGIC = b"SQLite format 3\x00"


class Snapshot:
    """The database inside one read transaction: the tables and columns it has, rows of a table."""

    def __init__(self, conn: sqlite3.Connection, source: str) -> None:
        self.conn, self.source = conn, source
        names = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' LIMIT 10000").fetchall()
        self.tables = {str(n) for (n,) in names}

    def place(self, table: str, row: object = None, column: str = "") -> Place:
        if row is None:
            return Place(self.source, field=Message("table {}, column {}", table, column) if column else
                         Message("table {}", table))
        return Place(self.source, field=Message("table {}, row {}, column {}", table, row, column) if column else
                     Message("table {}, row {}", table, row))

    def columns(self, table: str) -> set[str]:
        if table not in self.tables:
            return set()
        return {str(r[1]) for r in self.conn.execute(f"PRAGMA table_info(`{table}`)").fetchall()}

    def require(self, table: str, columns: tuple[str, ...]) -> None:
        if table not in self.tables:
            raise InputError(Message("no table {}: not a database of this program, or not one this reader knows",
                                     repr(table)),
                             self.place(table))
        missing = [c for c in columns if c not in self.columns(table)]
        if missing:
            raise InputError(Message("table {} has no column {}", repr(table), repr(missing[0])), self.place(table))

    def column(self, table: str, column: str, alias: str = "") -> str:
        """``alias.`column``` when the table has the column, else ``NULL`` (it reads as None)."""
        return f"{alias + '.' if alias else ''}`{column}`" if column in self.columns(table) else "NULL"

    def count(self, table: str, where: str = "", params: tuple[Any, ...] = ()) -> int:
        """How many rows of ``table`` match ``where`` (counted by SQLite, nothing fetched)."""
        return int(self.conn.execute(f"SELECT COUNT(*) FROM `{table}` {where}", params).fetchone()[0])

    def stream(self, table: str, chosen: dict[str, str], rest: str, params: tuple[Any, ...] = (),
               limit: int = MAX_ROWS) -> Iterator[dict[str, Any]]:
        """The rows of ``SELECT <chosen> <rest>`` one at a time, as dicts by the names of ``chosen`` (name -> the
        reader's own SQL expression); more than ``limit`` rows is an error naming ``table``."""
        cursor = self.conn.execute(f"SELECT {', '.join(chosen.values())} {rest} LIMIT ?", (*params, limit + 1))
        for n, raw in enumerate(cursor):
            if n == limit:
                raise InputError(Message("more than {} row", Count(limit), plural="more than {} rows", count=limit),
                                 self.place(table))
            yield dict(zip(chosen, raw))

    def rows(self, table: str, columns: tuple[str, ...], where: str = "", params: tuple[Any, ...] = (),
             limit: int = MAX_ROWS) -> list[dict[str, Any]]:
        """The rows of ``table`` as dicts of ``columns`` (a column the table lacks reads as None) and ``_row``, its
        rowid.  ``table``, ``columns`` and ``where`` are the reader's own words, never the file's; values go in
        ``params``."""
        chosen = {"_row": "rowid", **{c: self.column(table, c) for c in columns}}
        return list(self.stream(table, chosen, f"FROM `{table}` {where}", params, limit))

    def integer(self, table: str, row: dict[str, Any], column: str, low: int, high: int,
                optional: bool = False) -> int | None:
        """A whole number cell in ``low..high`` (SQLite stores any type in any column: text or a real is refused)."""
        value = row.get(column)
        if value is None and optional:
            return None
        if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool):
            raise InputError(Message("not a whole number: {}", _shown(value)), self.place(table, row["_row"], column))
        if not low <= value <= high:
            raise InputError(Message("{} is out of range ({}-{})", value, low, high), self.place(table, row["_row"], column))
        return value

    def text(self, table: str, row: dict[str, Any], column: str) -> str:
        """A text cell ('' for NULL), bounded in length; a number is read as its text."""
        value = row.get(column)
        if value is None:
            return ""
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return str(value)
        if not isinstance(value, str):
            raise InputError(Message("not text: {}", _shown(value)), self.place(table, row["_row"], column))
        if len(value) > MAX_TEXT:
            raise InputError(Message("text of {} character (at most {})", Count(len(value)), Count(MAX_TEXT),
                                     plural="text of {} characters (at most {})", count=len(value)),
                             self.place(table, row["_row"], column))
        return value


def _shown(value: object) -> str:
    if isinstance(value, bytes):
        return f"{len(value)} bytes of binary data"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@contextmanager
def snapshot(path: str | Path) -> Iterator[Snapshot]:
    """The database at ``path`` in one read-only transaction, closed when the block ends; every SQLite error is an
    InputError naming the file."""
    source = str(path)
    p = Path(path)
    try:
        size = p.stat().st_size
        with p.open("rb") as f:
            head = f.read(len(_MAGIC))
    except OSError as e:
        raise InputError(Message("cannot read the file: {}", os_reason(e)), Place(source)) from None
    if size > MAX_DATABASE_BYTES:
        raise InputError(Message("database of {} byte (at most {})", Count(size), Count(MAX_DATABASE_BYTES),
                                 plural="database of {} bytes (at most {})", count=size), Place(source))
    if head != _MAGIC:
        raise InputError("not an SQLite database (the file does not start with 'SQLite format 3')", Place(source))
    uri = "file:" + quote(str(p.resolve())) + "?mode=ro"
    deadline = time.monotonic() + READ_BUDGET
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT, isolation_level=None)
    except sqlite3.Error as e:
        raise InputError(Message("cannot open the database: {}", e), Place(source)) from None
    try:
        # a hostile schema runs no function of ours, and the read stops when it takes too long
        conn.set_progress_handler(lambda: 1 if time.monotonic() > deadline else 0, 20_000)
        conn.text_factory = lambda raw: raw.decode("utf-8", errors="replace")  # a bad byte in a name is no crash
        conn.execute("PRAGMA query_only = ON")
        conn.execute("PRAGMA trusted_schema = OFF")
        conn.execute("BEGIN")  # one read transaction: every table from the same committed state
        try:
            yield Snapshot(conn, source)
        finally:
            conn.execute("ROLLBACK")
    except sqlite3.OperationalError as e:
        why = "the read took too long" if "interrupt" in str(e) else str(e)
        raise InputError(Message("cannot read the database: {}", why), Place(source)) from None
    except sqlite3.Error as e:
        raise InputError(Message("cannot read the database: {}", e), Place(source)) from None
    except UnicodeDecodeError:  # SQLite's message about a damaged schema quotes its bytes
        raise InputError("cannot read the database: its schema is damaged", Place(source)) from None
    finally:
        conn.close()
