"""steps where players act in turn: the per-move deadline and reminders, the
current step's kind, and when each seat (and the GM) was last mailed the news

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('simultaneous', sa.Boolean(), nullable=False, server_default=sa.true()))
        batch_op.add_column(sa.Column('move_minutes', sa.Integer(), nullable=False, server_default='1440'))
        batch_op.add_column(sa.Column('move_reminders', sa.String(length=40), nullable=False,
                                      server_default='6,1'))
        batch_op.add_column(sa.Column('round_from', sa.Integer(), nullable=False, server_default='0'))
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('digest', sa.String(length=6), nullable=False, server_default='round'))
        batch_op.add_column(sa.Column('news_from', sa.Integer(), nullable=False, server_default='0'))
    # Games under way have mailed every seat the news of every step so far.
    op.execute("UPDATE game SET round_from = turn_no")
    op.execute("UPDATE seat SET news_from = (SELECT game.turn_no FROM game WHERE game.id = seat.game_id)")


def downgrade() -> None:
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('news_from')
        batch_op.drop_column('digest')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('round_from')
        batch_op.drop_column('move_reminders')
        batch_op.drop_column('move_minutes')
        batch_op.drop_column('simultaneous')
