-- The live history's tables as tiebreak made them before migrations (schema 0001), postgresql; frozen.

CREATE TABLE live_versions (
	id SERIAL NOT NULL, 
	event VARCHAR(300) NOT NULL, 
	version INTEGER NOT NULL, 
	time VARCHAR(40) NOT NULL, 
	round INTEGER NOT NULL, 
	digest VARCHAR(80) NOT NULL, 
	warning TEXT, 
	document TEXT NOT NULL, 
	PRIMARY KEY (id)
);

CREATE INDEX ix_live_versions_event ON live_versions (event);

CREATE TABLE live_changes (
	version_id INTEGER NOT NULL, 
	round INTEGER NOT NULL, 
	start_no INTEGER NOT NULL, 
	what VARCHAR(40) NOT NULL, 
	before VARCHAR(40), 
	after VARCHAR(40), 
	FOREIGN KEY(version_id) REFERENCES live_versions (id)
);

CREATE INDEX ix_live_changes_version_id ON live_changes (version_id);

CREATE TABLE live_places (
	version_id INTEGER NOT NULL, 
	event VARCHAR(300) NOT NULL, 
	start_no INTEGER NOT NULL, 
	rank INTEGER NOT NULL, 
	points VARCHAR(40) NOT NULL, 
	settled BOOLEAN NOT NULL, 
	moved INTEGER NOT NULL, 
	FOREIGN KEY(version_id) REFERENCES live_versions (id)
);

CREATE INDEX ix_live_places_version_id ON live_places (version_id);
