"""The ``pbem`` command: thin click commands over the engine and the mail layer.

The commands live by group in this package's modules (what they share in
common.py); this one holds the ``main`` group and registers them."""
from __future__ import annotations

from pathlib import Path

import click

from pbem import __version__
from pbem.cli import game, history, mailcheck, server, tools
from pbem.cli.common import Ctx


class _StorageTrouble(click.ClickException):
    """The disk or the database failed under a command: one line, exit 75 as
    for a pass (nothing half done: every command is one transaction)."""
    exit_code = 75


class _Main(click.Group):
    def invoke(self, ctx: click.Context):  # type: ignore[no-untyped-def]
        from sqlalchemy.exc import InterfaceError, OperationalError

        from pbem.db import storage_trouble
        try:
            return super().invoke(ctx)
        except (OperationalError, InterfaceError, OSError) as why:
            trouble = storage_trouble(why)
            if not trouble:
                raise
            raise _StorageTrouble(f"{trouble}; nothing was changed: fix the disk, then run it again") from None


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pbem")
@click.option("--config", "config_path", envvar="PBEM_CONFIG", type=click.Path(dir_okay=False),
              help="the server config (default: $PBEM_CONFIG, else ./pbem.toml if present)")
@click.pass_context
def main(ctx: click.Context, config_path: str | None) -> None:
    """Run play-by-email board games: read order mails, resolve turns, mail reports."""
    if config_path is None and Path("pbem.toml").exists():
        config_path = "pbem.toml"
    ctx.obj = Ctx(config_path)


main.add_command(server.init)
main.add_command(server.process)
main.add_command(server.status)
main.add_command(server.watch_command)
main.add_command(game.game)
main.add_command(history.history)
main.add_command(history.archive)
main.add_command(history.replay)
main.add_command(tools.demo)
main.add_command(tools.simulate)
main.add_command(tools.adjudicate)
main.add_command(mailcheck.check_mail)
