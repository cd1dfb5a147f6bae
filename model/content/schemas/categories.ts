import { type Static, Type } from '@sinclair/typebox'
import { OneOf, Strict, Text } from './common.ts'

/**
 * What a fact holds: a whole number (ports, watts), a range (−40 to +75 °C), yes or no, or one or
 * more of a fixed set (mounting: DIN rail, Wall). The catalogue's filters follow from the type: counts
 * and ranges filter as ranges, booleans as toggles, choices as choices.
 */
export const FACT_TYPES = ['count', 'range', 'boolean', 'choice'] as const
export type FactType = (typeof FACT_TYPES)[number]

/** A fact's key: how a product names it under `facts:`. */
export const FACT_KEY_PATTERN = '^[a-z][A-Za-z0-9]*$'

const FactDeclaration = Strict(
  {
    key: Type.String({
      pattern: FACT_KEY_PATTERN,
      maxLength: 40,
      description: 'How products name the fact under `facts:`, in camelCase, e.g. `copperPorts`.',
    }),
    label: Text('What a buyer reads in filters, tables and comparisons, e.g. "Copper ports".', {
      maxLength: 40,
    }),
    type: OneOf(
      FACT_TYPES,
      'count: a whole number (variants as a list); range: "min to max unit"; boolean: true or false; choice: one or more of `choices`.',
    ),
    unit: Type.Optional(
      Text('Unit a product writes after the number, e.g. "W", "°C", "V DC". Counts of things have none.', {
        maxLength: 12,
      }),
    ),
    choices: Type.Optional(
      Type.Array(Text('One possible value.', { maxLength: 40 }), {
        minItems: 1,
        maxItems: 16,
        uniqueItems: true,
        description: 'The values a choice fact may take, in the order filters list them.',
      }),
    ),
    required: Type.Optional(
      Type.Boolean({
        description:
          'true when every product of the category must give it (validate names each one that does not).',
      }),
    ),
    acrossCategories: Type.Optional(
      Type.Boolean({
        description:
          'true to filter the whole catalogue by it while no category is chosen, although only this category declares it (products without it never match). A fact several categories declare does so already.',
      }),
    ),
  },
  'One fact products of this category give: its key, label, type and, for numbers, its unit.',
)

/** The product categories and the facts each one's products give: content/categories.yaml. */
export const CategoriesSchema = Strict(
  {
    categories: Type.Array(
      Strict(
        {
          name: Text('Category name, as products write it under `category:`, e.g. "Industrial networking".', {
            maxLength: 60,
          }),
          summary: Text('One sentence under the category heading in the catalogue.', { maxLength: 200 }),
          facts: Type.Array(FactDeclaration, {
            minItems: 1,
            maxItems: 12,
            description: 'The facts that matter to a buyer of this category, in the order tables show them.',
          }),
        },
        'A product category.',
      ),
      { minItems: 1, description: 'Categories in the order the catalogue shows them.' },
    ),
  },
  'Product categories and their facts.',
)

export type Categories = Static<typeof CategoriesSchema>
export type Category = Categories['categories'][number]
export type FactDeclaration = Category['facts'][number]
