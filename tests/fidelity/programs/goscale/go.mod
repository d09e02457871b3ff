module goscale

go 1.19
