"""gunicorn's settings for the room's web processes: production runs ``gunicorn -c config/gunicorn.conf.py``
(docs/production.md), and the fault tests start their servers from this file too (``tests.servers``),
giving only their own port, application module and number of workers."""

wsgi_app = "config.wsgi:application"
bind = ["127.0.0.1:8000"]
workers = 4

# The master loads the application once (config/wsgi.py: Django, every URL module, then gc.freeze) and each
# worker is a fork of it, so a killed worker (OOM, a crash) is replaced by a process ready at once instead
# of one that must import everything again first (figures in docs/production.md, "The web workers";
# tests/faults/test_a_killed_web_worker_is_replaced_under_load.py holds it to 2 s under load). Loading
# opens no connection: the database's and Redis's are opened by each worker at its first request, so none
# is shared across the fork (the same test checks that the master holds none). The code is the master's:
# a new release restarts the service, as a HUP would only fork the code loaded before.
preload_app = True

# A worker silent for this long is killed and replaced: far beyond any request the room answers, whose
# waits are bounded (Redis REDIS_TIMEOUT, a page's queries), so only a hung worker reaches it.
timeout = 30
# On a stop or restart, the requests in flight get this long to finish before their worker is killed.
graceful_timeout = 30

# Nothing in the room uses gunicornc; left on, every instance run by one user listens on one path
# ($HOME/.gunicorn/gunicorn.ctl), so a second instance on the machine takes it over from the first.
control_socket_disable = True
