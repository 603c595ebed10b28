"""``GET /api/v1/me/``: who the caller is."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.gaming_day import current_gaming_day
from config.permissions import SIGNED_IN
from config.roles import user_roles


class MeApi(APIView):
    """Who the caller is, the roles they hold and the current gaming day."""

    permission_classes = [SIGNED_IN]

    class OutputSerializer(serializers.Serializer[dict[str, object]]):
        username = serializers.CharField()
        roles = serializers.ListField(child=serializers.CharField())
        gaming_day = serializers.DateField()

    @extend_schema(responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        data = {
            "username": request.user.get_username(),
            "roles": sorted(user_roles(request.user)),
            "gaming_day": current_gaming_day(),
        }
        return Response(self.OutputSerializer(data).data)
