import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Specifications } from './Specifications.tsx'
import type { Specifications as Data } from './types.ts'

const compare = { href: '/compare?products=a,b', label: 'Compare with the other test product' }
const specs = (list: Data['list']): Data =>
  ({
    image: { src: '/a.webp', srcSet: '/a.webp 320w', width: 320, height: 240 },
    list,
    cards: [{ heading: 'Warranty', description: 'One year.', position: 'left' }],
    details: [],
  }) as unknown as Data
const html = (data: Data) =>
  renderToStaticMarkup(createElement(Specifications, { specs: data, name: 'Alpha', brochure: null, compare }))

describe('Specifications', () => {
  it('links the comparison beside the table', () => {
    const out = html(specs([{ label: 'Ports', value: '8' }]))
    expect(out).toContain('<caption>Technical specifications</caption>')
    expect(out).toContain(`href="${compare.href.replace('&', '&amp;')}"`)
  })

  it('links the comparison when the product has cards but no table rows', () => {
    const out = html(specs([]))
    expect(out).not.toContain('<table')
    expect(out).toContain(`>${compare.label}</a>`)
  })
})
