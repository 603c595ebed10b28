"""Pages of the rake app (HTML + htmx), thin over services and selectors: fee policies and time charges
(``policies``), the accountants' reports (``reports``), drop counts and gaming days (``drops``), the
button that posts a pending fee (``pending``); their forms and charts (``forms``, ``charts``)."""
