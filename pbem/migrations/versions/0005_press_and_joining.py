"""press between players, the game's press rule, and open seats to JOIN

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('press', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False,
                                      server_default='private'))
        batch_op.add_column(sa.Column('press_anon', sa.Boolean(), nullable=False, server_default=sa.true()))
        batch_op.add_column(sa.Column('open_seats', sa.Integer(), nullable=False, server_default='0'))
    op.create_table(
        'press',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column('turn_no', sa.Integer(), nullable=False),
        sa.Column('sender', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column('recipients', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
        sa.Column('anonymous', sa.Boolean(), nullable=False),
        sa.Column('text', sa.Text(), nullable=False),
        sa.Column('sent_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(op.f('ix_press_game_id'), 'press', ['game_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_press_game_id'), table_name='press')
    op.drop_table('press')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('open_seats')
        batch_op.drop_column('press_anon')
        batch_op.drop_column('press')
