/**
 * `fs-native-extensions` (Holepunch): the operating system's own file locks, for cli/checkout-lock.ts.
 * The package ships no types; these are the two calls the CLI makes. On Linux they are open file
 * description locks (`fcntl(F_OFD_SETLK)`), elsewhere `flock(2)` or `LockFileEx`: the kernel releases
 * them when the process ends, however it ends.
 */
declare module 'fs-native-extensions' {
  /** Takes an exclusive lock on the whole file at once; false when another holds it. */
  export function tryLock(
    fd: number,
    offset?: number,
    length?: number,
    options?: { shared?: boolean },
  ): boolean
  /** Lets go of the lock taken on `fd`. */
  export function unlock(fd: number, offset?: number, length?: number): void
}
