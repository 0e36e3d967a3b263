/**
 * The data saver (docs/product-rules.md#app-data-saver): every card thumbnail (360×640) has a small sibling
 * (180×320, lower quality) stored beside it under this derived name, so the web can ask for it without
 * another field. A thumbnail made before the small ones existed has none: the card then falls back to the
 * full one.
 */
export function smallThumbnailOf(thumbnailKeyOrUrl: string): string {
  return thumbnailKeyOrUrl.replace(/\.webp$/, ".small.webp");
}

/**
 * Every card thumbnail and its small sibling also has an AVIF sibling beside it
 * (docs/product-rules.md#app-card-pictures: about a third fewer bytes, so a card's picture fits a new
 * connection's first round trip): the card offers it to browsers that take AVIF. A thumbnail made before them has none, and the card falls back to the WebP.
 */
export function avifSiblingOf(webpKeyOrUrl: string): string {
  return webpKeyOrUrl.replace(/\.webp$/, ".avif");
}
