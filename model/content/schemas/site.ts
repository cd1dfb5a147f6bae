import { type Static, Type } from '@sinclair/typebox'
import { HttpUrl, Strict, Text } from './common.ts'

/** A base address: a path on this origin (`/storage`) or an http(s) URL, without a trailing slash. */
const Base = (description: string) =>
  Type.String({ pattern: '^(/[A-Za-z0-9_./-]*[A-Za-z0-9_-]|https?://\\S+[^/])$', description })

/** Who is told of new submissions of one kind: e-mail addresses. */
const Recipients = (description: string) =>
  Type.Optional(
    Type.Array(Type.String({ format: 'email' }), {
      minItems: 1,
      maxItems: 20,
      uniqueItems: true,
      description,
    }),
  )

/** Company configuration: content/site.yaml (../shared/spec/DECISIONS.md, Configuration). */
export const SiteSchema = Strict(
  {
    company: Text('Company name, used in titles and structured data.', { maxLength: 80 }),
    tagline: Text('Short line used in the home page title.', { maxLength: 120 }),
    siteUrl: HttpUrl('Public origin for canonical links and the sitemap; SITE_URL overrides it.'),
    contact: Strict(
      {
        email: Type.String({ format: 'email', description: 'Support mail address.' }),
        phone: Type.Optional(Text('Phone number shown on the contact screen.', { maxLength: 30 })),
        address: Text('Main address.', { maxLength: 300 }),
        officeTimings: Text('Office timings, e.g. "9.00 - 18.30".', { maxLength: 60 }),
        social: Strict(
          { label: Text('Link text.', { maxLength: 80 }), url: HttpUrl('Profile address.') },
          'Social profile.',
        ),
      },
      'How visitors reach the company.',
    ),
    offices: Type.Array(
      Strict(
        {
          name: Text('Office name.', { maxLength: 60 }),
          address: Text('Address.', { maxLength: 300 }),
          mapUrl: HttpUrl('Map link.'),
        },
        'An office.',
      ),
      { minItems: 1, maxItems: 8, description: 'Offices with map links.' },
    ),
    storageBase: Base(
      'Where brochures live: "/storage" (embedded) or an http(s) base; SITE_STORAGE_BASE overrides.',
    ),
    assetBase: Base('Where the .webp images are served from; SITE_ASSET_BASE overrides.'),
    apiBase: Base('Base of the intake API, e.g. "/api"; SITE_API_BASE overrides.'),
    apiTimeoutMs: Type.Integer({ minimum: 1000, maximum: 60000, description: 'Request timeout in ms.' }),
    analyticsId: Type.Optional(
      Type.String({ pattern: '^(G-[A-Z0-9]+)?$', description: 'Analytics measurement id; empty for none.' }),
    ),
    notifications: Type.Optional(
      Strict(
        {
          from: Type.Optional(
            Type.String({ format: 'email', description: 'Sender of the e-mails; default: contact.email.' }),
          ),
          contact: Recipients('Who gets an e-mail for each contact message.'),
          enquiry: Recipients('Who gets an e-mail for each product enquiry.'),
          warranty: Recipients('Who gets an e-mail for each warranty activation.'),
        },
        'E-mail to staff for new submissions; `site serve` sends them when SITE_SMTP_URL is set.',
      ),
    ),
  },
  'Company configuration.',
)

export type Site = Static<typeof SiteSchema>

/** Brochures: content/brochures.yaml. The PDF is `<storageBase>/brochures/<id>.pdf`. */
export const BrochuresSchema = Strict(
  {
    brochures: Type.Array(
      Strict(
        {
          id: Type.String({ pattern: '^[A-Za-z0-9_]+$', description: 'Brochure id; also the file name.' }),
          title: Text('Title shown on the download page.', { maxLength: 120 }),
        },
        'A brochure.',
      ),
      { minItems: 1, description: 'Downloadable brochures.' },
    ),
  },
  'Brochures.',
)

export type Brochure = Static<typeof BrochuresSchema>['brochures'][number]
