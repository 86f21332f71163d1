"""the sheets that stood when the GM rolled a step back to wait for new
orders: played for a seat that sends none by the deadline, but not counted
as sent, so the step does not run early on them

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-03
"""
from alembic import op
import sqlalchemy as sa

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('standing_json', sa.Text(), nullable=False, server_default='{}'))


def downgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('standing_json')
