"""The native families (C, C++, Rust): lldb-dap (:mod:`.lldb`), gdb (:mod:`.gdb`), CodeLLDB
(:mod:`.codelldb`), what they share (:mod:`.common`: the NativeAdapter base, ELF checks,
ptrace, finding programs and npm packages) and their early start (:mod:`.early`)."""
