"""Telegram in and out: commands, button presses, messages, announcements, languages.

Holds no game logic: every question about the game is asked of `engine`.
"""
