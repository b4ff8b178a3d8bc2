moves
--position
5k5/11/11/11/11/11/11/11/2S8/4K6/11|side=w|turn=10|counter=w:1,b:1|lost=w:QDTTGGNNSSSSSSSSSS,b:QDTTGGNNSSSSSSSSSSS|supply=w:8,b:8,~:14|double=-|over=-
--timer
