"""The history pages, mounted under /history/."""

from django.urls import path

from audit.views import history

app_name = "audit"
urlpatterns = [
    path("", history.history_log, name="log"),
    path("history.csv", history.history_csv, name="csv"),
]
