"""the state a game started from, so that it can be replayed

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('initial_state_json', sa.Text(), nullable=False, server_default=''))


def downgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('initial_state_json')
