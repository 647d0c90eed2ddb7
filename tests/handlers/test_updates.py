"""Updates handled concurrently: different chats at once, one chat's and one person's
updates in the order they came."""

from __future__ import annotations

import asyncio
import datetime

from telegram import CallbackQuery, Chat, Message, Update, User

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


def typed(number: int, user: int, text: str) -> Update:
    message = Message(
        number,
        datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC),
        Chat(user, Chat.PRIVATE),
        from_user=User(user, "u", False),
        text=text,
    )
    return Update(number, message=message)


def press(number: int, user: int) -> Update:
    message = update(number, GROUP_A, user).message
    query = CallbackQuery(str(number), User(user, "u", False), "chat", message=message, data="m|x")
    return Update(number, callback_query=query)


async def test_a_press_and_a_typed_move_go_on_while_a_flood_of_commands_holds_every_slot() -> None:
    """2,000 strangers' /help held every update slot while their replies waited for
    Telegram's budget, and a table's presses waited 35 s each behind them."""
    steps, processor = Steps(), PerChatOrder(max_concurrent_updates=3)
    flood = [(typed(n, 1000 + n, "/help"), f"help{n}", True) for n in range(5)]
    tasks = await run(
        processor, steps, *flood, (press(10, ALICE), "press", False), (typed(11, BOB, "9 9"), "move", False)
    )
    assert [s for s in steps.log if s.startswith("help")] == [
        "help0+",
        "help1+",
        "help2+",
    ]  # the lane is full
    assert "press-" in steps.log and "move-" in steps.log  # the plays did not wait for a slot
    for gate in list(steps.gates.values()):
        gate.set()
    for _ in range(5):
        await asyncio.sleep(0)
        for gate in list(steps.gates.values()):
            gate.set()
    await asyncio.gather(*tasks)
    assert sum(s.endswith("-") for s in steps.log) == 7
