"""Values as shown: variables fetched, paged, previewed and bounded."""
