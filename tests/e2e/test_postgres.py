"""End to end on PostgreSQL (`DATABASE_URL`): the real bot plays a 拱猪 deal on a real server,
is stopped in the middle and started again on the same database, and the deal ends with its
log whole, its score sheet told once and the league rated, as on the SQLite file."""

from __future__ import annotations

from pathlib import Path

from engine.referee import ManualClock
from tests import postgres
from tests.e2e.fake_api import FakeBotApi
from tests.e2e.harness import ALICE, Bot, play_until, score_sheets, seated_alone


async def test_a_deal_survives_a_restart_on_postgres(
    api: FakeBotApi, tmp_path: Path, postgres_server: str
) -> None:
    url = postgres.fresh_database(postgres_server)
    clock = ManualClock()
    bot = await Bot.start(api, tmp_path / "unused.sqlite3", clock, database_url=url)
    assert not (tmp_path / "unused.sqlite3").exists()  # the file is not the store
    await seated_alone(bot, "gongzhu", "fast deals=1")
    await play_until(bot, lambda calls: len([c for c in calls if c.method == "answerCallbackQuery"]) >= 4)
    referee = bot.app.bot_data.services.referee
    async with referee.store.reading() as q:
        logged = len(await q.moves(referee.tables[1].match_id))
    await bot.stop()

    bot = await Bot.start(api, tmp_path / "unused.sqlite3", clock, database_url=url)
    try:
        referee = bot.app.bot_data.services.referee
        async with referee.store.reading() as q:
            assert len(await q.moves(referee.tables[1].match_id)) == logged  # nothing lost
        await play_until(bot, lambda calls: referee.view(1).status == "finished" and score_sheets(calls))
        async with referee.store.reading() as q:
            moves = await q.moves(referee.tables[1].match_id)
            rated = await q.rating_of(0, "gongzhu", ALICE["id"])
        assert [m.ply for m in moves] == list(range(len(moves)))  # whole, none twice
        assert rated is not None and rated.matches == 1
        assert len(score_sheets(bot.api.calls)) == 1  # told once
    finally:
        await bot.stop()
