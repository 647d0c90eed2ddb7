"""The store of tables, seats, moves, players, stats: schema, migrations and queries, on SQLite
(aiosqlite, the default) or PostgreSQL (psycopg).

The only code in the project that speaks SQL.
"""
