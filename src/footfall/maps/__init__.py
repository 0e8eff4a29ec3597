"""Sample overland terrain maps for `footfall route` (text format: see `footfall.route`)."""
