"""Every line of an answer and of HELP fits 72 columns: long lines are wrapped
at spaces, never cut (a single word longer than a line stays whole)."""
from __future__ import annotations

import textwrap
from datetime import datetime, timedelta, timezone

from hypothesis import example, given, settings
from hypothesis import strategies as st
from sqlmodel import Session

from pbem.config import load
from pbem.db import migrate
from pbem.play.games import GameSpec, create_game, start_game
from pbem.models import Game
from pbem.reports.render import WIDTH, fit, wrapped
from pbem_world import World, order_mail, run_pass, text_of

T0 = datetime(2026, 6, 1, 8, 0, tzinfo=timezone.utc)
SEATS = {"red": "ann@example.org", "blue": "bob@example.org"}


def _fits(text: str) -> None:
    for line in text.splitlines():
        assert len(line) <= WIDTH or " " not in line.strip(), f"{len(line)} columns: {line!r}"


def test_fit_wraps_long_lines_keeps_their_indent_and_never_cuts_a_word() -> None:
    words = " ".join(f"word{i}" for i in range(40))
    text = fit(f"short\n    {words}\n{'x' * 90}\n")
    lines = text.split("\n")
    assert lines[0] == "short" and lines[-1] == "" and lines[-2] == "x" * 90
    wrapped = lines[1:-2]
    assert len(wrapped) > 1 and wrapped[0].startswith("    word0") and all(x.startswith("      ") for x in wrapped[1:])
    assert " ".join(" ".join(wrapped).split()) == words, "nothing lost"
    _fits(text)


_PIECES = st.sampled_from(["a", "word", " ", "  ", "-", "long-word", "é", "\u00a0", "\u3000", "\x85", "\x1c", "\t",
                           "\n", "\r", "\x0b", "\x0c", ".", "x" * 30, "—"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_PIECES, max_size=25).map("".join), st.sampled_from([20, 40, WIDTH]),
       st.sampled_from(["", "  ", "    "]), st.sampled_from(["", "    ", " " * 21]),
       st.sampled_from([{}, {"break_long_words": False, "break_on_hyphens": False}]))
@example("  red 5: 13 food", WIDTH, "  ", " " * 21, {})      # a line of its own, blanks before it kept
@example("food \u00a0", WIDTH, "", "", {})                      # a no-break space at the end is dropped
def test_wrapped_lines_are_textwraps(text: str, width: int, indent: str, subsequent: str, options: dict) -> None:
    """render.wrapped finds a line that fits without textwrap: the lines textwrap would make."""
    assert wrapped(text, width, indent, subsequent, **options) == \
        textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=subsequent, **options)


def test_answers_and_help_fit_72_columns(tmp_path) -> None:
    world = World(tmp_path)
    engine = world.engine()
    migrate(engine)
    for ruleset, game_id in (("valley", "v-1"), ("stoneage", "s-1")):
        with Session(engine) as s:
            create_game(s, GameSpec(id=game_id, ruleset=ruleset, seats=list(SEATS.items()), seed="w",
                                    deadline="48h", early="0m"), T0)
            passwords = start_game(s, load(world.config), s.get(Game, game_id), T0)
            s.commit()
        long_word = "A" * 80
        body = (f"SIGNON {game_id} red {passwords['red']}\nHELP\n"
                + "PLACE 3 nowhere OR 2 elsewhere OR 4 somewhere-else-entirely OR 1 far-far-away-from-here\n"
                + f"MOVE {long_word} {' '.join(['C4-D4'] * 20)}\nFROBNICATE all the things in one very long "
                  "line that goes on and on well past the edge of any mail client window\n")
        world.post(order_mail(SEATS["red"], body))
        assert run_pass(world, T0 + timedelta(hours=1))[0] == 0
    answers = [text_of(m) for m in world.outbox(SEATS["red"])]
    assert any("send HELP" in a or "HELP" in a for a in answers) and len(answers) >= 4
    for text in answers:
        _fits(text)
