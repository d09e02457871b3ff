# Loaded by rdbg before the program (dapcli's `-x`).
# The program's output unbuffered, so that what it printed is there at each stop (a pipe is
# block-buffered otherwise).
$stdout.sync = true
$stderr.sync = true
# An uncaught exception stops where it was raised (rdbg's postmortem mode, turned on by
# RUBY_DEBUG_POSTMORTEM); `exit N` is no exception to stop at: this handler runs before
# rdbg's (at_exit handlers run in reverse order) and turns postmortem off for it.
at_exit { ::DEBUGGER__::CONFIG.set_config(postmortem: false) if $!.is_a?(::SystemExit) }
