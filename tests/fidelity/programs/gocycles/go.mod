module gocycles

go 1.19
