# ruff: noqa: RUF001 - the lists hold look-alike letters on purpose
"""Which characters real text uses often: the letter statistics of the score.

No corpus is read at run time; these are short hand-made lists, and the rest
comes from the legacy code pages themselves: a Han character that GB2312,
Big5 or JIS X 0208 puts in its first level (the characters each standard
chose as the most used), and a Hangul syllable among KS X 1001's 2,350, are
"common"; any other Han or Hangul character is rare. Mojibake decoded as the
wrong CJK code page lands on rare characters far more often than text does.
"""

from __future__ import annotations

from functools import cache

#: About 400 of the most frequent Han characters of Chinese (both forms) and Japanese.
TOP_HAN = frozenset(
    "的一是不了人我在有他这为之大来以个中上们到说国和地也子时道出而要于就下得可你年生自会那后能"
    "对着事其里所去行过家十用发天如然作方成者多日都三小军二无同么经法当起与好看学进种将还分此心前"
    "面又定见只主没公从已现本部高问最新电动力理加化实明体开月外长业间市报告数据统计局北京台请准参"
    "会议资料确认添付东西今文字重要工作情况关系社会问题时间们這為個來國說時會後對過還進種將與從現"
    "體開長業間報統計處資們請參議確認東們銷售表第季度我們上午九點開請時加份告料來自計處銷報第季"
    "見積書年月山田太郎王小明陳大文新資料添付確認東京会議大阪古典小説巅峰之作红楼梦紅樓夢中国"
    "銀行名前住所電話番号円金曜日本語学校先生友達時間今日明日昨日午前午後全部何人品物"
)

#: About 150 of the most frequent Hangul syllables.
TOP_HANGUL = frozenset(
    "이다는의에하고을가리한지서기사자로도니어대나라주인정들아시수있해게부보를전스일상우구과만요제와"
    "면신여성장조것적동그국내비소원경간않회학세분공화마위람생관각무없연할물문방발오양실저미터드개속"
    "중모체되말러심트치결음식통입니습회의록월첨료확인바랍울특별종로세대쥐헌쳇바퀴타고파내서울"
)

#: Accented Latin letters real text uses often (both cases follow from these).
COMMON_LATIN = frozenset(
    "éèêëáàâäãåíìîïóòôöõøúùûüñçßæœýÿłńśźżąęćőűčřšžťďňěůĺľŕșțăğışđāēīūļķņģėįų"
    "ÉÈÊÁÀÂÄÃÅÍÎÓÔÖÕØÚÜÑÇÆŒŁŚŹŻĄĘĆŐŰČŘŠŽŤĎŇĚŮĽȘȚĂĞİŞĐĀĒĪŪĻĶŅĢþðÞÐ"
    "ạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹơưƠƯ"
)

#: Latin-1 and General Punctuation signs that are common in text.
COMMON_SIGNS = frozenset("–—‘’‚“”„•…€£¥©®°±·«»¡¿§½¼¾×′″№™‹›")


#: Letters by how often text uses them, most often first (ties between lost
#: bytes' guesses go to the earlier).
FREQUENT_FIRST = "éáíóúàèüöäñçãõâêôšžčřłńśźżąęćőűýîïëûùœæøåßðþ"

#: Characters that may touch a letter in real text (quotes, apostrophes,
#: superscripts, marks of trade): no sign of mojibake when next to one.
TOUCH_LETTERS = frozenset("’‘“”„‚«»‹›·‐‑­²³¹™®ªºµ°")

#: The accented letters of each Latin-script language (lower case): text uses
#: one language's set; mojibake mixes several (``Veèer`` for ``Večer``).
LANGUAGE_LETTERS: tuple[frozenset[str], ...] = tuple(
    frozenset(letters)
    for letters in (
        "éèêëàâîïôûùüÿçœæ",  # French
        "äöüß",  # German
        "áéíñóúü",  # Spanish
        "áâãàçéêíóôõú",  # Portuguese
        "àèéìíòóùî",  # Italian
        "ąćęłńóśźż",  # Polish
        "áčďéěíňóřšťúůýž",  # Czech
        "áäčďéíĺľňóôŕšťúýž",  # Slovak
        "áéíóöőúüű",  # Hungarian
        "ăâîșțşţ",  # Romanian
        "čćđšž",  # Croatian, Slovenian, Bosnian
        "çğıöşüâîûi̇",  # Turkish
        "åäöéü",  # Swedish, Finnish
        "æøåéó",  # Danish, Norwegian
        "áðéíóúýþæö",  # Icelandic
        "ąčęėįšųūž",  # Lithuanian
        "āčēģīķļņšūž",  # Latvian
        "äöõšžü",  # Estonian
        "àèéíïòóúüç·",  # Catalan
        "àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ",  # Vietnamese, last
    )
)


@cache
def common_cjk(char: str) -> bool:
    """Whether a Han character is first-level in GB2312, Big5 or JIS X 0208,
    or a Hangul syllable is one of KS X 1001's (see the module docstring)."""
    if "\uac00" <= char <= "\ud7a3":
        try:
            char.encode("euc-kr")
            return True
        except UnicodeEncodeError:
            return False
    for codec, lo, hi in (
        ("gb2312", 0xB0A1, 0xD7FE),
        ("big5", 0xA440, 0xC67E),
        ("shift_jis", 0x889F, 0x9872),
    ):
        try:
            raw = char.encode(codec)
        except UnicodeEncodeError:
            continue
        if len(raw) == 2 and lo <= int.from_bytes(raw, "big") <= hi:
            return True
    return False
