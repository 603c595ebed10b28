"""``config.wsgi`` as production runs it (the environment sets DEBUG off), but with static files named as
``collectstatic`` has not run: the outage tests' servers (``tests.servers``) render pages without a manifest."""

from django.conf import settings

settings.STORAGES = {
    **settings.STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

from config.wsgi import application  # noqa: E402  (after the storage is set: loading the URLs may read it)

__all__ = ["application"]
