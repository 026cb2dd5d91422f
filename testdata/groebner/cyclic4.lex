dim: 1
degree: null
basis:
x2^2*x3^6-x2^2*x3^2-x3^4+1
x2^3*x3^2+x2^2*x3^3-x2-x3
x1*x3^4-x1+x3^5-x3
x1*x2-x1*x3+x2^2*x3^4+x2*x3-2*x3^2
x1^2+2*x1*x3+x3^2
x0+x1+x2+x3
