SELECT name FROM people WHERE age > 34
