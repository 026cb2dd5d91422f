dim: -1
degree: null
basis:
1
