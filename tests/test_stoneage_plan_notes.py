"""Stone Age sheets written once a round: the answer's notes, a ranked BUY in three languages,
and the report's word on a FEED line that cost the penalty."""
from __future__ import annotations

from engine.stoneage import RULESET, feeding, localwords
from engine.stoneage.policy import keep, policy_of


def _game():
    return RULESET.new_game(["red", "blue"], {}, 1)


def test_notes_point_out_a_buy_nobody_is_placed_for_and_too_many_people() -> None:
    st = _game()
    sheet = RULESET.parse_orders(st, "red", "PLACE 3 forest\nPLACE 2 hut OR 2 hunt\nPLACE 1 field\n"
                                            "BUY card2\nBUY building1 OR card3\nPLACE 1 building1")
    assert sheet.ok, "notes never refuse a sheet"
    assert [(p.line, p.message) for p in RULESET.notes(st, "red", sheet)] == [
        (3, "your PLACE lines need at least 7 people and you have 5 to place: this line and those after it "
            "are not played"),
        (4, "no PLACE line puts a person on card2: this BUY buys nothing unless one is placed there")]
    assert RULESET.notes(st, "red", RULESET.parse_orders(st, "red", "PLACE 5 hunt\nPICK gold")) == ()


def test_a_ranked_buy_reads_the_same_in_english_french_and_spanish() -> None:
    st = _game()
    for text in ("BUY card2 PAY 2 gold OR building1", "ACHETER carte2 PAYER 2 or OU bâtiment1",
                 "COMPRAR carta 2 PAGAR 2 oro O edificio1"):
        sheet = RULESET.parse_orders(st, "red", "PLACE 1 card2\n" + text)
        assert sheet.normal[1] == "BUY card2 PAY 2 gold OR building1", text
    assert localwords.localised("BUY card2 PAY 2 gold OR building1", "fr") == "ACHETER carte2 PAYER 2 or OU bâtiment1"
    keep(st, "red", RULESET.parse_orders(st, "red", "BUY building1 OR card2"))
    policy = policy_of(st, "red")
    assert policy.action_order(["hunt", "card2", "building1"]) == ["hunt", "building1", "card2"]
    refused = RULESET.parse_orders(st, "red", "BUY card2 OR")
    assert [p.message for p in refused.problems] == ["OR needs a purchase on each side"]


def test_a_feed_penalty_tells_the_seat_which_resources_would_have_fed_everyone() -> None:
    st = _game()
    board = st.board("red")
    board.food, board.gold, board.stone, board.clay = 1, 1, 1, 4
    keep(st, "red", RULESET.parse_orders(st, "red", "FEED gold stone"))
    log: list = []
    feeding.run(st, log)
    hint = [e for e in log if "would have eaten" in e.text]
    assert len(hint) == 1 and hint[0].to == "red" and "4 clay" in hint[0].text
    assert board.score == -10 and board.clay == 4
