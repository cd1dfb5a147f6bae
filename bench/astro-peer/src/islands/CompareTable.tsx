import { useEffect, useState } from 'react'

interface Props {
  products: { slug: string; name: string; category: string; facts: Record<string, unknown> }[]
  labels: Record<string, string>
}

/** The comparison: the products named in `?products=`, their facts side by side. */
export default function CompareTable({ products, labels }: Props) {
  const [chosen, setChosen] = useState<string[]>([])
  const [onlyDifferences, setOnlyDifferences] = useState(false)
  useEffect(() => {
    setChosen(new URLSearchParams(location.search).get('products')?.split(',') ?? [])
  }, [])
  const shown = products.filter((p) => chosen.includes(p.slug))
  const keys = Object.keys(labels).filter((key) => {
    const values = shown.map((p) => JSON.stringify(p.facts[key] ?? null))
    return values.some((v) => v !== 'null') && (!onlyDifferences || new Set(values).size > 1)
  })
  if (!shown.length)
    return (
      <p>
        Pick two or three products in the <a href="/products">catalogue</a> to compare.
      </p>
    )
  return (
    <div>
      <label>
        <input
          type="checkbox"
          checked={onlyDifferences}
          onChange={(e) => setOnlyDifferences(e.currentTarget.checked)}
        />
        Only differences
      </label>
      <table>
        <thead>
          <tr>
            <th />
            {shown.map((p) => (
              <th key={p.slug} scope="col">
                {p.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key}>
              <th scope="row">{labels[key]}</th>
              {shown.map((p) => (
                <td key={p.slug}>{String(p.facts[key] ?? '–')}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
