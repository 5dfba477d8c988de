# ruff: noqa: RUF001 - the source texts hold real typographic characters on purpose
"""The source texts the mojibake corpus is made from (see generate.py).

Written by hand for the corpus: for each language two sentences, a person's or
place's name and a file name, plus a few CSV tables mixing languages. The
``codecs`` tuple lists the legacy code pages that can hold the language (the
first is the usual one), used for the "legacy text misread" and "legacy bytes
on disk" chains.
"""

from __future__ import annotations

from typing import NamedTuple


class Language(NamedTuple):
    code: str
    codecs: tuple[str, ...]
    sentences: tuple[str, ...]
    name: str
    file_name: str


LANGUAGES: tuple[Language, ...] = (
    Language(
        "fr",
        ("cp1252", "iso-8859-15", "mac-roman"),
        (
            "Le café de la gare ouvre à sept heures, même le dimanche.",
            "Élodie a reçu une lettre très émouvante de sa sœur aînée.",
        ),
        "François Hénault",
        "Résumé été 2024.docx",
    ),
    Language(
        "de",
        ("cp1252", "latin-1", "cp850"),
        (
            "Die Größe der Übersetzung hängt von der Qualität des Wörterbuchs ab.",
            "Schöne Grüße aus München, wir sehen uns übermorgen.",
        ),
        "Jürgen Müller-Lüdenscheidt",
        "Bestellübersicht_März.xlsx",
    ),
    Language(
        "es",
        ("cp1252", "latin-1", "cp850"),
        (
            "El niño pidió una canción más alegre para la fiesta de mañana.",
            "¿Dónde está la estación de autobuses? ¡Qué lejos!",
        ),
        "José Ángel Muñoz",
        "Año fiscal – informe.pdf",
    ),
    Language(
        "pt",
        ("cp1252", "latin-1", "cp850"),
        (
            "A informação sobre a reunião está no relatório de ação.",
            "Não há razão para preocupação: a exceção já foi tratada.",
        ),
        "João Conceição",
        "Orçamento São Paulo.csv",
    ),
    Language(
        "it",
        ("cp1252", "latin-1", "mac-roman"),
        (
            "Perché la città è così affollata? È già venerdì.",
            "Il caffè costa più di un euro, però è buonissimo.",
        ),
        "Niccolò Pelà",
        "Attività più recenti.txt",
    ),
    Language(
        "pl",
        ("cp1250", "iso-8859-2"),
        (
            "Zażółć gęślą jaźń, powiedział nauczyciel z Łodzi.",
            "Świeży chleb kupiłem w sklepie przy ulicy Żółkiewskiego.",
        ),
        "Łukasz Wiśniewski",
        "Sprawozdanie_Łódź_październik.docx",
    ),
    Language(
        "cs",
        ("cp1250", "iso-8859-2"),
        (
            "Příliš žluťoučký kůň úpěl ďábelské ódy.",
            "Večer jsme šli do divadla na představení Čajky.",
        ),
        "Jiří Dvořák",
        "Účetní závěrka 2023.xlsx",
    ),
    Language(
        "hu",
        ("cp1250", "iso-8859-2"),
        (
            "Árvíztűrő tükörfúrógép, mondta a szerelő őszintén.",
            "A győri vonat öt perc késéssel érkezett a pályaudvarra.",
        ),
        "Szőke Ödön",
        "Költségvetés_összesítő.pdf",
    ),
    Language(
        "ro",
        ("cp1250", "iso-8859-2"),
        (
            "Școala își deschide porțile în septembrie, după vacanță.",
            "Bunica a făcut plăcintă cu brânză și mărar.",
        ),
        "Ștefan Țurcanu",
        "Situație financiară și bilanț.xlsx",
    ),
    Language(
        "hr",
        ("cp1250", "iso-8859-2"),
        (
            "Čovjek je šetao uz more i slušao zvuk valova.",
            "Đurđica će sutra putovati u Split vlakom.",
        ),
        "Đurđa Kovačević",
        "Izvješće_ožujak.docx",
    ),
    Language(
        "sk",
        ("cp1250", "iso-8859-2"),
        (
            "Ďateľ ťukal do kôry starého stromu pri potôčiku.",
            "Ľudia čakali na autobus v daždi takmer hodinu.",
        ),
        "Ľubomír Šťastný",
        "Prehľad výdavkov.pdf",
    ),
    Language(
        "tr",
        ("cp1254",),
        (
            "Yarın İstanbul'a gidiyorum, uçağım sabah kalkıyor.",
            "Şehrin güzel çarşısında çay içip sohbet ettik.",
        ),
        "Çağrı Öztürk",
        "Müşteri listesi_Ağustos.xlsx",
    ),
    Language(
        "ru",
        ("cp1251", "koi8-r", "cp866"),
        (
            "Съешь же ещё этих мягких французских булок да выпей чаю.",
            "Завтра в Москве ожидается снег и сильный ветер.",
        ),
        "Пётр Ильич Чайковский",
        "Отчёт за квартал.docx",
    ),
    Language(
        "uk",
        ("cp1251", "koi8-u"),
        (
            "Чуєш їх, доцю, га? Кумедна ж ти, прощайся без ґольфів!",
            "Київ зустрів нас теплою погодою і запахом каштанів.",
        ),
        "Ґалина Їжакевич",
        "Звіт_грудень.xlsx",
    ),
    Language(
        "bg",
        ("cp1251",),
        (
            "Жълтата дюля беше щастлива, че пухът, който цъфна, замръзна като гьон.",
            "Утре ще отидем на разходка в планината.",
        ),
        "Здравко Петров",
        "Бележки от срещата.txt",
    ),
    Language(
        "el",
        ("cp1253", "iso-8859-7"),
        (
            "Ξεσκεπάζω την ψυχοφθόρα βδελυγμία, είπε ο δάσκαλος.",
            "Η Αθήνα είναι η πρωτεύουσα της Ελλάδας.",
        ),
        "Γιώργος Παπαδόπουλος",
        "Αναφορά_Μαΐου.pdf",
    ),
    Language(
        "he",
        ("cp1255",),
        ("דג סקרן שט בים מאוכזב ולפתע מצא חברה.", "הפגישה נדחתה ליום שלישי בבוקר."),
        "יוסף כהן",
        "דוח שנתי.docx",
    ),
    Language(
        "ar",
        ("cp1256",),
        (
            "صف خلق خود كمثل الشمس إذ بزغت يحظى الضجيع بها نجلاء معطار.",
            "سيعقد الاجتماع يوم الأحد في القاهرة.",
        ),
        "محمد عبد الله",
        "تقرير المبيعات.xlsx",
    ),
    Language(
        "fa",
        ("cp1256",),
        ("امروز هوا خیلی خوب است و ما به پارک می‌رویم.", "کتابخانه‌ی شهر تا ساعت نه شب باز است."),
        "مریم رضایی",
        "گزارش ماهانه.pdf",
    ),
    Language(
        "th",
        ("cp874",),
        ("เป็นมนุษย์สุดประเสริฐเลิศคุณค่า กว่าบรรดาฝูงสัตว์เดรัจฉาน", "พรุ่งนี้เราจะไปเที่ยวเชียงใหม่ด้วยกัน"),
        "สมชาย ใจดี",
        "รายงานประจำเดือน.docx",
    ),
    Language(
        "ja",
        ("shift_jis", "euc-jp", "cp932"),
        (
            "いろはにほへと、ちりぬるを。今日は東京で会議があります。",
            "新しい資料を添付しましたので、ご確認ください。",
        ),
        "山田太郎",
        "見積書_2024年4月.xlsx",
    ),
    Language(
        "zh",
        ("gbk", "gb2312", "gb18030"),
        ("我们明天上午九点在北京开会，请准时参加。", "这份报告的数据来自国家统计局。"),
        "王小明",
        "销售报表_第三季度.xlsx",
    ),
    Language(
        "zh-Hant",
        ("big5", "cp950"),
        ("我們明天上午在台北開會，請準時參加。", "這份報告的資料來自統計處。"),
        "陳大文",
        "銷售報表_第三季.xlsx",
    ),
    Language(
        "ko",
        ("euc-kr", "cp949"),
        (
            "다람쥐 헌 쳇바퀴에 타고파, 내일 서울에서 회의가 있습니다.",
            "첨부한 자료를 확인해 주시기 바랍니다.",
        ),
        "김민수",
        "회의록_3월.docx",
    ),
    Language(
        "vi",
        (),
        (
            "Tiếng Việt có nhiều dấu thanh, ví dụ như chữ ở đây.",
            "Hôm nay trời đẹp, chúng tôi đi dạo quanh Hồ Gươm.",
        ),
        "Nguyễn Thị Hương",
        "Báo cáo tháng Mười.docx",
    ),
    Language(
        "is",
        ("cp1252", "latin-1"),
        (
            "Þú ert ótrúlega góður í íslensku, sagði Ásdís.",
            "Við fórum í sund í Reykjavík á föstudaginn.",
        ),
        "Guðrún Þórðardóttir",
        "Skýrsla ársins.pdf",
    ),
    Language(
        "sv",
        ("cp1252", "latin-1", "cp437"),
        (
            "Flygande bäckasiner söka hwila på mjuka tuvor.",
            "Vi ses på fredag vid sjön, hälsningar från Åsa.",
        ),
        "Åke Sjöström",
        "Översikt_försäljning.xlsx",
    ),
    Language(
        "lt",
        ("cp1257",),
        (
            "Įlinkdama fechtuotojo špaga sublykčiojusi pragręžė apvalų arbūzą.",
            "Rytoj Vilniuje bus šilta ir saulėta.",
        ),
        "Žydrūnas Čiurlionis",
        "Ataskaita_gruodžio.pdf",
    ),
    Language(
        "lv",
        ("cp1257",),
        (
            "Glāžšķūņa rūķīši dzērumā čiepj Baha koncertflīģeļu vākus.",
            "Rīgā šodien līst lietus un pūš stiprs vējš.",
        ),
        "Jānis Bērziņš",
        "Pārskats_novembris.docx",
    ),
    Language(
        "da",
        ("cp1252", "latin-1"),
        (
            "Høj bly gom vandt fræk sexquiz på wc, sagde Søren.",
            "Vi mødes i København på lørdag ved åen.",
        ),
        "Søren Kierkegård",
        "Årsrapport_økonomi.pdf",
    ),
)

#: Tables that mix languages, as a person exports them from a spreadsheet.
CSV_TABLES: tuple[str, ...] = (
    "id;name;city;note\r\n"
    "1;José Muñoz;Málaga;pagó en efectivo\r\n"
    "2;Zoë Brontë;Paris;réservé – à confirmer\r\n"
    "3;Jürgen Größ;Köln;Straße gesperrt\r\n"
    "4;Åsa Sjöberg;Göteborg;ring före klockan 9\r\n",
    "sku,description,price\n"
    'A-100,"Café crème, 250 g",4.50 €\n'
    'A-101,"Thé à la menthe",3.20 €\n'
    'A-102,"Crêpe Suzette ""maison""",6.90 €\n'
    'A-103,"Œufs brouillés, pain complet",5.10 €\n',
    "Name\tOrt\tBemerkung\n"
    "Müller\tNürnberg\tRückruf erbeten\n"
    "Schäfer\tDüsseldorf\tÜberweisung erhalten\n"
    "Weiß\tFürth\tGespräch am Montag\n",
    "номер,фамилия,город\n1,Иванов,Москва\n2,Смирнова,Санкт-Петербург\n3,Кузнецов,Новосибирск\n",
    "id,ime,mesto,opomba\n"
    "1,Łukasz Żak,Kraków,zapłacono\n"
    "2,Jiří Čech,Brno,čeká na potvrzení\n"
    "3,Ödön Szűts,Győr,rendben\n",
)
