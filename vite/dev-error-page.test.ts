import { describe, expect, it } from 'vitest'
import { type Problem, SiteError } from '../lib/errors.ts'
import { errorPage } from './dev-error-page.ts'

const problem = (over: Partial<Problem>): Problem => ({
  file: 'content/site.yaml',
  line: 3,
  col: 7,
  path: '/company',
  code: 'wrong-type',
  message: 'company must be text.',
  hint: 'write the company name as text.',
  ...over,
})

describe('the page site dev shows while the content has problems', () => {
  it('lists each problem with its place, field, message and fix, and counts problems and files', () => {
    const page = errorPage(
      new SiteError('content-invalid', 'The content has 3 problems.', 'fix them.', [
        problem({}),
        problem({ file: 'content/products/alpha.yaml', line: 12, col: 1, path: '', hint: '' }),
        problem({ line: 9, col: 2, path: '/offices/0/name', message: 'name is required.' }),
      ]),
    )
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">/)
    expect(page).toContain('<script type="module" src="/@vite/client"></script>')
    expect(page).toContain('<h1>The content has a problem, so this page cannot be shown</h1>')
    expect(page).toContain(`<ol>
<li>
  <p class="where"><code>content/site.yaml:3:7</code> <code class="field">/company</code></p>
  <p>company must be text.</p>
  <p class="fix">Fix: write the company name as text.</p>
</li>
<li>
  <p class="where"><code>content/products/alpha.yaml:12:1</code></p>
  <p>company must be text.</p>
  
</li>
<li>
  <p class="where"><code>content/site.yaml:9:2</code> <code class="field">/offices/0/name</code></p>
  <p>name is required.</p>
  <p class="fix">Fix: write the company name as text.</p>
</li>
</ol>
<p>3 problems in 2 files.</p>
<p>Save the file with the fix: this page reloads by itself.</p>`)
    // The error's own summary is for the terminal; the list says it here.
    expect(page).not.toContain('The content has 3 problems.')
  })

  it('says one problem in one file', () => {
    expect(errorPage(new SiteError('content-invalid', 'x', undefined, [problem({})]))).toContain(
      '<p>1 problem in 1 file.</p>',
    )
  })

  it('shows the message and the fix of an error without located problems', () => {
    const page = errorPage(
      new SiteError(
        'images-missing',
        'The images have not been made yet.',
        'run `site images` (or `site build`).',
      ),
    )
    expect(page).toContain(`<h1>The content has a problem, so this page cannot be shown</h1>
<p>The images have not been made yet.</p>
<p class="fix">Fix: run \`site images\` (or \`site build\`).</p>
<p>Save the file with the fix`)
    expect(page).not.toContain('<ol>')
    expect(page).not.toMatch(/problems? in/)
    const bare = errorPage(new SiteError('x', 'Something is wrong.'))
    expect(bare).toContain('<p>Something is wrong.</p>\n<p>Save the file with the fix')
  })

  it('escapes what the content wrote, so a message shows as text and cannot run', () => {
    const page = errorPage(
      new SiteError('content-invalid', 'x', undefined, [
        problem({
          file: 'content/pages/<a>.yaml',
          path: '/title/"x"',
          message: `"<script>alert('x')</script>" & more`,
          hint: 'use <b> & </b>',
        }),
      ]),
    )
    expect(page).toContain('<code>content/pages/&#60;a&#62;.yaml:3:7</code>')
    expect(page).toContain('<code class="field">/title/&#34;x&#34;</code>')
    expect(page).toContain('<p>&#34;&#60;script&#62;alert(&#39;x&#39;)&#60;/script&#62;&#34; &#38; more</p>')
    expect(page).toContain('<p class="fix">Fix: use &#60;b&#62; &#38; &#60;/b&#62;</p>')
    expect(page).not.toContain('<script>alert')
    const plain = errorPage(new SiteError('x', 'A <b> & "c"', 'do <i>'))
    expect(plain).toContain('<p>A &#60;b&#62; &#38; &#34;c&#34;</p>\n<p class="fix">Fix: do &#60;i&#62;</p>')
  })
})
