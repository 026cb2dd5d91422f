dim: 2
degree: null
basis:
h*k-m
g-k*m+m
f*m-k^2*m
f*h-k*m
d*m^2+h^2*m-h*m^2
d*k*m+h*m-m^2
d*f-k*m+m
c-k*m
b-f*k
a+d-h
