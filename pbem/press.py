"""Press: messages between players, relayed as the game's press rule allows
(none, public only, or private too; anonymous or not), stored, and sent with
the pass that reads them."""
from __future__ import annotations

from datetime import datetime

from sqlmodel import Session

from pbem.config import Config
from pbem.games import seats_of
from pbem.mail.compose import compose
from pbem.models import Game, Press, Seat
from pbem.outbox import queue
from pbem.protocol import PressBlock

MAX_PRESS_LINES = 200


def relay(s: Session, cfg: Config, game: Game, sender: Seat, block: PressBlock, now: datetime) -> str:
    """Send one PRESS block; the sentence for the answer."""
    words = [w.upper() for w in block.header]
    if not block.closed:
        return f"Line {block.line}: the press has no ENDPRESS line, so it was not sent."
    if len(words) < 2 or words[0] != "TO":
        return f"Line {block.line}: write PRESS TO <seat>[,<seat>...]|ALL [ANON], the message, then ENDPRESS."
    anonymous = "ANON" in words[2:]
    if game.press == "none":
        return f"Line {block.line}: this game allows no press; nothing was sent."
    seats = {x.name: x for x in seats_of(s, game.id)}
    target = words[1]
    if target == "ALL":
        names = [n for n in seats if n != sender.name]
    else:
        if game.press == "public":
            return f"Line {block.line}: this game allows public press only (PRESS TO ALL); nothing was sent."
        names = [n.strip().lower() for n in target.split(",") if n.strip()]
        unknown = [n for n in names if n not in seats]
        if unknown:
            return f"Line {block.line}: no seat {', '.join(unknown)}; the seats are {', '.join(seats)}. Nothing was sent."
        names = [n for n in names if n != sender.name]
    if anonymous and not game.press_anon:
        return f"Line {block.line}: this game allows no anonymous press; nothing was sent."
    if not names:
        return f"Line {block.line}: the press names nobody but you; nothing was sent."
    text = "\n".join(block.text[:MAX_PRESS_LINES]).strip("\n")
    press = Press(game_id=game.id, turn_no=game.turn_no, sender=sender.name,
                  recipients="ALL" if target == "ALL" else ",".join(names), anonymous=anonymous, text=text)
    s.add(press)
    s.flush()
    who = "anonymous" if anonymous else sender.name
    scope = "to everyone" if target == "ALL" else "to " + ", ".join(names)
    for name in names:
        body = (f"Press in {game.id}, turn {game.turn_no}, from {who} {scope}:\n\n{text}\n\n"
                f"-- \nAnswer with PRESS TO ... ENDPRESS in an order mail to {cfg.server.address}.\n")
        raw = compose(sender=cfg.server.address, sender_name=cfg.server.name, to=seats[name].email,
                      subject=f"[{game.id}] press from {who}", text=body, when=now)
        queue(s, key=f"press:{press.id}:{name}", kind="press", to=seats[name].email, raw=raw, game_id=game.id)
    return f"Press sent {scope}" + (" anonymously" if anonymous else "") + f" ({len(block.text)} lines)."
