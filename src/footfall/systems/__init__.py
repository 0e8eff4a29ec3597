"""Packaged rule data: one TOML file per game system, read by `footfall.rules.load_system`.

Files: ``pf1e.toml`` (seed 000), ``dnd35.toml`` (seed 004), ``dh2e.toml`` (seed 001),
``drawsteel.toml`` (seed 002). Their layout (keys, value types, each table's seed source) is
docs/data-files.md; every file is validated at load by `footfall.rules.reader`.
"""
