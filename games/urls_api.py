"""API routes of the hand record, mounted by config.urls under /api/v1/."""

from django.urls import URLPattern, path

from games.apis import log, recording

P = "hands/"

# The dealer's event first: Django tries the patterns in order and this one is the hot path.
urlpatterns: list[URLPattern] = [
    path(f"{P}<id:hand_id>/events/", recording.HandEventApi.as_view(), name="games-hand-event"),
    path(P, log.HandListApi.as_view(), name="games-hand-list"),
    path(f"{P}start/", recording.HandStartApi.as_view(), name="games-hand-start"),
    path(f"{P}record/", recording.HandRecordWholeApi.as_view(), name="games-hand-record"),
    path(f"{P}import/", log.ImportApi.as_view(), name="games-phh-import"),
    path(f"{P}exports/", log.ExportCreateApi.as_view(), name="games-export-create"),
    path(f"{P}exports/<id:export_id>/", log.ExportDetailApi.as_view(), name="games-export-detail"),
    path(f"{P}exports/<id:export_id>/download/", log.ExportDownloadApi.as_view(), name="games-export-download"),
    path(f"{P}stats/dealers/", log.DealerStatsApi.as_view(), name="games-dealer-stats"),
    path(f"{P}tables/<id:table_id>/current/", log.TableCurrentHandApi.as_view(), name="games-table-current"),
    path(f"{P}tables/<id:table_id>/stacks/", recording.StackAddApi.as_view(), name="games-stack-add"),
    path(f"{P}<id:hand_id>/", log.HandDetailApi.as_view(), name="games-hand-detail"),
    path(f"{P}<id:hand_id>/state/", log.HandStateApi.as_view(), name="games-hand-state"),
    path(f"{P}<id:hand_id>/undo/", recording.HandUndoApi.as_view(), name="games-hand-undo"),
    path(f"{P}<id:hand_id>/void/", recording.HandVoidApi.as_view(), name="games-hand-void"),
    path(f"{P}<id:hand_id>/correct/", recording.HandCorrectApi.as_view(), name="games-hand-correct"),
    path(f"{P}<id:hand_id>/phh/", log.HandPhhApi.as_view(), name="games-hand-phh"),
]
