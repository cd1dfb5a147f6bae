/** The project root. */
export const ROOT: string
/** Every .ts, .tsx, .mjs and .js file under `dir` (the project root by default), absolute. */
export function sourceFiles(dir?: string): Generator<string>
/** The project files `file` imports by a relative specifier, statically or lazily, absolute. */
export function importsOf(file: string): string[]
