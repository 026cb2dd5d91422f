dim: 0
degree: 1
basis:
w-2
z-2
y
x-1
