dim: 0
degree: 1
basis:
z
y+2
x-1
