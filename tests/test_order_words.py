"""The order words in French and Spanish (engine/localwords.py, engine/<game>/localwords.py):
no word that changes meaning between languages or against English, every keyword
covered, accents and case ignored, hints in the nearest language, and the echo."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.dewan import localwords as dewan_words, parser as dewan_parser
from engine.dewan.setup import new_game as dewan_game
from engine.localwords import LANGUAGES, Words, fold, nearest
from engine.stoneage import localwords as stone_words, parser as stone_parser
from engine.stoneage.setup import new_game as stone_game
from engine.valley import localwords as valley_words, parser as valley_parser
from pbem.play import orderwords
from pbem.inbox.protocol import ALIASES, GM_COMMANDS, NO_SIGNON, PLAYER_COMMANDS, sign_off
from valley_games import play as valley_play

GAMES = {"valley": (valley_words, valley_parser), "stoneage": (stone_words, stone_parser),
         "dewan": (dewan_words, dewan_parser)}
MAIL_WORDS = PLAYER_COMMANDS | GM_COMMANDS | set(NO_SIGNON) | set(ALIASES) | {
    "SIGNON", "SIGNOFF", "PRESS", "ENDPRESS"}


@pytest.mark.parametrize("game", GAMES)
def test_no_word_clashes_with_an_english_word_of_another_meaning(game: str) -> None:
    words, _ = GAMES[game]
    for kind, table in words.ALL.items():
        assert table.clashes() == [], (game, kind)


def test_a_word_meaning_two_things_is_refused_when_the_table_is_built() -> None:
    with pytest.raises(ValueError, match="would mean both"):
        Words({"MOVE": {"fr": ("aller",)}, "PLACE": {"es": ("aller",)}})


@pytest.mark.parametrize("game", GAMES)
def test_every_keyword_has_its_french_and_spanish_words(game: str) -> None:
    words, parser = GAMES[game]
    assert set(words.KEYWORDS.table) == set(parser.KEYWORDS)
    for en, languages in words.KEYWORDS.table.items():
        assert set(languages) == set(LANGUAGES), en


@pytest.mark.parametrize("game", GAMES)
def test_no_order_word_is_a_mail_command(game: str) -> None:
    """A line starting with a command word is a command to the mail layer, never an order."""
    words, _ = GAMES[game]
    firsts = {fold(w) for w in words.FIRST_WORDS}
    assert not firsts & {fold(w) for w in MAIL_WORDS}


@pytest.mark.parametrize("game", GAMES)
def test_every_word_is_read_without_accents_and_in_any_case(game: str) -> None:
    words, _ = GAMES[game]
    for table in words.ALL.values():
        for en, languages in table.table.items():
            for spelled in (w for ws in languages.values() for w in ws):
                for written in (spelled, fold(spelled), spelled.lower(), spelled.capitalize()):
                    assert fold(table.read(written)) == fold(en), (written, en)


def test_english_words_keep_their_meaning_and_unknown_words_pass_through() -> None:
    assert valley_words.canonical("MOVE 2W 1F C4-B4".split()) == ["MOVE", "2W", "1F", "C4-B4"]
    assert valley_words.canonical(["DANCE", "C4"]) == ["DANCE", "C4"]
    assert stone_words.canonical("place 3 forest or 2 hut".split()) == "place 3 forest or 2 hut".split()


def test_french_or_is_gold_except_between_the_choices_of_a_place_line() -> None:
    two = stone_game(["red", "blue"], {}, 1)
    assert stone_parser.parse(two, "red", "placer 3 forêt or 2 hutte").normal == ["PLACE 3 forest OR 2 hut"]
    assert stone_parser.parse(two, "red", "placer 3 forêt ou 2 hutte").normal == ["PLACE 3 forest OR 2 hut"]
    assert stone_parser.parse(two, "red", "prendre bois or").normal == ["TAKE wood gold"]
    assert stone_parser.parse(two, "red", "colocar 3 bosque o 2 cabaña").normal == ["PLACE 3 forest OR 2 hut"]


@pytest.mark.parametrize("text, normal", [
    ("DÉPLACER 2G 1F C4-B4", "MOVE 2W 1F C4-B4"),
    ("deplacer 2g1f C4-B4", "MOVE 2W 1F C4-B4"),
    ("Mover 1G 1M C4-B4", "MOVE 1W 1F C4-B4"),
    ("CAMPER C4", "CAMP C4"),
    ("installer C4", "CAMP C4"),
    ("ACAMPAR C4", "CAMP C4"),
    ("PERTES femmes", "LOSSES FEMALES"),
    ("PÉRDIDAS mujeres", "LOSSES FEMALES"),
    ("conquerir bruler", "CONQUER BURN"),
    ("CONQUISTAR ocupar", "CONQUER OCCUPY"),
    ("FAMINE G", "STARVE WARRIORS"),
    ("HAMBRE h", "STARVE FEMALES"),
])
def test_valley_lines_in_french_and_spanish(text: str, normal: str) -> None:
    assert valley_words.canonical(text.split())[0] == normal.split()[0]
    state = valley_play(3, 2)
    red = state.players[0]
    home = sorted(n for n, sp in state.spaces.items() if sp.tribes.get(red))[0]
    near = next(n for n in state.board.adjacent(home) if state.board.hexes[n].kind != "L"
                and not state.river_blocks(home, n))
    text, normal = (x.replace("C4-B4", f"{home}-{near}").replace("C4", home) for x in (text, normal))
    local, english = valley_parser.parse(state, red, text), valley_parser.parse(state, red, normal)
    assert local.normal == english.normal and local.problems == english.problems
    assert local.normal or local.problems


def test_valley_setup_lines_in_french_and_spanish() -> None:
    state = valley_play(3, 0)
    sheet = valley_parser.parse(state, state.players[0], "PLACER C3 B2\nSEMER C3")
    assert sheet.problems == () or all("plains" in p.message or "PLACE" in p.message for p in sheet.problems)
    assert valley_parser.parse(state, state.players[0], "COLOCAR C3 B2").normal == ["PLACE C3 B2"]


def test_dewan_lines_in_french_and_spanish() -> None:
    st = dewan_game(["ann", "bob"], {}, 1)
    assert dewan_parser.read_normal("TAKE 2 3 IF W FM").__str__() == "TAKE 2 3 IF W FM"
    words = dewan_parser.alternatives("PRENDRE 2 3 SI R FM OU tomar 4 5 si b/fuego BM")
    assert words == [["TAKE", "2", "3", "IF", "W", "FM"], ["TAKE", "4", "5", "IF", "F/fire", "FM"]]
    assert dewan_parser.alternatives("poser A1-B1 payer R F/baie histoire 2 glisser R") == [
        ["CAMP", "A1-B1", "PAY", "W", "F/berry", "STORY", "2", "TUCK", "W"]]
    assert dewan_parser.alternatives("HISTORIA 2 SI s07") == [["STORY", "2", "IF", "s07"]]
    assert dewan_parser.parse(st, st.players[0], "historia 2").normal == ["STORY 2"]


@pytest.mark.parametrize("word, english, local, hint", [
    ("DEPLACR", valley_parser.KEYWORDS, valley_words.KEYWORDS, "DÉPLACER"),
    ("MOVEE", valley_parser.KEYWORDS, valley_words.KEYWORDS, "MOVE"),
    ("PLAC", valley_parser.KEYWORDS, valley_words.KEYWORDS, "PLACE"),
    ("ACHETR", stone_parser.KEYWORDS, stone_words.KEYWORDS, "ACHETER"),
    ("COMPAR", stone_parser.KEYWORDS, stone_words.KEYWORDS, "COMPRAR"),
    ("TAK", dewan_parser.KEYWORDS, dewan_words.KEYWORDS, "TAKE"),
    ("PRENDR", dewan_parser.KEYWORDS, dewan_words.KEYWORDS, "PRENDRE"),
])
def test_a_misspelt_word_is_suggested_in_the_language_it_is_nearest(word, english, local, hint) -> None:
    assert nearest(word, english, local) == hint


@pytest.mark.parametrize("word, english, local", [
    ("On", valley_parser.KEYWORDS, valley_words.KEYWORDS), ("Test", valley_parser.KEYWORDS, valley_words.KEYWORDS),
    ("Hi", valley_parser.KEYWORDS, valley_words.KEYWORDS), ("Le", stone_parser.KEYWORDS, stone_words.KEYWORDS),
    ("Am", dewan_parser.KEYWORDS, dewan_words.KEYWORDS)])
def test_a_word_of_prose_is_not_taken_for_another_language_s_order(word, english, local) -> None:
    """The first word of an attribution or a greeting ("On Monday, Ann wrote:") is only
    a typo of a French or Spanish order word when it is nearly that word."""
    hint = nearest(word, english, local)
    assert hint == "" or hint in english


def test_the_parsers_suggest_the_nearest_word() -> None:
    valley = valley_parser.parse(valley_play(3, 2), "red", "DEPLACR 2W C4-B4")
    assert valley.problems[0].suggestion == "did you mean DÉPLACER?"
    two = stone_game(["red", "blue"], {}, 1)
    assert stone_parser.parse(two, "red", "achetr card2").problems[0].suggestion == "did you mean ACHETER?"
    st = dewan_game(["ann", "bob"], {}, 1)
    assert dewan_parser.parse(st, "ann", "PRENDR 2 3").problems[0].suggestion == "did you mean PRENDRE?"


@pytest.mark.parametrize("game, line, fr, es", [
    ("valley", "MOVE 2W 1F C4-B4", "DÉPLACER 2G 1F C4-B4", "MOVER 2G 1M C4-B4"),
    ("valley", "PLAY lure C4 NW", "JOUER lure C4 NO", "JUGAR lure C4 NO"),
    ("stoneage", "PLACE 3 forest OR 2 hut", "PLACER 3 forêt OU 2 hutte", "COLOCAR 3 bosque O 2 cabaña"),
    ("stoneage", "BUY card2 PAY 2 wood", "ACHETER carte2 PAYER 2 bois", "COMPRAR carta2 PAGAR 2 madera"),
    ("dewan", "CAMP A1-B1 PAY W F/fire", "CAMPER A1-B1 PAYER R F/feu", "ACAMPAR A1-B1 PAGAR R B/fuego"),
    ("tally", "TAKE 3", "TAKE 3", "TAKE 3"),           # a game without order words of its own
])
def test_the_echo_shows_a_stored_line_in_the_readers_language(game, line, fr, es) -> None:
    from seqpresent import tally_registered
    with tally_registered():
        assert orderwords.shown(game, line, "fr") == fr
        assert orderwords.shown(game, line, "es") == es
        assert orderwords.shown(game, line, "en") == line


def test_a_french_last_order_is_no_sign_off() -> None:
    local = orderwords.first_words("valley")
    orders = {1: "DÉPLACER 2G C4-B4", 2: "jouer spear C4", 3: "FAMINE g"}
    assert sign_off(orders, valley_parser.KEYWORDS, local) == []
    assert sign_off(orders, valley_parser.KEYWORDS) == [2, 3]        # what the English words alone would do
    assert sign_off({1: "MOVE 1W C4-B4", 2: "deplacer 1F C4-B4"}, valley_parser.KEYWORDS, local) == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("ending", ["Thanks", "Cheers,", "Regards", "Best", "Ann", "Merci", "Gracias",
                                    "Saludos", "Amitiés", "Cordialement", "Bises", "Un saludo"])
def test_a_sign_off_still_ends_the_orders(game: str, ending: str) -> None:
    _, parser = GAMES[game]
    orders = {1: f"{parser.KEYWORDS[0]} 2", 2: ending}
    assert sign_off(orders, parser.KEYWORDS, orderwords.first_words(game)) == [2]


@pytest.mark.parametrize("game", GAMES)
def test_the_order_docs_list_the_words(game: str) -> None:
    """Every first word, and the shown word of every other, is in the doc's table."""
    words, _ = GAMES[game]
    doc = (Path(__file__).parent.parent / "docs" / f"orders-{game}.md").read_text(encoding="utf-8")
    section = doc.split("## Order words in French and Spanish", 1)[1].lower()
    for spelled in words.FIRST_WORDS:
        assert f"`{spelled.lower()}`" in section, spelled
    for table in words.ALL.values():
        for languages in table.table.values():
            for spelled in (ws[0] for ws in languages.values()):
                assert spelled.lower() in section, spelled
