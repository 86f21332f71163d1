"""Less for the database to write at every step:

- a mail part (the step's map as PNG and as SVG) is stored as it is, not in base64: a quarter
  smaller, and the SVG compresses; pbem.outbox.whole writes it in base64 when the mail is sent.
  The bodies stored before are decoded here (and encoded again by the downgrade).
- on PostgreSQL, the large values a pass writes for every step (a game's state, its turn
  record, the mails queued and their parts) are compressed with lz4 instead of pglz: a pass of
  1,000 games with two workers spent a quarter of its time waiting for the server. The values
  read back the same; rows stored before keep pglz until rewritten. Nothing changes on SQLite,
  or on a server built without lz4.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-06
"""
import base64

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


def _bodies(change) -> None:  # type: ignore[no-untyped-def]
    """Every stored part's body through ``change``, a few at a time (memory stays flat)."""
    conn = op.get_bind()
    parts = sa.table('mailpart', sa.column('key', sa.String), sa.column('body', sa.LargeBinary))
    last = ""
    while True:
        rows = conn.execute(sa.select(parts.c.key, parts.c.body).where(parts.c.key > last)
                            .order_by(parts.c.key).limit(100)).all()
        if not rows:
            return
        for key, body in rows:
            conn.execute(parts.update().where(parts.c.key == key).values(body=change(bytes(body))))
        last = rows[-1][0]


def upgrade() -> None:
    _set("lz4")
    _bodies(base64.decodebytes)


def downgrade() -> None:
    _bodies(lambda body: base64.encodebytes(body).rstrip(b"\n"))    # as pbem.mail.compose.base64_lines
    _set("default")
