"""Updates handled concurrently (issue 19): different chats at once, one chat's and one person's
updates in the order they came."""

from __future__ import annotations

import asyncio
import datetime

from telegram import Chat, Message, Update, User

from handlers.updates import PerChatOrder

GROUP_A, GROUP_B = -1001, -1002
ALICE, BOB = 501, 502


def update(number: int, chat: int, user: int) -> Update:
    kind = Chat.PRIVATE if chat > 0 else Chat.SUPERGROUP
    message = Message(
        number,
        datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC),
        Chat(chat, kind),
        from_user=User(user, "u", False),
        text="/x",
    )
    return Update(number, message=message)


class Steps:
    def __init__(self) -> None:
        self.log: list[str] = []
        self.gates: dict[str, asyncio.Event] = {}

    async def step(self, name: str, hold: bool = False) -> None:
        self.log.append(f"{name}+")
        if hold:
            gate = self.gates[name] = asyncio.Event()
            await gate.wait()
        self.log.append(f"{name}-")


async def run(
    processor: PerChatOrder, steps: Steps, *jobs: tuple[Update, str, bool]
) -> list[asyncio.Task[None]]:
    tasks = [
        asyncio.create_task(processor.process_update(u, steps.step(name, hold))) for u, name, hold in jobs
    ]
    for _ in range(5):
        await asyncio.sleep(0)
    return tasks


async def test_other_chats_go_on_while_one_update_waits() -> None:
    steps, processor = Steps(), PerChatOrder()
    tasks = await run(
        processor, steps, (update(1, GROUP_A, ALICE), "a", True), (update(2, GROUP_B, BOB), "b", False)
    )
    assert steps.log == ["a+", "b+", "b-"]  # table B's press did not wait for table A's command
    steps.gates["a"].set()
    await asyncio.gather(*tasks)


async def test_one_chats_updates_keep_their_order() -> None:
    steps, processor = Steps(), PerChatOrder()
    tasks = await run(
        processor, steps, (update(1, GROUP_A, ALICE), "join", True), (update(2, GROUP_A, BOB), "start", False)
    )
    assert steps.log == ["join+"]
    steps.gates["join"].set()
    await asyncio.gather(*tasks)
    assert steps.log == ["join+", "join-", "start+", "start-"]


async def test_one_persons_private_then_group_updates_keep_their_order() -> None:
    """Bob's /start in private, then his /join in the group: the join must see the chat open."""
    steps, processor = Steps(), PerChatOrder()
    tasks = await run(
        processor,
        steps,
        (update(1, BOB, BOB), "start", True),
        (update(2, GROUP_A, BOB), "join", False),
        (update(3, GROUP_B, ALICE), "other", False),
    )
    assert steps.log == ["start+", "other+", "other-"]
    steps.gates["start"].set()
    await asyncio.gather(*tasks)
    assert steps.log[-2:] == ["join+", "join-"]
    assert not processor._last  # nothing kept for chats that went quiet
