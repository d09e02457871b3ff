module example.com/stdingo

go 1.19
