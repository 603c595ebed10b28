from django.urls import path

from rake import drop_views, pending_views, report_views, views

app_name = "rake"
urlpatterns = [
    path("", report_views.reports, name="reports"),
    path("fees.csv", report_views.report_csv, name="report_csv"),
    path("exports/", report_views.export_start, name="export_start"),
    path("exports/<id:export_id>/", report_views.export_progress, name="export_progress"),
    path("exports/<id:export_id>/download/", report_views.export_download, name="export_download"),
    path("exports/<id:export_id>/retry/", report_views.export_retry, name="export_retry"),
    path("drops/", drop_views.drop_counts, name="drop_counts"),
    path("drops/start/", drop_views.drop_count_start, name="drop_count_start"),
    path("drops/<id:count_id>/", drop_views.drop_count, name="drop_count"),
    path("drops/<id:count_id>/tally/", drop_views.drop_count_tally, name="drop_count_tally"),
    path("drops/<id:count_id>/explain/", drop_views.drop_count_explain, name="drop_count_explain"),
    path("days/", drop_views.gaming_days, name="gaming_days"),
    path("days/close/", drop_views.gaming_day_close, name="gaming_day_close"),
    path("pending/<id:pending_id>/post/", pending_views.pending_fee_post, name="pending_fee_post"),
    path("fees/", views.fee_policies, name="fee_policies"),
    path("fees/tables/<id:table_id>/", views.table_fee_policy, name="table_fee_policy"),
    path("fees/games/<id:game_id>/", views.game_fee_policy, name="game_fee_policy"),
    path("fees/tables/<id:table_id>/time-charges/", views.table_time_charges, name="table_time_charges"),
    path("fees/time-charges/<id:charge_id>/collect/", views.time_charge_collect, name="time_charge_collect"),
    path(
        "fees/time-charges/<id:charge_id>/not-collected/",
        views.time_charge_not_collected,
        name="time_charge_not_collected",
    ),
]
