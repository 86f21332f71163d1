"""The engine contract: what every ruleset offers the mail layer.

The mail layer stores states and sheets as JSON, shows views through
templates and never looks inside a game. A new game (Stone Age, Dewan) adds
a subpackage that implements :class:`Ruleset` and registers it in
:mod:`engine.registry`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol, Sequence, TypedDict, TypeVar, runtime_checkable

from engine.dice import Dice


@dataclass(frozen=True)
class Option:
    """A game option a GM may set with ``--option name=value``."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] = ()

    def parse(self, text: str) -> Any:
        """Turn the GM's text into a value, or raise ValueError saying why."""
        if isinstance(self.default, bool):
            low = text.strip().lower()
            if low in ("1", "true", "yes", "on"):
                return True
            if low in ("0", "false", "no", "off"):
                return False
            raise ValueError(f"option {self.name} takes yes or no, not {text!r}")
        value: Any = text.strip()
        if isinstance(self.default, int):
            try:
                value = int(value)
            except ValueError:
                raise ValueError(f"option {self.name} takes a whole number, not {text!r}") from None
        if self.choices and value not in self.choices:
            listed = ", ".join(str(c) for c in self.choices)
            raise ValueError(f"option {self.name} is one of {listed}, not {text!r}")
        return value


@dataclass(frozen=True)
class Problem:
    """One refused order line: where, what is wrong, and what might be meant."""

    line: int
    message: str
    suggestion: str = ""
    # The message and the suggestion as message ids with their values
    # (engine.messages), for the mail layer to translate; ``message`` and
    # ``suggestion`` are their English. Not compared.
    said: tuple[Any, Any] = field(default=(None, None), compare=False)

    @classmethod
    def of(cls, line: int, message: Any, suggestion: Any = "") -> "Problem":
        """A problem from a message and a suggestion (engine.messages, or plain English)."""
        return cls(line, str(message), str(suggestion), (message, suggestion))

    def __str__(self) -> str:
        text = f"line {self.line}: {self.message}"
        if self.suggestion:
            text += f" ({self.suggestion})"
        return text


@dataclass(frozen=True)
class OrderSheet:
    """A player's orders as understood, plus the lines that were refused.

    ``orders`` hold ruleset-specific typed orders; ``normal`` is their normal
    form, one line each, as the confirmation mail echoes them.
    """

    player: str
    orders: tuple[Any, ...] = ()
    problems: tuple[Problem, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def normal(self) -> list[str]:
        return [str(order) for order in self.orders]


class _OpenEvent:
    """An event's fields, open for writing: ``message_event`` fills them in, then makes the
    object the (frozen) Event it is from then on."""

    __slots__ = ("phase", "_text", "to", "by", "message")


class Event(_OpenEvent):
    """One line of the turn's log. ``to`` is None for public events, else the
    only seat allowed to see it.

    ``by`` names the seat whose order this event carries out (a move made, a
    camp set up, a card played that took effect), or is None. A public event
    with ``by`` set is what everybody may learn of that seat's orders: order
    sheets themselves are private (standing orders, ranked lists, refused
    lines that name cards in a hand), so the mail layer publishes the orders
    as carried out from these events, never the sheets.

    ``message`` is the text as a message id and its values (engine.messages),
    for the mail layer to translate; ``text`` is its English, written when it
    is first read (bots' games and simulations never read most of it), or
    given as it is. Events are frozen, and two events are the same when they
    say the same: the message is not compared.
    """

    __slots__ = ()          # the fields are _OpenEvent's

    def __init__(self, phase: str, text: str | None = None, to: str | None = None, by: str | None = None,
                 message: Any = None) -> None:
        if text is None and message is None:
            raise ValueError("an event needs a text or a message")
        # frozen: the attributes are set once, here, by their slots' own setters (a hot path)
        _SET_PHASE(self, phase)
        _SET_TEXT(self, text)
        _SET_TO(self, to)
        _SET_BY(self, by)
        _SET_MESSAGE(self, message)

    @property
    def text(self) -> str:
        if self._text is None:
            _SET_TEXT(self, str(self.message))
        return self._text

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"an Event is frozen: cannot set {name}")

    def _key(self) -> tuple[Any, ...]:
        return self.phase, self.text, self.to, self.by

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Event(phase={self.phase!r}, text={self.text!r}, to={self.to!r}, by={self.by!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Event, (self.phase, self.text, self.to, self.by, self.message)

    def to_dict(self) -> dict[str, Any]:
        """The stored form; ``by`` and ``message`` only when set (logs stored before had none)."""
        out: dict[str, Any] = {"phase": self.phase, "text": self.text, "to": self.to}
        if self.by is not None:
            out["by"] = self.by
        if self.message is not None:
            out["message"] = self.message.to_dict()
        return out


_SET_PHASE, _SET_TEXT, _SET_TO, _SET_BY, _SET_MESSAGE = (
    _OpenEvent.__dict__[name].__set__ for name in ("phase", "_text", "to", "by", "message"))


def message_event(phase: str, message: Any, to: str | None = None, by: str | None = None) -> Event:
    """``Event(phase, None, to, by, message)``: an event whose text is its message's English,
    written when first read. The engines' logs make thousands a game, so it is made here without
    the call of ``__init__``: filled in as an open one, by plain assignments, then frozen by
    becoming an Event (the same fields, the same layout)."""
    if message is None:
        raise ValueError("an event needs a text or a message")
    event = _OpenEvent()
    event.phase = phase
    event._text = None
    event.to = to
    event.by = by
    event.message = message
    event.__class__ = Event
    return event


class EndReason(str, Enum):
    """How a game ended, for the mail layer to word and count."""

    WON = "won"          # one or more seats reached the game's goal
    NOBODY = "nobody"    # the rules ended the game and nobody won (Valley: humankind extinct)
    SCORED = "scored"    # the game ran its course and the best score won


@dataclass(frozen=True)
class Outcome:
    winners: tuple[str, ...]
    reason: EndReason
    text: str            # the reason in the rulebook's words, for reports ("held 4 camps ...")
    message: Any = field(default=None, compare=False)   # ``text`` as an engine.messages value (None: as text)


@dataclass(frozen=True)
class Resolution:
    state: Any
    events: tuple[Event, ...] = field(default_factory=tuple)


class BaseView(TypedDict):
    """What every game's view holds, the keys the mail layer may read whatever the game. A
    game's view is a TypedDict on this one (engine.valley.view.ValleyView, ...) declaring each
    key it adds with its type; views are plain data, stored as JSON in the history and archive."""

    ruleset: str                              # the game's name
    players: list[str]                        # every seat, in play or not
    me: str | None                            # the seat whose view it is; None: the public's
    prompt: str                               # the question asked of ``me`` now, in English ('' none)
    prompt_message: dict[str, Any] | None     # ``prompt`` as a stored message (engine.messages), or None


S = TypeVar("S")    # a ruleset's own state type


@runtime_checkable
class Ruleset(Protocol[S]):
    """What the mail layer needs from a game, generic over the game's state. A game's ruleset
    stands on engine.ruleset.BaseRuleset, which gives the hooks a game may not need their
    defaults (no messages, no seat-name rule, no notes, the state's own JSON)."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: Sequence[Option]
    order_words: Sequence[str]       # the first words of its orders (a line with another is no order)
    # In turn, one move a seat a round: the seat that opens a round is asked next only with the
    # round's end, so it hears the news right after its move (to send the next one ahead).
    one_move_a_round: bool
    # Players name a position by its round (``round_of``), as the game itself counts: with one move
    # a seat a round, "round 9, your move" is one moment for that seat; TURN and HISTORY take rounds.
    counts_rounds: bool

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """All options with defaults filled in; ValueError on unknown or bad ones."""

    def steps_are_rounds(self, options: dict[str, Any]) -> bool:
        """True when every step of a game with these (checked) options is one whole round of the
        game, the first step round 1 (Stone Age's plan mode): players then count the game in
        rounds, and the mail layer shows and reads step N as round N + 1."""

    def new_game(self, players: Sequence[str], options: dict[str, Any], seed: int | str) -> S:
        """The state before the first orders (for Valley: waiting for PLACE)."""

    def players(self, state: S) -> Sequence[str]:
        """Every seat of the game, in play or not."""

    def awaiting(self, state: S) -> frozenset[str]:
        """The seats whose orders the next ``resolve`` needs (Valley: every seat
        still in play, a tribe coming back included; none once the game is over)."""

    def simultaneous(self, state: S) -> bool:
        """True when the awaited seats order together against the game's
        deadline (Valley, always); False when they act in turn, each step
        with the per-move deadline and due as soon as every awaited seat
        has a clean sheet."""

    def prompt(self, state: S, player: str) -> str:
        """The short question an awaited seat answers ("your move: take 1 to
        3 stones"); '' for a seat that is not awaited."""

    def prompt_message(self, state: S, player: str) -> Any:
        """``prompt`` as a message (engine.messages) the mail layer shows in the reader's
        language, or None (then ``prompt``'s English is shown)."""

    def pre_orders_message(self, state: S, player: str) -> Any:
        """``pre_orders`` as a message, or None."""

    def seat_name_problem(self, name: str) -> Any:
        """Why ``name`` cannot name a seat of this game (a message or ''), beyond the mail
        layer's own rules."""

    def notes(self, state: S, player: str, sheet: OrderSheet) -> Sequence[Problem]:
        """What a clean sheet likely did not mean, shown under the stored orders (the sheet is
        stored all the same)."""

    def pre_orders(self, state: S, player: str) -> str:
        """For a seat that is not awaited: the later decision a sheet sent
        now will answer ("your next move"), or '' when the game has no use
        for one (the sheet is then refused, saying whose move it is)."""

    def round_of(self, state: S) -> int:
        """The round the state is in. When a step changes it, seats on
        ``DIGEST ROUND`` get the round's news (Valley: the game turn, so
        every step)."""

    def parse_orders(self, state: S, player: str, text: str) -> OrderSheet:
        """Read a player's order text; never raises on any text."""

    def resolve(self, state: S, sheets: dict[str, OrderSheet], dice: Dice) -> Resolution:
        """One step: the next state and the event log. Never changes ``state``.

        ``sheets`` holds a sheet for every awaited seat (its orders, or the
        missed rule's) and, for a seat not awaited, only the sheet it sent
        (its pre-orders); a seat not awaited that sent nothing has none.
        ``resolve`` runs as far as it can: through every decision a sheet,
        standing order or kept pre-order answers and every decision with one
        legal answer or none, and stops where a seat must decide something
        no sheet says, or at the end of a round. Each pre-order or plan line
        used, skipped or dropped is an event saying why."""

    def default_orders(self, state: S, player: str) -> OrderSheet:
        """What a seat that sent nothing does."""

    def bot_orders(self, state: S, player: str, rng: Any) -> OrderSheet:
        """Orders for a seat the bot plays; ``rng`` is a random.Random."""

    def view(self, state: S, player: str | None) -> BaseView:
        """Plain data for the templates, the game's own TypedDict on BaseView; private facts
        only in the owner's view."""

    def outcome(self, state: S) -> Outcome | None:
        """None while the game goes on."""

    def to_json(self, state: S) -> str:
        """Canonical, versioned JSON of a state."""

    def from_json(self, text: str) -> S:
        """The state a ``to_json`` text describes."""
