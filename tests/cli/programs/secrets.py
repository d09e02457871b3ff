"""Secrets in locals, a dict, an environment variable, a DSN and printed output. Each is built
at run time, so the source (shown at a stop, and not redacted) holds none of them whole."""
import os


def main() -> None:
    password = "hunter" + "2-" + "x9"
    api_token = "ghp_" + "Zx8" * 12
    token_count = 3
    creds = {"user": "bob", "password": password}
    dsn = "postgres://bob:" + "pw" + "123q@db.example:5432/app"
    github_token = os.environ.get("GITHUB_TOKEN", "")
    print("using key sk-" + "proj" + "-Q7" * 12, flush=True)
    print("done", token_count, len(creds), len(dsn), len(api_token), len(github_token))  # @stop


main()
