"""The event's website (``tiebreak site``): :mod:`.event` the data of each page, :mod:`.pages` and :mod:`.card` the
pages in each language (templates ``tiebreak/render/templates/site_*.html``), :mod:`.build` the folder written
atomically, :mod:`.watch` the pages rewritten when the file changes."""
