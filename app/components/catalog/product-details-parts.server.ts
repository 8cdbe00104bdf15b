/**
 * The server's copy of the product page's islands (components/Island.tsx); the browser build
 * empties this module, so ProductDetailsView's bundle does not carry their code.
 */
export {
  ProductAbout as ProductAboutOnServer,
  ProductBreadcrumb as ProductBreadcrumbOnServer,
  ProductSummary as ProductSummaryOnServer,
} from './ProductDetailsParts';
