"""Mail in the reader's language, on the real servers: a game's language
(--option lang=es), a seat's own (LANGUAGE, or LANGUE and IDIOMA), French
and Spanish command words, and times in the seat's time zone (TIMEZONE)."""
from __future__ import annotations

import random
import re
from datetime import datetime, timedelta, timezone

from sqlmodel import Session, select

from engine.registry import get_ruleset
from engine.valley import localwords as valley_words
from engine.valley.parser import _Reader
from pbem.models import Game, Seat, Sheet
from pbem_world import ServerWorld, order_mail, password_in, run_pass, text_of

T0 = datetime(2026, 6, 1, 10, 0, tzinfo=timezone.utc)
ANN, BOB, GM = "ann@example.org", "bob@example.org", "gm@example.org"


def _start(world: ServerWorld, *options: str) -> None:
    world.pbem("game", "new", "lg", "--seat", f"red:{ANN}", "--seat", f"blue:{BOB}", "--gm", GM,
               "--seed", "lg", "--deadline", "24h", *[x for o in options for x in ("--option", o)])
    world.pbem("game", "start", "lg", "--now", T0.isoformat())
    run_pass(world, T0)


def _answer(world: ServerWorld, sender: str, body: str, minutes: int) -> str:
    world.post(order_mail(sender, body))
    run_pass(world, T0 + timedelta(minutes=minutes))
    return text_of(world.outbox(sender)[-1])


def test_a_spanish_game_welcomes_its_players_in_spanish(tmp_path, clean_mailboxes, smtp) -> None:
    world = ServerWorld(tmp_path, clean_mailboxes, smtp)
    _start(world, "lang=es")
    with Session(world.engine()) as s:
        assert s.get(Game, "lg").lang == "es"
    welcome = text_of(world.outbox(ANN)[0])
    assert "El Valle de los Mamuts, partida lg: te damos la bienvenida.\nJuegas el puesto red." in welcome
    assert "Tu contraseña es:  " in welcome and "Guárdala: cada correo de órdenes empieza" in welcome
    password = re.search(r"^  SIGNON lg red (\S+)$", welcome, re.MULTILINE).group(1)
    status = _answer(world, ANN, f"SIGNON lg red {password}\nESTADO", 5)
    assert status.startswith('Esto responde a tu correo «orders».')
    assert "envía AYUDA para ver los comandos." in status


def test_a_seat_chooses_its_own_language_and_the_whole_answer_speaks_it(tmp_path, clean_mailboxes,
                                                                         smtp) -> None:
    world = ServerWorld(tmp_path, clean_mailboxes, smtp)
    _start(world)
    password = password_in(world.outbox(ANN))
    answer = _answer(world, ANN, f"SIGNON lg red {password}\nSTATUS\nLANGUE fr", 5)
    assert answer.startswith("Ceci répond à votre mail «\u00a0orders\u00a0».")
    assert "LANGUE FR\u00a0: vos mails de cette partie sont désormais écrits en français." in answer
    with Session(world.engine()) as s:
        assert s.exec(select(Seat.lang).where(Seat.name == "red")).one() == "fr"
    # blue is untouched; red's next mail is French without asking again
    stored = _answer(world, ANN, f"SIGNON lg red {password}\nPLACE C3 B2", 10)
    assert stored.startswith("Ceci répond")
    assert "Ordres enregistrés pour lg (tour 0), place red\u00a0; ils remplacent" in stored
    assert "avant le mardi 2 juin 2026, 10:00 UTC." in " ".join(stored.split())
    assert " ".join(stored.split()).count("2 juin 2026") == 1
    bob = password_in(world.outbox(BOB))
    assert _answer(world, BOB, f"SIGNON lg blue {bob}\nSTATUS", 15).startswith("This answers your mail")
    back = _answer(world, ANN, f"SIGNON lg red {password}\nLANGUAGE en", 20)
    assert "LANGUAGE EN: your mail from this game is now written in English." in back


def test_a_wrong_password_is_answered_in_the_games_language_not_the_seats(tmp_path, clean_mailboxes,
                                                                           smtp) -> None:
    """The seat's choice is the seat's business: a forger learns nothing of it."""
    world = ServerWorld(tmp_path, clean_mailboxes, smtp)
    _start(world)
    password = password_in(world.outbox(ANN))
    _answer(world, ANN, f"SIGNON lg red {password}\nIDIOMA es", 5)
    forged = _answer(world, "eve@example.org", "SIGNON lg red wrong-guess\nSTATUS", 10)
    assert "wrong password for seat red of lg" in forged and "contraseña" not in forged


def test_french_and_spanish_command_words_and_help_without_a_seat(tmp_path, clean_mailboxes, smtp) -> None:
    world = ServerWorld(tmp_path, clean_mailboxes, smtp)
    _start(world)
    aide = _answer(world, "eve@example.org", "AIDE", 5)
    assert "Pour jouer par mail\u00a0: envoyez des mails en texte brut à pbem@example.org." in aide
    assert "  LANGUE en | fr | es               la langue de vos mails" in aide
    assert "  HISTORIQUE [n]                    le compte rendu du tour n" in aide
    ayuda = _answer(world, "cy@example.org", "AYUDA", 10)
    assert "Cómo jugar por correo: envía correos en texto plano a pbem@example.org." in ayuda
    assert "  IDIOMA en | fr | es               el idioma de tus correos" in ayuda
    assert all(len(line) <= 72 for line in aide.splitlines() + ayuda.splitlines())


def test_times_come_in_the_seats_time_zone(tmp_path, clean_mailboxes, smtp) -> None:
    world = ServerWorld(tmp_path, clean_mailboxes, smtp)
    _start(world)
    password = password_in(world.outbox(ANN))
    wrong = _answer(world, ANN, f"SIGNON lg red {password}\nTIMEZONE Mars/Olympus", 5)
    assert "TIMEZONE takes a time zone such as Europe/Paris" in wrong
    answer = _answer(world, ANN, f"SIGNON lg red {password}\nTIMEZONE europe/paris\nMOVE", 10)
    assert "TIMEZONE Europe/Paris: the times in your mail from this game are now in Europe/Paris." in answer
    with Session(world.engine()) as s:
        deadline = s.get(Game, "lg").deadline
    local = deadline.replace(tzinfo=timezone.utc) + timedelta(hours=2)
    assert f"by {local:%Y-%m-%d %H:%M} CEST" in answer


def test_a_reminder_comes_in_the_seats_language_and_zone(tmp_path, clean_mailboxes, smtp) -> None:
    world = ServerWorld(tmp_path, clean_mailboxes, smtp)
    _start(world)
    password = password_in(world.outbox(ANN))
    _answer(world, ANN, f"SIGNON lg red {password}\nIDIOMA es\nZONAHORARIA America/Mexico_City", 5)
    run_pass(world, T0 + timedelta(hours=19))
    reminder = world.outbox(ANN)[-1]
    assert str(reminder["Subject"]) == "[lg] recordatorio: tus órdenes, turno 0"
    text = text_of(reminder)
    assert "Todavía no hay órdenes del puesto red para lg, turno 0." in text
    assert "El plazo es martes, 2 de junio de 2026, 04:00 CST, dentro de menos de 6 horas." in " ".join(text.split())
    assert "No orders from seat blue" in text_of(world.outbox(BOB)[-1]), "blue reads English"


def test_joining_in_french_from_the_first_word(tmp_path, clean_mailboxes, smtp) -> None:
    world = ServerWorld(tmp_path, clean_mailboxes, smtp)
    world.pbem("game", "new", "ouverte", "--open", "3", "--gm", GM)
    asked = _answer(world, "eve@example.org", "REJOINDRE ouverte vert", 5)
    assert "Répondez à ce mail pour confirmer que eve@example.org souhaite rejoindre ouverte à la place vert." in asked
    token = re.search(r"^CONFIRMER (\S+)$", asked, re.MULTILINE).group(1)
    joined = _answer(world, "eve@example.org", f"CONFIRMER {token}", 10)
    assert "Vous avez rejoint ouverte à la place vert. Votre mot de passe arrivera quand le MJ" in joined
    taken = _answer(world, "cy@example.org", "UNIRSE ouverte vert", 15)
    assert "el nombre de puesto vert ya está cogido; elige otro." in taken


def _sheet(world: ServerWorld, seat: str) -> str:
    with Session(world.engine()) as s:
        game = s.get(Game, "lg")
        return s.exec(select(Sheet.text).where(Sheet.game_id == "lg", Sheet.seat == seat,
                                               Sheet.turn_no == game.turn_no)).one()


def test_order_words_in_french_are_echoed_in_french_and_stored_in_english(tmp_path, clean_mailboxes,
                                                                           smtp) -> None:
    world = ServerWorld(tmp_path, clean_mailboxes, smtp)
    _start(world)
    ann, bob = password_in(world.outbox(ANN)), password_in(world.outbox(BOB))
    stored = _answer(world, ANN, f"SIGNON lg red {ann}\nLANGUE fr\nplacer C3 B2", 5)
    assert "Ordres enregistrés pour lg (tour 0), place red\u00a0; ils remplacent" in stored
    assert "\n  PLACER C3 B2\n" in stored
    assert _sheet(world, "red") == "PLACE C3 B2"
    refused = _answer(world, ANN, f"SIGNON lg red {ann}\nPLACER Z9", 10)
    assert "ligne 2 \"PLACER Z9\"\u00a0: il n'y a pas de case Z9" in refused, "the problem in French"
    assert "\n  PLACER C3 B2\n" in refused, "the orders that stand, in French"
    # an English seat writing Spanish words is understood, and answered in English
    english = _answer(world, BOB, f"SIGNON lg blue {bob}\ncolocar E5 F5", 15)
    assert "Orders stored for lg" in english and "\n  PLACE E5 F5\n" in english
    assert _sheet(world, "blue") == "PLACE E5 F5"
    run_pass(world, T0 + timedelta(hours=25))
    with Session(world.engine()) as s:
        game = s.get(Game, "lg")
        ruleset = get_ruleset(game.ruleset)
        state = ruleset.from_json(game.state_json)
    move = str(_Reader(state, "red").path_example("MOVE")).removeprefix("e.g. ")
    sheet = ruleset.parse_orders(state, "red", "\n".join([move] + ruleset.bot_orders(state, "red",
                                                                                     random.Random(7)).normal))
    assert sheet.ok and move.startswith("MOVE") and len(sheet.normal) > 3, sheet.problems
    orders = sheet.normal
    french = [valley_words.localised(line, "fr") for line in orders]
    assert any(line.startswith("DÉPLACER") for line in french)
    body = "\n".join(line.replace("É", "E") for line in french)      # typed without the accent
    moved = _answer(world, ANN, f"SIGNON lg red {ann}\n{body}", 24 * 60 + 90)
    assert "Ordres enregistrés pour lg (tour 1)" in moved
    assert "\n".join(f"  {line}" for line in french) in moved
    assert _sheet(world, "red") == "\n".join(orders)
