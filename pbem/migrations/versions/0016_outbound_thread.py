"""The Message-ID of every mail sent and the seat it was sent to, so that a
seat's reply from its own address, in that thread, signs on without SIGNON

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-03
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('outboundmail') as batch_op:
        batch_op.add_column(sa.Column('message_id', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False,
                                      server_default=''))
        batch_op.add_column(sa.Column('seat', sqlmodel.sql.sqltypes.AutoString(length=20), nullable=False,
                                      server_default=''))
    op.create_index(op.f('ix_outboundmail_message_id'), 'outboundmail', ['message_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_outboundmail_message_id'), table_name='outboundmail')
    with op.batch_alter_table('outboundmail') as batch_op:
        batch_op.drop_column('seat')
        batch_op.drop_column('message_id')
