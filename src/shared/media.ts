/**
 * The data saver (docs/product-rules.md#app-data-saver): every card thumbnail (360×640) has a small sibling
 * (180×320, lower quality) stored beside it under this derived name, so the web can ask for it without
 * another field. A thumbnail made before the small ones existed has none: the card then falls back to the
 * full one.
 */
export function smallThumbnailOf(thumbnailKeyOrUrl: string): string {
  return thumbnailKeyOrUrl.replace(/\.webp$/, ".small.webp");
}
