"""The first schema of the live history (as the live server made it before migrations): versions, places, changes.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "live_versions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("event", sa.String(300), nullable=False, index=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("time", sa.String(40), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("digest", sa.String(80), nullable=False),
        sa.Column("warning", sa.Text),
        sa.Column("document", sa.Text, nullable=False),
    )
    op.create_table(
        "live_places",
        sa.Column("version_id", sa.Integer, sa.ForeignKey("live_versions.id"), nullable=False, index=True),
        sa.Column("event", sa.String(300), nullable=False),
        sa.Column("start_no", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("points", sa.String(40), nullable=False),
        sa.Column("settled", sa.Boolean, nullable=False),
        sa.Column("moved", sa.Integer, nullable=False),
    )
    op.create_table(
        "live_changes",
        sa.Column("version_id", sa.Integer, sa.ForeignKey("live_versions.id"), nullable=False, index=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("start_no", sa.Integer, nullable=False),
        sa.Column("what", sa.String(40), nullable=False),
        sa.Column("before", sa.String(40)),
        sa.Column("after", sa.String(40)),
    )


def downgrade() -> None:
    for table in ("live_changes", "live_places", "live_versions"):
        op.drop_table(table)
