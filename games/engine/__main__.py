"""``python -m games.engine``: see ``games.engine.cli``."""

from games.engine.cli import main

raise SystemExit(main())
