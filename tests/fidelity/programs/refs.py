"""Two calls of f: the variablesReference numbers of the first stop are reused at the second."""

def f(tag):
    data = {"tag": tag, "items": [tag] * 3}
    other = ["x", "y"]  # noqa: F841 (a local to look at)
    return data  # @bp


f("first")
f("second")
