dim: 1
degree: null
basis:
k^2*m^2-3*k^2*m+2*k^2-k*m^2+2*k*m
h-k*m
g-k
f-k*m+k+m
d+k*m-2*k-m
c-k-m
b+k*m-2*k-m
a-k*m+k
