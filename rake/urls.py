from django.urls import path

from rake.views import drops, pending, policies, reports

app_name = "rake"
urlpatterns = [
    path("", reports.reports, name="reports"),
    path("fees.csv", reports.report_csv, name="report_csv"),
    path("exports/", reports.export_start, name="export_start"),
    path("exports/<id:export_id>/", reports.export_progress, name="export_progress"),
    path("exports/<id:export_id>/download/", reports.export_download, name="export_download"),
    path("exports/<id:export_id>/retry/", reports.export_retry, name="export_retry"),
    path("drops/", drops.drop_counts, name="drop_counts"),
    path("drops/start/", drops.drop_count_start, name="drop_count_start"),
    path("drops/<id:count_id>/", drops.drop_count, name="drop_count"),
    path("drops/<id:count_id>/tally/", drops.drop_count_tally, name="drop_count_tally"),
    path("drops/<id:count_id>/explain/", drops.drop_count_explain, name="drop_count_explain"),
    path("days/", drops.gaming_days, name="gaming_days"),
    path("days/close/", drops.gaming_day_close, name="gaming_day_close"),
    path("pending/<id:pending_id>/post/", pending.pending_fee_post, name="pending_fee_post"),
    path("fees/", policies.fee_policies, name="fee_policies"),
    path("fees/tables/<id:table_id>/", policies.table_fee_policy, name="table_fee_policy"),
    path("fees/games/<id:game_id>/", policies.game_fee_policy, name="game_fee_policy"),
    path("fees/tables/<id:table_id>/time-charges/", policies.table_time_charges, name="table_time_charges"),
    path("fees/time-charges/<id:charge_id>/collect/", policies.time_charge_collect, name="time_charge_collect"),
    path(
        "fees/time-charges/<id:charge_id>/not-collected/",
        policies.time_charge_not_collected,
        name="time_charge_not_collected",
    ),
]
