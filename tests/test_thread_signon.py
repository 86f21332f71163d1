"""A reply without SIGNON from a seat's own address, in a thread the server sent to that
seat alone, is read as that seat's (pbem.inbox.threads); a reply naming a Message-ID it could not
have seen is not, nor one from another address. On SQLite and PostgreSQL."""
from __future__ import annotations

import re
import secrets
from datetime import timedelta

from test_sequential import ADDRESS, T0, Table, tally  # noqa: F401  (tally: the fixture)

from pbem_world import order_mail


def reply(sender: str, body: str, to_id: str, references: str = "") -> bytes:
    return order_mail(sender, body, subject="Re: [tally-1] step 0 report for a",
                      headers={"In-Reply-To": to_id, "References": (references + " " + to_id).strip()})


def test_a_reply_in_the_seats_thread_signs_on(tmp_path, database, tally) -> None:  # noqa: F811
    table = Table(tmp_path, database)
    table.run(T0)                                   # the welcome mails go out
    welcome = table.world.outbox(ADDRESS["a"])[0]
    mid = welcome["Message-ID"]
    assert re.fullmatch(r"<[0-9a-f]{40}@example\.org>", mid), "160 random bits, nothing to guess from"

    # Forged: b's address, a guessed Message-ID, and a's own welcome (sent to a, not to b).
    guessed = f"<{secrets.token_hex(20)}@example.org>"
    table.world.post(reply(ADDRESS["b"], "TAKE 3", guessed))
    table.world.post(reply(ADDRESS["b"], "TAKE 3", mid))
    # Forged: a's address, but a Message-ID never sent.
    table.world.post(reply(ADDRESS["a"], "TAKE 3", guessed))
    table.run(T0 + timedelta(minutes=5))
    for address in (ADDRESS["b"], ADDRESS["b"], ADDRESS["a"]):
        assert any("This mail has no SIGNON line, so nothing was done." in m for m in table.mail(address))
    assert table.game().turn_no == 0, "nothing was stored"

    # a replies to its welcome mail, from its own address, with no SIGNON: read as a's.
    table.world.post(reply(ADDRESS["a"], "TAKE 2\n\nAnn", mid))
    table.run(T0 + timedelta(minutes=10))
    answer = [m for m in table.mail("a") if "(Re: " in m.splitlines()[0]][-1]
    assert "it came from the address of seat a in reply to a mail of tally-1 sent to that seat, so it was " \
           "read as seat a's" in answer
    assert "Orders stored for tally-1 step 0, seat a" in answer and "TAKE 2" in answer
    assert table.game().turn_no == 1, "a's move was played"
