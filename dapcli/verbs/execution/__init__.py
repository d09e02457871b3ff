"""Execution verbs: continue, steps, pause, until/goto/reverse, frame and thread selection, the program's stdin."""
