"""Pillow pictures: a hand, the table, a score sheet; engine views in, image bytes out. (Issue 5.)"""
