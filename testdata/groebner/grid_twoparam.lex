dim: 2
degree: null
basis:
h*k-m
g^2-2*g*m-h*m+m^2+m
f*m+g*k-k*m
f*h+g-m
f*g+g*k-k*m-k+m
d*k-d*m-g*m-h*m+m^2+m
d*h*m-d*m+g*h*m+h^2*m-h*m^2-h*m
d*g-d*m+g*h
d*f-g
c+g-m
b-d-g-h+m
a-d-h
