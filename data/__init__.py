"""aiosqlite: schema, migrations and the store of tables, seats, moves, players, stats. (Issue 4.)

The only code in the project that speaks SQL.
"""
