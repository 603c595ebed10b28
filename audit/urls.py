"""The history pages, mounted under /history/."""

from django.urls import path

from audit import views

app_name = "audit"
urlpatterns = [
    path("", views.history_log, name="log"),
    path("history.csv", views.history_csv, name="csv"),
]
