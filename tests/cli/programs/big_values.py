"""Values whose whole text is larger than debugpy's adapter takes in one message (16 MiB)."""

big = list(range(2_000_000))
text = "x" * 20_000_000
table = {i: str(i) * 3 for i in range(400_000)}
done = len(big)  # @ready
print("done", done)  # @after
