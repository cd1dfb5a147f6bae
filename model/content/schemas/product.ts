import { type Static, Type } from '@sinclair/typebox'
import { FACT_KEY_PATTERN } from './categories.ts'
import { ImageRef, OneOf, Strict, Text } from './common.ts'

/**
 * The anchored sections of a product page, in page order. A step's `key` names one of them;
 * `enquirenow` always renders, the others only when the product has their data.
 */
export const SECTION_KEYS = [
  'features',
  'installation',
  'benefits',
  'catalog',
  'application',
  'enquirenow',
  'specifications',
] as const
export type SectionKey = (typeof SECTION_KEYS)[number]

/** Icons the benefits cards can show; drawn by components/Icon.tsx. */
export const ICON_NAMES = [
  'protection',
  'energy',
  'schedule',
  'voice',
  'app',
  'update',
  'temperature',
  'plug',
  'network',
  'speed',
  'rugged',
  'power',
  'monitor',
  'certified',
  'warranty',
  'users',
  'timer',
  'signal',
  'cloud',
  'chip',
] as const

const Branch = Strict(
  {
    side: OneOf(['left', 'right'], 'Which side of the device.'),
    text: Text('Short feature name.', { maxLength: 60 }),
    desc: Text('One-sentence explanation.', { maxLength: 240 }),
  },
  'One branch of the feature tree around the device image.',
)

const WebAppPanel = Strict(
  { title: Text('Heading.', { maxLength: 80 }), description: Text('Paragraph.', { maxLength: 600 }) },
  'A titled paragraph of the web application block.',
)

const DifferentiationSide = Strict(
  {
    heading: Text('Heading on wide screens.', { maxLength: 120 }),
    mobheading: Text('Shorter heading on phones.', { maxLength: 80 }),
    tile1: Text('First tile text.', { maxLength: 200 }),
    tile2: Text('Second tile text.', { maxLength: 200 }),
    img1: ImageRef('First tile image.'),
    img2: ImageRef('Second tile image.'),
    applications: Type.Array(Text('An application.', { maxLength: 80 }), { minItems: 1, maxItems: 8 }),
  },
  'One half of the differentiation block.',
)

/** One product page: the spec's "product content record" (../shared/spec/site-spec.md §3). */
export const ProductSchema = Strict(
  {
    draft: Type.Optional(
      Type.Boolean({
        description:
          'true while the product is unfinished: `site dev` shows it with a Draft banner, `site build` leaves it out, and placeholders are warnings.',
      }),
    ),
    name: Text('Display name, as in the menu (ProductName).', { maxLength: 80 }),
    category: Text(
      'One of the categories in content/categories.yaml, e.g. "Smart home" or "Industrial networking"; it groups the catalogue and decides which facts the product gives.',
      { maxLength: 60 },
    ),
    facts: Type.Optional(
      Type.Record(
        Type.String({ pattern: FACT_KEY_PATTERN }),
        Type.Union([
          Type.Integer(),
          Type.Boolean(),
          Type.String({ minLength: 1, maxLength: 60 }),
          Type.Array(Type.Union([Type.Integer(), Type.String({ minLength: 1, maxLength: 60 })]), {
            minItems: 1,
            maxItems: 16,
          }),
        ]),
        {
          description:
            'The facts its category declares (content/categories.yaml), e.g. `copperPorts: 16`, `poePerPort: 30 W`, `operatingTemperature: -40 to +75 °C`, `managed: true`, `mounting: [DIN rail, Wall]`. The catalogue filters and compares by them and the specification table shows them.',
        },
      ),
    ),
    summary: Text('Meta description for search results and link previews: 50-160 characters.', {
      minLength: 50,
      maxLength: 160,
    }),
    description: Text('Intro paragraph under the product name (ProductDescription).', { maxLength: 900 }),
    subText: Text('One line under the intro (ProductSubText).', { maxLength: 240 }),
    headerImage: ImageRef('Menu preview image; put it under Header/ (written as Header/<slug>.webp).'),
    homeImage: ImageRef('Hero image on wide screens (HomeImage).'),
    mobileHomeImage: ImageRef('Hero image on phones (MobileHomeImage).'),
    cardText: Type.Array(
      Strict(
        {
          heading: Text('Card heading.', { maxLength: 80 }),
          description: Text('Card text.', { maxLength: 400 }),
        },
        'An info card.',
      ),
      { minItems: 2, maxItems: 2, description: 'The two info cards under the hero (CardText).' },
    ),
    featureImage: Type.Optional(ImageRef('Device at the centre of the feature tree (ProductFeatureSvg).')),
    featureImageMobile: Type.Optional(ImageRef('Device image of the feature tree on phones.')),
    topBranches: Type.Optional(
      Type.Array(Branch, { minItems: 1, maxItems: 4, description: 'Branches above the device.' }),
    ),
    bottomBranches: Type.Optional(
      Type.Array(Branch, { minItems: 1, maxItems: 4, description: 'Branches below the device.' }),
    ),
    installation: Type.Optional(
      Type.Array(
        Strict(
          {
            text: Text('What to do in this step.', { maxLength: 240 }),
            image: ImageRef('Step image on wide screens.'),
            imageMobile: ImageRef('Step image on phones.'),
          },
          'One installation step (features[] in the spec).',
        ),
        { minItems: 2, maxItems: 6, description: 'Easy installation steps, in order.' },
      ),
    ),
    benefits: Type.Optional(
      Type.Array(
        Strict(
          {
            icon: OneOf(ICON_NAMES, 'Icon name.'),
            title: Text('Card title.', { maxLength: 60 }),
            description: Text('Card text.', { maxLength: 300 }),
          },
          'A features-and-benefits card.',
        ),
        {
          minItems: 5,
          maxItems: 6,
          description: 'Five or six cards; one is titled "Protection" (featuresBenefits).',
        },
      ),
    ),
    catalog: Type.Optional(
      Type.Array(
        Strict(
          {
            f1: Text('First line of the catalogue entry.', { maxLength: 120 }),
            f2: Text('Second line of the catalogue entry.', { maxLength: 240 }),
            image: ImageRef('Catalogue image.'),
          },
          'A product catalogue entry.',
        ),
        { minItems: 1, maxItems: 6, description: 'Product catalogue (ProductCatalog).' },
      ),
    ),
    colours: Type.Optional(
      Strict(
        {
          white: ImageRef('The white variant.'),
          blue: ImageRef('The blue variant.'),
          green: ImageRef('The green variant.'),
          grey: ImageRef('The grey variant.'),
        },
        'The four colour images the visitor switches between (ProductImages).',
      ),
    ),
    application: Type.Optional(
      Strict(
        {
          heading: Text('Section heading (ApplicationPageHeading).', { maxLength: 120 }),
          image: ImageRef('Application picture on wide screens (Application).'),
          imageMobile: ImageRef('Application picture on phones (MobileApplication).'),
        },
        'Where the product is used.',
      ),
    ),
    specifications: Type.Optional(
      Type.Array(
        Strict(
          {
            label: Text('What is measured.', { maxLength: 60 }),
            value: Text('The figure.', { maxLength: 200 }),
          },
          'One specification.',
        ),
        { minItems: 1, maxItems: 30, description: 'Technical specifications.' },
      ),
    ),
    specificationAndWarranty: Type.Optional(
      Type.Array(
        Strict(
          {
            heading: Text('Card heading.', { maxLength: 60 }),
            description: Text('Card text.', { maxLength: 300 }),
            position: OneOf(['left', 'bottom', 'right'], 'Where the card sits around the product image.'),
          },
          'A specification or warranty card.',
        ),
        {
          minItems: 1,
          maxItems: 3,
          description: 'Cards at left, bottom and right (specificationandwarranty).',
        },
      ),
    ),
    details: Type.Optional(
      Type.Array(
        Strict(
          { label: Text('Label.', { maxLength: 60 }), value: Text('Value.', { maxLength: 200 }) },
          'One product detail.',
        ),
        { minItems: 1, maxItems: 20, description: 'Product details list (ProductDetails).' },
      ),
    ),
    partners: Type.Optional(
      Type.Array(
        Strict(
          {
            name: Text('Accessible name of the logo.', { maxLength: 60 }),
            logo: ImageRef('Logo image.'),
            kind: Type.Optional(
              OneOf(
                ['compliance', 'feature'],
                'compliance (the default): a certification, standard or origin claim, which a release only publishes with evidence; feature: a plain product feature (e.g. "Works with voice assistants").',
              ),
            ),
            evidence: Type.Optional(
              Strict(
                {
                  issuer: Text('Who issued the certificate or test report, e.g. the test laboratory.', {
                    maxLength: 120,
                  }),
                  reference: Text('Certificate or report number, e.g. "CE-2024-01873".', { maxLength: 120 }),
                },
                'What backs a compliance badge: a release refuses a compliance badge without it.',
              ),
            ),
          },
          'A partner or compliance logo.',
        ),
        {
          minItems: 3,
          maxItems: 3,
          description:
            'Exactly three logos per product: certifications and standards (the default, `kind: compliance`, which a release publishes only with `evidence`) or plain features (`kind: feature`), e.g. `{ name: One-year warranty, logo: partners/warranty-1-year.svg, kind: feature }`.',
        },
      ),
    ),
    webApplication: Type.Optional(
      Strict(
        {
          features: Type.Array(Text('A web-app feature.', { maxLength: 200 }), {
            minItems: 3,
            maxItems: 3,
            description: 'features1, features2, features3.',
          }),
          idealLargeScreens: WebAppPanel,
          multiDeviceSync: WebAppPanel,
          image1: ImageRef('First web-app screenshot.'),
          image2: ImageRef('Second web-app screenshot.'),
        },
        'The web application model block (WebApplicationModel.section).',
      ),
    ),
    differentiation: Type.Optional(
      Strict(
        { homeautomation: DifferentiationSide, industrialautomation: DifferentiationSide },
        'Home versus industrial automation block (WebAppDifferentiation).',
      ),
    ),
    brochure: Type.Optional(Type.String({ description: 'Id of a brochure in content/brochures.yaml.' })),
    steps: Type.Array(
      Strict(
        {
          step: Type.Integer({ minimum: 1, maximum: 6, description: 'Step number, from 1.' }),
          label: Text('Label in the step navigator.', { maxLength: 40 }),
          key: OneOf(SECTION_KEYS, 'The section this step scrolls to.'),
        },
        'One step of the step navigator.',
      ),
      { minItems: 4, maxItems: 6, description: 'The step navigator: four, five or six steps.' },
    ),
  },
  'A product page. The file name is the slug: content/products/<slug>.yaml.',
)

export type Product = Static<typeof ProductSchema>
export type ProductStep = Product['steps'][number]
