"""The GameSpec that the options of 'pbem game new' describe, and its help,
which lists the options of the ruleset chosen."""
from __future__ import annotations

import re

import click

from pbem.cli.common import given_now
from pbem.play.games import GameSpec, option_text, spec_from_file
from pbem.errors import GameError
from pbem.i18n import LANGUAGES
from pbem.presenters import DEFAULT


def _ruleset_named(args: list[str]) -> str:
    """The --ruleset of ``args`` (read before click parses them, so that
    --help can list that ruleset's options), else the default."""
    for i, arg in enumerate(args):
        if arg == "--ruleset" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--ruleset="):
            return arg.split("=", 1)[1]
    return DEFAULT


class NewGameCommand(click.Command):
    """'pbem game new', whose help ends with the chosen ruleset's options."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta["pbem.ruleset"] = _ruleset_named(args)
        return super().parse_args(ctx, args)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from engine import get_ruleset
        name = ctx.meta.get("pbem.ruleset", DEFAULT)
        try:
            ruleset = get_ruleset(name)
        except ValueError as why:
            with formatter.section("Ruleset options"):
                formatter.write_text(str(why))
            return
        rows = [(option_text(o), o.help) for o in ruleset.options]
        rows.append(("lang=" + "|".join(LANGUAGES) + " (default en)",
                     "the language of the game's mail; each seat may choose its own (LANGUAGE by mail)"))
        with formatter.section(f"Options of {name} ({ruleset.title}), each as --option KEY=VALUE"):
            if rows:
                formatter.write_dl(rows)
            else:
                formatter.write_text("none")
            formatter.write_text("(pbem game new --ruleset NAME --help lists another ruleset's.)")
        super().format_epilog(ctx, formatter)


def spec_from_options(game_id: str | None, from_file: str | None, seats: tuple[str, ...],  # type: ignore[no-untyped-def]
                      options: tuple[str, ...], anon: bool, start_at: str | None, move_reminders: str, **same):
    """The GameSpec that the options of 'pbem game new' (or its --from file) describe."""
    if from_file:
        spec = spec_from_file(from_file)
        if game_id:
            spec.id = game_id
        spec.allow_shared_address = spec.allow_shared_address or same.get("allow_shared_address", False)
        return spec
    return GameSpec(id=game_id or "", seats=[_split(entry, ":", "--seat", "NAME:EMAIL") for entry in seats],
                    options=dict(_split(entry, "=", "--option", "KEY=VALUE") for entry in options),
                    press_anon=anon, start_at=given_now(start_at) if start_at else None,
                    move_reminders=_hours(move_reminders, "--move-reminders"), **same)


def _split(entry: str, sep: str, option: str, form: str) -> tuple[str, str]:
    """``entry`` cut at its first ``sep``; GameError when it has none."""
    left, found, right = entry.partition(sep)
    if not found:
        raise GameError(f"{option} {entry!r}: write it {form}")
    return left, right


def _hours(text: str, option: str) -> list[int]:
    """Up to 8 whole hours separated by commas (``6,1``; empty for none), so
    that they fit the game's column; GameError otherwise."""
    parts = [part.strip() for part in text.split(",")] if text.strip() else []
    if len(parts) > 8 or not all(re.fullmatch(r"[0-9]{1,4}", part) for part in parts):
        raise GameError(f"{option} {text!r}: write it as up to 8 whole hours separated by commas, like 6,1")
    return [int(part) for part in parts]
