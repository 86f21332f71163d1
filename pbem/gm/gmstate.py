"""What a GM action may do to a game in the state it is in (new, active, paused, over): the
states each action accepts, and the refusal, in the reader's language, of one asked in
another state, with what to do instead. The GM's mail and command line share it."""
from __future__ import annotations

from pbem.errors import GameError
from pbem.play.gamewords import outcome_words
from pbem.i18n import N_, _
from pbem.models import Game, GameStatus

STATUS_WORDS = {"new": N_("not started yet"), "active": N_("active"), "paused": N_("paused by the GM"),
                "over": N_("over")}


def status_word(game: Game) -> str:
    """The game's state in words that follow "the game is"."""
    return _(STATUS_WORDS[game.status]) if game.status in STATUS_WORDS else game.status


# The states of a game each GM action accepts (by mail and on the command line alike). An
# action asked in another state is refused with what to do, before anything is changed or
# mailed. ROLLBACK of an over game: only when the rules ended it (its last turn is undone and
# it goes on), not when the GM did.
NEW, ACTIVE, PAUSED, OVER = GameStatus.NEW, GameStatus.ACTIVE, GameStatus.PAUSED, GameStatus.OVER
ACCEPTS: dict[str, frozenset[GameStatus]] = {
    "START": frozenset({NEW}),
    "PAUSE": frozenset({ACTIVE}),
    "RESUME": frozenset({PAUSED}),
    "EXTEND": frozenset({ACTIVE, PAUSED}),
    "PROCESS": frozenset({ACTIVE}),
    "PREVIEW": frozenset({ACTIVE, PAUSED}),
    "ROLLBACK": frozenset({ACTIVE, PAUSED, OVER}),
    "REPLACE": frozenset({NEW, ACTIVE, PAUSED}),
    "BOT": frozenset({NEW, ACTIVE, PAUSED}),
    "VACATION": frozenset({NEW, ACTIVE, PAUSED}),
    "OBSERVE": frozenset({NEW, ACTIVE, PAUSED}),
    "END": frozenset({NEW, ACTIVE, PAUSED}),
}
# What each action would do, for "nothing to ...".
_NOTHING = {"START": N_("nothing to start"), "PAUSE": N_("nothing to pause"), "RESUME": N_("nothing to resume"),
            "EXTEND": N_("nothing to extend"), "PROCESS": N_("nothing to run"), "PREVIEW": N_("nothing to preview"),
            "ROLLBACK": N_("nothing to roll back"), "REPLACE": N_("nothing to give to a new player"),
            "BOT": N_("nothing to hand to the bot"), "VACATION": N_("nothing to send on vacation"),
            "OBSERVE": N_("nothing to follow"), "END": N_("nothing to end")}


def refusal(game: Game, word: str) -> str:
    """Why the GM action ``word`` cannot be done to ``game`` as it is, and
    what to do instead, in the reader's language; '' when it can be done."""
    status = game.status
    if status in ACCEPTS[word]:
        if word == "ROLLBACK" and status == GameStatus.OVER and outcome_words(game) is None:
            return _("the game was ended by the GM; a game ended that way is not rolled back")
        return ""
    said = {"status": status_word(game), "nothing": _(_NOTHING[word]), "game": game.id, "turn": game.turn_no}
    if word == "START":
        return (_("the game is {status}; a finished game does not start again") if status == GameStatus.OVER else
                _("the game is {status} at turn {turn}: it has already started")).format(**said)
    if status == GameStatus.NEW:
        why = _("the game is {status}; {nothing} (start it first: START by mail, or pbem game start {game})")
    elif status == GameStatus.OVER:
        why = _("the game is {status} already") if word == "END" else \
            _("the game is {status}; {nothing} (its turns stay in the history)")
    elif status == GameStatus.PAUSED:
        why = _("the game is {status}; {nothing} (RESUME by mail, or pbem game resume {game}, starts its "
                "clock again)")
    elif word == "RESUME":
        why = _("the game is not paused; its clock is running (PAUSE stops it)")
    else:
        why = _("the game is {status}; {word} cannot be done now")
    return why.format(word=word, **said)


def refuse_unless(game: Game, word: str) -> None:
    """GameError with the refusal when ``word`` cannot be done to ``game`` now."""
    why = refusal(game, word)
    if why:
        raise GameError(why)
