"""Press: messages between players, relayed as the game's press rule allows
(none, public only, or private too; anonymous or not), stored, and sent with
the pass that reads them."""
from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from pbem.config import Config
from pbem.play.games import seats_of, speaking_to
from pbem.i18n import _, ngettext
from pbem.mail.compose import compose
from pbem.models import Game, Press, Seat
from pbem.outbox import queue
from pbem.inbox.protocol import PressBlock

MAX_PRESS_LINES = 200


def _addressed(game: Game, seats: dict[str, Seat], sender: Seat, target: str, line: int) -> list[str] | str:
    """The seats a PRESS TO ``target`` reaches, or why it reaches nobody."""
    if target == "ALL":       # a resigned seat's player gets no more mail of the game
        return [n for n in seats if n != sender.name and not seats[n].resigned]
    if game.press == "public":
        return _("Line {line}: this game allows public press only (PRESS TO ALL); nothing was sent.").format(
            line=line)
    names = [n.strip().lower() for n in target.split(",") if n.strip()]
    unknown = [n for n in names if n not in seats]
    if unknown:
        return _("Line {line}: no seat {unknown}; the seats are {seats}. Nothing was sent.").format(
            line=line, unknown=", ".join(unknown), seats=", ".join(seats))
    names = [n for n in names if n != sender.name]
    gone = [n for n in names if seats[n].resigned]
    if gone:
        return ngettext("Line {line}: seat {seats} resigned, and its player gets no press; nothing was sent.",
                        "Line {line}: seats {seats} resigned, and their players get no press; nothing was "
                        "sent.", len(gone)).format(line=line, seats=", ".join(gone))
    return names


def _send(s: Session, cfg: Config, game: Game, press: Press, reader: Seat, named: list[str], now: datetime) -> None:
    """The press mailed to one reader, in its language (``named``: the seats it went to, none
    when it went to everyone)."""
    with speaking_to(game, reader):
        who = _("anonymous") if press.anonymous else press.sender
        said = (_("Press in {game}, turn {turn}, from {who} to {seats}:") if named else
                _("Press in {game}, turn {turn}, from {who} to everyone:")).format(
            game=game.id, turn=game.turn_no, who=who, seats=", ".join(named))
        body = (f"{said}\n\n{press.text}\n\n-- \n"
                + _("Answer with PRESS TO ... ENDPRESS in an order mail to {address}.").format(
                    address=cfg.server.address) + "\n")
        subject = _("[{game}] press from {who}").format(game=game.id, who=who)
    raw = compose(sender=cfg.server.address, sender_name=cfg.server.name, to=reader.email,
                  subject=subject, text=body, when=now)
    queue(s, key=f"press:{press.id}:{reader.name}", kind="press", to=reader.email, raw=raw, game_id=game.id,
          seat=reader.name)


def relay(s: Session, cfg: Config, game: Game, sender: Seat, block: PressBlock, now: datetime) -> str:
    """Send one PRESS block; the sentence for the answer."""
    words = [w.upper() for w in block.header]
    if not block.closed:
        return _("Line {line}: the press has no ENDPRESS line, so it was not sent.").format(line=block.line)
    if len(words) < 2 or words[0] != "TO":
        return _("Line {line}: write PRESS TO <seat>[,<seat>...]|ALL [ANON], the message, then ENDPRESS.").format(
            line=block.line)
    anonymous = "ANON" in words[2:]
    if game.press == "none":
        return _("Line {line}: this game allows no press; nothing was sent.").format(line=block.line)
    seats = {x.name: x for x in seats_of(s, game.id)}
    target = words[1]
    names = _addressed(game, seats, sender, target, block.line)
    if isinstance(names, str):
        return names
    if anonymous and not game.press_anon:
        return _("Line {line}: this game allows no anonymous press; nothing was sent.").format(line=block.line)
    if not names:
        return _("Line {line}: the press names nobody but you; nothing was sent.").format(line=block.line)
    text = "\n".join(block.text[:MAX_PRESS_LINES]).strip("\n")
    press = Press(game_id=game.id, turn_no=game.turn_no, sender=sender.name,
                  recipients="ALL" if target == "ALL" else ",".join(names), anonymous=anonymous, text=text)
    s.add(press)
    s.flush()
    everyone = target == "ALL"
    for name in names:
        _send(s, cfg, game, press, seats[name], names if not everyone else [], now)
    lines = len(block.text)
    if everyone:
        sent = (ngettext("Press sent to everyone anonymously ({n} line).", "Press sent to everyone anonymously "
                         "({n} lines).", lines) if anonymous else
                ngettext("Press sent to everyone ({n} line).", "Press sent to everyone ({n} lines).", lines))
    else:
        sent = (ngettext("Press sent to {seats} anonymously ({n} line).", "Press sent to {seats} anonymously "
                         "({n} lines).", lines) if anonymous else
                ngettext("Press sent to {seats} ({n} line).", "Press sent to {seats} ({n} lines).", lines))
    return sent.format(seats=", ".join(names), n=lines)
