"""The migrations build exactly the tables pbem/models.py declares, on SQLite
and PostgreSQL: a column added to a model without its migration (or the
other way round) fails here, not on a GM's server."""
from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

import pbem.models  # noqa: F401  (the tables register themselves in SQLModel.metadata)
from pbem.db import migrate, open_engine


def _differences(url: str) -> list:
    engine = open_engine(url)
    migrate(engine)
    with engine.connect() as conn:
        ctx = MigrationContext.configure(conn, opts={"compare_type": False})
        diff = compare_metadata(ctx, SQLModel.metadata)
    engine.dispose()
    # Alembic's own bookkeeping table is not a model.
    return [d for d in diff if not (d[0] == "remove_table" and d[1].name == "alembic_version")]


def test_the_migrated_schema_is_the_models_schema(tmp_path, database) -> None:
    url = database if not database.startswith("sqlite:///") else f"sqlite:///{tmp_path / 'pbem.sqlite'}"
    assert _differences(url) == []
