module hitloop

go 1.19
