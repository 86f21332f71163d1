"""The parts many report mails carry (the step's map as PNG and as SVG) stored once, in
mailpart; a queued mail holds a token in their place and lists them in outboundmail.parts

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-06
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = '0018'
down_revision = '0017'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('mailpart',
                    sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False),
                    sa.Column('body', sa.LargeBinary(), nullable=False),
                    sa.PrimaryKeyConstraint('key'))
    with op.batch_alter_table('outboundmail') as batch_op:
        batch_op.add_column(sa.Column('parts', sa.Text(), nullable=False, server_default=''))


def downgrade() -> None:
    """Every mail whole again (its parts put back), then the table and the column go."""
    conn = op.get_bind()
    mails = sa.table('outboundmail', sa.column('id', sa.Integer), sa.column('raw', sa.LargeBinary),
                     sa.column('parts', sa.Text))
    parts = sa.table('mailpart', sa.column('key', sa.String), sa.column('body', sa.LargeBinary))
    rows = conn.execute(sa.select(mails.c.id).where(mails.c.parts != '')).scalars().all()
    for mail_id in rows:
        raw, listed = conn.execute(sa.select(mails.c.raw, mails.c.parts).where(mails.c.id == mail_id)).one()
        raw = bytes(raw)
        for line in listed.splitlines():
            token, key = line.split(" ", 1)
            body = conn.execute(sa.select(parts.c.body).where(parts.c.key == key)).scalar_one()
            raw = raw.replace(token.encode("ascii"), bytes(body), 1)
        conn.execute(mails.update().where(mails.c.id == mail_id).values(raw=raw, parts=''))
    with op.batch_alter_table('outboundmail') as batch_op:
        batch_op.drop_column('parts')
    op.drop_table('mailpart')
