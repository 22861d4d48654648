module github.com/rummy-referee/rummy

go 1.26.8
