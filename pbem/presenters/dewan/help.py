"""HELP for Dewan: the orders that fit the seat's position now, each with an
example it may send as it stands (a pair of cards in the row, a camp it can
pay from one of its camps, a story pick while it still has one to make),
its kept pre-orders, and where the order language and the cards are written.

Every example is an order line, then a ``#`` comment (which the parser
skips). The GM and the public get the forms with examples from the row.
"""
from __future__ import annotations

import textwrap

from engine.dewan import legal
from engine.dewan.heuristic import suggestions
from engine.dewan.orders import Camp
from engine.dewan.state import DRAFT, OVER, State
from engine.dewan.view import DewanView
from pbem import i18n
from pbem.i18n import N_, _
from pbem.play.orderwords import example, shown
from pbem.presenters.dewan.words import card_words, position

WIDTH = 72
BONUS_NOTE = {"story": N_("(This camp gives a story tile: STORY <i> of the story row, default 1.)"),
              "tuck": N_("(This camp gives a tuck: TUCK <card> of your hand, default none.)"),
              "fire": N_("(This camp gives 1 more fire at scoring and makes this round the last.)")}


def _line(order: str, why: str) -> str:
    """One example, in the reader's order words, its comment from column 30."""
    return example("dewan", order, why, 30)


def _note(text: str) -> list[str]:
    """A line of its own under the examples: as it is in English (as it always was),
    wrapped to the width in the languages whose words run longer."""
    if i18n.current() == i18n.DEFAULT:
        return [f"  {text}"]
    return textwrap.wrap(text, WIDTH, initial_indent="  ", subsequent_indent="   ",
                         break_long_words=False, break_on_hyphens=False)


def _picks(st: State, seat: str) -> list[str]:
    """STORY examples, while the seat's pick in the draft is still to come."""
    if st.stage != DRAFT or st.players.index(seat) > st.players.index(st.to_move):
        return []
    row = [(i + 1, t) for i, t in enumerate(st.story_row) if t]
    if not row:
        return []
    at, tile = row[0]
    return [_line(f"STORY {at}", _("the draft: take story tile {tile}").format(tile=tile)),
            _line(f"STORY {at} IF {tile}", _("only while that tile is still there"))]


def _takes(st: State) -> list[str]:
    pairs = legal.pairs(st)
    if not pairs:
        return _note(_("(TAKE: the row has no two cards next to each other now)"))
    a, b = pairs[len(pairs) // 2]
    return [_line(f"TAKE {a} {b}", _("the cards {first} and {second}").format(first=card_words(st.row[a - 1]),
                                                                             second=card_words(st.row[b - 1]))),
            _line(f"TAKE {a} {b} IF {st.row[a - 1]} {st.row[b - 1]}", _("only while they are still there"))]


def camp_example(st: State, seat: str) -> Camp | None:
    """A camp the seat can place and pay now, with its bonus written out."""
    found = legal.any_camp(st, seat)
    if found is None:
        return None
    kind = legal.bonus(st.placed(seat) + 1)
    if kind == "story" and any(st.story_row):
        at = next(i + 1 for i, t in enumerate(st.story_row) if t)
        found = Camp(found.path, story=at)
    pay, _why = legal.camp_cost(st, seat, found)
    if kind == "tuck" and pay is not None:
        rest = list(st.hands[seat])
        for c in pay:
            rest.remove(c)
        if rest:
            tucked = Camp(found.path, tuck=sorted(rest)[0])
            if not legal.camp_cost(st, seat, tucked)[1]:
                found = tucked
    pay, _why = legal.camp_cost(st, seat, found)
    return Camp(found.path, tuple(pay or ()), found.story, found.tuck)


def _camps(st: State, seat: str) -> list[str]:
    if st.left[seat] <= 0:
        return _note(_("(CAMP: your tribe board has no camps left)"))
    order = camp_example(st, seat)
    if order is None:
        return _note(_("(CAMP: your hand cannot pay for a camp now; TAKE cards first)"))
    lines = [_line(str(order), _("a camp on {hex}: PAY in path order").format(hex=order.destination)),
             _line(str(Camp(order.path, (), order.story, order.tuck)), _("the same, the cheapest payment"))]
    kind = legal.bonus(st.placed(seat) + 1)
    if kind in BONUS_NOTE:
        lines += _note(_(BONUS_NOTE[kind]))
    return lines


def examples(view: DewanView) -> list[str]:
    """Order lines the view's seat may send now, each with a comment."""
    st, seat = position(view), view["me"]
    lines = _picks(st, seat)
    if lines:
        lines += _note(_("Your first move may follow in the same mail (kept for round 1):"))
    lines += _takes(st) + _camps(st, seat)
    lines += _note(_("One order a line; several lines are alternatives, tried in order."))
    return lines


def suggested(view: DewanView) -> list[tuple[str, str]]:
    """For the seat to move in play: (order, what it does) for a few moves it may send as they
    stand, best first (engine.dewan.heuristic.suggestions)."""
    st, seat = position(view), view.get("me")
    out = []
    for order in suggestions(st, seat) if seat else []:
        if len(shown("dewan", str(order))) > WIDTH - 2:
            continue                      # a line a mail client would break: not one to copy
        if isinstance(order, Camp):
            pay, _why = legal.camp_cost(st, seat, order)
            paid = " ".join(card_words(c) for c in pay or ())
            out.append((str(order), _("a camp on {hex}, paying {cards}").format(hex=order.destination, cards=paid)))
        else:
            got = [card_words(st.row[order.first - 1]), card_words(st.row[order.second - 1])]
            out.append((str(order), _("take {first} and {second}").format(first=got[0], second=got[1])))
    return out


def suggested_lines(moves: list[tuple[str, str]]) -> list[str]:
    """The moves :func:`suggested` gives, as the text report shows them, with the NEXT note under it."""
    if not moves:
        return []
    lines = [_("Moves you may send as they stand (copy one line):")]
    for order, why in moves:
        line = _line(order, why)
        if len(line) > WIDTH:            # a long path: the order on its line, what it does below
            line = f"  {shown('dewan', order)}\n" + textwrap.shorten(f"    # {why}", WIDTH, placeholder="...")
        lines += line.split("\n")
    return lines + _note(_("Your next move may follow in the same mail, below a line NEXT."))


def help_lines(view: DewanView) -> list[str]:
    """The orders that fit now with an example each, and the kept pre-orders (HELP attaches the
    documents: pbem.commands.help.documents)."""
    if view["stage"] == OVER:
        return []
    me = view.get("me")
    if me in view["players"]:
        head = (_("Your orders now (# starts a comment):") if view["to_move"] == me
                else _("Your next move, sent ahead as pre-orders (# starts a comment):"))
        lines = [head] + examples(view)
    else:
        st = position(view)
        lines = [_("Dewan orders (a seat's own examples come with its HELP):"),
                 "  STORY <i>                   # " + _("the draft: a story row position"),
                 "  TAKE <i> <j> [IF <c> <c>]   # " + _("two cards next to each other"),
                 "  CAMP <hex>-...-<hex> [PAY <cards>] [STORY <i>] [TUCK <card>]"]
        lines += _takes(st)[:1]
    if view.get("pre_orders"):
        lines.append(_("Your kept pre-orders:"))
        lines += [f"  {line}" for line in view["pre_orders"]]
    return lines
