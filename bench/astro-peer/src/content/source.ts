/**
 * Reading the site's content files. They are our YAML as editors write it, `!example` tags included
 * (a stand-in value a release must replace), which Astro's own YAML loader does not know; so the
 * collections read them with the `yaml` package and a tag that keeps the value.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parse } from 'yaml'

/** The content folder: set by astro.config.mjs from SITE_CONTENT. */
export const contentDir = () => process.env.SITE_CONTENT ?? path.resolve('../../content')

const example = { tag: '!example', resolve: (value: string) => value }

/** One YAML file under the content folder, parsed. */
export async function readYamlKeepingExamples(file: string): Promise<Record<string, unknown>> {
  const text = await readFile(path.join(contentDir(), file), 'utf8')
  return parse(text, { customTags: [example] }) as Record<string, unknown>
}

/** A Markdown file with YAML front matter: its data and its body. */
export async function readMarkdown(file: string): Promise<{ data: Record<string, unknown>; body: string }> {
  const text = await readFile(path.join(contentDir(), file), 'utf8')
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)
  if (!match) throw new Error(`${file} has no front matter`)
  return {
    data: parse(match[1] ?? '', { customTags: [example] }) as Record<string, unknown>,
    body: match[2] ?? '',
  }
}
