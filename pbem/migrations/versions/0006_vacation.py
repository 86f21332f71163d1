"""vacation: turns a seat may be away without missing them

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('vacation_turns', sa.Integer(), nullable=False, server_default='2'))
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('away_until', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('vacation_used', sa.Integer(), nullable=False, server_default='0'))


def downgrade() -> None:
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('vacation_used')
        batch_op.drop_column('away_until')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('vacation_turns')
