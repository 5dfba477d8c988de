"""STF-7, the Silly 7-bit Transformation Format.

* :mod:`.format`: the format;
* :mod:`.chunks`: its three byte classes, chunk values and the two rules;
* :mod:`.general`: the decoder for any block, ill-formed tokens included;
* :mod:`.dense`: the path for blocks of many well-formed sequences;
* :mod:`.encode`: each scalar value direct or as its minimal chunks.
"""
