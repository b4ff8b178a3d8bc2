show
--position
tngsqkdsgnt/sssssrssss1/11/11/11/11/11/11/11/SSSSSRSSSS1/TNGSQKDSGNX|side=w|turn=1|counter=w:1,b:1|lost=w:-,b:-|supply=w:8,b:8,~:14|double=-|over=-
