-- A small Spider-style schema written for sqleq's examples (in the spirit of Spider's
-- concert_singer): stadiums host concerts, singers perform in them. concert.stadium_id
-- may be NULL (a concert whose venue is not known yet), which the strict profile uses.
-- Schema only, like a Spider schema: every database of the suite is sampled.
CREATE TABLE stadium (
    stadium_id INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    location   TEXT NOT NULL,
    capacity   INTEGER NOT NULL
);
CREATE TABLE singer (
    singer_id INTEGER PRIMARY KEY,
    name      TEXT NOT NULL,
    country   TEXT NOT NULL,
    age       INTEGER NOT NULL
);
CREATE TABLE concert (
    concert_id   INTEGER PRIMARY KEY,
    concert_name TEXT NOT NULL,
    stadium_id   INTEGER REFERENCES stadium (stadium_id),
    year         INTEGER NOT NULL
);
CREATE TABLE singer_in_concert (
    concert_id INTEGER NOT NULL REFERENCES concert (concert_id),
    singer_id  INTEGER NOT NULL REFERENCES singer (singer_id),
    PRIMARY KEY (concert_id, singer_id)
);
