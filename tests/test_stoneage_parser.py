"""The Stone Age order language: normal forms, refused lines with their reasons and
suggestions, and a parser that never raises."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.localwords import fold
from engine.stoneage import localwords
from engine.stoneage.goods import Good
from engine.stoneage.orders import Buy, Feed, Place, Spot, Tame, ToolsOn
from engine.stoneage.parser import KEYWORDS, parse
from engine.stoneage.setup import new_game

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TWO = new_game(["red", "blue"], {}, 1)
HERD = new_game(["red", "blue", "green"], {"mammoth_herd": True}, 1)

NORMAL = [
    ("place 3 forest or 2 Hut", "PLACE 3 forest OR 2 hut"),
    ("PLACE field", "PLACE 1 field"),
    ("place hut", "PLACE 2 hut"),
    ("Place 1 card 2 OR 1 building 1", "PLACE 1 card2 OR 1 building1"),
    ("place 2 hunting", "PLACE 2 hunt"),
    ("PLACE 2 hunting grounds OR 1 Clay Pit", "PLACE 2 hunt OR 1 clay"),       # as the report names them
    ("place 1 tool maker", "PLACE 1 toolmaker"),
    ("placer 2 terrain de chasse ou 1 fabricant d'outils", "PLACE 2 hunt OR 1 toolmaker"),
    ("colocar 1 pozo de arcilla o 1 hacedor de herramientas", "PLACE 1 clay OR 1 toolmaker"),
    ("colocar 3 terreno  de caza", "PLACE 3 hunt"),
    ("place tool", "PLACE 1 toolmaker"),
    ("use toolmaker, forest", "USE toolmaker forest"),
    ("tools auto", "TOOLS AUTO"),
    ("Tools None", "TOOLS NONE"),
    ("tools forest 1 2", "TOOLS forest 2 1"),
    ("tools card3 none", "TOOLS card3 NONE"),
    ("buy card3 pay 1 clay 2 wood", "BUY card3 PAY 2 wood 1 clay"),
    ("buy building1 pay wood clay wood", "BUY building1 PAY 2 wood 1 clay"),
    ("buy card4", "BUY card4"),
    ("take gold wood", "TAKE wood gold"),
    ("take 2 stone", "TAKE stone stone"),
    ("pick gold stone tools agriculture", "PICK gold stone tool field"),
    ("feed wood clay", "FEED wood clay"),
    ("feed penalty", "FEED PENALTY"),
]


@pytest.mark.parametrize("text,normal", NORMAL)
def test_normal_forms(text: str, normal: str) -> None:
    sheet = parse(TWO, "red", text)
    assert sheet.ok, sheet.problems
    assert sheet.normal == [normal]
    assert parse(TWO, "red", normal).orders == sheet.orders


def test_typed_orders() -> None:
    sheet = parse(HERD, "red", "PLACE 3 forest OR 2 hut\nBUY card2 PAY 2 gold\nTOOLS river 3\n"
                               "FEED PENALTY\nHERD 2")
    assert sheet.orders == (
        Place((Spot(3, "forest"), Spot(2, "hut"))), Buy("card2", ((Good.GOLD, 2),)),
        ToolsOn("river", (3,)), Feed(penalty=True), Tame(2))
    assert [o.line for o in sheet.orders] == [1, 2, 3, 4, 5]


def test_herd_orders_in_a_game_with_the_herd() -> None:
    sheet = parse(HERD, "red", "herd 2\nherd bonus one")
    assert sheet.ok and sheet.normal == ["HERD 2", "HERD BONUS ONE"]


# text, message, suggestion (each line alone, red in a 2-player game without the herd)
REFUSED = [
    ("PLAEC 3 forest", "unknown order 'PLAEC'", "did you mean PLACE?"),
    ("MOVE 2W C4-D4", "unknown order 'MOVE'", "the orders are PLACE, USE, TOOLS, BUY, TAKE, PICK, FEED, HERD, HUNT"),
    ("PLACE 3 forrest", "no location 'forrest'", "did you mean forest?"),
    ("PLACE 2 wood", "no location 'wood': wood is gathered at forest", "did you mean forest?"),
    ("PLACE 1 tolmaker", "no location 'tolmaker'", "did you mean toolmaker?"),
    ("PLACE 1 card", "'card' needs its number", "card1 (1 resource) to card4 (4)"),
    ("PLACE 1 building3", "a game of 2 has 2 building stacks, not building3", "building1 to building2"),
    ("PLACE 0 hunt", "0 people: a placement puts at least 1 person", "PLACE 1 hunt"),
    ("PLACE 6 hunt", "you have 5 people, not 6", ""),
    ("PLACE 3 hut", "hut takes exactly 2 people, not 3", "PLACE 2 hut"),
    ("PLACE 1 hut", "hut takes exactly 2 people, not 1", "PLACE 2 hut"),
    ("PLACE 2 field", "field takes 1 person, not 2", "PLACE 1 field"),
    ("PLACE 2 card1", "card1 takes 1 person, not 2", "PLACE 1 card1"),
    ("PLACE three forest", "'three' is not a number of people", "write it like PLACE 3 forest"),
    ("PLACE ² forest", "'²' is not a number of people", "write it like PLACE 3 forest"),
    ("PLACE forest", "say how many people go to forest", "PLACE 2 forest"),
    ("PLACE 3 forest OR", "OR needs a choice on each side", "PLACE 3 forest OR 2 hut"),
    ("PLACE 3 forest clay", "each choice is a number of people and a location", "PLACE 3 forest OR 2 hut"),
    ("PLACE", "PLACE needs people and a location", "PLACE 3 forest"),
    ("USE forest forest", "forest is named twice", ""),
    ("USE", "USE names locations in the order to resolve them", "USE toolmaker forest"),
    ("TOOLS atuo", "TOOLS takes AUTO, NONE, or a location, not 'atuo'", "did you mean AUTO?"),
    ("TOOLS hut 1", "nothing is rolled at hut; tools go on the roll of hunt, forest, clay, quarry, river, "
     "or a card slot whose card rolls", ""),
    ("TOOLS forest 5", "a tool is worth 1 to 4", "TOOLS forest 2 1"),
    ("TOOLS forest", "name the tools for forest, or NONE", "TOOLS forest 2 1"),
    ("BUY hut", "nothing is bought at hut; BUY takes card1-card4 or building1-building2", ""),
    ("BUY card2 PAY 1 food 1 wood", "food never pays for cards or buildings", ""),
    ("BUY card2 PAY 3 wood", "card2 costs 2 resources; PAY gives 3", ""),
    ("BUY card1 2 wood", "after BUY card1 comes PAY and what you pay", "BUY card1 PAY 1 wood"),
    ("BUY building1 PAY 8 gold", "a building takes 1 to 7 resources; PAY gives 8", ""),
    ("BUY building1 PAY 2 wod", "no resource 'wod'", "did you mean wood?"),
    ("BUY building1 PAY 2", "a number needs its resource after it", "BUY building1 PAY 2 wood 1 clay"),
    ("BUY card2 PAY 1 1 wood", "a number needs its resource after it", "BUY card2 PAY 2 wood"),
    ("TAKE wood", "TAKE names two resources, not 1", "TAKE wood gold"),
    ("TAKE food gold", "the card gives resources: wood, clay, stone or gold", ""),
    ("PICK wod", "no reward 'wod'", "did you mean wood?"),
    ("PICK gold gold", "gold is named twice", ""),
    ("FEED food", "food is always eaten first; FEED names the resources that make up the rest", ""),
    ("FEED wood wood", "wood is named twice", ""),
    ("FEED penalty wood", "FEED PENALTY stands alone", ""),
    ("FEED", "FEED names the resources to give when food is short, or PENALTY", "FEED wood clay"),
    ("HERD 2", "this game is played without the Mammoth Herd", ""),
]


@pytest.mark.parametrize("text,message,suggestion", REFUSED)
def test_refused_lines(text: str, message: str, suggestion: str) -> None:
    sheet = parse(TWO, "red", f"# my orders\n\n{text}")
    assert not sheet.orders
    (problem,) = sheet.problems
    assert (problem.line, problem.message, problem.suggestion) == (3, message, suggestion)


HERD_REFUSED = [
    ("HERD BONUS some", "HERD BONUS takes ONE or ALL", "HERD BONUS ONE"),
    ("HERD one", "the reward is chosen with HERD BONUS ONE", "HERD BONUS ONE"),
    ("HERD 6", "at most 5 people can go to the herd, not 6", ""),
    ("HERD 2 3", "HERD takes a number of people, or BONUS ONE or BONUS ALL", "HERD 2"),
]


@pytest.mark.parametrize("text,message,suggestion", HERD_REFUSED)
def test_refused_herd_lines(text: str, message: str, suggestion: str) -> None:
    (problem,) = parse(HERD, "red", text).problems
    assert (problem.line, problem.message, problem.suggestion) == (1, message, suggestion)


def test_an_order_given_once_may_not_come_twice() -> None:
    sheet = parse(TWO, "red", "FEED wood\nPLACE 1 hunt\nPLACE 1 hunt\nFEED PENALTY\nTOOLS AUTO\nTOOLS forest 1")
    assert [str(p) for p in sheet.problems] == [
        "line 4: FEED is given twice (also line 1) (keep one of the two lines)"]
    assert len(sheet.orders) == 5


def test_people_count_follows_the_seat() -> None:
    state = TWO.copy()
    state.board("red").people = 7
    assert parse(state, "red", "PLACE 7 forest").ok
    assert not parse(TWO, "red", "PLACE 7 forest").ok
    assert parse(state, "red", "PLACE 7 hunt").ok


def test_line_numbers_comments_and_case() -> None:
    sheet = parse(TWO, "red", "# plan\nplace 2 FOREST   # wood\n\n  Buy CARD1 pay 1 GOLD\nfeeed wood")
    assert sheet.normal == ["PLACE 2 forest", "BUY card1 PAY 1 gold"]
    assert [o.line for o in sheet.orders] == [2, 4]
    assert [(p.line, p.suggestion) for p in sheet.problems] == [(5, "did you mean FEED?")]


def test_unknown_seat_is_a_problem_not_an_exception() -> None:
    sheet = parse(TWO, "purple", "PLACE 1 hunt")
    assert not sheet.ok and "no seat purple" in sheet.problems[0].message


def test_keywords_are_the_first_words_of_every_normal_form() -> None:
    firsts = {normal.split()[0] for _, normal in NORMAL} | {"HERD", "HUNT"}
    assert firsts == set(KEYWORDS)


# -- properties ----------------------------------------------------------------
WORDS = ["place", "PLACE", "or", "OR", "use", "tools", "auto", "none", "buy", "pay", "take", "pick",
         "feed", "penalty", "herd", "bonus", "one", "all", "hunt", "forest", "clay", "quarry", "river",
         "toolmaker", "tool", "hut", "field", "card", "card1", "card2", "card3", "card4", "building",
         "building1", "building2", "building3", "building4", "food", "wood", "clay", "stone", "gold",
         "agriculture", "0", "1", "2", "3", "4", "5", "7", "11", "99999", "²", "#", ",", "x", ""]
soup = st.lists(st.sampled_from(WORDS), min_size=1, max_size=8).map(" ".join)
# Lines shaped like orders, so that many are accepted and the normal forms are exercised.
LOCS = ["hunt", "forest", "clay", "quarry", "river", "toolmaker", "tool", "hut", "field", "card 2",
        "card1", "card4", "building1", "building2", "building3", "forrest"]
GOODS = ["wood", "clay", "stone", "gold", "woods", "food", "2 wood", "1 gold", "3 clay", "0 stone"]
n = st.integers(0, 8).map(str)
spot = st.tuples(n, st.sampled_from(LOCS)).map(" ".join) | st.sampled_from(LOCS)
words = st.lists(st.sampled_from(GOODS), min_size=1, max_size=4).map(" ".join)
shaped = st.one_of(
    st.lists(spot, min_size=1, max_size=3).map(lambda s: "PLACE " + " or ".join(s)),
    st.lists(st.sampled_from(LOCS), min_size=1, max_size=4).map(lambda s: "use " + " ".join(s)),
    st.sampled_from(["tools auto", "TOOLS none"]),
    st.tuples(st.sampled_from(LOCS), st.lists(st.integers(0, 5).map(str), max_size=3).map(" ".join))
    .map(lambda t: f"tools {t[0]} {t[1] or 'none'}"),
    st.tuples(st.sampled_from(LOCS), st.none() | words)
    .map(lambda t: f"buy {t[0]}" + (f" pay {t[1]}" if t[1] else "")),
    words.map(lambda s: "take " + s),
    st.lists(st.sampled_from(["wood", "clay", "stone", "gold", "tool", "field", "tools", "agriculture"]),
             min_size=1, max_size=6).map(lambda s: "pick " + " ".join(s)),
    words.map(lambda s: "FEED " + s), st.just("feed penalty"),
    n.map(lambda s: "herd " + s), st.sampled_from(["herd bonus one", "HERD BONUS ALL"]),
)
lines = shaped | soup
order_text = st.lists(lines, max_size=12).map("\n".join)
any_text = st.text(max_size=300) | order_text


@SETTINGS
@given(text=any_text, herd=st.booleans())
def test_the_parser_never_raises(text: str, herd: bool) -> None:
    sheet = parse(HERD if herd else TWO, "red", text)
    numbers = range(1, len(text.splitlines()) + 1)
    assert all(p.line in numbers and p.message for p in sheet.problems)
    assert all(o.line in numbers for o in sheet.orders)


@SETTINGS
@given(text=order_text, herd=st.booleans())
def test_the_normal_form_parses_to_the_same_orders(text: str, herd: bool) -> None:
    state = HERD if herd else TWO
    sheet = parse(state, "red", text)
    again = parse(state, "red", "\n".join(sheet.normal))
    assert again.ok, again.problems
    assert again.orders == sheet.orders
    assert again.normal == sheet.normal


# -- the order words in French and Spanish (engine/stoneage/localwords.py) ----------
LOCAL = [w for kind in localwords.ALL.values() for w in kind.spellings()] + ["carte2", "bâtiment 3", "OU", "o"]
local_soup = st.lists(st.sampled_from(WORDS + LOCAL), min_size=1, max_size=8).map(" ".join)


@SETTINGS
@given(text=st.lists(local_soup | lines, max_size=12).map("\n".join), herd=st.booleans())
def test_the_parser_never_raises_on_translated_order_words(text: str, herd: bool) -> None:
    sheet = parse(HERD if herd else TWO, "red", text)
    numbers = range(1, len(text.splitlines()) + 1)
    assert all(p.line in numbers and p.message for p in sheet.problems)
    assert all(str(o).split()[0] in KEYWORDS for o in sheet.orders)


@SETTINGS
@given(text=order_text, herd=st.booleans(), lang=st.sampled_from(["fr", "es"]), how=st.integers(0, 2))
def test_a_translated_line_parses_to_the_same_orders_as_its_english(text: str, herd: bool, lang: str,
                                                                     how: int) -> None:
    state = HERD if herd else TWO
    sheet = parse(state, "red", text)
    shown = [localwords.localised(line, lang) for line in sheet.normal]
    written = [x if how == 0 else fold(x) if how == 1 else x.lower() for x in shown]
    again = parse(state, "red", "\n".join(written))
    assert again.ok, (written, again.problems)
    assert again.orders == sheet.orders
    assert [localwords.localised(line, "en") for line in sheet.normal] == sheet.normal


@pytest.mark.parametrize("line", ["PLACER 1 bâtiment5", "COLOCAR 1 edificio5", "PLACE 1 building5"])
def test_the_fifth_stack_is_read_in_every_language(line: str) -> None:
    """Five players with the merchant have a fifth building stack: its French and Spanish name too."""
    from engine.stoneage import RULESET
    st = RULESET.new_game(["red", "blue", "green", "yellow", "black"], {"merchant": True}, 1)
    sheet = RULESET.parse_orders(st, "red", line)
    assert sheet.normal == ["PLACE 1 building5"] and not sheet.problems, sheet.problems
