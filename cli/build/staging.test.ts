import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeBuildInfo } from './build-info.ts'
import { createStaging, lastBuildNote, promoteStaging } from './staging.ts'

let dist = ''
beforeEach(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'site-staging-'))
})
afterEach(async () => {
  await rm(dist, { recursive: true, force: true })
})

/** A built site: dist/client with an index page, and its build.json. */
async function site(root: string, text: string, builtAt = '2026-01-02T03:04:05.000Z') {
  await mkdir(path.join(root, 'client'), { recursive: true })
  await writeFile(path.join(root, 'client', 'index.html'), text)
  await writeBuildInfo(root, { builtAt, release: false, config: {} as never })
}
const page = () => readFile(path.join(dist, 'client', 'index.html'), 'utf8')

/** A built site, marked as a release build or not. */
async function built(root: string, text: string, release: boolean) {
  await mkdir(path.join(root, 'client'), { recursive: true })
  await writeFile(path.join(root, 'client', 'index.html'), text)
  await writeBuildInfo(root, { builtAt: '2026-01-02T03:04:05.000Z', release, config: {} as never })
}
const baseline = () => readFile(path.join(dist, 'baseline', 'client', 'index.html'), 'utf8')

describe('a build killed while it puts the new site in place', () => {
  it('between moving the old site aside and moving the new one in: the next build puts the old one back', async () => {
    await site(dist, 'old')
    const staging = await createStaging(dist)
    await site(staging.root, 'new')
    // What promoteStaging leaves after its first rename, had the process died there.
    await mkdir(path.join(dist, '.previous'))
    await writeFile(path.join(dist, '.promoting'), '')
    await rename(path.join(dist, 'client'), path.join(dist, '.previous', 'client'))

    await createStaging(dist)
    expect(await page()).toBe('old')
    expect((await readdir(dist)).sort()).toEqual(['.staging', 'build.json', 'client'])
  })

  it('with the new site in place but not its build.json: the old site and its build.json come back together', async () => {
    await site(dist, 'old')
    const staging = await createStaging(dist)
    await site(staging.root, 'new', '2026-05-06T07:08:09.000Z')
    await mkdir(path.join(dist, '.previous'))
    await writeFile(path.join(dist, '.promoting'), '')
    await rename(path.join(dist, 'client'), path.join(dist, '.previous', 'client'))
    await rename(path.join(staging.root, 'client'), path.join(dist, 'client'))

    await createStaging(dist)
    expect(await page()).toBe('old')
    expect(JSON.parse(await readFile(path.join(dist, 'build.json'), 'utf8')).builtAt).toBe(
      '2026-01-02T03:04:05.000Z',
    )
  })

  it('after a promotion that finished: what was set aside is only tidied away, the new site stays', async () => {
    await site(dist, 'old')
    const staging = await createStaging(dist)
    await site(staging.root, 'new')
    await promoteStaging(staging, dist)
    // As if the tidying had been cut short.
    await mkdir(path.join(dist, '.previous', 'client'), { recursive: true })

    await createStaging(dist)
    expect(await page()).toBe('new')
    expect(await readdir(dist)).not.toContain('.previous')
  })
})

describe('what a stopped build says dist/client holds', () => {
  it('the time its build.json records', async () => {
    await site(dist, 'old', new Date(2026, 0, 2, 3, 4, 5).toISOString())
    expect(await lastBuildNote(dist)).toBe(
      'dist/client is unchanged: it still holds the build of 2026-01-02 03:04:05.',
    )
  })

  it('that there is none', async () => {
    expect(await lastBuildNote(dist)).toBe('dist/client was not there before this build and is still not.')
  })
})

describe('the baseline a promotion keeps for site review', () => {
  it('is the release build the new site replaced, with its build.json', async () => {
    await built(dist, 'release 1', true)
    const staging = await createStaging(dist)
    await built(staging.root, 'release 2', true)
    await promoteStaging(staging, dist)
    expect(await page()).toBe('release 2')
    expect(await baseline()).toBe('release 1')
    expect(JSON.parse(await readFile(path.join(dist, 'baseline', 'build.json'), 'utf8')).release).toBe(true)
  })

  it('stays the last release while plain builds replace one another', async () => {
    await built(dist, 'release 1', true)
    for (const text of ['plain 1', 'plain 2', 'release 2']) {
      const staging = await createStaging(dist)
      await built(staging.root, text, text.startsWith('release'))
      await promoteStaging(staging, dist)
    }
    expect(await page()).toBe('release 2')
    expect(await baseline()).toBe('release 1')
    expect((await readdir(dist)).sort()).toEqual(['baseline', 'build.json', 'client'])
  })
})

describe('the site a build replaced, thrown away without the build waiting', () => {
  /** Resolves once `dir` is empty or gone (the deleting process ran), or fails after a while. */
  async function emptied(dir: string) {
    for (let i = 0; i < 200; i++) {
      if (!(await readdir(dir).catch(() => [])).length) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`${dir} still holds ${(await readdir(dir)).join(', ')}`)
  }

  it('leaves dist/ with the new site alone, and the old one is deleted from the trash folder', async () => {
    const trash = path.join(dist, '..', `${path.basename(dist)}-trash`)
    try {
      await site(dist, 'old')
      const staging = await createStaging(dist, trash)
      await site(staging.root, 'new')
      await promoteStaging(staging, dist, trash)
      expect(await page()).toBe('new')
      expect((await readdir(dist)).sort()).toEqual(['build.json', 'client'])
      await emptied(trash)
    } finally {
      await rm(trash, { recursive: true, force: true })
    }
  })

  it('a deletion cut short is finished by the next build', async () => {
    const trash = path.join(dist, '..', `${path.basename(dist)}-trash`)
    try {
      const left = path.join(trash, '1-2-3', 'client')
      await mkdir(left, { recursive: true })
      await writeFile(path.join(left, 'index.html'), 'old')
      await createStaging(dist, trash)
      await emptied(trash)
    } finally {
      await rm(trash, { recursive: true, force: true })
    }
  })

  it('a replaced release becomes the baseline, and the baseline before it goes to the trash', async () => {
    const trash = path.join(dist, '..', `${path.basename(dist)}-trash`)
    try {
      await built(dist, 'release 1', true)
      for (const text of ['release 2', 'release 3']) {
        const staging = await createStaging(dist, trash)
        await built(staging.root, text, true)
        await promoteStaging(staging, dist, trash)
      }
      expect(await page()).toBe('release 3')
      expect(await baseline()).toBe('release 2')
      expect((await readdir(dist)).sort()).toEqual(['baseline', 'build.json', 'client'])
      await emptied(trash)
    } finally {
      await rm(trash, { recursive: true, force: true })
    }
  })
})
