"""Run by test_durability in a child process: plays the bot match, printing each notice's table
version as it is published, until the parent kills it with SIGKILL."""

import asyncio
import sys
from pathlib import Path

from engine.referee import Notice, Recorder
from tests.referee.test_durability import play
from tests.referee.world import World


class Printer(Recorder):
    async def publish(self, notice: Notice) -> None:
        print(notice.table.version, flush=True)


async def main(path: str, game: str) -> None:
    world = await World.open(Path(path), recorder=Printer())
    await play(world, game)
    print("done", flush=True)
    await world.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
