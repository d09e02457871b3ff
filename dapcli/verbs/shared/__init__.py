"""What several verb families share: bounds on user input, parameter types, the program-file check,
command-group hints, frames and the selected frame, values as shown (``values/``) and the stop
state (``stop/``). Nothing here imports a verb family."""
