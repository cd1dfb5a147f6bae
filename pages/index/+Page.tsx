import { useData } from 'vike-react/useData'
import { Picture } from '../../components/Picture.tsx'
import type { Data } from './+data.ts'

export default function Page() {
  const { hero, visionMission, domains, solutions } = useData<Data>()
  return (
    <>
      <section className="home-hero">
        <div>
          <h1>{hero.heading}</h1>
          <p>{hero.text}</p>
        </div>
        <Picture image={hero.image} alt="" sizes="(max-width: 1024px) 100vw, 50vw" priority />
      </section>
      <section id="visionMission" aria-labelledby="vision-heading">
        <h2 id="vision-heading">Vision and mission</h2>
        <p>{visionMission.vision}</p>
        <p>{visionMission.mission}</p>
      </section>
      <section id="domains" aria-labelledby="domains-heading">
        <h2 id="domains-heading">Domains</h2>
        <ul>
          {domains.map((d) => (
            <li key={d.title}>
              <h3>{d.link ? <a href={d.link}>{d.title}</a> : d.title}</h3>
              <p>{d.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section id="solutions" aria-labelledby="solutions-heading">
        <h2 id="solutions-heading">Solutions</h2>
        <ul>
          {solutions.map((s) => (
            <li key={s.title}>
              <h3>{s.link ? <a href={s.link}>{s.title}</a> : s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
