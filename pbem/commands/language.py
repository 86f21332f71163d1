"""LANGUAGE <en|fr|es> and TIMEZONE <zone>: the language and the clock a
seat's mail is written in (answers, reports, reminders), whatever the game's."""
from __future__ import annotations

from functools import lru_cache
from zoneinfo import available_timezones

from pbem import i18n
from pbem.commands.base import Context, Entry
from pbem.i18n import LANGUAGES, N_, _


def asked_language(args: tuple[str, ...]) -> str:
    """The language a LANGUAGE line names, or '' when it names none pbem speaks."""
    return args[0].lower() if len(args) == 1 and args[0].lower() in LANGUAGES else ""


def language(ctx: Context) -> None:
    """Set the seat's language; the rest of this answer is already in it."""
    cmd, seat = ctx.cmd, ctx.seat
    lang = asked_language(cmd.args)
    if not lang:
        now = seat.lang or ctx.game.lang
        ctx.answer.add(_("Line {line}: LANGUAGE takes one of {choices} (now {now}).").format(
            line=cmd.line, choices=", ".join(LANGUAGES), now=now))
        return
    seat.lang = lang
    ctx.session.add(seat)
    i18n.choose(lang)
    # Translators: name your own language: this is said once the seat chose it.
    ctx.answer.add(_("LANGUAGE {lang}: your mail from this game is now written in English.").format(
        lang=lang.upper()))


@lru_cache(maxsize=1)
def _zones() -> dict[str, str]:
    return {z.lower(): z for z in available_timezones()}


def zone_named(text: str) -> str:
    """The zoneinfo name ``text`` spells (in any case), 'UTC', or ''."""
    return "UTC" if text.upper() == "UTC" else _zones().get(text.lower(), "")


def timezone(ctx: Context) -> None:
    """Set the seat's time zone ('' for UTC)."""
    cmd, seat = ctx.cmd, ctx.seat
    zone = zone_named(cmd.args[0]) if len(cmd.args) == 1 else ""
    if not zone:
        ctx.answer.add(_("Line {line}: TIMEZONE takes a time zone such as Europe/Paris, "
                         "America/Mexico_City or UTC (now {now}).").format(line=cmd.line,
                                                                         now=seat.timezone or "UTC"))
        return
    seat.timezone = "" if zone == "UTC" else zone
    ctx.session.add(seat)
    i18n.choose(i18n.current(), seat.timezone)
    ctx.answer.add(_("TIMEZONE {zone}: the times in your mail from this game are now in {zone}.").format(
        zone=zone))


LANGUAGE = Entry("LANGUAGE", "en | fr | es", N_("the language of your mail"), language)
TIMEZONE = Entry("TIMEZONE", "<zone>", N_("your time zone, like Europe/Paris"), timezone)
