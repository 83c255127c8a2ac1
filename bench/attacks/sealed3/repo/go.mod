module github.com/parcel-co/parcel

go 1.23
