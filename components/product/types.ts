import type { ProductPage as Data } from '../../model/product-page.ts'

/** The slices of a product page's data each section component receives. */
export type Differentiation = NonNullable<Data['differentiation']>
export type Features = NonNullable<Data['features']>
export type Branch = Features['top'][number]
export type Installation = NonNullable<Data['installation']>
export type Benefits = NonNullable<Data['benefits']>
export type Catalog = NonNullable<Data['catalog']>
export type Application = NonNullable<Data['application']>
export type WebApp = NonNullable<Data['webApp']>
export type Specifications = NonNullable<Data['specifications']>
export type Partners = Data['partners']
