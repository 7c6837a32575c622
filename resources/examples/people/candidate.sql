SELECT name FROM people
