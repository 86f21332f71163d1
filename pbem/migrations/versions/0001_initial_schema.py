"""initial schema

Revision ID: 0001
Revises: 
Create Date: 2026-11-29
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel


revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    _server_tables()
    _mail_tables()
    _game_tables()
    _turn_tables()


def _server_tables() -> None:
    """What the server keeps for itself: the daily answer counts, the IMAP mailbox's place, its own facts."""
    op.create_table('answercount',
    sa.Column('address', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
    sa.Column('day', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('address', 'day')
    )
    op.create_table('mailboxstate',
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('uidvalidity', sa.Integer(), nullable=False),
    sa.Column('last_uid', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('name')
    )
    op.create_table('meta',
    sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=60), nullable=False),
    sa.Column('value', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.PrimaryKeyConstraint('key')
    )


def _mail_tables() -> None:
    """The mail read and the mail to send."""
    op.create_table('inboundmail',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('message_key', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
    sa.Column('source', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
    sa.Column('raw', sa.LargeBinary(), nullable=False),
    sa.Column('size', sa.Integer(), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
    sa.Column('note', sa.Text(), nullable=False),
    sa.Column('received_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('handled_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('message_key')
    )
    with op.batch_alter_table('inboundmail', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_inboundmail_status'), ['status'], unique=False)
    op.create_table('outboundmail',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('key', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
    sa.Column('kind', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
    sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('to_addr', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
    sa.Column('raw', sa.LargeBinary(), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=10), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('last_error', sa.Text(), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('sent_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('key')
    )
    with op.batch_alter_table('outboundmail', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_outboundmail_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_outboundmail_status'), ['status'], unique=False)


def _game_tables() -> None:
    """The games, their GM log and their seats."""
    op.create_table('game',
    sa.Column('id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('ruleset', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('options_json', sa.Text(), nullable=False),
    sa.Column('seed', sqlmodel.sql.sqltypes.AutoString(length=80), nullable=False),
    sa.Column('state_json', sa.Text(), nullable=False),
    sa.Column('turn_no', sa.Integer(), nullable=False),
    sa.Column('status', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
    sa.Column('deadline', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('period_minutes', sa.Integer(), nullable=False),
    sa.Column('grace_minutes', sa.Integer(), nullable=False),
    sa.Column('early_minutes', sa.Integer(), nullable=False),
    sa.Column('all_ready_since', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('paused_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=True),
    sa.Column('missed', sqlmodel.sql.sqltypes.AutoString(length=8), nullable=False),
    sa.Column('reminders', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('gm_email', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('gm_password_hash', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('gmlog',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.Column('action', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('detail', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('gmlog', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_gmlog_game_id'), ['game_id'], unique=False)
    op.create_table('seat',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('name', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('player', sqlmodel.sql.sqltypes.AutoString(length=100), nullable=False),
    sa.Column('email', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('password_hash', sqlmodel.sql.sqltypes.AutoString(length=200), nullable=False),
    sa.Column('ready', sa.Boolean(), nullable=False),
    sa.Column('missed_turns', sa.Integer(), nullable=False),
    sa.Column('resigned', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'name')
    )
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seat_game_id'), ['game_id'], unique=False)


def _turn_tables() -> None:
    """The order sheets and the resolved turns of the games."""
    op.create_table('sheet',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('seat', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False),
    sa.Column('turn_no', sa.Integer(), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('inbound_id', sa.Integer(), nullable=True),
    sa.Column('stored_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ),
    sa.ForeignKeyConstraint(['inbound_id'], ['inboundmail.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'seat', 'turn_no')
    )
    with op.batch_alter_table('sheet', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sheet_game_id'), ['game_id'], unique=False)
    op.create_table('turnrecord',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
    sa.Column('turn_no', sa.Integer(), nullable=False),
    sa.Column('state_json', sa.Text(), nullable=False),
    sa.Column('events_json', sa.Text(), nullable=False),
    sa.Column('sheets_json', sa.Text(), nullable=False),
    sa.Column('dice_seed', sqlmodel.sql.sqltypes.AutoString(length=120), nullable=False),
    sa.Column('resolved_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'turn_no')
    )
    with op.batch_alter_table('turnrecord', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_turnrecord_game_id'), ['game_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('turnrecord', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_turnrecord_game_id'))

    op.drop_table('turnrecord')
    with op.batch_alter_table('sheet', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sheet_game_id'))

    op.drop_table('sheet')
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seat_game_id'))

    op.drop_table('seat')
    with op.batch_alter_table('gmlog', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_gmlog_game_id'))

    op.drop_table('gmlog')
    with op.batch_alter_table('outboundmail', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_outboundmail_status'))
        batch_op.drop_index(batch_op.f('ix_outboundmail_game_id'))

    op.drop_table('outboundmail')
    op.drop_table('meta')
    op.drop_table('mailboxstate')
    with op.batch_alter_table('inboundmail', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_inboundmail_status'))

    op.drop_table('inboundmail')
    op.drop_table('game')
    op.drop_table('answercount')
