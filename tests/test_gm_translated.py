"""What GMs and players read about a game's course, in their own language:
the GM's refusals by mail (the reasons, not only their frame), HISTORY's
errors, the outcome line of STATUS and the archive, the game's name. The
command line and the GM log stay English (tests/test_gm_refusals.py)."""
from __future__ import annotations

import random
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner
from pbem_world import World, order_mail, run_pass, text_of

from engine import SeededDice, get_ruleset
from pbem import i18n
from pbem.cli import main
from pbem.play.gamewords import outcome_words, title_of
from pbem.models import Game

T0 = datetime(2026, 6, 1, 8, 0, tzinfo=timezone.utc)
ANN, BOB, GM = "ann@example.org", "bob@example.org", "gm@example.org"
# English that must not show through a French or Spanish answer.
ENGLISH = ("the game", "nothing to", "has no seat", "already", " write ", "is not a", "resolved", "turn ",
           "Line ")


class Mailer:
    """A game ``g`` in ``lang`` on a world without servers; mails answered one pass each."""

    def __init__(self, tmp_path: Path, lang: str) -> None:
        self.world, self.clock = World(tmp_path), T0
        made = self.cli("game", "new", "g", "--seat", f"red:{ANN}", "--seat", f"blue:{BOB}", "--gm", GM,
                        "--seed", "gm-translated", "--option", f"lang={lang}")
        assert made.exit_code == 0, made.output
        self.gm_password = re.search(r"GM password: (\S+)", made.output).group(1)

    def cli(self, *args: str):  # type: ignore[no-untyped-def]
        return CliRunner().invoke(main, ["--config", str(self.world.config), *args], env={})

    def answer(self, sender: str, body: str) -> str:
        self.clock += timedelta(minutes=5)
        self.world.post(order_mail(sender, body))
        assert run_pass(self.world, self.clock)[0] == 0
        answers = [m for m in self.world.outbox(sender) if m["Date"].datetime == self.clock]
        assert len(answers) == 1, [m["Subject"] for m in self.world.outbox(sender)]
        return flat(text_of(answers[0]))

    def gm(self, body: str) -> str:
        return self.answer(GM, f"SIGNON g gm {self.gm_password}\n{body}")


def flat(text: str) -> str:
    """The text on one line (the answer's wrapping undone; no-break spaces kept)."""
    return re.sub(r"[ \t\n]+", " ", text)


def refused_lines(answer: str, word: str) -> list[str]:
    """Each "Line N: ..." of an answer, as one string (``word``: the language's "Line")."""
    return [f"{word} {part}".strip() for part in answer.split(f"{word} ")[1:]]


SAID = {
    "fr": {"line": "Ligne", "not started": "la partie est en attente de départ\u00a0; pas d'échéance à repousser "
           "(lancez-la d'abord\u00a0: START par mail, ou pbem game start g)",
           "range": "EXTEND prend une durée de 1m à 365d", "no seat": "la partie g n'a pas de place zed",
           "held": "bob@example.org a déjà la place blue de g\u00a0; une adresse, une place",
           "address": "place red\u00a0: 'bad@@x' n'est pas une adresse mail.",
           "usage": "écrivez REPLACE <place> <adresse> ou BOT <place> ON|OFF",
           "not gm": "VACATION n'est pas une commande du MJ", "started": "elle a déjà commencé",
           "running": "son horloge tourne", "no turn": "g n'a aucun tour joué à annuler",
           "preview": "PREVIEW\u00a0: rien n'a été enregistré", "history": "g n'a de compte rendu que pour le tour 0, pas pour le 4",
           "welcome": "La Vallée des Mammouths, partie g\u00a0: bienvenue\u00a0!",
           "over": "la partie est déjà terminée", "ended": "la partie a été terminée par le MJ"},
    "es": {"line": "Línea", "not started": "la partida está sin empezar; ningún plazo que prorrogar (empiézala "
           "antes: START por correo, o pbem game start g)",
           "range": "EXTEND lleva un tiempo de 1m a 365d", "no seat": "la partida g no tiene el puesto zed",
           "held": "bob@example.org ya tiene el puesto blue de g; una dirección, un puesto",
           "address": "puesto red: 'bad@@x' no es una dirección de correo.",
           "usage": "escribe REPLACE <puesto> <dirección> o BOT <puesto> ON|OFF",
           "not gm": "VACATION no es un comando del DJ", "started": "ya ha empezado",
           "running": "su reloj corre", "no turn": "g no tiene ningún turno jugado que deshacer",
           "preview": "PREVIEW: no se ha guardado nada", "history": "g solo tiene informe del turno 0, no del 4",
           "welcome": "El Valle de los Mamuts, partida g: te damos la bienvenida.",
           "over": "la partida ya está terminada", "ended": "la partida la terminó el DJ"},
}


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_gms_refusals_by_mail_give_their_reasons_in_the_games_language(tmp_path: Path, lang: str) -> None:
    said, mailer = SAID[lang], Mailer(tmp_path, lang)
    answer = mailer.gm("EXTEND 24h\nEXTEND 9999d\nREPLACE zed a@example.org\nREPLACE red bob@example.org\n"
                       "REPLACE red bad@@x\nBOT red\nVACATION red 2\n")
    lines = refused_lines(answer, said["line"])
    assert len(lines) == 7, answer
    for line, key in zip(lines, ("not started", "range", "no seat", "held", "address", "usage", "not gm")):
        assert said[key] in line, (key, line)
    for line in lines:
        assert not any(english in line for english in ENGLISH), line
    answer = mailer.gm("START\nSTART\nRESUME\nROLLBACK\nPREVIEW\n")
    assert said["started"] in answer and said["running"] in answer and said["no turn"] in answer
    assert said["preview"] in answer
    welcome = flat(text_of(mailer.world.outbox(ANN)[0]))
    assert said["welcome"] in welcome, welcome
    password = re.search(r"\b[a-z]{2}\d[a-z]{2}-[a-z]{2}\d[a-z]{2}-[a-z]{2}\d[a-z]{2}\b", welcome).group(0)
    history = mailer.answer(ANN, f"SIGNON g red {password}\nHISTORY\nHISTORY 4\n")
    assert history.count(said["history"]) == 1 and history.count("=== pbem report g turn 0 ===") == 1, history
    answer = mailer.gm("END\nEND\nROLLBACK\n")
    assert said["over"] in answer and said["ended"] in answer
    assert not any(english in line for line in refused_lines(answer, said["line"]) for english in ENGLISH)


def _played_out(name: str, players: list[str], seed: int, options: dict[str, object]) -> Game:
    """A game its bots played to the end, as the database would hold it."""
    ruleset = get_ruleset(name)
    state, rng = ruleset.new_game(players, options, seed), random.Random(seed)
    for step in range(3000):
        if ruleset.outcome(state) is not None:
            break
        sheets = {}
        for seat in sorted(ruleset.awaiting(state)):
            sheets[seat] = ruleset.parse_orders(state, seat, "\n".join(ruleset.bot_orders(state, seat, rng).normal))
        state = ruleset.resolve(state, sheets, SeededDice(f"{seed}:{step}")).state
    assert ruleset.outcome(state) is not None, f"{name} did not end"
    return Game(id="g", ruleset=name, state_json=ruleset.to_json(state))


GAMES = {"valley": (["red", "blue"], 3, {}), "stoneage": (["red", "blue", "green"], 4, {}),
         "dewan": (["red", "blue"], 5, {})}
WON = {"fr": ("a gagné", "ont gagné", "personne n'a gagné"), "es": ("ha ganado", "han ganado", "nadie ha ganado")}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_outcome_line_is_in_the_readers_language_and_the_same_english_as_before(name: str) -> None:
    game = _played_out(name, *GAMES[name])
    ruleset = get_ruleset(name)
    outcome = ruleset.outcome(ruleset.from_json(game.state_json))
    english = outcome_words(game)
    assert english == f"{' and '.join(outcome.winners) or 'nobody'} won ({outcome.text})"
    assert str(outcome.message) == outcome.text
    for lang, words in WON.items():
        with i18n.speaking(lang):
            said = outcome_words(game)
            assert title_of(ruleset) == i18n._(ruleset.title)
        assert any(w in said for w in words), said
        reason = said[said.index("(") + 1:-1]
        assert reason != outcome.text and not re.search(r"\b(scored|points of|round|stack|won)\b", reason), said
