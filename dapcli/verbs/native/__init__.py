"""Native-debugging verbs (disassemble, memory, registers, instruction steps) and raw passthroughs (console, dap)."""
