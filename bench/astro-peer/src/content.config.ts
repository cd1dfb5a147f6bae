/**
 * The content collections: every file our build reads, checked with zod schemas that follow ours
 * (model/content/schemas/), loaded by small inline loaders (see src/content/source.ts for why).
 */
import { defineCollection, z } from 'astro:content'
import { readMarkdown, readYamlKeepingExamples } from './content/source'

const text = z.string().trim().min(1)
const imageRef = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_./-]*\.(svg|png|jpe?g|webp)$/)
const titled = z.object({
  title: text,
  text: text,
  image: imageRef.optional(),
  link: z.string().startsWith('/').optional(),
})
const branch = z.object({ side: z.enum(['left', 'right']), text, desc: text })
const diffSide = z.object({
  heading: text,
  mobheading: text,
  tile1: text,
  tile2: text,
  img1: imageRef,
  img2: imageRef,
  applications: z.array(text).min(1).max(8),
})
const panel = z.object({ title: text, description: text })

const product = z
  .object({
    draft: z.boolean().optional(),
    name: text.max(80),
    category: text,
    facts: z
      .record(z.union([z.number().int(), z.boolean(), text, z.array(z.union([z.number().int(), text]))]))
      .optional(),
    summary: text.min(50).max(160),
    description: text.max(900),
    subText: text,
    headerImage: imageRef,
    homeImage: imageRef,
    mobileHomeImage: imageRef,
    cardText: z.array(z.object({ heading: text, description: text })).length(2),
    featureImage: imageRef.optional(),
    featureImageMobile: imageRef.optional(),
    topBranches: z.array(branch).min(1).max(4).optional(),
    bottomBranches: z.array(branch).min(1).max(4).optional(),
    installation: z
      .array(z.object({ text, image: imageRef, imageMobile: imageRef }))
      .min(2)
      .max(6)
      .optional(),
    benefits: z
      .array(z.object({ icon: text, title: text, description: text }))
      .min(5)
      .max(6)
      .optional(),
    catalog: z
      .array(z.object({ f1: text, f2: text, image: imageRef }))
      .min(1)
      .max(6)
      .optional(),
    colours: z.object({ white: imageRef, blue: imageRef, green: imageRef, grey: imageRef }).optional(),
    application: z.object({ heading: text, image: imageRef, imageMobile: imageRef }).optional(),
    specifications: z
      .array(z.object({ label: text, value: text }))
      .min(1)
      .max(30)
      .optional(),
    specificationAndWarranty: z
      .array(z.object({ heading: text, description: text, position: z.enum(['left', 'bottom', 'right']) }))
      .optional(),
    details: z.array(z.object({ label: text, value: text })).optional(),
    partners: z
      .array(
        z.object({
          name: text,
          logo: imageRef,
          kind: z.enum(['compliance', 'feature']).optional(),
          evidence: z.object({ issuer: text, reference: text }).optional(),
        }),
      )
      .length(3)
      .optional(),
    webApplication: z
      .object({
        features: z.array(text).length(3),
        idealLargeScreens: panel,
        multiDeviceSync: panel,
        image1: imageRef,
        image2: imageRef,
      })
      .optional(),
    differentiation: z.object({ homeautomation: diffSide, industrialautomation: diffSide }).optional(),
    brochure: z.string().optional(),
    steps: z
      .array(z.object({ step: z.number().int(), label: text, key: text }))
      .min(4)
      .max(6),
  })
  .strict()

/** The products in menu order (content/catalogue.yaml), each from content/products/<slug>.yaml. */
const products = defineCollection({
  loader: async () => {
    const { products: slugs } = (await readYamlKeepingExamples('catalogue.yaml')) as { products: string[] }
    const records = await Promise.all(slugs.map((slug) => readYamlKeepingExamples(`products/${slug}.yaml`)))
    return records.map((record, order) => ({ ...record, id: slugs[order] ?? '', order }))
  },
  schema: product.extend({ id: z.string(), order: z.number() }),
})

const categories = defineCollection({
  loader: async () => {
    const { categories: list } = (await readYamlKeepingExamples('categories.yaml')) as {
      categories: { name: string }[]
    }
    return list.map((category, order) => ({ ...category, id: category.name, order }))
  },
  schema: z.object({
    name: text,
    summary: text,
    order: z.number(),
    facts: z.array(
      z.object({
        key: text,
        label: text,
        type: z.enum(['count', 'boolean', 'range', 'choice']),
        unit: text.optional(),
        choices: z.array(text).optional(),
        required: z.boolean().optional(),
        acrossCategories: z.boolean().optional(),
      }),
    ),
  }),
})

const brochures = defineCollection({
  loader: async () => {
    const { brochures: list } = (await readYamlKeepingExamples('brochures.yaml')) as {
      brochures: { id: string }[]
    }
    return list
  },
  schema: z.object({ title: text }),
})

/** A collection of one or more single YAML files, each entry named by its file. */
const files = <T extends z.ZodTypeAny>(names: string[], schema: T) =>
  defineCollection({
    loader: async () =>
      Promise.all(
        names.map(async (name) => ({
          ...(await readYamlKeepingExamples(`${name}.yaml`)),
          id: name.replace('pages/', ''),
        })),
      ),
    schema,
  })

const home = files(
  ['pages/home'],
  z.object({
    title: text,
    summary: text,
    hero: z.object({ heading: text, text, image: imageRef }),
    visionMission: z.object({ vision: text, mission: text }),
    domains: z.array(titled),
    solutions: z.array(titled),
  }),
)

const about = files(
  ['pages/about'],
  z.object({
    title: text,
    summary: text,
    heading: text,
    intro: text,
    image: imageRef,
    sections: z.array(titled),
    location: z.object({ heading: text, text }),
  }),
)

/** Railways and Space. */
const domains = files(
  ['pages/railways', 'pages/space'],
  z.object({
    title: text,
    summary: text,
    heading: text,
    intro: text,
    heroImage: imageRef,
    blocks: z.array(
      z.object({
        name: text,
        text,
        points: z.array(text),
        image: imageRef,
        imageMobile: imageRef,
        partner: z.object({ name: text, url: z.string().url() }).optional(),
      }),
    ),
    brochures: z.array(z.string()).optional(),
  }),
)

const webandcloud = files(
  ['pages/webandcloud'],
  z.object({
    title: text,
    summary: text,
    heading: text,
    stripe: text,
    block: z.object({ title: text, text }),
    lines: z.array(text).length(11),
    image: imageRef,
  }),
)

/** The company config, content/site.yaml. */
const site = files(
  ['site'],
  z.object({
    company: text,
    tagline: text,
    contact: z.object({
      email: z.string().email(),
      address: text,
      officeTimings: text,
      social: z.object({ label: text, url: z.string().url() }),
    }),
    offices: z.array(z.object({ name: text, address: text, mapUrl: z.string().url() })),
    storageBase: text,
  }),
)

/** The privacy policy: Markdown with front matter, rendered by Astro's Markdown pipeline. */
const privacy = defineCollection({
  loader: {
    name: 'privacy',
    load: async ({ store, parseData, renderMarkdown }) => {
      const { data, body } = await readMarkdown('pages/privacy-policy.md')
      const parsed = await parseData({ id: 'privacy', data })
      store.set({ id: 'privacy', data: parsed, body, rendered: await renderMarkdown(body) })
    },
  },
  schema: z.object({ title: text, summary: text, updated: z.union([z.string(), z.date()]) }),
})

export const collections = {
  products,
  categories,
  brochures,
  home,
  about,
  domains,
  webandcloud,
  site,
  privacy,
}
