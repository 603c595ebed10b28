"""API routes of the floor's operations that compose several apps, mounted by config.urls under /api/v1/ in the
floor's paths (``tables.urls_api``)."""

from django.urls import URLPattern, path

from floor.apis import tables

urlpatterns: list[URLPattern] = [
    path("floor/tables/<id:table_id>/open/", tables.TableOpenApi.as_view(), name="floor-table-open"),
]
