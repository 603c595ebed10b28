from django.urls import URLPattern, path

from rake.apis import views

urlpatterns: list[URLPattern] = [
    path("fee-policies/", views.FeePolicyListApi.as_view(), name="fee_policy_list"),
    path("fee-policies/set/", views.FeePolicySetApi.as_view(), name="fee_policy_set"),
    path("fee-policies/in-force/", views.FeePolicyInForceApi.as_view(), name="fee_policy_in_force"),
    path("fee-policies/<int:version_id>/", views.FeePolicyDetailApi.as_view(), name="fee_policy_detail"),
    path("time-charges/", views.TimeChargeListApi.as_view(), name="time_charge_list"),
    path("time-charges/create-due/", views.TimeChargesCreateApi.as_view(), name="time_charges_create"),
    path("time-charges/<int:charge_id>/collect/", views.TimeChargeCollectApi.as_view(), name="time_charge_collect"),
    path(
        "time-charges/<int:charge_id>/not-collected/",
        views.TimeChargeNotCollectedApi.as_view(),
        name="time_charge_not_collected",
    ),
]
