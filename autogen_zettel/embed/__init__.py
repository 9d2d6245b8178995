"""Embedders: the :class:`~autogen_zettel.embed.embedders.Embedder` protocol and its models (bundled, offline), their ONNX Runtime path, and the hub's one-encode-per-text cache."""
