dim: 1
degree: null
basis:
x^3-2*x^2*y-1/4*x^2+1/4*x*y^2+1/4*x*y+5/4*x-3/2*y^2-2*y+1/2
