"""Pages of the floor, mounted under /floor/ (beside ``floor.urls``, the pages that compose other apps)."""

from django.urls import path

from tables import views
from tables.views import public

app_name = "tables"
urlpatterns = [
    path("board/", public.board, name="board"),
    path("board/kiosk/<str:token>/", public.kiosk_board, name="kiosk_board"),
    path("signage/", public.signage, name="signage"),
    path("signage/board-links/", public.kiosk_link_create, name="kiosk_link_create"),
    path("signage/board-links/<id:token_id>/revoke/", public.kiosk_link_revoke, name="kiosk_link_revoke"),
    path("rules/", public.rules_index, name="rules_index"),
    path("rules/<slug:slug>/", public.rules, name="rules"),
    path("players/", views.players, name="players"),
    path("players/<id:player_id>/", views.player_detail, name="player"),
    path("players/<id:player_id>/photo/", views.player_photo, name="player_photo"),
    path("players/<id:player_id>/edit/", views.player_edit, name="player_edit"),
    path("players/<id:player_id>/expel/", views.expulsion_create, name="expulsion_create"),
    path("expulsions/", views.expulsions, name="expulsions"),
    path("expulsions/barred-players.csv", views.expulsions_csv, name="expulsions_csv"),
    path("expulsions/<id:expulsion_id>/lift/", views.expulsion_lift, name="expulsion_lift"),
    path("expulsions/<id:expulsion_id>/evidence/", views.expulsion_evidence, name="expulsion_evidence"),
    path("dealers/", views.dealers, name="dealers"),
    path("dealers/<id:user_id>/clock-<str:verb>/", views.dealer_clock, name="dealer_clock"),
    path("dealers/games/", views.dealer_games, name="dealer_games"),
]
