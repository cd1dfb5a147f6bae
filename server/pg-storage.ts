import type { OpenOptions, Storage } from './storage.ts'

export async function openPostgres(_url: string, _options: OpenOptions): Promise<Storage> {
  throw new Error('not yet')
}
