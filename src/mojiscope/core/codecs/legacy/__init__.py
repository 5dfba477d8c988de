"""Code pages: any Python codec as a format (:mod:`.codepage`), the
well-formed runs of multi-byte code pages whose text does not re-encode
(:mod:`.runs`), where a multi-byte code page can be cut and where a window
into one begins (:mod:`.sync`), and ``windows-1252`` as browsers read it
(:mod:`.whatwg`). Bytes a code page leaves undefined are ``invalid``
(``unmapped``) spans.
"""
