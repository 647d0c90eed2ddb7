"""A Bot API server on 127.0.0.1 for end-to-end tests: a real HTTP server (threads, stdlib) that
speaks the methods the bot uses, keeps every call, and hands out the updates the test injects."""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import threading
import time
import urllib.error
import urllib.request
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

BOT = {
    "id": 999,
    "is_bot": True,
    "first_name": "Gouji",
    "username": "gouji_test_bot",
    "can_join_groups": True,
}
MENTION = re.compile(r"@[A-Za-z0-9_]{5,32}")
SENDS = {"sendMessage", "sendPhoto", "sendDocument"}
ADMIN_RIGHTS = (
    "can_manage_chat",
    "can_delete_messages",
    "can_manage_video_chats",
    "can_restrict_members",
    "can_promote_members",
    "can_change_info",
    "can_invite_users",
    "can_post_stories",
    "can_edit_stories",
    "can_delete_stories",
)
EDITS = {"editMessageText", "editMessageMedia", "editMessageReplyMarkup", "editMessageCaption"}


@dataclass
class Call:
    method: str
    params: dict[str, Any]
    files: dict[str, bytes] = field(default_factory=dict)
    status: int = 200  # what the server answered: 200, or the error it returned
    at: float = field(default_factory=time.perf_counter)  # when the server got it

    @property
    def chat(self) -> int | None:
        chat = self.params.get("chat_id")
        return None if chat is None else int(chat)

    @property
    def text(self) -> str:
        return str(self.params.get("text") or self.params.get("caption") or "")

    @property
    def album(self) -> list[tuple[str, bytes]]:
        """An album's (caption, picture) of each photo, in order (sendMediaGroup)."""
        if self.method != "sendMediaGroup":
            return []
        items = _json(self.params["media"])
        return [(i.get("caption", ""), self.files[i["media"].removeprefix("attach://")]) for i in items]


@dataclass
class Fault:
    """Calls the server refuses: of `method` (any when None) for `chat` (any when None), the next
    `times` of them, with this code (429 says `retry_after`, 5xx are Telegram's own failures)."""

    code: int
    method: str | None = None
    chat: int | None = None
    times: int = 1
    retry_after: int = 1
    description: str = ""

    def matches(self, method: str, chat: int | None) -> bool:
        return self.times > 0 and self.method in (None, method) and self.chat in (None, chat)

    def error(self) -> _Error:
        self.times -= 1
        if self.code == 429:
            return _Error(429, f"Too Many Requests: retry after {self.retry_after}", self.retry_after)
        return _Error(self.code, self.description or f"Internal Server Error ({self.code})")


class FakeBotApi:
    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.messages: dict[tuple[int, int], dict[str, Any]] = {}  # (chat, id) → message
        self.admins: set[int] = set()
        self.outsiders: set[int] = set()  # users who are in no group (getChatMember: left)
        self.blocked: set[int] = set()  # users who blocked the bot: any message to them is a 403
        self.strangers: set[int] = set()  # users who never opened a private chat with the bot
        self.kicked: set[int] = set()  # groups that removed the bot
        self.faults: list[Fault] = []  # calls to refuse, in order
        self.stall = 0.0  # seconds every call but getUpdates hangs before its answer (a stuck API)
        # Telegram's flood limits when set: calls a second for the bot, and a minute per group;
        # beyond them a call is refused with `429 retry_after`, as Telegram does
        self.per_second: int | None = None
        self.group_per_minute: int | None = None
        # the limits' time, and each call's `at`: a test on a manual clock sets its own
        self.now: Callable[[], float] = time.monotonic
        self.stamp: Callable[[], float] = time.perf_counter
        self._recent: deque[float] = deque()
        self._group_recent: dict[int, deque[float]] = {}
        self.by_chat: dict[int, dict[int, dict[str, Any]]] = {}  # chat → message id → message
        self.answered: dict[str, float] = {}  # callback query id → when its answer arrived
        self.pressed_by: dict[str, int] = {}  # callback query id → who pressed
        self.handed_out: dict[int, float] = {}  # update id → when getUpdates first returned it
        self.files: dict[str, bytes] = {}  # file id → the picture uploaded
        self._updates: list[dict[str, Any]] = []
        # setWebhook's url and secret_token; while set, getUpdates is refused (409) as Telegram
        # does, and updates are POSTed to `webhook_target` (the test maps the public https URL
        # to the bot's local port), with the secret header, as Telegram delivers them
        self.webhook: dict[str, Any] | None = None
        self.webhook_target: str | None = None
        # several processes behind one URL: a load balancer takes turns among them, and passes
        # over one that refuses connections (a killed process)
        self.webhook_targets: list[str] = []
        self.deliveries: list[tuple[int, int]] = []  # (update id, the webhook's HTTP status)
        self.polls = 0  # getUpdates calls, answered or refused
        self._next_update = 1
        self._next_message = 1
        self._changed = threading.Condition()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def start(self) -> FakeBotApi:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    # -- what the test does -------------------------------------------------------------------

    def send(
        self, user: dict[str, Any], chat: dict[str, Any], text: str, reply_to: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """A user's message; as Telegram marks them, its command and its @mentions (ASCII names)."""
        message = self._message(chat, text=text, sender=user)
        entities = [
            {"type": "mention", "offset": m.start(), "length": len(m.group())} for m in MENTION.finditer(text)
        ]
        if text.startswith("/"):
            entities.insert(0, {"type": "bot_command", "offset": 0, "length": len(text.split()[0])})
        if entities:
            message["entities"] = entities
        if reply_to is not None:
            message["reply_to_message"] = reply_to
        self._push({"message": message})
        return message

    def post(self, chat: dict[str, Any], text: str) -> dict[str, Any]:
        """A message of the bot's in `chat` (as if it had sent it): somewhere to paste a button."""
        return self._message(chat, sender=BOT, text=text)

    def press(self, user: dict[str, Any], message: dict[str, Any], data: str) -> str:
        query_id = f"q{self._next_update}"
        query = {"id": query_id, "from": user, "message": message, "chat_instance": "1", "data": data}
        self.pressed_by[query_id] = user["id"]
        self._push({"callback_query": query})
        return query_id

    def wait_for(self, predicate: Any, timeout: float = 20.0) -> Any:
        """Blocks until `predicate(calls)` is true (returns its value); a deadline, not a pause."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                found = predicate(self.calls)
                if found:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"timed out; last calls: {[c.method for c in self.calls[-8:]]}")
                self._changed.wait(left)

    def fetched_all(self) -> bool:
        """Whether the bot has confirmed (by asking past it) every update queued for polling: a
        poll still open then can bring back nothing the test sent."""
        return not self._updates  # a getUpdates drops the updates below its offset: confirmed

    def answer_of(self, query_id: str) -> Call:
        return self.wait_for(
            lambda calls: next((c for c in calls if c.params.get("callback_query_id") == query_id), None)
        )

    # -- the server side ------------------------------------------------------------------------

    def _push(self, update: dict[str, Any]) -> None:
        with self._changed:
            update["update_id"] = self._next_update
            self._next_update += 1
            if self.webhook_target is None:
                self._updates.append(update)
                self._changed.notify_all()
                return
        self.deliver(update)

    def deliver(
        self,
        update: Any,
        secret: str | None = None,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> int:
        """POSTs an update to the bot's webhook as Telegram does (with the secret it was given,
        unless `secret` says otherwise; `body` replaces the JSON); returns the HTTP status."""
        assert self.webhook_target is not None and self.webhook is not None
        secret = self.webhook.get("secret_token", "") if secret is None else secret
        data = json.dumps(update).encode() if body is None else body
        targets = self._balanced(update)
        for target in targets:
            request = urllib.request.Request(target, data=data, method="POST")
            request.add_header("Content-Type", "application/json")
            if secret:
                request.add_header("X-Telegram-Bot-Api-Secret-Token", secret)
            for name, value in (headers or {}).items():
                request.add_header(name, value)
            try:
                with urllib.request.urlopen(request, timeout=30) as answer:
                    status = answer.status
                break
            except urllib.error.HTTPError as error:
                status = error.code
                break
            except urllib.error.URLError:  # nobody listens there: the balancer tries the next
                if target == targets[-1]:
                    raise
        if isinstance(update, dict) and isinstance(update.get("update_id"), int):
            self.deliveries.append((update["update_id"], status))
        return status

    def _balanced(self, update: Any) -> list[str]:
        """Where an update goes: the one webhook target, or the targets taken in turn from one
        that depends on the update's id, so that a match's updates land on every process."""
        if not self.webhook_targets:
            assert self.webhook_target is not None
            return [self.webhook_target]
        start = update.get("update_id", 0) if isinstance(update, dict) else 0
        n = len(self.webhook_targets)
        return [self.webhook_targets[(start + i) % n] for i in range(n)]

    def _message(
        self, chat: dict[str, Any], sender: dict[str, Any] | None = None, **fields: Any
    ) -> dict[str, Any]:
        with self._changed:
            message_id = self._next_message
            self._next_message += 1
        message = {"message_id": message_id, "date": int(time.time()), "chat": chat, **fields}
        if sender:
            message["from"] = sender
        self.messages[(chat["id"], message_id)] = message
        self.by_chat.setdefault(chat["id"], {})[message_id] = message
        return message

    def _flooded(self, method: str, chat: int | None) -> None:
        """Raises Telegram's 429 when the bot is over its limits (only calls let through count)."""
        if method == "getUpdates" or (self.per_second is None and self.group_per_minute is None):
            return
        now = self.now()
        with self._changed:
            recent = self._recent
            while recent and recent[0] <= now - 1.0:
                recent.popleft()
            if self.per_second is not None and len(recent) >= self.per_second:
                raise _Error(429, "Too Many Requests: retry after 1", 1)
            # the per-group limit is on what is sent there, not on reading a member (getChatMember)
            sends = chat is not None and chat < 0 and not method.startswith("get")
            group = self._group_recent.setdefault(chat, deque()) if sends else None
            if group is not None and self.group_per_minute is not None:
                while group and group[0] <= now - 60.0:
                    group.popleft()
                if len(group) >= self.group_per_minute:
                    wait = max(1, round(group[0] + 60.0 - now))
                    raise _Error(429, f"Too Many Requests: retry after {wait}", wait)
                group.append(now)
            recent.append(now)

    def _answer(self, method: str, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        chat_id = None if params.get("chat_id") is None else int(params["chat_id"])
        self._flooded(method, chat_id)
        fault = next((f for f in self.faults if f.matches(method, chat_id)), None)
        if fault is not None:
            raise fault.error()
        if chat_id in self.blocked:
            raise _Error(403, "Forbidden: bot was blocked by the user")
        if chat_id in self.strangers:
            raise _Error(403, "Forbidden: bot can't initiate conversation with a user")
        if chat_id in self.kicked:
            raise _Error(403, "Forbidden: bot was kicked from the supergroup chat")
        if method == "getMe":
            return BOT
        if method == "getUpdates" and self.webhook is not None:
            raise _Error(409, "Conflict: can't use getUpdates method while webhook is active")
        if method == "setWebhook":
            self.webhook = {"url": params["url"], "secret_token": params.get("secret_token", "")}
            return True
        if method == "deleteWebhook":
            self.webhook = None
            return True
        if method == "getUpdates":
            return self._updates_after(int(params.get("offset") or 0), float(params.get("timeout") or 0))
        if method in SENDS:
            chat_id = int(params["chat_id"])
            chat = {"id": chat_id, "type": "private" if chat_id > 0 else "group", "title": "g"}
            extra: dict[str, Any] = {"text": params.get("text", "")}
            if method != "sendMessage":
                extra = {"caption": params.get("caption", "")}
                if method == "sendPhoto":
                    extra["photo"] = self._photo(params, files, "photo")
                else:
                    extra["document"] = {"file_id": "d", "file_unique_id": "d"}
            if params.get("reply_markup"):
                extra["reply_markup"] = _json(params["reply_markup"])
            return self._message(chat, sender=BOT, **extra)
        if method == "sendMediaGroup":  # an album: one message per photo, captions in the media
            chat_id = int(params["chat_id"])
            chat = {"id": chat_id, "type": "private" if chat_id > 0 else "group", "title": "g"}
            sent = []
            for item in _json(params["media"]):
                photo = self._photo({"photo": item["media"]}, files, "photo")
                sent.append(self._message(chat, sender=BOT, caption=item.get("caption", ""), photo=photo))
            return sent
        if method in EDITS:
            key = (int(params["chat_id"]), int(params["message_id"]))
            message = self.messages.get(key)
            if message is None:
                raise _Error(400, "Bad Request: message to edit not found")
            if method == "editMessageMedia":  # the caption travels inside the media
                media = _json(params["media"])
                params["caption"] = media.get("caption", "")
                message["photo"] = self._photo({"photo": media["media"]}, files, "photo")
            if "text" in params:
                message["text"] = params["text"]
            if "caption" in params:
                message["caption"] = params["caption"]
            markup = params.get("reply_markup")
            if markup:
                message["reply_markup"] = _json(markup)
            else:  # an edit without a keyboard removes the keyboard
                message.pop("reply_markup", None)
            return message
        if method in ("deleteMessage", "deleteMessages"):
            chat = int(params["chat_id"])
            ids = _json(params["message_ids"]) if method == "deleteMessages" else [params["message_id"]]
            for message_id in ids:
                self.messages.pop((chat, int(message_id)), None)
                self.by_chat.get(chat, {}).pop(int(message_id), None)
            return True
        if method == "getChatMember":
            user = int(params["user_id"])
            status = "administrator" if user in self.admins else "member"
            status = "left" if user in self.outsiders else status
            member = {"status": status, "user": {"id": user, "is_bot": False, "first_name": "u"}}
            if status == "administrator":  # Telegram lists an admin's rights
                member.update(dict.fromkeys(ADMIN_RIGHTS, False), can_be_edited=False, is_anonymous=False)
            return member
        return True  # setMyCommands, answerCallbackQuery, deleteWebhook, close, ...

    def _photo(self, params: dict[str, Any], files: dict[str, bytes], name: str) -> list[dict[str, Any]]:
        """A photo sent as bytes gets a file id; one sent by file id is looked up, and the call
        keeps its bytes either way (tests look at what each chat was shown)."""
        ref = str(params.get(name) or "")
        if ref.startswith("attach://"):
            ref, name = "", ref.removeprefix("attach://")
        if ref:
            if ref not in self.files:
                raise _Error(400, "Bad Request: wrong file identifier/HTTP URL specified")
            files[name] = self.files[ref]
        picture = files[name]
        file_id = "f" + hashlib.sha1(picture).hexdigest()[:20]
        self.files[file_id] = picture
        return [{"file_id": file_id, "file_unique_id": file_id, "width": 1, "height": 1}]

    def _updates_after(self, offset: int, timeout: float) -> list[dict[str, Any]]:
        deadline = time.monotonic() + min(timeout, 1.0)
        with self._changed:
            unconfirmed = [u for u in self._updates if u["update_id"] >= offset]
            if len(unconfirmed) < len(self._updates):
                self._changed.notify_all()  # for `fetched_all`
            self._updates = unconfirmed
            while not self._updates and time.monotonic() < deadline:
                self._changed.wait(deadline - time.monotonic())
            now = time.perf_counter()
            for update in self._updates:
                self.handed_out.setdefault(update["update_id"], now)
            return list(self._updates)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                method = self.path.rsplit("/", 1)[-1]
                if api.stall and method != "getUpdates":
                    time.sleep(api.stall)  # the server's own slowness (its thread), not the test's
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                params, files = _parse(self.headers.get("Content-Type", ""), body)
                try:
                    result, status = {"ok": True, "result": api._answer(method, params, files)}, 200
                except _Error as error:
                    result, status = (
                        {"ok": False, "error_code": error.code, "description": error.text},
                        error.code,
                    )
                    if error.retry_after is not None:
                        result["parameters"] = {"retry_after": error.retry_after}
                if method == "answerCallbackQuery" and status == 200:
                    api.answered[str(params.get("callback_query_id"))] = time.perf_counter()
                if method == "getUpdates":
                    api.polls += 1
                else:
                    with api._changed:
                        api.calls.append(Call(method, params, files, status, api.stamp()))
                        api._changed.notify_all()
                data = json.dumps(result).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                with contextlib.suppress(BrokenPipeError):  # a long poll the bot gave up at shutdown
                    self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        return Handler


class _Error(Exception):
    def __init__(self, code: int, text: str, retry_after: int | None = None) -> None:
        self.code, self.text, self.retry_after = code, text, retry_after


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value


def _parse(content_type: str, body: bytes) -> tuple[dict[str, Any], dict[str, bytes]]:
    if content_type.startswith("application/json"):
        return json.loads(body or b"{}"), {}
    if content_type.startswith("multipart/form-data"):
        message = BytesParser(policy=HTTP).parsebytes(
            b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body
        )
        params: dict[str, Any] = {}
        files: dict[str, bytes] = {}
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            payload = part.get_payload(decode=True) or b""
            if part.get_filename():
                files[name] = payload
            else:
                params[name] = payload.decode()
        return params, files
    return {k: v[0] for k, v in parse_qs(body.decode()).items()}, {}
