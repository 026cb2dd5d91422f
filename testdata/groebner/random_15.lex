dim: 0
degree: 1
basis:
y-1
x+2
