-- The People table of Figure 1 in "Semantic Evaluation for Text-to-SQL with
-- Distilled Test Suites": on this database the gold and the candidate disagree.
CREATE TABLE people (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    age  INTEGER NOT NULL
);
INSERT INTO people (id, name, age) VALUES
    (1, 'Alice', 35),
    (2, 'Bob', 34),
    (3, 'Carol', 61),
    (4, 'Dan', 20);
