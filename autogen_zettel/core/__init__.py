"""Pure logic, no storage: tokens, embedders, refiner, claims, dates, links, the card graph."""
