from django.urls import path

from rake import views

app_name = "rake"
urlpatterns = [
    path("", views.reports, name="reports"),
    path("fees/", views.fee_policies, name="fee_policies"),
    path("fees/tables/<int:table_id>/", views.table_fee_policy, name="table_fee_policy"),
    path("fees/games/<int:game_id>/", views.game_fee_policy, name="game_fee_policy"),
    path("fees/tables/<int:table_id>/time-charges/", views.table_time_charges, name="table_time_charges"),
    path("fees/time-charges/<int:charge_id>/collect/", views.time_charge_collect, name="time_charge_collect"),
    path(
        "fees/time-charges/<int:charge_id>/not-collected/",
        views.time_charge_not_collected,
        name="time_charge_not_collected",
    ),
]
