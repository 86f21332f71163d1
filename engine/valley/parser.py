"""Reading a player's order text: typed orders plus a problem for every refused line.

The parser never raises. It refuses what is impossible in the position the
player was shown (the decision point): a space that does not exist, a river,
the lake, a step past a mountain, three steps, tokens the player does not
have. What depends on the other players' moves is settled when the turn runs.
"""
from __future__ import annotations

import difflib
from functools import lru_cache
from typing import Callable

from engine import sheetlines
from engine.common import Refused
from engine.contract import OrderSheet, Problem
from engine.localwords import nearest
from engine import hexgrid
from engine.messages import Msg
from engine.valley import localwords
from engine.valley.orders import (
    STANDING_VALUES, Camp, CombatOrder, Fire, Move, Place, Plant, Play, Standing)
from engine.valley.fatecards import DIRECTIONS, FATE
from engine.valley.fire import fire_source, touches_flames
from engine.valley.planting import planting_turn
from engine.valley.sheetwords import count_tokens, line_words, path_words, toks_text
from engine.valley.state import MAX_CAMPS, State, Tokens

KEYWORDS = ("PLACE", "PLANT", "MOVE", "CAMP", "FIRE", "PLAY", "COMBAT", "LOSSES", "CONQUER", "STARVE")
SETUP_KEYWORDS = ("PLACE", "PLANT")


_WRITE_TOKENS = Msg("write it like 2W 1F")
_CHECKED_AFTER = (Camp, Fire, Plant)     # the orders check_after looks at again


def _standing_words() -> dict[tuple[str, str], str]:
    """(standing order, word) -> its value: the value, its singular or its first letter, the first value first."""
    out: dict[tuple[str, str], str] = {}
    for key, values in STANDING_VALUES.items():
        for v in values:
            for word in (v, v.rstrip("s"), v[0]):
                out.setdefault((key, word), v)
    return out


_STANDING_WORDS = _standing_words()
# The same few standing orders come on every sheet: frozen, so one of each (with its line) serves all.
_standing_order = lru_cache(maxsize=1024)(Standing)


def _did_you_mean(hint: str) -> Msg | str:
    return Msg("did you mean {word}?", word=hint) if hint else ""


def _closest(word: str, choices: list[str]) -> str:
    found = difflib.get_close_matches(word.upper(), choices, n=1, cutoff=0.5)
    return found[0] if found else ""


class _Reader:
    def __init__(self, state: State, player: str) -> None:
        self.state = state
        self.player = player
        self.board = state.board
        self.setup = state.stage == "setup"
        # Tokens that have not moved yet, by space, as the sheet is read.
        unmoved: dict[str, Tokens] = {}
        camps = 0
        for name, sp in state.spaces.items():
            t = sp.tribes.get(player)
            if t is not None:
                unmoved[name] = Tokens(t.w, t.f)
            if sp.camp == player:
                camps += 1
        self.unmoved = unmoved
        self.camps = camps          # the seat's camps, and those its CAMP orders make
        self.start_spaces = frozenset(unmoved)
        self.played: list[str] = []
        self.places: list[str] = []

    # -- pieces --------------------------------------------------------
    def space(self, word: str) -> str:
        name = hexgrid.normalise(word)
        if name is None or name not in self.board.hexes:
            hint = _closest(word, self.board.names)
            raise Refused(Msg("no space {space}", space=word.upper()), _did_you_mean(hint))
        return name

    def land(self, word: str) -> str:
        name = self.space(word)
        if self.board.hexes[name].kind == "L":
            raise Refused(Msg("{space} is the lake", space=name))
        return name

    # -- examples for refusals: lines that fit the seat's own position --
    def path_example(self, what: str) -> Msg:
        """A MOVE-like line: one of the seat's tokens from its first space to
        a neighbour it may step onto (a made-up C4-D4 only when it has none)."""
        st = self.state
        for name in sorted(self.unmoved):
            for n in self.board.adjacent(name):
                sp = st.peek(n)
                if self.board.hexes[n].kind != "L" and not st.river_blocks(name, n) and not (sp and sp.blocked()):
                    line = f"{what} {'1W' if self.unmoved[name].w else '1F'} {name}-{n}"
                    return Msg("e.g. {line}", line=line)
        line = f"{what} 1W C4-D4"
        return Msg("e.g. {line}", line=line)

    def space_example(self, what: str, fits: Callable[[str], bool], count: int = 1) -> Msg:
        """``what`` with the first ``count`` spaces where ``fits`` (its own
        tokens' spaces first), or an order form when no space fits."""
        names = sorted(self.unmoved) + [n for n in self.board.names if n not in self.unmoved]
        found = [n for n in names if self.board.hexes[n].kind != "L" and fits(n)][:count]
        line = f"{what} {' '.join(found)}"
        return Msg("e.g. {line}", line=line) if found else Msg("{order} <space>", order=what)

    # -- orders --------------------------------------------------------
    def place(self, args: list[str], line: int) -> Place:
        if not args:
            raise Refused(Msg("PLACE needs at least one space"),
                          self.space_example("PLACE", lambda n: self.setup or self.board.on_edge(n), 2))
        if not self.setup:
            t = self.state.tribes[self.player]
            if t.resurrected or self.state.year > 1:
                raise Refused(Msg("PLACE is for setting up, or for coming back after being wiped out "
                                  "in the first year"))
        spaces = []
        for word in args:
            name = self.land(word)
            if not self.setup and not self.board.on_edge(name):
                raise Refused(Msg("{space} is not on the edge of the board; a tribe comes back on the edge", space=name))
            if name in spaces:
                raise Refused(Msg("{space} is named twice", space=name))
            spaces.append(name)
        self.places.extend(spaces)
        return Place(tuple(spaces), line)

    def plant(self, args: list[str], line: int) -> Plant:
        if len(args) != 1:
            raise Refused(Msg("PLANT takes one space"), self.space_example("PLANT", self.may_plant))
        name = self.land(args[0])
        if self.board.hexes[name].kind != "P":
            raise Refused(Msg("{space} is not plains; crops grow only on plains", space=name))
        if self.setup:
            return Plant(name, line)
        st = self.state
        if not planting_turn(st):
            raise Refused(Msg("crops are planted only at the end of winter; this is winter turn {turn} of {turns}",
                              turn=st.turn, turns=st.season_length()) if st.season == "winter" else
                          Msg("crops are planted only at the end of winter; this is summer turn {turn}",
                              turn=st.turn))
        sp = st.peek(name)
        if not sp or sp.camp != self.player:
            raise Refused(Msg("you have no village on {space}", space=name))
        if sp.crop:
            raise Refused(Msg("{space} already has a crop", space=name))
        return Plant(name, line)

    def may_plant(self, name: str) -> bool:
        sp = self.state.peek(name)
        return self.board.hexes[name].kind == "P" and (self.setup or bool(sp and sp.camp == self.player
                                                                            and not sp.crop))

    def move(self, args: list[str], line: int) -> Move:
        toks, path = self.group_path(args, "MOVE", steps=2, rivers=False)
        return Move(toks.w, toks.f, tuple(path), line)

    def group_path(self, args: list[str], what: str, steps: int, rivers: bool) -> tuple[Tokens, list[str]]:
        """Tokens and a path for MOVE (and the cards that move): checked and
        taken from the tokens that have not moved yet."""
        if len(args) < 2:
            raise Refused(Msg("{order} needs tokens and a path", order=what), self.path_example(what))
        spelled = path_words(args[-1])
        toks = parse_tokens(args[:-1])
        if len(spelled) < 2:
            raise Refused(Msg("a path names the start space and one or two more, joined by -"),
                          self.path_example(what))
        path = [self.space(w) for w in spelled]
        if len(path) > steps + 1:
            raise Refused(Msg("tokens move at most {steps} spaces with this card", steps=steps) if steps > 2 else
                          Msg("tokens move at most {steps} spaces", steps=steps))
        board = self.board
        for a, b in zip(path, path[1:]):
            if hexgrid.direction_between(a, b) is None:
                raise Refused(Msg("{a} and {b} are not neighbours", a=a, b=b))
            if board.hexes[b].kind == "L":
                raise Refused(Msg("{space} is the lake; tribes cannot go there", space=b))
            if not rivers and self.state.river_blocks(a, b):
                raise Refused(Msg("a river runs between {a} and {b}; tribes cannot cross it", a=a, b=b))
            sp = self.state.peek(b)
            if sp and sp.blocked():
                raise Refused(Msg("{space} is burning this turn; nobody can go there", space=b) if sp.wildfire
                              else Msg("{space} is flooded this turn; nobody can go there", space=b))
        if len(path) > 2 and "snowed_in" in self.state.lasting:
            raise Refused(Msg("the snow lets tribes move only 1 space this turn"))
        for stop in path[1:-1]:
            if board.hexes[stop].kind == "M":
                raise Refused(Msg("{space} is a mountain; a tribe stops there", space=stop))
        start = path[0]
        have = self.unmoved.get(start)
        if have is None:
            have = Tokens()
        if have.w < toks.w or have.f < toks.f:
            raise Refused(Msg("you have {left} left to move on {space}, not {tokens}", left=str(have), space=start,
                              tokens=str(toks)) if str(have) else
                          Msg("you have none left to move on {space}, not {tokens}", space=start, tokens=str(toks)))
        have.w -= toks.w
        have.f -= toks.f
        return toks, path

    def camp(self, args: list[str], line: int) -> Camp:
        if len(args) != 1:
            raise Refused(Msg("CAMP takes one space"), self.space_example("CAMP", self.may_camp))
        name = self.land(args[0])
        sp = self.state.peek(name)
        if sp and sp.camp:
            raise Refused(Msg("there is already a camp on {space}", space=name))
        if sp and sp.animal_count():
            raise Refused(Msg("there are animals on {space}; a camp needs a space without them", space=name))
        if self.camps >= MAX_CAMPS:
            raise Refused(Msg("a tribe has at most {count} camps", count=MAX_CAMPS))
        self.camps += 1
        return Camp(name, line)

    def may_camp(self, name: str) -> bool:
        sp = self.state.peek(name)
        t = self.unmoved.get(name)
        return bool(t and t.w and t.f) and self.camps < MAX_CAMPS and not (sp and (sp.camp or sp.animal_count()))

    def fire(self, args: list[str], line: int) -> Fire:
        if len(args) != 1:
            raise Refused(Msg("FIRE takes one space"), self.space_example("FIRE", lambda n: fire_source(self.state, n)))
        if not self.state.options.get("fire"):
            raise Refused(Msg("this game does not use the fire rules"))
        name = self.land(args[0])
        if self.state.tribes[self.player].fire:
            raise Refused(Msg("your tribe already has fire"))
        if not fire_source(self.state, name):
            raise Refused(Msg("there is no fire to take on {space}: it must be a volcano, "
                              "next to a wildfire, or on a lava flow", space=name))
        return Fire(name, line)

    def play(self, args: list[str], line: int) -> Play:
        if not args:
            raise Refused(Msg("PLAY needs a card"), Msg("PLAY <card> [arguments]"))
        card_id = args[0].lower().replace("-", "_")
        card = FATE.get(card_id)
        if card is None:
            hint = _closest(card_id, [c.upper() for c in FATE])
            raise Refused(Msg("there is no fate card {card}", card=args[0]), _did_you_mean(hint.lower()))
        tribe = self.state.tribes[self.player]
        if tribe.hand.count(card_id) <= self.played.count(card_id):
            raise Refused(Msg("you hold no more card {card}", card=card_id) if self.played.count(card_id)
                          else Msg("you hold no card {card}", card=card_id),
                          Msg("you hold {cards}", cards=", ".join(sorted(tribe.hand))) if tribe.hand
                          else Msg("you hold no cards"))
        if card.fire_rules and not self.state.options.get("fire"):
            raise Refused(Msg("{card} needs the fire rules, which this game does not use", card=card_id))
        rest = args[1:]
        wanted = card.nargs
        if card_id in ("forced_march", "raft"):
            toks, path = self.group_path(rest, f"PLAY {card_id}", steps=3 if card_id == "forced_march" else 2,
                                         rivers=card_id == "raft")
            out = (toks_text(toks), "-".join(path))
        elif len(rest) != wanted:
            raise Refused(Msg("{card} takes {arguments}", card=card_id, arguments=Msg(card.args)) if card.args
                          else Msg("{card} takes no arguments", card=card_id),
                          f"PLAY {card_id} {card.args}".strip())
        else:
            out = self.card_args(card_id, rest)
        self.played.append(card_id)
        return Play(card_id, out, line)

    def card_args(self, card_id: str, rest: list[str]) -> tuple[str, ...]:
        if not rest:
            return ()
        name = self.land(rest[0])
        sp = self.state.peek(name)
        if card_id in ("palisade", "fertility", "early_seed") and (sp is None or sp.camp != self.player):
            raise Refused(Msg("you have no camp on {space}", space=name))
        if card_id == "early_seed" and (self.board.hexes[name].kind != "P" or sp.crop):
            raise Refused(Msg("{space} needs to be a plains village of yours without a crop", space=name))
        if card_id.startswith("stranger") and name not in self.start_spaces:
            raise Refused(Msg("you have no tokens on {space} for the stranger to join", space=name))
        if card_id == "lure":
            if sp is None or not sp.animals:
                raise Refused(Msg("there are no animals on {space} to lure", space=name))
            direction = rest[1].upper()
            if direction not in DIRECTIONS:
                raise Refused(Msg("{word} is not a direction", word=rest[1]), Msg("N, NE, SE, S, SW or NW"))
            return name, direction
        return (name,)

    def combat(self, args: list[str], line: int) -> CombatOrder:
        if not args:
            raise Refused(Msg("COMBAT names the spaces of your combats in the order you want them"),
                          "COMBAT C4 D5")
        names = [self.land(w) for w in args]
        return CombatOrder(tuple(names), line)

    def standing(self, key: str, args: list[str], line: int) -> Standing:
        values = STANDING_VALUES[key]
        if len(args) != 1:
            raise Refused(Msg("{order} takes one word: {a} or {b}", order=key.upper(), a=values[0].upper(),
                              b=values[1].upper()))
        value = _STANDING_WORDS.get((key, args[0].lower()))
        if value is not None:
            return _standing_order(key, value, line)
        raise Refused(Msg("{order} takes {a} or {b}, not {word}", order=key.upper(), a=values[0].upper(),
                          b=values[1].upper(), word=args[0]))

    def read(self, keyword: str, args: list[str], line: int):
        if self.setup and keyword not in SETUP_KEYWORDS:
            raise Refused(Msg("{order} is not an order of the setup; now you PLACE your tribe "
                              "and may PLANT", order=keyword))
        if keyword in ("LOSSES", "CONQUER", "STARVE"):
            return self.standing(keyword.lower(), args, line)
        return getattr(self, keyword.lower())(args, line)

    def check_after(self, orders: list) -> list[Problem]:
        """Checks that need every line read (the orders that fail are taken out): camps
        need a warrior and a female that do not move; a setup crop needs a ranked start space."""
        problems: list[Problem] = []
        if not any(isinstance(o, _CHECKED_AFTER) for o in orders):
            return problems     # after_problem finds nothing in other orders
        spare = {n: Tokens(t.w, t.f) for n, t in self.unmoved.items()}
        arrivals = {o.path[-1] for o in orders if isinstance(o, Move)}
        kept = []
        for order in orders:
            why = self.after_problem(order, spare, arrivals)
            if why is None:
                kept.append(order)
            else:
                problems.append(Problem.of(order.line, why))
        orders[:] = kept
        return problems

    def after_problem(self, order, spare: dict[str, Tokens], arrivals: set[str]) -> Msg | None:
        """Why ``order`` fails the checks of check_after (taking a camp's tokens from ``spare``), or None."""
        if isinstance(order, Camp):
            t = spare.get(order.space, Tokens())
            if t.w < 1 or t.f < 1:
                return Msg("a camp on {space} needs a warrior and a female of yours there that do not move",
                           space=order.space)
            t.w -= 1
            t.f -= 1
        elif isinstance(order, Fire):
            # Taking fire and setting up a camp are both "instead of moving":
            # the same staying tokens may do both.
            on_volcano = (self.board.hexes[order.space].terrain == "V"
                          and self.unmoved.get(order.space, Tokens()).total > 0)
            near_flames = touches_flames(self.state, order.space) and (
                order.space in self.start_spaces or order.space in arrivals)
            if not (on_volcano or near_flames):
                return Msg("fire on {space} needs a token of yours there: one that stays on a volcano, or one "
                           "that is there before or after moving next to a wildfire or on lava", space=order.space)
        elif isinstance(order, Plant) and self.setup and order.space not in self.places:
            return Msg("{space} is not among your PLACE spaces", space=order.space)
        return None


def parse_tokens(words: list[str]) -> Tokens:
    """``["2W", "1F"]`` (or ``2w1f``, ``W``) to tokens; Refused when it is not that."""
    counted = count_tokens("".join(words))
    if counted is None:
        raise Refused(Msg("{words} is not a count of tokens", words=repr(" ".join(words))), _WRITE_TOKENS)
    if counted[0] + counted[1] == 0:
        raise Refused(Msg("a move needs at least one token"), _WRITE_TOKENS)
    return Tokens(*counted)


def parse(state: State, player: str, text: str) -> OrderSheet:
    reader = _Reader(state, player)
    orders: list = []
    if player not in state.tribes:
        return OrderSheet(player, (), (Problem.of(0, Msg("there is no seat {seat} in this game", seat=player)),))
    lines, problems = sheetlines.numbered(text)
    for number, body in lines:
        words = line_words(body)
        if not words:
            continue
        keyword = words[0].upper()
        if keyword not in KEYWORDS:
            hint = nearest(keyword, KEYWORDS, localwords.KEYWORDS)
            problems.append(Problem.of(number, Msg("unknown order {word}", word=repr(words[0])), _did_you_mean(hint)
                                    or Msg("the orders are {orders}", orders=", ".join(KEYWORDS))))
            continue
        try:
            orders.append(reader.read(keyword, list(words[1:]), number))
        except Refused as why:
            problems.append(Problem.of(number, why.message, why.suggestion))
    problems.extend(reader.check_after(orders))
    problems.sort(key=lambda p: p.line)
    return OrderSheet(player, tuple(orders), tuple(problems))
