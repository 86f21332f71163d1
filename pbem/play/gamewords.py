"""What a game says in the reader's words, from its ruleset: its name, who won and why,
what it asks a seat now and what a sheet sent out of turn will answer. The engines give
English and messages (engine.messages); these write them in the language being spoken."""
from __future__ import annotations

from typing import Any

from engine import get_ruleset
from engine.contract import EndReason
from pbem.i18n import _, ngettext
from pbem.models import Game
from pbem.reports.render import spoken


def outcome_words(game: Game) -> str | None:
    """Who won and why, as a sentence's end ("white won (...)"); None while
    the rules have not ended the game (it goes on, or the GM ended it)."""
    if not game.state_json:
        return None
    ruleset = get_ruleset(game.ruleset)
    outcome = ruleset.outcome(ruleset.from_json(game.state_json))
    if outcome is None:
        return None
    reason = spoken(outcome.message) if outcome.message is not None else outcome.text
    if outcome.reason is EndReason.NOBODY or not outcome.winners:
        return _("nobody won ({reason})").format(reason=reason)
    return ngettext("{who} won ({reason})", "{who} won ({reason})", len(outcome.winners)).format(
        who=_(" and ").join(outcome.winners), reason=reason)


def title_of(ruleset: Any) -> str:
    """The game's name in the reader's language."""
    return _(ruleset.title)


def question(ruleset: Any, state: Any, seat: str) -> str:
    """What the game asks ``seat`` now, in the language being spoken: the game's prompt message
    where it has one, else its (English) prompt; '' when nothing is asked."""
    prompt = ruleset.prompt(state, seat)
    return _in_words(ruleset.prompt_message(state, seat), prompt) if prompt else ""


def later_decision(ruleset: Any, state: Any, seat: str) -> str:
    """What a sheet sent now by ``seat`` (not awaited) will answer, in the language being
    spoken; '' when the game has no use for one."""
    english = ruleset.pre_orders(state, seat)
    return _in_words(ruleset.pre_orders_message(state, seat), english) if english else ""


def _in_words(message: Any, english: str) -> str:
    """A hook's message in the reader's words, else the ``english`` it stands for."""
    return spoken(message) if message is not None else english
