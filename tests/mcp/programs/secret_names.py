"""Secrets where a value's text is not: a thread's name, a dict's key, and a DSN whose password
runs across the place a value is cut for display. Each is built at run time, so the source (shown
at a stop, and not redacted) holds none of them whole."""
import threading

TOKEN = "ghp_" + "Nm4" * 12


def main() -> None:
    release = threading.Event()
    worker = threading.Thread(target=release.wait, name="sync " + TOKEN, daemon=True)
    worker.start()
    keyed = {TOKEN: 1, "plain": 2}
    dsn = "postgres://" + "u" * 60 + ":" + "Pw7" * 40 + "@db.example:5432/app"
    print(len(keyed), len(dsn))  # @stop
    release.set()


main()
