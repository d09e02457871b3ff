module gosteps

go 1.19
