"""Packaged rule data: one TOML file per game system, read by `footfall.rules.load_system`.

Files: ``pf1e.toml`` (seed 000), ``dnd35.toml`` (seed 004), ``dh2e.toml`` (seed 001),
``drawsteel.toml`` (seed 002). Their keys and value types are documented in
`footfall.rules`; every file is validated at load.
"""
