"""The redaction mechanism: secret names, secret shapes in text, a result redacted, and linear time."""

from __future__ import annotations

import time

import pytest

from dapcli.verbs.models import (
    EvaluateResult,
    OutputChunkView,
    OutputResult,
    SetVariableResult,
    StopState,
    TraceHit,
    VariableView,
    WatchView,
)
from dapcli.verbs.shared.redact import plain_value, redact_result, redact_text, redact_texts, secret_name
from dapcli.verbs.shared.redact.text import redact_quoted

GHP = "ghp_" + "A1b2C3d4E5" * 3 + "xyz123"
SK = "sk-proj-" + "Zq9" * 10
JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
PEM = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nq2FzZQ==\n-----END RSA PRIVATE KEY-----"


@pytest.mark.parametrize("name", [
    "password", "db_password", "DB_PASSWORD", "dbPassword", "passwd", "pwd", "db-pwd", "passphrase", "secret",
    "client_secret", "clientSecret", "token", "GITHUB_TOKEN", "githubToken", "access-token", "csrftoken",
    "api_key", "apiKey", "APIKey", "API_KEY", "apikey", "x-api-key", "private_key", "privateKey",
    "aws_secret_access_key", "credentials", "creds", "authorization", "Authorization", "auth_header",
    "cookie", "Set-Cookie", "session_id", "sessionId", "sessionid", "config.db.password",
    "env['GITHUB_TOKEN']", "os.environ.get('DB_PASSWORD')", "os.getenv(\"API_KEY\")", "headers['x-api-key']",
    "password2", "token_b64", "DB_PASS", "access_tokens", "len(password)", "token.strip()",
])
def test_secret_names(name: str) -> None:
    assert secret_name(name)


@pytest.mark.parametrize("name", [
    "token_count", "max_tokens", "tokens", "password_length", "password_policy", "secret_name", "token_type",
    "public_key", "sort_key", "key", "primary_key", "PWD", "OLDPWD", "first_pass", "tokenizer", "session",
    "user", "keyboard", "monkey", "passwordless", "bypass", "author", "", None, "i", "total",
])
def test_names_that_are_not_secret(name: str | None) -> None:
    assert not secret_name(name)


@pytest.mark.parametrize("value,type_name", [
    ("3", None), ("-2.5", None), ("0x0000000000000000", None), ("None", None), ("null", None), ("nil", None),
    ("True", None), ("''", None), ('""', None), ("[]", None), ("{}", None), ("42", "int"), ("7 '\\a'", "char"),
    ("anything", "int"), ("1_000", None),
])
def test_plain_values(value: str, type_name: str | None) -> None:
    assert plain_value(value, type_name)


@pytest.mark.parametrize("value", ["'hunter2'", "'1234'", '0x000055555555 "ghp_x"', "b'secret'", "{'a': 1}"])
def test_values_that_may_be_secret(value: str) -> None:
    assert not plain_value(value, "str")


@pytest.mark.parametrize("text,expected", [
    (f"key {SK} end", "key <redacted: API key> end"),
    (f"token is {GHP}.", "token is <redacted: GitHub token>."),
    ("github_pat_" + "a1" * 20, "<redacted: GitHub token>"),
    ("id AKIAIOSFODNN7EXAMPLE!", "id <redacted: AWS access key id>!"),
    ("ASIAIOSFODNN7EXAMPLE", "<redacted: AWS access key id>"),
    ("xoxb-1234567890-abcdefghij", "<redacted: Slack token>"),
    ("AIzaSyA-abcdefghijklmnopqrstuvwxyz12345", "<redacted: Google API key>"),
    (f"Bearer {JWT}\n", "Bearer <redacted: JWT>\n"),
    (f"before\n{PEM}\nafter", "before\n<redacted: private key>\nafter"),
    ("postgres://bob:hunter2@db.example.com:5432/app",
     "postgres://bob:<redacted: password in URL>@db.example.com:5432/app"),
    ("redis://:s3cret@cache:6379/0", "redis://:<redacted: password in URL>@cache:6379/0"),
    ("{'user': 'bob', 'password': 'hunter2', 'n': 3}", "{'user': 'bob', 'password': '<redacted: secret>', 'n': 3}"),
    ("Config(user='bob', password='hunter2')", "Config(user='bob', password='<redacted: secret>')"),
    ('{"token": "abc", "token_count": 3}', '{"token": "<redacted: secret>", "token_count": 3}'),
    ("GITHUB_TOKEN=abc123 PATH=/usr/bin", "GITHUB_TOKEN=<redacted: secret> PATH=/usr/bin"),
    ("https://x.example/?access_token=zzz&page=2", "https://x.example/?access_token=<redacted: secret>&page=2"),
    ("Authorization: Bearer abc.def", "Authorization: <redacted: secret>"),
    ("Cookie: a=b; c=d\nnext", "Cookie: <redacted: secret>\nnext"),
    ("password: 'it\\'s' x", "password: '<redacted: secret>' x"),
    ("password: 'open\nnext", "password: '<redacted: secret>\nnext"),
    ("x = 'ghp_abcdefgh…", "x = '<redacted: GitHub token>…"),  # a value cut for display: its start is enough
])
def test_shapes_in_text(text: str, expected: str) -> None:
    assert redact_text(text)[0] == expected


@pytest.mark.parametrize("text", [
    "task-list sk-learn tokens: 5", "if password == expected:", "password: None", "token_count=3", "password=",
    "std::string key", "ghp_short", "AKIAshort", "eyJhbGci.notajwt", "https://example.com/path@x",
    "mailto:bob@example.com", "password: <redacted: secret>",
    "-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----",
    "max_tokens: 512, session: 'abc'", "PWD=/home/user",
])
def test_near_misses_are_kept(text: str) -> None:
    assert redact_text(text) == (text, 0)


def test_a_private_key_printed_in_pieces_is_hidden_whole() -> None:
    lines = [line + "\n" for line in PEM.splitlines()] + ["done\n"]
    texts, count = redact_texts(["start\n", *lines])
    assert "".join(texts) == "start\n<redacted: private key>" + "<redacted: private key>" * 3 + "\ndone\n"
    assert count == 4


def test_a_result_is_redacted_by_names_and_shapes_and_the_original_is_kept() -> None:
    creds = VariableView(name="creds", value="{'user': 'bob', 'password': 'hunter2'}", variables_reference=5,
                         children=[VariableView(name="'user'", value="'bob'", evaluate_name="creds['user']"),
                                   VariableView(name="'password'", value="'hunter2'")])
    stop = StopState(session="s", status="stopped", locals=[
        VariableView(name="password", value="'hunter2'", type="str"),
        VariableView(name="token_count", value="3", type="int"),
        VariableView(name="dsn", value="'postgres://bob:pw123@db/app'", type="str"),
        VariableView(name="banner", value=f"'{GHP}'", type="str"),
        VariableView(name="empty_token", value="''", type="str"),
        creds,
    ], output=[OutputChunkView(seq=1, category="stdout", output=f"using {SK}\n")],
        watches=[WatchView(id=1, expression="api_key", value="'k-123'", previous="'k-122'")])
    redacted = redact_result(stop)
    assert stop.locals is not None and stop.locals[0].value == "'hunter2'"  # the original is untouched
    values = {v.name: v.value for v in redacted.locals or []}
    assert values["password"] == "<redacted: the name looks secret>"
    assert values["token_count"] == "3"
    assert values["dsn"] == "'postgres://bob:<redacted: password in URL>@db/app'"
    assert values["banner"] == "'<redacted: GitHub token>'"
    assert values["empty_token"] == "''"
    assert values["creds"] == "<redacted: the name looks secret>"
    children = redacted.locals[-1].children or []
    assert [c.value for c in children] == ["<redacted: the name looks secret>"] * 2
    assert redacted.output is not None and redacted.output[0].output == "using <redacted: API key>\n"
    assert redacted.watches is not None and redacted.watches[0].value == redacted.watches[0].previous == \
        "<redacted: the name looks secret>"
    assert redacted.redacted == 9
    assert "hunter2" not in str(redacted.to_json()) and "pw123" not in str(redacted.to_json())


def test_evaluate_set_trace_and_output_results() -> None:
    env = EvaluateResult(expression="os.environ['GITHUB_TOKEN']", result=f"'{GHP}'", type="str")
    assert redact_result(env).result == "<redacted: the name looks secret>"
    whole = EvaluateResult(expression="os.environ", result=f"environ({{'HOME': '/root', 'GITHUB_TOKEN': '{GHP}'}})")
    assert redact_result(whole).result == "environ({'HOME': '/root', 'GITHUB_TOKEN': '<redacted: GitHub token>'})"
    assert redact_result(EvaluateResult(expression="len(password)", result="7", type="int")).redacted is None
    assert redact_result(SetVariableResult(name="password", value="'new'", type="str")).value.startswith("<redacted")
    trace = redact_result(OutputResult(chunks=[], next_seq=0))
    assert trace.redacted is None
    hit = TraceHit(hit=1, values={"token": "'abc'", "i": "2"})
    from dapcli.verbs.models import TraceResult

    traced = redact_result(TraceResult(path="a.py", line=3, expressions=["token", "i"], hits=[hit]))
    assert traced.hits[0].values == {"token": "<redacted: the name looks secret>", "i": "2"}


def test_a_raw_dap_body_by_its_names_and_shapes() -> None:
    from dapcli.verbs.models import DapResult

    body = {"variables": [{"name": "password", "value": "'x1'", "variablesReference": 0},
                          {"name": "note", "value": f"'{GHP}'"}, {"name": "n", "value": "2"}]}
    redacted = redact_result(DapResult(command="variables", body=body))
    assert redacted.body == {"variables": [
        {"name": "password", "value": "<redacted: the name looks secret>", "variablesReference": 0},
        {"name": "note", "value": "'<redacted: GitHub token>'"}, {"name": "n", "value": "2"}]}
    assert redacted.redacted == 2


def test_warnings_and_trace_errors_are_scanned() -> None:
    stop = redact_result(StopState(session="s", status="stopped", warnings=[f"condition failed near {GHP}", "ok"]))
    assert stop.warnings == ["condition failed near <redacted: GitHub token>", "ok"]
    hit = TraceHit(hit=1, values={}, errors={"x": f"bad key {SK}"})
    from dapcli.verbs.models import TraceResult

    traced = redact_result(TraceResult(path="a.py", line=3, expressions=["x"], hits=[hit]))
    assert traced.hits[0].errors == {"x": "bad key <redacted: API key>"}


def test_nothing_to_redact_returns_the_result_itself() -> None:
    stop = StopState(session="s", status="stopped", locals=[VariableView(name="i", value="3")])
    assert redact_result(stop) is stop


#: Inputs built to make a careless scanner backtrack: repeated prefixes, unclosed quotes,
#: runs of separators, URLs without an end, keys without values.
ADVERSARIAL = [
    "sk-", "eyJaaaaaaaaaaaa.", "a://@:", "password='", "password=1 ", "token: '\\'", "password='\\\\\\",
    "-----BEGIN ", "ghp_", "key key ", "a=", "tokentoken", "password: 'a\\'b' ghp_x sk-y eyJz.eyJ ://u:p@h ",
]


def _cpu(text: str) -> float:
    best = float("inf")
    for _ in range(2):
        started = time.process_time()
        redact_text(text)
        best = min(best, time.process_time() - started)
    return best


@pytest.mark.parametrize("unit", ADVERSARIAL)
def test_redaction_grows_linearly(unit: str) -> None:
    """1 MB takes about ten times what 100 KB takes (quadratic would be a hundred)."""
    small = (unit * (100_000 // len(unit) + 1))[:100_000]
    large = (unit * (1_000_000 // len(unit) + 1))[:1_000_000]
    ratio = _cpu(large) / max(_cpu(small), 1e-3)
    assert ratio < 35, f"{unit!r}: 1 MB took {ratio:.0f}x the time of 100 KB"


@pytest.mark.parametrize("unit", ["'", "'\"", "'a\n"])
def test_quoted_values_of_an_error_are_found_in_linear_time(unit: str) -> None:
    small = (unit * 100_000)[:100_000]
    large = (unit * 1_000_000)[:1_000_000]

    def cpu(text: str) -> float:
        started = time.process_time()
        redact_quoted(text, "k")
        return time.process_time() - started

    assert cpu(large) / max(cpu(small), 1e-3) < 35


def test_an_error_about_a_secret_has_its_quoted_values_redacted() -> None:
    assert redact_quoted("invalid literal for int() with base 10: 'hunter2' and \"x\"", "k") == (
        "invalid literal for int() with base 10: '<redacted: k>' and \"<redacted: k>\"", 2)


def test_a_private_key_whose_header_was_cut_off_is_still_redacted() -> None:
    """``output --tail`` may start inside a key printed line by line: its footer gives it away."""
    from dapcli.verbs.shared.redact.text import redact_text, redact_texts

    body = ["M" * 64 + "\n"] * 3 + ["abc=\n"]
    texts, _ = redact_texts(["hello\n", *body, "-----END RSA PRIVATE KEY-----\n", "after\n"])
    assert texts[0] == "hello\n" and texts[-1] == "after\n"
    assert not any("MMMM" in text or "abc=" in text for text in texts)
    one = redact_text("… (+1561 earlier chars)\n" + "".join(body) + "-----END RSA PRIVATE KEY-----\nafter\n")[0]
    assert "MMMM" not in one and one.startswith("… (+1561 earlier chars)\n") and one.endswith("after\n")
    kept = "short\n-----END CERTIFICATE-----\n"  # not a private key: left as it is
    assert redact_text(kept)[0] == kept


def test_a_console_command_that_names_a_secret_is_redacted() -> None:
    from dapcli.verbs.models import ConsoleResult
    from dapcli.verbs.shared.redact.walk import redact_result

    shown = redact_result(ConsoleResult(command="password", output="'hunter2'"))
    assert "hunter2" not in shown.output and shown.redacted == 1
    plain = redact_result(ConsoleResult(command="len(items)", output="3"))
    assert plain.output == "3"


def test_names_of_threads_and_keys_shaped_like_tokens_are_redacted() -> None:
    from dapcli.verbs.models import ThreadsResult, ThreadView
    from dapcli.verbs.models.hang import DeadlockEdge, HangResult, HangThread

    listed = [ThreadView(id=1, name=f"sync {GHP}"), ThreadView(id=2, name="main")]
    threads = redact_result(ThreadsResult(threads=listed))
    assert [t.name for t in threads.threads] == ["sync <redacted: GitHub token>", "main"] and threads.redacted == 1
    blocked = [HangThread(id=1, name=GHP, state="blocked")]
    hang = redact_result(HangResult(status="stopped", paused=True, threads=blocked,
                                    deadlock=[DeadlockEdge(thread_id=1, thread_name=GHP, waits_on="a", held_by=1)]))
    assert hang.threads[0].name == hang.deadlock[0].thread_name == "<redacted: GitHub token>"
    keyed = VariableView(name="keyed", value="{...}", variables_reference=3, children=[
        VariableView(name=f"'{GHP}'", value="1", evaluate_name=f"keyed['{GHP}']")])
    child = (redact_result(StopState(session="s", status="stopped", locals=[keyed])).locals or [])[0].children[0]
    assert (child.name, child.value, child.evaluate_name) == (
        "'<redacted: GitHub token>'", "1", "keyed['<redacted: GitHub token>']")


@pytest.mark.parametrize("value,limit,shown", [
    # the cut would split the password: the value is kept to its ``@``, then cut
    ("'postgres://bob:" + "pw" * 30 + "@db.example.com:5432/app'", 30,
     "'postgres://bob:<redacted: password in URL>@…"),
    # too long to keep whole: cut before it
    ("'postgres://bob:" + "pw" * 400 + "@db/app'", 30, "'postgres://bob:…"),
    # a token's tail
    ("x" * 20 + " " + GHP, 30, "x" * 20 + " <redacted: GitHub token>"),
    # a cut away from any secret is where it was
    ("'postgres://bob:pw@db.example.com:5432/" + "a" * 50 + "'", 50,
     "'postgres://bob:<redacted: password in URL>@db.example.com:5432/aaaaaaaaaaa…"),
])
def test_a_secret_is_never_split_by_a_cut(value: str, limit: int, shown: str) -> None:
    from dapcli.verbs.shared.values.variables import cut_value

    cut, left = cut_value(value, limit)
    assert redact_text(cut)[0] == shown
    assert len(cut) - (1 if cut.endswith("…") else 0) + left == len(value)


@pytest.mark.parametrize("text,expected", [
    ("postgres://bob:hunter2hun…", "postgres://bob:<redacted: password in URL>…"),
    ("see postgres://bob:hunter2", "see postgres://bob:<redacted: password in URL>"),
    ("http://localhost:8080", "http://localhost:8080"),
    ("http://localhost:80…", "http://localhost:80…"),
])
def test_a_url_cut_before_its_at_sign(text: str, expected: str) -> None:
    assert redact_text(text)[0] == expected


@pytest.mark.parametrize("before", ["a-", "a", "1", "_", "worker-", "id=", "x"])
def test_a_distinctive_token_is_found_inside_a_word(before: str) -> None:
    """``ghp_``, ``sk-proj-``, ``AKIA``… are tokens wherever they stand (a thread ``worker-ghp_…``,
    ``a-ghp_…``); only ``sk-`` and ``hf_``, common inside words, need a word's start."""
    from dapcli.verbs.shared.redact.text import redact_text

    token = "ghp_" + "abcdefghijklmnopqrstuvwxyz0123456789"
    assert redact_text(before + token) == (before + "<redacted: GitHub token>", 1)
    assert redact_text(before + "sk-proj-" + "A" * 40) == (before + "<redacted: API key>", 1)
    assert redact_text(before + "AKIAABCDEFGHIJKLMNOP") == (before + "<redacted: AWS access key id>", 1)
    assert redact_text("task-queue-worker-processing-items-now") == ("task-queue-worker-processing-items-now", 0)
    assert redact_text("shelf_abcdefghijklmnopqrstuvwxyz0123456789")[1] == 0


def test_the_beginning_of_a_token_on_an_unfinished_line_is_redacted() -> None:
    """Output read while the program writes: ``key ghp_abc…`` whose rest comes later is hidden
    now (the rest alone would not be recognised); a finished line keeps a short fragment."""
    from dapcli.verbs.shared.redact.text import redact_texts

    assert redact_texts(["a\n", "key ghp_abcdefghijklmnopqrstuvwxyz"], open_end=True) == (
        ["a\n", "key <redacted: GitHub token>"], 1)
    assert redact_texts(["key ghp_abc\n"], open_end=True) == (["key ghp_abc\n"], 0)
    assert redact_texts(["key ghp_abcdefghijklmnopqrstuvwxyz"]) == (["key ghp_abcdefghijklmnopqrstuvwxyz"], 0)
    assert redact_texts(["the task-"], open_end=True) == (["the task-"], 0)
