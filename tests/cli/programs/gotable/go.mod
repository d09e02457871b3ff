module example.com/gotable

go 1.19
