show
--position
tngsqkdsgnt/sssssrssss1/11/11/11/11/11/11/11/SSSSSRSSSS1/TNGSQKDSGNT|side=w|turn=1|counter=w:1,b:1|lost=w:-,b:-|supply=w:8,b:8,~:14|double=d1,h1,a2,b2,c2,d2,e2,g2,h2,i2,j2,a10,b10,c10,d10,e10,g10,h10,i10,j10,d11,h11|over=-
--game
3
