"""On PostgreSQL, the large values a pass writes for every step (a game's state, its turn
record, the mails queued and their parts) are compressed with lz4 instead of pglz: a pass of
1,000 games with two workers spent a quarter of its time waiting for the server, much of it
compressing. The values read back the same; rows stored before keep pglz until rewritten.
Nothing changes on SQLite, or on a server built without lz4.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-06
"""
from alembic import op
import sqlalchemy as sa

revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None

COLUMNS = (("game", "state_json"), ("turnrecord", "state_json"), ("turnrecord", "events_json"),
           ("inboundmail", "raw"), ("outboundmail", "raw"), ("mailpart", "body"))


def _set(method: str) -> None:
    conn = op.get_bind()
    if conn.dialect.name != "postgresql":
        return
    methods = conn.execute(sa.text("SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'")
                           ).scalar()
    if not methods or "lz4" not in methods:        # before PostgreSQL 14, or built without lz4
        return
    for table, column in COLUMNS:
        op.execute(f'ALTER TABLE "{table}" ALTER COLUMN "{column}" SET COMPRESSION {method}')


def upgrade() -> None:
    _set("lz4")


def downgrade() -> None:
    _set("default")
