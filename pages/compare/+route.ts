// https://vike.dev/route
/**
 * The comparison: `/compare?products=a,b,c`. A top-level address, so no product slug (pages under
 * /products/<slug>) can ever collide with it.
 */
export default '/compare'
