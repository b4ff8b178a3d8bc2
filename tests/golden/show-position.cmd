show
--position
2gs2ngstk/s1s1q(rt)1ww(ws)w/2N1s2W1N1/1W1s3W3/1wwn1SWW3/T6sS2/5D5/1SW2(RS)~~~s1/2SS4S2/4S2GS2/2GSQK1S2T|side=b|turn=36|counter=w:2,b:1|lost=w:-,b:DSS|supply=w:2,b:2,~:11|double=d1,h1,e2,i2,a10,c10,d11,i11|over=1-0:encirclement
--format
unicode
--color
never
