"""The mail commands' words, declared once: each English word, who may send it, and the words
French and Spanish players may write for it. The protocol reads mail with these
(pbem.inbox.protocol's word sets and ALIASES are made from them), the command table gives each
entry its senders from them (pbem.commands), and HELP shows a reader its own words. A light
module: the protocol imports it, not the commands' handlers."""
from __future__ import annotations

from dataclasses import dataclass

PLAYER = frozenset({"player"})
GM = frozenset({"gm"})
SIGNED = PLAYER | GM
ANYONE = frozenset({"anyone"})          # mail from people without a seat: no SIGNON
EVERYONE = ANYONE | SIGNED


@dataclass(frozen=True)
class Word:
    who: frozenset[str]
    fr: tuple[str, ...] = ()
    es: tuple[str, ...] = ()


WORDS: dict[str, Word] = {
    "HELP": Word(EVERYONE, ("AIDE",), ("AYUDA",)),
    "STATUS": Word(SIGNED, ("ETAT", "ÉTAT"), ("ESTADO",)),
    "READY": Word(PLAYER, ("PRET", "PRÊT"), ("LISTO", "LISTA")),
    "WAIT": Word(PLAYER, ("ATTENDRE", "ATTENTE"), ("ESPERAR",)),
    "PASSWORD": Word(PLAYER, ("MOTDEPASSE",), ("CONTRASENA", "CONTRASEÑA")),
    "RESIGN": Word(PLAYER, ("ABANDONNER",), ("ABANDONAR",)),
    "TURN": Word(PLAYER),
    "HISTORY": Word(PLAYER, ("HISTORIQUE",), ("HISTORIAL",)),
    "ENDPRESS": Word(PLAYER),
    "VACATION": Word(PLAYER, ("VACANCES",), ("VACACIONES",)),
    "DIGEST": Word(PLAYER),
    "LANGUAGE": Word(PLAYER, ("LANGUE",), ("IDIOMA",)),
    "TIMEZONE": Word(PLAYER, ("FUSEAU",), ("ZONAHORARIA",)),
    "JOIN": Word(ANYONE, ("REJOINDRE",), ("UNIRSE",)),
    "OBSERVE": Word(ANYONE, ("OBSERVER",), ("OBSERVAR",)),
    "CONFIRM": Word(ANYONE, ("CONFIRMER",), ("CONFIRMAR",)),
    "PAUSE": Word(GM),
    "RESUME": Word(GM),
    "EXTEND": Word(GM),
    "PROCESS": Word(GM),
    "PREVIEW": Word(GM),
    "ROLLBACK": Word(GM),
    "REPLACE": Word(GM),
    "BOT": Word(GM),
    "START": Word(GM),
    "END": Word(GM),
}


def who(name: str) -> frozenset[str]:
    """Who may send the command ``name`` (its first word: "READY / WAIT" is READY's)."""
    return WORDS[name.split(" / ")[0]].who
