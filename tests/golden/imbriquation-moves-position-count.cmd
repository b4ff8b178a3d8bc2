moves
--position
.LDDD.../.DL.D.../D.L..D.D/.L.....D/L..L..L./..LLLD../.L.LLD.L/.LLDD...|ply=43|next=D|round=4|phase=tiles|left=LD,BL,RO,LO,RD,SO,SD,JO,JD|openings=4|tiles1=SO,RO,LO,RD,BL,LD,JD,SD,JO|tiles4=LD,BL,RO,LO,RD,SO,SD,JO,JD|over=-
--game
imbriquation
--count
