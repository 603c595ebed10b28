"""The floor manager's pages that compose several apps, mounted under /floor/ beside ``tables.urls``."""

from django.urls import path

from floor import views

app_name = "floor"
urlpatterns = [
    path("", views.floor, name="floor"),
    path("signage/language/", views.room_language_change, name="room_language_set"),
    path("tables/create/", views.table_create, name="table_create"),
    path("tables/<id:table_id>/", views.table_detail, name="table"),
    path("tables/<id:table_id>/sign/", views.sign, name="sign"),
    path("tables/<id:table_id>/configure/", views.table_configure, name="table_configure"),
    path("tables/<id:table_id>/seat/", views.seat_player, name="seat_player"),
    path("tables/<id:table_id>/dealer/assign/", views.dealer_assign, name="dealer_assign"),
    path("tables/<id:table_id>/dealer/release/", views.dealer_release, name="dealer_release"),
    path("tables/<id:table_id>/<str:transition>/", views.table_transition, name="table_transition"),
    path("seats/<id:session_id>/stand-up/", views.seat_stand_up, name="seat_stand_up"),
    path("seats/<id:session_id>/move/", views.seat_move, name="seat_move"),
    path("seats/<id:session_id>/away/", views.seat_away, name="seat_away"),
    path("seats/<id:session_id>/back/", views.seat_back, name="seat_back"),
    path("players/pick/", views.player_pick, name="player_pick"),
    path("waitlists/", views.waitlists, name="waitlists"),
    path("waitlists/add/", views.waitlist_add, name="waitlist_add"),
    path("waitlists/<id:entry_id>/<str:verb>/", views.waitlist_entry_action, name="waitlist_action"),
]
