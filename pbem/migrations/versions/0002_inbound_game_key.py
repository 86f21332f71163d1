"""the game an inbound mail signs on to, so one game's mail is handled in order

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('inboundmail', schema=None) as batch_op:
        batch_op.add_column(sa.Column('game_key', sqlmodel.sql.sqltypes.AutoString(length=40),
                                      nullable=False, server_default=''))
        batch_op.create_index(batch_op.f('ix_inboundmail_game_key'), ['game_key'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('inboundmail', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_inboundmail_game_key'))
        batch_op.drop_column('game_key')
