"""The bot's HTTP door (docs/architecture.md): one aiohttp server in the bot's own event loop, serving the
webhook, `/healthz` and `/metrics` (and, later, the Mini App), talking to the referee exactly as
the Telegram handlers do."""
