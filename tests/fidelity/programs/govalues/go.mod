module govalues

go 1.19
