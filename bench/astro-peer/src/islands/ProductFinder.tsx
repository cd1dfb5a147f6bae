import { useMemo, useState } from 'react'
import type { Responsive } from '../images'

export interface FinderProduct {
  slug: string
  name: string
  category: string
  summary: string
  image: Responsive
  facts: Record<string, unknown>
}

export interface FinderCategory {
  name: string
  summary: string
  facts: { key: string; label: string; type: string; choices?: string[] | undefined }[]
}

interface Props {
  products: FinderProduct[]
  categories: FinderCategory[]
}

/** The catalogue: products grouped by category, narrowed by the facts a buyer picks, three to compare. */
export default function ProductFinder({ products, categories }: Props) {
  const [category, setCategory] = useState<string>('')
  const [filters, setFilters] = useState<Record<string, string>>({})
  const [compare, setCompare] = useState<string[]>([])
  const shown = useMemo(
    () =>
      products.filter(
        (p) =>
          (!category || p.category === category) &&
          Object.entries(filters).every(([key, value]) => !value || String(p.facts[key]) === value),
      ),
    [products, category, filters],
  )
  const facts = categories.find((c) => c.name === category)?.facts ?? []
  return (
    <div className="finder">
      <form className="finder__filters" onSubmit={(e) => e.preventDefault()}>
        <label>
          Category
          <select
            value={category}
            onChange={(e) => {
              setCategory(e.currentTarget.value)
              setFilters({})
            }}
          >
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c.name}>{c.name}</option>
            ))}
          </select>
        </label>
        {facts
          .filter((f) => f.type === 'boolean' || f.type === 'choice')
          .map((f) => (
            <label key={f.key}>
              {f.label}
              <select
                value={filters[f.key] ?? ''}
                onChange={(e) => setFilters({ ...filters, [f.key]: e.currentTarget.value })}
              >
                <option value="">Any</option>
                {(f.type === 'boolean' ? ['true', 'false'] : (f.choices ?? [])).map((v) => (
                  <option key={v}>{v}</option>
                ))}
              </select>
            </label>
          ))}
      </form>
      {categories.map((c) => {
        const inCategory = shown.filter((p) => p.category === c.name)
        if (!inCategory.length) return null
        return (
          <section key={c.name} className="finder__group">
            <h2>{c.name}</h2>
            <p>{c.summary}</p>
            <ul>
              {inCategory.map((p) => (
                <li key={p.slug} className="finder__card">
                  <img
                    src={p.image.src}
                    srcSet={p.image.srcset}
                    sizes="(max-width: 800px) 100vw, 300px"
                    width={p.image.width}
                    height={p.image.height}
                    alt=""
                    loading="lazy"
                  />
                  <h3>
                    <a href={`/products/${p.slug}`}>{p.name}</a>
                  </h3>
                  <p>{p.summary}</p>
                  <label>
                    <input
                      type="checkbox"
                      checked={compare.includes(p.slug)}
                      onChange={(e) =>
                        setCompare(
                          e.currentTarget.checked
                            ? [...compare, p.slug].slice(-3)
                            : compare.filter((s) => s !== p.slug),
                        )
                      }
                    />
                    Compare
                  </label>
                </li>
              ))}
            </ul>
          </section>
        )
      })}
      {compare.length > 1 && (
        <a className="button finder__compare" href={`/compare?products=${compare.join(',')}`}>
          Compare {compare.length} products
        </a>
      )}
    </div>
  )
}
