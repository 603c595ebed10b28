"""Pages of the hand record, mounted under /hands/."""

from django.urls import path

from games import views

app_name = "games"
urlpatterns = [
    path("", views.hand_list, name="hand_list"),
    path("<id:hand_id>/", views.hand_page, name="hand"),
    path("tables/<id:table_id>/deal/", views.dealer_screen, name="dealer"),
    path("exports/", views.export_start, name="export_start"),
    path("exports/<id:export_id>/", views.export_progress, name="export"),
    path("import/", views.import_page, name="import"),
    path("stats/", views.stats_page, name="stats"),
]
