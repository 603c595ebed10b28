"""Pages of the floor, mounted under /floor/."""

from django.urls import path

from tables import views
from tables.views import public

app_name = "tables"
urlpatterns = [
    path("", views.floor, name="floor"),
    path("board/", public.board, name="board"),
    path("board/kiosk/<str:token>/", public.kiosk_board, name="kiosk_board"),
    path("signage/", public.signage, name="signage"),
    path("signage/language/", public.room_language_change, name="room_language_set"),
    path("signage/board-links/", public.kiosk_link_create, name="kiosk_link_create"),
    path("signage/board-links/<id:token_id>/revoke/", public.kiosk_link_revoke, name="kiosk_link_revoke"),
    path("rules/", public.rules_index, name="rules_index"),
    path("rules/<slug:slug>/", public.rules, name="rules"),
    path("tables/create/", views.table_create, name="table_create"),
    path("tables/<id:table_id>/", views.table_detail, name="table"),
    path("tables/<id:table_id>/sign/", public.sign, name="sign"),
    path("tables/<id:table_id>/configure/", views.table_configure, name="table_configure"),
    path("tables/<id:table_id>/seat/", views.seat_player, name="seat_player"),
    path("tables/<id:table_id>/dealer/assign/", views.dealer_assign, name="dealer_assign"),
    path("tables/<id:table_id>/dealer/release/", views.dealer_release, name="dealer_release"),
    path("tables/<id:table_id>/<str:transition>/", views.table_transition, name="table_transition"),
    path("seats/<id:session_id>/stand-up/", views.seat_stand_up, name="seat_stand_up"),
    path("seats/<id:session_id>/move/", views.seat_move, name="seat_move"),
    path("seats/<id:session_id>/away/", views.seat_away, name="seat_away"),
    path("seats/<id:session_id>/back/", views.seat_back, name="seat_back"),
    path("players/", views.players, name="players"),
    path("players/pick/", views.player_pick, name="player_pick"),
    path("players/<id:player_id>/", views.player_detail, name="player"),
    path("players/<id:player_id>/photo/", views.player_photo, name="player_photo"),
    path("players/<id:player_id>/edit/", views.player_edit, name="player_edit"),
    path("players/<id:player_id>/expel/", views.expulsion_create, name="expulsion_create"),
    path("expulsions/", views.expulsions, name="expulsions"),
    path("expulsions/barred-players.csv", views.expulsions_csv, name="expulsions_csv"),
    path("expulsions/<id:expulsion_id>/lift/", views.expulsion_lift, name="expulsion_lift"),
    path("expulsions/<id:expulsion_id>/evidence/", views.expulsion_evidence, name="expulsion_evidence"),
    path("waitlists/", views.waitlists, name="waitlists"),
    path("waitlists/add/", views.waitlist_add, name="waitlist_add"),
    path("waitlists/<id:entry_id>/<str:verb>/", views.waitlist_entry_action, name="waitlist_action"),
    path("dealers/", views.dealers, name="dealers"),
    path("dealers/<id:user_id>/clock-<str:verb>/", views.dealer_clock, name="dealer_clock"),
    path("dealers/games/", views.dealer_games, name="dealer_games"),
]
