"""Hypothesis profiles: "quick" for a developer's run, "ci" for the full count (CI=true, or
HYPOTHESIS_PROFILE=ci as ``make test-all`` sets).

A test that asks for its own number of examples gives it through ``examples(n)``: ``n`` under "ci",
a fifth of it (at least ``QUICK_EXAMPLES``) under "quick".
"""

from __future__ import annotations

import os

from hypothesis import settings

QUICK_EXAMPLES = 10

settings.register_profile("ci", max_examples=100, print_blob=True)
settings.register_profile("quick", max_examples=QUICK_EXAMPLES)

IN_CI = os.environ.get("CI", "").lower() == "true"
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if IN_CI else "quick")
settings.load_profile(PROFILE)


def examples(full: int) -> int:
    """The number of examples a test asks for, under the profile in force."""
    return full if PROFILE == "ci" else min(full, max(QUICK_EXAMPLES, full // 5))
