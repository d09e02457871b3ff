module example.com/sleeper

go 1.19
