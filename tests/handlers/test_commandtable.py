"""One table of commands: python-telegram-bot's handlers, /help and the menus are built from it,
so a command added there is handled, explained and listed, in every language, with no second
list to keep in step."""

from __future__ import annotations

from telegram.ext import ApplicationBuilder, CommandHandler, filters

from engine.games import GAMES
from handlers.commandtable import COMMANDS, Chats, all_commands, help_of, install, menu
from handlers.i18n import LANGUAGES, catalogue, t


def test_every_command_has_its_words_in_every_language() -> None:
    missing = [
        (lang, c.name) for c in all_commands() for lang in LANGUAGES if f"cmd.{c.name}" not in catalogue(lang)
    ]
    assert missing == []


def test_help_lists_every_command_once_under_where_it_works() -> None:
    for lang in LANGUAGES:
        said = help_of(lang)
        for command in COMMANDS:
            entry = f"/{command.name} {t(lang, f'cmd.{command.name}')}"
            assert said.count(entry) == 1
            room = next(n for n, line in enumerate(said.splitlines()) if entry in line)
            assert room == 1 + list(Chats).index(command.chats)  # the group's, private, anywhere
        rooms = [line for line in said.splitlines() if any(f"/{c.name} " in line for c in COMMANDS)]
        assert len(rooms) == len(Chats)
        assert all(f"/{game}" in said.splitlines()[0] for game in GAMES)


def test_the_menu_is_the_commands_marked_for_it_and_quiet_only_with_the_mini_app() -> None:
    assert menu(webapp=False)[: len(GAMES)] == list(GAMES)
    assert "quiet" not in menu(webapp=False) and "quiet" in menu(webapp=True)
    assert "join" in menu(webapp=False) and "stop" not in menu(webapp=False)
    assert set(menu(webapp=True)) == {c.name for c in all_commands() if c.menu}


def test_each_command_is_handled_only_in_the_chats_where_it_means_something() -> None:
    app = ApplicationBuilder().token("1:x").build()
    install(app)
    handled = {
        name: h.filters for h in app.handlers[0] if isinstance(h, CommandHandler) for name in h.commands
    }
    where = {Chats.GROUP: filters.ChatType.GROUPS, Chats.PRIVATE: filters.ChatType.PRIVATE}
    for command in all_commands():
        assert command.name in handled
        if command.chats in where:
            assert repr(where[command.chats]) in repr(handled[command.name])
    assert "start" in handled and len(handled) == len(all_commands()) + 1
