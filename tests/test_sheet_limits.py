"""Line numbers are counted one way, as the player sees them in the mail (only LF, CRLF or CR
end a line), by the mail reader and every game's parser; and the caps on a sheet
(engine/sheetlines.py) refuse what is over them with the line and the limit."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from engine.sheetlines import BREAKS, MAX_CHARS, MAX_CHOICES, MAX_LINES, MAX_WORDS
from pbem.commands.orders import over_cap, problem_line
from pbem_world import World, order_mail, password_in, run_pass, text_of
from sheet_games import GAMES, SIGNON, position, raw_mail, read

# Per game: a line that is one order only when the break inside it is a space, and a misspelt
# order (close to an order word, so it stays an order to refuse, not a sign-off).
LINES = {"valley": ("LOSSES{}FEMALES", "MOOVE 1W C4-D4"), "stoneage": ("FEED{}wood", "PLACEE 1 forest"),
         "stoneage-live": ("FEED{}wood", "PLACEE 1 forest"), "dewan": ("TAKE 1{}2", "TAKKE 1 2")}
ONE_ORDER = {"valley": "COMBAT C4", "stoneage": "PLACE 1 forest", "stoneage-live": "PLACE 1 forest",
             "dewan": "TAKE 1 2"}


@pytest.mark.parametrize("char", list(BREAKS), ids=[f"U+{ord(c):04X}" for c in BREAKS])
@pytest.mark.parametrize("game", GAMES)
def test_a_line_break_other_than_lf_is_a_space_in_the_mail_and_in_the_parser(game: str, char: str) -> None:
    good, bad = LINES[game]
    problem, req, sheet = read(game, raw_mail(f"Hello\n{SIGNON}\n{good.format(char)}\n{bad}\n"))
    assert not problem and req is not None and sheet is not None
    assert sorted(req.orders) == [3, 4] and char not in req.orders[3]
    assert [p.line for p in sheet.problems] == [4], sheet.problems
    assert problem_line(sheet.problems[0], req).startswith(f'line 4 "{bad}"')
    # the parser alone, given the break itself (as a stored sheet or a case file could)
    ruleset, state, seat = position(game)
    alone = ruleset.parse_orders(state, seat, f"{good.format(char)}\n\n{bad}")
    assert [p.line for p in alone.problems] == [3] and len(alone.orders) == 1


@pytest.mark.parametrize("game", GAMES)
def test_nel_in_a_latin_1_mail_is_a_space(game: str) -> None:
    good, bad = LINES[game]
    problem, req, sheet = read(game, raw_mail(f"{SIGNON}\n{good.format(chr(0x85))}\n{bad}\n", "iso-8859-1"))
    assert not problem and sheet is not None and [p.line for p in sheet.problems] == [3]


@pytest.mark.parametrize("end", ["\r\n", "\r"], ids=["crlf", "cr"])
@pytest.mark.parametrize("game", GAMES)
def test_crlf_and_cr_end_one_line_each(game: str, end: str) -> None:
    good, bad = LINES[game]
    raw = raw_mail(end.join([SIGNON, good.format(" "), "", bad, ""]))
    _problem, _req, sheet = read(game, raw)
    assert sheet is not None and [p.line for p in sheet.problems] == [4]
    ruleset, state, seat = position(game)
    assert [p.line for p in ruleset.parse_orders(state, seat, end.join([good.format(" "), bad])).problems] == [2]


def _refusal(game: str, text: str) -> list[tuple[int, str]]:
    ruleset, state, seat = position(game)
    return [(p.line, p.message) for p in ruleset.parse_orders(state, seat, text).problems]


@pytest.mark.parametrize("game", GAMES)
def test_a_sheet_of_more_lines_than_the_cap_is_refused_on_the_first_line_over_it(game: str) -> None:
    ruleset, state, seat = position(game)
    full = "\n\n".join([ONE_ORDER[game]] * MAX_LINES)
    assert ruleset.parse_orders(state, seat, full).ok
    assert _refusal(game, full + "\n\n# one more:\n" + ONE_ORDER[game]) == [
        (2 * MAX_LINES + 2, f"a sheet holds at most {MAX_LINES} lines of orders; this one has {MAX_LINES + 1}")]


@pytest.mark.parametrize("game", GAMES)
def test_a_line_over_the_caps_of_a_line_is_refused_with_its_limit(game: str) -> None:
    good = ONE_ORDER[game]
    long = good + " " * 10 + "# " + "x" * 300
    assert _refusal(game, f"{good}\n{long}") == []          # a comment is not counted
    wide = good + "x" * (MAX_CHARS - len(good) + 1)
    assert _refusal(game, f"{good}\n{wide}") == [
        (2, f"a line holds at most {MAX_CHARS} characters; this one has {MAX_CHARS + 1}")]
    many = good + ",x" * (MAX_WORDS - 1)
    assert _refusal(game, f"{many}\n{good}") == [(1, f"a line holds at most {MAX_WORDS} words; this one has "
                                                  f"{MAX_WORDS + len(good.split()) - 1}")]


@pytest.mark.parametrize("game", ["stoneage", "dewan"])
def test_an_order_of_more_alternatives_than_the_cap_is_refused(game: str) -> None:
    order = ONE_ORDER[game]
    choices = " OR ".join([order] * MAX_CHOICES) if game == "dewan" else order + " OR 1 forest" * (MAX_CHOICES - 1)
    assert _refusal(game, choices) == []
    more = choices + (" OR " + order if game == "dewan" else " OR 1 forest")
    assert _refusal(game, f"{order}\n{more}") == [
        (2, f"an order holds at most {MAX_CHOICES} alternatives joined by OR; this one has {MAX_CHOICES + 1}")]


def test_dewan_counts_every_alternative_of_a_sheet_against_the_cap() -> None:
    """Each alternative is kept, tried and echoed as an order of its own."""
    line = " OR ".join(["TAKE 1 2"] * 5)
    lines = [line] * (MAX_LINES // 5) + ["TAKE 1 2"]
    assert _refusal("dewan", "\n".join(lines)) == [
        (MAX_LINES // 5 + 1, f"a sheet holds at most {MAX_LINES} orders, counting each alternative joined by OR; "
                             f"this one has {MAX_LINES + 1}")]


def test_nothing_longer_than_the_cap_is_stored_even_if_a_parser_let_it_through() -> None:
    assert over_cap(["TAKE 1 2"] * MAX_LINES) == []
    refused = over_cap(["TAKE 1 2"] * (MAX_LINES + 1))
    assert [p.message for p in refused] == [f"a sheet holds at most {MAX_LINES} lines of orders; this one has "
                                           f"{MAX_LINES + 1}"]


T0 = datetime(2026, 5, 1, 8, 0, tzinfo=timezone.utc)


def test_a_sheet_over_the_cap_is_refused_by_mail_in_a_short_answer_and_the_last_good_one_stands(
        tmp_path: Path) -> None:
    world = World(tmp_path)
    world.pbem("game", "new", "g", "--seat", "red:ann@example.org", "--seat", "blue:bob@example.org",
               "--seed", "limits", "--deadline", "48h")
    world.pbem("game", "start", "g", "--now", T0.isoformat())
    run_pass(world, T0)
    secret = password_in(world.outbox("ann@example.org"))
    world.post(order_mail("ann@example.org", f"SIGNON g red {secret}\nPLACE C3 B2\nPLANT C3\n"))
    run_pass(world, T0 + timedelta(minutes=5))
    world.post(order_mail("ann@example.org", f"SIGNON g red {secret}\n" + "PLANT C3\n" * 3000))
    run_pass(world, T0 + timedelta(minutes=10))
    answer = text_of(world.outbox("ann@example.org")[-1])
    assert "NOT stored" in answer and f"at most {MAX_LINES} lines of orders; this one has 3000" in " ".join(
        answer.split())
    assert "PLACE C3 B2" in answer.split("stand")[-1] and len(answer) < 2000
