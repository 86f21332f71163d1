"""What mail clients write above the original they quote, in the languages
players write in: attribution lines ("On ... wrote:", "W dniu ... napisał:",
"... 写道："), separators ("-----Oprindelig meddelelse-----", Samsung's
"-------- Original message --------", Zoho's "---- On ... wrote ----") and
the labels of Outlook's header block ("Fra: / Sendt: / Til: / Emne:").

quotequail's tables (quotequail._patterns) are the start; these add the
languages and clients it lacks, learned from talon's quotation patterns,
mail-parser-reply's language tables and the clients' own mail
(tests/mail/languages/). Each pattern comes with a line it must find, which
tests/test_mail_unwrap.py checks, and ends as one of ``ENDS`` ends (the search
tries the patterns only where a line ends so).
"""
from __future__ import annotations

import re

from quotequail._patterns import FORWARD_MESSAGES, HEADER_MAP, REPLY_PATTERNS

ENDS = ":>_-：e"
LONGEST = 400       # characters: no attribution or separator is longer, joined lines and all

# The verbs of attribution lines, as the clients of each language write them (lower case: the
# line is lowered once, and an alternation of literals is searched fast).
_WROTE = ("wrote|a écrit|a ecrit|schrieb|escribió|escribio|ha scritto|scrisse|escreveu|schreef|geschreven|"
          "geschrieben|skrev|kirjoitti|napisał|napisal|pisze|napsal|írta|irta|написал|пишет|пише|написав|"
          "写道|寫道|のメール|書きました")
_VERB = re.compile(rf"(?:{_WROTE})(?:\(a\)|a|\(а\)|а|\(ла\)|ла)?(?!\w)")   # "... schrieb Ann <ann@x>"
_VERB_LAST = re.compile(rf"(?:{_WROTE})(?:\(a\)|a|\(а\)|а|\(ла\)|ла)?\s*+$")  # "... a écrit", "... napisał(a)"
_HUNGARIAN = re.compile(r"ezt (?:í|i)rta \(id(?:ő|o)pont: [^()]{4,80}\)$")
_PART = r"[^\s<>()\[\]@\".]++"
_ADDRESS_LAST = re.compile(rf"[(<\"]*+{_PART}(?:\.{_PART})*+@{_PART}(?:\.{_PART})++>?\)?\s*+$")
_ADDRESS = re.compile(rf"{_PART}@{_PART}\.\w")
_TIME = re.compile(r"(?<!\d)\d{1,2}[:.]\d{2}(?!\d)")
_OPENER = re.compile(r"(?:on|le|am|el|il|il giorno|in data|em|op|den|dne|w dniu|dnia|dňa|at|på|pa|在) ")
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")
_DATE = re.compile(r"(?<!\d)\d{1,4}[./-]\d{1,2}[./-]\d{2,4}(?!\d)")


def _token_start(text: str, at: int) -> int:
    return max(text.rfind(" ", 0, at), text.rfind("\u00a0", 0, at)) + 1


def _address_at_end(body: str) -> int:
    """Where an address that ends the line begins ("Ann <ann@x>", "(<ann@x>)"), or -1."""
    at = body.rfind("@")
    if at < 0:
        return -1
    start = _token_start(body, at)
    return start if _ADDRESS_LAST.match(body, start) else -1


def _has_address(body: str, start: int = 0) -> bool:
    at = body.find("@", start)
    return at >= 0 and bool(_ADDRESS.match(body, _token_start(body, at)) or _ADDRESS.search(body, at - 80 if at > 80 else 0, at + 80))


def _body(line: str) -> str | None:
    """The line lowered without its closing colon, if it may be an attribution at all."""
    if len(line) > LONGEST or not line.endswith((":", "：")):
        return None
    return line[:-1].rstrip().lower()


def firm_attribution(line: str) -> bool:
    """An attribution so plainly one that the original under it needs no quote marks (Yahoo's
    and Mail.ru's leave none): the language's "On ... wrote:" from its first word to its verb,
    or a date with its year, a time, and the sender's address in angle brackets, then the colon."""
    if line.startswith("On ") and line.endswith(" wrote") and len(line) <= LONGEST:
        return True
    body = _body(line)
    if body is None:
        return False
    if _OPENER.match(body) and _VERB_LAST.search(body, max(0, len(body) - 30)):
        return True
    return body.endswith(">") and _address_at_end(body) >= 0 and bool(_YEAR.search(body)) \
        and bool(_TIME.search(body))


def attribution(line: str) -> bool:
    """Is ``line`` (joined where the client wrapped it) an attribution line: "On ... wrote:" in
    any of the languages, Gmail's "ср, 30 апр. 2025 г. в 15:19, Ann <ann@x>:", Yandex's and
    Mail.ru's date-time-address lines, Eudora's "At ..., you wrote:"? Each check looks at the
    line a bounded number of times (no pattern is tried from each of its characters)."""
    if line.startswith("On ") and line.endswith(" wrote") and len(line) <= LONGEST:
        return True                 # Gmail's, when a client drops the colon
    body = _body(line)
    if body is None:
        return False
    if _VERB_LAST.search(body, max(0, len(body) - 30)) or ("ezt" in body and _HUNGARIAN.search(body)):
        return True
    verb = _VERB.search(body)
    if verb and (len(body) - verb.end() < 40 or _has_address(body, verb.end())):
        return True                 # "Am ... schrieb Ann <ann@x>:", "Den ... skrev Ann:"
    address = _address_at_end(body)
    if address >= 0 and _TIME.search(body, 0, address):
        return True                 # a date, a time, a name, an address: Gmail ru/uk/ISO, Yandex, Mail.ru
    if _TIME.search(body, max(0, len(body) - 12)) and _has_address(body):
        return True                 # "Ann <ann@x>, 20 Oct 2025 10:12:"
    return len(body) < 120 and bool(_DATE.search(body, 0, 40)) and bool(_TIME.search(body, 0, 60))  # "30.04.25 16:19, Ann:"


# Lines attribution() finds; tests/test_mail_unwrap.py checks each. Each counts only when a quote
# or a header block follows it (alone, "As I wrote on turn 3, my orders are:" would take the orders
# below it for the original).
ATTRIBUTIONS = [
    "Le lun. 20 oct. 2025 à 10:12, Ann <ann@example.org> a écrit :",
    "Am Mo., 20. Okt. 2025 um 10:12 Uhr schrieb Ann <ann@example.org>:",
    "On Mon, Oct 20, 2025 at 10:12 AM Ann <ann@example.org> wrote",
    "At 10:15 AM 3/4/2005, you wrote:",
    "Ann <ann@example.org> ezt írta (időpont: 2025. okt. 20., H, 10:12):",
    "ср, 30 апр. 2025 г. в 15:19, Ann <ann@example.org>:",
    "30.09.2017, 18:30, \"Ann\" <ann@example.org>:",
    "2017-11-24 16:32 GMT+01:00 Ann <ann@example.org>:",
    "11:00 AM, Ann <ann@example.org>:",
    "Ann <ann@example.org>, 20 Oct 2025 10:12:",
    "W dniu 20.10.2025 o 10:12, Ann <ann@example.org> napisał:",
    "Dnia 20.10.2025 o 10:12 Ann <ann@example.org> napisał(a):",
    "pe 20. lokakuuta 2023 klo 10.12 Ann (<ann@example.org>) kirjoitti:",
    "In data lunedì 20 ottobre 2025 10:12, Ann <ann@example.org> ha scritto:",
    "Ann <ann@example.org> 于2025年10月20日周一 10:12写道：",
    "2025年10月20日(月) 10:12 Ann <ann@example.org>:",
    "Den man. 20. okt. 2025 kl. 10.12 skrev Ann <ann@example.org>:",
    "po 20. 10. 2025 v 10:12 odesílatel Ann <ann@example.org> napsal:",
    "пн, 20 жовт. 2025 р. о 10:12 Ann <ann@example.org> пише:",
    "30.04.25 16:19, Ann:",
    "4:19 PM, April 30, 2025, \"Ann\" <ann@example.org>:",
    "Am Mittwoch, 30. April 2025 um 15:19:07 MESZ hat Ann <ann@example.org> Folgendes geschrieben:",
]
# Of those, the ones firm enough to need no quote under them.
FIRM = [line for line in ATTRIBUTIONS if line.startswith(("Le ", "Am ", "On ", "At ", "W dniu", "Dnia", "In data",
                                                              "Den ", "30.09", "2017-", "4:19", "ср,", "2025年"))]

# Separators: Outlook's rules and "Original Message" lines, Samsung's, Gmail's forwards, Zoho's
# "---- On ... wrote ----", each with the words of the languages above.
_ORIGINAL = (r"original(?:e|t)? ?message|original(?:nachricht| message)|message d'origine|ursprüngliche nachricht|"
             r"mensaje original|messaggio originale|mensagem original|oorspronkelijk bericht|origineel bericht|"
             r"oprindelig (?:meddelelse|besked|e-mail)|ursprungligt meddelande|originalmeddelande|"
             r"opprinnelig (?:melding|e-post)|alkuper[äa]inen viesti|wiadomo[śs][ćc] oryginalna|"
             r"oryginalna wiadomo[śs][ćc]|p[ůu]vodn[íi] zpr[áa]va|eredeti [üu]zenet|исходное сообщение|"
             r"оригинальное сообщение|оригінальне повідомлення|вихідне повідомлення|元のメッセージ|原始邮件|"
             r"原始郵件|原始信息|原始訊息|forwarded message|message transf[ée]r[ée]|weitergeleitete nachricht|"
             r"mensaje reenviado|messaggio inoltrato|mensagem encaminhada|doorgestuurd bericht|"
             r"videresendt (?:meddelelse|besked|melding)|vidarebefordrat meddelande|edelleenl[äa]hetetty viesti|"
             r"wiadomo[śs][ćc] przekazana|p[řr]eposlan[áa] zpr[áa]va|tov[áa]bb[íi]tott [üu]zenet|"
             r"пересылаемое сообщение|переслане повідомлення|転送されたメッセージ|转发的邮件|轉寄的郵件|"
             r"reply message|回复的原邮件|mail original")
_SEPARATORS = [
    (rf"^[-=_ ]{{2,}}+(?:{_ORIGINAL})\s*+[-=_ ]{{2,}}+$", "-------- Oprindelig besked --------"),
    (rf"^(?:{_ORIGINAL})\s*+[:：]?\s*+-*+$", "Original Message:"),
    (r"^_{20,}$", "_" * 32),
    (r"^-{2,}+ ?(?:On|Le|Am|El|Il|Em|Op|Den|W dniu|Dne) .{4,300}(?:" + _WROTE + r") ?-{2,}+$",
     "---- On Mon, 20 Oct 2025 10:12:00 +0200 Ann <ann@example.org> wrote ----"),
]

# quotequail's forward lines, written so that a long rule of dashes is read once, not from each dash.
_FORWARDS = "|".join(FORWARD_MESSAGES)
PATTERNS = {
    "reply": [re.compile(p) for p in REPLY_PATTERNS],
    "forward": [re.compile(rf"^-{{3,}}+ ?(?:{_FORWARDS}) ?-{{3,}}+$"), re.compile(rf"^(?:{_FORWARDS}):$")]
    + [re.compile(p, re.IGNORECASE) for p, _ in _SEPARATORS],
}
SEPARATORS = [example for _, example in _SEPARATORS]

# Outlook's header labels, by language (the name quotequail maps each to).
_LABELS = {
    "from": ("fra", "da", "od", "lähettäjä", "feladó", "от", "від", "差出人", "发件人", "寄件者", "寄件人", "送信者"),
    "to": ("til", "a", "do", "komu", "vastaanottaja", "címzett", "címzett(ek)", "宛先", "收件人", "收件者", "destinatário",
           "destinatari", "mottagare", "adresat"),
    "cc": ("kopi", "kopio", "dw", "másolat", "másolatot kap", "копия", "копія", "抄送", "副本"),
    "date": ("sendt", "skickat", "skickades", "inviato", "data", "enviada", "enviado", "enviado em", "lähetetty",
             "päivämäärä", "wysłano", "wysłany", "odesláno", "datum", "küldve", "dátum", "elküldve", "отправлено",
             "надіслано", "送信日時", "日付", "发送时间", "日期", "傳送時間", "寄件日期", "dato", "gesendet"),
    "subject": ("emne", "oggetto", "assunto", "aihe", "temat", "předmět", "tárgy", "тема", "件名", "主题", "主旨",
                "ämne", "onderwerp", "betreff", "objet", "asunto"),
    "reply-to": ("risposta", "rispondi a", "svar till", "svar til", "vastaus", "odpověď na", "ответ", "返信先"),
}
HEADERS = dict(HEADER_MAP)
HEADERS.update({label: name for name, labels in _LABELS.items() for label in labels})
# A label, then ':' (or the full-width colon of Japanese and Chinese clients); French puts a
# space, often a no-break one, before the colon; Outlook's HTML may leave *bold* stars.
# (Possessive, so that a long run of spaces is read once: "a" and 5,000 spaces took 0.4 s.)
HEADER_RE = re.compile(r"[*\s\u00a0]*+([-\w()]++(?: [-\w()]++)*+)[\s\u00a0]*+\*?[:：]\*?(.*)$", re.UNICODE)
