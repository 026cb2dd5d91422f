dim: 0
degree: 6
basis:
y^2+4*y+3/2
x^3+7*x^2*y+7*x^2-8*x-83*y-69/2
