"""JOIN/OBSERVE confirmations, the wrong-password throttle, copies of failed
sign-ons, and signed-on answers counted apart

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02

answercount gets a third key column (kind); its rows are the day's counters
only, so the table is made anew rather than altered: the counts of the day of
the upgrade start again from zero.
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def _answercount(kind: bool) -> None:
    columns = [
        sa.Column('address', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.Column('day', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    ]
    if kind:
        columns.append(sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False))
    columns.append(sa.Column('count', sa.Integer(), nullable=False))
    keys = ['address', 'day', 'kind'] if kind else ['address', 'day']
    op.create_table('answercount', *columns, sa.PrimaryKeyConstraint(*keys))


def upgrade() -> None:
    op.drop_table('answercount')
    _answercount(kind=True)
    op.create_table(
        'pendingrequest',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('email', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column('action', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
        sa.Column('seat', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column('token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('expires_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('used_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(['game_id'], ['game.id']),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(op.f('ix_pendingrequest_email'), 'pendingrequest', ['email'], unique=False)
    op.create_table(
        'signonfailure',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column('seat', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column('sender', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.Column('at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index(op.f('ix_signonfailure_at'), 'signonfailure', ['at'], unique=False)
    op.create_index('ix_signonfailure_seat_at', 'signonfailure', ['game_id', 'seat', 'at'], unique=False)
    op.create_index('ix_signonfailure_sender_at', 'signonfailure', ['sender', 'at'], unique=False)
    op.create_table(
        'seatalert',
        sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column('seat', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
        sa.Column('day', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
        sa.Column('copies', sa.Integer(), nullable=False),
        sa.Column('noticed', sa.Boolean(), nullable=False),
        sa.Column('uncopied', sa.Integer(), nullable=False),
        sa.Column('senders', sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint('game_id', 'seat'),
    )


def downgrade() -> None:
    op.drop_table('seatalert')
    op.drop_index('ix_signonfailure_sender_at', table_name='signonfailure')
    op.drop_index('ix_signonfailure_seat_at', table_name='signonfailure')
    op.drop_index(op.f('ix_signonfailure_at'), table_name='signonfailure')
    op.drop_table('signonfailure')
    op.drop_index(op.f('ix_pendingrequest_email'), table_name='pendingrequest')
    op.drop_table('pendingrequest')
    op.drop_table('answercount')
    _answercount(kind=False)
