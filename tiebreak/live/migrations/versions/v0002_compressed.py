"""Documents kept compressed (``document_z``: zlib, about a tenth of the text; ``document`` left empty), and one row
per event and version number (a unique index: two servers on one database cannot both write version N).

The documents already kept are compressed in place, a few hundred rows at a time.

Revision ID: 0002
"""

from __future__ import annotations

import zlib

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None

_VERSIONS = sa.table("live_versions", sa.column("id", sa.Integer), sa.column("document", sa.Text),
                     sa.column("document_z", sa.LargeBinary))


def upgrade() -> None:
    op.add_column("live_versions", sa.Column("document_z", sa.LargeBinary, nullable=True))
    db = op.get_bind()
    last = 0
    while True:
        rows = db.execute(sa.select(_VERSIONS.c.id, _VERSIONS.c.document).where(_VERSIONS.c.id > last)
                          .order_by(_VERSIONS.c.id).limit(200)).all()
        if not rows:
            break
        for vid, document in rows:
            db.execute(sa.update(_VERSIONS).where(_VERSIONS.c.id == vid)
                       .values(document_z=zlib.compress(document.encode("utf-8"), 6), document=""))
        last = rows[-1][0]
    op.create_index("ix_live_versions_event_version", "live_versions", ["event", "version"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_live_versions_event_version", "live_versions")
    db = op.get_bind()
    for vid, packed in db.execute(sa.select(_VERSIONS.c.id, _VERSIONS.c.document_z)).all():
        if packed is not None:
            db.execute(sa.update(_VERSIONS).where(_VERSIONS.c.id == vid)
                       .values(document=zlib.decompress(packed).decode("utf-8")))
    with op.batch_alter_table("live_versions") as batch:
        batch.drop_column("document_z")
