-- The rows of the audit example's original database (schema: ../concerts/database.sql).
-- Chosen so that single-denotation execution accuracy is fooled where a test suite is
-- not: no singer is exactly 30, the oldest singer has no tie, capacities average evenly.
INSERT INTO stadium VALUES (1, 'Stade Vert', 'Lyon', 40000), (2, 'North Arena', 'Oslo', 12000),
    (3, 'Harbour Bowl', 'Lisbon', 25000), (4, 'Hill Park', 'Porto', 8000);
INSERT INTO singer VALUES (1, 'Ana Lima', 'Portugal', 34), (2, 'Jonas Berg', 'Norway', 45),
    (3, 'Claire Roux', 'France', 29), (4, 'Marta Sousa', 'Portugal', 52), (5, 'Leo Martin', 'France', 41);
INSERT INTO concert VALUES (1, 'Spring Lights', 1, 2014), (2, 'Fjord Nights', 2, 2014),
    (3, 'Harbour Songs', 3, 2015), (4, 'Summer Echo', 1, 2015);
INSERT INTO singer_in_concert VALUES (1, 1), (1, 3), (2, 2), (3, 1), (3, 4), (4, 5), (4, 3);
