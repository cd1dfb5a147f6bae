// https://vike.dev/route
/**
 * The catalogue lives at /products, beside the product pages under /products/<slug>: a folder of its
 * own keeps the product pages from inheriting its configuration (Vike passes a folder's + files down).
 */
export default '/products'
