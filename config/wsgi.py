import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# What the first request would import (every URL module, its views, serializers and forms) is
# imported now, and everything loaded so far lives as long as the process: frozen, the cyclic
# collector's full passes leave it out. Unfrozen, a full pass walked all of these objects every
# couple of hundred requests while that request waited (figures: bench/README.md).
get_resolver().url_patterns  # noqa: B018 (imports the URL modules)
gc.collect()
gc.freeze()
