"""Dewan reports (pbem.presenters.dewan) in the draft, mid-game and at the end,
for every seat, the GM and an observer: 72 columns and the markers, a hand
only in its owner's report (never in another seat's, the public one, the
public view or an archive page), valid HTML, HELP examples each seat may
send as they stand, and the presenter's other members."""
from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest
from archive_pages import html_problems

from engine import SeededDice
from engine.contract import Event
from engine.dewan import RULESET
from engine.dewan.state import Plan, State
from pbem.presenters import get_presenter
from pbem.presenters.dewan.report import visible
from pbem.site.public import carried_out, public
from pbem.reports.render import render

SEATS = ["red", "blue", "green"]
PRESENTER = get_presenter("dewan")


def _play(state: State, steps: int, seed: str) -> tuple[State, list[Event]]:
    """Up to ``steps`` resolves by bots; the events of the last."""
    events: list[Event] = []
    for n in range(steps):
        if RULESET.outcome(state) is not None:
            break
        sheets = {p: RULESET.bot_orders(state, p, random.Random(f"{seed}{p}{n}")) for p in RULESET.awaiting(state)}
        result = RULESET.resolve(state, sheets, SeededDice(f"{seed}{n}"))
        state, events = result.state, list(result.events)
    return state, events


def _shown(card: str, text: str) -> bool:
    """Whether ``text`` shows the card ``card`` (not merely a longer card holding it)."""
    return re.search(rf"(?<![A-Za-z/]){re.escape(card)}(?![A-Za-z/])", text) is not None


def _distinct_hands(state: State, public_text: str) -> tuple[State, dict[str, list[str]]]:
    """The position with two marker cards in each hand: cards of which the game has
    one copy, shown nowhere in the public report nor the events, moved in from hidden places (the
    deck, other hands) in exchange for cards of that hand."""
    st = state.copy()
    every = Counter(st.deck + st.discard + st.row + [c for p in SEATS for c in st.hands[p] + st.tucked[p]])
    hidden = st.deck + [c for p in SEATS for c in st.hands[p]]
    once = {c for c in hidden if every[c] == 1 and not _shown(c, public_text)}
    markers: dict[str, list[str]] = {}
    chosen: set[str] = set()
    for seat in SEATS:
        pool = [c for c in sorted(once - chosen) if c not in st.hands[seat]]
        markers[seat] = pool[:2]
        chosen |= set(pool[:2])
    for seat in SEATS:
        for marker in markers[seat]:
            source = next(cards for cards in [st.deck] + [st.hands[p] for p in SEATS if p != seat]
                          if marker in cards)
            give = next((c for c in st.hands[seat] if c not in chosen), None)
            at = source.index(marker)
            if give is None:
                source.pop(at)
            else:
                source[at] = give
                st.hands[seat].remove(give)
            st.hands[seat].append(marker)
    assert all(len(m) == 2 for m in markers.values()), markers
    return st, markers


def _position(stage: str) -> tuple[State, list[Event], dict[str, list[str]]]:
    base = RULESET.new_game(SEATS, {}, 11)
    if stage == "draft":
        state, events = _play(base, 1, "d")
        assert state.stage == "draft" and state.to_move == "blue"
    elif stage == "mid":
        state, events = _play(base, 24, "m")
        assert state.stage == "play" and any(state.stories.values())
        waiting = next(p for p in SEATS if p != state.to_move)
        pairs = [(i, i + 1) for i in range(1, 6) if state.row[i - 1] and state.row[i]]
        a, b = pairs[0]
        state.plans[waiting] = Plan([f"TAKE {a} {b} IF {state.row[a - 1]} {state.row[b - 1]}"], state.step)
        events = events + [Event("take", "red & blue <share> the row.")]
    else:
        state, events = _play(base, 400, "e")
        assert state.stage == "over"
    public_text = _report(state, events, None).text + " ".join(e.text for e in events)
    state, markers = _distinct_hands(state, public_text)
    return state, events, markers


def _report(state: State, events: list[Event], seat: str | None):  # type: ignore[no-untyped-def]
    return PRESENTER.report(game="dw-3", turn_no=state.step, seat=seat, view=RULESET.view(state, seat),
                            events=events, deadline="2026-12-02 18:00 UTC", address="pbem@example.org",
                            missed={"blue": 1})


@pytest.fixture(scope="module", params=["draft", "mid", "end"])
def game(request):  # type: ignore[no-untyped-def]
    return (request.param, *_position(request.param))


@pytest.mark.parametrize("reader", SEATS + [None])
def test_text_fits_72_columns_between_the_markers(game, reader) -> None:  # type: ignore[no-untyped-def]
    stage, state, events, _markers = game
    text = _report(state, events, reader).text
    lines = text.splitlines()
    assert lines[0] == f"=== pbem report dw-3 round {RULESET.round_of(state)} ==="       # the game's own count
    assert "=== end of report ===" in lines
    assert all(len(line) <= 72 for line in lines), [line for line in lines if len(line) > 72]
    for words in ("What happened:", "The map:", "The row of face-up cards", "Stories on offer",
                  "The clans:", "camps left", "tucked:", "missed 1 deadline"):
        assert words in text, words
    row = "   ".join(f"{i}: {c}" for i, c in enumerate(state.row, 1) if c)
    assert row[:20] in text
    assert ("Final scores:" if stage == "end" else "Scores if the game ended now:") in text
    if stage == "end":
        assert f"THE GAME IS OVER: {' and '.join(state.winners)} won with" in text
        assert "Reply with your orders" not in text


def test_the_question_and_its_deadline_come_first(game) -> None:  # type: ignore[no-untyped-def]
    stage, state, events, _markers = game
    if stage == "end":                  # nothing is asked of anyone, nor awaited
        for reader in SEATS + [None]:
            head = _report(state, events, reader).text.split("What happened:")[0]
            assert "THE GAME IS OVER" in head and "YOUR MOVE" not in head and "Waiting for" not in head
            assert "due by" not in head
        return
    mover = state.to_move
    text = _report(state, events, mover).text
    head = text.split("What happened:")[0]
    assert "YOUR MOVE:" in head and "Your move is due by 2026-12-02 18:00 UTC." in head
    assert RULESET.prompt(state, mover).split(":")[0] in " ".join(head.split())
    for reader in [p for p in SEATS if p != mover] + [None]:
        head = _report(state, events, reader).text.split("What happened:")[0]
        assert "YOUR MOVE" not in head and f"Waiting for {mover}'s" in head


@pytest.mark.parametrize("reader", SEATS + [None])
def test_a_hand_only_in_its_owner_s_report(game, reader) -> None:  # type: ignore[no-untyped-def]
    _stage, state, events, markers = game
    rep = _report(state, events, reader)
    for seat in SEATS:
        for card in markers[seat]:
            for part in (rep.text, rep.html):
                assert _shown(card, part) == (seat == reader), (seat, reader, card)
    if reader is not None:
        mine = sorted(state.hands[reader])
        assert "Your hand (only you see it)" in rep.text
        assert " ".join(mine) in " ".join(rep.text.split("Your hand (only you see it)")[1].split())
    else:
        assert "Your hand" not in rep.text and "Your hand" not in rep.html
    for seat in SEATS:
        size = len(state.hands[seat])
        assert f"{size} card{'s' * (size != 1)} in hand" in " ".join(rep.text.split())


def test_the_public_view_and_the_archive_page_show_no_hand(game) -> None:  # type: ignore[no-untyped-def]
    stage, state, events, markers = game
    view = RULESET.view(state, None)
    assert view["hand"] is None and view["pre_orders"] == []
    dumped = json.dumps(view)
    kept = public(events)
    page = render("archive/turn.html", game="dw-3", number=state.step, when=PRESENTER.when(view),
                  label=PRESENTER.label(view), svg=PRESENTER.maps(view).svg,
                  groups=visible(kept, None), orders=carried_out(kept, SEATS), press=[],
                  standings=PRESENTER.standings(view), setup=stage == "draft", previous=None, following=None)
    assert not html_problems(page), html_problems(page)
    for card in [c for cards in markers.values() for c in cards]:
        assert not _shown(card, dumped) and not _shown(card, page), card


def test_pre_orders_only_to_their_seat(game) -> None:  # type: ignore[no-untyped-def]
    _stage, state, events, _markers = game
    for owner, plan in state.plans.items():
        for reader in SEATS + [None]:
            rep = _report(state, events, reader)
            for line in plan.lines:
                assert (line in rep.text) == (reader == owner), (owner, reader)
                assert (line in rep.html) == (reader == owner)
        assert "Your kept pre-orders (only you see them):" in _report(state, events, owner).text


@pytest.mark.parametrize("reader", SEATS + [None])
def test_html_parses_and_is_escaped(game, reader) -> None:  # type: ignore[no-untyped-def]
    stage, state, events, _markers = game
    html = _report(state, events, reader).html
    assert not html_problems(html), html_problems(html)
    assert "<svg" in html and "</svg>" in html and "http://www.w3.org/2000/svg" in html
    assert "=== pbem report dw-3" in html and "=== end of report ===" in html
    assert "src=" not in html and "href=" not in html
    if stage == "mid":
        assert "red &amp; blue &lt;share&gt; the row." in html and "<share>" not in html


@pytest.mark.parametrize("seat", SEATS)
def test_help_examples_are_orders_the_seat_may_send(game, seat) -> None:  # type: ignore[no-untyped-def]
    stage, state, _events, _markers = game
    lines = PRESENTER.help_lines(RULESET.view(state, seat))
    text = "\n".join(lines)
    assert all(len(line) <= 72 for line in lines), [line for line in lines if len(line) > 72]
    if stage == "end":
        assert lines == [], "no order is worth an example once the game is over"
        return
    orders = [line.split("#")[0].strip() for line in lines if line.startswith("  ") and "#" in line]
    picking = state.stage == "draft" and SEATS.index(seat) <= SEATS.index(state.to_move)
    first = next((o for o in orders if o.startswith("STORY")), "")
    assert bool(first) == picking
    assert any(o.startswith("TAKE") for o in orders)
    for order in orders:
        sheet = order if order.startswith("STORY") or not picking else f"{first}\n{order}"
        parsed = RULESET.parse_orders(state, seat, sheet)
        assert parsed.ok, (order, parsed.problems)
    camps = [o for o in orders if o.startswith("CAMP")]
    if camps:
        played = RULESET.parse_orders(state, seat, camps[0]).orders[-1]
        assert str(played).startswith("CAMP") and " PAY " in camps[0]
    elif state.left[seat]:
        assert "CAMP: your hand cannot pay" in text


def test_help_for_the_gm_names_the_forms_only(game) -> None:  # type: ignore[no-untyped-def]
    stage, state, _events, markers = game
    text = "\n".join(PRESENTER.help_lines(RULESET.view(state, None)))
    assert "docs/" not in text, "HELP attaches the documents; players have no checkout"
    if stage != "end":
        assert "CAMP <hex>-...-<hex>" in text and "TAKE" in text
    assert not any(_shown(c, text) for cards in markers.values() for c in cards)


def test_the_other_members(game) -> None:  # type: ignore[no-untyped-def]
    stage, state, events, _markers = game
    view = RULESET.view(state, "red")
    when, label = PRESENTER.when(view), PRESENTER.label(view)
    expected = {"draft": ("the story draft, blue to pick", "the draft"),
                "mid": (f"round {state.round}, {state.to_move} to move", f"round {state.round}, {state.to_move}"),
                "end": (f"the game is over after round {state.round}", f"round {state.round}, the end")}
    assert (when, label) == expected[stage]
    maps = PRESENTER.maps(RULESET.view(state, None))
    assert maps.svg.startswith("<svg") and all(len(line) <= 72 for line in maps.text)
    camped = {h for camps in state.camps.values() for h in camps}
    berries = sum(h.berry and n not in camped for n, h in state.board.hexes.items())
    assert maps.svg.count('class="berry"') == berries, "a taken berry token is off the map"
    titles = [t for t, _ in visible(events, None)]
    assert titles and set(titles) <= {"The story draft", "The turns", "The end of the game"}
    table = PRESENTER.standings(view)
    assert table.columns[0] == "score" and {seat for seat, _ in table.rows} == set(SEATS)
    scores = [figures[0] for _seat, figures in table.rows]
    assert scores == sorted(scores, reverse=True) and set(table.charted) <= set(table.columns)
    if stage == "end":
        assert scores[0] == state.scores[state.winners[0]]
    assert PRESENTER.simulator is not None and PRESENTER.demo is None
    assert not PRESENTER.run_case("title = 'x'\n").passed
