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
    """Who the caller is, the roles they hold, the room their requests are for (the one picked in the pages,
    else the first of theirs; null for a user placed in no room) and that room's gaming day today."""

    permission_classes = [SIGNED_IN]

    class OutputSerializer(serializers.Serializer[dict[str, object]]):
        username = serializers.CharField()
        roles = serializers.ListField(child=serializers.CharField())
        room = serializers.IntegerField(allow_null=True)
        gaming_day = serializers.DateField()

    @extend_schema(responses=OutputSerializer)
    def get(self, request: Request) -> Response:
        room = getattr(request, "room", None)
        data = {
            "username": request.user.get_username(),
            "roles": sorted(user_roles(request.user)),
            # the room of the request (rooms.views.current's middleware), on its clock
            "room": room.pk if room else None,
            "gaming_day": current_gaming_day(room=room or None),
        }
        return Response(self.OutputSerializer(data).data)
