"""What makes a game readable in a mail client, on the real servers: every
mail to a seat after its welcome names the welcome in In-Reply-To and
References (one thread per game and seat; the GM's and observers' copies
thread under a root of their own per game and reader), an answer threads under the
player's own mail, reports carry List-Id and a List-Unsubscribe the server
understands, and every mail has Date, Message-ID and a text/plain part."""
from __future__ import annotations

import email
import email.policy
from datetime import datetime, timedelta, timezone
from urllib.parse import parse_qs, unquote, urlsplit

from sqlmodel import Session, select

from pbem.models import Seat
from pbem_world import ServerWorld, order_mail, password_in, run_pass, text_of

T0 = datetime(2026, 6, 1, 10, 0, tzinfo=timezone.utc)
LIST_ID = "<th.pbem.example.org>"


def _start(world: ServerWorld) -> None:
    world.pbem("game", "new", "th", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org",
               "--gm", "gm@example.org", "--seed", "th", "--deadline", "24h")
    world.pbem("game", "start", "th", "--now", T0.isoformat())
    run_pass(world, T0)


def _ids(value) -> list[str]:  # type: ignore[no-untyped-def]
    return str(value or "").split()


def test_a_seats_reports_and_reminders_thread_under_its_welcome(tmp_path, clean_mailboxes, smtp) -> None:
    imap = clean_mailboxes
    world = ServerWorld(tmp_path, imap, smtp)
    _start(world)
    [welcome] = world.outbox("bob@example.org")
    welcome_id = welcome["Message-ID"].strip()
    assert welcome["In-Reply-To"] is None and welcome["References"] is None
    with Session(world.engine()) as s:
        stored = {x.name: x.thread_id for x in s.exec(select(Seat).where(Seat.game_id == "th"))}
    assert stored["blue"] == welcome_id and stored["red"] != welcome_id and stored["red"].startswith("<")
    # the 6-hour reminder, then the turn's report: both under the welcome
    run_pass(world, T0 + timedelta(hours=19))
    run_pass(world, T0 + timedelta(hours=25))
    msgs = world.outbox("bob@example.org")
    subjects = [str(m["Subject"]) for m in msgs]
    assert len(msgs) == 3 and "reminder" in subjects[1] and "turn 1" in text_of(msgs[2]), subjects
    for later in msgs[1:]:
        assert later["In-Reply-To"].strip() == welcome_id
        assert _ids(later["References"]) == [welcome_id]
        assert later["List-Id"].endswith(LIST_ID)
    # the GM has no welcome: the GM's copies of every turn thread under one root
    # of their own, with a List-Id and no List-Unsubscribe
    run_pass(world, T0 + timedelta(hours=49))
    copies = [m for m in world.outbox("gm@example.org") if "GM copy" in text_of(m)]
    assert len(copies) == 2
    roots = {m["In-Reply-To"].strip() for m in copies} | {m["References"].strip() for m in copies}
    assert len(roots) == 1 and roots.pop().endswith(".thread@example.org>")
    assert copies[0]["In-Reply-To"].strip() not in (welcome_id, stored["red"])
    for gm_copy in copies:
        assert gm_copy["List-Unsubscribe"] is None and gm_copy["List-Id"].endswith(LIST_ID)


def test_an_answer_threads_under_the_players_own_mail(tmp_path, clean_mailboxes, smtp) -> None:
    imap = clean_mailboxes
    world = ServerWorld(tmp_path, imap, smtp)
    _start(world)
    [welcome] = world.outbox("ann@example.org")
    password = password_in([welcome])
    # a Reply to the welcome: the client names the welcome in References
    raw = order_mail("ann@example.org", f"SIGNON th red {password}\nSTATUS\n", subject="Re: welcome",
                     headers={"In-Reply-To": welcome["Message-ID"], "References": welcome["Message-ID"]})
    own_id = email.message_from_bytes(raw, policy=email.policy.default)["Message-ID"].strip()
    imap.deliver("pbem", raw)
    run_pass(world, T0 + timedelta(minutes=15))
    answer = world.outbox("ann@example.org")[-1]
    assert "Re: welcome" in str(answer["Subject"])
    assert answer["In-Reply-To"].strip() == own_id
    assert _ids(answer["References"]) == [welcome["Message-ID"].strip(), own_id]


def test_every_mail_has_date_message_id_and_a_plain_part(tmp_path, clean_mailboxes, smtp) -> None:
    imap = clean_mailboxes
    world = ServerWorld(tmp_path, imap, smtp)
    _start(world)
    password = password_in(world.outbox("ann@example.org"))
    imap.deliver("pbem", order_mail("ann@example.org", f"SIGNON th red {password}\nHELP\n"))
    imap.deliver("pbem", order_mail("eve@example.org", "hello?"))
    run_pass(world, T0 + timedelta(minutes=15))
    run_pass(world, T0 + timedelta(hours=25))
    raws = [raw for _to, raw in smtp.received]
    assert len(raws) == 7        # 2 welcomes, 2 answers, 2 reports, the GM copy
    ids = set()
    for raw in raws:
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        assert msg["Date"].datetime.tzinfo is not None
        ids.add(msg["Message-ID"].strip())
        assert msg.get_body(preferencelist=("plain",)) is not None
    assert len(ids) == len(raws)


def test_list_unsubscribe_is_a_mail_the_server_understands(tmp_path, clean_mailboxes, smtp) -> None:
    """The seat's List-Unsubscribe, sent as written with the password put in,
    turns the seat's news off (DIGEST OFF)."""
    imap = clean_mailboxes
    world = ServerWorld(tmp_path, imap, smtp)
    _start(world)
    [welcome] = world.outbox("ann@example.org")
    assert welcome["List-Id"] == f"pbem game th {LIST_ID}"
    link = str(welcome["List-Unsubscribe"]).strip()
    assert link.startswith("<mailto:") and link.endswith(">")
    url = urlsplit(link[1:-1])
    assert url.scheme == "mailto" and url.path == "pbem@example.org"
    query = {k: v[0] for k, v in parse_qs(url.query).items()}
    assert query["subject"] == "[th] DIGEST OFF"
    body = unquote(query["body"]).replace("YOUR-PASSWORD", password_in([welcome]))
    with Session(world.engine()) as s:
        assert s.exec(select(Seat.digest).where(Seat.name == "red")).one() == "round"
    imap.deliver("pbem", order_mail("ann@example.org", body, subject=query["subject"]))
    run_pass(world, T0 + timedelta(minutes=15))
    with Session(world.engine()) as s:
        assert s.exec(select(Seat.digest).where(Seat.name == "red")).one() == "off"
    assert "DIGEST OFF: you get the news only when it is your move" in text_of(world.outbox("ann@example.org")[-1])


def test_a_replacement_player_and_an_observer_get_threads_of_their_own(tmp_path, clean_mailboxes, smtp) -> None:
    imap = clean_mailboxes
    world = ServerWorld(tmp_path, imap, smtp)
    _start(world)
    world.pbem("game", "replace", "th", "blue", "cy@example.org", "--now", (T0 + timedelta(hours=1)).isoformat())
    world.pbem("game", "observe", "th", "eve@example.org")
    run_pass(world, T0 + timedelta(hours=2))
    [welcome] = world.outbox("cy@example.org")
    assert welcome["In-Reply-To"] is None, "the new player's welcome starts their thread"
    with Session(world.engine()) as s:
        assert s.exec(select(Seat.thread_id).where(Seat.name == "blue")).one() == welcome["Message-ID"].strip()
    run_pass(world, T0 + timedelta(hours=25))
    run_pass(world, T0 + timedelta(hours=49))
    report = world.outbox("cy@example.org")[-1]
    assert "turn 2" in text_of(report) and report["In-Reply-To"].strip() == welcome["Message-ID"].strip()
    seen = world.outbox("eve@example.org")
    assert len(seen) >= 2
    roots = {m["In-Reply-To"].strip() for m in seen}
    gm_roots = {m["In-Reply-To"].strip() for m in world.outbox("gm@example.org") if "GM copy" in text_of(m)}
    assert len(roots) == 1 and len(gm_roots) == 1 and roots != gm_roots, "each reader has a thread of their own"
