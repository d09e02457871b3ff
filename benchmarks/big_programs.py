"""Big programs for the size rows, generated into a folder: a deep recursion, a frame with
thousands of locals, many threads (goroutines), and breakpoints spread over many files, in C
(``-g -O0``), Go (``-gcflags=all=-N -l``), Python and JavaScript. Each returns the program to
launch and the ``(source, line)`` of its stop; marker lines carry ``@stop``."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

__all__ = ["CC", "GO", "NODE", "build", "deep", "locals_frame", "many_threads", "spread"]

CC = shutil.which("gcc") or shutil.which("cc")
GO = shutil.which("go")
NODE = shutil.which("node")


def _stop(path: Path) -> tuple[str, int]:
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if "@stop" in text)
    return str(path), line


def build(folder: Path, language: str, files: dict[str, str]) -> str:
    """Write ``files`` into ``folder`` and build them for ``language`` (c, go, python, js);
    the program to launch."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name).write_text(text)
    if language == "c":
        sources = sorted(str(folder / n) for n in files if n.endswith(".c"))
        assert CC is not None
        subprocess.run([CC, "-g", "-O0", "-pthread", "-o", str(folder / "prog"), *sources], check=True,
                       capture_output=True, timeout=600)
        return str(folder / "prog")
    if language == "go":
        assert GO is not None
        (folder / "go.mod").write_text("module prog\n\ngo 1.19\n")
        subprocess.run([GO, "build", "-gcflags=all=-N -l", "-o", "prog", "."], cwd=folder, check=True,
                       capture_output=True, timeout=600)
        return str(folder / "prog")
    return str(folder / ("main.py" if language == "python" else "main.js"))


def deep(folder: Path, language: str, depth: int) -> tuple[str, tuple[str, int]]:
    """A recursion ``depth`` calls deep of ``down(n)``, stopped at its bottom (n == 0)."""
    texts = {
        "c": ("main.c", f"""#include <stdio.h>
int down(int n) {{
    if (n == 0) {{
        return 7; /* @stop */
    }}
    return down(n - 1) + 1;
}}
int main(void) {{
    printf("%d\\n", down({depth}));
    return 0;
}}
"""),
        "go": ("main.go", f"""package main

import "fmt"

func down(n int) int {{
\tif n == 0 {{
\t\treturn 7 // @stop
\t}}
\treturn down(n-1) + 1
}}

func main() {{
\tfmt.Println(down({depth}))
}}
"""),
        "python": ("main.py", f"""import sys
sys.setrecursionlimit({depth} + 1000)


def down(n):
    if n == 0:
        return 7  # @stop
    return down(n - 1) + 1


print(down({depth}))
"""),
        "js": ("main.js", f"""function down(n) {{
  if (n === 0) {{
    return 7; // @stop
  }}
  return down(n - 1) + 1;
}}
console.log(down({depth}));
"""),
    }
    name, text = texts[language]
    program = build(folder, language, {name: text})
    return program, _stop(folder / name)


def locals_frame(folder: Path, language: str, count: int) -> tuple[str, tuple[str, int]]:
    """A function with ``count`` locals ``v0 … v{count-1}`` (``vK`` holds ``K``), stopped after
    they are all set."""
    if language == "c":
        body = "".join(f"    volatile int v{k} = {k};\n" for k in range(count))
        text = (f"#include <stdio.h>\nint main(void) {{\n{body}    printf(\"%d\\n\", v0); /* @stop */\n"
                "    return 0;\n}\n")
        name = "main.c"
    elif language == "go":
        body = "".join(f"\tv{k} := {k}\n" for k in range(count))
        uses = "".join(f"\t_ = v{k}\n" for k in range(count))
        text = f"package main\n\nimport \"fmt\"\n\nfunc main() {{\n{body}{uses}\tfmt.Println(v0) // @stop\n}}\n"
        name = "main.go"
    elif language == "python":
        body = "".join(f"    v{k} = {k}\n" for k in range(count))
        text = f"def big():\n{body}    print(v0)  # @stop\n\n\nbig()\n"
        name = "main.py"
    else:
        body = "".join(f"  let v{k} = {k};\n" for k in range(count))
        text = f"function big() {{\n{body}  console.log(v0); // @stop\n}}\nbig();\n"
        name = "main.js"
    program = build(folder, language, {name: text})
    return program, _stop(folder / name)


def many_threads(folder: Path, language: str, count: int) -> tuple[str, tuple[str, int]]:
    """``count`` threads (goroutines for Go) parked on a lock/channel, stopped in main once all
    are started."""
    if language == "c":
        name = "main.c"
        text = f"""#include <pthread.h>
#include <stdio.h>
static pthread_mutex_t gate = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t ready;
static void *park(void *arg) {{
    pthread_barrier_wait(&ready);
    pthread_mutex_lock(&gate);
    pthread_mutex_unlock(&gate);
    return arg;
}}
int main(void) {{
    static pthread_t threads[{count}];
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 65536);
    pthread_mutex_lock(&gate);
    pthread_barrier_init(&ready, NULL, {count} + 1);
    for (int i = 0; i < {count}; i++) pthread_create(&threads[i], &attr, park, NULL);
    pthread_barrier_wait(&ready);
    printf("parked %d\\n", {count}); /* @stop */
    pthread_mutex_unlock(&gate);
    for (int i = 0; i < {count}; i++) pthread_join(threads[i], NULL);
    return 0;
}}
"""
    elif language == "go":
        name = "main.go"
        text = f"""package main

import (
\t"fmt"
\t"sync"
)

func park(ready *sync.WaitGroup, block chan struct{{}}) {{
\tready.Done()
\t<-block
}}

func main() {{
\tvar ready sync.WaitGroup
\tblock := make(chan struct{{}})
\tready.Add({count})
\tfor i := 0; i < {count}; i++ {{
\t\tgo park(&ready, block)
\t}}
\tready.Wait()
\tfmt.Println("parked", {count}) // @stop
\tclose(block)
}}
"""
    else:
        name = "main.py"
        text = f"""import threading

gate = threading.Event()
ready = threading.Barrier({count} + 1)


def park():
    ready.wait()
    gate.wait()


threading.stack_size(262144)
threads = [threading.Thread(target=park, name=f"park-{{k}}") for k in range({count})]
for thread in threads:
    thread.start()
ready.wait()
print("parked", {count})  # @stop
gate.set()
for thread in threads:
    thread.join()
"""
    program = build(folder, language, {name: text})
    return program, _stop(folder / name)


def spread(folder: Path, language: str, files: int,
           per_file: int) -> tuple[str, tuple[str, int], list[tuple[str, int]]]:
    """A program whose main calls one function in each of ``files`` files; the breakpoint
    lines: ``per_file`` in each file's function (the lines of its body), stopped first at the
    line in main marked ``@stop`` (before any of them runs). Returns the program, that stop,
    and every other breakpoint's ``(source, line)``."""
    made: dict[str, str] = {}
    lines: list[tuple[str, int]] = []
    ext = {"c": "c", "go": "go", "python": "py", "js": "js"}[language]
    for f in range(files):
        name = f"part{f}.{ext}"
        if language == "c":
            head, body, tail = f"int part{f}(int x) {{\n", "    x = x + {k};\n", "    return x;\n}\n"
        elif language == "go":
            head, body, tail = f"package main\n\nfunc part{f}(x int) int {{\n", "\tx = x + {k}\n", "\treturn x\n}\n"
        elif language == "python":
            head, body, tail = f"def part{f}(x):\n", "    x = x + {k}\n", "    return x\n"
        else:
            head, body, tail = f"function part{f}(x) {{\n", "  x = x + {k};\n", "  return x;\n}\n" \
                f"module.exports = part{f};\n"
        text = head + "".join(body.format(k=k + 1) for k in range(per_file)) + tail
        made[name] = text
        first = head.count("\n") + 1
        lines += [(str(folder / name), first + k) for k in range(per_file)]
    calls = range(files)
    if language == "c":
        decls = "".join(f"int part{f}(int x);\n" for f in calls)
        made["main.c"] = (f"#include <stdio.h>\n{decls}int main(void) {{\n    int x = 0; /* @stop */\n"
                          + "".join(f"    x = part{f}(x);\n" for f in calls) + "    printf(\"%d\\n\", x);\n"
                          "    return 0;\n}\n")
        main = "main.c"
    elif language == "go":
        made["main.go"] = ("package main\n\nimport \"fmt\"\n\nfunc main() {\n\tx := 0 // @stop\n"
                           + "".join(f"\tx = part{f}(x)\n" for f in calls) + "\tfmt.Println(x)\n}\n")
        main = "main.go"
    elif language == "python":
        made["main.py"] = ("".join(f"from part{f} import part{f}\n" for f in calls) + "x = 0  # @stop\n"
                           + "".join(f"x = part{f}(x)\n" for f in calls) + "print(x)\n")
        main = "main.py"
    else:
        made["main.js"] = ("".join(f"const part{f} = require('./part{f}.js');\n" for f in calls)
                           + "let x = 0; // @stop\n" + "".join(f"x = part{f}(x);\n" for f in calls)
                           + "console.log(x);\n")
        main = "main.js"
    program = build(folder, language, made)
    return program, _stop(folder / main), lines
