dim: 0
degree: 1
basis:
z+3
y
x-1
