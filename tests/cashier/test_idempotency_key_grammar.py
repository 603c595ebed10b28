"""The schema states which Idempotency-Keys the API accepts: exactly those, no more, no fewer."""

from __future__ import annotations

import re
from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator
from hypothesis import given
from hypothesis import strategies as st

from config.errors import DomainError
from config.services.idempotency import KEY_PATTERN, check_key


@pytest.fixture(scope="module")
def key_schema() -> dict[str, Any]:
    generated = SchemaGenerator().get_schema(request=None, public=True)
    operation = generated["paths"]["/api/v1/cashier/sales/create/"]["post"]
    [parameter] = [p for p in operation["parameters"] if p["name"] == "Idempotency-Key"]
    assert parameter["in"] == "header" and parameter["required"]
    return dict(parameter["schema"])


def _accepted(key: str) -> bool:
    try:
        check_key(key)
    except DomainError:
        return False
    return True


@given(key=st.one_of(st.from_regex(KEY_PATTERN, fullmatch=True), st.text(max_size=300)))
def test_a_key_is_accepted_exactly_when_the_schema_allows_it(key_schema: dict[str, Any], key: str) -> None:
    allowed = key_schema["minLength"] <= len(key) <= key_schema["maxLength"]
    assert _accepted(key) == (allowed and re.fullmatch(key_schema["pattern"], key) is not None)


def test_a_uuid_fits_and_a_key_past_the_column_does_not(key_schema: dict[str, Any]) -> None:
    assert _accepted("0b6e1a54-3f9c-4f0e-9a57-2d1c8f7e6b3a")
    assert _accepted("k" * key_schema["maxLength"])
    assert not _accepted("k" * (key_schema["maxLength"] + 1))
