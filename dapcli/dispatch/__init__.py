"""How a frontend's call reaches a verb: in-process, or through a session host's socket."""
