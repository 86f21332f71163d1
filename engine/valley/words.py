"""Words of the Valley's texts as messages (engine.messages), for the mail
layer to translate: the seasons and the reasons a game ends."""
from __future__ import annotations

from engine.messages import Msg

_SEASONS = {"summer": lambda: Msg("summer"), "winter": lambda: Msg("winter")}


def season_word(season: str) -> Msg:
    return _SEASONS[season]()


def when_words(season: str, turn: int, year: int) -> Msg:
    """"winter turn 2 of year 1"."""
    return Msg("{season} turn {turn} of year {year}", season=season_word(season), turn=turn, year=year)


EXTINCT = "only animals are left: humankind is extinct"


def reason_word(reason: str) -> Msg | str:
    """The reason a game ended (State.reason, stored as English) as a message."""
    if reason == EXTINCT:
        return Msg("only animals are left: humankind is extinct")
    if reason == "held 4 or more camps at the end of two turns in a row":
        return Msg("held 4 or more camps at the end of two turns in a row")
    if reason == "held 4 or more camps at the end of two turns in a row and has fire":
        return Msg("held 4 or more camps at the end of two turns in a row and has fire")
    return reason
