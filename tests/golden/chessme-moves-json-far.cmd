moves
--position
e1=wK,dxx1=wR,c2=wP,d2=wP,e2=wP,f2=wP,c5=bP,d5=bP,e5=bP,f5=bP,e6=bK|side=w|turn=2|hand=w:???,b:???|pile=w7,b8|next=w:?,b:?|captured=w:,b:|over=-
--game
chessme
--format
json
