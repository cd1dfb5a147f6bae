/**
 * The whole catalogue did not load (the visitor went offline): what happened and a way to try again,
 * announced, on the catalogue and the comparison alike.
 */
export function CatalogueFailed({ retry }: { retry: () => void }) {
  return (
    <p className="finder-note" role="alert">
      The full list did not load: check your connection and{' '}
      <button type="button" className="link-button" onClick={retry}>
        try again
      </button>
      .
    </p>
  )
}
