"""Pages of the hand record, mounted under /hands/."""

from django.urls import path

from games.views import chip_float, dealer, hands

app_name = "games"
urlpatterns = [
    path("", hands.hand_list, name="hand_list"),
    path("<id:hand_id>/", hands.hand_page, name="hand"),
    path("<id:hand_id>/void/", hands.hand_void_page, name="hand_void"),
    path("<id:hand_id>/correct/", hands.hand_correct_page, name="hand_correct"),
    path("<id:hand_id>/correct/form/", hands.hand_correct_form, name="hand_correct_form"),
    path("<id:hand_id>/correct/preview/", hands.hand_correct_preview, name="hand_correct_preview"),
    path("tables/<id:table_id>/deal/", dealer.dealer_screen, name="dealer"),
    path("tables/<id:table_id>/deal/chips/", dealer.dealer_chips, name="dealer_chips"),
    path("exports/", hands.export_start, name="export_start"),
    path("exports/<id:export_id>/", hands.export_progress, name="export"),
    path("exports/<id:export_id>/retry/", hands.export_retry, name="export_retry"),
    path("import/", hands.import_page, name="import"),
    path("stats/", hands.stats_page, name="stats"),
    path("chip-float/", chip_float.chip_float_page, name="chip_float"),
]
