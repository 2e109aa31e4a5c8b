"""The application layer: one module per use case, each taking its options (:mod:`.options`) and a file, reading it
through the one loader (:mod:`.load`), and answering as data or rendered text.  Every face goes through it: the
command line (:mod:`tiebreak.cli`), the web API (:mod:`tiebreak.web`), the event's website (:mod:`tiebreak.site`)
and the live standings (:mod:`tiebreak.live`), so an option that changes how a file is read (``event``,
``points_from``) works on all of them.

===================  ===========================================================================================
module               use case
===================  ===========================================================================================
:mod:`.options`      the options of every use case (one declaration: types, choices, defaults) and their checks
:mod:`.load`         the one loader: the file read, its tournament chosen (``event``), its points (``points_from``)
:mod:`.standings`    the standings of players or teams, rendered in every output format
:mod:`.explain`      how each value of a participant was made, or what separated two
:mod:`.check`        published standings checked against ours
:mod:`.playoffs`     play-offs of tied places (Arbiters' Manual 13.2)
:mod:`.prizes`       a prize list distributed on the final standings
:mod:`.series`       the standings of a series of events (points per place or score, the best K events)
:mod:`.odds`         who can still win
:mod:`.ratings`      the rating report (rating change, performance)
:mod:`.site`         the event's website: the standings after every round, the play-off and the odds it shows
:mod:`.live`         the live standings: each version read and ranked as it stands, the previous round's kept
===================  ===========================================================================================

>>> from tiebreak.app.options import Options
>>> from tiebreak.app.standings import render_standings
>>> text, notes, s = render_standings(Options(tiebreaks="PTS,BH/C1", seed=1), "examples/hobsons-bay-cup-2025.trf", [])
>>> s.rows[0].start_no, str(s.rows[0].values["BH/C1"])    # published by Vega: no. 7 first, BH/C1 30
(7, '30')
"""
