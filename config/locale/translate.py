"""Fill the navigation, login and role strings into the hy and lt catalogues.

Run after ``manage.py makemessages``: it only writes empty msgstr entries it
knows, so translators' work in the .po files is never overwritten.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

CATALOGUE: dict[str, dict[str, str]] = {
    "hy": {
        "Floor": "Սրահ",
        "Hands": "Բաժանումներ",
        "Cashier": "Դրամարկղ",
        "Reports": "Հաշվետվություններ",
        "Fees": "Վարձեր",
        "Drops": "Արկղեր",
        "Fills & credits": "Լիցքավորումներ և վերադարձներ",
        "Admin": "Կառավարում",
        "Log in": "Մուտք",
        "Log out": "Ելք",
        "Username": "Օգտանուն",
        "Password": "Գաղտնաբառ",
        "Gaming day": "Խաղային օր",
        "Language": "Լեզու",
        "Main": "Գլխավոր",
        "Go": "Անցնել",
        "Change password": "Փոխել գաղտնաբառը",
        "Password changed": "Գաղտնաբառը փոխված է",
        "Your password was changed.": "Ձեր գաղտնաբառը փոխվեց։",
        "Not allowed": "Թույլատրված չէ",
        "This page needs the role %(required_roles)s.": "Այս էջի համար անհրաժեշտ է «%(required_roles)s» դերը։",
        "You do not have permission to do this.": "Դուք իրավասու չեք դա անելու։",
        "Back to your start page": "Վերադառնալ մեկնարկային էջ",
        "Welcome": "Բարի գալուստ",
        "Your account holds no role yet. Ask an admin to give you one.": (
            "Ձեր հաշիվը դեռ դեր չունի։ Դիմեք ադմինիստրատորին։"
        ),
        "Your username and password didn't match, or the account is locked. Please try again.": (
            "Օգտանունը կամ գաղտնաբառը սխալ է, կամ հաշիվն արգելափակված է։ Փորձեք կրկին։"
        ),
        "English": "Անգլերեն",
        "Armenian": "Հայերեն",
        "Lithuanian": "Լիտվերեն",
        "floor manager": "սրահի կառավարիչ",
        "dealer": "խաղավար",
        "cashier": "գանձապահ",
        "accountant": "հաշվապահ",
        "admin": "ադմինիստրատոր",
        "Cardroom administration": "Cardroom-ի կառավարում",
    },
    "lt": {
        "Floor": "Salė",
        "Hands": "Partijos",
        "Cashier": "Kasa",
        "Reports": "Ataskaitos",
        "Fees": "Mokesčiai",
        "Drops": "Dėžės",
        "Fills & credits": "Papildymai ir grąžinimai",
        "Admin": "Administravimas",
        "Log in": "Prisijungti",
        "Log out": "Atsijungti",
        "Username": "Naudotojo vardas",
        "Password": "Slaptažodis",
        "Gaming day": "Žaidimo diena",
        "Language": "Kalba",
        "Main": "Pagrindinis",
        "Go": "Eiti",
        "Change password": "Keisti slaptažodį",
        "Password changed": "Slaptažodis pakeistas",
        "Your password was changed.": "Jūsų slaptažodis pakeistas.",
        "Not allowed": "Neleidžiama",
        "This page needs the role %(required_roles)s.": "Šiam puslapiui reikia vaidmens „%(required_roles)s“.",
        "You do not have permission to do this.": "Jūs neturite teisės to daryti.",
        "Back to your start page": "Grįžti į pradžios puslapį",
        "Welcome": "Sveiki",
        "Your account holds no role yet. Ask an admin to give you one.": (
            "Jūsų paskyra dar neturi vaidmens. Kreipkitės į administratorių."
        ),
        "Your username and password didn't match, or the account is locked. Please try again.": (
            "Neteisingas naudotojo vardas arba slaptažodis, arba paskyra užrakinta. Bandykite dar kartą."
        ),
        "English": "Anglų",
        "Armenian": "Armėnų",
        "Lithuanian": "Lietuvių",
        "floor manager": "salės vadovas",
        "dealer": "dalintojas",
        "cashier": "kasininkas",
        "accountant": "buhalteris",
        "admin": "administratorius",
        "Cardroom administration": "Cardroom administravimas",
    },
}

# msgmerge guesses a translation for every new string from a similar old one
# ("Drops" -> the word for "accountant") and marks it fuzzy; such guesses are
# dropped so the string shows in English until someone translates it.
_STRING = r'"(?:[^"\\]|\\.)*"\n'
FUZZY = re.compile(rf"^#, fuzzy((?:, [\w-]+)*)\n(?:#\|.*\n)*(msgid (?:{_STRING})+)msgstr (?:{_STRING})+", re.MULTILINE)
ENTRY = re.compile(r'^msgid "((?:[^"\\]|\\.)*)"\nmsgstr ""\n(?!")', re.MULTILINE)


def _drop_guess(match: re.Match[str]) -> str:
    flags, msgid = match[1], match[2]
    if msgid == 'msgid ""\n':  # the catalogue's header, not a guess
        return match[0]
    kept = f"#{flags}\n" if flags else ""
    return f'{kept}{msgid}msgstr ""\n'


def fill(language: str) -> int:
    path = HERE / language / "LC_MESSAGES" / "django.po"
    text = FUZZY.sub(_drop_guess, path.read_text())
    known = CATALOGUE[language]
    count = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal count
        msgid = match[1].replace('\\"', '"')
        if msgid not in known:
            return match[0]
        count += 1
        translated = known[msgid].replace('"', '\\"')
        return f'msgid "{match[1]}"\nmsgstr "{translated}"\n'

    text = ENTRY.sub(replace, text)
    # makemessages marks new catalogues fuzzy; these entries are reviewed.
    text = text.replace('#, fuzzy\nmsgid ""', 'msgid ""', 1)
    path.write_text(text)
    return count


if __name__ == "__main__":
    for lang in sys.argv[1:] or list(CATALOGUE):
        print(lang, fill(lang))
