"""Cashier REST API, mounted under /api/v1/. Every POST that moves money needs an Idempotency-Key."""

from __future__ import annotations

from django.urls import path

from cashier.apis import floor, money, reads, reversals

urlpatterns = [
    path("cashier/denominations/", reads.DenominationListApi.as_view(), name="cashier-denominations"),
    path("cashier/shifts/", reads.ShiftListApi.as_view(), name="cashier-shifts"),
    path("cashier/shifts/current/", reads.ShiftCurrentApi.as_view(), name="cashier-shift-current"),
    path("cashier/shifts/open/", money.ShiftOpenApi.as_view(), name="cashier-shift-open"),
    path("cashier/shifts/<id:pk>/", reads.ShiftDetailApi.as_view(), name="cashier-shift-detail"),
    path("cashier/shifts/<id:pk>/close/", money.ShiftCloseApi.as_view(), name="cashier-shift-close"),
    path("cashier/shifts/<id:pk>/approve/", money.ShiftApproveApi.as_view(), name="cashier-shift-approve"),
    path("cashier/breakdown/", money.BreakdownApi.as_view(), name="cashier-breakdown"),
    path("cashier/transactions/", reads.TransactionListApi.as_view(), name="cashier-transactions"),
    path("cashier/transactions/<id:pk>/", reads.TransactionDetailApi.as_view(), name="cashier-transaction-detail"),
    path("cashier/sales/create/", money.SaleCreateApi.as_view(), name="cashier-sale-create"),
    path("cashier/redemptions/create/", money.RedemptionCreateApi.as_view(), name="cashier-redemption-create"),
    path("cashier/slips/", reads.SlipListApi.as_view(), name="cashier-slips"),
    path("cashier/slips/create/", floor.SlipCreateApi.as_view(), name="cashier-slip-create"),
    path("cashier/slips/<id:pk>/issue/", floor.SlipIssueApi.as_view(), name="cashier-slip-issue"),
    path("cashier/slips/<id:pk>/receive/", floor.SlipReceiveApi.as_view(), name="cashier-slip-receive"),
    path("cashier/slips/<id:pk>/void/", floor.SlipVoidApi.as_view(), name="cashier-slip-void"),
    path("cashier/slips/<id:pk>/void/confirm/", floor.SlipVoidConfirmApi.as_view(), name="cashier-slip-void-confirm"),
    path("cashier/tray-counts/", reads.TrayCountListApi.as_view(), name="cashier-tray-counts"),
    path("cashier/tray-counts/create/", floor.TrayCountCreateApi.as_view(), name="cashier-tray-count-create"),
    path("cashier/tray-counts/<id:pk>/sign/", floor.TrayCountSignApi.as_view(), name="cashier-tray-count-sign"),
    path("cashier/entries/", reads.EntryListApi.as_view(), name="cashier-entries"),
    path("cashier/reversals/", reversals.ReversalListApi.as_view(), name="cashier-reversals"),
    path("cashier/reversals/create/", reversals.ReversalRequestApi.as_view(), name="cashier-reversal-create"),
    path("cashier/reversals/<id:pk>/approve/", reversals.ReversalApproveApi.as_view(), name="cashier-reversal-approve"),
    path("cashier/reversals/<id:pk>/decline/", reversals.ReversalDeclineApi.as_view(), name="cashier-reversal-decline"),
    path("cashier/reports/outstanding/", reads.OutstandingApi.as_view(), name="cashier-outstanding"),
    path("cashier/reports/cage-summary/", reads.CageSummaryApi.as_view(), name="cashier-cage-summary"),
    path("cashier/reports/large-cash/", reads.LargeCashApi.as_view(), name="cashier-large-cash"),
    path("cashier/reports/ledger-check/", reads.LedgerCheckApi.as_view(), name="cashier-ledger-check"),
]
