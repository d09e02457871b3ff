"""What several verb families share: input bounds, parameter types, frames, values and the stop state."""
