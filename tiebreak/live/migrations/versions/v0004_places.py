"""Each kept place as every face writes it (``live_places.place``: ``7-8`` shared, ``7*`` placed by the event's lot),
so a player's history shows the place the live table showed, not the bare rank (``7`` for ``7-8``).

The places kept before have none (``NULL``): their history shows the rank, as it did.

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("live_places") as batch:
        batch.add_column(sa.Column("place", sa.String(20), nullable=True))
