package variants

// The catalogue is generated once from hanab.live's description of its
// variants and committed; TestCatalogueUpToDate checks it.
//go:generate go run ./internal/gencatalogue
