"""Leadership terms (``live_leaders``: one row per term of a leader of a watched name: its epoch, the server that
holds it, when it last said it is alive) and, on every version, the term that wrote it (``epoch``, ``writer``): a
server that lost the lead can no longer write, and a row no leader wrote is not served (tiebreak.live.leader).

The versions already kept are marked as written by the term ``before-0003`` (epoch 0), which is recorded.

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None

BEFORE = "before-0003"


def upgrade() -> None:
    op.create_table(
        "live_leaders",
        sa.Column("name", sa.String(300), primary_key=True),
        sa.Column("epoch", sa.Integer, primary_key=True),
        sa.Column("writer", sa.String(80), nullable=False),
        sa.Column("beat", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("live_versions") as batch:
        batch.add_column(sa.Column("epoch", sa.Integer, nullable=True))
        batch.add_column(sa.Column("writer", sa.String(80), nullable=True))
    versions = sa.table("live_versions", sa.column("epoch", sa.Integer), sa.column("writer", sa.String))
    op.execute(sa.update(versions).values(epoch=0, writer=BEFORE))
    leaders = sa.table("live_leaders", sa.column("name", sa.String), sa.column("epoch", sa.Integer),
                       sa.column("writer", sa.String), sa.column("beat", sa.DateTime(timezone=True)))
    op.execute(sa.insert(leaders).values(name="", epoch=0, writer=BEFORE, beat=sa.func.current_timestamp()))
