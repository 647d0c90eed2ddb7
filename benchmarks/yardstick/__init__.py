"""Players whose moves come from nowhere near the review's judge: the yardstick the review is
proven against in duplicate play (`benchmarks.review_duplicate`)."""
