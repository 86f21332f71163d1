"""GM log lines as messages: the detail's message in its stored form (JSON),
so that the archive shows a game's GM actions in the game's language; ''
for the lines logged before, which keep their English detail

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-02
"""
from alembic import op
import sqlalchemy as sa

revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('gmlog', schema=None) as batch_op:
        batch_op.add_column(sa.Column('said', sa.Text(), nullable=False, server_default=''))


def downgrade() -> None:
    with op.batch_alter_table('gmlog', schema=None) as batch_op:
        batch_op.drop_column('said')
