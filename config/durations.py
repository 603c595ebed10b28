"""A length of time as the pages say it: "18 s", "4 min", "1 h 5 min", in the reader's language.

The same words wherever a wait is shown (the waitlists' average and longest waits), so no page shows
Python's ``0:04:12.345678``. Units are abbreviated, which also spares the plural forms a number would ask
for in Armenian and Lithuanian; the spaces are no-break spaces, so a duration never breaks across lines.
"""

from __future__ import annotations

from datetime import timedelta

from django.utils.translation import gettext as _


def format_duration(length: timedelta) -> str:
    """Seconds under a minute, minutes under an hour, hours and minutes beyond, each rounded half up."""
    seconds = max(int(length.total_seconds() + 0.5), 0)
    if seconds < 60:
        text = _("%(seconds)s s") % {"seconds": seconds}
    else:
        hours, minutes = divmod((seconds + 30) // 60, 60)
        if not hours:
            text = _("%(minutes)s min") % {"minutes": minutes}
        elif not minutes:
            text = _("%(hours)s h") % {"hours": hours}
        else:
            text = _("%(hours)s h %(minutes)s min") % {"hours": hours, "minutes": minutes}
    return text.replace(" ", "\N{NO-BREAK SPACE}")
