"""吃墩's whole pack, as a maintainer adding a game writes one (docs/architecture.md)."""

from handlers.packs import Pack
from tests.thirdgame.engine import GAME
from tests.thirdgame.look import LOOK
from tests.thirdgame.ui import UI

PACK = Pack(GAME, LOOK, UI)
