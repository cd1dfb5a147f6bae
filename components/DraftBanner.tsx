import './DraftBanner.css'

/** Marks a draft product in `site dev`: the page exists only in the preview, never in a build. */
export function DraftBanner() {
  return (
    <aside className="draft-banner" aria-label="Draft">
      <strong>Draft</strong> · shown only in <code>site dev</code>; <code>site build</code> leaves this
      product out until you remove <code>draft: true</code>.
    </aside>
  )
}
