"""languages and time zones: a game's default language, and each seat's
own language and time zone ('' follows the game, which speaks English and
shows UTC unless its GM chose otherwise)

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa

revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('lang', sa.String(length=5), nullable=False, server_default='en'))
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('lang', sa.String(length=5), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('timezone', sa.String(length=40), nullable=False, server_default=''))


def downgrade() -> None:
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('timezone')
        batch_op.drop_column('lang')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('lang')
