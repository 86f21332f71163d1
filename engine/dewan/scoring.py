"""The final scoring, line by line, and the winners. The base scenario's lines (a
scenario's ``scoring`` table multiplies each):

- the points printed on each completed story tile;
- 1 per fire: on completed stories, on tucked cards, and 1 for the last camp placed;
- 4 to every clan with the most fire (at least 1 fire: with no fire at all nobody has "the most");
- 2 per berry: tokens taken and berries shown on tucked cards;
- 4 per group of at least 2 contiguous camps (the start camp counts; a group of 6 is still 4).

Ties: the most cards in hand, then the tied clans share the victory.
"""
from __future__ import annotations

from engine.dewan.cards import card
from engine.dewan.state import State

def groups(st: State, seat: str) -> list[set[str]]:
    """The seat's camps split into groups of hexes joined edge to edge."""
    todo, out = set(st.camps[seat]), []
    while todo:
        first = min(todo)
        group, edge = {first}, [first]
        while edge:
            here = edge.pop()
            for n in st.board.adjacent(here):
                if n in todo and n not in group:
                    group.add(n)
                    edge.append(n)
        todo -= group
        out.append(group)
    return out


def berries(st: State, seat: str) -> int:
    return st.berries[seat] + sum(card(c).symbol == "berry" for c in st.tucked[seat])


def lines(st: State, seat: str) -> dict[str, int]:
    """The points of each scoring line for ``seat``."""
    fire = {p: st.fire(p) for p in st.players}
    most = max(fire.values())
    k = st.scoring
    return {
        "stories": k["story_points"] * sum(st.story(s).points for s in st.done[seat]),
        "fire": k["fire_each"] * fire[seat],
        "most fire": k["most_fire"] if most > 0 and fire[seat] == most else 0,
        "berries": k["berry_each"] * berries(st, seat),
        "groups": k["group_of_2_plus"] * sum(len(g) >= 2 for g in groups(st, seat)),
    }


def total(st: State, seat: str) -> int:
    return sum(lines(st, seat).values())


def winners(st: State) -> list[str]:
    """The best score; among those, the most cards in hand; still tied, all of them."""
    best = max(total(st, p) for p in st.players)
    top = [p for p in st.players if total(st, p) == best]
    most = max(len(st.hands[p]) for p in top)
    return [p for p in top if len(st.hands[p]) == most]
