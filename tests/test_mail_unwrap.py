"""pbem/mail/unwrap.py finds the quote where quotequail finds it (on the corpus and on generated
mails), in time linear in the mail."""
from __future__ import annotations

import email
import email.policy
import re

import pytest
import quotequail
from quotequail._patterns import COMPILED_PATTERNS
from hypothesis import HealthCheck, given, settings, strategies as st

from cpuclock import assert_within, best_cpu_seconds
from mail_corpus import corpus_cases
from pbem.mail import quotetables, unwrap

LINES = [
    "", "  ", "hello", "MOVE 1W A1-A2", "Cheers, Ann", "On Mon, 1 May 2026, Ann wrote:", "On Mon, 1 May 2026, Ann",
    "wrote:", "Ann <", "ann@example.org> wrote:", "> quoted", ">", "> > deep", ">> x: y", "> From: Ann",
    "From: Ann <ann@example.org>", "Sent: Monday", "To: Bob", "Subject: orders", "x: y", "*From:* Ann", "Date: today",
    "Von: Ann", "De : Ann", "Objet : x", "cc: z", "---------- Forwarded message ---------", "Begin forwarded message:",
    "________________________________", "-----Original Message-----", "Le lun. 1 mai 2026, Ann a écrit :",
    "Am 1. Mai schrieb Ann:", "2026/05/01 Ann <ann@example.org>", "Ann написал(а):", "El lun, Ann escribió:",
    "Op 1 mei 2026 heeft Ann het volgende geschreven:", "Den 1 maj 2026 skrev Ann:",
]
SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _theirs(text: str) -> tuple[str, str] | None:
    found = quotequail.unwrap(text)
    return None if found is None else (found.get("text_top", ""), found.get("text_bottom", ""))


def _ours(text: str) -> tuple[str, str] | None:
    lines = text.split("\n")
    found = unwrap.ranges(lines, unwrap.QUOTEQUAIL)
    if found is None:
        return None
    return tuple("\n".join(lines[slice(*part)]).strip() if part else "" for part in found)  # type: ignore[return-value]


def _html_theirs(markup: str) -> tuple[str, str] | None:
    found = quotequail.unwrap_html(markup)
    return None if found is None else (found.get("html_top", ""), found.get("html_bottom", ""))


def _parts(kind: str) -> list:
    out = []
    for name, raw, _expected in corpus_cases():
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        for part in msg.walk():
            if part.get_content_type() == f"text/{kind}":
                out.append(pytest.param(part.get_content(), id=name))
    return out


@pytest.mark.parametrize("text", _parts("plain"))
def test_the_corpus_plain_parts_are_cut_where_quotequail_cuts_them(text: str) -> None:
    text = text.replace("\r\n", "\n")
    assert _ours(text) == _theirs(text)


@pytest.mark.parametrize("markup", _parts("html"))
def test_the_corpus_html_parts_are_cut_where_quotequail_cuts_them(markup: str) -> None:
    assert unwrap.html_parts(markup, unwrap.QUOTEQUAIL) == _html_theirs(markup)


@SETTINGS
@given(st.lists(st.sampled_from(LINES), max_size=30))
def test_generated_mails_are_cut_where_quotequail_cuts_them(lines: list[str]) -> None:
    text = "\n".join(lines)
    assert _ours(text) == _theirs(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(LINES), st.sampled_from(["<br>", "<div>{}</div>", "<p>{}</p>",
                                                                  "<blockquote>{}</blockquote>"])), max_size=15))
def test_generated_html_is_cut_where_quotequail_cuts_it(lines: list[tuple[str, str]]) -> None:
    markup = "".join(f"{line}<br>" if shape == "<br>" else shape.format(line) for line, shape in lines)
    assert unwrap.html_parts(markup, unwrap.QUOTEQUAIL) == _html_theirs(markup)


def test_every_pattern_ends_with_a_character_the_search_looks_for() -> None:
    endings = {re.sub(r"[)$+]+$", "", p.pattern)[-1] for p in COMPILED_PATTERNS}
    assert endings <= set(unwrap.QUOTEQUAIL.ends)
    for example in quotetables.SEPARATORS + quotetables.ATTRIBUTIONS:
        assert example[-1] in unwrap.OURS.ends
    for example in quotetables.SEPARATORS:
        assert any(p.match(example) for ps in unwrap.OURS.patterns.values() for p in ps), example
    for example in quotetables.ATTRIBUTIONS:
        assert quotetables.attribution(example), example
        assert quotetables.firm_attribution(example) == (example in quotetables.FIRM), example


def test_an_attribution_counts_only_above_a_quote_or_a_header_block() -> None:
    mail = ["SIGNON g red pw", "As I wrote on 12 May at 10:00, ann@example.org, my orders are:", "CAMP C4", "MOVE 1W A1-A2"]
    assert unwrap.ranges(mail) is None
    assert unwrap.ranges(mail[:2] + ["> CAMP A1", "> PLANT A1"]) == ((0, 1), (4, None))


@pytest.mark.parametrize("line", ["MOVE 2W C3-C4", "Orders for 12:00:",
                                  "Mail ann@example.org if you want:", "PRESS TO blue: see you at 10:30",
                                  "Cheers, Ann", "---- turn 5 ----", "-----"])
def test_a_line_of_the_player_s_is_no_attribution_or_separator(line: str) -> None:
    assert not quotetables.attribution(line) and not quotetables.firm_attribution(line)
    assert not any(p.match(line) for ps in unwrap.OURS.patterns.values() for p in ps)


def _seconds(lines: list[str]) -> float:
    """The best of three searches of ``lines``, in CPU seconds."""
    return best_cpu_seconds(lambda: unwrap.ranges(lines))


@pytest.mark.parametrize("line", ["x", "x: y", "On Monday Ann", "> a\nb", "On " + "x" * 190 + " e",
                                  "a@b.cd " * 30 + "12:30:", "wrote " * 30 + ":", "-" * 200,
                                  "<a@b.cd> " * 20 + "10:12:", "12:30 " * 40 + "<a@b.cd>:"])
def test_the_search_takes_time_in_proportion_to_the_lines(line: str) -> None:
    """quotequail took 0.2 ms a line without a quote, and the square of the lines for "x: y"
    lines (2,000 of them, 3.5 s): eight times the lines take about eight times as long."""
    small, large = (line.split("\n") * n for n in (500, 4000))
    assert_within(_seconds(large), 0.25, f"{len(large)} lines of {line[:20]!r}")
    assert _seconds(large) < 8 * 3 * _seconds(small) + 0.01


def test_a_long_run_of_spaces_is_read_once() -> None:
    """A header-like line's label and the spaces after it could be split many ways; the
    search reads them once (a line of 'a', 5,000 spaces and 'b:' took 0.4 s)."""
    lines = ["a" + " " * 20_000 + "b:", "From: x", "To: y"]
    assert_within(best_cpu_seconds(lambda: unwrap.ranges(lines), runs=1), 0.05, "a line of 20,000 spaces")
