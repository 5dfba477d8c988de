"""The whole file: what each format makes of it, without keeping what it found.

* :mod:`.file_index`: a per-format index of anomaly counts per chunk (and
  exact resynchronisation points for code pages that cannot resynchronise);
* :mod:`.scan`: counting one chunk's spans; :mod:`.pool`: counting the
  chunks of a large file on every core;
* :mod:`.summary`: each format's verdict over a whole source, ranked;
* :mod:`.first_look`: the same ranking from a sample of the start, at once
  (the format a file opens in);
* :mod:`.navigation`: the next and previous anomaly from any offset.

Contract: memory is bounded whatever the file size and however many
anomalies it holds; anomalies are decoded again when someone goes to them.
"""
