SELECT count(*) FROM singer	concerts
SELECT name FROM singer WHERE age > 30	concerts
SELECT name FROM singer WHERE age = (SELECT max(age) FROM singer)	concerts
SELECT name FROM stadium WHERE stadium_id NOT IN (SELECT stadium_id FROM concert)	concerts
SELECT count(*) FROM concert WHERE year = 2014	concerts
SELECT name, country FROM singer	concerts
SELECT DISTINCT country FROM singer WHERE age > 40	concerts
SELECT avg(capacity) FROM stadium	concerts
SELECT T1.concert_name, T2.name FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id	concerts
SELECT concert_id, count(*) FROM singer_in_concert GROUP BY concert_id	concerts
SELECT name FROM singer WHERE country = 'France'	concerts
