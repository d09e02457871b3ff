"""Code that has no file: compiled from a string (the DAP source-request case)."""

SOURCE = """
def made(x):
    breakpoint()
    y = x * 2
    return y + 1

value = made(20)
"""
exec(compile(SOURCE, "<generated>", "exec"))
print("value", globals()["value"])
