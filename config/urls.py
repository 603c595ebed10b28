from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import URLPattern, URLResolver, include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from config import apis, views

handler403 = "config.views.permission_denied"
handler404 = "config.views.page_not_found"
handler500 = "config.views.server_error"

# Django tries patterns in order: the devices' hot paths (a dealer's events, a cashier's sales) first.
api_v1: list[URLPattern | URLResolver] = [
    path("", include("games.urls_api")),
    path("", include("cashier.urls_api")),
    path("me/", apis.MeApi.as_view(), name="me"),
    path("", include("tables.urls_api")),
    path("", include("floor.urls_api")),
    path("", include("rake.urls_api")),
]

urlpatterns = [
    path("api/v1/", include((api_v1, "api"), namespace="api")),
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", views.PasswordChangeView.as_view(), name="password_change"),
    path("password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("admin/", admin.site.urls),
    path("rooms/", include("rooms.urls")),
    # The floor's pages: those that compose several apps (the floor map, a table, seating, the waitlists, the
    # sign) and those of the floor alone (players, dealers, expulsions, the board, signage, rules).
    path("floor/", include("floor.urls")),
    path("floor/", include("tables.urls")),
    path("hands/", include("games.urls")),
    path("cashier/", include("cashier.urls")),
    path("reports/", include("rake.urls")),
    path("history/", include("audit.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view sends Swagger UI's start-up code as a script of its own (?script), so the
    # page needs no inline script under the Content Security Policy (config/settings.py).
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="swagger-ui"),
]
