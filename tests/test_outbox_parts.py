"""A step's map is stored once for all its reports (pbem.outbox, MailPart), and every mail
goes out whole: on SQLite and PostgreSQL, through a real pass and its real SMTP hand-over, and
back to whole mails by the downgrade of migration 0018."""
from __future__ import annotations

import email
from datetime import datetime, timezone
from email import policy

import pytest
from alembic import command
from sqlmodel import Session, func, select

from pbem.db import _alembic, migrate, open_engine
from pbem.errors import MailPartMissing, StorageTrouble, TransportError
from pbem.inbox.isolation import isolated
from pbem.mail.compose import compose
from pbem.models import MailPart, OutboundMail
from pbem.outbox import batch, drop, queue, queued_now, whole

WHEN = datetime(2026, 8, 1, 12, tzinfo=timezone.utc)
PNG, SVG = b"\x89PNG picture " * 3000, b'<svg xmlns="http://www.w3.org/2000/svg"><text>map</text></svg>'


def _report(to: str, apart: dict[bytes, bytes] | None) -> bytes:
    return compose(sender="pbem@example.org", sender_name="pbem", to=to, subject="[g] turn 2 report",
                   text=f"Turn 2, for {to}.", html=f"<p>Turn 2, for {to}.</p>", when=WHEN,
                   images=[("map-1@pbem", "png", PNG)], files=[("map.svg", "image/svg+xml", SVG)], apart=apart)


def _url(database: str, tmp_path) -> str:  # type: ignore[no-untyped-def]
    return database if not database.startswith("sqlite:///") else f"sqlite:///{tmp_path / 'pbem.sqlite'}"


def _queue_step(engine, seats: list[str]) -> None:  # type: ignore[no-untyped-def]
    with Session(engine) as s:
        for seat in seats:
            parts: dict[bytes, bytes] = {}
            raw = _report(f"{seat}@example.org", parts)
            assert queue(s, key=f"report:g:2:{seat}", kind="report", to=f"{seat}@example.org", raw=raw,
                         game_id="g", seat=seat, parts=parts)
        s.commit()


def _same(a: bytes, b: bytes) -> bool:
    """Two of our mails alike but for what compose draws at random (Message-ID, boundaries)."""
    x, y = (email.message_from_bytes(m, policy=policy.default) for m in (a, b))
    return ([(p.get_content_type(), p.get_content()) for p in x.walk() if not p.is_multipart()]
            == [(p.get_content_type(), p.get_content()) for p in y.walk() if not p.is_multipart()]
            and x["Subject"] == y["Subject"] and x["To"] == y["To"])


def test_a_steps_map_is_stored_once_and_every_mail_is_whole_again(tmp_path, database) -> None:
    engine = open_engine(_url(database, tmp_path))
    migrate(engine)
    seats = ["red", "blue", "green", "yellow"]
    _queue_step(engine, seats)
    with Session(engine) as s:
        assert s.exec(select(func.count()).select_from(MailPart)).one() == 2        # the PNG and the SVG
        mails = list(s.exec(select(OutboundMail).order_by(OutboundMail.id)))
        assert all(len(m.raw) < 3000 for m in mails)         # the picture is not in any of them
        for seat, mail in zip(seats, mails):
            sent = whole(s, mail)
            assert _same(sent, _report(f"{seat}@example.org", None))
            parts = [p for p in email.message_from_bytes(sent, policy=policy.default).walk()]
            assert parts[5].get_content() == PNG and parts[6].get_content() == SVG
            assert mail.message_id and mail.message_id in sent.decode()
    engine.dispose()


def test_a_part_that_went_missing_stops_that_mail_alone_with_a_reason(tmp_path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'pbem.sqlite'}")
    migrate(engine)
    _queue_step(engine, ["red"])
    with Session(engine) as s:
        for part in s.exec(select(MailPart)):
            s.delete(part)
        s.commit()
        mail = s.exec(select(OutboundMail)).one()
        with pytest.raises(MailPartMissing, match="not stored") as raised:
            whole(s, mail)
        assert not isinstance(raised.value, (StorageTrouble, TransportError)), "not a trouble that stops the pass"
        failed: list[str] = []
        assert isolated(lambda: whole(s, mail), failed.append) is None
        assert len(failed) == 1 and "MailPartMissing" in failed[0] and "not stored" in failed[0]
    engine.dispose()


def test_a_rolled_back_step_stores_its_parts_again_with_the_step_played_anew(tmp_path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'pbem.sqlite'}")
    migrate(engine)
    with Session(engine) as s:
        parts: dict[bytes, bytes] = {}
        queue(s, key="report:g:2:red", kind="report", to="red@example.org", raw=_report("red@example.org", parts),
              game_id="g", seat="red", parts=parts)
        s.rollback()                # the step failed: nothing it queued is kept, its parts neither
        parts = {}
        queue(s, key="report:g:2:red", kind="report", to="red@example.org", raw=_report("red@example.org", parts),
              game_id="g", seat="red", parts=parts)
        s.commit()
        mail = s.exec(select(OutboundMail)).one()
        assert _same(whole(s, mail), _report("red@example.org", None))
    engine.dispose()


def test_the_downgrade_puts_every_part_back_in_its_mail(tmp_path, database) -> None:
    url = _url(database, tmp_path)
    engine = open_engine(url)
    migrate(engine)
    _queue_step(engine, ["red", "blue"])
    with Session(engine) as s:
        expected = [whole(s, m) for m in s.exec(select(OutboundMail).order_by(OutboundMail.id))]
    with engine.begin() as conn:
        command.downgrade(_alembic(engine, conn), "0017")
    with engine.connect() as conn:
        raws = [bytes(r) for r in conn.exec_driver_sql("SELECT raw FROM outboundmail ORDER BY id").scalars()]
    assert raws == expected
    engine.dispose()


def test_a_dropped_mail_takes_its_parts_with_it_once_no_other_mail_lists_them(tmp_path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'pbem.sqlite'}")
    migrate(engine)
    _queue_step(engine, ["red", "blue"])
    with Session(engine) as s:
        red, blue = s.exec(select(OutboundMail).order_by(OutboundMail.id)).all()
        drop(s, red)
        s.commit()
        assert s.exec(select(func.count()).select_from(MailPart)).one() == 2, "blue's mail still lists them"
        assert _same(whole(s, blue), _report("blue@example.org", None))
        drop(s, blue)
        s.commit()
        assert s.exec(select(func.count()).select_from(MailPart)).one() == 0
    engine.dispose()


def test_a_stored_key_is_refused_a_new_one_queued_once_and_a_stored_part_not_stored_twice(tmp_path, database) -> None:
    """Outside a batch a key queued already is looked up and refused, a new one is
    queued once (a second queue of it in the same transaction is refused), and a part stored
    by an earlier step is skipped by the database (ON CONFLICT DO NOTHING), not stored twice."""
    engine = open_engine(_url(database, tmp_path))
    migrate(engine)
    _queue_step(engine, ["red"])
    with Session(engine) as s:
        for seat, queued in (("red", False), ("blue", True), ("blue", False)):
            parts: dict[bytes, bytes] = {}
            raw = _report(f"{seat}@example.org", parts)
            assert queue(s, key=f"report:g:2:{seat}", kind="report", to=f"{seat}@example.org", raw=raw,
                         game_id="g", seat=seat, parts=parts) is queued
        s.commit()
    with Session(engine) as s:
        assert [m.key for m in s.exec(select(OutboundMail).order_by(OutboundMail.id))] == \
            ["report:g:2:red", "report:g:2:blue"]
        assert s.exec(select(func.count()).select_from(MailPart)).one() == 2
        assert all(_same(whole(s, m), _report(m.to_addr, None)) for m in s.exec(select(OutboundMail)))
    engine.dispose()


def test_a_mail_dropped_in_the_transaction_that_queued_it_may_be_queued_again(tmp_path, database) -> None:
    """The outbox knows the keys a transaction queued; a mail of them dropped (a rollback's) is
    no longer one, and the same key is queued again in that transaction."""
    engine = open_engine(_url(database, tmp_path))
    migrate(engine)
    with Session(engine) as s:
        for again in (False, True):
            parts: dict[bytes, bytes] = {}
            raw = _report("red@example.org", parts)
            assert queue(s, key="report:g:2:red", kind="report", to="red@example.org", raw=raw,
                         game_id="g", seat="red", parts=parts)
            if not again:
                drop(s, s.exec(select(OutboundMail).where(OutboundMail.key == "report:g:2:red")).one())
        s.commit()
    with Session(engine) as s:
        assert [m.key for m in s.exec(select(OutboundMail))] == ["report:g:2:red"]
        assert all(_same(whole(s, m), _report(m.to_addr, None)) for m in s.exec(select(OutboundMail)))
    engine.dispose()


def test_a_batch_inserts_its_mails_together_at_its_end_and_nothing_after_an_error(tmp_path, database) -> None:
    """Mails queued in a batch (a step's reports) reach the table together when it ends; inside
    it a key queued is refused again, as outside; a batch left by an error inserts nothing, and
    its mails may be queued again in the transaction that goes on."""
    engine = open_engine(_url(database, tmp_path))
    migrate(engine)

    def mail(s, seat: str) -> bool:  # type: ignore[no-untyped-def]
        parts: dict[bytes, bytes] = {}
        return queue(s, key=f"report:g:2:{seat}", kind="report", to=f"{seat}@example.org",
                     raw=_report(f"{seat}@example.org", parts), game_id="g", seat=seat, parts=parts)

    def stored(s) -> list[str]:  # type: ignore[no-untyped-def]
        return [m.key for m in s.exec(select(OutboundMail).order_by(OutboundMail.id))]

    with Session(engine) as s:
        with batch(s):
            assert mail(s, "red") and mail(s, "blue") and not mail(s, "red")
            assert stored(s) == []                      # waiting, in this session only
        assert stored(s) == ["report:g:2:red", "report:g:2:blue"]
        assert [m.key for m in queued_now(s)] == ["report:g:2:red", "report:g:2:blue"]
        with pytest.raises(RuntimeError):
            with batch(s):
                assert mail(s, "green")
                raise RuntimeError("the step failed")
        assert stored(s) == ["report:g:2:red", "report:g:2:blue"]
        assert mail(s, "green")                         # no batch: inserted at once
        assert stored(s) == ["report:g:2:red", "report:g:2:blue", "report:g:2:green"]
        s.commit()
    with Session(engine) as s:
        mails = list(s.exec(select(OutboundMail).order_by(OutboundMail.id)))
        assert [(m.key, m.status, m.attempts, m.seat) for m in mails] == [
            ("report:g:2:red", "queued", 0, "red"), ("report:g:2:blue", "queued", 0, "blue"),
            ("report:g:2:green", "queued", 0, "green")]
        assert all(_same(whole(s, m), _report(m.to_addr, None)) for m in mails)
    engine.dispose()


def test_a_batch_skips_a_mail_whose_key_is_stored_and_the_parts_it_alone_lists(tmp_path, database) -> None:
    """A batch does not look its keys up first: its INSERT skips a mail whose key the table holds
    (a step's report queued by a run before). That mail stays as it was, the others are stored,
    the transaction does not count the skipped one as queued, and a part that only the skipped
    mail listed is not left behind."""
    engine = open_engine(_url(database, tmp_path))
    migrate(engine)
    _queue_step(engine, ["red"])
    with Session(engine) as s:
        before = s.exec(select(OutboundMail)).one()
        kept = (before.id, bytes(before.raw), before.parts)
    lone: dict[bytes, bytes] = {}
    other = compose(sender="pbem@example.org", sender_name="pbem", to="red@example.org", subject="[g] again",
                    text="Again.", html="<p>Again.</p>", when=WHEN, images=[("map-2@pbem", "png", b"other " * 900)],
                    apart=lone)
    with Session(engine) as s:
        with batch(s):
            assert queue(s, key="report:g:2:red", kind="report", to="red@example.org", raw=other,
                         game_id="g", seat="red", parts=lone)
            parts: dict[bytes, bytes] = {}
            assert queue(s, key="report:g:2:blue", kind="report", to="blue@example.org",
                         raw=_report("blue@example.org", parts), game_id="g", seat="blue", parts=parts)
            assert not queue(s, key="report:g:2:blue", kind="report", to="blue@example.org",
                             raw=_report("blue@example.org", {}), game_id="g", seat="blue")
        assert [m.key for m in queued_now(s)] == ["report:g:2:blue"]
        s.commit()
    with Session(engine) as s:
        mails = list(s.exec(select(OutboundMail).order_by(OutboundMail.id)))
        assert [m.key for m in mails] == ["report:g:2:red", "report:g:2:blue"]
        assert (mails[0].id, bytes(mails[0].raw), mails[0].parts) == kept
        assert s.exec(select(func.count()).select_from(MailPart)).one() == 2, "the lone part is gone"
        assert all(_same(whole(s, m), _report(m.to_addr, None)) for m in mails)
    engine.dispose()


def test_parts_stored_in_base64_before_0019_are_sent_whole_after_it(tmp_path, database) -> None:
    """Migration 0019 stores parts as they are: the base64 bodies queued before it are decoded,
    and the mails that list them go out as they would have; its downgrade encodes them again."""
    import base64
    engine = open_engine(_url(database, tmp_path))
    with engine.begin() as conn:
        command.upgrade(_alembic(engine, conn), "0018")
    parts: dict[bytes, bytes] = {}
    raw = _report("red@example.org", parts)
    with engine.begin() as conn:       # as pbem queued it at 0018: the token, and the body in base64
        listed = []
        for n, (token, body) in enumerate(parts.items()):
            conn.exec_driver_sql("INSERT INTO mailpart (key, body) VALUES (?, ?)" if database.startswith("sqlite")
                                 else "INSERT INTO mailpart (key, body) VALUES (%s, %s)",
                                 (f"g:{n}", base64.encodebytes(body).rstrip(b"\n")))
            listed.append(f"{token.decode()} g:{n}")
        conn.exec_driver_sql(
            "INSERT INTO outboundmail (key, kind, game_id, to_addr, raw, parts, status, message_id, seat, attempts, "
            "last_error, created_at) VALUES ('report:g:2:red', 'report', 'g', 'red@example.org', "
            + ("?, ?" if database.startswith("sqlite") else "%s, %s")
            + ", 'queued', '', 'red', 0, '', CURRENT_TIMESTAMP)", (raw, "\n".join(listed)))
    migrate(engine)
    with Session(engine) as s:
        assert sorted(bytes(p.body) for p in s.exec(select(MailPart))) == sorted(parts.values())
        assert _same(whole(s, s.exec(select(OutboundMail)).one()), _report("red@example.org", None))
    with engine.begin() as conn:
        command.downgrade(_alembic(engine, conn), "0017")
        assert bytes(conn.exec_driver_sql("SELECT raw FROM outboundmail").scalar_one()).count(b"pbem-part-") == 0
    engine.dispose()
