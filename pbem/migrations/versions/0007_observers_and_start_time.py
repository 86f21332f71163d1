"""observers of a game's public reports, and the time an open game starts

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('start_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True))
    op.create_table(
        'observer',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column('email', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('game_id', 'email'),
    )
    op.create_index(op.f('ix_observer_game_id'), 'observer', ['game_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_observer_game_id'), table_name='observer')
    op.drop_table('observer')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('start_at')
