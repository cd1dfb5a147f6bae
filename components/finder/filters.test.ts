// The catalogue's filters and their URL, on the shipped content: the questions an industrial buyer starts with.
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { categoryId, productFacts } from '../../model/content/facts.ts'
import { loadContent } from '../../model/content/load.ts'
import {
  EMPTY,
  type FilterFact,
  type FinderState,
  matches,
  readCompared,
  readSearch,
  withFact,
  writeSearch,
} from './filters.ts'

type Entry = {
  slug: string
  category: string
  facts: Record<string, import('../../model/content/facts.ts').FactValue>
}
let products: Entry[] = []
let factsOf: (category: string | null) => FilterFact[] = () => []

beforeAll(async () => {
  const content = await loadContent(path.join(import.meta.dirname, '../../content'))
  products = content.products.map((p) => {
    const category = content.categories.find((c) => c.name === p.category)
    return {
      slug: p.slug,
      category: categoryId(p.category),
      facts: Object.fromEntries(productFacts(category, p.facts).map((f) => [f.key, f.value])),
    }
  })
  factsOf = (id) =>
    id
      ? (content.categories.find((c) => categoryId(c.name) === id)?.facts ?? [])
      : content.categories.flatMap((c) => c.facts)
})

const found = (state: FinderState) =>
  products.filter((p) => matches(p, state, factsOf(state.category))).map((p) => p.slug)

describe('filtering the catalogue', () => {
  it('managed, 16 ports and PoE: exactly the 16-port L2 managed switch', () => {
    let state: FinderState = { category: 'industrial-networking', facts: {} }
    state = withFact(state, 'managed', { on: true })
    state = withFact(state, 'copperPorts', { min: 16, max: 16 })
    expect(found(state)).toEqual(['industrialrugged16portl2managedswitch'])
    state = withFact(state, 'poe', { on: true })
    expect(found(state)).toEqual(['industrialrugged16portl2managedswitch'])
    // Without "managed", the unmanaged 16-port switch with PoE matches too.
    expect(found(withFact(state, 'managed', undefined))).toEqual([
      'industrialrugged16portl2managedswitch',
      'industrialrugged16portunmanagedswitch',
    ])
  })

  it('which work at −40 °C, across every category: the range reaches down that far', () => {
    const cold = found(withFact(EMPTY, 'operatingTemperature', { min: -40 }))
    expect(cold).toEqual([
      'ethernetringbasedprotocolmediaconvertor',
      'serialtoredundantfiberextender',
      'industrialrugged16portl2managedswitch',
      'industrialrugged16portunmanagedswitch',
      'industrialrugged8portl2managedswitch',
      'industrialrugged24portl2managedswitch',
    ])
    // Down to −25 °C and up to +70 °C: the power supply and the radio modem join them.
    expect(found(withFact(EMPTY, 'operatingTemperature', { min: -25, max: 70 }))).toEqual(
      expect.arrayContaining([...cold, 'uhfradiomodem', 'dualredundantpowersupply']),
    )
  })

  it('a count made in variants matches by any of them; a choice by any chosen value', () => {
    const fourPorts = { category: 'industrial-networking', facts: { copperPorts: { min: 3, max: 4 } } }
    expect(found(fourPorts)).toEqual(['ethernetringbasedprotocolmediaconvertor'])
    const pole = { category: null, facts: { mounting: { any: ['Pole', 'Stand'] } } }
    expect(found(pole)).toEqual(['industrialrugged24portl2managedswitch', 'displaycontrollers'])
  })

  it('a product without the fact does not match a filter on it', () => {
    // The 24-port switch states no fibre port count.
    expect(found({ category: 'industrial-networking', facts: { fibrePorts: { min: 0 } } })).not.toContain(
      'industrialrugged24portl2managedswitch',
    )
  })
})

describe('filters in the URL', () => {
  const facts: FilterFact[] = [
    { key: 'copperPorts', type: 'count' },
    { key: 'operatingTemperature', type: 'range' },
    { key: 'managed', type: 'boolean' },
    { key: 'mounting', type: 'choice' },
  ]

  it('writes a state and reads the same state back', () => {
    const state: FinderState = {
      category: 'industrial-networking',
      facts: {
        copperPorts: { min: 16, max: 16 },
        operatingTemperature: { min: -40 },
        managed: { on: true },
        mounting: { any: ['DIN rail', 'Wall'] },
      },
    }
    const search = writeSearch(state)
    expect(search).toBe(
      '?category=industrial-networking&copperPorts=16..16&operatingTemperature=-40..&managed=yes&mounting=DIN+rail&mounting=Wall',
    )
    expect(readSearch(search, facts)).toEqual(state)
    expect(writeSearch(EMPTY)).toBe('')
  })

  it('ignores what it cannot read, so an old or edited link still opens the catalogue', () => {
    expect(
      readSearch('?copperPorts=lots..&managed=maybe&colour=red&operatingTemperature=..75', facts),
    ).toEqual({
      category: null,
      facts: { operatingTemperature: { max: 75 } },
    })
  })

  it('reads the products of a comparison: known ones, each once, at most four', () => {
    const known = ['a', 'b', 'c', 'd', 'e']
    expect(readCompared('?products=b,a,b,zz,c,d,e', known, 4)).toEqual(['b', 'a', 'c', 'd'])
    expect(readCompared('', known, 4)).toEqual([])
  })
})
