dim: 0
degree: 2
basis:
m^2-8*m
k-1/4*m
h-3/4*m
g-1/4*m
f-1/2*m
d-1/4*m
c-5/4*m
b-1/4*m
a-3/2*m
