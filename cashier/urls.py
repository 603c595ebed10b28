from django.urls import path

from cashier import views

app_name = "cashier"
urlpatterns = [
    path("", views.index, name="index"),
    path("open/", views.shift_open, name="shift_open"),
    path("sale/", views.sale, name="sale"),
    path("redemption/", views.redemption, name="redemption"),
    path("receipts/<id:pk>/", views.receipt, name="receipt"),
    path("shifts/<id:pk>/", views.shift_report_page, name="shift_report"),
    path("shifts/<id:pk>/export/", views.shift_export, name="shift_export"),
    path("shifts/<id:pk>/close/", views.shift_close, name="shift_close"),
    path("shifts/<id:pk>/approve/", views.shift_approve, name="shift_approve"),
    path("hx/breakdown/", views.breakdown_partial, name="hx_breakdown"),
    path("hx/large-cash/", views.large_cash_partial, name="hx_large_cash"),
    path("hx/players/", views.player_search_partial, name="hx_players"),
    path("cage/", views.cage_summary_page, name="cage_summary"),
    path("outstanding/", views.outstanding_page, name="outstanding"),
    path("large-cash/", views.large_cash_page, name="large_cash"),
    path("slips/", views.slips_page, name="slips"),
    path("slips/create/", views.slip_create_page, name="slip_create"),
    path("slips/<id:pk>/print/", views.slip_print_page, name="slip_print"),
    path("slips/<id:pk>/<slug:action>/", views.slip_action_page, name="slip_action"),
    path("reversals/", views.reversals_page, name="reversals"),
    path("reversals/request/", views.reversal_request_page, name="reversal_request"),
    path("reversals/<id:pk>/<slug:action>/", views.reversal_action_page, name="reversal_action"),
    path("tray-counts/", views.tray_counts_page, name="tray_counts"),
    path("tray-counts/create/", views.tray_count_create_page, name="tray_count_create"),
    path("tray-counts/<id:pk>/sign/", views.tray_count_sign_page, name="tray_count_sign"),
]
