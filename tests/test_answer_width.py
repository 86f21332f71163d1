"""Every line of an answer and of HELP fits 72 columns: long lines are wrapped
at spaces, never cut (a single word longer than a line stays whole)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from sqlmodel import Session

from pbem.config import load
from pbem.db import migrate
from pbem.play.games import GameSpec, create_game, start_game
from pbem.models import Game
from pbem.reports.render import WIDTH, fit
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
