dim: 0
degree: 1
basis:
y+2
x-2
