"""The Mini App's HTTP API. Every call carries `Authorization: tma <initData>`, whose
user is the caller; nothing in a URL or body names who is asking.

    GET  /api/tables/mine                 the running table where the caller is seated
    GET  /api/tables/{id}                 the public view and version; a seated caller's hand,
                                          legal moves ("legal", in notation) and their words
    POST /api/tables/{id}/moves           {"move": "<notation>", "version": n} → 200 {"version"},
                                          409 stale version, 422 illegal (the reason in words);
                                          the move the caller already made on n: 200 again
    GET  /api/tables/{id}/hint            the normal bot's move for the caller's decision, and why
    GET  /api/tables/{id}/events          server-sent events: the table's version as it changes
    GET  /api/replays/{match}?round=n     a finished match's round step by step, every hand face
                                          up: for members of its group only; a running
                                          match, another group's or none at all: the same 404;
                                          with the review's marks once /review made it

A seated player reads their own hand only; anyone else only the public view, and only as a
member of the table's group (Telegram's getChatMember, asked through `MemberChecks`: answers
kept, calls shared and bounded). A move goes through `Referee.submit` with the version, exactly
as a button press does. Every body is read bounded in size and time (`bodies`); event streams
are bounded per user and in all (`STREAMS_PER_USER`, `streams`): docs/security.md."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from telegram.ext import Application

from engine.errors import Refusal, Refused
from engine.move import MAX_NOTATION
from engine.referee import MatchReview, Referee, TableView
from handlers.answers import refusal
from handlers.games import counter_words, hint_reason, move_label
from handlers.i18n import language
from handlers.live import LiveTables
from handlers.membership import is_admin_of, is_member_of
from handlers.private import decision_question
from handlers.replaysteps import replay_names
from handlers.reviews import reason, when
from handlers.services import Services
from handlers.web.bodies import BadBody, json_body
from handlers.web.initdata import MOVE_LIMIT, READ_LIMIT, InvalidInitData, WebAppUser, validate
from handlers.web.members import Busy, MemberChecks
from handlers.web.memory import keep
from handlers.web.replayview import replay_json
from handlers.web.tableview import described_moves, hand_tokens, public_json
from render.scene import seconds_left

log = logging.getLogger(__name__)
NO_STORE = {"Cache-Control": "no-store"}
MAX_MOVE = 300  # characters: the longest notation of a legal move is far shorter
KEEPALIVE = 15.0  # seconds between an event stream's comments, so proxies keep it open
TABLE = r"{table:\d{1,12}}"
ROUND = re.compile(r"[0-9]{1,6}")  # a replay's round number (str.isdigit also takes "²")
COMMIT_WAIT = 2.0  # seconds a request waits for a change under way to be committed
STREAMS_PER_USER = 4  # event streams one user may hold open (a phone and a desktop, with room)
SIGNED_KEPT = 10_000  # initData strings whose signature was checked, kept with their user
PUBLIC_KEPT = 64  # public views kept, by (table, version, language): every page asks the same
REPLAYS_KEPT = 16  # replayed rounds kept, by (match, round, language): a group opens the same one

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def reply(body: Any, status: int = 200) -> web.Response:
    return web.Response(
        text=json.dumps(body, ensure_ascii=False),
        status=status,
        content_type="application/json",
        headers=NO_STORE,
    )


def busy(retry_after: int) -> web.HTTPServiceUnavailable:
    """503: the bot cannot answer this now (the store is slow, Telegram's budget is spoken for)."""
    return web.HTTPServiceUnavailable(
        text=json.dumps({"error": "busy"}), headers={"Retry-After": str(retry_after), **NO_STORE}
    )


class MiniAppApi:
    def __init__(
        self,
        application: Application,
        live: LiveTables,
        now: Callable[[], float] = time.time,
        streams: int = 256,
    ) -> None:
        """`streams`: event streams open at most, from everyone (the server sizes it below its
        connection cap)."""
        self.application = application
        self.live = live
        self.now = now
        self.token = application.bot.token
        self.members = MemberChecks(lambda group, user: is_member_of(application.bot, group, user))
        self.most_streams = streams
        self.streams: Counter[int] = Counter()  # open event streams by user
        self._public: dict[tuple[int, int, str], dict[str, Any]] = {}
        self._signed: dict[str, WebAppUser] = {}  # initData already checked: its user
        self._replays: dict[tuple[int, int | None, str], dict[str, Any]] = {}
        self._reviews: dict[int, MatchReview] = {}  # made reviews, by match

    def add_routes(self, router: web.UrlDispatcher) -> None:
        router.add_get("/api/tables/mine", self.mine)
        router.add_get(f"/api/tables/{TABLE}", self.table)
        router.add_post(f"/api/tables/{TABLE}/moves", self.move)
        router.add_post(f"/api/tables/{TABLE}/rematch", self.rematch)
        router.add_get(f"/api/tables/{TABLE}/hint", self.hint)
        router.add_get(f"/api/tables/{TABLE}/why", self.why)
        router.add_get(f"/api/tables/{TABLE}/events", self.events)
        router.add_post("/api/me/quiet", self.set_quiet)
        router.add_get(r"/api/replays/{match:\d{1,12}}", self.replay)

    # -- who asks ----------------------------------------------------------------------------------

    @property
    def services(self) -> Services:
        services: Services | None = self.application.bot_data.services
        if services is None:
            raise web.HTTPServiceUnavailable(text="starting", headers=NO_STORE)
        return services

    @property
    def referee(self) -> Referee:
        return self.services.referee

    def caller(self, request: web.Request, max_age: float) -> WebAppUser:
        scheme, _, data = request.headers.get("Authorization", "").partition(" ")
        try:
            if scheme.lower() != "tma":
                raise InvalidInitData("no tma authorization")
            return self.checked(data.strip(), max_age)
        except InvalidInitData as why:
            log.info("mini app: a request refused: %s", why)
            raise web.HTTPUnauthorized(
                text=json.dumps({"error": "unauthorized"}), content_type="application/json", headers=NO_STORE
            ) from None

    def checked(self, data: str, max_age: float) -> WebAppUser:
        """`validate`, once per initData string: a page sends the same one with every call (a
        watching page, one a move); its age is still checked each time."""
        user = self._signed.get(data)
        if user is None:
            user = validate(data, self.token, self.now(), max_age)
            keep(self._signed, data, user, SIGNED_KEPT)
        elif self.now() - user.auth_date > max_age:
            raise InvalidInitData("too old")
        return user

    async def lang_of(self, user: WebAppUser) -> str:
        """The player's language as the bot knows it, else as their Telegram says (a spectator
        who never wrote to the bot)."""
        known = await self.services.player(user.id)
        return known.lang if known is not None else language(None, user.language_code)

    async def access(self, request: web.Request, user: WebAppUser) -> tuple[TableView, int | None]:
        """The table, as committed, and the caller's seat (None: a spectator, who must be in
        the table's group)."""
        table = int(request.match_info["table"])
        try:
            view = await self.committed(table)
        except Refused:
            raise web.HTTPNotFound(text=json.dumps({"error": "unknown_table"}), headers=NO_STORE) from None
        seat = view.seat_of(user.id)
        if seat is None and not await self.member(view.group_id, user.id):
            raise web.HTTPForbidden(text=json.dumps({"error": "not_in_group"}), headers=NO_STORE)
        return view, seat

    async def committed(self, table: int) -> TableView:
        """The table's view once its latest change is in the store (a page was told of
        a match finished that a SIGKILL then left out of the file). A commit under way takes
        milliseconds; past `COMMIT_WAIT` the store is failing: 503."""
        view = self.referee.view(table)
        if self.live.settled(table, view.version):
            return view

        def settled() -> bool:
            try:
                return self.live.settled(table, self.referee.view(table).version)
            except Refused:  # put away meanwhile
                return True

        if not await self.live.until(settled, COMMIT_WAIT):
            raise busy(retry_after=2)
        return self.referee.view(table)

    async def member(self, group: int, user: int) -> bool:
        """Whether Telegram says the user is in the group (`MemberChecks`); 503 when too many
        checks wait already."""
        try:
            return await self.members.member(group, user)
        except Busy:
            raise busy(retry_after=5) from None

    # -- the calls -------------------------------------------------------------------------------

    async def mine(self, request: web.Request) -> web.Response:
        user = self.caller(request, READ_LIMIT)
        view = self.referee.table_of_player(user.id)
        return reply({"table": None if view is None else view.id})

    async def table(self, request: web.Request) -> web.Response:
        user = self.caller(request, READ_LIMIT)
        view, seat = await self.access(request, user)
        services = self.services
        lang = await self.lang_of(user)
        body = await self.public(view, lang)
        body |= {"you": seat, "lang": lang, "hand": None, "legal": [], "moves": []}
        if seat is not None and view.dealt:
            private = self.referee.private_view(view.id, user.id)
            body["hand"] = hand_tokens(view.game, private.hand)
            body["legal"] = list(private.legal)
            body["moves"] = described_moves(view.game, private, lang)
            # a decision with words of its own (an exposure's are the chat's toggles: not here)
            if private.legal and private.phase not in ("play", "expose"):
                names = await services.seat_names(view, lang)
                left = services.time_left(view)
                body["question"] = decision_question(view.game, private, names, lang, left)
            body["version"] = private.version
            body["quiet"] = (known := await services.player(user.id)) is not None and known.quiet
        if seat is not None and view.status == "finished":  # their result, and the way to play on
            body["result"] = self.application.bot_data.notifier.private.results.get((view.id, user.id))
            body["rematch"] = True
        return reply(body)

    async def public(self, view: TableView, lang: str) -> dict[str, Any]:
        """The table's public view, built once per version and language for all its pages (100
        watching pages cost one build a move, not 100); the time left is the only part made anew."""
        key = (view.id, view.version, lang)
        built = self._public.get(key)
        now = self.referee.now()
        if built is None:  # `view` is committed (`access`): its version never changes meaning
            counted = self.referee.still_out(view.id)  # the card counter: played cards only
            names = await self.services.seat_names(view, lang)
            built = public_json(view, names, now, lang, self.live.recent.get(view.id, ()))
            built["counter"] = None if counted is None else counter_words(view.game, counted, lang)
            keep(self._public, key, built, PUBLIC_KEPT)
        return built | {"seconds_left": seconds_left(view, now)}

    async def move(self, request: web.Request) -> web.Response:
        user = self.caller(request, MOVE_LIMIT)
        view, seat = await self.access(request, user)
        if seat is None:
            return reply({"error": "not_seated"}, 403)
        try:
            sent = await json_body(request)
            move, version = sent["move"], sent["version"]
        except (BadBody, KeyError, TypeError):
            return reply({"error": "bad_request"}, 400)
        if not isinstance(move, str) or not isinstance(version, int) or len(move) > MAX_MOVE:
            return reply({"error": "bad_request"}, 400)
        lang = await self.lang_of(user)
        try:
            await self.referee.submit(view.id, user.id, move, version)
        except Refusal as error:
            status = 409 if error.key == "stale" else 503 if error.key == "paused" else 422
            return reply({"error": error.key, "reason": refusal(lang, error)}, status)
        return reply({"version": self.referee.view(view.id).version})

    async def rematch(self, request: web.Request) -> web.Response:
        """The finished table plays again, same seats (as `/rematch`: its creator, or an admin of
        its group, whom Telegram is asked about)."""
        user = self.caller(request, MOVE_LIMIT)
        view, seat = await self.access(request, user)
        if seat is None:
            return reply({"error": "not_seated"}, 403)
        lang = await self.lang_of(user)
        admin = user.id != view.creator and await is_admin_of(self.application.bot, view.group_id, user.id)
        try:
            await self.referee.rematch(view.id, by=user.id, admin=admin)
        except Refusal as error:
            return reply({"error": error.key, "reason": refusal(lang, error)}, 422)
        return reply({"version": self.referee.view(view.id).version})

    async def set_quiet(self, request: web.Request) -> web.Response:
        """The caller's private chat quiet or not (as `/quiet`); their running table's message is
        redrawn in the new way at once."""
        user = self.caller(request, MOVE_LIMIT)
        try:
            wanted = (await json_body(request))["quiet"]
        except (BadBody, KeyError, TypeError):
            return reply({"error": "bad_request"}, 400)
        services = self.services
        if not isinstance(wanted, bool) or await services.player(user.id) is None:
            return reply({"error": "bad_request"}, 400)  # a user the bot never met has no chat to quiet
        await services.set_quiet(user.id, wanted)
        await self.application.bot_data.notifier.redraw_hand(user.id)
        return reply({"quiet": wanted})

    async def hint(self, request: web.Request) -> web.Response:
        user = self.caller(request, READ_LIMIT)
        view, _ = await self.access(request, user)
        explained = self.referee.explained_hint(view.id, user.id)
        if explained is None:
            return reply({"move": None})
        move, key, values = explained
        lang = await self.lang_of(user)
        return reply({"move": move, "reason": hint_reason(view.game, key, values, lang)})

    async def why(self, request: web.Request) -> web.Response:
        """Why the rules refuse the cards a seated player has picked (`?move=` in notation), in
        their language: the engine's own reason, so the page knows no game's rules. None: the
        rules take it."""
        user = self.caller(request, READ_LIMIT)
        view, seat = await self.access(request, user)
        move = request.query.get("move", "")
        if not move or len(move) > MAX_NOTATION:
            return reply({"error": "bad_move"}, 400)
        # a spectator picks nothing; an ended match takes nothing
        if seat is None or view.status != "running":
            return reply({"why": None})
        try:
            refused = self.referee.why_not(view.id, user.id, move)
        except Refusal as error:  # put away meanwhile, or no longer seated
            refused = error
        if refused is None:
            return reply({"why": None})
        return reply({"why": refusal(await self.lang_of(user), refused)})

    async def replay(self, request: web.Request) -> web.Response:
        """One round of a finished match, for a member of its group. Whether it is running,
        another group's or unknown, a non-member hears the same 404 as for no match at all."""
        user = self.caller(request, READ_LIMIT)
        match_id = int(request.match_info["match"])
        wanted = request.query.get("round", "")
        round_no = int(wanted) if ROUND.fullmatch(wanted) else None
        group = await self.referee.replay_group(match_id)  # one row: nothing is built for a stranger
        if group is None or not await self.member(group, user.id):
            return reply({"error": "no_replay"}, 404)  # running or unknown: the same answer
        lang = await self.lang_of(user)
        key = (match_id, round_no, lang)
        body = self._replays.get(key)  # a finished match never changes: built once
        if body is None:
            try:
                found = await self.referee.replay(None, match_id, round_no)
            except Refused:  # no such round: as unknown as no match
                return reply({"error": "no_replay"}, 404)
            names = await replay_names(self.services, found, lang)
            body = await asyncio.to_thread(replay_json, found, names, lang)  # ~60 ms: off the loop
            body |= {"lang": lang}
            keep(self._replays, key, body, REPLAYS_KEPT)
        answer = reply(body | await self.review_marks(match_id, body["round"], user.id, lang))
        answer.enable_compression()  # a long hand's steps: ~10 times smaller gzipped
        return answer

    async def review_marks(self, match_id: int, round_no: int, user: int, lang: str) -> dict[str, Any]:
        """The review's marks on the round's steps, once `/review` has made it, and
        the caller's seat (whose mistakes "next mistake" jumps to)."""
        made = self._reviews.get(match_id)
        if made is None:
            made = await self.referee.review(None, match_id, start=False)
            if made.judgements:  # made: it never changes
                keep(self._reviews, match_id, made, REPLAYS_KEPT)
        marks = [
            {
                "step": j.step,
                "seat": j.seat,
                "mark": j.mark,
                "loss": round(j.loss, 1),
                "spread": round(2 * j.noise),  # the loss is sure within this, either way
                "move": move_label(j.move, lang, made.game),
                "best": move_label(j.best, lang, made.game),
                "when": when(made.game, j, lang),
                "why": reason(made.game, j, lang),
            }
            for j in made.judgements
            if j.round == round_no
        ]
        you = made.players.index(user) if user in made.players else None
        # whose mistakes "next mistake" can step to: every reviewed seat, not only the viewer's
        reviewed = sorted({j.seat for j in made.judgements})
        return {"reviewed": bool(made.judgements), "marks": marks, "you": you, "reviewed_seats": reviewed}

    async def events(self, request: web.Request) -> web.StreamResponse:
        user = self.caller(request, READ_LIMIT)
        view, _ = await self.access(request, user)
        if self.streams[user.id] >= STREAMS_PER_USER:
            return reply({"error": "too_many_streams"}, 429)
        if self.streams.total() >= self.most_streams:
            return web.Response(status=503, headers={"Retry-After": "15", **NO_STORE})
        self.streams[user.id] += 1
        try:
            return await self._stream(request, view)
        finally:
            self.streams[user.id] -= 1
            if not self.streams[user.id]:
                del self.streams[user.id]

    async def _stream(self, request: web.Request, view: TableView) -> web.StreamResponse:
        stream = web.StreamResponse(
            headers={"Content-Type": "text/event-stream", "X-Accel-Buffering": "no", **NO_STORE}
        )
        version, status, live = -1, view.status, self.live
        try:
            await stream.prepare(request)
            while True:
                # a version the referee has published: its change is in the store (`commit`
                # raises the version before its transaction, and reloads if that fails)
                published = live.versions.get(view.id, view.version)
                status = live.statuses.get(view.id, status)
                if published != version:
                    version = published
                    data = json.dumps({"version": version, "status": status})
                    await stream.write(f"id: {version}\nevent: version\ndata: {data}\n\n".encode())
                else:  # quiet for a while: the table may have been put away meanwhile
                    try:
                        self.referee.view(view.id)
                    except Refused:
                        await stream.write(b"event: gone\ndata: {}\n\n")
                        break
                    await stream.write(b": still here\n\n")
                if status not in ("lobby", "running"):
                    break
                await live.wait(view.id, version, KEEPALIVE)  # at once when the server closes
                if live.closed:
                    break
        except ConnectionError:
            pass  # the page went away
        return stream
