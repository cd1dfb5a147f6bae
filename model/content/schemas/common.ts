import { type TSchema, Type } from '@sinclair/typebox'

/** A line of copy: trimmed, never empty. */
export const Text = (description: string, options: { maxLength?: number; minLength?: number } = {}) =>
  Type.String({
    minLength: options.minLength ?? 1,
    maxLength: options.maxLength ?? 2000,
    pattern: '\\S',
    description,
  })

/** Path of a source image under `content/images/`, e.g. `products/szephyr/hero.svg`. */
/** A path under content/images/ with an image extension. */
export const IMAGE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_./-]*\\.(svg|png|jpe?g|webp)$'

export const ImageRef = (description: string) =>
  Type.String({
    pattern: IMAGE_PATTERN,
    description: `${description} Path of a source image under content/images/ (.svg, .png, .jpg or .webp).`,
  })

/** A URL-safe product slug: lower case letters, digits, `_`, `.` and `-`. */
export const Slug = Type.String({
  pattern: '^[a-z0-9][a-z0-9_.-]*[a-z0-9]$',
  maxLength: 80,
  description: 'Lower-case letters, digits, "_", "." and "-"; it is also the file name and the URL.',
})

export const HttpUrl = (description: string) =>
  Type.String({ pattern: '^https?://[^\\s]+$', description: `${description} An http(s) address.` })

/** A closed object: unknown keys are content errors, so a typo never vanishes silently. */
export const Strict = <T extends Parameters<typeof Type.Object>[0]>(properties: T, description: string) =>
  Type.Object(properties, { additionalProperties: false, description })

/** Adds the `$schema` comment key that YAML editors may write into a file. */
export type Schema = TSchema

/** One of a fixed list of strings, as a plain JSON Schema `enum` (clear errors, editor completion). */
export const OneOf = <const T extends readonly string[]>(values: T, description: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description })
