module example.com/budgetlintci

go 1.26.0
