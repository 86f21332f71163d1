"""the Message-ID of each seat's welcome mail, which every later report to
the seat names in In-Reply-To and References so that a game threads together

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01
"""
from alembic import op
import sqlalchemy as sa

revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Games under way keep '': their reports go on unthreaded (the welcome
    # mails were sent before their Message-IDs were kept).
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('thread_id', sa.String(length=300), nullable=False, server_default=''))


def downgrade() -> None:
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('thread_id')
