import { type Static, Type } from '@sinclair/typebox'
import { ImageRef, Strict, Text } from './common.ts'

const Seo = {
  title: Text('Page title (without the company name).', { maxLength: 70 }),
  summary: Text('Meta description: 50-160 characters.', { minLength: 50, maxLength: 160 }),
}

const Card = Strict(
  {
    title: Text('Card title.', { maxLength: 80 }),
    text: Text('Card text.', { maxLength: 600 }),
    image: Type.Optional(ImageRef('Card image.')),
    link: Type.Optional(Type.String({ pattern: '^/', description: 'Internal link, e.g. /railways.' })),
  },
  'A titled card.',
)

/** Home page: content/pages/home.yaml. */
export const HomeSchema = Strict(
  {
    ...Seo,
    hero: Strict(
      {
        heading: Text('Main heading.', { maxLength: 120 }),
        text: Text('Intro paragraph.', { maxLength: 600 }),
        image: ImageRef('Hero image.'),
      },
      'The hero.',
    ),
    visionMission: Strict(
      { vision: Text('Vision.', { maxLength: 600 }), mission: Text('Mission.', { maxLength: 600 }) },
      'Vision and mission (#visionMission).',
    ),
    domains: Type.Array(Card, { minItems: 1, maxItems: 8, description: 'Domains (#domains).' }),
    solutions: Type.Array(Card, { minItems: 1, maxItems: 12, description: 'Solutions (#solutions).' }),
  },
  'Home page.',
)

/** About page: content/pages/about.yaml. */
export const AboutSchema = Strict(
  {
    ...Seo,
    heading: Text('Main heading.', { maxLength: 120 }),
    intro: Text('Intro paragraph.', { maxLength: 1200 }),
    image: ImageRef('Hero image.'),
    sections: Type.Array(Card, { minItems: 1, maxItems: 10, description: 'Story sections below the fold.' }),
    location: Strict(
      {
        heading: Text('Heading.', { maxLength: 80 }),
        text: Text('Intro to the offices.', { maxLength: 600 }),
      },
      'The location section (#location); offices come from site.yaml.',
    ),
  },
  'About page.',
)

const DomainBlock = Strict(
  {
    name: Text('Name.', { maxLength: 80 }),
    text: Text('Paragraph.', { maxLength: 900 }),
    points: Type.Array(Text('A point.', { maxLength: 200 }), { minItems: 1, maxItems: 10 }),
    image: ImageRef('Image on wide screens.'),
    imageMobile: ImageRef('Image on phones (1024 px or narrower).'),
    partner: Type.Optional(
      Strict(
        {
          name: Text('Partner name.', { maxLength: 80 }),
          url: Type.String({ pattern: '^https://', description: 'Partner site; opens in a new tab.' }),
        },
        'A partner link.',
      ),
    ),
  },
  'One block of a domain page.',
)

/** Space and Railways pages: content/pages/space.yaml, content/pages/railways.yaml. */
export const DomainSchema = Strict(
  {
    ...Seo,
    heading: Text('Hero heading.', { maxLength: 120 }),
    intro: Text('Intro paragraph.', { maxLength: 900 }),
    heroImage: ImageRef('Hero image.'),
    blocks: Type.Array(DomainBlock, { minItems: 1, maxItems: 8, description: 'Blocks of the page.' }),
    brochures: Type.Optional(
      Type.Array(
        Type.String({
          pattern: '^[A-Za-z0-9_]+$',
          description: 'Id of a brochure in content/brochures.yaml.',
        }),
        {
          minItems: 1,
          uniqueItems: true,
          description: 'Brochures of this domain that no single product owns; the page links each one.',
        },
      ),
    ),
  },
  'A domain page.',
)

/** The 'Web And Cloud Solutions' page: content/pages/webandcloud.yaml. */
export const WebAndCloudSchema = Strict(
  {
    ...Seo,
    heading: Text('The heading that slides away.', { maxLength: 80 }),
    stripe: Text('Text on the glass stripe.', { maxLength: 200 }),
    block: Strict(
      { title: Text('Title.', { maxLength: 120 }), text: Text('Paragraph.', { maxLength: 900 }) },
      'The block that slides up.',
    ),
    lines: Type.Array(Text('A description line.', { maxLength: 200 }), {
      minItems: 11,
      maxItems: 11,
      description: 'The eleven lines of company description, revealed one by one.',
    }),
    image: ImageRef('Illustration.'),
  },
  'Web And Cloud Solutions page.',
)

/** Front matter of content/pages/privacy-policy.md. */
export const PrivacySchema = Strict(
  {
    ...Seo,
    updated: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Last update, YYYY-MM-DD.' }),
  },
  'Privacy policy front matter.',
)

export type Home = Static<typeof HomeSchema>
export type About = Static<typeof AboutSchema>
export type Domain = Static<typeof DomainSchema>
export type WebAndCloud = Static<typeof WebAndCloudSchema>
export type Privacy = Static<typeof PrivacySchema>
