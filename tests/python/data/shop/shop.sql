-- The shop schema of tables.json, with a few rows: the "original database" of the tests.
CREATE TABLE maker (id INTEGER PRIMARY KEY, country TEXT NOT NULL);
CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL,
                   maker_id INTEGER NOT NULL REFERENCES maker(id));
INSERT INTO maker VALUES (1, 'France'), (2, 'Japan'), (3, 'France');
INSERT INTO item VALUES (1, 'pen', 2.5, 1), (2, 'lamp', 30, 2), (3, 'desk', 120, 3), (4, 'cup', 10, 2);
