from django.urls import path

from rooms.views.current import room_choose

app_name = "rooms"

urlpatterns = [path("choose/", room_choose, name="choose")]
