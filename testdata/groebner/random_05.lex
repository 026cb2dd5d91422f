dim: 0
degree: 4
basis:
y^2-8/7*y+2/7
x^2-2/3*x-3/2*y+1/2
