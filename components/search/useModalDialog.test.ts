// @vitest-environment happy-dom
import { createElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { acting, renderHook } from '../../tests/render-hook.ts'
import { useModalDialog } from './useModalDialog.ts'

function render(onClose = vi.fn()) {
  const view = renderHook(useModalDialog, onClose, (props) =>
    createElement('dialog', props, createElement('button', { type: 'button' }, 'inside')),
  )
  const dialog = view.container.querySelector('dialog') as HTMLDialogElement
  return { ...view, dialog, onClose }
}

describe('useModalDialog', () => {
  it('shows the dialog as it mounts and closes it as it unmounts', () => {
    const { dialog, unmount } = render()
    expect(dialog.open).toBe(true)
    unmount()
    expect(dialog.open).toBe(false)
  })

  it('Escape (the cancel event) asks the owner to close, and the browser does not close it by itself', async () => {
    const { dialog, onClose } = render()
    const cancel = new Event('cancel', { cancelable: true })
    await acting(() => dialog.dispatchEvent(cancel))
    expect(onClose).toHaveBeenCalledTimes(1)
    expect(cancel.defaultPrevented).toBe(true)
  })

  it('a click on the backdrop closes; a click inside the panel does not', async () => {
    const { dialog, onClose } = render()
    await acting(() => dialog.querySelector('button')?.click())
    expect(onClose).not.toHaveBeenCalled()
    await acting(() => dialog.click())
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('follows a close the browser made on its own, and ignores one that finds the dialog open again', async () => {
    const { dialog, onClose } = render()
    await acting(() => dialog.dispatchEvent(new Event('close')))
    expect(onClose).not.toHaveBeenCalled()
    await acting(() => {
      dialog.close()
      dialog.dispatchEvent(new Event('close'))
    })
    expect(onClose).toHaveBeenCalled()
  })
})
