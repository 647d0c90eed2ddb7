"""The web door at its connection cap: the oldest connection no handler is serving makes room,
a connection a handler serves is never closed, and with none to let go the newcomer is refused;
below the cap nobody is touched."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from handlers.web.guard import Doorman, Throttled, _Refusal


@dataclass
class Transport:
    name: str
    closing: bool = False

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def __hash__(self) -> int:
        return hash(self.name)


@dataclass
class Connection:
    transport: Transport


@dataclass
class Server:
    """aiohttp's server as the doorman sees it: its connections, oldest first, and a new one."""

    connections: list[Connection] = field(default_factory=list)
    made: int = 0

    def __call__(self) -> object:
        self.made += 1
        return object()


def door(cap: int, *transports: Transport, busy: tuple[Transport, ...] = ()) -> tuple[Doorman, Server]:
    doorman = Doorman(cap, Throttled(logging.getLogger("test.doorman")))
    server = Server([Connection(t) for t in transports])
    doorman.server = server  # type: ignore[assignment]
    for transport in busy:
        doorman.busy[transport] = 1  # type: ignore[index]
    return doorman, server


def test_below_the_cap_a_newcomer_is_let_in_and_nobody_is_closed() -> None:
    old = Transport("old")
    doorman, server = door(2, old)
    assert not isinstance(doorman(), _Refusal) and server.made == 1 and not old.closing


def test_at_the_cap_the_oldest_idle_connection_makes_room_never_one_being_served() -> None:
    served, idle, newer = Transport("served"), Transport("idle"), Transport("newer")
    doorman, server = door(3, served, idle, newer, busy=(served,))
    assert not isinstance(doorman(), _Refusal) and server.made == 1
    assert (served.closing, idle.closing, newer.closing) == (False, True, False)


def test_at_the_cap_a_connection_already_closing_is_no_room() -> None:
    going, idle = Transport("going", closing=True), Transport("idle")
    doorman, server = door(2, going, idle)
    assert not isinstance(doorman(), _Refusal)
    assert idle.closing and server.made == 1


def test_at_the_cap_with_every_connection_served_the_newcomer_is_refused() -> None:
    first, second = Transport("first"), Transport("second")
    doorman, server = door(2, first, second, busy=(first, second))
    assert isinstance(doorman(), _Refusal) and server.made == 0
    assert not first.closing and not second.closing
