"""API routes of the floor, mounted by config.urls under /api/v1/ (opening a table: ``floor.urls_api``)."""

from django.urls import URLPattern, path

from tables.apis import away, dealers, players, tables, waitlists

P = "floor/"

urlpatterns: list[URLPattern] = [
    path(f"{P}games/", tables.GameListApi.as_view(), name="floor-game-list"),
    path(f"{P}games/create/", tables.GameCreateApi.as_view(), name="floor-game-create"),
    path(f"{P}games/<id:game_id>/update/", tables.GameUpdateApi.as_view(), name="floor-game-update"),
    path(f"{P}tables/", tables.TableListApi.as_view(), name="floor-table-list"),
    path(f"{P}tables/create/", tables.TableCreateApi.as_view(), name="floor-table-create"),
    path(f"{P}tables/<id:table_id>/", tables.TableDetailApi.as_view(), name="floor-table-detail"),
    path(f"{P}tables/<id:table_id>/configure/", tables.TableConfigureApi.as_view(), name="floor-table-configure"),
    path(f"{P}tables/<id:table_id>/pause/", tables.TablePauseApi.as_view(), name="floor-table-pause"),
    path(f"{P}tables/<id:table_id>/resume/", tables.TableResumeApi.as_view(), name="floor-table-resume"),
    path(f"{P}tables/<id:table_id>/close/", tables.TableCloseApi.as_view(), name="floor-table-close"),
    path(f"{P}tables/<id:table_id>/events/", tables.TableEventListApi.as_view(), name="floor-table-events"),
    path(f"{P}tables/<id:table_id>/sign/", tables.SignCurrentApi.as_view(), name="floor-table-sign"),
    path(f"{P}tables/<id:table_id>/signs/", tables.SignHistoryApi.as_view(), name="floor-table-signs"),
    path(f"{P}tables/<id:table_id>/seat/", tables.SeatPlayerApi.as_view(), name="floor-table-seat"),
    path(f"{P}tables/<id:table_id>/dealer/assign/", dealers.DealerAssignApi.as_view(), name="floor-dealer-assign"),
    path(f"{P}tables/<id:table_id>/dealer/release/", dealers.DealerReleaseApi.as_view(), name="floor-dealer-release"),
    path(f"{P}seat-sessions/", tables.SeatSessionListApi.as_view(), name="floor-seat-list"),
    path(f"{P}seat-sessions/<id:session_id>/move/", tables.SeatMoveApi.as_view(), name="floor-seat-move"),
    path(f"{P}seat-sessions/<id:session_id>/stand-up/", tables.SeatStandUpApi.as_view(), name="floor-seat-stand-up"),
    path(f"{P}seat-sessions/<id:session_id>/away/", away.SeatAwayApi.as_view(), name="floor-seat-away"),
    path(f"{P}seat-sessions/<id:session_id>/back/", away.SeatBackApi.as_view(), name="floor-seat-back"),
    path(f"{P}seat-sessions/<id:session_id>/aways/", away.SeatAwayListApi.as_view(), name="floor-seat-aways"),
    path(f"{P}players/", players.PlayerListApi.as_view(), name="floor-player-list"),
    path(f"{P}players/create/", players.PlayerCreateApi.as_view(), name="floor-player-create"),
    path(f"{P}players/<id:player_id>/", players.PlayerDetailApi.as_view(), name="floor-player-detail"),
    path(f"{P}players/<id:player_id>/update/", players.PlayerUpdateApi.as_view(), name="floor-player-update"),
    path(f"{P}expulsions/", players.ExpulsionListApi.as_view(), name="floor-expulsion-list"),
    path(f"{P}expulsions/create/", players.ExpulsionCreateApi.as_view(), name="floor-expulsion-create"),
    path(f"{P}expulsions/<id:expulsion_id>/", players.ExpulsionDetailApi.as_view(), name="floor-expulsion-detail"),
    path(f"{P}expulsions/<id:expulsion_id>/lift/", players.ExpulsionLiftApi.as_view(), name="floor-expulsion-lift"),
    path(f"{P}waitlists/", waitlists.WaitlistBoardApi.as_view(), name="floor-waitlists"),
    path(f"{P}waitlists/analytics/", waitlists.WaitlistAnalyticsApi.as_view(), name="floor-waitlist-analytics"),
    path(f"{P}waitlists/entries/", waitlists.WaitlistEntryListApi.as_view(), name="floor-waitlist-entry-list"),
    path(f"{P}waitlists/entries/create/", waitlists.WaitlistAddApi.as_view(), name="floor-waitlist-add"),
    path(
        f"{P}waitlists/entries/<id:entry_id>/check-in/",
        waitlists.WaitlistCheckInApi.as_view(),
        name="floor-waitlist-check-in",
    ),
    path(f"{P}waitlists/entries/<id:entry_id>/call/", waitlists.WaitlistCallApi.as_view(), name="floor-waitlist-call"),
    path(f"{P}waitlists/entries/<id:entry_id>/seat/", waitlists.WaitlistSeatApi.as_view(), name="floor-waitlist-seat"),
    path(
        f"{P}waitlists/entries/<id:entry_id>/remove/",
        waitlists.WaitlistRemoveApi.as_view(),
        name="floor-waitlist-remove",
    ),
    path(f"{P}dealers/", dealers.DealerProfileListApi.as_view(), name="floor-dealer-list"),
    path(f"{P}dealers/<id:user_id>/profile/", dealers.DealerProfileSetApi.as_view(), name="floor-dealer-profile"),
    path(f"{P}dealers/<id:user_id>/clock-in/", dealers.DealerClockInApi.as_view(), name="floor-dealer-clock-in"),
    path(f"{P}dealers/<id:user_id>/clock-out/", dealers.DealerClockOutApi.as_view(), name="floor-dealer-clock-out"),
    path(f"{P}dealers/shifts/", dealers.DealerShiftListApi.as_view(), name="floor-dealer-shifts"),
    path(f"{P}dealers/assignments/", dealers.AssignmentListApi.as_view(), name="floor-dealer-assignments"),
    path(f"{P}dealers/rotation/", dealers.RotationBoardApi.as_view(), name="floor-rotation"),
    path(f"{P}board/", dealers.RoomBoardApi.as_view(), name="floor-board"),
]
