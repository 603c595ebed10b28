"""REST API of the project core."""

from config.apis.me import MeApi

__all__ = ["MeApi"]
