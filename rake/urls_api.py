from django.urls import URLPattern, path

from rake.apis import money, views

urlpatterns: list[URLPattern] = [
    path("fee-policies/", views.FeePolicyListApi.as_view(), name="fee_policy_list"),
    path("fee-policies/set/", views.FeePolicySetApi.as_view(), name="fee_policy_set"),
    path("fee-policies/in-force/", views.FeePolicyInForceApi.as_view(), name="fee_policy_in_force"),
    path("fee-policies/<id:version_id>/", views.FeePolicyDetailApi.as_view(), name="fee_policy_detail"),
    path("time-charges/", views.TimeChargeListApi.as_view(), name="time_charge_list"),
    path("time-charges/create-due/", views.TimeChargesCreateApi.as_view(), name="time_charges_create"),
    path("time-charges/<id:charge_id>/collect/", views.TimeChargeCollectApi.as_view(), name="time_charge_collect"),
    path(
        "time-charges/<id:charge_id>/not-collected/",
        views.TimeChargeNotCollectedApi.as_view(),
        name="time_charge_not_collected",
    ),
    # Money flow: drop counts, reconciliation, gaming days.
    path("drop-counts/", money.DropCountListApi.as_view(), name="drop_count_list"),
    path("drop-counts/start/", money.DropCountStartApi.as_view(), name="drop_count_start"),
    path("drop-counts/<id:count_id>/", money.DropCountDetailApi.as_view(), name="drop_count_detail"),
    path("drop-counts/<id:count_id>/tally/", money.DropTallyApi.as_view(), name="drop_count_tally"),
    path("drop-counts/<id:count_id>/explain/", money.DropExplainApi.as_view(), name="drop_count_explain"),
    path("drop-reconciliation/", money.ReconciliationApi.as_view(), name="drop_reconciliation"),
    path("gaming-days/", money.GamingDayListApi.as_view(), name="gaming_day_list"),
    path("gaming-days/close/", money.GamingDayCloseApi.as_view(), name="gaming_day_close"),
    # Reports for accountants.
    path("fee-reports/", money.FeeReportApi.as_view(), name="fee_report"),
    path("fee-exports/", money.ExportCreateApi.as_view(), name="fee_export_create"),
    path("fee-exports/<id:export_id>/", money.ExportDetailApi.as_view(), name="fee_export_detail"),
    path("fee-exports/<id:export_id>/download/", money.ExportDownloadApi.as_view(), name="fee_export_download"),
]
