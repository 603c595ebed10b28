"""API: opening a table, which puts up its sign naming the fee in force in rake's words
(``rake.selectors.sign_fee_words``); the table's other operations are ``tables.apis.tables``."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.permissions import acting_user, roles_allowed
from rake.selectors import sign_fee_words
from tables import selectors, services
from tables.apis.common import FM
from tables.apis.out import TableOut
from tables.apis.tables import TAG
from tables.selectors.tables import check_table_in_users_rooms


class TableOpenApi(APIView):
    permission_classes = [roles_allowed(FM)]

    @extend_schema(tags=TAG, request=None, responses=TableOut)
    def post(self, request: Request, table_id: int) -> Response:
        check_table_in_users_rooms(request.user, table_id=table_id)
        services.table_open(actor=acting_user(request), table_id=table_id, fee_words=sign_fee_words)
        return Response(TableOut(selectors.table_get(table_id=table_id)).data)
