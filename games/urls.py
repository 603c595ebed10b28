"""Pages of the hand record, mounted under /hands/."""

from django.urls import path

from games import views, views_dealer

app_name = "games"
urlpatterns = [
    path("", views.hand_list, name="hand_list"),
    path("<id:hand_id>/", views.hand_page, name="hand"),
    path("<id:hand_id>/void/", views.hand_void_page, name="hand_void"),
    path("<id:hand_id>/correct/", views.hand_correct_page, name="hand_correct"),
    path("tables/<id:table_id>/deal/", views_dealer.dealer_screen, name="dealer"),
    path("tables/<id:table_id>/deal/chips/", views_dealer.dealer_chips, name="dealer_chips"),
    path("exports/", views.export_start, name="export_start"),
    path("exports/<id:export_id>/", views.export_progress, name="export"),
    path("exports/<id:export_id>/retry/", views.export_retry, name="export_retry"),
    path("import/", views.import_page, name="import"),
    path("stats/", views.stats_page, name="stats"),
]
