"""The tactical grid engine: step policies per system, one search, three views."""
