module gohandles

go 1.19
