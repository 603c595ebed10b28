"""Pages of the history (``history``) and the middleware that opens each request's context (``middleware``)."""
