import { type RefObject, useId, useState } from 'react'
import { MAX_COMPARED } from '../../model/compare.ts'
import type { Data } from './+data.ts'

interface AddProductProps {
  categories: Data['categories']
  /** The products not compared yet. */
  addable: readonly Data['products'][number][]
  /** As many are compared as fit: nothing more can be added until one is removed. */
  full: boolean
  onAdd: (slug: string) => void
  /** The select, which takes the focus when a column is removed. */
  selectRef: RefObject<HTMLSelectElement | null>
}

/**
 * "Add a product": a select of the products not compared yet, by category, and its Add button. The
 * product chosen is added by the button only: a select that acted on every change would add each
 * product a keyboard user passes with the arrow keys (Firefox, Chrome on Windows).
 */
export function AddProduct({ categories, addable, full, onAdd, selectRef }: AddProductProps) {
  const id = useId()
  const [pick, setPick] = useState('')
  return (
    <>
      <label className="compare__add" htmlFor={id}>
        <span>Add a product</span>
        <select
          ref={selectRef}
          className="finder-select"
          id={id}
          value={pick}
          disabled={full}
          onChange={(e) => setPick(e.target.value)}
        >
          <option value="">{full ? `${MAX_COMPARED} chosen: remove one first` : 'Choose…'}</option>
          {categories.map((c) => (
            <optgroup key={c.id} label={c.name}>
              {addable
                .filter((p) => p.category === c.id)
                .map((p) => (
                  <option key={p.slug} value={p.slug}>
                    {p.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn--outline compare__add-button"
        disabled={!pick || full}
        onClick={() => {
          setPick('')
          onAdd(pick)
        }}
      >
        Add
      </button>
    </>
  )
}
