"""Alembic environment: run migrations on the connection pbem hands over."""
from alembic import context
from sqlmodel import SQLModel

import pbem.models  # noqa: F401  (registers the tables)

target_metadata = SQLModel.metadata


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        from sqlalchemy import create_engine
        connection = create_engine(context.config.get_main_option("sqlalchemy.url")).connect()
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


run()
