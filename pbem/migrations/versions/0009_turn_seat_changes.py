"""what a resolved turn changed on its seats (missed turns counted, READY
flags it cleared), so that a rollback can undo exactly that

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('turnrecord', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seats_json', sa.Text(), nullable=False, server_default='{}'))


def downgrade() -> None:
    with op.batch_alter_table('turnrecord', schema=None) as batch_op:
        batch_op.drop_column('seats_json')
