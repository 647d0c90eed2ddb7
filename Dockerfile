# The bot as a container: the mypyc build in a first stage, a slim runtime without compilers,
# a non-root user, the database on a volume, HEALTHCHECK on /healthz, SIGTERM to the bot itself.
#   podman build -t gouji-bot . && podman run -e BOT_TOKEN=... -v gouji-data:/data gouji-bot
# (docker works the same). BUILD_IMAGE and RUN_IMAGE must carry the same Python (3.11 or newer):
# the compiled engines are built for the interpreter of the first stage.
ARG BUILD_IMAGE=python:3.11-slim-bookworm
ARG RUN_IMAGE=python:3.11-slim-bookworm

FROM ${BUILD_IMAGE} AS build
# gcc and the C library's headers for mypyc (the python images carry Python's own headers);
# the build stage is thrown away, so the compiler's exact version need not be pinned
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# pip reads PIP_FIND_LINKS and PIP_NO_INDEX from the build's arguments (an offline build from a
# folder of wheels, as CI does); unset, packages come from PyPI
ARG PIP_FIND_LINKS
ARG PIP_NO_INDEX
COPY requirements-bot.txt requirements-build.txt ./
RUN python3 -m venv /opt/bot \
    && /opt/bot/bin/pip install --no-cache-dir -r requirements-bot.txt -r requirements-build.txt
COPY . .
RUN /opt/bot/bin/python build_engine.py && rm -rf build requirements-build.txt

FROM ${RUN_IMAGE}
ARG PIP_FIND_LINKS
ARG PIP_NO_INDEX
COPY requirements-bot.txt /tmp/
RUN python3 -m venv /opt/bot \
    && /opt/bot/bin/pip install --no-cache-dir -r /tmp/requirements-bot.txt \
    && rm /tmp/requirements-bot.txt \
    && useradd --system --uid 10001 --user-group --home-dir /app --shell /usr/sbin/nologin bot \
    && mkdir /data \
    && chown bot:bot /data
WORKDIR /app
# the sources with the compiled engines beside them (and the build's record, which `engine` checks)
COPY --from=build /src /app
ENV DATABASE_PATH=/data/gouji-bot.sqlite3 \
    HTTP_HOST=0.0.0.0 \
    HTTP_PORT=8080 \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1
VOLUME ["/data"]
USER 10001:10001
# 8080: /healthz and /metrics while polling (HTTP_PORT); 8443: the webhook (PORT, with WEBHOOK_URL)
EXPOSE 8080 8443
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["/opt/bot/bin/python", "-m", "handlers.web.probe"]
STOPSIGNAL SIGTERM
# exec form: the bot is the process that gets SIGTERM, and ends within 8 s (FLUSH_SECONDS). It
# raises its soft file-descriptor limit to the hard one at start and caps its HTTP connections
# below it (handlers/web/guard.py); run it with `--ulimit nofile=65536:65536` for many pages
ENTRYPOINT ["/opt/bot/bin/python", "bot.py"]
