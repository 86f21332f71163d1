"""Answers to addresses the server does not know, mailed or held back by
the caps of pbem.inbox.strangers

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-02
"""
from alembic import op
import sqlalchemy as sa
import sqlmodel

revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'strangermail',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('address', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.Column('domain', sqlmodel.sql.sqltypes.AutoString(length=300), nullable=False),
        sa.Column('at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.Column('held', sqlmodel.sql.sqltypes.AutoString(length=12), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_strangermail_domain_at', 'strangermail', ['domain', 'at'], unique=False)
    op.create_index('ix_strangermail_address_at', 'strangermail', ['address', 'at'], unique=False)
    op.create_index(op.f('ix_strangermail_at'), 'strangermail', ['at'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_strangermail_at'), table_name='strangermail')
    op.drop_index('ix_strangermail_address_at', table_name='strangermail')
    op.drop_index('ix_strangermail_domain_at', table_name='strangermail')
    op.drop_table('strangermail')
