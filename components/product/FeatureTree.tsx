import { ArtPicture } from '../ArtPicture.tsx'
import type { Branch, Features } from './types.ts'

function Branches({ list, where }: { list: Branch[]; where: 'top' | 'bottom' }) {
  if (list.length === 0) return null
  return (
    <ul className={`ptree__row ptree__row--${where}`}>
      {list.map((b) => (
        <li key={b.text} className={`ptree__branch is-${b.side}`}>
          <h3>{b.text}</h3>
          <p>{b.desc}</p>
        </li>
      ))}
    </ul>
  )
}

/** The feature tree: the device in the middle, branches above and below it, each on its own side. */
export function FeatureTree({ features, name }: { features: Features; name: string }) {
  return (
    <div className="ptree">
      <Branches list={features.top} where="top" />
      <div className="ptree__device">
        <ArtPicture
          wide={features.image}
          narrow={features.imageMobile}
          narrowQuery="(max-width: 520px)"
          alt={name}
          wideSizes="(max-width: 1024px) 60vw, 420px"
          narrowSizes="80vw"
        />
      </div>
      <Branches list={features.bottom} where="bottom" />
    </div>
  )
}
