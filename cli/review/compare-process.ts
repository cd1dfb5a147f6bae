/**
 * The process the review's comparisons run in (cli/review/comparer.ts starts it): each message is two
 * shots, each answer what `compareShots` makes of them, or the message of what went wrong. Several are
 * compared at once, as they come. Before the review lets go of it, it says how much CPU time it used;
 * it ends when the review lets go of it or goes away.
 */
import { asBuffer, type Farewell, type Job, type Reply } from './comparer.ts'
import { compareShots } from './diff.ts'

const replyWith = (reply: Reply) => process.send?.(reply)

process.on('message', (job: Job | Farewell) => {
  if ('farewell' in job) {
    const { user, system } = process.cpuUsage()
    replyWith({ cpu: Math.round((user + system) / 1000) })
    return
  }
  compareShots(
    { png: asBuffer(job.baseline.png), hash: job.baseline.hash },
    { png: asBuffer(job.site.png), hash: job.site.hash },
  ).then(
    (difference) => replyWith({ id: job.id, difference }),
    (error: unknown) =>
      replyWith({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  )
})

process.on('disconnect', () => process.exit(0))
