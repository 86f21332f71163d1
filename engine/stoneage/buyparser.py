"""Reading a Stone Age BUY line: one purchase (PAY, IGLOO, TOP, TRADE, EXTRA), a ranked
``BUY ... OR ...``, or the harsh winter's ``BUY EXTRA AUTO|NONE``.

``BuyReader`` is the part of the parser's reader (parser._Reader) that reads
them; it needs the reader's game shape (``players``, ``igloos``, ``winter``,
``merchant``) and its ``goods``.
"""
from __future__ import annotations

from typing import Any

from engine import sheetlines
from engine.common import Refused
from engine.messages import Join, Msg, Plural
from engine.stoneage import words as w
from engine.stoneage.igloos import SIZE as IGLOO_SIZE
from engine.stoneage.locations import LOCATIONS, Kind
from engine.stoneage.orders import EXTRA_MODES, TRADE_GOODS, Buy, BuyFirst, Extra, Trade, goods_text

BOUGHT_AT = (Kind.CARD, Kind.BUILDING, Kind.JEWEL)     # the kinds of place a BUY line names


class BuyReader:
    players: int
    igloos: bool
    winter: bool
    merchant: bool
    goods: Any

    def buy(self, args: list[str], line: int) -> Buy | BuyFirst | Extra:
        if not args:
            raise Refused(Msg("BUY names a card slot or a building stack"), "BUY card2 PAY 1 wood 1 clay")
        if args[0] == "extra":
            return self.extra(args[1:], line)
        parts = self.ranked(args) if "or" in args or "gold" in args else [args]
        if len(parts) == 1:
            return self.one_buy(args, line)
        if too_many := sheetlines.too_many_choices(len(parts)):
            raise Refused(too_many)
        choices = tuple(self.one_buy(part, line) for part in parts)
        places = [b.location for b in choices]
        twice = next((p for i, p in enumerate(places) if p in places[:i]), "")
        if twice:
            raise Refused(Msg("{place} is named twice in one BUY line", place=twice), "BUY card2 OR building1")
        return BuyFirst(choices, line)

    def ranked(self, args: list[str]) -> list[list[str]]:
        """A BUY line's purchases: split at OR, or at a French *or* (read as gold) that a card slot
        or a building stack follows (no single purchase has gold right before a location)."""
        parts: list[list[str]] = [[]]
        for i, word in enumerate(args):
            trailing = i + 1 == len(args) and i > 0 and self.buys_at(args[i - 1])
            if word == "or" or (word == "gold" and (trailing or i + 1 < len(args) and self.buys_at(args[i + 1]))):
                if not parts[-1] or i + 1 == len(args):
                    raise Refused(Msg("OR needs a purchase on each side"), "BUY card2 OR building1")
                parts.append([])
            else:
                parts[-1].append(word)
        return parts

    def buys_at(self, word: str) -> bool:
        try:
            name = w.location(word, self.players, self.merchant)
        except Refused:
            return False
        return LOCATIONS[name].kind in BOUGHT_AT

    def one_buy(self, args: list[str], line: int) -> Buy:
        if args[:1] == ["extra"]:
            raise Refused(Msg("BUY EXTRA stands alone; a single purchase ends its BUY line with EXTRA"),
                          "BUY EXTRA AUTO")
        name = w.location(args[0], self.players, self.merchant)
        loc = LOCATIONS[name]
        if loc.kind not in BOUGHT_AT:
            raise Refused(Msg("nothing is bought at {place}; BUY takes card1-card4 or building1-building{players}",
                              place=name, players=self.players))
        rest = args[1:]
        igloo = rest[:1] == ["igloo"]
        if igloo:
            rest = rest[1:]
            self.check_igloo(name, loc.kind)
        top = rest[:1] == ["top"]
        if top:
            rest = rest[1:]
            if loc.kind is not Kind.JEWEL:
                raise Refused(Msg("TOP buys the deck's top card at the jewel slot only"), "BUY jewelcard TOP")
        extra = "extra" in rest
        if extra:
            at = rest.index("extra")
            self.check_extra(name, loc.kind, igloo, rest[at + 1:])
            rest = rest[:at]
        trade = None
        if "trade" in rest:
            at = rest.index("trade")
            trade = self.trade(name, igloo, rest[at + 1:])
            rest = rest[:at]
        if not rest:
            return Buy(name, (), line, igloo, extra, trade, top)
        if loc.kind is Kind.JEWEL:
            raise Refused(Msg("the jewel slot is paid in jewels: BUY jewelcard takes no PAY"), "BUY jewelcard")
        example = f"BUY {name} PAY " + (f"{loc.number} wood" if loc.kind is Kind.CARD
                                        else "3 wood" if igloo else "2 wood 1 clay")
        if rest[0] != "pay" or len(rest) == 1:
            order = f"BUY {name}{' IGLOO' * igloo}"
            raise Refused(Msg("after {order} comes PAY and what you pay", order=order), example)
        pay = self.goods(rest[1:], Msg("food never pays for cards or buildings"), example)
        total = sum(n for _, n in pay)
        if loc.kind is Kind.CARD and total != loc.number:
            raise Refused(Plural("{place} costs {n} resource; PAY gives {total}", "{place} costs {n} resources; PAY gives {total}",
                                 loc.number, place=name, n=loc.number, total=total))
        if igloo and (len(pay) != 1 or total != IGLOO_SIZE):
            raise Refused(Msg("an igloo takes {n} resources of one kind; PAY gives {goods}", n=IGLOO_SIZE,
                              goods=goods_text(pay)), example)
        if loc.kind is Kind.BUILDING and total > 7:
            raise Refused(Msg("a building takes 1 to 7 resources; PAY gives {total}", total=total))
        return Buy(name, pay, line, igloo, extra, trade)

    def trade(self, name: str, igloo: bool, args: list[str]) -> Trade:
        """``TRADE 1 wood FOR 1 gold``: as many taken as given, of other kinds, 2 at most."""
        example = f"BUY {name} TRADE 1 wood FOR 1 gold"
        if not self.merchant:
            raise Refused(Msg("this game is played without the merchant: there is no TRADE"))
        if igloo:
            raise Refused(Msg("no trade pays for an igloo"), f"BUY {name} IGLOO PAY 3 wood")
        if "for" not in args:
            raise Refused(Msg("TRADE names what you give, FOR, and what you take"), example)
        at = args.index("for")
        give, take = self.trade_goods(args[:at], example), self.trade_goods(args[at + 1:], example)
        given, taken = sum(n for _, n in give), sum(n for _, n in take)
        if given != taken:
            raise Refused(Msg("a trade takes as many as it gives: {given} given, {taken} taken", given=given, taken=taken),
                          example)
        if taken > 2:
            raise Refused(Msg("a trade takes 2 at most, not {n}", n=taken), example)
        both = {k for k, _ in give} & {k for k, _ in take}
        if both:
            raise Refused(Msg("a trade takes other kinds than it gives: {kinds} on both sides",
                              kinds=Join(Msg(" and "), sorted(both))), example)
        return Trade(give, take)

    @staticmethod
    def trade_goods(args: list[str], example: str) -> tuple[tuple[str, int], ...]:
        """``1 wood 1 jewel`` or ``wood jewel`` as counts of TRADE_GOODS, in that order."""
        def kind_of(word: str) -> str:
            kind = word[:-1] if word.endswith("s") and word[:-1] in TRADE_GOODS else word
            if kind not in TRADE_GOODS:
                raise Refused(Msg("no trade good {word}: a trade gives and takes wood, clay, stone, gold or jewels",
                                  word=w.shown(word)), example)
            return kind

        counts: dict[str, int] = {}
        for kind, n in w.counted(args, kind_of, example, "goods", Msg("0 of a good trades nothing"),
                                 Msg("a number needs what it counts after it")):
            counts[kind] = counts.get(kind, 0) + n
        return tuple((k, counts[k]) for k in TRADE_GOODS if k in counts)

    def check_igloo(self, name: str, kind: Kind) -> None:
        if not self.igloos:
            raise Refused(Msg("this game is played without igloos"))
        if kind is not Kind.BUILDING:
            raise Refused(Msg("igloos are bought on a building space, not {place}", place=name),
                          "BUY building1 IGLOO PAY 3 wood")

    def check_extra(self, name: str, kind: Kind, igloo: bool, after: list[str]) -> None:
        """``EXTRA`` ends a BUY line; ``EXTRA stone`` (buildings) or ``EXTRA gold`` (cards) may name it."""
        if not self.winter:
            raise Refused(Msg("this game is played without the harsh winter: there is no EXTRA"))
        if igloo:
            raise Refused(Msg("an igloo takes no harsh-winter extra"), f"BUY {name} IGLOO PAY 3 wood")
        good = "gold" if kind in (Kind.CARD, Kind.JEWEL) else "stone"
        if after not in ([], [good], [good + "s"]):
            raise Refused(Msg("EXTRA ends the line; the extra at {place} is one gold", place=name) if good == "gold" else
                          Msg("EXTRA ends the line; the extra at {place} is one stone", place=name), f"BUY {name} EXTRA")

    def extra(self, args: list[str], line: int) -> Extra:
        """``BUY EXTRA AUTO`` or ``BUY EXTRA NONE``: the harsh winter's standing policy."""
        if not self.winter:
            raise Refused(Msg("this game is played without the harsh winter: there is no EXTRA"))
        if len(args) != 1 or args[0] not in EXTRA_MODES:
            raise Refused(Msg("BUY EXTRA takes AUTO or NONE; a single purchase ends its BUY line with EXTRA"),
                          "BUY EXTRA AUTO")
        return Extra(args[0], line)
