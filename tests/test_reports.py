"""Turn reports: golden files for both forms, 72 columns, privacy, escaping."""
from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from engine import SeededDice
from engine.valley.bots import random_orders
from pbem.presenters.valley.report import report as valley_report
from valley_games import RULESET, play

GOLDEN = Path(__file__).parent / "golden"


def _report(seat: str | None = "red", hands: dict | None = None):  # type: ignore[no-untyped-def]
    state = play(22, 3)
    for p, hand in (hands or {}).items():
        state.tribes[p].hand = hand
    sheets = {p: random_orders(state, p, random.Random(1)) for p in state.players}
    result = RULESET.resolve(state, sheets, SeededDice(3))
    for p, hand in (hands or {}).items():
        result.state.tribes[p].hand = hand
    return valley_report(game="valley-7", turn_no=4, seat=seat, view=RULESET.view(result.state, seat),
                         events=result.events, deadline="2026-12-01 18:00 UTC", address="pbem@example.org",
                         missed={"white": 1})


def _golden(name: str, text: str, folder: Path = GOLDEN) -> None:
    """``text`` is the golden file ``name``. With PBEM_UPDATE_GOLDEN set the
    file is rewritten and the test still fails, so a run that updates golden
    files never looks green (and .ci/run refuses to run with it set): check
    the diff, then run again without it."""
    path = folder / name
    if os.environ.get("PBEM_UPDATE_GOLDEN"):
        old = path.read_text() if path.exists() else None
        path.write_text(text)
        pytest.fail(f"{name}: golden file {'unchanged' if old == text else 'written'} because "
                    "PBEM_UPDATE_GOLDEN is set; check the diff and run again without it")
    assert path.exists(), f"{path} is missing; run with PBEM_UPDATE_GOLDEN=1 once"
    assert text == path.read_text(), f"{name} differs from its golden file (PBEM_UPDATE_GOLDEN=1 to accept)"


def test_the_golden_helper_fails_a_run_that_updates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PBEM_UPDATE_GOLDEN", raising=False)
    with pytest.raises(AssertionError, match="is missing"):
        _golden("new.txt", "text\n", tmp_path)
    (tmp_path / "old.txt").write_text("old\n")
    with pytest.raises(AssertionError, match="differs from its golden file"):
        _golden("old.txt", "new\n", tmp_path)
    _golden("old.txt", "old\n", tmp_path)
    monkeypatch.setenv("PBEM_UPDATE_GOLDEN", "1")
    for name in ("old.txt", "new.txt"):
        with pytest.raises(pytest.fail.Exception, match="PBEM_UPDATE_GOLDEN is set"):
            _golden(name, "new\n", tmp_path)
        assert (tmp_path / name).read_text() == "new\n", "written before the test fails"
    with pytest.raises(pytest.fail.Exception, match="unchanged"):
        _golden("old.txt", "new\n", tmp_path)


def test_text_report_matches_its_golden_file() -> None:
    subject, text, _ = _report()
    assert subject == "[valley-7] turn 4 report for red"
    _golden("valley-report-red.txt", text)


def test_html_report_matches_its_golden_file() -> None:
    _, _, html = _report()
    _golden("valley-report-red.html", html)


def test_text_report_fits_72_columns_and_marks_its_ends() -> None:
    _, text, _ = _report()
    assert max(len(line) for line in text.splitlines()) <= 72
    assert text.startswith("=== pbem report valley-7 turn 4 ===")
    assert "=== end of report ===" in text
    assert "missed 1" in text


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_the_gms_report_of_five_tribes_fits_72_columns(lang: str) -> None:
    """Five tribes' legend and the deadline in the GM's copy, in every language: no line over 72."""
    from pbem import i18n
    state = RULESET.new_game(["red", "blue", "green", "white", "black"], {}, 1)
    with i18n.speaking(lang):
        _, text, _ = valley_report(game="valley-7", turn_no=4, seat=None, view=RULESET.view(state, None), events=[],
                                   deadline="Tuesday, 4 August 2026, 12:00 America/Argentina/Buenos_Aires",
                                   address="pbem@example.org")
    long = [line for line in text.splitlines() if len(line) > 72]
    assert not long, long
    assert "white" in text and "black" in text


def test_html_report_has_no_external_resources() -> None:
    _, _, html = _report()
    assert "<svg" in html and "http://" not in html.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in html and "<img" not in html and "<link" not in html


def test_a_hand_is_shown_only_to_its_owner() -> None:
    hands = {"red": ["red-secret-card"], "blue": ["blue-secret-card"]}
    _, red_text, red_html = _report("red", hands)
    _, blue_text, _ = _report("blue", hands)
    _, public_text, _ = _report(None, hands)
    assert "red-secret-card" in red_text and "red-secret-card" in red_html
    assert "blue-secret-card" not in red_text + red_html
    assert "red-secret-card" not in blue_text + public_text


def test_html_in_game_data_is_escaped() -> None:
    _, _, html = _report("red", {"red": ["<script>alert(1)</script>"]})
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_the_plant_hint_comes_on_the_planting_turn_also_in_a_long_winter() -> None:
    from engine import get_ruleset
    from pbem.presenters.valley.report import may_order
    ruleset = get_ruleset("valley")
    state = ruleset.new_game(["red", "blue"], {}, "hint")
    state.stage, state.season = "play", "winter"
    for turn, lasting, shown in ((3, False, True), (3, True, False), (4, True, True)):
        state.turn = turn
        state.lasting = ["long_winter"] if lasting else []
        hints = may_order(ruleset.view(state, "red"), "red")
        plant = [h for h in hints if h.startswith("PLANT")]
        assert bool(plant) is shown, (turn, lasting, hints)


def test_ci_refuses_to_run_while_golden_files_are_being_updated(tmp_path: Path) -> None:
    """.ci/run stops before doing anything when PBEM_UPDATE_GOLDEN is set. Its
    PATH here holds only dirname, so a script without the guard would fail
    at its first install step instead of running anything."""
    import shutil
    import subprocess
    script = Path(__file__).parent.parent / ".ci" / "run"
    bash = shutil.which("bash")
    assert bash is not None
    (tmp_path / "dirname").symlink_to(shutil.which("dirname"))
    for value in ("1", ""):
        done = subprocess.run([bash, str(script)], env={"PATH": str(tmp_path), "PBEM_UPDATE_GOLDEN": value},
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, done.stderr
        assert "PBEM_UPDATE_GOLDEN is set" in done.stderr and "Unset it to run CI" in done.stderr


@pytest.mark.parametrize("board", ["W1E1", "W1E2", "W2E1", "W2E2"])
def test_the_text_map_draws_every_river_and_lists_it(board: str) -> None:
    from engine import hexgrid
    from pbem.presenters.valley import asciimap
    view = RULESET.view(RULESET.new_game(["red", "blue"], {"board": board}, 1), None)
    lines = asciimap.render(view)[1:]            # the column header first
    legend = " ".join(asciimap.legend(view))
    for pair in view["rivers"]:
        a, b = pair.split("|")
        assert f"{a}-{b}" in legend, pair
        (ca, ra), (cb, rb) = sorted([hexgrid.parse_name(a), hexgrid.parse_name(b)])
        if ca == cb:       # the top border of the southern space is drawn with =
            south = hexgrid.make_name(ca, max(ra, rb))
            top = next(line for line in lines if f"{south} " in line)
            at = top.index(f"{south} ") - 1
            assert top[at] == "=", (pair, top)
        else:              # the side border between the columns carries # on the lines they share
            x = (cb - min(hexgrid.parse_name(s["name"])[0] for s in view["spaces"])) * asciimap.WIDTH
            assert any(len(line) > x and line[x] == "#" for line in lines), pair
    assert all(len(line) <= 72 for line in lines + asciimap.legend(view))


def test_the_text_map_of_w1e2_by_hand() -> None:
    from pbem.presenters.valley import asciimap
    lines = asciimap.render(RULESET.view(RULESET.new_game(["red", "blue"], {"board": "W1E2"}, 1), None))
    a3 = next(i for i, line in enumerate(lines) if "A3 M1" in line)
    assert lines[a3].startswith("+A3 M1~---#") and lines[a3 + 1].startswith("|         #"), "A3|B2"
    assert lines[a3 + 4].startswith("=A4 F2~===#"), "A3|A4 above A4, A4|B3 beside it"


def test_a_crowded_cell_of_the_text_map_loses_nothing_and_speaks_the_readers_letters() -> None:
    from pbem import i18n
    from pbem.presenters.valley import asciimap
    view = RULESET.view(RULESET.new_game(["red", "blue"], {"board": "W1E2"}, 1), None)
    c3 = next(s for s in view["spaces"] if s["name"] == "C3")
    c3.update(animals={"bison": [1], "rhino": [2], "mammoth": [3, 4]}, crop="damaged", tribes={"red": [3, 2]})
    lines = asciimap.render(view)
    at = next(i for i, line in enumerate(lines) if "+C3 " in line)
    x = lines[at].index("+C3 ")
    cell = [line[x + 1:x + asciimap.WIDTH] for line in lines[at:at + asciimap.HEIGHT]]
    assert cell[1:] == ["R3w2f    ", "1bi 1rh  ", "2ma crop-"], cell
    with i18n.speaking("es"):
        lines, legend = asciimap.render(view), asciimap.legend(view)
    cell = [line[x + 1:x + asciimap.WIDTH].rstrip() for line in lines[at:at + asciimap.HEIGHT]]
    assert cell == ["C3 L2~---", "R3g2m", "1bi1ri2ma", "cultivo-"], cell
    assert "L llanura" in " ".join(legend) and "3g2m: 3 guerreros y 2 mujeres." in " ".join(legend)


def _fate_lines(view: dict, events: list) -> list[str]:
    from pbem.presenters.valley.report import _hand
    return _hand(view, "red", events)[0]


def test_fate_cards_by_name_with_copies_counted_and_the_whole_text_when_drawn() -> None:
    from engine.contract import Event
    state = play(22, 3)
    state.tribes["red"].hand = ["raft", "raft", "stored_meat"]
    view = RULESET.view(state, "red")
    view["turn"] = 2                       # not the first report of the season
    short = _fate_lines(view, [])
    assert short == ["2x Raft (PLAY raft <tokens> <path>)", "Stored Meat (PLAY stored_meat)"]
    drawn = _fate_lines(view, [Event("fate", "you draw the fate card stored_meat", to="red")])
    assert drawn[0] == short[0] and drawn[1].startswith("Stored Meat (PLAY stored_meat; acts: now): ")
    view["turn"] = 1                       # the first report of a season: every card in full
    assert all("; acts: " in line for line in _fate_lines(view, []))
    _, text, _ = _report("red", {"red": ["raft", "raft"]})      # winter turn 2: names only
    assert "2x Raft (PLAY raft" in text and "HELP by mail gives each card's whole text." in text


def test_what_happened_is_split_into_the_turn_played_and_the_start_of_this_one() -> None:
    _, text, html = _report("red")
    happened = text.split("What happened:")[1].split("\nTribes:\n")[0]
    end, start = happened.index("-- End of the turn just played (phases 4-10) --"), happened.index("-- Start of ")
    assert end < happened.index("4. Movement of tribes") < start < happened.index("1. Events")
    assert "<h3>End of the turn just played (phases 4-10)</h3>" in html


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_translated_text_reports_match_their_golden_files(lang: str) -> None:
    """The same report for a seat that reads French or Spanish: every word of it translated."""
    from pbem import i18n
    with i18n.speaking(lang):
        subject, text, _ = _report()
    assert subject == {"fr": "[valley-7] compte rendu du tour 4 pour red",
                       "es": "[valley-7] informe del turno 4 para red"}[lang]
    assert max(len(line) for line in text.splitlines()) <= 72
    _golden(f"valley-report-red.{lang}.txt", text)


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_translated_html_reports_match_their_golden_files(lang: str) -> None:
    from pbem import i18n
    with i18n.speaking(lang):
        _, _, html = _report()
    _golden(f"valley-report-red.{lang}.html", html)
