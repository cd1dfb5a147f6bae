/** The favicon's width and height in px. */
export const FAVICON_SIZE: number
/** The PNG of the mark `svg`, FAVICON_SIZE px square. */
export function faviconPng(svg: Buffer): Promise<Buffer>
