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


def test_a_database_whose_address_holds_a_percent_sign_is_migrated(tmp_path) -> None:
    """A folder named with "%" (written %25 in the address) is no reference for the migrations'
    settings to resolve: the database is built there like anywhere else."""
    folder = tmp_path / "games 100%"
    folder.mkdir()
    url = f"sqlite:///{folder / 'pbem.sqlite'}"
    assert _differences(url) == []
    assert (folder / "pbem.sqlite").exists()


def test_the_large_columns_are_compressed_with_lz4_on_postgresql_and_back_on_downgrade() -> None:
    """Migration 0019: the values every step writes are compressed with lz4 (quicker than pglz);
    a large value reads back the same; the downgrade gives the columns the server's default."""
    from alembic import command
    from sqlmodel import Session

    from conftest import pg_database
    from pbem.db import _alembic
    from pbem.models import MailPart

    def methods(engine) -> dict[str, str]:  # type: ignore[no-untyped-def]
        with engine.connect() as conn:
            rows = conn.exec_driver_sql(
                "SELECT c.relname || '.' || a.attname, a.attcompression FROM pg_attribute a "
                "JOIN pg_class c ON c.oid = a.attrelid WHERE a.attcompression <> '' AND a.attnum > 0")
            return dict(rows.all())

    with pg_database() as url:
        engine = open_engine(url)
        migrate(engine)
        assert methods(engine) == {"game.state_json": "l", "turnrecord.state_json": "l",
                                   "turnrecord.events_json": "l", "inboundmail.raw": "l",
                                   "outboundmail.raw": "l", "mailpart.body": "l"}
        body = b"a map, base64 or not " * 20000
        with Session(engine) as s:
            s.add(MailPart(key="g:1", body=body))
            s.commit()
        with Session(engine) as s:
            assert bytes(s.get(MailPart, "g:1").body) == body
        with engine.begin() as conn:
            command.downgrade(_alembic(engine, conn), "0018")
        assert methods(engine) == {}
        engine.dispose()
